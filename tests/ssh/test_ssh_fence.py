"""The fence around a session's game process (``tui.ssh_child``): what it may read.

Each probe runs the real child (``python -P -m tui.ssh_child deck check PATH``, the
same file read as the game's ``deck p1 PATH``) on its own pty, fenced by Landlock
(where the kernel has it) and by the audit-hook fallback, and checks that the file
is refused and that nothing of it is echoed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui.ssh import users

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys and /proc")

SECRET = "TOPSECRET not for this player"


def landlock_available() -> bool:
    """Whether this kernel has Landlock (asked in a throwaway child: restricting is for good)."""
    probe = "from tui.ssh_child import _landlock; import sys; sys.exit(0 if _landlock([], [], []) else 1)"
    return subprocess.run([sys.executable, "-c", probe], timeout=60).returncode == 0


FENCES = [pytest.param("landlock", marks=pytest.mark.skipif(
              not landlock_available(), reason="this kernel has no Landlock (Linux 5.13+)")),
          "audit"]


@pytest.fixture
def place(tmp_path: Path) -> dict[str, Path]:
    """A data dir with two players and a host key, and alice's own deck."""
    data = tmp_path / "data"
    mine = data / "ssh-users" / "alice"
    (mine / "decks").mkdir(parents=True)
    bob = data / "ssh-users" / "bob" / "decks"
    bob.mkdir(parents=True)
    (bob / "secret.txt").write_text(SECRET + "\n")
    (data / "ssh_host_ed25519_key").write_text(SECRET + "\n")
    (mine / "decks" / "mine.txt").write_text(Path(users.bundled_decks()["red-aggro"]).read_text())
    (mine / "decks" / "link.txt").symlink_to(bob / "secret.txt")
    return {"mine": mine, "bob": bob / "secret.txt", "host_key": data / "ssh_host_ed25519_key"}


def check(mine: Path, path: str, how: str) -> subprocess.CompletedProcess:
    """``deck check PATH`` in a fenced child on a pty of its own (as a session's game)."""
    master, slave = os.openpty()
    try:
        return subprocess.run([sys.executable, "-P", "-m", "tui.ssh_child", "deck", "check", path],
                              env=dict(os.environ, STACKFISH_DATA_DIR=str(mine),
                                       STACKFISH_SSH_FENCE=how),
                              capture_output=True, text=True, timeout=60, stdin=slave)
    finally:
        os.close(slave)
        os.close(master)


@pytest.mark.parametrize("how", FENCES)
def test_the_game_reads_its_own_deck(place: dict[str, Path], how: str) -> None:
    ok = check(place["mine"], str(place["mine"] / "decks" / "mine.txt"), how)
    assert ok.returncode == 0, ok.stderr
    assert "60 main, 0 sideboard" in ok.stdout


@pytest.mark.parametrize("how", FENCES)
@pytest.mark.parametrize("target", ["other player's deck", "symlink to it", "host key",
                                    "server's /proc", "/proc/1", "/etc/shadow", "/etc/hostname",
                                    "another pty", "the checkout"])
def test_the_game_cannot_read_outside_its_directory(place: dict[str, Path], how: str,
                                                    target: str) -> None:
    other_master, other_slave = os.openpty()
    try:
        path = {"other player's deck": str(place["bob"]),
                "symlink to it": str(place["mine"] / "decks" / "link.txt"),
                "host key": str(place["host_key"]),
                "server's /proc": f"/proc/{os.getpid()}/environ",
                "/proc/1": "/proc/1/status",
                "/etc/shadow": "/etc/shadow",
                "/etc/hostname": "/etc/hostname",
                "another pty": os.ttyname(other_slave),
                "the checkout": str(Path(users.ROOT) / "pyproject.toml")}[target]
        if not os.path.exists(path):
            pytest.skip(f"{path} does not exist here")
        denied = check(place["mine"], path, how)
    finally:
        os.close(other_slave)
        os.close(other_master)
    assert denied.returncode == 2, denied.stdout + denied.stderr
    refusal = "Permission denied" if how == "landlock" else "not available in an SSH session"
    assert refusal in denied.stderr, denied.stderr  # the kernel's refusal, or the audit hook's
    assert SECRET not in denied.stdout + denied.stderr



def test_an_installed_plugin_outside_the_interpreter_stays_readable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin package installed from anywhere (``pip install -e``) must still load in a
    session: its directory is read-only inside the fence, its parent is not."""
    from types import SimpleNamespace

    import tui.ssh_child as child

    (tmp_path / "exalted_plugin").mkdir()
    (tmp_path / "exalted_plugin" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(child, "entry_points",
                        lambda group: [SimpleNamespace(module="exalted_plugin.hooks")])
    read, _own, _devices = child.allowed_paths(str(tmp_path / "user"))
    assert str(tmp_path / "exalted_plugin") in read
    assert str(tmp_path) not in read
