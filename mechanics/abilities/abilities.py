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
    controls" (relative to the spell's or ability's controller); ``defending`` for a
    card in the graveyard of the player an attack trigger names (its data's ``player``);
    ``same_player_as``: the index of an earlier target whose player (or planeswalker's
    controller) must control this one (Searing Blaze's "target creature that player or that
    planeswalker's controller controls"; -1: none)."""

    kind: str = "any"
    text: str = "any target"
    filter: Callable[[Game, Any], bool] | None = None
    optional: bool = False
    max: int = 1
    other: bool = False
    controller: str = ""
    same_player_as: int = -1


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
    #: "deals N damage divided as you choose among ... targets" (601.2d): ``divide(x)`` is the
    #: damage to divide among its last target requirement's targets as it is cast
    divide: Callable[[int], int] | None = None


@dataclass(frozen=True)
class Triggered(Ability):
    """A triggered ability (603).

    ``events`` are the event kinds it listens to; ``match(game, obj, event)``
    returns trigger data (a dict) or None.  ``condition(game, item)`` is an
    intervening "if" (603.4), checked when it triggers and again on resolution.
    ``look_back`` abilities trigger on leaving the battlefield (603.10a) and are
    matched against the object as it last existed.  ``match`` may return a list of
    dicts: the ability triggers once for each ("becomes blocked by a creature", 509.3f).
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
    #: "graveyard": it triggers while the card is in its owner's graveyard, not on the
    #: battlefield (113.6k: "return this card from your graveyard to your hand";
    #: 603.6d: "when this card is put into your graveyard from your library")
    zone: str = "battlefield"


@dataclass(frozen=True)
class Activated(Ability):
    """An activated ability (602).  ``mana`` abilities don't use the stack (605)."""

    cost: str = ""
    tap: bool = False
    resolve: Resolver | None = None
    targets: tuple[Target, ...] = ()
    #: for mana abilities: the symbols it can add, e.g. 'G' or 'GU'; '*' the color chosen as
    #: the permanent entered ("one mana of the chosen color", 614.12)
    mana: str = ""
    sorcery: bool = False
    equip: bool = False
    #: mana abilities that add a variable amount ("Add {G} for each ..."):
    #: ``amount(game, obj) -> int`` is how many of the chosen symbol it adds (default 1)
    amount: Callable[..., int] | None = None
    #: "Add two mana in any combination of colors": each of ``amount`` chosen on its own
    combination: bool = False
    #: a cost of removing counters from this permanent (602.2b), e.g. ``("+1/+1", 2)``
    remove_counters: tuple[str, int] | None = None
    #: "Sacrifice this permanent" is part of the cost (602.2b, 701.21a)
    sacrifice: bool = False
    #: mana abilities that add several symbols at once ("Add {G}{U}"): each of them
    adds: tuple[str, ...] = ()
    #: "Pay N life" is part of the cost (119.4, 602.2b)
    life: int = 0
    #: 106.6: "Spend this mana only to cast a creature spell": ``fits(card, source) ->
    #: bool``, whether its mana may pay for casting ``card`` or, ``card`` None, for an
    #: ability of the permanent with characteristics ``source``
    spend_only: Callable[[Any, Any], bool] | None = None
    #: mana abilities that add one of several groups ("Add {B}{B}, {B}{G}, or {G}{G}"): the
    #: player chooses one as it resolves
    choices: tuple[tuple[str, ...], ...] = ()
    #: "Sacrifice a creature" / "Sacrifice another artifact" is part of the cost:
    #: (what, ``fits(game, player, obj, source) -> bool``)
    sacrifice_other: tuple[str, Callable[..., bool]] | None = None
    #: "Discard a card" is part of the cost (N cards)
    discard: int = 0
    #: "Tap an untapped creature you control" is part of the cost: (what, ``fits(game,
    #: player, obj, source) -> bool``, how many); the source too, unless it has {T} (602.2b)
    tap_other: tuple[str, Callable[..., bool], int] | None = None
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
    #: crew N's cost (702.122a): tap other untapped creatures you control with total power N or more
    crew: int = 0
    #: "Pay {E}{E}" is part of the cost: that many energy counters removed from its controller (107.14)
    energy: int = 0
    #: "Exert this creature" is part of the cost (701.43a)
    exert: bool = False
    #: "Exile two creature cards from your graveyard" is part of the cost: (what, ``fits(game,
    #: player, obj, source) -> bool``, how many), as for ``tap_other``
    exile_graveyard: tuple[str, Callable[..., bool], int] | None = None
    #: "Put a -1/-1 counter on this creature" is part of the cost (602.2b): (kind, how many)
    put_counters: tuple[str, int] | None = None
    #: "Activate only if COND" / "Activate only during your turn" (602.5b):
    #: ``only_if(game, player, source) -> bool``
    only_if: Callable[..., bool] | None = None


@dataclass(frozen=True)
class HandAbility(Ability):
    """An activated ability that works while the card is in its owner's hand, discarding
    it as part of the cost: cycling (702.29a); or, with ``zone`` ``graveyard``, in its
    owner's graveyard, exiling it as part of the cost ("{1}{W}, Exile this card from your
    graveyard: ...": 113.6, an ability whose cost moves the card out of a zone works in
    that zone); unearth's (702.84a) ``stays`` there, returned by the ability.  Not an :class:`Activated`, which are the abilities of permanents."""

    cost: str = ""
    resolve: Resolver | None = None
    life: int = 0  # "Cycling—Pay 2 life." (119.4)
    zone: str = "hand"
    sorcery: bool = False  # "Activate only as a sorcery." (307.1)
    targets: tuple[Target, ...] = ()
    stays: bool = False  # the cost doesn't move the card (unearth returns it, 702.84a)
    #: costs besides mana and life, as :class:`Activated`'s ("{1}{B}, Sacrifice a creature:
    #: Return this card from your graveyard to your hand"), and "Activate only if COND"
    sacrifice_other: tuple[str, Callable[..., bool]] | None = None
    tap_other: tuple[str, Callable[..., bool], int] | None = None
    discard: int = 0
    once: bool = False
    only_if: Callable[..., bool] | None = None

    @staticmethod
    def of(beh: Behaviour, zone: str) -> list[HandAbility]:
        """The card's abilities that work in ``zone``, as ``activate`` numbers them."""
        return [a for a in beh.of(HandAbility) if a.zone == zone]


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
    #: "exile a creature card from your graveyard" (as for :attr:`Activated.exile_graveyard`)
    exile_graveyard: tuple[str, Callable[..., bool], int] | None = None
    kicker: str = ""
    flashback: str = ""
    #: a cost reduction (601.2f: "costs {1} less to cast for each artifact you control",
    #: affinity 702.41a): ``less(game, player) -> generic mana fewer``
    less: Callable[..., int] | None = None


@dataclass(frozen=True)
class AltCost(Ability):
    """An alternative cost a keyword gives (118.9), or an optional additional one
    (``additional``, 601.2f: "Buyback {3}"): "Evoke {2}{U}", "Evoke—Exile a white
    card from your hand.", "Blitz—{2}{B}{B}, Pay 2 life.".  The spell may be cast from
    its owner's hand paying it rather than its mana cost (``cast ... with NAME``); the
    permanent it becomes remembers ``name`` (``choices["alt"]``) for the keyword's other
    rules, which its plugin implements.  ``cost`` is its mana (none: {0}), ``life`` life
    to pay (119.4), ``exile_other`` a card to exile from the hand: (what, ``fits(game,
    player, card_id, spell_id) -> bool``), ``discard`` cards to discard."""

    name: str = ""
    cost: str = ""
    life: int = 0
    exile_other: tuple[str, Callable[..., bool]] | None = None
    discard: int = 0  # "Discard a card" (Sabin's blitz)
    #: "Sacrifice two Mountains" (Fireblast): what, ``fits(game, player, obj, spell)``; how many
    sacrifice_other: tuple[str, Callable[..., bool]] | None = None
    sacrifices: int = 1
    #: "Return an Island you control to its owner's hand" (Daze): what, ``fits``
    bounce_other: tuple[str, Callable[..., bool]] | None = None
    #: "If you control a Swamp, you may ...", spectacle's "if an opponent lost life this
    #: turn": ``condition(game, player, source) -> bool``, when it may be paid
    condition: Callable[..., bool] | None = None
    #: an optional additional cost rather than an alternative one (buyback, 702.27a): paid
    #: with the mana cost
    additional: bool = False
    #: what :func:`mechanics.play.perform.unpayable` reads on any cost: not this
    once: bool = False


@dataclass(frozen=True)
class AsThoughFlash(Ability):
    """601.3e, 702.8a: "You may cast this spell as though it had flash [if you pay {2} more
    to cast it]": it may be cast any time its controller could cast an instant, while
    ``condition(game, player, None)`` holds ("If you control a creature with power 4 or
    greater, ..."); ``more``: the mana it then costs in addition, when cast at a time a
    sorcery couldn't be (Rout)."""

    more: str = ""
    condition: Callable[..., bool] | None = None


@dataclass(frozen=True)
class CastFrom(Ability):
    """A permission to cast the card from another zone than its owner's hand (601.3):
    "You may cast this card from your graveyard using its blitz ability": from ``zone``,
    only for the alternative cost ``alt`` gives (118.9)."""

    zone: str = "graveyard"
    alt: str = ""


@dataclass(frozen=True)
class SpellCost(Ability):
    """A permanent's static ability changing what spells cost (601.2f: "Noncreature spells
    cost {1} more to cast", "Instant and sorcery spells you cast cost {1} less to cast"):
    ``change(game, source_id, caster, card) -> int`` generic mana more (less if negative)
    for a spell ``card`` that ``caster`` casts."""

    change: Callable[..., int] | None = None


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


@dataclass(frozen=True)
class ManaTrigger(Ability):
    """A triggered mana ability (605.1b): "Whenever you tap a Forest for mana, add an
    additional {G}."  It doesn't use the stack; it resolves as the mana ability that
    triggered it does (605.4a).  ``fits(game, source, tapped, player)``: whether the
    permanent ``tapped``, tapped for mana by ``player``, triggers it; the mana goes to that
    player: ``adds`` each symbol, else ``n`` mana of one of the colors ``mana`` ("*": the
    color chosen as the source entered)."""

    fits: Callable[..., bool] | None = None
    mana: str = ""
    adds: tuple[str, ...] = ()
    n: int = 1


@dataclass
class Behaviour:
    """A card's abilities and the text lines nothing implements."""

    abilities: list[Ability] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: the keyword instances of its text, ``(name, argument)`` (:func:`parse_keywords`)
    keywords: list[tuple[str, Any]] = field(default_factory=list)
    #: for each ability nothing implements, the first words of it that failed
    phrases: list[str] = field(default_factory=list)
    _kinds: dict[Any, list] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: what other code derives from the abilities alone, by purpose (the mana a permanent
    #: with only fixed mana abilities pays with: mechanics.play.mana_abilities.entries)
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def manual(self) -> bool:
        return bool(self.missing)

    def of(self, kind: type, test: Callable[[Any], bool] | None = None) -> list:
        """Its abilities of one kind (that pass ``test``, a function of the ability alone),
        listed once per kind and test (a behaviour's abilities don't change once it is
        built, and every decision asks again); not to be modified."""
        key = kind if test is None else (kind, test)
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = [a for a in self.abilities
                                        if isinstance(a, kind) and (test is None or test(a))]
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
