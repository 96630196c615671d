"""Abilities: what a card does, as values the engine runs.

A card's behaviour is a :class:`Behaviour`: its abilities plus the lines of
its text that nothing implements.  It comes from three places, in order:

1. a script registered by card name (:data:`SCRIPTS`, filled by
   :mod:`mechanics.scripts` and by plugins through ``register_cards``);
2. keyword lines whose every keyword the engine or a loaded plugin implements;
3. a few oracle templates every pool needs (basic land mana, ``{T}: Add {G}.``,
   ``Equip {N}``).

A card with a line none of these cover is *manual*: it plays, its text is
shown, and the player applies the rest by hand.  Nothing is half-implemented
silently.

Ability code receives a :class:`mechanics.context.Ctx` at resolution and acts
only through it, so every change is an engine primitive that is logged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import BASIC_LAND_MANA, CardDef

if TYPE_CHECKING:
    from .context import Ctx
    from .game import Game

Resolver = Callable[["Ctx"], None]


@dataclass(frozen=True)
class Target:
    """A target requirement: ``kind`` is ``any``, ``creature``, ``player``,
    ``permanent``, ``spell``, or ``creature-you-control``; ``filter`` narrows it."""

    kind: str = "any"
    text: str = "any target"
    filter: Callable[[Game, Any], bool] | None = None
    optional: bool = False


@dataclass(frozen=True)
class Ability:
    text: str = ""


@dataclass(frozen=True)
class SpellAbility(Ability):
    """What an instant or sorcery does as it resolves (608.2)."""

    resolve: Resolver | None = None
    targets: tuple[Target, ...] = ()


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


@dataclass(frozen=True)
class Static(Ability):
    """A static ability that makes continuous effects (604, 613).

    ``layer`` is ``'2'``, ``'4'``, ``'6'`` or ``'7c'``; ``applies(game, source,
    obj)`` says whether ``obj`` is affected; ``params`` gives the change
    (``pt=(p, t)``, ``keywords=(...)``, ``types=(...)``, ``controller``).
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

    @property
    def manual(self) -> bool:
        return bool(self.missing)

    def of(self, kind: type) -> list:
        return [a for a in self.abilities if isinstance(a, kind)]


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
_MANA_LINE = re.compile(r"^\{T\}: Add (\{[WUBRGC]\}(?:(?:,| or) \{[WUBRGC]\})*)\.$")
_EQUIP = re.compile(r"^Equip \{(\d+)\}$")
_ATTACHED_PT = re.compile(r"^(Enchanted|Equipped) creature gets ([+-]\d+)/([+-]\d+)\.$")


def attached_to_it(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "enchanted/equipped creature" statics: obj is what src is attached to."""
    return src.attached_to == obj.id


def equip(ctx: Ctx) -> None:
    """702.6a: attach this Equipment to target creature you control."""
    t, src = ctx.target(0), ctx.source
    if t is not None and src is not None:
        ctx.attach(src, t)


def text_lines(card: CardDef) -> list[str]:
    """The card's rules text, one ability a line, reminder text removed."""
    return [ln for ln in (_REMINDER.sub("", ln).strip() for ln in card.oracle_text.splitlines()) if ln]


def keyword_line(line: str, known: set[str]) -> bool:
    """True when the line is only keywords, each of which is implemented."""
    parts = [p.strip().lower() for p in line.split(",")]
    return all(p in known for p in parts)


def template_abilities(card: CardDef, line: str) -> list[Ability] | None:
    """The oracle templates the engine knows without a script, or None."""
    m = _MANA_LINE.match(line)
    if m:
        colors = "".join(re.findall(r"\{([WUBRGC])\}", m.group(1)))
        return [Activated(text=line, tap=True, mana=colors)]
    m = _EQUIP.match(line)
    if m and card.is_type("Artifact") and "Equipment" in card.subtypes:
        return [Activated(text=line, cost="{%s}" % m.group(1), sorcery=True, equip=True,
                          targets=(Target("creature-you-control", "creature you control"),),
                          resolve=equip)]
    m = _ATTACHED_PT.match(line)
    if m:
        return [Static(line, "7c", attached_to_it, {"pt": (int(m.group(2)), int(m.group(3)))})]
    return None


def intrinsic_abilities(card: CardDef) -> list[Ability]:
    """Abilities the rules give without text: basic land types' mana (305.6)."""
    colors = "".join(BASIC_LAND_MANA[t] for t in card.subtypes if t in BASIC_LAND_MANA)
    return [Activated(text="{T}: Add {%s}." % c, tap=True, mana=c) for c in colors]


def build_behaviour(card: CardDef, known_keywords: set[str],
                    scripts: dict[str, ScriptFn] | None = None) -> Behaviour:
    """Work out a card's behaviour (see the module docstring for the order)."""
    scripts = SCRIPTS if scripts is None else scripts
    out = Behaviour(intrinsic_abilities(card))
    fn = scripts.get(card.name)
    if fn is not None:
        out.abilities += fn(card)
    for line in text_lines(card):
        if keyword_line(line, known_keywords):
            continue
        if fn is not None:
            continue  # the script owns every non-keyword line
        found = template_abilities(card, line)
        if found is None:
            out.missing.append(line)
        else:
            out.abilities += found
    return out
