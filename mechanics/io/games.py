"""The games directory: listing journalled games, finding one, named saves, and
the one entry point the TUI and SSH sessions use (:func:`open_or_resume`).

Journals themselves (writing, reading, replaying) are :mod:`mechanics.io.journal`;
this module only looks at the directories they live in (``games/<ID>/`` and
``saves/<NAME>/`` under :func:`mechanics.store.paths.data_dir`) and copies them.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.errors import SourceError
from .journal import JOURNAL, Journal, JournalError, games_dir, new_id, saves_dir
from .replay import directives, read_journal, resume

#: a save's name: a file name anyone can type
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


# ====================================================================== listing
@dataclass
class GameInfo:
    """One journal in the games (or saves) directory."""

    id: str
    path: Path
    title: str
    started: str
    actions: int
    last: str
    finished: bool
    modified: float

    def line(self) -> str:
        when = _dt.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        state = "finished" if self.finished else "unfinished"
        return (f"{self.id}  {when}  {state:<10}  {self.actions:>5} actions  "
                f"{self.title or '(untitled)'}  last: {self.last or '-'}")


def info(directory: str | os.PathLike) -> GameInfo | None:
    """What a game directory holds, read cheaply (no replay); None if no journal."""
    directory = Path(directory)
    path = directory / JOURNAL
    if not path.is_file():
        return None
    try:
        lines = read_journal(path)
    except SourceError as exc:  # listed, so that resuming it says what is wrong
        return GameInfo(directory.name, directory, f"(unreadable journal: {exc.message})", "",
                        0, "", False, 0.0)
    bad = next((i for i, ln in enumerate(lines) if ln.text is None or not ln.complete), None)
    damaged = bad is not None and bad < len(lines) - 1
    lines = lines[:bad]
    head = directives(lines)
    if damaged:
        head["title"] = f"(corrupted journal: line {bad + 1} is not text; resume it to repair)"
    body = [ln.text for ln in lines if ln.text and ln.text.strip() and
            (not ln.text.startswith("#") or ln.text.startswith("#! over"))]
    actions = [t for t in body if not t.startswith("#")]
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    return GameInfo(directory.name, directory, head.get("title", ""), head.get("started", ""),
                    len(actions), actions[-1] if actions else "",
                    bool(body) and body[-1].startswith("#! over"), mtime)


def list_games(root: str | os.PathLike | None = None, finished: bool = True) -> list[GameInfo]:
    """The games under ``root`` (the data dir's ``games``), newest first."""
    base = games_dir(root)
    if not base.is_dir():
        return []
    try:
        out = [i for d in base.iterdir() if d.is_dir() and (i := info(d)) is not None]
    except OSError as exc:
        raise JournalError(f"cannot list the games in {base}: {exc}") from None
    if not finished:
        out = [i for i in out if not i.finished]
    return sorted(out, key=lambda i: (i.modified, i.id), reverse=True)


def unfinished(root: str | os.PathLike | None = None) -> list[GameInfo]:
    """The games that can be resumed (their journal has no game-over marker), newest first."""
    return list_games(root, finished=False)


def find_game(ref: str | None, root: str | os.PathLike | None = None,
              only_unfinished: bool = True) -> Path:
    """A game's directory from an id, a unique id prefix, an index from the list (1 =
    newest), a journal path, or None for the newest unfinished game."""
    if ref:
        p = Path(ref)
        if p.is_dir() and (p / JOURNAL).exists():
            return p
        if p.is_file():
            if p.name != JOURNAL:
                raise JournalError(f"{p}: not a game journal ({JOURNAL}); "
                                   f"'stackfish script {p}' runs a scenario file")
            return p.parent
    games = list_games(root, finished=not only_unfinished or bool(ref))
    if not ref:
        if not games:
            raise JournalError("no unfinished game to resume")
        return games[0].path
    if ref.isdigit() and 1 <= int(ref) <= len(games) and len(ref) < 4:
        return games[int(ref) - 1].path
    hits = [g for g in games if g.id == ref] or [g for g in games if g.id.startswith(ref)]
    if len(hits) == 1:
        return hits[0].path
    if not hits:
        raise JournalError(f"no game '{ref}'; 'stackfish games' lists them")
    raise JournalError(f"'{ref}' names {len(hits)} games: {', '.join(g.id for g in hits[:5])}")


# ====================================================================== saving
def check_name(name: str) -> str:
    if not _NAME.match(name or ""):
        raise JournalError(f"bad save name '{name}': use letters, digits, '-', '_' and '.' "
                           "(at most 64, not starting with '.')")
    return name


def save(directory: str | os.PathLike, name: str, saves: str | os.PathLike | None = None,
         overwrite: bool = False) -> Path:
    """Copy a game's directory (journal and decks) to ``saves/NAME``."""
    target = saves_dir(saves) / check_name(name)
    src = Path(directory)
    if not (src / JOURNAL).exists():
        raise JournalError(f"{src}: no journal to save")
    if target.exists() and not overwrite:
        raise JournalError(f"a save named '{name}' exists; choose another name or overwrite it")
    tmp = target.with_name(f".{name}.tmp-{secrets.token_hex(2)}")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, tmp, ignore=shutil.ignore_patterns("*.tmp"))
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise JournalError(f"cannot save to {target}: {exc}") from None
    return target


