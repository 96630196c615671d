"""The game state: plain, picklable data and nothing else.

Everything that changes during a game lives here, so that undo is "restore a
pickled copy" and a journal replay reproduces it exactly.  Behaviour (cards'
abilities, plugins) is looked up by name at run time and never stored.

Zones hold object ids.  A card keeps its id across zones; ``Obj.epoch`` counts
its zone changes so that a reference taken earlier (a target, "that creature")
can tell it is no longer the same object (400.7).
"""

from __future__ import annotations

import operator
import random
from dataclasses import MISSING, dataclass, field, fields
from typing import Any


def compact(cls: type) -> type:
    """Pickle a record as its class and its field values in order.  For a slotted
    class pickle's default writes a dict of slots per object; this is as fast to
    write, three times faster to read and half the size (undo and every action's
    history snapshot pickle the whole state)."""
    values = operator.attrgetter(*(f.name for f in fields(cls)))
    cls.__reduce__ = lambda self: (cls, values(self))
    return cls


def quick(cls: type) -> type:
    """The dataclass's ``__init__``, same signature, with a field whose default factory is
    ``dict`` or ``list`` defaulting to None and given a new ``{}`` or ``[]`` literal, not a
    factory call behind a sentinel test: a game makes its 60 cards' objects, measured 15%
    faster (an explicit None is a new empty one, as the type says it can't be None)."""
    env: dict[str, Any] = {}
    params, body = [], []
    for f in fields(cls):
        if f.default_factory is not MISSING:
            params.append(f"{f.name}=None")
            literal = {dict: "{}", list: "[]"}[f.default_factory]  # (a KeyError: another factory)
            body.append(f"    self.{f.name} = {literal} if {f.name} is None else {f.name}\n")
            continue
        if f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        else:
            params.append(f.name)
        body.append(f"    self.{f.name} = {f.name}\n")
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(body)}", env)  # noqa: S102 - built from field names
    init = env["__init__"]
    init.__qualname__, init.__module__ = f"{cls.__qualname__}.__init__", cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
PLAYER_ZONES = ("library", "hand", "graveyard", "exile")

STEPS = (
    "untap", "upkeep", "draw", "main1", "combat", "attackers", "blockers",
    "damage", "endcombat", "main2", "end", "cleanup",
)


@compact
@quick
@dataclass(slots=True)
class Obj:
    """A card, token or copy of a card, in some zone."""

    id: int
    name: str  # the card it is (its printed facts come from the pool)
    owner: str
    controller: str
    zone: str
    timestamp: int = 0
    epoch: int = 0
    token: bool = False
    tapped: bool = False
    phased_out: bool = False
    phased_indirectly: bool = False
    phased_under: str | None = None
    sick: bool = False
    damage: int = 0
    deathtouch_damage: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    copy_of: str | None = None  # copiable values (707.2): the name of the card it copies
    choices: dict[str, str] = field(default_factory=dict)  # as-enters choices
    attacking: str | None = None  # the defending player
    attacked: int | None = None  # the planeswalker it attacks (508.1b); -1: it has left (no damage)
    blocking: list[int] = field(default_factory=list)
    blocked: bool = False

    @property
    def ref(self) -> tuple[int, int]:
        """A reference to this object that goes stale when it changes zones."""
        return (self.id, self.epoch)


@compact
@quick
@dataclass(slots=True)
class Player:
    """A player: life, counters and zones (library top is index 0)."""

    name: str
    life: int = 20
    counters: dict[str, int] = field(default_factory=dict)
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    exile: list[int] = field(default_factory=list)
    lost: bool = False
    loss_reason: str = ""
    drew_from_empty: bool = False
    lands_played: int = 0
    mana: list[str] = field(default_factory=list)  # the mana pool, one symbol per mana
    mulligans: int = 0
    kept: bool = True
    auto: bool = False  # a goldfish: passes priority and declares nothing by itself
    turns: int = 0  # turns this player has begun


