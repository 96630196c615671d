"""The words of a scenario line: quoting and splitting a line, reading and
printing each kind of word (a player, a step, a number, a card list...), and
the declarations an action's fields give their words with (:func:`arg`,
:func:`rest`, :func:`flag`, :func:`option`, :func:`repeated`), which
:mod:`~mechanics.model.actions` reads and prints each form by.

Each reader takes a word (a ``rest``: its list of words) and returns the value
or raises :class:`~mechanics.model.errors.NotationError` naming the word and
what was expected.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from itertools import groupby
from typing import Any

from .errors import NotationError
from .mana import parse_mana
from .state import STEPS, ZONES

_SAFE = re.compile(r"^[A-Za-z0-9_+\-/.:{}=>#,]+$")
_NUMBERED = re.compile(r"^(.*)#(\d+)$")
#: what :meth:`str.splitlines` ends a line at: no word of a one-line action holds one
_LINE_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _one_line(word: str, where: str) -> str:
    """The word, if it has no line break (else ``where`` names it in the error)."""
    if _LINE_BREAK.search(word):
        raise NotationError(f"{where} {word!r} has a line break in it; a scenario line is one line")
    return word


def quote(word: str) -> str:
    """Quote a word for a scenario line; ``Name#2`` becomes ``"Name"#2``.

    A word with a line break is refused: its line would read back as two."""
    _one_line(word, "the word")
    if word and _SAFE.match(word):
        return word
    m = _NUMBERED.match(word)
    if m and m.group(1):
        return f"{quote_plain(m.group(1))}#{m.group(2)}"
    return quote_plain(word)


def quote_plain(word: str) -> str:
    if '"' not in word and "\\" not in word:
        return f'"{word}"'
    return shlex.quote(word)


def split_line(line: str) -> list[str]:
    """Split a scenario line into words like a POSIX shell, dropping a ``#`` comment.

    A comment starts at a ``#`` outside quotes at the start of a word, so
    ``"Grizzly Bears"#2`` is a reference and ``# it doesn't`` a comment.  A
    word with a line break in it (quoted, or a form feed) is refused, as
    :func:`quote` couldn't print it back on one line.
    """
    try:
        lexer = shlex.shlex(_strip_comment(line), posix=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        words = list(lexer)
    except ValueError as exc:
        raise NotationError(f"{exc} (a quoted name left open?)") from None
    return [_one_line(word, f"word {i}") for i, word in enumerate(words, 1)]


def _strip_comment(line: str) -> str:
    quote_char = ""
    for i, ch in enumerate(line):
        if quote_char:
            if ch == quote_char:
                quote_char = ""
        elif ch in "\"'":
            quote_char = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


# ---------------------------------------------------------------- words


MAX_NUMBER = 1_000_000  # any number in a line: ``counter p1 rad 10000000000000`` is a mistake


def integer(word: str, what: str = "N", limit: int = MAX_NUMBER) -> int:
    try:
        n = int(word)
    except ValueError:
        raise NotationError(f"expected a number for {what}, got '{word[:20]}'") from None
    if abs(n) > limit:
        raise NotationError(f"{what} must be at most {limit:,}, not {word[:20]}")
    return n


def number(what: str, limit: int = MAX_NUMBER) -> Callable[[str], int]:
    return lambda word: integer(word, what, limit)


def player(word: str) -> str:
    if not re.fullmatch(r"p[1-9][0-9]*", word):
        raise NotationError(f"expected a player such as p1, got '{word}'")
    return word


def step(word: str) -> str:
    if word not in STEPS:
        raise NotationError(f"unknown step '{word}'; steps are: {' '.join(STEPS)}")
    return word


def stop(word: str) -> str:
    """A stop: a step of the player's own turn, ``their-STEP`` of an opponent's, or
    ``full-control`` (stop whenever they get priority)."""
    if word.removeprefix("their-") not in STEPS and word != "full-control":
        raise NotationError(f"unknown stop '{word}'; a stop is a step ({' '.join(STEPS)}), "
                            "or their-STEP for an opponent's turn")
    return word


def zone(word: str) -> str:
    if word not in ZONES:
        raise NotationError(f"unknown zone '{word}'; zones are: {' '.join(ZONES)}")
    return word


def pt(word: str) -> tuple[int, int]:
    m = re.fullmatch(r"([+-]?\d+)/([+-]?\d+)", word)
    if not m:
        raise NotationError(f"expected +P/+T such as +2/-2, got '{word}'")
    return integer(m.group(1), "power"), integer(m.group(2), "toughness")


def mana(cost: str) -> str:
    """Mana to add to a pool, such as ``{G}{G}{U}`` or ``{2}``: each symbol a kind of
    mana (106.1b: five colors and colorless) or a number of colorless."""
    symbols = parse_mana(cost)
    if not symbols:
        raise NotationError(f"no mana in '{cost}'; write it like {{G}}{{G}}{{U}}")
    bad = [s for s in symbols if s not in ("W", "U", "B", "R", "G", "C")]
    if bad:
        raise NotationError(f"'{{{bad[0]}}}' is not a kind of mana; use {{W}} {{U}} {{B}} {{R}} {{G}} {{C}} or a number")
    return cost


def counter(word: str) -> tuple[str, int]:
    kind, eq, n = word.partition("=")
    if not eq or not kind:
        raise NotationError(f"expected counter KIND=N, got '{word}'")
    return kind, integer(n, "the counter count")


class Misfit(NotationError):
    """Words that don't fit the form; :meth:`Action.parse` adds the form's usage."""


def attackers(words: list[str]) -> tuple[tuple[str, str], ...]:
    """``A -> p2 B -> jace``: each attacker, optionally followed by ``->`` and the player
    or planeswalker it attacks (508.1b)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i + 1] == "->":
            if i + 2 == len(words):
                raise Misfit("too few words")
            out.append((words[i], words[i + 2]))
            i += 3
        else:
            out.append((words[i], ""))
            i += 1
    return tuple(out)


