"""Fixtures for the SSH server tests: client keys and a server on a free loopback port."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import make_config

from tui.ssh import GameServer


class Keys:
    """The players' keys, each listed in ``authorized`` under its player's name (its
    comment), made on first use; ``player`` is alice's, ``stranger`` is listed nowhere."""

    def __init__(self, tmp_path: Path) -> None:
        self.dir = tmp_path
        self.authorized = tmp_path / "authorized_keys"
        self.authorized.write_text("# the players\n")
        self._keys: dict[str, asyncssh.SSHKey] = {}
        self.player = self.of("alice")
        self.stranger = asyncssh.generate_private_key("ssh-ed25519")
        self.player_file = self.file("alice")

    def of(self, name: str) -> asyncssh.SSHKey:
        if name not in self._keys:
            key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@laptop")
            with self.authorized.open("ab") as f:
                f.write(key.export_public_key())
            self._keys[name] = key
        return self._keys[name]

    def file(self, name: str) -> Path:
        """The private key of ``name`` as a file (for OpenSSH's ``-i``)."""
        path = self.dir / f"id_{name}"
        if not path.exists():
            self.of(name).write_private_key(str(path))
            path.chmod(0o600)
        return path


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    return Keys(tmp_path)


@pytest.fixture
async def server(tmp_path: Path, keys: Keys):
    srv = GameServer(make_config(tmp_path, keys))
    await srv.start()
    yield srv
    await srv.stop()