@compact
@quick
@dataclass(eq=False, slots=True)  # an item is itself: the stack can hold two alike (and `in` stays fast)
class StackItem:
    """A spell or ability on the stack.

    ``kind`` is ``spell``, ``triggered``, ``activated`` or ``sourceless``;
    ``handler`` names the code that resolves it (see :mod:`mechanics.abilities`).
    """

    id: int
    kind: str
    controller: str
    source: int | None
    source_epoch: int
    handler: str  # an AbilityRef's text, or a plugin's handler name
    text: str
    targets: tuple[Any, ...] = ()
    x: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    timestamp: int = 0


@dataclass(frozen=True)
class AbilityRef:
    """A printed ability by its card's name and its index among the card's abilities:
    the ``handler`` of a stack item or a trigger that runs it, written as
    ``ability:NAME:IDX`` (``str()``; :meth:`parse` reads it back)."""

    card: str
    index: int

    def __str__(self) -> str:
        return f"{ABILITY}{self.card}:{self.index}"

    @staticmethod
    def parse(handler: str) -> AbilityRef | None:
        """The ability a handler names, or None for a plugin's own handler.  The index
        is after the last colon: a card's name may hold one."""
        if not handler.startswith(ABILITY):
            return None
        card, _, index = handler[len(ABILITY):].rpartition(":")
        return AbilityRef(card, int(index))


ABILITY = "ability:"


def while_present(obj: Obj, tapped: bool = False) -> str:
    """``Effect.until`` for "for as long as OBJ remains on the battlefield" (611.2b);
    ``tapped``: "... remains tapped", ended for good as it untaps (``Game.untap``)."""
    return f"{WHILE}{obj.id}:{obj.epoch}" + (WHILE_TAPPED if tapped else "")


def while_controlled(oid: int, epoch: int, player: str) -> str:
    """``Effect.until`` for "for as long as PLAYER controls OBJ" (611.2b): it also ends once
    the object leaves the battlefield."""
    return f"{WHILE}{oid}:{epoch}:{player}"


WHILE = "while:"
WHILE_TAPPED = ":tapped"


def next_turn(player: str) -> str:
    """``Effect.until`` for "until your next turn" (611.2): it ends as ``player``'s next turn begins."""
    return f"{NEXT_TURN}{player}"


NEXT_TURN = "turn:"

#: ``Effect.until`` for "during its controller's next untap step" (502.3): it ends as the
#: untap step of its permanent's controller does
NEXT_UNTAP = "next-untap"
#: ``Obj.choices`` key: "If that creature would die this turn, exile it instead" (614.1a,
#: Lava Coil) was applied to this object in the turn it holds
EXILED_IF_DIES = "exiled-if-dies"


@compact
@dataclass(slots=True)
class Effect:
    """A continuous effect from a resolved spell or ability (611.2), in layers (613).

    ``affected`` are object refs locked in when the effect began (611.2c);
    ``until`` is ``"eot"``, :func:`while_present` (for as long as that object
    stays on the battlefield, phased in), :data:`NEXT_UNTAP` or ``""`` (indefinitely).
    """

    id: int
    layer: str  # '1', '2', '4', '6', '7b', '7c'
    kind: str
    affected: tuple[tuple[int, int], ...]
    params: dict[str, Any]
    timestamp: int
    until: str = "eot"
    source: tuple[int, int] | None = None

    def lasts_while(self) -> tuple[int, int] | None:
        """The object (id, epoch) a "for as long as" effect lasts while (its ``until``
        from :func:`while_present`), else None."""
        if not self.until.startswith(WHILE):
            return None
        oid, epoch, *_ = self.until[len(WHILE):].removesuffix(WHILE_TAPPED).split(":")
        return int(oid), int(epoch)

    def controlled_by(self) -> str:
        """The player who must keep control of that object (:func:`while_controlled`), or ""."""
        parts = self.until[len(WHILE):].removesuffix(WHILE_TAPPED).split(":") if self.until.startswith(WHILE) else ()
        return parts[2] if len(parts) > 2 else ""


@dataclass
class Decision:
    """What the game is waiting for, when it is not simply a priority pass."""

    kind: str  # 'choose', 'order', 'targets', 'attackers', 'blockers', 'discard', 'mulligan'
    player: str
    prompt: str
    options: tuple[Any, ...] = ()
    min: int = 0
    max: int = 1
    data: dict[str, Any] = field(default_factory=dict)


