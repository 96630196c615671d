"""``stackfish serve --ssh``: goldfish games for players who connect with any ssh client.

Each SSH session runs the ordinary TUI (``stackfish play DECK --seed N``, or
``stackfish resume ID`` when a reconnecting player accepts the offer to resume
their newest unfinished journalled game) in its own child process
(:mod:`tui.ssh_child`: controlling tty, filesystem fence, memory limit) on its
own pseudo-terminal, with the stock Textual driver: the
server only copies bytes between the SSH channel and the pty master, passes the
client's ``TERM`` and window size through (``TIOCSWINSZ``; the kernel signals
``SIGWINCH`` to the child, whose controlling terminal the pty is) and hangs the
child up when the client goes.  A session that crashes or hangs is one process
among others: the server and the other sessions never notice.

Security model: public keys only (from an authorized-keys file, re-read when it
changes), no passwords or keyboard-interactive; ``--allow-anonymous`` for a LAN
demo.  Only PTY sessions running the game are accepted: other exec commands,
subsystems (sftp), port/agent/X11 forwarding are refused.  Every SSH user name
(validated against :data:`USER_RE`) gets its own data directory
(``<data dir>/ssh-users/<name>``) passed to the child as ``STACKFISH_DATA_DIR``,
so games, journals and saved decks never mix; a deck is chosen by *name* among
the bundled decks and the user's own (``<user dir>/decks/NAME.txt``), never by
path.  The child's environment comes from the server, not from the client
(apart from a validated ``TERM``).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import ipaddress
import logging
import os
import random
import re
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import asyncssh

from mechanics.paths import data_dir

log = logging.getLogger("stackfish.ssh")

USER_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}\Z")
"""SSH user names that get a directory: no '/', no leading '.', at most 32 characters."""
DECK_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
"""Deck names a player may ask for: letters, digits, '-' and '_' (no dots, no paths)."""
TERM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}\Z")
DEFAULT_TERM = "xterm-256color"
HOST_KEY_NAME = "ssh_host_ed25519_key"
USERS_DIR = "ssh-users"

# Leave the alternate screen, show the cursor, reset colours, stop mouse and
# bracketed-paste reporting, pop the kitty keyboard mode: what a TUI that was
# killed never got to undo.
TERMINAL_RESET = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
                  b"\x1b[?2004l\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l\r\n")

# The child: ``tui.ssh_child`` takes the pty as its controlling terminal, fences
# itself in to the player's directory, then runs the stackfish CLI.  ``-P``: the
# working directory (the player's) is not put on sys.path.
CHILD_ARGV = (sys.executable, "-P", "-m", "tui.ssh_child")


class ServeError(Exception):
    """A configuration problem that stops the server from starting (one clear line)."""


# ---------------------------------------------------------------- data and names

def server_data_dir() -> Path:
    """The server's data directory: ``$STACKFISH_DATA_DIR`` or the platform's
    (platformdirs), as for every stackfish file (:func:`mechanics.paths.data_dir`)."""
    return data_dir()


def valid_user(name: str) -> bool:
    return bool(USER_RE.match(name))


def user_dir(data_dir: Path, name: str) -> Path:
    """The private directory of SSH user ``name`` (created 0700)."""
    if not valid_user(name):
        raise ValueError(f"invalid user name {name!r}")
    root = data_dir / USERS_DIR
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = root / name
    path.mkdir(exist_ok=True, mode=0o700)
    return path


def bundled_decks() -> dict[str, str]:
    """Bundled deck name -> path (``simic-evolve`` for ``simic-evolve.txt``)."""
    folder = resources.files("mechanics").joinpath("data/decks")
    return {Path(e.name).stem: str(e) for e in folder.iterdir()
            if e.name.endswith(".txt") and DECK_RE.match(Path(e.name).stem)}


def user_decks(udir: Path) -> dict[str, str]:
    """The user's saved decks: regular files ``<user dir>/decks/NAME.txt`` (no symlinks)."""
    folder = udir / "decks"
    found: dict[str, str] = {}
    if folder.is_dir() and not folder.is_symlink():
        for p in folder.iterdir():
            if p.suffix == ".txt" and DECK_RE.match(p.stem) and p.is_file() and not p.is_symlink():
                found[p.stem] = str(p)
    return found


