"""Actions: frozen values whose ``str()`` is a line of the scenario language.

Every input to a game (a key in the TUI, a scenario line, an autopilot move, a
journal entry) is one of these, applied with :meth:`mechanics.game.Game.play`.
``parse_action(str(a)) == a`` for every action (round-trip tested), so the
journal of a game is a scenario file.

Object references stay textual (an alias, a card name or ``"Name"#N``) and are
resolved when the action is applied, so a printed action reads as typed.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from .errors import NotationError
from .state import STEPS, ZONES

_SAFE = re.compile(r"^[A-Za-z0-9_+\-/.:{}=>#,]+$")
_NUMBERED = re.compile(r"^(.*)#(\d+)$")


def quote(word: str) -> str:
    """Quote a word for a scenario line; ``Name#2`` becomes ``"Name"#2``."""
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
    ``"Grizzly Bears"#2`` is a reference and ``# it doesn't`` a comment.
    """
    try:
        lexer = shlex.shlex(_strip_comment(line), posix=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError as exc:
        raise NotationError(f"{exc} (a quoted name left open?)") from None


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


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"expected a number for {what}, got '{word}'") from None


def _player(word: str) -> str:
    if not re.fullmatch(r"p[1-9][0-9]*", word):
        raise NotationError(f"expected a player such as p1, got '{word}'")
    return word


def _step(word: str) -> str:
    if word not in STEPS:
        raise NotationError(f"unknown step '{word}'; steps are: {' '.join(STEPS)}")
    return word


def _zone(word: str) -> str:
    if word not in ZONES:
        raise NotationError(f"unknown zone '{word}'; zones are: {' '.join(ZONES)}")
    return word


def _need(words: list[str], n: int, usage: str) -> None:
    if len(words) < n:
        raise NotationError(f"too few words; usage: {usage}")


REGISTRY: dict[str, type[Action]] = {}


@dataclass(frozen=True)
class Action:
    """Base class.  ``command`` is the first word; ``usage`` the form's syntax."""

    command: ClassVar[str] = ""
    usage: ClassVar[str] = ""
    manual: ClassVar[bool] = False  # a sandbox action, not a rules action
    setup: ClassVar[bool] = False

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.command:
            REGISTRY[cls.command] = cls

    def words(self) -> list[str]:
        """The words after the command (each quoted as needed by ``__str__``)."""
        return [str(getattr(self, f.name)) for f in fields(self)]

    def __str__(self) -> str:
        return " ".join([self.command, *(quote(w) for w in self.words() if w != "")])

    @classmethod
    def parse(cls, words: list[str]) -> Action:
        names = [f.name for f in fields(cls)]
        _need(words, len(names), cls.usage)
        if len(words) > len(names):
            raise NotationError(f"unexpected word '{words[len(names)]}'; usage: {cls.usage}")
        return cls(*words)


def parse_action(line: str) -> Action:
    """Parse one scenario line into an action (raises :class:`NotationError`)."""
    words = split_line(line)
    if not words:
        raise NotationError("empty line")
    cls = REGISTRY.get(words[0])
    if cls is None:
        import difflib

        near = difflib.get_close_matches(words[0], list(REGISTRY), n=3)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        raise NotationError(f"unknown command '{words[0]}'{hint}")
    return cls.parse(words[1:])


def _options(words: list[str], flags: set[str], valued: dict[str, str], usage: str,
             multi: set[str] = frozenset()) -> dict[str, Any]:
    """Parse ``flag`` and ``name VALUE`` options; ``multi`` names repeat into tuples."""
    out: dict[str, Any] = {m: [] for m in multi}
    i = 0
    while i < len(words):
        w = words[i]
        if w in flags:
            out[w] = True
            i += 1
        elif w in valued or w in multi:
            if i + 1 >= len(words):
                raise NotationError(f"'{w}' needs a value; usage: {usage}")
            if w in multi:
                out[w].append(words[i + 1])
            else:
                out[w] = words[i + 1]
            i += 2
        else:
            raise NotationError(f"unexpected word '{w}'; usage: {usage}")
    return {k: tuple(v) if k in multi else v for k, v in out.items()}


# ---------------------------------------------------------------- rules actions


