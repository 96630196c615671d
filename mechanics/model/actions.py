"""Actions: frozen values whose ``str()`` is a line of the scenario language.

Every input to a game (a key in the TUI, a scenario line, an autopilot move, a
journal entry) is one of these, applied with :meth:`mechanics.play.game.Game.play`.
``parse_action(str(a)) == a`` for every action (round-trip tested), so the
journal of a game is a scenario file.

Object references stay textual (an alias, a card name or ``"Name"#N``) and are
resolved when the action is applied, so a printed action reads as typed.

Each action writes its form once, on its fields: the declarations below
(:func:`arg`, :func:`rest`, :func:`flag`, :func:`option`, :func:`repeated`)
are read by one :meth:`Action.parse` and printed by one :meth:`Action.words`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from itertools import groupby
from typing import Any, ClassVar

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


def _int(word: str, what: str = "N", limit: int = MAX_NUMBER) -> int:
    try:
        n = int(word)
    except ValueError:
        raise NotationError(f"expected a number for {what}, got '{word[:20]}'") from None
    if abs(n) > limit:
        raise NotationError(f"{what} must be at most {limit:,}, not {word[:20]}")
    return n


def _number(what: str, limit: int = MAX_NUMBER) -> Callable[[str], int]:
    return lambda word: _int(word, what, limit)


def _player(word: str) -> str:
    if not re.fullmatch(r"p[1-9][0-9]*", word):
        raise NotationError(f"expected a player such as p1, got '{word}'")
    return word


def _step(word: str) -> str:
    if word not in STEPS:
        raise NotationError(f"unknown step '{word}'; steps are: {' '.join(STEPS)}")
    return word


def _stop(word: str) -> str:
    """A stop: a step of the player's own turn, ``their-STEP`` of an opponent's, or
    ``full-control`` (stop whenever they get priority)."""
    if word.removeprefix("their-") not in STEPS and word != "full-control":
        raise NotationError(f"unknown stop '{word}'; a stop is a step ({' '.join(STEPS)}), "
                            "or their-STEP for an opponent's turn")
    return word


def _zone(word: str) -> str:
    if word not in ZONES:
        raise NotationError(f"unknown zone '{word}'; zones are: {' '.join(ZONES)}")
    return word


def _pt(word: str) -> tuple[int, int]:
    m = re.fullmatch(r"([+-]?\d+)/([+-]?\d+)", word)
    if not m:
        raise NotationError(f"expected +P/+T such as +2/-2, got '{word}'")
    return _int(m.group(1), "power"), _int(m.group(2), "toughness")


def _mana(cost: str) -> str:
    """Mana to add to a pool, such as ``{G}{G}{U}`` or ``{2}``: each symbol a kind of
    mana (106.1b: five colors and colorless) or a number of colorless."""
    symbols = parse_mana(cost)
    if not symbols:
        raise NotationError(f"no mana in '{cost}'; write it like {{G}}{{G}}{{U}}")
    bad = [s for s in symbols if s not in ("W", "U", "B", "R", "G", "C")]
    if bad:
        raise NotationError(f"'{{{bad[0]}}}' is not a kind of mana; use {{W}} {{U}} {{B}} {{R}} {{G}} {{C}} or a number")
    return cost


def _counter(word: str) -> tuple[str, int]:
    kind, eq, n = word.partition("=")
    if not eq or not kind:
        raise NotationError(f"expected counter KIND=N, got '{word}'")
    return kind, _int(n, "the counter count")


class _Misfit(NotationError):
    """Words that don't fit the form; :meth:`Action.parse` adds the form's usage."""


def _attackers(words: list[str]) -> tuple[tuple[str, str], ...]:
    """``A -> p2 B -> jace``: each attacker, optionally followed by ``->`` and the player
    or planeswalker it attacks (508.1b)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i + 1] == "->":
            if i + 2 == len(words):
                raise _Misfit("too few words")
            out.append((words[i], words[i + 2]))
            i += 3
        else:
            out.append((words[i], ""))
            i += 1
    return tuple(out)


