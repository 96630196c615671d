"""Read the deck lists that players paste or export from other tools.

Players bring decks from MTG Arena, MTGO (.txt and .dek), Moxfield, Archidekt,
Cockatrice (.cod), Forge (.dck) and XMage (.dck).  Each tool writes its own
dialect, and extensions lie (Forge and XMage both use ``.dck``), so
:func:`parse_deck` sniffs the format from the content alone and turns any of
them into one :class:`DeckList`.  Names are kept as written (with typographic
apostrophes, spacing and ``Front // Back`` normalised); :func:`resolve_names`
maps them to canonical card names and suggests spellings for unknown cards;
:func:`load_deck` does both for a card pool, remembering the result for an
unchanged file (a batch simulation loads the same deck for every game).

Every problem in any input, however malformed, is a
:class:`~mechanics.model.errors.DeckError` naming the file and line (``PATH:LINE:
message``), so the command line and the TUI show a message, not a traceback.
"""

from __future__ import annotations

import codecs
import difflib
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from ..model.cards import face_names, normalise_name
from ..model.errors import DeckError
from .paths import open_regular

__all__ = ["MAX_BYTES", "MAX_COUNT", "DeckEntry", "DeckList", "load_deck", "parse_deck", "read_deck",
           "resolve_names"]

MAX_BYTES = 5 * 1024 * 1024
"""Files larger than this are refused: no deck list comes near it."""
MAX_COUNT = 1000
"""The largest count allowed on one line."""

BOARDS = ("main", "sideboard", "commander", "companion")


@dataclass(frozen=True)
class DeckEntry:
    """``count`` copies of the card ``name`` (as written, normalised), read from 1-based ``line``."""

    count: int
    name: str
    line: int


@dataclass(frozen=True)
class DeckList:
    """A parsed deck: the entries of each board, and which ``format`` was sniffed.

    ``format`` is one of "arena", "mtgo", "mtgo-dek", "moxfield", "archidekt",
    "cockatrice", "forge" or "xmage".
    """

    path: str
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    commander: tuple[DeckEntry, ...]
    companion: tuple[DeckEntry, ...]
    format: str
    #: ``(line, message)``: a name read as the one card it spells punctuation aside (:func:`load_deck`)
    notes: tuple[tuple[int, str], ...] = ()


Placed = tuple[str | None, DeckEntry]  # the board an entry goes to; None drops it (maybeboard)

_BINARY = "this is a binary file (it contains NUL bytes), not a deck list"
_NEWLINE = re.compile(r"\r\n|\r|\n")
_COUNTED = re.compile(r"([+-]?[0-9]+)(?: ?[xX])? (.*)")  # on whitespace-collapsed lines
_NUMBER = re.compile(r"[+-]?[0-9]+")
_SB = re.compile(r"SB: ?", re.IGNORECASE)
_SET_CODE = re.compile(r"\([^()\s]+\)")  # "(M11)" after a name
_MARK = re.compile(r"\*[A-Za-z]+\*")  # "*F*", "*E*" (foil, etched)
_SLASHES = re.compile(r"\s*//\s*")
_XMAGE_SET = re.compile(r"\[[^\]]*\] ?")
_XMAGE_LINE = re.compile(r"(?:SB: ?)?[0-9]+ \[[^\]:]*:[^\]]*\]", re.IGNORECASE)
_MODIFIER = re.compile(r"\{[^}]*\}")  # Archidekt "{top}", "{noDeck}"

_TEXT_HEADERS: dict[str, str | None] = {
    "about": "about", "deck": "main", "main": "main", "mainboard": "main", "maindeck": "main",
    "sideboard": "sideboard", "commander": "commander", "commanders": "commander",
    "companion": "companion", "maybeboard": None, "considering": None,
}  # fmt: skip
_FORGE_SECTIONS: dict[str, str | None] = {
    "metadata": None, "main": "main", "sideboard": "sideboard", "commander": "commander",
    "avatar": None, "planes": None, "schemes": None, "conspiracy": None, "dungeon": None,
    "attractions": None, "contraptions": None,
}  # fmt: skip
_SHAPES = {
    "arena": "'4 Lightning Bolt (M11) 146'", "mtgo": "'4 Lightning Bolt'",
    "moxfield": "'4 Lightning Bolt (M11) 146 *F* #burn'",
    "archidekt": "'4x Lightning Bolt (m11) 146 [Burn]'",
    "forge": "'4 Lightning Bolt|M11'", "xmage": "'4 [M11:146] Lightning Bolt'",
}  # fmt: skip


