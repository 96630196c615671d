"""Abilities: what a card does, as values the engine runs.

A card's behaviour is a :class:`Behaviour`: its abilities plus the lines of
its text that nothing implements (:mod:`mechanics.text.build` works it out).
Card scripts register here by name (:data:`SCRIPTS`, filled by
:mod:`mechanics.text.scripts` and by plugins through ``register_cards``).

Ability code receives a :class:`mechanics.play.context.Ctx` at resolution and acts
only through it, so every change is an engine primitive that is logged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model.cards import CardDef

if TYPE_CHECKING:
    from ..play.context import Ctx
    from ..play.game import Game

Resolver = Callable[["Ctx"], None]


@dataclass(frozen=True)
class Target:
    """A target requirement: ``kind`` is ``any``, ``creature``, ``player``,
    ``permanent``, ``spell``, ``graveyard`` (a card in a graveyard: its owner's with
    ``controller`` ``you``) or ``creature-you-control``; ``filter`` narrows it.
    ``max`` above 1 is "any number of" / "up to N" targets (0 to ``max``, 115.1d),
    only as an ability's last target requirement; ``other`` excludes the source;
    ``controller`` is ``you`` or ``opponent`` for "... you control" / "... an opponent
    controls" (relative to the spell's or ability's controller)."""

    kind: str = "any"
    text: str = "any target"
    filter: Callable[[Game, Any], bool] | None = None
    optional: bool = False
    max: int = 1
    other: bool = False
    controller: str = ""


