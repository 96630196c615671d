"""Fixtures for the SSH server tests: client keys and a server on a free loopback port."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import asyncssh
import pytest
from ssh_helpers import make_config

from tui.ssh import GameServer


@pytest.fixture
def keys(tmp_path: Path) -> SimpleNamespace:
    player = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(b"# the players\n" + player.export_public_key())
    player_file = tmp_path / "id_player"
    player.write_private_key(str(player_file))
    player_file.chmod(0o600)
    return SimpleNamespace(player=player, stranger=stranger, authorized=auth,
                           player_file=player_file)


@pytest.fixture
async def server(tmp_path: Path, keys: SimpleNamespace):
    srv = GameServer(make_config(tmp_path, keys))
    await srv.start()
    yield srv
    await srv.stop()
