"""Reading a journal (:mod:`mechanics.io.journal`) back, and resuming its game.

:func:`resume` replays a journal into a new Game.  It stops at the first bad
line (no trailing newline, not text, zero-filled, doesn't parse or doesn't
apply).  When no action follows, that is a torn end (the process died or the
disk filled while writing it): it is dropped with a warning and, when the game
is resumed to be played on, cut from the file (a copy of the whole file is
kept as ``journal.scenario.torn``) before anything is appended.  When actions
follow, the journal is damaged: :class:`JournalDamaged` names the file and
line, and resuming with ``repair`` continues from the last good action.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.actions import DeckCmd, parse_action
from ..model.errors import NotationError, SourceError, StackfishError
from ..model.words import split_line
from ..play.game import Game
from ..plugin_api.isolation import disable_plugin
from .journal import JOURNAL, Journal, JournalWarning, write_file


@dataclass
class JournalLine:
    """One line of a journal file: its text (None: not text, e.g. binary or NULs),
    where it starts in the file and whether a newline ends it."""

    number: int
    text: str | None
    start: int
    complete: bool = True


def read_journal(path: str | os.PathLike) -> list[JournalLine]:
    """Every line of a journal, comments kept, the unterminated last one included."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SourceError(str(path), 0, f"cannot read the journal: {exc}") from None
    lines = []
    start = 0
    for number, chunk in enumerate(raw.split(b"\n"), 1):
        complete = start + len(chunk) < len(raw)
        if complete or chunk:
            try:
                text: str | None = chunk.decode("utf-8").rstrip("\r")
                if "\0" in text:
                    text = None
            except UnicodeDecodeError:
                text = None
            lines.append(JournalLine(number, text, start, complete))
        start += len(chunk) + 1
    return lines


def directives(lines: list[JournalLine]) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in lines:
        t = line.text
        if t is None:
            break
        if t.startswith("#! game "):
            for kv in t[8:].split():
                k, _, v = kv.partition("=")
                out[k] = v
        elif t.startswith("# title "):
            out["title"] = t[8:]
        elif t.startswith("# started "):
            out["started"] = t[10:]
        elif t.startswith("# plugins "):
            out["plugins"] = t[10:]
        elif t.strip() and not t.startswith("#"):
            break
    return out


def journal_path(path: str | os.PathLike) -> Path:
    p = Path(path)
    return p / JOURNAL if p.is_dir() else p


class JournalDamaged(SourceError):
    """A journal with a bad line that more actions follow: resuming with ``repair``
    continues from the last good action (``good``: the lines kept)."""

    def __init__(self, path: str, line: int, message: str, good: int) -> None:
        super().__init__(path, line, message)
        self.good = good


def _kept(text: str) -> bool:
    """Whether a journal line is replayed (an action or a directive resume honours)."""
    return bool(text.strip()) and (not text.lstrip().startswith("#") or
                                   text.startswith("#! disable-plugin "))


def _is_action(line: JournalLine) -> bool:
    if not line.complete or line.text is None or not _kept(line.text):
        return False
    try:
        parse_action(line.text)
    except NotationError:
        return line.text.startswith("#! disable-plugin ")
    return True


def resume(path: str | os.PathLike, pool: Any = None, plugins: Any = None,
           warn: Callable[[str], None] | None = None, game_factory: Any = None, *,
           journal: Journal | None = None, repair: bool = False) -> Any:
    """Replay a journal (a file, or a game's directory) into a new Game.

    The replay stops at the first line that is not text, has no newline, doesn't
    parse or can't be applied.  When no action follows it, it is a torn end (the
    process died, or the disk filled, while writing it): it is dropped with a
    warning.  When actions follow, the journal is damaged: :class:`JournalDamaged`
    says where, unless ``repair`` continues from the last good action.

    Args:
        pool: the card pool (the bundled one by default).
        plugins: a plugin manager (every installed plugin by default).
        warn: called with each warning (a dropped torn end); default ``warnings.warn``.
        journal: the game's :class:`Journal`, opened (and so locked) before reading:
            a dropped end is then cut from the file, after a copy of the whole file
            is kept beside it (``journal.scenario.torn``), so the next action is never
            appended onto a partial line; a deleted deck copy is written again.
        repair: drop a bad line and everything after it too when actions follow.

    Raises:
        SourceError: ``FILE:LINE: ...`` for a journal that cannot be read or whose
            header is bad; :class:`JournalDamaged` for a bad line actions follow.
    """
    path = journal_path(path)
    warn = warn or (lambda m: warnings.warn(m, JournalWarning, stacklevel=3))
    lines = read_journal(path)
    limit, bad = len(lines), None
    while True:
        game, first, applied = _replay(path, lines[:limit], pool, plugins, warn, game_factory,
                                       journal)
        bad = first or bad
        if applied:
            break
        limit = first[0]  # a line that doesn't apply: replay only what comes before it
    if bad is None:
        return game
    index, reason = bad
    line = lines[index]
    good = next((ln.number for ln in reversed(lines[:index]) if ln.text and _kept(ln.text)), 0)
    where = f"the last good action is line {good}" if good else "no action before it"
    if any(_is_action(ln) for ln in lines[index + 1:]) and not repair:
        raise JournalDamaged(str(path), line.number, f"{reason}; the journal goes on after it, "
                             f"so it is damaged ({where}): resume it with --repair to continue "
                             "from there (the whole file is kept beside it)", good)
    kept = ""
    if journal is not None:
        kept = f"; the whole file is kept as {journal.cut(line.start).name}"
    what = "a torn last line" if index + 1 >= len(lines) else "the torn end of the journal"
    warn(f"{path}:{line.number}: dropped {what} ({reason}): the game stopped while "
         f"writing it{kept}")
    return game