@dataclass(frozen=True)
class Ability:
    text: str = ""


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell or ability (700.2): its text, targets and effect."""

    text: str
    resolve: Resolver
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True)
class Modal:
    """700.2: "choose one/two/one or both —": between ``least`` and ``most`` of the
    ``modes``, each at most once (700.2d), chosen as the spell is cast (601.2b) or the
    ability is put on the stack (603.3c).  The chosen modes (their numbers, from 1, in
    the card's order) are the stack item's ``data["modes"]``; its targets are those of
    the chosen modes, in order (see :mod:`mechanics.abilities.modes`)."""

    modes: tuple[Mode, ...]
    least: int = 1
    most: int = 1


@dataclass(frozen=True)
class SpellAbility(Ability):
    """What an instant or sorcery does as it resolves (608.2); ``modal`` for a modal
    spell (its ``resolve`` runs the chosen modes)."""

    resolve: Resolver | None = None
    targets: tuple[Target, ...] = ()
    modal: Modal | None = None


@dataclass(frozen=True)
class Triggered(Ability):
    """A triggered ability (603).

    ``events`` are the event kinds it listens to; ``match(game, obj, event)``
    returns trigger data (a dict) or None.  ``condition(game, item)`` is an
    intervening "if" (603.4), checked when it triggers and again on resolution.
    ``look_back`` abilities trigger on leaving the battlefield (603.10a) and are
    matched against the object as it last existed.
    """

    events: tuple[str, ...] = ()
    match: Callable[..., dict | None] | None = None
    resolve: Resolver | None = None
    targets: tuple[Target, ...] = ()
    condition: Callable[..., bool] | None = None
    look_back: bool = False
    step: str = ""  # "at the beginning of STEP" triggers
    step_whose: str = "you"  # 'you' or 'each'
    modal: Modal | None = None  # a modal triggered ability (700.2b)


@dataclass(frozen=True)
class Activated(Ability):
    """An activated ability (602).  ``mana`` abilities don't use the stack (605)."""

    cost: str = ""
    tap: bool = False
    resolve: Resolver | None = None
    targets: tuple[Target, ...] = ()
    mana: str = ""  # for mana abilities: the symbols it can add, e.g. 'G' or 'GU'
    sorcery: bool = False
    equip: bool = False
    #: mana abilities that add a variable amount ("Add {G} for each ..."):
    #: ``amount(game, obj) -> int`` is how many of the chosen symbol it adds (default 1)
    amount: Callable[..., int] | None = None
    #: a cost of removing counters from this permanent (602.2b), e.g. ``("+1/+1", 2)``
    remove_counters: tuple[str, int] | None = None
    #: "Sacrifice this permanent" is part of the cost (602.2b, 701.21a)
    sacrifice: bool = False
    #: mana abilities that add several symbols at once ("Add {G}{U}"): each of them
    adds: tuple[str, ...] = ()
    #: "Pay N life" is part of the cost (119.4, 602.2b)
    life: int = 0
    #: "Sacrifice a creature" / "Sacrifice another artifact" is part of the cost:
    #: (what, ``fits(game, player, obj, source) -> bool``)
    sacrifice_other: tuple[str, Callable[..., bool]] | None = None
    #: "Discard a card" is part of the cost (N cards)
    discard: int = 0
    #: "Activate only once each turn." (602.5b)
    once: bool = False
    #: the least X an activation may choose ("X can't be 0.", 107.3)
    x_min: int = 0
    #: "Return a Forest you control to its owner's hand" is part of the cost (602.2b):
    #: (what, ``fits(game, player, obj, source) -> bool``), as for ``sacrifice_other``
    bounce_other: tuple[str, Callable[..., bool]] | None = None
    #: a loyalty ability's cost (606.4): put on (+N) or remove (-N) that many loyalty
    #: counters; activated once a turn per permanent, at sorcery speed (606.3)
    loyalty: int | None = None


@dataclass(frozen=True)
class HandAbility(Ability):
    """An activated ability that works while the card is in its owner's hand, discarding
    it as part of the cost: cycling (702.29a).  Not an :class:`Activated`, which are the
    abilities of permanents."""

    cost: str = ""
    resolve: Resolver | None = None
    life: int = 0  # "Cycling—Pay 2 life." (119.4)


@dataclass(frozen=True)
class CastCost(Ability):
    """What casting the spell costs besides its mana cost: an additional cost ("As an
    additional cost to cast this spell, sacrifice a creature", 601.2f) or an optional one
    paid for more (kicker, 702.33a: ``kicker``); ``flashback`` is the cost to cast it
    from its owner's graveyard (702.34a).  Paid as the spell is cast (601.2h)."""

    life: int = 0
    discard: int = 0
    sacrifice_other: tuple[str, Callable[..., bool]] | None = None
    once: bool = False
    kicker: str = ""
    flashback: str = ""
    #: a cost reduction (601.2f: "costs {1} less to cast for each artifact you control",
    #: affinity 702.41a): ``less(game, player) -> generic mana fewer``
    less: Callable[..., int] | None = None


@dataclass(frozen=True)
class Static(Ability):
    """A static ability that makes continuous effects (604, 613).

    ``layer`` is ``'2'``, ``'4'``, ``'5'``, ``'6'``, ``'7a'`` or ``'7c'``; ``applies(game,
    source, obj)`` says whether ``obj`` is affected; ``params`` gives the change
    (``pt=(p, t)``, ``keywords=(...)``, ``types=(...)``, ``controller``, or for a
    characteristic-defining ability ``defined(game, source) -> (power, toughness)``,
    None for a printed one).
    ``condition(game, source)`` switches it on and off (Kird Ape).
    """

    layer: str = "7c"
    applies: Callable[..., bool] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    condition: Callable[..., bool] | None = None


@dataclass(frozen=True)
class Replacement(Ability):
    """A replacement effect (614) on a primitive: ``on`` is ``counters`` or
    ``tokens`` or ``enters``; ``applies(game, source, op)`` and ``apply(game,
    source, op) -> op`` (a new op dict)."""

    on: str = "counters"
    applies: Callable[..., bool] | None = None
    apply: Callable[..., dict] | None = None


@dataclass(frozen=True)
class EntersWith(Ability):
    """"This enters with ..." / "as this enters": ``apply(ctx, obj)`` runs as it enters."""

    apply: Callable[..., None] | None = None


@dataclass
class Behaviour:
    """A card's abilities and the text lines nothing implements."""

    abilities: list[Ability] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: the keyword instances of its text, ``(name, argument)`` (:func:`parse_keywords`)
    keywords: list[tuple[str, Any]] = field(default_factory=list)
    #: for each ability nothing implements, the first words of it that failed
    phrases: list[str] = field(default_factory=list)
    _kinds: dict[type, list] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def manual(self) -> bool:
        return bool(self.missing)

    def of(self, kind: type) -> list:
        """Its abilities of one kind, listed once per kind (a behaviour's abilities don't
        change once it is built, and every decision asks again); not to be modified."""
        found = self._kinds.get(kind)
        if found is None:
            found = self._kinds[kind] = [a for a in self.abilities if isinstance(a, kind)]
        return found


ScriptFn = Callable[[CardDef], list[Ability]]
SCRIPTS: dict[str, ScriptFn] = {}


def script(*names: str) -> Callable[[ScriptFn], ScriptFn]:
    """Register a card script: a function from the card's facts to its abilities.

    The script replaces the whole text except keyword lines, which still come
    from the keywords the engine and plugins implement.
    """

    def deco(fn: ScriptFn) -> ScriptFn:
        for name in names:
            SCRIPTS[name] = fn
        return fn

    return deco


_REMINDER = re.compile(r"\s*\([^)]*\)")
def text_lines(card: CardDef) -> list[str]:
    """The card's rules text, one ability a line, reminder text removed."""
    return [ln for ln in (_REMINDER.sub("", ln).strip() for ln in card.oracle_text.splitlines()) if ln]
