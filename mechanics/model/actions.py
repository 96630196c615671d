"""Actions: frozen values whose ``str()`` is a line of the scenario language.

Every input to a game (a key in the TUI, a scenario line, an autopilot move, a
journal entry) is one of these, applied with :meth:`mechanics.play.game.Game.play`.
``parse_action(str(a)) == a`` for every action (round-trip tested), so the
journal of a game is a scenario file.

Object references stay textual (an alias, a card name or ``"Name"#N``) and are
resolved when the action is applied, so a printed action reads as typed.

Each action writes its form once, on its fields: the declarations of
:mod:`~mechanics.model.words` (``arg``, ``rest``, ``flag``, ``option``,
``repeated``) are read by one :meth:`Action.parse` and printed by one
:meth:`Action.words`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import words as W
from .errors import NotationError
from .words import arg, flag, option, quote, repeated, rest, slots, split_line

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
            return cls(**W.read_fields(cls, words))
        except W.Misfit as exc:
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

    step: str = arg(W.step)
    player: str = arg(W.player, "")


@dataclass(frozen=True)
class Autopass(Action, usage="autopass PLAYER [STOP]..."):
    """Pass for PLAYER while they have nothing to do but pass or are not at one of
    their STOPs (smart stops, :mod:`mechanics.play.stops`)."""

    player: str = arg(W.player)
    stops: tuple[str, ...] = rest(lambda words: tuple(map(W.stop, words)), least=0, default=())


@dataclass(frozen=True)
class PlayLand(Action, usage="play PLAYER CARD"):
    player: str = arg(W.player)
    card: str = arg()


@dataclass(frozen=True)
class Cast(Action, usage="cast PLAYER CARD [mode N]... [target REF]... [x N] [free] [kicked] [with KEYWORD]"):
    player: str = arg(W.player)
    card: str = arg()
    modes: tuple[int, ...] = repeated("mode", W.number("mode"), what="mode", kw_only=True)  # 700.2
    targets: tuple[str, ...] = repeated("target", what="ref")
    x: int = option("x", W.number("x"), 0, what="number")
    free: bool = flag("free")
    kicked: bool = flag("kicked", kw_only=True)  # 702.33: the kicker cost is paid too
    alt: str = option("with", str.lower, "", what="keyword")  # 118.9: an alternative cost (evoke)


@dataclass(frozen=True)
class SuspendCard(Action, usage="suspend PLAYER CARD"):
    """Suspend a card in the hand (702.62a, a special action: 116.2f): pay its suspend
    cost and exile it with its N time counters."""

    player: str = arg(W.player)
    card: str = arg()


@dataclass(frozen=True)
class Activate(Action, usage="activate PLAYER OBJ [N] [target REF]... [x N]"):
    player: str = arg(W.player)
    obj: str = arg()
    n: int = arg(W.integer, 1, when=str.isdigit)
    targets: tuple[str, ...] = repeated("target", what="ref")
    x: int = option("x", W.number("x"), 0, what="number")


@dataclass(frozen=True)
class AddMana(Action, usage="mana PLAYER COST"):
    player: str = arg(W.player)
    cost: str = rest(lambda words: W.mana("".join(words)), lambda cost: [cost], what="cost")


@dataclass(frozen=True)
class Attack(Action, usage="attack PLAYER OBJ [-> DEFENDER]..."):
    player: str = arg(W.player)
    attackers: tuple[tuple[str, str], ...] = rest(W.attackers, W.unattackers, what="ref",
                                                  fixed=("->",))


@dataclass(frozen=True)
class Block(Action, usage="block PLAYER BLOCKER ATTACKER [BLOCKER ATTACKER]..."):
    player: str = arg(W.player)
    blocks: tuple[tuple[str, str], ...] = rest(
        W.blocks, lambda pairs: [w for pair in pairs for w in pair], least=2, what="object")


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

    player: str = arg(W.player)


@dataclass(frozen=True)
class Keep(Action, usage="keep PLAYER [CARD]..."):
    """Keep the hand, putting one card per mulligan on the bottom (103.5)."""

    player: str = arg(W.player)
    bottom: tuple[str, ...] = rest(least=0, default=())


@dataclass(frozen=True)
class Concede(Action, usage="concede PLAYER"):
    player: str = arg(W.player)


# ---------------------------------------------------------------- manual actions


@dataclass(frozen=True)
class Move(Action, usage="move OBJ ZONE [PLAYER] [bottom]", manual=True):
    """Move an object by hand; ``bottom`` puts it under a library instead of on top."""

    obj: str = arg()
    zone: str = arg(W.zone)
    player: str = arg(W.player, "")
    bottom: bool = flag("bottom")

    def __post_init__(self) -> None:
        if self.bottom and self.zone != "library":
            raise NotationError("'bottom' goes with the library zone")


@dataclass(frozen=True)
class MoveTogether(Action, usage="move-together ZONE OBJ...", manual=True):
    """Move objects by hand at the same time (Living End): each sees the others move
    (603.6a, 603.10a)."""

    zone: str = arg(W.zone)
    objs: tuple[str, ...] = rest(what="object")


@dataclass(frozen=True)
class Draw(Action, usage="draw PLAYER [N]", manual=True):
    player: str = arg(W.player)
    n: int = arg(W.integer, 1)


@dataclass(frozen=True)
class Mill(Action, usage="mill PLAYER N", manual=True):
    player: str = arg(W.player)
    n: int = arg(W.integer)


@dataclass(frozen=True)
class Shuffle(Action, usage="shuffle PLAYER", manual=True):
    player: str = arg(W.player)


@dataclass(frozen=True)
class AddCounter(Action, usage="add-counter OBJ-or-PLAYER KIND [N]", manual=True):
    target: str = arg(what="ref")
    kind: str = arg(what="kind")
    n: int = arg(W.integer, 1)


class RemoveCounter(AddCounter, usage="remove-counter OBJ-or-PLAYER KIND [N]"): ...


def _pt_arg(sign: str) -> Any:
    """The ``P/T`` word, read into ``power`` and ``toughness`` ("+"-signed for a pump)."""
    return arg(W.pt, show=lambda pt: f"{pt[0]:{sign}d}/{pt[1]:{sign}d}", what="pt",
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
    player: str = arg(W.player)
    card: str = arg(what="card")
    alias: str = option("as", what="name")


@dataclass(frozen=True)
class Damage(Action, usage="damage OBJ-or-PLAYER N", manual=True):
    target: str = arg(what="ref")
    n: int = arg(W.integer)


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class Players(Action, usage="players N", setup=True):
    n: int = arg(W.integer)


@dataclass(frozen=True)
class Teams(Action, usage="teams p1+p2 p3+p4 [shared-life]", setup=True):
    teams: tuple[tuple[str, ...], ...] = rest(
        lambda words: tuple(tuple(W.player(p) for p in w.split("+")) for w in words),
        lambda teams: ["+".join(t) for t in teams], what="player")
    shared_life: bool = flag("shared-life")


@dataclass(frozen=True)
class Seed(Action, usage="seed N", setup=True):
    n: int = arg(W.number("the seed", 2**63 - 1), what="number")


@dataclass(frozen=True)
class DeckCmd(Action, usage="deck PLAYER FILE", setup=True):
    player: str = arg(W.player)
    path: str = arg(what="file")


@dataclass(frozen=True)
class _ZoneCards(Action, setup=True):
    player: str = arg(W.player)
    cards: tuple[str, ...] = rest(W.cards, W.uncards, default=(), what="card")


class LibraryCmd(_ZoneCards, usage="library PLAYER CARD..."): ...


class HandCmd(_ZoneCards, usage="hand PLAYER CARD..."): ...


class GraveyardCmd(_ZoneCards, usage="graveyard PLAYER CARD..."): ...


class ExileCmd(_ZoneCards, usage="exile PLAYER CARD..."): ...


@dataclass(frozen=True)
class BattlefieldCmd(Action, setup=True,
                     usage="battlefield PLAYER CARD [as ALIAS] [tapped] [token] [sick] "
                           "[counter KIND=N]... [attached-to OBJ] [choose VALUE]"):
    player: str = arg(W.player)
    card: str = arg(what="card")
    alias: str = option("as", what="name")
    tapped: bool = flag("tapped")
    token: bool = flag("token")
    sick: bool = flag("sick")
    counters: tuple[tuple[str, int], ...] = repeated(
        "counter", W.counter, lambda counter: f"{counter[0]}={counter[1]}", what="counter")
    attached_to: str = option("attached-to")
    choose: str = option("choose", what="value")


@dataclass(frozen=True)
class Life(Action, usage="life PLAYER N", setup=True):
    player: str = arg(W.player)
    n: int = arg(W.integer)


@dataclass(frozen=True)
class PlayerCounter(Action, usage="counter PLAYER KIND N", setup=True):
    player: str = arg(W.player)
    kind: str = arg(what="kind")
    n: int = arg(W.integer)


@dataclass(frozen=True)
class TurnCmd(Action, usage="turn PLAYER STEP [number N]", setup=True):
    player: str = arg(W.player)
    step: str = arg(W.step)
    number: int = option("number", W.number("number"), 0, what="number")


@dataclass(frozen=True)
class Start(Action, usage="start [PLAYER]", setup=True):
    """Begin a game from the libraries: shuffle, draw opening hands (103)."""

    first: str = arg(W.player, "p1")


@dataclass(frozen=True)
class Goldfish(Action, usage="goldfish PLAYER...", setup=True):
    """Mark players as goldfish: they pass priority and declare nothing by themselves."""

    players: tuple[str, ...] = rest(lambda words: tuple(map(W.player, words)), default=(),
                                    what="player")