@dataclass(frozen=True)
class Pass(Action):
    """Every player passes priority once in turn."""

    command: ClassVar[str] = "pass"
    usage: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Resolve(Action):
    command: ClassVar[str] = "resolve"
    usage: ClassVar[str] = "resolve [all]"
    all: bool = False

    def words(self) -> list[str]:
        return ["all"] if self.all else []

    @classmethod
    def parse(cls, words: list[str]) -> Resolve:
        if words not in ([], ["all"]):
            raise NotationError(f"unexpected word '{words[-1]}'; usage: {cls.usage}")
        return cls(bool(words))


@dataclass(frozen=True)
class Goto(Action):
    """Pass until STEP next begins (in PLAYER's turn, when given)."""

    command: ClassVar[str] = "goto"
    usage: ClassVar[str] = "goto STEP [PLAYER]"
    step: str
    player: str = ""

    @classmethod
    def parse(cls, words: list[str]) -> Goto:
        _need(words, 1, cls.usage)
        if len(words) > 2:
            raise NotationError(f"unexpected word '{words[2]}'; usage: {cls.usage}")
        return cls(_step(words[0]), _player(words[1]) if len(words) > 1 else "")


@dataclass(frozen=True)
class PlayLand(Action):
    command: ClassVar[str] = "play"
    usage: ClassVar[str] = "play PLAYER CARD"
    player: str
    card: str

    @classmethod
    def parse(cls, words: list[str]) -> PlayLand:
        _need(words, 2, cls.usage)
        if len(words) > 2:
            raise NotationError(f"unexpected word '{words[2]}'; usage: {cls.usage}")
        return cls(_player(words[0]), words[1])


@dataclass(frozen=True)
class Cast(Action):
    command: ClassVar[str] = "cast"
    usage: ClassVar[str] = "cast PLAYER CARD [target REF]... [x N] [free]"
    player: str
    card: str
    targets: tuple[str, ...] = ()
    x: int = 0
    free: bool = False

    def words(self) -> list[str]:
        out = [self.player, self.card]
        for t in self.targets:
            out += ["target", t]
        if self.x:
            out += ["x", str(self.x)]
        return out + (["free"] if self.free else [])

    @classmethod
    def parse(cls, words: list[str]) -> Cast:
        _need(words, 2, cls.usage)
        o = _options(words[2:], {"free"}, {"x": "N"}, cls.usage, multi={"target"})
        return cls(_player(words[0]), words[1], o["target"], _int(o.get("x", "0"), "x"),
                   bool(o.get("free")))


@dataclass(frozen=True)
class Activate(Action):
    command: ClassVar[str] = "activate"
    usage: ClassVar[str] = "activate PLAYER OBJ [N] [target REF]... [x N]"
    player: str
    obj: str
    n: int = 1
    targets: tuple[str, ...] = ()
    x: int = 0

    def words(self) -> list[str]:
        out = [self.player, self.obj] + ([str(self.n)] if self.n != 1 else [])
        for t in self.targets:
            out += ["target", t]
        return out + (["x", str(self.x)] if self.x else [])

    @classmethod
    def parse(cls, words: list[str]) -> Activate:
        _need(words, 2, cls.usage)
        rest, n = words[2:], 1
        if rest and rest[0].isdigit():
            n, rest = int(rest[0]), rest[1:]
        o = _options(rest, set(), {"x": "N"}, cls.usage, multi={"target"})
        return cls(_player(words[0]), words[1], n, o["target"], _int(o.get("x", "0"), "x"))


@dataclass(frozen=True)
class AddMana(Action):
    command: ClassVar[str] = "mana"
    usage: ClassVar[str] = "mana PLAYER COST"
    player: str
    cost: str

    @classmethod
    def parse(cls, words: list[str]) -> AddMana:
        _need(words, 2, cls.usage)
        return cls(_player(words[0]), "".join(words[1:]))