def find_deck(name: str, udir: Path) -> str | None:
    """The path of deck ``name``: the user's own first, then a bundled one; None if unknown."""
    if not DECK_RE.match(name):
        return None
    return user_decks(udir).get(name) or bundled_decks().get(name)


def parse_command(command: str | None) -> tuple[str, str | None] | None:
    """What a session asked to run: ``("play", DECK or None)``; None for anything
    that is not the game (those exec requests are refused)."""
    words = (command or "").split()
    if not words:
        return ("play", None)
    if words[0] in ("play", "stackfish") and len(words) <= 2:
        if words[0] == "stackfish" and len(words) == 2 and words[1] != "play":
            return None
        return ("play", words[1] if len(words) == 2 and words[0] == "play" else None)
    if words[:2] == ["stackfish", "play"] and len(words) == 3:
        return ("play", words[2])
    return None


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's ed25519 host key at ``path``, generated (mode 0600) on first start."""
    if path.exists():
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            os.chmod(path, 0o600)  # never leave a private key readable by others
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="stackfish host key")
    data = key.export_private_key()
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    try:
        os.link(tmp, path)  # atomic, and never overwrites a key another server just wrote
    except FileExistsError:
        os.unlink(tmp)
        return asyncssh.read_private_key(str(path))
    os.unlink(tmp)
    with contextlib.suppress(OSError):
        Path(str(path) + ".pub").write_bytes(key.export_public_key())
    return key


def unfinished_games(udir: Path) -> list[Any]:
    """The player's unfinished journalled games, newest first (``mechanics.journal``)."""
    try:
        from mechanics.journal import unfinished
    except ImportError:
        return []
    try:
        return list(unfinished(udir / "games"))
    except Exception as exc:  # a broken journal must not stop the player from playing
        log.warning("%s: cannot list games: %s", udir, exc)
        return []


def cli_has(command: str) -> bool:
    """Whether ``stackfish COMMAND`` exists (the child runs the same CLI)."""
    import argparse

    from tui.cli import parser

    for action in parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return command in action.choices
    return False


# ---------------------------------------------------------------- configuration

@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: str | None = None
    """Default: ``~/.ssh/authorized_keys`` of the user running the server."""
    host_key: str | None = None
    """Default: ``<data dir>/ssh_host_ed25519_key``, generated on first start."""
    max_sessions: int = 20
    idle_timeout: float = 1800.0
    allow_anonymous: bool = False
    data_dir: str | None = None
    """Default: :func:`server_data_dir`."""
    hangup_grace: float = 3.0
    """Seconds a hung-up child gets to exit before SIGKILL."""
    child_argv: tuple[str, ...] | None = None
    """The program run for a session (tests); default :data:`CHILD_ARGV`."""
    cli_options: tuple[str, ...] = ()
    """Global ``stackfish`` options for every game (``--disable-plugin NAME``)."""


