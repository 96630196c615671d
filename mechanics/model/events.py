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
    """An object moved (``obj`` is its id, ``epoch`` its epoch in the new zone)."""

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
    """``amount`` counters of kind ``kind_`` on an object (``obj``) or a player (``player``)."""

    kind_: str
    amount: int
    obj: int | None = None
    player: str | None = None


@dataclass(frozen=True)
class CountersPut(_Counters):
    """Counters were put on an object or a player."""

    source_item: int | None = None  # the stack item whose resolution put them


@dataclass(frozen=True)
class CountersRemoved(_Counters):
    """Counters were removed from an object or a player."""


@dataclass(frozen=True)
class Tapped(Event):
    obj: int


@dataclass(frozen=True)
class Untapped(Event):
    obj: int


@dataclass(frozen=True)
class TokenCreated(Event):
    obj: int
    name: str
    controller: str


@dataclass(frozen=True)
class DamageDealt(Event):
    amount: int
    source: int | None
    obj: int | None = None
    player: str | None = None
    combat: bool = False


@dataclass(frozen=True)
class LifeChanged(Event):
    player: str
    amount: int  # negative for loss


@dataclass(frozen=True)
class Milled(Event):
    """Cards milled as one event (701.17): all at once."""

    player: str
    objs: tuple[int, ...]
    nonland: int


@dataclass(frozen=True)
class Drew(Event):
    """One card drawn; ``index`` of ``of`` cards drawn by one instruction."""

    player: str
    obj: int
    index: int = 0
    of: int = 1


@dataclass(frozen=True)
class PhasedOut(Event):
    obj: int
    indirectly: bool = False


@dataclass(frozen=True)
class PhasedIn(Event):
    obj: int
    indirectly: bool = False


@dataclass(frozen=True)
class StepBegan(Event):
    step: str
    active: str
    turn: int


@dataclass(frozen=True)
class SpellCast(Event):
    item: int
    source: int
    controller: str


@dataclass(frozen=True)
class BecameTarget(Event):
    """A permanent became a target of a spell or ability put on the stack (ward, 702.21a);
    ``controller`` controls that spell or ability."""

    item: int
    obj: int
    epoch: int
    controller: str


@dataclass(frozen=True)
class AttackersDeclared(Event):
    attackers: tuple[int, ...]


@dataclass(frozen=True)
class KeywordAction(Event):
    """A keyword action was performed (``name`` such as ``proliferate``).

    ``data`` holds what was chosen, e.g. the objects and players proliferated.
    """

    name: str
    player: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class AbilityResolved(Event):
    """A triggered or activated ability finished resolving."""

    item: int
    handler: str
    controller: str
    source: int | None
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class GameOver(Event):
    winner: str | None
    reason: str
