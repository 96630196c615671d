"""``stackfish serve --ssh``: the server, its configuration and the CLI entry point.

:class:`GameServer` listens (with the host key and the rules of
:mod:`tui.ssh.auth`), counts the sessions (:mod:`tui.ssh.session`) and, on
SIGTERM or SIGINT, hangs every game up (each is saved as it is played) before
it exits.  A configuration that would be unsafe (no keys on a public address)
or useless is refused with one clear line (:class:`ServeError`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import signal
import sys
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
    allow_anonymous: bool = False
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
        wait for the children, then close the connections."""
        self.closing = True
        if self.acceptor is not None:
            self.acceptor.close()
        sessions = list(self.sessions)
        for s in sessions:
            s.shut_down()
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

