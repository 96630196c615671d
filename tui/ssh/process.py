"""The game's process on its own pseudo-terminal, for one SSH session.

The child (:mod:`tui.ssh_child`) runs the ordinary TUI with the stock Textual
driver; the server only copies bytes between the SSH channel and the pty
master, never blocking on either side, and passes the client's window size
through, clamped to :data:`MIN_SIZE`..:data:`MAX_SIZE` (``TIOCSWINSZ``: the
kernel signals ``SIGWINCH`` to the child, whose controlling terminal the pty is).
The client's keys are never dropped: while the child is slow to take them, the
channel stops reading (SSH flow control holds the client back), and bytes that
are not UTF-8 become U+FFFD before they reach Textual.  When the client goes or
idles too long the child is hung up as a closing terminal would, then killed if
it lingers.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import logging
import os
import signal
import struct
import sys
import termios
import time
from pathlib import Path

from .users import child_env

log = logging.getLogger("stackfish.ssh")

# The child: ``tui.ssh_child`` takes the pty as its controlling terminal, fences
# itself in to the player's directory, then runs the stackfish CLI.  ``-P``: the
# working directory (the player's) is not put on sys.path.
CHILD_ARGV = (sys.executable, "-P", "-m", "tui.ssh_child")

MIN_SIZE, MAX_SIZE = (20, 10), (500, 200)
"""Terminal sizes (columns, rows) the game gets: a larger one costs memory, a tiny one is useless."""
INPUT_HIGH, INPUT_LOW = 1 << 16, 1 << 12
"""Keys waiting for the child: above HIGH the channel stops reading, below LOW it reads again."""


def clamp_size(width: int, height: int, pixwidth: int, pixheight: int) -> tuple[int, int, int, int]:
    """A client's terminal size, within MIN_SIZE..MAX_SIZE (pixels within 0..65535)."""
    return (min(max(width, MIN_SIZE[0]), MAX_SIZE[0]), min(max(height, MIN_SIZE[1]), MAX_SIZE[1]),
            min(max(pixwidth, 0), 0xFFFF), min(max(pixheight, 0), 0xFFFF))


class GameProcess:
    """The child process side of :class:`tui.ssh.session.GameSession`."""

    def __init__(self) -> None:
        super().__init__()
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._held = False
        self._utf8 = codecs.getincrementaldecoder("utf-8")("replace")
        self._size = (80, 24, 0, 0)

    # --- the client's keys to the child
    def to_child(self, data: bytes) -> None:
        """Queue the client's bytes for the child, valid UTF-8 (U+FFFD for the rest:
        Textual's decoder would end the game on one stray byte)."""
        self._pending += self._utf8.decode(data).encode()
        self._flush_input()

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending and self.master is not None:
            try:
                n = os.write(self.master, self._pending)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush_input)
                break
            except OSError:  # the child's side is closed: nobody will read them
                self._pending.clear()
                break
            del self._pending[:n]
        else:
            if self.master is not None:
                loop.remove_writer(self.master)
        self._hold(len(self._pending) > (INPUT_LOW if self._held else INPUT_HIGH))

    def _hold(self, hold: bool) -> None:
        """Stop (or restart) reading the channel: the client's SSH window fills and it waits."""
        if hold != self._held and not self.closed:
            self._held = hold
            with contextlib.suppress(Exception):
                (self.chan.pause_reading if hold else self.chan.resume_reading)()

    def set_size(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The client's terminal size (0x0: it does not know; kept as it was), clamped."""
        if width and height:
            self._size = clamp_size(width, height, pixwidth, pixheight)
            self._set_winsize()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.set_size(width, height, pixwidth, pixheight)

    def _set_winsize(self) -> None:
        if self.master is None:
            return
        w, h, pw, ph = self._size
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", h, w, pw, ph))

    # --- the child's screen to the client (paused while the channel is full)
    def pause_writing(self) -> None:
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self._paused = False
        self._start_reading()

    def _start_reading(self) -> None:
        if self.master is not None and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self.master)
        self._reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 1 << 16)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child's side is closed
            data = b""
        if not data:
            self._stop_reading()
            return
        if not self.closed:
            self.chan.write(data)

    def _drain(self) -> None:
        """Copy what the child wrote before it exited."""
        if self.master is None or self._paused:
            return
        for _ in range(64):
            try:
                data = os.read(self.master, 1 << 16)
            except OSError:
                return
            if not data:
                return
            if not self.closed:
                self.chan.write(data)

    # --- the child's life
    async def _play(self, udir: Path, args: list[str]) -> int:
        """Run ``stackfish ARGS`` for the player of ``udir`` until it exits: its status."""
        master, slave = os.openpty()
        try:
            self.master = master
            self._set_winsize()
            self.proc = await asyncio.create_subprocess_exec(
                *(self.server.config.child_argv or CHILD_ARGV), *self.server.config.cli_options,
                *args, stdin=slave, stdout=slave, stderr=slave,
                env=child_env(udir, self.username, self.chan.get_terminal_type()),
                cwd=str(udir), start_new_session=True)
        except BaseException:
            self.master = None
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        if self.closed or self.server.closing:  # the client or the server went meanwhile
            self.hang_up()
        log.info("%s: game started addr=%s pid=%d: %s", self.username, self.peer, self.proc.pid,
                 " ".join(args))
        self._start_reading()
        if self._pending:
            self._flush_input()
        watchdog = asyncio.get_running_loop().create_task(self._idle_watch())
        try:
            status = await self.proc.wait()
        finally:
            watchdog.cancel()
            self._drain()
            loop = asyncio.get_running_loop()
            loop.remove_writer(master)
            self._stop_reading()
            self.master = None
            os.close(master)
        how = (f"exit status {status}" if status >= 0
               else f"killed by signal {-status} ({signal.strsignal(-status)})")
        log.info("%s: game ended addr=%s pid=%d %s: %s", self.username, self.peer, self.proc.pid,
                 how, self.reason or ("the game quit" if status == 0 else "the game failed"))
        return status

    async def _idle_watch(self) -> None:
        timeout = self.server.config.idle_timeout
        if not timeout or timeout <= 0:
            return
        while True:
            left = self.last_input + timeout - time.monotonic()
            if left <= 0:
                self.reason = f"idle for {timeout:g} seconds, session closed"
                log.info("%s: idle, closing", self.username)
                self.hang_up()
                return
            await asyncio.sleep(min(left + 0.01, 5.0))

    def hang_up(self) -> None:
        """SIGHUP the child's process group (what a closing terminal does), then
        SIGKILL it if it has not gone after the grace period."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGHUP)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGCONT)  # a stopped child must see the SIGHUP

        def kill() -> None:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)

        asyncio.get_running_loop().call_later(self.server.config.hangup_grace, kill)