#: a list's length -> (index, bits to draw for it) in the order :meth:`State.shuffle` draws
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


@dataclass
class State:
    """Everything that changes during a game."""

    players: dict[str, Player] = field(default_factory=dict)
    teams: list[list[str]] = field(default_factory=list)
    shared_life: bool = False
    objs: dict[int, Obj] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    turn: int = 0
    active: str = "p1"
    step: str = "main1"
    priority: str | None = "p1"
    passes: int = 0
    first_turn_player: str = "p1"
    pending_triggers: list[dict[str, Any]] = field(default_factory=list)
    decision: Decision | None = None
    proc: dict[str, Any] | None = None  # a process suspended on a decision
    lki: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    #: a designation only one player has at a time -> that player ("monarch": 724)
    designations: dict[str, str] = field(default_factory=dict)
    #: objects exiled until an opponent of ``player`` gets ``designation`` (610.3c: Palace
    #: Jailer): ``{"obj": (id, epoch in exile), "designation": "monarch", "player": P}``
    exiled_until: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 1
    clock: int = 1  # the timestamp source
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    seed: int = 0
    log_len: int = 0  # the game's log lines and events when this state was saved (Game._saved)
    over: bool = False
    winner: str | None = None
    kill_turn: int | None = None
    started: bool = True
    turn_flags: dict[str, Any] = field(default_factory=dict)
    aliases: dict[str, int] = field(default_factory=dict)
    n_events: int = 0
    #: delayed triggered abilities waiting for their step (603.7): each a dict with the
    #: ``step`` ("end", "upkeep", "upkeep:you"), and the ``handler``, ``source``, ``epoch``,
    #: ``controller``, ``text`` and ``data`` it triggers with
    delayed: list[dict[str, Any]] = field(default_factory=list)
    #: the emblems in the command zone (114): their ids (their static abilities apply, 114.4)
    emblems: list[int] = field(default_factory=list)
    #: 726: "day", "night" or "" (neither, as a game begins)
    day_night: str = ""
    #: a creature was made attacking in this combat (Game.attacks: declared, 508.1, or put
    #: onto the battlefield attacking, 508.4; a blocker blocks one of them) and combat hasn't
    #: ended (511.3): while it is False no creature is attacking or blocking
    combat: bool = False
    n_steps: int = 0  # the game's step log when this state was saved, as log_len (last: a snapshot's fields are positional)

    def tick(self) -> int:
        """A fresh timestamp."""
        self.clock += 1
        return self.clock

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (a library): the order ``self.rng.shuffle``
        gives, from the same numbers drawn in the same order (Fisher-Yates from the end,
        each index drawn as ``random`` draws it: k random bits, again while too big), so
        a seed deals the same game; without the two Python calls a card that costs (a
        game shuffles its 60 cards at least twice).  A test compares the orders."""
        n = len(items)
        steps = _SHUFFLE_STEPS.get(n) or _SHUFFLE_STEPS.setdefault(
            n, tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n))))
        getrandbits = self.rng.getrandbits
        for i, k in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def newest_obj(self) -> int:
        """The id of the object that joined the game last (0 for none): a mark for
        :meth:`joined_since`.  Ids only rise, but a token that left the battlefield ceases
        to exist (704.5d, ``del objs[id]``), so the number of objects is no such mark."""
        return next(reversed(self.objs), 0)

    def joined_since(self, mark: int) -> list[Obj]:
        """The objects that joined the game after ``mark`` (:meth:`newest_obj`), newest first."""
        objs, out = self.objs, []
        for oid in reversed(objs):
            if oid <= mark:
                break
            out.append(objs[oid])
        return out

    def team_of(self, player: str) -> list[str]:
        for team in self.teams:
            if player in team:
                return team
        return [player]

    def turn_order(self) -> list[str]:
        """Players in turn order starting with the active player (APNAP, 101.4)."""
        names = list(self.players)
        i = names.index(self.active)
        order = names[i:] + names[:i]
        team = self.team_of(self.active)
        return [p for p in order if p in team] + [p for p in order if p not in team]
