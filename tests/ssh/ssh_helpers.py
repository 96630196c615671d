"""Helpers for the SSH server tests: a client terminal, connecting, the server config."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace

import asyncssh

from tui.ssh import ServeConfig

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>78]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)")


def plain(data: bytes) -> str:
    """Terminal output without escape sequences (cursor moves split lines, not words)."""
    return ANSI.sub(b"", data).decode("utf-8", "replace")


class Term(asyncssh.SSHClientSession):
    """The client's side of a session: everything the server sent, and waits on it."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.err = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: object) -> None:
        (self.err if datatype == asyncssh.EXTENDED_DATA_STDERR else self.out).extend(data)
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def mark(self) -> int:
        return len(self.out)

    async def wait_for(self, what: str | bytes, since: int = 0, timeout: float = 15.0,
                       raw: bool = False, stderr: bool = False) -> None:
        """Until ``what`` appears (in the plain text, or ``raw`` bytes) after offset ``since``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            buf = bytes(self.err if stderr else self.out)[since:]
            hay: str | bytes = buf if raw else plain(buf)
            if what in hay:
                return
            if self.closed.is_set() or loop.time() > end:
                raise AssertionError(f"{what!r} never arrived; last output: {plain(buf)[-600:]!r}"
                                     f" stderr: {plain(bytes(self.err))[-300:]!r}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, end - loop.time()))
            except TimeoutError:
                pass


def make_config(tmp_path: Path, keys: SimpleNamespace, **kw: object) -> ServeConfig:
    kw.setdefault("idle_timeout", 60.0)
    kw.setdefault("authorized_keys", str(keys.authorized))
    kw.setdefault("allow_root", True)  # the tests may run as root (CI does)
    return ServeConfig(host="127.0.0.1", port=0, host_key=str(tmp_path / "host_key"),
                       data_dir=str(tmp_path / "data"), hangup_grace=1.0, **kw)


async def connect(port: int, key: object = None, username: str = "alice", **kw: object):
    kw.setdefault("client_keys", [key] if key is not None else None)
    kw.setdefault("agent_path", None)
    return await asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None,
                                  config=None, **kw)


async def open_game(conn: object, command: str | None = None, size: tuple[int, int] = (100, 30),
                    term: str = "xterm-256color"):
    chan, session = await conn.create_session(Term, command, term_type=term, term_size=size,
                                              encoding=None)
    return chan, session


START = "Resume an unfinished game"
"""The deck screen over a session's game (``D``): its unfinished games (that one
included) and the decks."""