def unattackers(pairs: tuple[tuple[str, str], ...]) -> list[str]:
    return [w for obj, to in pairs for w in ([obj, "->", to] if to else [obj])]


def blocks(words: list[str]) -> tuple[tuple[str, str], ...]:
    if len(words) % 2:
        raise Misfit("a blocker needs an attacker")
    return tuple(zip(words[::2], words[1::2], strict=True))


MAX_CARDS = 10_000  # ``"Forest" x999999999`` is a mistake, not a library


def cards(words: list[str]) -> tuple[str, ...]:
    """Card lists with ``"Forest" x3`` repetition."""
    out: list[str] = []
    for w in words:
        m = re.fullmatch(r"x(\d+)", w)
        if m and out:
            if len(out) + int(m.group(1)) > MAX_CARDS:
                raise NotationError(f"at most {MAX_CARDS} cards in one line, not '{w}'")
            out += [out[-1]] * (int(m.group(1)) - 1)
        else:
            out.append(w)
    return tuple(out)


def uncards(cards: tuple[str, ...]) -> list[str]:
    """The words of a card list: a run of one card is the card and ``xN``."""
    words: list[str] = []
    for card, run in groupby(cards):
        n = len(list(run))
        words += [card, f"x{n}"] if n > 1 else [card]
    return words


# ---------------------------------------------------------------- the grammar


@dataclass(frozen=True)
class Slot:
    """Where a field's words stand in a line, what they are, and how they read and print."""

    kind: str  # "arg", "rest", "flag", "option" or "repeated"
    read: Callable[[Any], Any]  # a word (a rest: the list of its words) -> the value
    show: Callable[[Any], Any]  # the value -> a word (a rest: a list of words)
    key: str = ""  # the keyword that starts a flag or an option
    least: int = 0  # the fewest words a rest takes
    when: Callable[[str], bool] | None = None  # which words an optional arg takes
    into: tuple[str, ...] = ()  # the fields one arg fills, when more than its own
    # what its words are, for the TUI's completion: "player", "step", "zone", "number",
    # "object" (an alias or a card name), "card" (a card name), "ref" (an object or a
    # player), "mode" (a mode of the card cast), or another word (nothing to offer: "name", "cost", "file"...)
    what: str = ""
    fixed: tuple[str, ...] = ()  # the fixed words a rest may hold besides its kind's


#: what the words a reader takes are, when its field doesn't say (``what=``)
_WHAT: dict[Callable[..., Any], str] = {
    player: "player", step: "step", zone: "zone", integer: "number", str: "object",
    tuple: "object"}


