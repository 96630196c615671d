"""``stackfish serve --ssh``: the server, its configuration and the CLI entry point.

:class:`GameServer` listens (with the host key and the rules of
:mod:`tui.ssh.auth`), counts the sessions (:mod:`tui.ssh.session`) and, on
SIGTERM or SIGINT, hangs every game up (each is saved as it is played) before
it exits.  It also keeps the per-address counts of connections (open, and
not yet authenticated) that turn a flood away.  A configuration that would be
unsafe (root, a data directory others can read, no keys on a public address)
or useless (a limit below 1) is refused with one clear line (:class:`ServeError`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import signal
import stat
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from mechanics.store.paths import data_dir

from .auth import AuthorizedKeys, Connection, load_or_create_host_key
from .session import GameSession
from .users import USERS_DIR

HOST_KEY_NAME = "ssh_host_ed25519_key"


class ServeError(Exception):
    """A configuration problem that stops the server from starting (one clear line)."""


def server_data_dir() -> Path:
    """The server's data directory: ``$STACKFISH_DATA_DIR`` or the platform's
    (platformdirs), as for every stackfish file (:func:`mechanics.store.paths.data_dir`)."""
    return data_dir()


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
    """Seconds; 0: never."""
    open: bool = False
    """Any key may log in, under a name made from its fingerprint (listed keys keep theirs)."""
    max_per_address: int = 10
    """Connections at once from one address."""
    max_startups: int = 4
    """Connections not yet authenticated at once from one address."""
    max_users: int = 1000
    """Player directories; a new player beyond them is turned away."""
    allow_root: bool = False
    data_dir: str | None = None
    """Default: :func:`server_data_dir`."""
    hangup_grace: float = 3.0
    """Seconds a hung-up child gets to exit before SIGKILL."""
    child_argv: tuple[str, ...] | None = None
    """The program run for a session (tests); default :data:`tui.ssh.process.CHILD_ARGV`."""
    cli_options: tuple[str, ...] = ()
    """Global ``stackfish`` options for every game (``--disable-plugin NAME``)."""


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
        self.per_address: Counter[str] = Counter()
        self.startups: Counter[str] = Counter()

    def check(self) -> None:
        """Refuse configurations that would be unsafe or useless (raises ServeError)."""
        c = self.config
        for option in ("max_sessions", "max_per_address", "max_startups", "max_users"):
            if getattr(c, option) < 1:
                raise ServeError(f"--{option.replace('_', '-')} must be at least 1 "
                                 f"(not {getattr(c, option)})")
        if not c.idle_timeout >= 0:
            raise ServeError(f"--idle-timeout must be 0 (never) or a number of seconds "
                             f"(not {c.idle_timeout:g})")
        if os.geteuid() == 0 and not c.allow_root:
            raise ServeError("refusing to run as root: every game would run as root too; "
                             "run it as an unprivileged user (or pass --allow-root)")
        if c.open:
            self.warnings.append(
                f"WARNING: --open: anyone with an SSH key who can reach {c.host}:{c.port} can "
                f"play (a name made from the key; at most {c.max_users} players)")
            return
        if self.authorized_keys.count == 0:
            where = self.authorized_keys.path
            if not is_loopback(c.host):
                raise ServeError(f"no authorized keys in {where}: refusing to listen on {c.host} "
                                 "(add a public key, pass --authorized-keys FILE, or --allow-anonymous)")
            self.warnings.append(f"warning: no authorized keys in {where}: nobody can log in yet")

    def admit(self, addr: str) -> str:
        """Count a new connection from ``addr``: "" if it may go on, else why not."""
        self.per_address[addr] += 1
        self.startups[addr] += 1
        if self.per_address[addr] > self.config.max_per_address:
            reason = f"{self.per_address[addr] - 1} connections from this address already"
        elif self.startups[addr] > self.config.max_startups:
            reason = f"{self.startups[addr] - 1} unauthenticated connections from this address"
        else:
            return ""
        self.release(addr, authenticated=False)
        return reason

    def authenticated(self, addr: str) -> None:
        self.startups[addr] -= 1

    def release(self, addr: str, authenticated: bool) -> None:
        """A connection admitted by :meth:`admit` is gone."""
        for counts in (self.per_address,) if authenticated else (self.per_address, self.startups):
            counts[addr] -= 1
            if counts[addr] <= 0:
                del counts[addr]

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
        mode = stat.S_IMODE(self.data_dir.stat().st_mode)
        if mode & 0o077:
            raise ServeError(f"{self.data_dir}: other users can reach the players' games and the "
                             f"host key (mode {mode:04o}): chmod 700 {self.data_dir}")
        try:
            self.acceptor = await asyncssh.listen(
                self.config.host, self.config.port, server_factory=lambda: Connection(self),
                server_host_keys=[host_key], encoding=None, allow_pty=True, line_editor=False,
                agent_forwarding=False, x11_forwarding=False, sftp_factory=None, allow_scp=False,
                password_auth=False, kbdint_auth=False, host_based_auth=False,
                login_timeout=30, keepalive_interval=30, keepalive_count_max=4)
        except OSError as exc:
            raise ServeError(f"cannot listen on {self.config.host}:{self.config.port}: "
                             f"{exc.strerror or exc}") from None

    async def stop(self) -> None:
        """Stop listening, hang up every game (each journal is saved per action) and
        wait for the children, then for each goodbye to reach its client (the
        channel closed by both sides), then close the connections."""
        self.closing = True
        if self.acceptor is not None:
            self.acceptor.close()
        sessions = list(self.sessions)
        for s in sessions:
            s.shut_down()
        tasks = [s.task for s in sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=self.config.hangup_grace + 2)
        closing = [asyncio.ensure_future(s.chan.wait_closed()) for s in sessions]
        if closing:
            await asyncio.wait(closing, timeout=2)
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


def _refusal_or_worse(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.WARNING or "request denied" in record.getMessage()


def keep_asyncssh_refusals() -> None:
    """Of asyncssh's own log, keep warnings and the refusals it makes before the server's
    code is asked (agent and X11 forwarding: ``[conn=N, chan=M] X11 forwarding request
    denied``), not a line per packet or per key exchange."""
    asyncssh_log = logging.getLogger("asyncssh")
    asyncssh_log.setLevel(logging.INFO)
    if _refusal_or_worse not in asyncssh_log.filters:
        asyncssh_log.addFilter(_refusal_or_worse)


def main_serve(args: Any) -> int:
    """``stackfish serve --ssh``: the CLI entry point."""
    if not getattr(args, "ssh", False):
        print("stackfish serve: choose a protocol: --ssh", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    keep_asyncssh_refusals()
    config = ServeConfig(host=args.host, port=args.port, authorized_keys=args.authorized_keys,
                         host_key=args.host_key, max_sessions=args.max_sessions,
                         idle_timeout=args.idle_timeout, open=args.open,
                         max_per_address=args.max_per_address, max_startups=args.max_startups,
                         max_users=args.max_users, allow_root=args.allow_root,
                         cli_options=tuple(o for name in getattr(args, "disable_plugin", None) or ()
                                           for o in ("--disable-plugin", name)))
    try:
        return asyncio.run(serve(config))
    except KeyboardInterrupt:
        return 130