def parse_deck(text: str, path: str = "<deck>") -> DeckList:
    """Parse deck-list ``text`` in any supported format; ``path`` is only used in messages.

    Raises:
        DeckError: for every problem: no cards, a bad count, a line of no known
            shape, an unknown Forge section, malformed or unsafe XML.
    """
    if "\0" in text:
        raise DeckError(path, 0, _BINARY)
    text = text.removeprefix("\ufeff").replace("\u2019", "'").replace("\u2018", "'")
    lines = [" ".join(line.split()) for line in _NEWLINE.split(text)]
    fmt = _sniff(lines)
    if fmt == "xml":
        fmt, placed = _parse_xml(lines, path)
    elif fmt == "forge":
        placed = list(_parse_forge(lines, path))
    else:
        placed = list(_parse_text(lines, path, fmt))
    boards = {board: tuple(e for b, e in placed if b == board) for board in BOARDS}
    if not any(boards.values()):
        raise DeckError(path, 0, "the deck has no cards")
    return DeckList(path=path, format=fmt, **boards)


def read_deck(path: str | os.PathLike[str]) -> DeckList:
    """Read and parse the deck file at ``path`` (UTF-8, with or without a BOM).

    Raises:
        DeckError: the file cannot be read, is over 5 MB, is binary or not
            UTF-8, or does not parse (see :func:`parse_deck`).
    """
    name = str(os.fspath(path))
    try:
        with open_regular(path) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise DeckError(name, 0, f"cannot read the deck file: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise DeckError(name, 0, "the file is larger than 5 MB; a deck list is far smaller")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise DeckError(name, 0, "the file is UTF-16 text; save it as UTF-8")
    if b"\0" in data:
        raise DeckError(name, 0, _BINARY)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        message = f"the file is not UTF-8 text (byte 0x{data[e.start]:02X}); save it as UTF-8"
        raise DeckError(name, line, message) from None
    return parse_deck(text, name)


def resolve_names(
    deck: DeckList, lookup: Callable[[str], str | None], known_names: Iterable[str]
) -> DeckList:
    """Return ``deck`` with every name replaced by ``lookup(name)``, the canonical name.

    Every entry is looked up first; if any returns None, the DeckError names the
    unknown card with the lowest line number and suggests up to three close
    names from ``known_names`` (compared case-insensitively).
    """
    boards: dict[str, tuple[DeckEntry, ...]] = {}
    unknown: list[DeckEntry] = []
    for board in BOARDS:
        found = []
        for entry in getattr(deck, board):
            canonical = lookup(entry.name)
            if canonical is None:
                unknown.append(entry)
            else:
                found.append(replace(entry, name=canonical))
        boards[board] = tuple(found)
    if unknown:
        first = min(unknown, key=lambda e: e.line)
        raise DeckError(deck.path, first.line, _unknown_card(first.name, known_names))
    return replace(deck, **boards)


_LOADED: dict[str, tuple[tuple, object, DeckList]] = {}


def load_deck(path: str | os.PathLike[str], pool: object) -> DeckList:
    """The deck file read and resolved against ``pool`` (``get`` and ``names``).

    Kept per file while its size and modification time stay the same and the
    pool is the same object, so loading it again costs a ``stat``."""
    key = os.path.abspath(os.fspath(path))
    try:
        st = os.stat(key)
        stamp: tuple = (st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = ()  # read_deck says why
    kept = _LOADED.get(key)
    if kept is not None and stamp and kept[0] == stamp and kept[1] is pool:
        return kept[2]

    loosely: dict[str, str] = {}  # names the pool read punctuation aside ("Polukranos, Reborn")

    def canonical(name: str) -> str | None:
        card = pool.get(name)  # type: ignore[attr-defined]
        if card is None:
            return None
        if normalise_name(name) not in {normalise_name(n) for n in (card.full_name, *face_names(card.full_name))}:
            loosely[name] = card.name
        return card.name

    def known() -> Iterator[str]:  # listed only for an unknown card's suggestions
        yield from pool.names()  # type: ignore[attr-defined]

    written = read_deck(path)
    deck = resolve_names(written, canonical, known())
    deck = replace(deck, notes=tuple(
        (e.line, f"'{e.name}' read as '{loosely[e.name]}' (the one card of that name, punctuation aside)")
        for board in BOARDS for e in getattr(written, board) if e.name in loosely))
    if len(_LOADED) > 32:
        _LOADED.clear()
    _LOADED[key] = (stamp, pool, deck)
    return deck


def _unknown_card(name: str, known_names: Iterable[str]) -> str:
    by_lower: dict[str, str] = {}
    for known in known_names:
        by_lower.setdefault(known.lower(), known)
    close = [f"'{by_lower[m]}'" for m in difflib.get_close_matches(name.lower(), by_lower, n=3)]
    if not close:
        return f"unknown card '{name}'"
    options = close[0] if len(close) == 1 else ", ".join(close[:-1]) + " or " + close[-1]
    return f"unknown card '{name}'; did you mean {options}?"


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _count(word: str, path: str, line: int, what: str, context: str) -> int:
    """The count ``word`` as an int from 1 to MAX_COUNT, else a DeckError."""
    if not _NUMBER.fullmatch(word):
        raise DeckError(path, line, f"{what} '{_short(word)}' is not a number{context}")
    if word.startswith("-") or not word.strip("+0"):
        raise DeckError(path, line, f"{what} '{word}' must be at least 1{context}")
    if len(word.lstrip("+0")) > 4 or int(word) > MAX_COUNT:
        raise DeckError(path, line, f"{what} '{_short(word)}' is more than {MAX_COUNT}{context}")
    return int(word)


def _clean(name: str) -> str:
    return " ".join(_SLASHES.sub(" // ", name).split())


def _card(body: str, path: str, line: int, fmt: str, name_of: Callable[[str], str]) -> DeckEntry:
    """Parse the shared ``N Name``/``Nx Name`` shape; ``name_of`` strips the format's extras."""
    hint = f"expected a line like {_SHAPES[fmt]}"
    match = _COUNTED.fullmatch(body)
    if not match:
        word, _, rest = body.partition(" ")
        if rest:
            raise DeckError(path, line, f"count '{_short(word)}' is not a number in '{_short(body)}'; {hint}")
        raise DeckError(path, line, f"'{_short(body)}' is not a card line; {hint}")
    count = _count(match[1], path, line, "count", f" in '{_short(body)}'")
    name = _clean(name_of(match[2]))
    if not name:
        raise DeckError(path, line, f"no card name in '{_short(body)}'; {hint}")
    return DeckEntry(count, name, line)


def _plain_name(rest: str) -> str:
    """Drop a trailing ``(SET) 123`` and ``*F*`` marks (word by word: no regex backtracking)."""
    words = rest.split(" ")
    while words and _MARK.fullmatch(words[-1]):
        words.pop()
    if words and _SET_CODE.fullmatch(words[-1]):
        words.pop()
    elif len(words) > 1 and _SET_CODE.fullmatch(words[-2]) and not set("()") & set(words[-1]):
        del words[-2:]
    return " ".join(words)


def _xmage_name(rest: str) -> str:
    match = _XMAGE_SET.match(rest)
    return _plain_name(rest[match.end():] if match else rest)


def _header(line: str) -> str | None:
    """The key of a bare section header line such as ``Sideboard`` or ``SIDEBOARD:``, else None."""
    key = line.lower().removesuffix(":").strip()
    return key if key in _TEXT_HEADERS else None


def _sniff(lines: list[str]) -> str:
    """Guess the format from content: the first line that matters, then tell-tale line shapes."""
    useful = [s for s in lines if s and not s.startswith(("#", "//", ";"))]
    if not useful:
        return "mtgo"
    if useful[0].startswith("<"):
        return "xml"
    if useful[0].startswith("[") and useful[0].endswith("]"):
        return "forge"
    if any(s.upper().startswith(("NAME:", "LAYOUT ")) or _XMAGE_LINE.match(s) for s in useful):
        return "xmage"
    cards = [s for s in useful if _COUNTED.fullmatch(s)]
    if any(s.endswith(("]", "^")) for s in cards):
        return "archidekt"
    if any(s.endswith(":") and _header(s) for s in useful) or any(" #" in s for s in cards):
        return "moxfield"
    if any(_header(s) in ("about", "deck", "commander", "companion") for s in useful):
        return "arena"
    if any(_SET_CODE.fullmatch(w) for s in cards for w in s.split(" ")[2:]):
        return "arena"
    if any(_MARK.fullmatch(s.rpartition(" ")[2]) for s in cards):
        return "moxfield"
    return "mtgo"


def _archidekt_board(body: str, board: str | None) -> tuple[str, str | None]:
    """Cut ``[Category,...] ^label^`` off an Archidekt line; the categories pick the board."""
    if body.endswith("^") and (i := body.rfind("^", 0, -1)) >= 0:
        body = body[:i].rstrip()
    if not (body.endswith("]") and (i := body.rfind("[")) >= 0):
        return body, board
    categories = {_MODIFIER.sub("", c).strip().lower() for c in body[i + 1 : -1].split(",")}
    body = body[:i].rstrip()
    if categories & {"maybeboard", "considering"}:
        return body, None
    return body, next((b for b in ("commander", "companion", "sideboard") if b in categories), board)


def _parse_text(lines: list[str], path: str, fmt: str) -> Iterator[Placed]:
    """Arena, MTGO .txt, Moxfield, Archidekt and XMage: one card per line, optional headers."""
    blank_splits = fmt in ("arena", "mtgo", "moxfield") and not any(map(_header, lines))
    board: str | None = "main"
    after_blank = seen_card = False
    for number, line in enumerate(lines, 1):
        if not line:
            after_blank = True
            continue
        if line.startswith(("#", "//")) or (fmt == "xmage" and line.upper().startswith(("NAME:", "LAYOUT "))):
            continue
        if key := _header(line):
            board = _TEXT_HEADERS[key]
            continue
        if board == "about" or (fmt == "arena" and not seen_card and line.startswith("Name ")):
            continue  # Arena's "Name <deck name>" line, under "About" or (pasted without it) first
        if blank_splits and after_blank and seen_card and board == "main":
            board = "sideboard"  # MTGO: one blank line between main deck and sideboard
        after_blank, seen_card = False, True
        body, line_board = line.removeprefix("- "), board
        if sb := _SB.match(body):
            body, line_board = body[sb.end():], "sideboard"
        if fmt == "archidekt":
            body, line_board = _archidekt_board(body, line_board)
        elif fmt == "moxfield" and (i := body.find(" #")) >= 0:
            body = body[:i]  # Moxfield tags: "#Removal #!Global"
        yield line_board, _card(body, path, number, fmt, _xmage_name if fmt == "xmage" else _plain_name)


def _parse_forge(lines: list[str], path: str) -> Iterator[Placed]:
    """Forge .dck: ``[Section]`` headers, then ``N Name|SET|ART`` lines."""
    section, board = "", None
    for number, line in enumerate(lines, 1):
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section not in _FORGE_SECTIONS:
                expected = "expected [Main], [Sideboard], [Commander] or [metadata]"
                raise DeckError(path, number, f"unknown section '{_short(line)}'; {expected}")
            board = _FORGE_SECTIONS[section]
        elif section != "metadata":
            yield board, _card(line, path, number, "forge", lambda rest: rest.split("|")[0])


def _parse_xml(lines: list[str], path: str) -> tuple[str, list[Placed]]:
    """MTGO .dek (``<Deck><Cards .../>``) and Cockatrice .cod (``<cockatrice_deck><zone>``)."""
    start = next(i for i, line in enumerate(lines) if line)  # tolerate blank lines before <?xml
    for number, line in enumerate(lines, 1):
        if re.search(r"<!(DOCTYPE|ENTITY)", line, re.IGNORECASE):
            raise DeckError(path, number, "DOCTYPE and ENTITY declarations are not allowed in a deck file")
    parser = ET.XMLPullParser(events=("start", "end"))
    fmt, zone, placed = "", None, []
    number = start + 1
    try:
        for number, line in enumerate(lines[start:], start + 1):
            parser.feed(line + "\n")
            for event, element in parser.read_events():
                tag = element.tag.rpartition("}")[2]
                if not fmt:
                    fmt = {"Deck": "mtgo-dek", "cockatrice_deck": "cockatrice"}.get(tag, "")
                    if not fmt:
                        expected = "expected <Deck> (MTGO .dek) or <cockatrice_deck> (Cockatrice .cod)"
                        raise DeckError(path, number, f"unknown XML deck <{_short(tag)}>; {expected}")
                elif fmt == "cockatrice" and tag == "zone":
                    zone = {"main": "main", "side": "sideboard"}.get(element.get("name", ""))
                    zone = zone if event == "start" else None
                elif event == "start" and fmt == "mtgo-dek" and tag == "Cards":
                    side = element.get("Sideboard", "").strip().lower() == "true"
                    card = _xml_card(element, path, number, "Quantity", "Name")
                    placed.append(("sideboard" if side else "main", card))
                elif event == "start" and fmt == "cockatrice" and tag == "card":
                    placed.append((zone, _xml_card(element, path, number, "number", "name")))
        parser.close()
    except ET.ParseError as e:
        message = str(e).split(": line ")[0]
        raise DeckError(path, e.position[0] + start, f"the XML does not parse: {message}") from None
    except ValueError:  # lone surrogates cannot be encoded for the XML parser
        raise DeckError(path, number, "the text has characters that are not valid Unicode") from None
    return fmt, placed


def _xml_card(element: ET.Element, path: str, line: int, count_key: str, name_key: str) -> DeckEntry:
    tag = element.tag.rpartition("}")[2]
    name = _clean(element.get(name_key, ""))
    if not name:
        raise DeckError(path, line, f"<{tag}> has no {name_key}=\"...\"; this reader needs card names")
    count = _count(element.get(count_key, ""), path, line, count_key, f" for '{_short(name)}'")
    return DeckEntry(count, name, line)
