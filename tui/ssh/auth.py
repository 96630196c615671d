"""Who may connect to ``stackfish serve --ssh``, and what a connection may open.

Public keys only, from an authorized-keys file re-read when it changes; no
passwords, keyboard-interactive or host-based login (``--allow-anonymous``
lets anyone in, for a LAN demo).  A connection may open session channels (the
game) and nothing else: every kind of forwarding is refused.  The server's own
ed25519 host key is made on the first start and kept private (0600).
"""

from __future__ import annotations

import contextlib
import logging
import os
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


class Connection(asyncssh.SSHServer):
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