def _pairs(words: list[str], usage: str) -> tuple[tuple[str, str], ...]:
    """``A -> p2 B`` style lists: each object optionally followed by ``-> PLAYER``."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        obj, target = words[i], ""
        if i + 2 < len(words) + 1 and i + 1 < len(words) and words[i + 1] == "->":
            _need(words[i + 2:], 1, usage)
            target = _player(words[i + 2])
            i += 3
        else:
            i += 1
        out.append((obj, target))
    return tuple(out)


@dataclass(frozen=True)
class Attack(Action):
    command: ClassVar[str] = "attack"
    usage: ClassVar[str] = "attack PLAYER OBJ [-> PLAYER]..."
    player: str
    attackers: tuple[tuple[str, str], ...]

    def words(self) -> list[str]:
        out = [self.player]
        for obj, tgt in self.attackers:
            out += [obj] + (["->", tgt] if tgt else [])
        return out

    @classmethod
    def parse(cls, words: list[str]) -> Attack:
        _need(words, 2, cls.usage)
        return cls(_player(words[0]), _pairs(words[1:], cls.usage))


@dataclass(frozen=True)
class Block(Action):
    command: ClassVar[str] = "block"
    usage: ClassVar[str] = "block PLAYER BLOCKER ATTACKER [BLOCKER ATTACKER]..."
    player: str
    blocks: tuple[tuple[str, str], ...]

    def words(self) -> list[str]:
        return [self.player] + [w for pair in self.blocks for w in pair]

    @classmethod
    def parse(cls, words: list[str]) -> Block:
        _need(words, 3, cls.usage)
        rest = words[1:]
        if len(rest) % 2:
            raise NotationError(f"a blocker needs an attacker; usage: {cls.usage}")
        return cls(_player(words[0]), tuple(zip(rest[::2], rest[1::2], strict=True)))


@dataclass(frozen=True)
class Choose(Action):
    command: ClassVar[str] = "choose"
    usage: ClassVar[str] = "choose REF... | choose none"
    refs: tuple[str, ...] = ()

    def words(self) -> list[str]:
        return list(self.refs) or ["none"]

    @classmethod
    def parse(cls, words: list[str]) -> Choose:
        _need(words, 1, cls.usage)
        return cls(() if words == ["none"] else tuple(words))


@dataclass(frozen=True)
class Order(Action):
    command: ClassVar[str] = "order"
    usage: ClassVar[str] = "order OBJ..."
    refs: tuple[str, ...] = ()

    def words(self) -> list[str]:
        return list(self.refs)

    @classmethod
    def parse(cls, words: list[str]) -> Order:
        _need(words, 1, cls.usage)
        return cls(tuple(words))


@dataclass(frozen=True)
class Mulligan(Action):
    """London mulligan (103.5): shuffle the hand away and draw seven again."""

    command: ClassVar[str] = "mulligan"
    usage: ClassVar[str] = "mulligan PLAYER"
    player: str

    @classmethod
    def parse(cls, words: list[str]) -> Mulligan:
        _need(words, 1, cls.usage)
        return cls(_player(words[0]))


@dataclass(frozen=True)
class Keep(Action):
    """Keep the hand, putting one card per mulligan on the bottom (103.5)."""

    command: ClassVar[str] = "keep"
    usage: ClassVar[str] = "keep PLAYER [CARD]..."
    player: str
    bottom: tuple[str, ...] = ()

    def words(self) -> list[str]:
        return [self.player, *self.bottom]

    @classmethod
    def parse(cls, words: list[str]) -> Keep:
        _need(words, 1, cls.usage)
        return cls(_player(words[0]), tuple(words[1:]))


@dataclass(frozen=True)
class Concede(Action):
    command: ClassVar[str] = "concede"
    usage: ClassVar[str] = "concede PLAYER"
    player: str

    @classmethod
    def parse(cls, words: list[str]) -> Concede:
        _need(words, 1, cls.usage)
        return cls(_player(words[0]))


# ---------------------------------------------------------------- manual actions


@dataclass(frozen=True)
class Move(Action):
    """Move an object by hand; ``bottom`` puts it under a library instead of on top."""

    command: ClassVar[str] = "move"
    usage: ClassVar[str] = "move OBJ ZONE [PLAYER] [bottom]"
    manual: ClassVar[bool] = True
    obj: str
    zone: str
    player: str = ""
    bottom: bool = False

    def words(self) -> list[str]:
        return [self.obj, self.zone, self.player] + (["bottom"] if self.bottom else [])

    @classmethod
    def parse(cls, words: list[str]) -> Move:
        _need(words, 2, cls.usage)
        rest = words[2:]
        bottom = bool(rest) and rest[-1] == "bottom"
        rest = rest[:-1] if bottom else rest
        if len(rest) > 1:
            raise NotationError(f"unexpected word '{rest[1]}'; usage: {cls.usage}")
        if bottom and words[1] != "library":
            raise NotationError("'bottom' goes with the library zone")
        return cls(words[0], _zone(words[1]), _player(rest[0]) if rest else "", bottom)


@dataclass(frozen=True)
class _PlayerCount(Action):
    manual: ClassVar[bool] = True
    player: str
    n: int = 1

    def words(self) -> list[str]:
        return [self.player] + ([str(self.n)] if self.n != 1 or self.command == "mill" else [])

    @classmethod
    def parse(cls, words: list[str]) -> Action:
        _need(words, 1, cls.usage)
        if len(words) > 2:
            raise NotationError(f"unexpected word '{words[2]}'; usage: {cls.usage}")
        return cls(_player(words[0]), _int(words[1], "N") if len(words) > 1 else 1)


@dataclass(frozen=True)
class Draw(_PlayerCount):
    command: ClassVar[str] = "draw"
    usage: ClassVar[str] = "draw PLAYER [N]"


@dataclass(frozen=True)
class Mill(_PlayerCount):
    command: ClassVar[str] = "mill"
    usage: ClassVar[str] = "mill PLAYER N"


@dataclass(frozen=True)
class Shuffle(Action):
    command: ClassVar[str] = "shuffle"
    usage: ClassVar[str] = "shuffle PLAYER"
    manual: ClassVar[bool] = True
    player: str

    @classmethod
    def parse(cls, words: list[str]) -> Shuffle:
        _need(words, 1, cls.usage)
        return cls(_player(words[0]))


@dataclass(frozen=True)
class AddCounter(Action):
    command: ClassVar[str] = "add-counter"
    usage: ClassVar[str] = "add-counter OBJ-or-PLAYER KIND [N]"
    manual: ClassVar[bool] = True
    target: str
    kind: str
    n: int = 1

    def words(self) -> list[str]:
        return [self.target, self.kind] + ([str(self.n)] if self.n != 1 else [])

    @classmethod
    def parse(cls, words: list[str]) -> Action:
        _need(words, 2, cls.usage)
        if len(words) > 3:
            raise NotationError(f"unexpected word '{words[3]}'; usage: {cls.usage}")
        return cls(words[0], words[1], _int(words[2], "N") if len(words) > 2 else 1)


@dataclass(frozen=True)
class RemoveCounter(AddCounter):
    command: ClassVar[str] = "remove-counter"
    usage: ClassVar[str] = "remove-counter OBJ-or-PLAYER KIND [N]"


@dataclass(frozen=True)
class Pump(Action):
    command: ClassVar[str] = "pump"
    usage: ClassVar[str] = "pump OBJ +P/+T"
    manual: ClassVar[bool] = True
    obj: str
    power: int
    toughness: int

    def words(self) -> list[str]:
        return [self.obj, f"{self.power:+d}/{self.toughness:+d}"]

    @classmethod
    def parse(cls, words: list[str]) -> Pump:
        _need(words, 2, cls.usage)
        m = re.fullmatch(r"([+-]?\d+)/([+-]?\d+)", words[1])
        if not m or len(words) > 2:
            raise NotationError(f"expected +P/+T such as +2/-2, got '{' '.join(words[1:])}'")
        return cls(words[0], int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True)
class _ObjOnly(Action):
    manual: ClassVar[bool] = True
    obj: str


@dataclass(frozen=True)
class Tap(_ObjOnly):
    command: ClassVar[str] = "tap"
    usage: ClassVar[str] = "tap OBJ"


@dataclass(frozen=True)
class Untap(_ObjOnly):
    command: ClassVar[str] = "untap"
    usage: ClassVar[str] = "untap OBJ"


@dataclass(frozen=True)
class PhaseOut(_ObjOnly):
    command: ClassVar[str] = "phase-out"
    usage: ClassVar[str] = "phase-out OBJ"


@dataclass(frozen=True)
class PhaseIn(_ObjOnly):
    command: ClassVar[str] = "phase-in"
    usage: ClassVar[str] = "phase-in OBJ"


@dataclass(frozen=True)
class Token(Action):
    command: ClassVar[str] = "token"
    usage: ClassVar[str] = "token PLAYER CARD [as ALIAS]"
    manual: ClassVar[bool] = True
    player: str
    card: str
    alias: str = ""

    def words(self) -> list[str]:
        return [self.player, self.card] + (["as", self.alias] if self.alias else [])

    @classmethod
    def parse(cls, words: list[str]) -> Token:
        _need(words, 2, cls.usage)
        o = _options(words[2:], set(), {"as": "ALIAS"}, cls.usage)
        return cls(_player(words[0]), words[1], o.get("as", ""))


@dataclass(frozen=True)
class Damage(Action):
    command: ClassVar[str] = "damage"
    usage: ClassVar[str] = "damage OBJ-or-PLAYER N"
    manual: ClassVar[bool] = True
    target: str
    n: int

    @classmethod
    def parse(cls, words: list[str]) -> Damage:
        _need(words, 2, cls.usage)
        return cls(words[0], _int(words[1], "N"))


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class Players(Action):
    command: ClassVar[str] = "players"
    usage: ClassVar[str] = "players N"
    setup: ClassVar[bool] = True
    n: int

    @classmethod
    def parse(cls, words: list[str]) -> Players:
        _need(words, 1, cls.usage)
        return cls(_int(words[0], "N"))


@dataclass(frozen=True)
class Teams(Action):
    command: ClassVar[str] = "teams"
    usage: ClassVar[str] = "teams p1+p2 p3+p4 [shared-life]"
    setup: ClassVar[bool] = True
    teams: tuple[tuple[str, ...], ...]
    shared_life: bool = False

    def words(self) -> list[str]:
        return ["+".join(t) for t in self.teams] + (["shared-life"] if self.shared_life else [])

    @classmethod
    def parse(cls, words: list[str]) -> Teams:
        _need(words, 1, cls.usage)
        shared = "shared-life" in words
        teams = tuple(tuple(_player(p) for p in w.split("+")) for w in words if w != "shared-life")
        return cls(teams, shared)


@dataclass(frozen=True)
class Seed(Action):
    command: ClassVar[str] = "seed"
    usage: ClassVar[str] = "seed N"
    setup: ClassVar[bool] = True
    n: int

    @classmethod
    def parse(cls, words: list[str]) -> Seed:
        _need(words, 1, cls.usage)
        return cls(_int(words[0], "N"))


@dataclass(frozen=True)
class DeckCmd(Action):
    command: ClassVar[str] = "deck"
    usage: ClassVar[str] = "deck PLAYER FILE"
    setup: ClassVar[bool] = True
    player: str
    path: str

    @classmethod
    def parse(cls, words: list[str]) -> DeckCmd:
        _need(words, 2, cls.usage)
        return cls(_player(words[0]), words[1])


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
    out: list[str] = []
    for card in cards:
        if out and out[-1].split("\0")[0] == card:
            name, _, n = out[-1].partition("\0")
            out[-1] = f"{name}\0{int(n or 1) + 1}"
        else:
            out.append(card)
    words: list[str] = []
    for w in out:
        name, _, n = w.partition("\0")
        words += [name] + ([f"x{n}"] if n else [])
    return words


@dataclass(frozen=True)
class _ZoneCards(Action):
    setup: ClassVar[bool] = True
    player: str
    cards: tuple[str, ...] = ()

    def words(self) -> list[str]:
        return [self.player, *_uncards(self.cards)]

    def __str__(self) -> str:
        out = [self.command, self.player]
        for w in _uncards(self.cards):
            out.append(w if re.fullmatch(r"x\d+", w) else quote(w))
        return " ".join(out)

    @classmethod
    def parse(cls, words: list[str]) -> Action:
        _need(words, 2, cls.usage)
        return cls(_player(words[0]), _cards(words[1:]))


@dataclass(frozen=True)
class LibraryCmd(_ZoneCards):
    command: ClassVar[str] = "library"
    usage: ClassVar[str] = "library PLAYER CARD..."


@dataclass(frozen=True)
class HandCmd(_ZoneCards):
    command: ClassVar[str] = "hand"
    usage: ClassVar[str] = "hand PLAYER CARD..."


@dataclass(frozen=True)
class GraveyardCmd(_ZoneCards):
    command: ClassVar[str] = "graveyard"
    usage: ClassVar[str] = "graveyard PLAYER CARD..."


@dataclass(frozen=True)
class ExileCmd(_ZoneCards):
    command: ClassVar[str] = "exile"
    usage: ClassVar[str] = "exile PLAYER CARD..."


@dataclass(frozen=True)
class BattlefieldCmd(Action):
    command: ClassVar[str] = "battlefield"
    usage: ClassVar[str] = ("battlefield PLAYER CARD [as ALIAS] [tapped] [token] [sick] "
                            "[counter KIND=N]... [attached-to OBJ] [choose VALUE]")
    setup: ClassVar[bool] = True
    player: str
    card: str
    alias: str = ""
    tapped: bool = False
    token: bool = False
    sick: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str = ""
    choose: str = ""

    def words(self) -> list[str]:
        out = [self.player, self.card]
        out += ["as", self.alias] if self.alias else []
        out += [f for f in ("tapped", "token", "sick") if getattr(self, f)]
        for kind, n in self.counters:
            out += ["counter", f"{kind}={n}"]
        out += ["attached-to", self.attached_to] if self.attached_to else []
        return out + (["choose", self.choose] if self.choose else [])

    @classmethod
    def parse(cls, words: list[str]) -> BattlefieldCmd:
        _need(words, 2, cls.usage)
        o = _options(words[2:], {"tapped", "token", "sick"},
                     {"as": "", "attached-to": "", "choose": ""}, cls.usage, multi={"counter"})
        counters = []
        for c in o["counter"]:
            kind, eq, n = c.partition("=")
            if not eq or not kind:
                raise NotationError(f"expected counter KIND=N, got '{c}'")
            counters.append((kind, _int(n, "the counter count")))
        return cls(_player(words[0]), words[1], o.get("as", ""), bool(o.get("tapped")),
                   bool(o.get("token")), bool(o.get("sick")), tuple(counters),
                   o.get("attached-to", ""), o.get("choose", ""))


@dataclass(frozen=True)
class Life(Action):
    command: ClassVar[str] = "life"
    usage: ClassVar[str] = "life PLAYER N"
    setup: ClassVar[bool] = True
    player: str
    n: int

    @classmethod
    def parse(cls, words: list[str]) -> Life:
        _need(words, 2, cls.usage)
        return cls(_player(words[0]), _int(words[1], "N"))


@dataclass(frozen=True)
class PlayerCounter(Action):
    command: ClassVar[str] = "counter"
    usage: ClassVar[str] = "counter PLAYER KIND N"
    setup: ClassVar[bool] = True
    player: str
    kind: str
    n: int

    @classmethod
    def parse(cls, words: list[str]) -> PlayerCounter:
        _need(words, 3, cls.usage)
        return cls(_player(words[0]), words[1], _int(words[2], "N"))


@dataclass(frozen=True)
class TurnCmd(Action):
    command: ClassVar[str] = "turn"
    usage: ClassVar[str] = "turn PLAYER STEP [number N]"
    setup: ClassVar[bool] = True
    player: str
    step: str
    number: int = 0

    def words(self) -> list[str]:
        return [self.player, self.step] + (["number", str(self.number)] if self.number else [])

    @classmethod
    def parse(cls, words: list[str]) -> TurnCmd:
        _need(words, 2, cls.usage)
        o = _options(words[2:], set(), {"number": "N"}, cls.usage)
        return cls(_player(words[0]), _step(words[1]), _int(o.get("number", "0"), "number"))


@dataclass(frozen=True)
class Start(Action):
    """Begin a game from the libraries: shuffle, draw opening hands (103)."""

    command: ClassVar[str] = "start"
    usage: ClassVar[str] = "start [PLAYER]"
    setup: ClassVar[bool] = True
    first: str = "p1"

    def words(self) -> list[str]:
        return [] if self.first == "p1" else [self.first]

    @classmethod
    def parse(cls, words: list[str]) -> Start:
        return cls(_player(words[0])) if words else cls()


@dataclass(frozen=True)
class Goldfish(Action):
    """Mark players as goldfish: they pass priority and declare nothing by themselves."""

    command: ClassVar[str] = "goldfish"
    usage: ClassVar[str] = "goldfish PLAYER..."
    setup: ClassVar[bool] = True
    players: tuple[str, ...] = field(default=())

    def words(self) -> list[str]:
        return list(self.players)

    @classmethod
    def parse(cls, words: list[str]) -> Goldfish:
        _need(words, 1, cls.usage)
        return cls(tuple(_player(w) for w in words))