class AuthorizedKeys:
    """An authorized-keys file, re-read when its mtime or size changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._keys: Any = None
        self.count = 0

    def get(self) -> Any:
        try:
            st = self.path.stat()
        except OSError:
            self._stamp, self._keys, self.count = None, None, 0
            return None
        stamp = (st.st_mtime_ns, st.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                text = self.path.read_text(encoding="utf-8", errors="replace")
                lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
                self._keys = asyncssh.import_authorized_keys("\n".join(lines) + "\n") if lines else None
                self.count = len(lines)
            except (OSError, ValueError, asyncssh.KeyImportError) as exc:
                log.warning("cannot read %s: %s", self.path, exc)
                self._keys, self.count = None, 0
        return self._keys


# ---------------------------------------------------------------- the server

class _Connection(asyncssh.SSHServer):
    """One SSH connection: authentication and which channels it may open."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: Any = None
        self.username = ""

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        self.server.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        # Called again when a client changes user name mid-authentication: forget
        # the keys trusted for the previous name first.
        self.username = username
        self.conn.set_authorized_keys(asyncssh.import_authorized_keys(""))
        if not valid_user(username):
            with contextlib.suppress(OSError):
                self.conn.send_auth_banner(
                    f"stackfish: {username[:40]!r} is not a valid user name "
                    "(letters, digits, '.', '_', '-'; at most 32)\r\n")
            return True  # no keys are set: every method fails
        if self.server.config.allow_anonymous:
            return False
        keys = self.server.authorized_keys.get()
        if keys is not None:
            self.conn.set_authorized_keys(keys)
        return True

    # Keys only: asyncssh checks the keys set in begin_auth; nothing else is valid.
    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        return False

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> Any:
        return GameSession(self.server, self.username)

    # Forwarding of any kind is refused (these are asyncssh's defaults; stated here).
    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession):
    """One SSH session channel: a PTY running ``stackfish play``."""

    def __init__(self, server: GameServer, username: str) -> None:
        self.server = server
        self.username = username
        self.chan: Any = None
        self.deck_name: str | None = None
        self.pty = False
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task | None = None
        self.closed = False
        self.reason = ""
        self.last_input = time.monotonic()
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._size = (80, 24, 0, 0)
        self._answer: asyncio.Future | None = None

    # --- channel requests
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.pty = True
        if term_size and term_size[0] and term_size[1]:
            self._size = term_size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        parsed = parse_command(command)
        if parsed is None:
            log.info("%s: refused exec %r", self.username, command[:80])
            return False
        self.deck_name = parsed[1]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s: refused subsystem %r", self.username, subsystem[:40])
        return False

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    # --- data
    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self._answer is not None and not self._answer.done() and data:
            self._answer.set_result(data[:1])
            return
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

    def eof_received(self) -> bool:
        return True  # keep the channel open; the game ends when the child exits

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def pause_writing(self) -> None:
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self._paused = False
        self._start_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        """The client went (closed, killed, network): hang up the child."""
        self.closed = True
        if not self.reason:
            self.reason = "client disconnected"
        if self._answer is not None and not self._answer.done():
            self._answer.cancel()
        self.hang_up()

    # --- the child
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

    def _say(self, text: str, reset: bool = False) -> None:
        if self.closed:
            return
        with contextlib.suppress(Exception):
            self.chan.write_stderr((TERMINAL_RESET if reset else b"")
                                   + text.replace("\n", "\r\n").encode())

    def _end(self, status: int) -> None:
        if not self.closed:
            with contextlib.suppress(Exception):
                self.chan.exit(status)
        self.closed = True

    async def _run(self) -> None:
        srv = self.server
        try:
            if not self.pty:
                self._say("stackfish: the game needs a terminal: connect with `ssh -t`.\n")
                return self._end(1)
            if srv.closing:
                self._say("stackfish: the server is shutting down.\n")
                return self._end(1)
            if len(srv.sessions) >= srv.config.max_sessions:
                self._say(f"stackfish: the server is full ({srv.config.max_sessions} games "
                          "in progress); please try again later.\n")
                log.info("%s: rejected, server full", self.username)
                return self._end(1)
            srv.sessions.add(self)  # counted from here: the resume question included
            try:
                udir = user_dir(srv.data_dir, self.username)
                deck = None
                if self.deck_name is not None:
                    deck = find_deck(self.deck_name, udir)
                    if deck is None:
                        names = sorted(set(bundled_decks()) | set(user_decks(udir)))
                        self._say(f"stackfish: no deck named {self.deck_name[:64]!r}; "
                                  f"choose one of: {', '.join(names)}\n")
                        return self._end(2)
                args = await self._offer_resume(udir)
                if self.closed:
                    return None
                status = await self._play(udir, args or self.play_args(deck))
            finally:
                srv.sessions.discard(self)
            if self.reason and self.reason != "client disconnected":
                self._say(f"stackfish: {self.reason}; your game is saved.\n", reset=True)
            elif status != 0:
                self._say(f"stackfish: the game ended unexpectedly (status {status}).\n",
                          reset=True)
            self._end(status if status >= 0 else 128 - status)
        except Exception as exc:  # one session's failure never reaches the server
            log.exception("%s: session failed", self.username)
            self._say(f"stackfish: internal error: {exc}\n", reset=True)
            self._end(1)

    def play_args(self, deck: str | None) -> list[str]:
        deck = deck or bundled_decks()["simic-evolve"]
        return ["play", deck, "--seed", str(random.randrange(1, 10_000))]

    async def _offer_resume(self, udir: Path) -> list[str] | None:
        """The player's newest unfinished game, if any: ask whether to resume it
        (Enter or y: ``stackfish resume ID``; n: a new game)."""
        mine = [s for s in self.server.sessions if s is not self and s.username == self.username]
        leaving = [s.task for s in mine if s.closed and s.task is not None]
        if leaving:  # a dropped connection of this player: let its game finish saving
            await asyncio.wait(leaving, timeout=self.server.config.hangup_grace + 1)
        if any(not s.closed for s in mine):
            return None  # the same player is playing elsewhere: that game is live, start anew
        games = unfinished_games(udir)
        if not games or not cli_has("resume"):
            return None
        g = games[0]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.modified))
        last = f", last: {g.last[:60]}" if g.last else ""
        self.chan.write(f"\r\nWelcome back, {self.username}. You have an unfinished game "
                        f"from {when} ({g.actions} actions{last}).\r\n"
                        "Resume it? [Y/n] ".encode())
        self._answer = asyncio.get_running_loop().create_future()
        timeout = self.server.config.idle_timeout or None
        try:
            key = await asyncio.wait_for(self._answer, timeout)
        except TimeoutError:
            self._say(f"\nstackfish: idle for {timeout:g} seconds, session closed.\n")
            self._end(0)
            return None
        except asyncio.CancelledError:
            if self.closed:
                return None
            raise
        finally:
            self._answer = None
        if key in (b"\x03", b"\x04", b"q"):
            self.chan.write(b"\r\n")
            self._end(0)
            return None
        resume = key not in (b"n", b"N")
        self.chan.write(b"resuming\r\n" if resume else b"new game\r\n")
        return ["resume", g.id] if resume else None

    def child_env(self, udir: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SSH_", "COLUMNS", "LINES", "TEXTUAL_DRIVER", "TEXTUAL_DEV",
                                    "TEXTUAL_LOG", "TEXTUAL_DEBUG"))}
        term = self.chan.get_terminal_type() or DEFAULT_TERM
        env["TERM"] = term if TERM_RE.match(term) else DEFAULT_TERM
        env["STACKFISH_DATA_DIR"] = str(udir)
        # the game runs the same stackfish as this server, wherever that was imported from
        here = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join(
            [here] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != here])
        env["STACKFISH_SSH_USER"] = self.username
        env.setdefault("LANG", "C.UTF-8")
        return env

    async def _play(self, udir: Path, args: list[str]) -> int:
        master, slave = os.openpty()
        self.master = master
        self._set_winsize()
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *(self.server.config.child_argv or CHILD_ARGV), *self.server.config.cli_options,
                *args, stdin=slave, stdout=slave, stderr=slave,
                env=self.child_env(udir), cwd=str(udir), start_new_session=True)
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


