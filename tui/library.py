"""The decks a player can choose, and a pasted deck list checked and saved among them.

A player's own decks are ``<data dir>/decks/NAME.txt`` (:func:`mechanics.store.paths.data_dir`;
for an SSH player that is their own directory), listed next to the bundled decks by
the start screen and found by name by ``stackfish serve --ssh``.  Over SSH a player
cannot copy a file to the server, so the TUI lets them paste a list instead:
:func:`check_deck` reports *every* problem of the text (not just the first, as
loading a deck does) with its line, and :func:`save_deck` writes it atomically.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from mechanics.model.errors import DeckError, StackfishError
from mechanics.store.decks import DeckEntry, DeckList, parse_deck, resolve_names
from mechanics.store.paths import data_dir

DECK_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
"""Deck names a player may give or ask for: letters, digits, '-' and '_' (no dots, no paths)."""
PASTED = "<pasted>"
MAX_PROBLEMS = 20
"""At most this many problems are listed; a list that bad is usually not a deck list."""
_NEWLINE = re.compile(r"\r\n|\r|\n")  # as parse_deck numbers lines


def bundled_decks() -> dict[str, str]:
    """Bundled deck name -> path (``simic-evolve`` for ``simic-evolve.txt``)."""
    folder = resources.files("mechanics").joinpath("data/decks")
    return {Path(e.name).stem: str(e) for e in folder.iterdir()
            if e.name.endswith(".txt") and DECK_RE.match(Path(e.name).stem)}


def user_decks(root: Path | None = None) -> dict[str, str]:
    """The player's saved decks, name -> path: regular files ``<root>/decks/NAME.txt``
    (no symlinks); ``root`` is the data dir unless given."""
    folder = (data_dir() if root is None else root) / "decks"
    found: dict[str, str] = {}
    if folder.is_dir() and not folder.is_symlink():
        for p in folder.iterdir():
            if p.suffix == ".txt" and DECK_RE.match(p.stem) and p.is_file() and not p.is_symlink():
                found[p.stem] = str(p)
    return found


@dataclass(frozen=True)
class DeckCheck:
    """What :func:`check_deck` found: card counts per board, the sniffed format, and
    the problems as ``(line, message)`` by line (line 0: about the whole list)."""

    main: int = 0
    sideboard: int = 0
    format: str = ""
    problems: tuple[tuple[int, str], ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def check_deck(text: str, pool: Any, suggestions: dict[str, str] | None = None) -> DeckCheck:
    """Every problem of deck-list ``text`` against card ``pool`` (``get``, ``names``).

    A line that does not parse is reported and read again as a comment, so the next
    bad line shows too; unknown cards come with the closest spellings.
    ``suggestions`` caches the unknown-card messages by name (they compare the name
    with every card's)."""
    lines = _NEWLINE.split(text)
    problems: list[tuple[int, str]] = []
    deck: DeckList | None = None
    while deck is None and len(problems) < MAX_PROBLEMS:
        try:
            deck = parse_deck("\n".join(lines), PASTED)
        except DeckError as exc:
            problems.append((exc.line, exc.message))
            if not 0 < exc.line <= len(lines) or lines[exc.line - 1] == "#":
                break
            lines[exc.line - 1] = "#"
    if deck is None:
        return DeckCheck(problems=tuple(problems))
    cache = {} if suggestions is None else suggestions
    names: list[str] = []  # every card's name, read once, if a new unknown name needs them
    for board in ("main", "sideboard", "commander", "companion"):
        for entry in getattr(deck, board):
            if pool.get(entry.name) is None:
                if entry.name not in cache:
                    names = names or pool.names()
                    cache[entry.name] = _unknown(deck, entry, names)
                problems.append((entry.line, cache[entry.name]))
    main = sum(e.count for e in deck.main)
    if not main:
        problems.append((0, "the main deck has no cards"))
    return DeckCheck(main, sum(e.count for e in deck.sideboard), deck.format,
                     tuple(sorted(problems)[:MAX_PROBLEMS]))


def size_warning(main: int) -> str:
    """A word about a main deck smaller than a constructed deck's minimum (100.2a), or
    "" (a warning only: a 40-card limited deck goldfishes as well)."""
    if 0 < main < 60:
        return f"{main} cards in the main deck: a constructed deck has at least 60 (100.2a)"
    return ""


def _unknown(deck: DeckList, entry: DeckEntry, names: list[str]) -> str:
    """The unknown-card message (with "did you mean") that loading the deck would give."""
    alone = replace(deck, main=(entry,), sideboard=(), commander=(), companion=())
    try:
        resolve_names(alone, lambda name: None, names)
    except DeckError as exc:
        return exc.message
    raise AssertionError("resolve_names accepted an unknown card")


_TITLE = re.compile(r"^[ \t]*name[ \t]*[ =:][ \t]*(\S.*)$", re.IGNORECASE | re.MULTILINE)


def suggested_name(text: str) -> str:
    """A deck name from the list's own title (Arena's ``Name X`` under ``About``,
    Forge's ``Name=X``, XMage's ``NAME:X``), as letters, digits and '-'; else ""."""
    match = _TITLE.search(text)
    return deck_name(match[1]) if match else ""


def deck_name(text: str) -> str:
    """``text`` as a deck's file name: each run of other characters becomes one '-'
    ("simic elves!" -> "simic-elves"); "" when nothing is left."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-_")[:64]
    return name if DECK_RE.match(name) else ""


class DeckExists(StackfishError):
    """A deck of that name is already saved (and replacing it was not asked for)."""


def save_deck(name: str, text: str, overwrite: bool = False, root: Path | None = None) -> Path:
    """Write deck list ``text`` as ``<root>/decks/NAME.txt`` (the data dir unless
    ``root``) atomically: a reader sees the old file or the new one, never half.

    Raises:
        StackfishError: the name is not a plain deck name or a bundled deck's.
        DeckExists: the deck exists and ``overwrite`` is false.
        OSError: the directory or file cannot be written.
    """
    if not DECK_RE.match(name):
        raise StackfishError(f"'{name[:64]}' is not a deck name: use letters, digits, '-' and '_'")
    if name in bundled_decks():
        raise StackfishError(f"'{name}' is a bundled deck's name; choose another")
    folder = (data_dir() if root is None else root) / "decks"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    target = folder / f"{name}.txt"
    body = "\n".join(_NEWLINE.split(text.strip("\n"))) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)  # fails if the name was taken meanwhile: no clobbering
            except FileExistsError:
                raise DeckExists(f"you already have a deck named '{name}'") from None
            except OSError:  # a file system without hard links: check, then rename
                if target.exists():
                    raise DeckExists(f"you already have a deck named '{name}'") from None
                os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    return target