def _replay(path: Path, lines: list[JournalLine], pool: Any, plugins: Any,
            warn: Callable[[str], None], game_factory: Any,
            journal: Journal | None) -> tuple[Any, tuple[int, str] | None, bool]:
    """A new Game with the journal's ``lines`` replayed; the index of the first bad line
    (with why) or None; whether every action before it applied (else that is the bad
    line, and what comes before it must be replayed again without what it undoes)."""
    head = directives(lines)
    kw: dict[str, Any] = {"base_dir": str(path.parent)}
    try:
        kw["players"] = int(head.get("players", 2))
        kw["seed"] = int(head.get("seed", 0))
        if not 1 <= kw["players"] <= 8:  # as the `players` command
            raise ValueError
    except ValueError:
        raise SourceError(str(path), 0, "a bad '#! game' line in the header") from None
    if pool is not None:
        kw["pool"] = pool
    if plugins is not None:
        kw["plugins"] = plugins
    game = (game_factory or Game)(**kw)
    if "plugins" in head:
        then = {n.strip() for n in head["plugins"].split(",") if not n.strip().isdigit()}
        then -= {"(none)", ""}
        now = {n for n, p in game.pm.list_name_plugin() if p is not None and not n.isdigit()}
        if then != now:  # (unnamed inline plugins of tests are not compared)
            warn(f"{path}: written with the plugins {', '.join(sorted(then)) or '(none)'}; "
                 f"now loaded: {', '.join(sorted(now)) or '(none)'} (the game may not replay)")
    # Undo lines are applied to the list of actions, not to a game: what an undo takes
    # back is never replayed (an undo restores exactly the position before the action),
    # so resuming costs the actions kept, not every action ever tried.
    seq: list[tuple[int, Any]] = []  # (index in lines, an Action or a plugin name to disable)
    kept = 0
    copied_from: dict[str, str] = {}  # player -> the original deck path a comment records
    bad: tuple[int, str] | None = None
    for k, line in enumerate(lines):
        text = line.text
        if text is None or not line.complete:
            bad = (k, "not a line of text" if text is None else f"{text[:60]!r} has no newline")
            break
        if text.startswith("# deck ") and " from " in text:
            who, _, src = text[7:].partition(" from ")
            copied_from[who.strip()] = src
        if not _kept(text):
            continue
        try:
            if text.startswith("#! disable-plugin "):
                name = text.removeprefix("#! disable-plugin ").strip()
                if not name:
                    raise NotationError("usage: #! disable-plugin NAME")
                seq.append((k, name))
                continue
            if text.split(None, 1)[0] == "undo":
                n = _undo_count(text)
                if n > kept:
                    raise NotationError(f"there are {kept} actions to undo, not {n}")
                kept -= n
                i = len(seq)
                while n:  # drop the last n actions; a plugin turned off stays off
                    i -= 1
                    if not isinstance(seq[i][1], str):
                        del seq[i]
                        n -= 1
                continue
            action = parse_action(text)
            if isinstance(action, DeckCmd):
                action = _deck_copy(path.parent, action, copied_from, warn, journal)
            seq.append((k, action))
            kept += 1
        except NotationError as exc:
            bad = (k, f"{text[:60]!r}: {exc}")
            break
    for k, item in seq:
        try:
            if isinstance(item, str):
                disable_plugin(game, item)
            else:
                game.play(item)
        except StackfishError as exc:
            return game, (k, f"{lines[k].text}: {exc} (was the journal written with other "
                             "plugins, cards or version?)"), False
    return game, bad, True


def _deck_copy(directory: Path, action: DeckCmd, originals: dict[str, str],
               warn: Callable[[str], None], journal: Journal | None) -> DeckCmd:
    """``deck P p1.deck`` as journalled; when that copy has been deleted, the deck
    path the journal recorded (written back as the copy when the journal is open)."""
    copy = directory / action.path
    src = originals.get(action.player)
    if os.path.isabs(action.path) or copy.exists() or not src or not os.path.isfile(src):
        return action
    warn(f"{copy}: the game's copy of the deck list is missing; using {src}, where it "
         "came from (it may have been edited since)")
    if journal is not None:
        try:
            write_file(copy, Path(src).read_bytes(), journal.fsync)
        except OSError as exc:
            warn(f"cannot write the deck copy {copy} again: {exc}")
    return DeckCmd(action.player, src)


def _undo_count(text: str) -> int:
    words = split_line(text)
    if len(words) == 1:
        return 1
    if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
        return int(words[1])
    raise NotationError("usage: undo [N]")