class GameServer:
    """The SSH server: ``await start()``, then ``await stop()`` (or :func:`serve`)."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.data_dir = Path(config.data_dir) if config.data_dir else server_data_dir()
        self.host_key_path = Path(config.host_key) if config.host_key else self.data_dir / HOST_KEY_NAME
        keys = config.authorized_keys or os.path.expanduser("~/.ssh/authorized_keys")
        self.authorized_keys = AuthorizedKeys(Path(keys))
        self.sessions: set[GameSession] = set()
        self.connections: set[Any] = set()
        self.closing = False
        self.acceptor: Any = None
        self.warnings: list[str] = []

    def check(self) -> None:
        """Refuse configurations that would be unsafe or useless (raises ServeError)."""
        c = self.config
        if c.max_sessions < 1:
            raise ServeError("--max-sessions must be at least 1")
        if c.allow_anonymous:
            self.warnings.append(
                "WARNING: --allow-anonymous: anyone who can reach "
                f"{c.host}:{c.port} can play under any user name, and load that name's games")
            return
        self.authorized_keys.get()
        if self.authorized_keys.count == 0:
            where = self.authorized_keys.path
            if not is_loopback(c.host):
                raise ServeError(f"no authorized keys in {where}: refusing to listen on {c.host} "
                                 "(add a public key, pass --authorized-keys FILE, or --allow-anonymous)")
            self.warnings.append(f"warning: no authorized keys in {where}: nobody can log in yet")

    @property
    def port(self) -> int:
        return self.acceptor.get_port() if self.acceptor else self.config.port

    async def start(self) -> None:
        self.check()
        try:
            host_key = load_or_create_host_key(self.host_key_path)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"{self.host_key_path}: cannot use host key: {exc}") from None
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            self.acceptor = await asyncssh.listen(
                self.config.host, self.config.port, server_factory=lambda: _Connection(self),
                server_host_keys=[host_key], encoding=None, allow_pty=True, line_editor=False,
                agent_forwarding=False, x11_forwarding=False, sftp_factory=None, allow_scp=False,
                password_auth=False, kbdint_auth=False, host_based_auth=False,
                login_timeout=30, keepalive_interval=30, keepalive_count_max=4)
        except OSError as exc:
            raise ServeError(f"cannot listen on {self.config.host}:{self.config.port}: "
                             f"{exc.strerror or exc}") from None

    async def stop(self) -> None:
        """Stop listening, hang up every game (each journal is saved per action) and
        wait for the children, then close the connections."""
        self.closing = True
        if self.acceptor is not None:
            self.acceptor.close()
        sessions = list(self.sessions)
        for s in sessions:
            s.reason = "the server is shutting down"
            if s._answer is not None and not s._answer.done():
                s._say("\nstackfish: the server is shutting down.\n")
                s._end(1)
                s._answer.cancel()
            s.hang_up()
        tasks = [s.task for s in sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=self.config.hangup_grace + 2)
        for conn in list(self.connections):
            conn.close()
        if self.acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.acceptor.wait_closed(), 2)


async def serve(config: ServeConfig, out: Any = sys.stderr) -> int:
    """Run until SIGTERM or SIGINT; every game is saved and the children ended."""
    server = GameServer(config)
    try:
        await server.start()
    except ServeError as exc:
        print(f"stackfish serve: {exc}", file=out)
        return 2
    for w in server.warnings:
        print(w, file=out)
    print(f"stackfish: serving goldfish games over SSH on {config.host}:{server.port} "
          f"(host key {server.host_key_path}; players' data in {server.data_dir / USERS_DIR})",
          file=out, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    print("stackfish: stopping: saving every game", file=out, flush=True)
    await server.stop()
    return 0


def main_serve(args: Any) -> int:
    """``stackfish serve --ssh``: the CLI entry point."""
    if not getattr(args, "ssh", False):
        print("stackfish serve: choose a protocol: --ssh", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # one line per game, not per packet
    config = ServeConfig(host=args.host, port=args.port, authorized_keys=args.authorized_keys,
                         host_key=args.host_key, max_sessions=args.max_sessions,
                         idle_timeout=args.idle_timeout, allow_anonymous=args.allow_anonymous,
                         cli_options=tuple(o for name in getattr(args, "disable_plugin", None) or ()
                                           for o in ("--disable-plugin", name)))
    try:
        return asyncio.run(serve(config))
    except KeyboardInterrupt:
        return 130

