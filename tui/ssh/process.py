"""The game's process on its own pseudo-terminal, for one SSH session.

The child (:mod:`tui.ssh_child`) runs the ordinary TUI with the stock Textual
driver; the server only copies bytes between the SSH channel and the pty
master, never blocking on either side, and passes the client's window size
through (``TIOCSWINSZ``: the kernel signals ``SIGWINCH`` to the child, whose
controlling terminal the pty is).  When the client goes or idles too long the
child is hung up as a closing terminal would, then killed if it lingers.
"""

from __future__ import annotations

import asyncio
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


class GameProcess:
    """The child process side of :class:`tui.ssh.session.GameSession`."""

    def __init__(self) -> None:
        super().__init__()
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._size = (80, 24, 0, 0)

    # --- the client's keys to the child
    def to_child(self, data: bytes) -> None:
        if self.master is None:
            return
        self._pending += data
        if len(self._pending) > 1 << 16:  # a hung child: drop what it cannot take
            del self._pending[:-(1 << 16)]
        self._flush_input()

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending and self.master is not None:
            try:
                n = os.write(self.master, self._pending)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush_input)
                return
            except OSError:
                self._pending.clear()
                break
            del self._pending[:n]
        if self.master is not None:
            loop.remove_writer(self.master)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self._size = (width, height, pixwidth, pixheight)
            self._set_winsize()

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
        self.master = master
        self._set_winsize()
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *(self.server.config.child_argv or CHILD_ARGV), *self.server.config.cli_options,
                *args, stdin=slave, stdout=slave, stderr=slave,
                env=child_env(udir, self.username, self.chan.get_terminal_type()),
                cwd=str(udir), start_new_session=True)
        except OSError:
            os.close(master)
            self.master = None
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        if self.closed:  # the client left while the child was starting
            self.hang_up()
        log.info("%s: game started (pid %d)", self.username, self.proc.pid)
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
        log.info("%s: game ended (pid %d, status %s%s)", self.username, self.proc.pid, status,
                 f", {self.reason}" if self.reason else "")
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
