"""Events: frozen, past-tense records of what the engine's primitives did.

Every primitive emits one (a game keeping no log builds a tap, an untap, a draw, a
life change or a move between zones other than the battlefield only when something
notices its kind: ``Game.noticing``).  Replacement effects apply before a primitive
happens; triggered abilities are collected from these events after it.
Plugins say which event kinds they care about (``Event.kind`` is the class
name) so that the engine only calls them for those.

The engine's events are frozen dataclasses (equal, hashable and immutable, as
plugins rely on) made by :func:`event`, whose ``__init__`` fills the new record in
one step: a game makes a few hundred events, and a frozen dataclass's own
``__init__`` sets each field through ``object.__setattr__``.  A plugin's own
``Event`` subclass may be a plain ``@dataclass(frozen=True)``.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar

E = TypeVar("E", bound=type)


def event(cls: E) -> E:
    """``@dataclass(frozen=True)`` with an ``__init__`` of the same signature that
    writes the fields into the instance's ``__dict__`` at once (about a third of the
    generated one's work; a frozen class can't assign them, so the generated one
    calls ``object.__setattr__`` for each).  Defaults and default factories work
    as in a dataclass; ``__post_init__`` and init-only fields are not supported."""
    cls = dataclass(frozen=True)(cls)
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: event() records have no __post_init__")
    env: dict[str, Any] = {"_FACTORY": _FACTORY}
    params, make = [], []
    for f in fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: event() records take every field")
        if f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not MISSING:  # a new value for each record
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            make.append(f"    if {f.name} is _FACTORY: {f.name} = _f_{f.name}()\n")
        else:
            params.append(f.name)
    values = ", ".join(f"{f.name}={f.name}" for f in fields(cls))
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(make)}"  # noqa: S102 - built from field names
         f"    self.__dict__.update({values})\n", env)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


_FACTORY = object()  # the default of a field with a default factory: make one

#: the kind of every event class defined so far, a plugin's own too (each adds its
#: own as it is defined): what a game that keeps a log notices (it describes each event)
KINDS: set[str] = {"Event"}


@event
class Event:
    """Base class; ``kind`` is the class name, used to route events to plugins."""

    kind: ClassVar[str] = "Event"  # a class attribute: read for every event, so not computed

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__
        KINDS.add(cls.kind)


@event
class ZoneChanged(Event):
    """An object moved between zones (or a token was created: ``from_zone`` ``""``).

    ``obj``: its id; ``epoch``: its epoch in the new zone (400.7: a new object);
    ``old_epoch``: its epoch in the zone it left (the key of its last known information);
    ``name``, ``owner``, ``controller``: as it is now; ``from_zone``, ``to_zone``: zone
    names (``"battlefield"``, ``"graveyard"``, ...); ``token``: it is a token."""

    obj: int
    epoch: int
    name: str
    owner: str
    controller: str
    from_zone: str
    to_zone: str
    old_epoch: int = -1
    token: bool = False


@event
class _Counters(Event):
    """``amount`` counters of kind ``kind_`` on an object (``obj``) or a player
    (``player``); the other of the two is None."""

    kind_: str
    amount: int
    obj: int | None = None
    player: str | None = None


@event
class CountersPut(_Counters):
    """Counters were put on an object or a player: ``kind_``, ``amount``, ``obj`` or
    ``player``; ``source_item``: the id of the stack item whose resolution put them."""

    source_item: int | None = None  # the stack item whose resolution put them


@event
class CountersRemoved(_Counters):
    """Counters were removed from an object or a player: ``kind_``, ``amount``,
    ``obj`` or ``player``."""


@event
class Tapped(Event):
    """The permanent ``obj`` became tapped."""

    obj: int


@event
class Untapped(Event):
    """The permanent ``obj`` became untapped."""

    obj: int


@event
class Exerted(Event):
    """The permanent ``obj`` was exerted (701.43a): it won't untap during its controller's
    next untap step."""

    obj: int


@event
class TokenCreated(Event):
    """A token ``obj`` named ``name`` was created under ``controller``'s control (a
    ZoneChanged with ``from_zone`` ``""`` follows)."""

    obj: int
    name: str
    controller: str


@event
class DamageDealt(Event):
    """Damage was dealt (120), one event per source and recipient: ``amount`` by the
    object ``source`` (None for a sourceless effect) to the permanent ``obj`` or the
    player ``player`` (the other is None); ``combat``: it is combat damage (510.2).
    Its results (life loss, marked damage, lifelink, toxic) come from the
    ``damage_results`` hook; this event says the damage happened."""

    amount: int
    source: int | None
    obj: int | None = None
    player: str | None = None
    combat: bool = False


@event
class LifeChanged(Event):
    """``player``'s life total changed by ``amount``: positive a gain, negative a loss."""

    player: str
    amount: int  # negative for loss