def _unattackers(pairs: tuple[tuple[str, str], ...]) -> list[str]:
    return [w for obj, to in pairs for w in ([obj, "->", to] if to else [obj])]


def _blocks(words: list[str]) -> tuple[tuple[str, str], ...]:
    if len(words) % 2:
        raise _Misfit("a blocker needs an attacker")
    return tuple(zip(words[::2], words[1::2], strict=True))


MAX_CARDS = 10_000  # ``"Forest" x999999999`` is a mistake, not a library


def _cards(words: list[str]) -> tuple[str, ...]:
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


def _uncards(cards: tuple[str, ...]) -> list[str]:
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
    _player: "player", _step: "step", _zone: "zone", _int: "number", str: "object",
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


def _read(cls: type, words: list[str]) -> dict[str, Any]:
    """The field values of a ``cls`` line from the words after its command: first
    which words go to which field (else the form doesn't fit), then their values."""
    form = slots(cls)
    args = [(name, default, s) for name, default, s in form if s.kind == "arg"]
    keyed = {s.key: (name, s) for name, _, s in form if s.key}
    tail = [(name, s) for name, _, s in form if s.kind == "rest"]
    if len(words) < sum(d is MISSING for _, d, _ in args) + sum(s.least for _, s in tail):
        raise _Misfit("too few words")
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
                raise _Misfit(f"unexpected word '{w}'")
            loose.append(w)
            i += 1
            continue
        name, s = keyed[w]
        if s.kind != "repeated" and any(name == n for n, _, _ in given):
            raise _Misfit(f"'{w}' given twice")
        if s.kind == "flag":
            given.append((name, s, w))
            i += 1
        elif i + 1 < len(words):
            given.append((name, s, words[i + 1]))
            i += 2
        else:
            raise _Misfit(f"'{w}' needs a value")
    for name, s in tail:
        if len(loose) < s.least:  # keywords took the words a rest needs
            raise _Misfit(f"no {name.replace('_', ' ')} given")
        given.append((name, s, loose))
    values: dict[str, Any] = {}
    for name, s, word in given:
        value = s.read(word)
        if s.into:
            values.update(zip(s.into, value, strict=True))
        else:
            values[name] = (*values.get(name, ()), value) if s.kind == "repeated" else value
    return values


REGISTRY: dict[str, type[Action]] = {}