def _slot(default: Any, what: str, kw_only: bool = False, **kw: Any) -> Any:
    slot = Slot(what=what or _WHAT.get(kw["read"], ""), **kw)
    return field(default=default, metadata={"slot": slot}, kw_only=kw_only)


def arg(read: Callable[[str], Any] = str, default: Any = MISSING, *,
        show: Callable[[Any], str] = str, what: str = "",
        when: Callable[[str], bool] | None = None, into: tuple[str, ...] = ()) -> Any:
    """A word in its place after the command.  With a default it may be left out:
    it is there when the next word is no keyword and passes ``when``, and it isn't
    printed at its default."""
    return _slot(default, what, kind="arg", read=read, show=show, when=when, into=into)


def rest(read: Callable[[list[str]], Any] = tuple, show: Callable[[Any], list[str]] = list, *,
         least: int = 1, default: Any = MISSING, what: str = "",
         fixed: tuple[str, ...] = ()) -> Any:
    """Every word after the args that isn't a keyword (``least`` of them at least)."""
    return _slot(default, what, kind="rest", read=read, show=show, least=least, fixed=fixed)


def flag(key: str, kw_only: bool = False) -> Any:
    """The word ``key``, present or not (``kw_only``: as for :func:`repeated`)."""
    return _slot(False, "", kw_only, kind="flag", read=bool, show=str, key=key)


def option(key: str, read: Callable[[str], Any] = str, default: Any = "", *,
           what: str = "") -> Any:
    """``key VALUE`` once, anywhere after the args; not printed at its default."""
    return _slot(default, what, kind="option", read=read, show=str, key=key)


def repeated(key: str, read: Callable[[str], Any] = str, show: Callable[[Any], str] = str, *,
             what: str = "", kw_only: bool = False) -> Any:
    """``key VALUE`` any number of times, anywhere after the args, into a tuple.
    ``kw_only``: printed in its place but given by name (a field added to an action
    without moving the positional fields after it)."""
    return _slot((), what, kw_only, kind="repeated", read=read, show=show, key=key)


@cache
def slots(cls: type) -> tuple[tuple[str, Any, Slot], ...]:
    """Each declared field of an action class: its name, default and slot, in order."""
    return tuple((f.name, f.default, f.metadata["slot"])
                 for f in fields(cls) if "slot" in f.metadata)


def read_fields(cls: type, words: list[str]) -> dict[str, Any]:
    """The field values of a ``cls`` line from the words after its command: first
    which words go to which field (else the form doesn't fit), then their values."""
    form = slots(cls)
    args = [(name, default, s) for name, default, s in form if s.kind == "arg"]
    keyed = {s.key: (name, s) for name, _, s in form if s.key}
    tail = [(name, s) for name, _, s in form if s.kind == "rest"]
    if len(words) < sum(d is MISSING for _, d, _ in args) + sum(s.least for _, s in tail):
        raise Misfit("too few words")
    given: list[tuple[str, Slot, Any]] = []  # a field, its slot and its word(s)
    i = 0
    for name, default, s in args:
        if i == len(words):
            break
        if default is not MISSING and (words[i] in keyed or s.when and not s.when(words[i])):
            continue  # an optional arg left out
        given.append((name, s, words[i]))
        i += 1
    loose: list[str] = []
    while i < len(words):
        w = words[i]
        if w not in keyed:
            if not tail:
                raise Misfit(f"unexpected word '{w}'")
            loose.append(w)
            i += 1
            continue
        name, s = keyed[w]
        if s.kind != "repeated" and any(name == n for n, _, _ in given):
            raise Misfit(f"'{w}' given twice")
        if s.kind == "flag":
            given.append((name, s, w))
            i += 1
        elif i + 1 < len(words):
            given.append((name, s, words[i + 1]))
            i += 2
        else:
            raise Misfit(f"'{w}' needs a value")
    for name, s in tail:
        if len(loose) < s.least:  # keywords took the words a rest needs
            raise Misfit(f"no {name.replace('_', ' ')} given")
        given.append((name, s, loose))
    values: dict[str, Any] = {}
    for name, s, word in given:
        value = s.read(word)
        if s.into:
            values.update(zip(s.into, value, strict=True))
        else:
            values[name] = (*values.get(name, ()), value) if s.kind == "repeated" else value
    return values
