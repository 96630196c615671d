"""The players of ``stackfish serve --ssh``: their names, directories, decks and games.

What keeps players apart on the server's side (the child process fences itself
in as well, :mod:`tui.ssh_child`): every SSH user name, validated against
:data:`USER_RE`, has its own directory ``<data dir>/ssh-users/<name>`` (0700),
given to the game as ``STACKFISH_DATA_DIR``, so games, journals and saved decks
never mix; a deck is chosen by *name* among the bundled decks and the player's
own (``<user dir>/decks/NAME.txt``), never by path; the server reads nothing in
a player's directory through a symbolic link (the fence gives the game no right
to make one either); and the game's environment comes from the server, not from
the client (apart from a validated ``TERM``).
"""

from __future__ import annotations

import logging
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..library import DECK_RE, bundled_decks, user_decks

log = logging.getLogger("stackfish.ssh")

USER_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}\Z")
"""SSH user names that get a directory: no '/', no leading '.', at most 32 characters."""
TERM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}\Z")
DEFAULT_TERM = "xterm-256color"
USERS_DIR = "ssh-users"
ROOT = str(Path(__file__).resolve().parents[2])
"""The directory holding the ``tui`` package: the game runs the same stackfish as the server."""


def valid_user(name: str) -> bool:
    return bool(USER_RE.match(name))


def _real_dir(path: Path) -> bool:
    """Whether ``path`` is a directory itself, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def user_dir(data_dir: Path, name: str, max_users: int | None = None) -> Path | None:
    """The private directory of SSH user ``name`` (created 0700); None when it would be
    new and ``max_users`` directories exist already.

    Raises:
        ValueError: the name is not valid, or its directory is a link or not a directory.
    """
    if not valid_user(name):
        raise ValueError(f"invalid user name {name!r}")
    root = data_dir / USERS_DIR
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = root / name
    if not os.path.lexists(path):
        if max_users is not None and sum(1 for _ in os.scandir(root)) >= max_users:
            return None
        path.mkdir(exist_ok=True, mode=0o700)
    if not (_real_dir(root) and _real_dir(path)):
        raise ValueError(f"{path}: not a directory of its own (a link?)")
    return path


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


def _links_out(games: Path) -> str:
    """A symbolic link among ``games``, its game directories and their journals: the
    first one found ("" if none), which the server must not follow."""
    from mechanics.io.journal import JOURNAL

    if games.is_symlink():
        return str(games)
    with os.scandir(games) as entries:
        for e in entries:
            for path in (Path(e.path), Path(e.path) / JOURNAL):
                if path.is_symlink():
                    return str(path)
    return ""


def unfinished_games(udir: Path) -> list[Any]:
    """The player's unfinished journalled games, newest first (``mechanics.io.journal``);
    none if a link is planted among them (it could lead to another player's game)."""
    try:
        from mechanics.io.games import unfinished
    except ImportError:
        return []
    games = udir / "games"
    if not os.path.lexists(games):
        return []
    try:
        link = _links_out(games)
        if link:
            log.warning("%s: a symbolic link, not followed: not offering to resume", link)
            return []
        return list(unfinished(games))
    except Exception as exc:  # a broken journal must not stop the player from playing
        log.warning("%s: cannot list games: %s", udir, exc)
        return []


def child_env(udir: Path, username: str, term: str | None) -> dict[str, str]:
    """The game's environment: the server's own (no client variables), the
    client's ``TERM`` if it is a plain name, and the player's directory."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SSH_", "COLUMNS", "LINES", "TEXTUAL_DRIVER", "TEXTUAL_DEV",
                                "TEXTUAL_LOG", "TEXTUAL_DEBUG"))}
    term = term or DEFAULT_TERM
    env["TERM"] = term if TERM_RE.match(term) else DEFAULT_TERM
    env["STACKFISH_DATA_DIR"] = str(udir)
    env["PYTHONPATH"] = os.pathsep.join(
        [ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != ROOT])
    env["STACKFISH_SSH_USER"] = username
    env.setdefault("LANG", "C.UTF-8")
    return env