@event
class Milled(Event):
    """Cards milled as one event (701.17): all at once.  ``player`` milled the cards
    ``objs``, ``nonland`` of which are not lands."""

    player: str
    objs: tuple[int, ...]
    nonland: int


@event
class Drew(Event):
    """``player`` drew the card ``obj``; it is the ``index``-th (from 0) of ``of``
    cards drawn by one instruction."""

    player: str
    obj: int
    index: int = 0
    of: int = 1


@event
class PhasedOut(Event):
    """``obj`` phased out (702.26); ``indirectly``: with what it is attached to (702.26g)."""

    obj: int
    indirectly: bool = False


@event
class PhasedIn(Event):
    """``obj`` phased in (702.26); ``indirectly``: with what it is attached to."""

    obj: int
    indirectly: bool = False


@event
class StepBegan(Event):
    """The step or phase ``step`` (``"untap"``, ``"upkeep"``, ``"main1"``, ``"attackers"``,
    ...) of turn ``turn`` began, ``active`` the active player; emitted before its
    turn-based actions, and only when something notices the kind (a game's log, a plugin
    or an ability registered for it): every step is in ``game.step_log``, which
    ``game.steps_began`` and ``game.turn_began_at`` read."""

    step: str
    active: str
    turn: int


@event
class SpellCast(Event):
    """``controller`` cast a spell (601): ``item`` its stack item's id, ``source`` the
    card's object id."""

    item: int
    source: int
    controller: str


@event
class SpellCopied(Event):
    """``controller`` put a copy of the spell ``name`` on the stack (707.10; storm, "copy
    target instant or sorcery spell"): ``item`` the copy's stack item id (magecraft:
    "Whenever you cast or copy an instant or sorcery spell")."""

    item: int
    name: str
    controller: str


@event
class BecameTarget(Event):
    """The permanent ``obj`` (with ``epoch``) became a target of the stack item ``item``
    (ward, 702.21a); ``controller`` controls that spell or ability."""

    item: int
    obj: int
    epoch: int
    controller: str


@event
class AttackersDeclared(Event):
    """Attackers were declared (508.1): ``attackers``, the attacking creatures' ids (empty
    when none attack).  Whom each attacks is ``game.obj(oid).attacking`` (a player)."""

    attackers: tuple[int, ...]


@event
class BlockersDeclared(Event):
    """Blockers were declared (509.1): ``blocks``, one ``(blocker, attacker)`` pair of
    object ids for each creature that blocks and the attacker it blocks (empty when
    none block).  Emitted in every combat with attackers, before any ``BecameBlocked``."""

    blocks: tuple[tuple[int, int], ...]


@event
class BecameBlocked(Event):
    """The attacking creature ``attacker`` became blocked (509.1h): once, however many
    creatures block it; ``blockers`` the ids of the creatures blocking it."""

    attacker: int
    blockers: tuple[int, ...]


@event
class KeywordAction(Event):
    """``player`` performed the keyword action ``name`` (such as ``proliferate``).
    ``data`` holds what was chosen, e.g. the objects and players proliferated."""

    name: str
    player: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@event
class AbilityResolved(Event):
    """A triggered or activated ability finished resolving: ``item`` its stack item's
    id, ``handler`` what resolved it, ``controller``, ``source`` its source's id (None
    for a sourceless one), ``data`` the item's data plus what ``resolve_item`` returned."""

    item: int
    handler: str
    controller: str
    source: int | None
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@event
class GameOver(Event):
    """The game ended: ``winner`` (None for a draw) and the ``reason``."""

    winner: str | None
    reason: str
