"""Who may connect to ``stackfish serve --ssh``, as whom, and what a connection may open.

Identity is the key: each line of the authorized-keys file (re-read when it
changes) names its player in the key's comment (``ssh-ed25519 AAAA... alice``
or ``... alice@laptop``), and a key logs in under that name only; any other
name is refused and logged with the key's fingerprint.  With ``--open`` any key
is welcome, under a name made from its fingerprint (listed keys keep theirs).
No passwords, keyboard-interactive or host-based login; at most
:data:`MAX_AUTH_ATTEMPTS` refused keys per connection.  Every attempt is logged
(user, address, fingerprint, result).  A connection may open session channels
(the game) and nothing else: every kind of forwarding is refused and logged.
The server's own ed25519 host key is made on the first start and kept private (0600).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from .session import GameSession
from .users import valid_user

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("stackfish.ssh")


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


MAX_AUTH_ATTEMPTS = 6
"""Refused keys a connection may offer before it is closed (OpenSSH's MaxAuthTries)."""
REFUSAL_DELAY = 0.5
"""Seconds before a refused key is answered: with --max-startups, a bound on the refusals
(and log lines) an address can cause per second."""


def player_name(comment: str | None) -> str:
    """The player a key's comment names: its first word, without any ``@host``; "" if none."""
    words = (comment or "").split()
    name = words[0].split("@")[0] if words else ""
    return name if valid_user(name) else ""


def open_name(key: Any) -> str:
    """The player name of an unlisted key in open mode: from its SHA-256 fingerprint."""
    digest = key.get_fingerprint("sha256").split(":", 1)[1]
    return "key-" + "".join(c for c in digest if c.isalnum())[:16]


def _split_options(line: str) -> tuple[str, str]:
    """(options, the rest) of an authorized-keys line: options end at the first blank
    outside quotes (``from="a, b" ssh-ed25519 AAAA... alice``)."""
    quoted = escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch in " \t" and not quoted:
            return line[:i], line[i:].strip()
    return line, ""


@dataclass(frozen=True)
class Grant:
    """One authorized-keys line: the player it names, where, and the line itself
    (its options, ``from=`` included, are checked by asyncssh)."""

    name: str
    line: int
    entry: Any


class AuthorizedKeys:
    """The authorized-keys file as key -> :class:`Grant`, re-read when its mtime or size
    changes; a line that names no player or cannot be read is logged with its number
    and skipped, and a missing file is logged (once per change)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._grants: dict[bytes, Grant] = {}

    @property
    def count(self) -> int:
        return len(self.grants())

    def grants(self) -> dict[bytes, Grant]:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError as exc:
            if self._stamp != (-1, -1):
                log.warning("authorized keys %s: %s: nobody can log in with a key",
                            self.path, exc.strerror or exc)
            self._stamp, self._grants = (-1, -1), {}
            return self._grants
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                text = self.path.read_text(encoding="utf-8", errors="replace")
            except OSError as exc:
                log.warning("authorized keys %s: %s", self.path, exc.strerror or exc)
                text = ""
            self._grants = self._parse(text)
        return self._grants

    def _parse(self, text: str) -> dict[bytes, Grant]:
        grants: dict[bytes, Grant] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{self.path} line {number}"
            try:
                entry = asyncssh.import_authorized_keys(line)
                try:
                    key = asyncssh.import_public_key(line)
                except asyncssh.KeyImportError:
                    key = asyncssh.import_public_key(_split_options(line)[1])
            except (ValueError, asyncssh.KeyImportError) as exc:
                log.warning("%s: not a public key (%s): ignored", where, exc)
                continue
            name = player_name(key.get_comment())
            if not name:
                log.warning("%s: the key names no player: end the line with the player's name "
                            "(ssh-ed25519 AAAA... alice): ignored", where)
                continue
            first = grants.get(key.public_data)
            if first is not None:
                log.warning("%s: the same key as line %d (%s): a key names one player: ignored",
                            where, first.line, first.name)
                continue
            grants[key.public_data] = Grant(name, number, entry)
        return grants

    def owner(self, key: Any, addr: str) -> Grant | None:
        """The line that lets ``key`` in from ``addr`` (its ``from=`` option), if any."""
        grant = self.grants().get(key.public_data)
        if grant is None or grant.entry.validate(key, addr, addr) is None:
            return None
        return grant


class Connection(asyncssh.SSHServer):
    """One SSH connection: the address limits, authentication, and which channels it may open."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: Any = None
        self.addr = self.peer = "?"
        self.username = ""
        self.player = ""
        self.key = ""
        self.refused = 0
        self.admitted = self.authenticated = False

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.addr, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        self.server.connections.add(conn)
        refusal = self.server.admit(self.addr)
        if refusal:
            log.warning("connection refused addr=%s: %s", self.peer, refusal)
            asyncio.get_running_loop().call_soon(conn.abort)
        else:
            self.admitted = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self.conn)
        if self.admitted:
            self.server.release(self.addr, authenticated=self.authenticated)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True  # every user needs a key (none of them is trusted beforehand)

    # Keys only; each one offered is checked here (asyncssh then checks its signature).
    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: Any) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        grant = self.server.authorized_keys.owner(key, self.addr)
        if self.server.config.open:
            name = grant.name if grant else open_name(key)
        elif grant is not None and grant.name == username:
            name = username
        else:
            self.refused += 1
            why = (f"the key is {grant.name}'s (line {grant.line})" if grant
                   else "the key is not authorized")
            log.warning("auth refused user=%r addr=%s key=%s: %s (%d of %d)", username[:40],
                        self.peer, fingerprint, why, self.refused, MAX_AUTH_ATTEMPTS)
            if self.refused >= MAX_AUTH_ATTEMPTS:
                log.warning("auth: too many attempts addr=%s: disconnected", self.peer)
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                     "too many authentication attempts")
            else:
                await asyncio.sleep(REFUSAL_DELAY)
            return False
        self.player, self.key = name, fingerprint
        return True

    def auth_completed(self) -> None:
        self.authenticated = True
        self.server.authenticated(self.addr)
        log.info("auth accepted user=%r addr=%s key=%s player=%s", self.username[:40], self.peer,
                 self.key, self.player)

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> Any:
        return GameSession(self.server, self.player, self.peer)

    # Forwarding of any kind is refused (asyncssh's defaults; stated and logged here).
    def _refuse(self, what: str) -> bool:
        log.warning("%s: refused %s addr=%s", self.player, what, self.peer)
        return False

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        return self._refuse(f"TCP forwarding to {dest_host[:60]}:{dest_port}")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return self._refuse(f"remote TCP forwarding on {listen_host[:60]}:{listen_port}")

    def unix_connection_requested(self, dest_path: str) -> bool:
        return self._refuse(f"Unix socket forwarding to {dest_path[:60]!r}")

    def unix_server_requested(self, listen_path: str) -> bool:
        return self._refuse(f"remote Unix socket forwarding on {listen_path[:60]!r}")