@dataclass(frozen=True)
class Action:
    """Base class.  A subclass names its form's syntax, ``usage``, whose first word
    is the ``command``, and whether it is a ``manual`` or a ``setup`` action.

    Each field declares its words with :func:`arg`, :func:`rest`, :func:`flag`,
    :func:`option` or :func:`repeated`: :meth:`parse` reads a line by those
    declarations and :meth:`words` prints one, so each form is written once.  A
    subclass that only names another form of its base's fields (``Tap``) adds no
    field, so it needs no ``@dataclass`` of its own.
    """

    command: ClassVar[str] = ""
    usage: ClassVar[str] = ""
    manual: ClassVar[bool] = False  # a sandbox action, not a rules action
    setup: ClassVar[bool] = False

    def __init_subclass__(cls, usage: str = "", manual: bool = False, setup: bool = False,
                          **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.manual, cls.setup = manual or cls.manual, setup or cls.setup
        if usage:
            cls.usage, cls.command = usage, usage.split()[0]
            REGISTRY[cls.command] = cls

    def words(self) -> list[str]:
        """The words after the command (each quoted as needed by ``__str__``)."""
        out: list[str] = []
        for name, default, s in slots(type(self)):
            value = tuple(getattr(self, n) for n in s.into) if s.into else getattr(self, name)
            if s.kind == "rest":
                out += s.show(value)
            elif s.kind == "repeated":
                out += [w for v in value for w in (s.key, s.show(v))]
            elif s.kind == "arg" and value != default:
                out.append(s.show(value))
            elif s.kind == "option" and value != default:
                out += [s.key, s.show(value)]
            elif s.kind == "flag" and value:
                out.append(s.key)
        return out

    def __str__(self) -> str:
        return " ".join([self.command, *map(quote, self.words())])

    @classmethod
    def parse(cls, words: list[str]) -> Action:
        """The action of the words after the command (raises :class:`NotationError`)."""
        try:
            return cls(**_read(cls, words))
        except _Misfit as exc:
            raise NotationError(f"{exc}; usage: {cls.usage}") from None


def parse_action(line: str) -> Action:
    """Parse one scenario line into an action (raises :class:`NotationError`)."""
    words = split_line(line)
    if not words:
        raise NotationError("empty line")
    cls = REGISTRY.get(words[0])
    if cls is None:
        import difflib  # cost: only for a bad command's suggestion

        near = difflib.get_close_matches(words[0], list(REGISTRY), n=3)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise NotationError(f"unknown command '{words[0]}'{hint}")
    return cls.parse(words[1:])


# ---------------------------------------------------------------- rules actions


@dataclass(frozen=True)
class Pass(Action, usage="pass"):
    """Every player passes priority once in turn."""


@dataclass(frozen=True)
class Resolve(Action, usage="resolve [all]"):
    all: bool = flag("all")


@dataclass(frozen=True)
class Goto(Action, usage="goto STEP [PLAYER]"):
    """Pass until STEP next begins (in PLAYER's turn, when given)."""

    step: str = arg(_step)
    player: str = arg(_player, "")


@dataclass(frozen=True)
class Autopass(Action, usage="autopass PLAYER [STOP]..."):
    """Pass for PLAYER while they have nothing to do but pass or are not at one of
    their STOPs (smart stops, :mod:`mechanics.play.stops`)."""

    player: str = arg(_player)
    stops: tuple[str, ...] = rest(lambda words: tuple(map(_stop, words)), least=0, default=())


@dataclass(frozen=True)
class PlayLand(Action, usage="play PLAYER CARD"):
    player: str = arg(_player)
    card: str = arg()


@dataclass(frozen=True)
class Cast(Action, usage="cast PLAYER CARD [mode N]... [target REF]... [x N] [free] [kicked] [with KEYWORD]"):
    player: str = arg(_player)
    card: str = arg()
    modes: tuple[int, ...] = repeated("mode", _number("mode"), what="mode", kw_only=True)  # 700.2
    targets: tuple[str, ...] = repeated("target", what="ref")
    x: int = option("x", _number("x"), 0, what="number")
    free: bool = flag("free")
    kicked: bool = flag("kicked", kw_only=True)  # 702.33: the kicker cost is paid too
    alt: str = option("with", str.lower, "", what="keyword")  # 118.9: an alternative cost (evoke)


@dataclass(frozen=True)
class SuspendCard(Action, usage="suspend PLAYER CARD"):
    """Suspend a card in the hand (702.62a, a special action: 116.2f): pay its suspend
    cost and exile it with its N time counters."""

    player: str = arg(_player)
    card: str = arg()


@dataclass(frozen=True)
class Activate(Action, usage="activate PLAYER OBJ [N] [target REF]... [x N]"):
    player: str = arg(_player)
    obj: str = arg()
    n: int = arg(_int, 1, when=str.isdigit)
    targets: tuple[str, ...] = repeated("target", what="ref")
    x: int = option("x", _number("x"), 0, what="number")


@dataclass(frozen=True)
class AddMana(Action, usage="mana PLAYER COST"):
    player: str = arg(_player)
    cost: str = rest(lambda words: _mana("".join(words)), lambda cost: [cost], what="cost")


@dataclass(frozen=True)
class Attack(Action, usage="attack PLAYER OBJ [-> DEFENDER]..."):
    player: str = arg(_player)
    attackers: tuple[tuple[str, str], ...] = rest(_attackers, _unattackers, what="ref",
                                                  fixed=("->",))


@dataclass(frozen=True)
class Block(Action, usage="block PLAYER BLOCKER ATTACKER [BLOCKER ATTACKER]..."):
    player: str = arg(_player)
    blocks: tuple[tuple[str, str], ...] = rest(
        _blocks, lambda pairs: [w for pair in pairs for w in pair], least=2, what="object")


@dataclass(frozen=True)
class Choose(Action, usage="choose REF... | choose none"):
    refs: tuple[str, ...] = rest(lambda words: () if words == ["none"] else tuple(words),
                                 lambda refs: list(refs) or ["none"], default=(),
                                 what="ref", fixed=("none",))


@dataclass(frozen=True)
class Order(Action, usage="order OBJ..."):
    refs: tuple[str, ...] = rest(default=())


@dataclass(frozen=True)
class Mulligan(Action, usage="mulligan PLAYER"):
    """London mulligan (103.5): shuffle the hand away and draw seven again."""

    player: str = arg(_player)


@dataclass(frozen=True)
class Keep(Action, usage="keep PLAYER [CARD]..."):
    """Keep the hand, putting one card per mulligan on the bottom (103.5)."""

    player: str = arg(_player)
    bottom: tuple[str, ...] = rest(least=0, default=())


@dataclass(frozen=True)
class Concede(Action, usage="concede PLAYER"):
    player: str = arg(_player)


# ---------------------------------------------------------------- manual actions


@dataclass(frozen=True)
class Move(Action, usage="move OBJ ZONE [PLAYER] [bottom]", manual=True):
    """Move an object by hand; ``bottom`` puts it under a library instead of on top."""

    obj: str = arg()
    zone: str = arg(_zone)
    player: str = arg(_player, "")
    bottom: bool = flag("bottom")

    def __post_init__(self) -> None:
        if self.bottom and self.zone != "library":
            raise NotationError("'bottom' goes with the library zone")


@dataclass(frozen=True)
class MoveTogether(Action, usage="move-together ZONE OBJ...", manual=True):
    """Move objects by hand at the same time (Living End): each sees the others move
    (603.6a, 603.10a)."""

    zone: str = arg(_zone)
    objs: tuple[str, ...] = rest(what="object")


@dataclass(frozen=True)
class Draw(Action, usage="draw PLAYER [N]", manual=True):
    player: str = arg(_player)
    n: int = arg(_int, 1)


@dataclass(frozen=True)
class Mill(Action, usage="mill PLAYER N", manual=True):
    player: str = arg(_player)
    n: int = arg(_int)


@dataclass(frozen=True)
class Shuffle(Action, usage="shuffle PLAYER", manual=True):
    player: str = arg(_player)


@dataclass(frozen=True)
class AddCounter(Action, usage="add-counter OBJ-or-PLAYER KIND [N]", manual=True):
    target: str = arg(what="ref")
    kind: str = arg(what="kind")
    n: int = arg(_int, 1)


class RemoveCounter(AddCounter, usage="remove-counter OBJ-or-PLAYER KIND [N]"): ...


def _pt_arg(sign: str) -> Any:
    """The ``P/T`` word, read into ``power`` and ``toughness`` ("+"-signed for a pump)."""
    return arg(_pt, show=lambda pt: f"{pt[0]:{sign}d}/{pt[1]:{sign}d}", what="pt",
               into=("power", "toughness"))


@dataclass(frozen=True)
class Pump(Action, usage="pump OBJ +P/+T", manual=True):
    obj: str = arg()
    power: int = _pt_arg("+")
    toughness: int  # read and printed with ``power``, in one word


@dataclass(frozen=True)
class SetPT(Action, usage="set-pt OBJ P/T", manual=True):
    """The value of a ``*`` power/toughness the engine doesn't compute (604.3), set by hand."""

    obj: str = arg()
    power: int = _pt_arg("")
    toughness: int  # read and printed with ``power``, in one word


@dataclass(frozen=True)
class _ObjOnly(Action, manual=True):
    obj: str = arg()


class Tap(_ObjOnly, usage="tap OBJ"): ...


class Untap(_ObjOnly, usage="untap OBJ"): ...


class PhaseOut(_ObjOnly, usage="phase-out OBJ"): ...


class PhaseIn(_ObjOnly, usage="phase-in OBJ"): ...


class Transform(_ObjOnly, usage="transform OBJ"): ...


class Flip(_ObjOnly, usage="flip OBJ"): ...


@dataclass(frozen=True)
class Token(Action, usage="token PLAYER CARD [as ALIAS]", manual=True):
    player: str = arg(_player)
    card: str = arg(what="card")
    alias: str = option("as", what="name")


@dataclass(frozen=True)
class Damage(Action, usage="damage OBJ-or-PLAYER N", manual=True):
    target: str = arg(what="ref")
    n: int = arg(_int)


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class Players(Action, usage="players N", setup=True):
    n: int = arg(_int)


@dataclass(frozen=True)
class Teams(Action, usage="teams p1+p2 p3+p4 [shared-life]", setup=True):
    teams: tuple[tuple[str, ...], ...] = rest(
        lambda words: tuple(tuple(_player(p) for p in w.split("+")) for w in words),
        lambda teams: ["+".join(t) for t in teams], what="player")
    shared_life: bool = flag("shared-life")


@dataclass(frozen=True)
class Seed(Action, usage="seed N", setup=True):
    n: int = arg(_number("the seed", 2**63 - 1), what="number")


@dataclass(frozen=True)
class DeckCmd(Action, usage="deck PLAYER FILE", setup=True):
    player: str = arg(_player)
    path: str = arg(what="file")


@dataclass(frozen=True)
class _ZoneCards(Action, setup=True):
    player: str = arg(_player)
    cards: tuple[str, ...] = rest(_cards, _uncards, default=(), what="card")


class LibraryCmd(_ZoneCards, usage="library PLAYER CARD..."): ...


class HandCmd(_ZoneCards, usage="hand PLAYER CARD..."): ...


class GraveyardCmd(_ZoneCards, usage="graveyard PLAYER CARD..."): ...


class ExileCmd(_ZoneCards, usage="exile PLAYER CARD..."): ...


@dataclass(frozen=True)
class BattlefieldCmd(Action, setup=True,
                     usage="battlefield PLAYER CARD [as ALIAS] [tapped] [token] [sick] "
                           "[counter KIND=N]... [attached-to OBJ] [choose VALUE]"):
    player: str = arg(_player)
    card: str = arg(what="card")
    alias: str = option("as", what="name")
    tapped: bool = flag("tapped")
    token: bool = flag("token")
    sick: bool = flag("sick")
    counters: tuple[tuple[str, int], ...] = repeated(
        "counter", _counter, lambda counter: f"{counter[0]}={counter[1]}", what="counter")
    attached_to: str = option("attached-to")
    choose: str = option("choose", what="value")


@dataclass(frozen=True)
class Life(Action, usage="life PLAYER N", setup=True):
    player: str = arg(_player)
    n: int = arg(_int)


@dataclass(frozen=True)
class PlayerCounter(Action, usage="counter PLAYER KIND N", setup=True):
    player: str = arg(_player)
    kind: str = arg(what="kind")
    n: int = arg(_int)


@dataclass(frozen=True)
class TurnCmd(Action, usage="turn PLAYER STEP [number N]", setup=True):
    player: str = arg(_player)
    step: str = arg(_step)
    number: int = option("number", _number("number"), 0, what="number")


@dataclass(frozen=True)
class Start(Action, usage="start [PLAYER]", setup=True):
    """Begin a game from the libraries: shuffle, draw opening hands (103)."""

    first: str = arg(_player, "p1")


@dataclass(frozen=True)
class Goldfish(Action, usage="goldfish PLAYER...", setup=True):
    """Mark players as goldfish: they pass priority and declare nothing by themselves."""

    players: tuple[str, ...] = rest(lambda words: tuple(map(_player, words)), default=(),
                                    what="player")
