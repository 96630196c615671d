"""Events: frozen, past-tense records of what the engine's primitives did.

Every primitive emits one.  Replacement effects apply before a primitive
happens; triggered abilities are collected from these events after it.
Plugins say which event kinds they care about (``Event.kind`` is the class
name) so that the engine only calls them for those.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    """Base class; ``kind`` is the class name, used to route events to plugins."""

    kind: ClassVar[str] = "Event"  # a class attribute: read for every event, so not computed

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class _Counters(Event):
    """``amount`` counters of kind ``kind_`` on an object (``obj``) or a player
    (``player``); the other of the two is None."""

    kind_: str
    amount: int
    obj: int | None = None
    player: str | None = None


@dataclass(frozen=True)
class CountersPut(_Counters):
    """Counters were put on an object or a player: ``kind_``, ``amount``, ``obj`` or
    ``player``; ``source_item``: the id of the stack item whose resolution put them."""

    source_item: int | None = None  # the stack item whose resolution put them


@dataclass(frozen=True)
class CountersRemoved(_Counters):
    """Counters were removed from an object or a player: ``kind_``, ``amount``,
    ``obj`` or ``player``."""


@dataclass(frozen=True)
class Tapped(Event):
    """The permanent ``obj`` became tapped."""

    obj: int


@dataclass(frozen=True)
class Untapped(Event):
    """The permanent ``obj`` became untapped."""

    obj: int


@dataclass(frozen=True)
class Exerted(Event):
    """The permanent ``obj`` was exerted (701.43a): it won't untap during its controller's
    next untap step."""

    obj: int


@dataclass(frozen=True)
class TokenCreated(Event):
    """A token ``obj`` named ``name`` was created under ``controller``'s control (a
    ZoneChanged with ``from_zone`` ``""`` follows)."""

    obj: int
    name: str
    controller: str


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class LifeChanged(Event):
    """``player``'s life total changed by ``amount``: positive a gain, negative a loss."""

    player: str
    amount: int  # negative for loss


@dataclass(frozen=True)
class Milled(Event):
    """Cards milled as one event (701.17): all at once.  ``player`` milled the cards
    ``objs``, ``nonland`` of which are not lands."""

    player: str
    objs: tuple[int, ...]
    nonland: int


@dataclass(frozen=True)
class Drew(Event):
    """``player`` drew the card ``obj``; it is the ``index``-th (from 0) of ``of``
    cards drawn by one instruction."""

    player: str
    obj: int
    index: int = 0
    of: int = 1


@dataclass(frozen=True)
class PhasedOut(Event):
    """``obj`` phased out (702.26); ``indirectly``: with what it is attached to (702.26g)."""

    obj: int
    indirectly: bool = False


@dataclass(frozen=True)
class PhasedIn(Event):
    """``obj`` phased in (702.26); ``indirectly``: with what it is attached to."""

    obj: int
    indirectly: bool = False


@dataclass(frozen=True)
class StepBegan(Event):
    """The step or phase ``step`` (``"untap"``, ``"upkeep"``, ``"main1"``, ``"attackers"``,
    ...) of turn ``turn`` began, ``active`` the active player; emitted before its
    turn-based actions."""

    step: str
    active: str
    turn: int


@dataclass(frozen=True)
class SpellCast(Event):
    """``controller`` cast a spell (601): ``item`` its stack item's id, ``source`` the
    card's object id."""

    item: int
    source: int
    controller: str


@dataclass(frozen=True)
class SpellCopied(Event):
    """``controller`` put a copy of the spell ``name`` on the stack (707.10; storm, "copy
    target instant or sorcery spell"): ``item`` the copy's stack item id (magecraft:
    "Whenever you cast or copy an instant or sorcery spell")."""

    item: int
    name: str
    controller: str


@dataclass(frozen=True)
class BecameTarget(Event):
    """The permanent ``obj`` (with ``epoch``) became a target of the stack item ``item``
    (ward, 702.21a); ``controller`` controls that spell or ability."""

    item: int
    obj: int
    epoch: int
    controller: str


@dataclass(frozen=True)
class AttackersDeclared(Event):
    """Attackers were declared (508.1): ``attackers``, the attacking creatures' ids (empty
    when none attack).  Whom each attacks is ``game.obj(oid).attacking`` (a player)."""

    attackers: tuple[int, ...]


@dataclass(frozen=True)
class BlockersDeclared(Event):
    """Blockers were declared (509.1): ``blocks``, one ``(blocker, attacker)`` pair of
    object ids for each creature that blocks and the attacker it blocks (empty when
    none block).  Emitted in every combat with attackers, before any ``BecameBlocked``."""

    blocks: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class BecameBlocked(Event):
    """The attacking creature ``attacker`` became blocked (509.1h): once, however many
    creatures block it; ``blockers`` the ids of the creatures blocking it."""

    attacker: int
    blockers: tuple[int, ...]


@dataclass(frozen=True)
class KeywordAction(Event):
    """``player`` performed the keyword action ``name`` (such as ``proliferate``).
    ``data`` holds what was chosen, e.g. the objects and players proliferated."""

    name: str
    player: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class AbilityResolved(Event):
    """A triggered or activated ability finished resolving: ``item`` its stack item's
    id, ``handler`` what resolved it, ``controller``, ``source`` its source's id (None
    for a sourceless one), ``data`` the item's data plus what ``resolve_item`` returned."""

    item: int
    handler: str
    controller: str
    source: int | None
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended: ``winner`` (None for a draw) and the ``reason``."""

    winner: str | None
    reason: str