def list_saves(saves: str | os.PathLike | None = None) -> list[GameInfo]:
    return list_games(saves_dir(saves))


def find_save(name: str, saves: str | os.PathLike | None = None) -> Path:
    """The directory of the save ``name``."""
    src = saves_dir(saves) / check_name(name)
    if not (src / JOURNAL).exists():
        raise JournalError(f"no save named '{name}'")
    return src


def load(name: str, saves: str | os.PathLike | None = None, root: str | os.PathLike | None = None,
         pool: Any = None, plugins: Any = None, warn: Callable[[str], None] | None = None,
         fsync: bool | str = True, repair: bool = False) -> tuple[Any, Journal]:
    """Resume a saved game as a new game (the save itself stays as it was): its
    directory is copied under ``games`` and journalled there."""
    src = find_save(name, saves)
    target = games_dir(root) / new_id()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, target)
    except OSError as exc:
        raise JournalError(f"cannot copy the save '{name}': {exc}") from None
    return reopen(target, pool=pool, plugins=plugins, warn=warn, fsync=fsync, repair=repair)


def reopen(directory: Path, pool: Any = None, plugins: Any = None,
           warn: Callable[[str], None] | None = None, fsync: bool | str = True,
           repair: bool = False) -> tuple[Any, Journal]:
    """Resume the game in ``directory`` and keep appending to its journal.  The lock
    is taken before the journal is read, so that no other session appends to it
    between the replay and the first new line."""
    journal = Journal(directory, fsync, create=False)
    try:
        game = resume(directory, pool=pool, plugins=plugins, warn=warn, journal=journal,
                      repair=repair)
    except BaseException:
        journal.close()
        raise
    return game, journal.attach(game)


# ====================================================================== one entry point
def open_or_resume(ref: str | None = None, *, new: Callable[[], Any] | None = None,
                   title: str = "", root: str | os.PathLike | None = None, pool: Any = None,
                   plugins: Any = None, warn: Callable[[str], None] | None = None,
                   fsync: bool | str = True, repair: bool = False) -> tuple[Any, Journal]:
    """A journalled game for the TUI (or an SSH session).

    With ``new`` (a function returning a fresh, set-up Game), start it and its
    journal; otherwise resume ``ref`` (see :func:`find_game`; None: the newest
    unfinished game) and keep appending to its journal (``repair``: see
    :func:`mechanics.io.replay.resume`).  Raises
    :class:`StackfishError` (a missing game, a corrupted journal) with a clear message.
    """
    if new is not None:
        game = new()
        return game, Journal.create(game, root, title=title, fsync=fsync)
    return reopen(find_game(ref, root), pool=pool, plugins=plugins, warn=warn, fsync=fsync,
                  repair=repair)
