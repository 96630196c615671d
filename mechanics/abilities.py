"""Abilities: what a card does, as values the engine runs.

A card's behaviour is a :class:`Behaviour`: its abilities plus the lines of
its text that nothing implements.  It comes from three places, in order:

1. a script registered by card name (:data:`SCRIPTS`, filled by
   :mod:`mechanics.scripts` and by plugins through ``register_cards``);
2. keyword lines whose every keyword the engine or a loaded plugin implements;
3. a few oracle templates every pool needs (basic land mana, ``{T}: Add {G}.``,
   ``Equip {N}``), and common one-line effects (:func:`effect_templates`).

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
    ``permanent``, ``spell``, or ``creature-you-control``; ``filter`` narrows it.
    ``max`` above 1 is "any number of" / "up to N" targets (0 to ``max``, 115.1d),
    only as an ability's last target requirement; ``other`` excludes the source."""

    kind: str = "any"
    text: str = "any target"
    filter: Callable[[Game, Any], bool] | None = None
    optional: bool = False
    max: int = 1
    other: bool = False


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
    #: mana abilities that add a variable amount ("Add {G} for each ..."):
    #: ``amount(game, obj) -> int`` is how many of the chosen symbol it adds (default 1)
    amount: Callable[..., int] | None = None
    #: a cost of removing counters from this permanent (602.2b), e.g. ``("+1/+1", 2)``
    remove_counters: tuple[str, int] | None = None


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
    if line == "This creature can't be blocked." and card.is_type("Creature"):
        # 509.1b: a restriction on blocking, checked as blockers are declared; modelled as
        # the keyword-like ability UNBLOCKABLE the object gives itself (layer 6)
        return [Static(line, "6", itself, {"keywords": (UNBLOCKABLE,)})]
    return effect_templates(card, line)


#: the keyword-like ability of "This creature can't be blocked." (checked by blocking)
UNBLOCKABLE = "unblockable"


def itself(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "this creature ..." statics: the object is the source itself."""
    return src.id == obj.id


# ---- common one-line effects (see effect_templates) -----------------------------------------
_SELF = re.compile(r"\b[Tt]his (?:creature|artifact|enchantment|land|Aura|Equipment|Vehicle|permanent)\b")
_COST = r"((?:\{(?:\d+|[WUBRGC])\})+)"  # mana symbols only: no {T}, X, hybrid or Phyrexian
_PT = r"([+-]\d+)/([+-]\d+)"
_NUMBERS = {"a card": 1, "two cards": 2, "three cards": 3}
_SPELL_DAMAGE = re.compile(r"^~ deals (\d+) damage to any target\.$")
_SPELL_PUMP = re.compile(rf"^Target creature gets {_PT} until end of turn\.$")
_SPELL_DESTROY = re.compile(r"^Destroy target ([a-z ]+)\.$")
_SPELL_COUNTER = re.compile(r"^Counter target (spell|creature spell|noncreature spell)\.$")
_SPELL_BOUNCE = re.compile(r"^Return target (creature|permanent|nonland permanent) to its owner's hand\.$")
_SPELL_DRAW = re.compile(r"^Draw (a card|two cards|three cards)\.$")
_ENTERS = re.compile(r"^When ~ enters, (draw a card|draw two cards|you gain (\d+) life)\.$")
_DIES = re.compile(r"^When ~ dies, (draw a card|draw two cards|you gain (\d+) life)\.$")
_SELF_PUMP = re.compile(rf"^{_COST}: ~ gets {_PT} until end of turn\.$")
_TAP_PING = re.compile(r"^\{T\}: ~ deals (\d+) damage to any target\.$")
_ANY_COLOR = re.compile(r"^\{T\}: Add one mana of any color\.$")


def _types(game: Game, o: Any) -> set[str]:
    ch = game.chars(o) if isinstance(o, int) else None
    return ch.types if ch is not None else set()


#: "Destroy target X." for these X: (target kind, filter on the object or None)
DESTROYABLE: dict[str, tuple[str, Callable[[Game, Any], bool] | None]] = {
    "creature": ("creature", None),
    "permanent": ("permanent", None),
    "artifact": ("permanent", lambda g, o: "Artifact" in _types(g, o)),
    "enchantment": ("permanent", lambda g, o: "Enchantment" in _types(g, o)),
    "artifact or enchantment": ("permanent", lambda g, o: bool({"Artifact", "Enchantment"} & _types(g, o))),
    "land": ("permanent", lambda g, o: "Land" in _types(g, o)),
    "nonland permanent": ("permanent", lambda g, o: "Land" not in _types(g, o)),
    "nonartifact creature": ("creature", lambda g, o: "Artifact" not in _types(g, o)),
    "nonblack creature": ("creature", lambda g, o: "B" not in g.chars(o).colors),
    "creature with flying": ("creature", lambda g, o: g.chars(o).has("flying")),
}
_COUNTERABLE: dict[str, Callable[[Game, Any], bool] | None] = {
    "spell": None,
    "creature spell": lambda g, o: "Creature" in _types(g, o),
    "noncreature spell": lambda g, o: "Creature" not in _types(g, o),
}


def self_named(card: CardDef, line: str) -> str:
    """The line with the card's references to itself written ``~`` ("this creature",
    its name, or a legendary card's short name before the comma)."""
    names = {card.name, card.name.split(",")[0]} if card.name else set()
    for name in sorted(names, key=len, reverse=True):
        line = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "~", line)
    return _SELF.sub("~", line)


def _first_effect_and_sole_target(card: CardDef, line: str) -> bool:
    """A targeted spell line is safe to template only when it is the spell's first
    sentence (its targets are the spell's) and no other line targets anything."""
    lines = text_lines(card)
    before = lines[:lines.index(line)] if line in lines else lines
    others = [ln for ln in lines if ln != line]
    return not any(ln.endswith(".") for ln in before) and not any("target" in ln.lower() for ln in others)


def _targeted(line: str, target: Target, run: Callable[[Ctx, Any], None]) -> list[Ability]:
    """A spell ability doing ``run(ctx, target)`` if its target is still legal (608.2b)."""
    def resolve(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is not None:
            run(ctx, t)
    return [SpellAbility(line, resolve, (target,))]


def _draw(n: int) -> Resolver:
    def run(ctx: Ctx) -> None:
        ctx.draw(ctx.controller, n)
    return run


def _gain(n: int) -> Resolver:
    def run(ctx: Ctx) -> None:
        ctx.gain_life(ctx.controller, n)  # 113.7a: even if the source has left
    return run


def _enters_self(game: Game, obj: Any, event: Any) -> dict | None:
    """"When this enters" (603.6a): this object moved onto the battlefield just now."""
    if event.obj == obj.id and event.to_zone == "battlefield" and event.epoch == obj.epoch:
        return {}
    return None


def _dies_self(game: Game, obj: Any, event: Any) -> dict | None:
    """"When this creature dies" (700.4): it went from the battlefield to a graveyard as a
    creature, as it last existed (603.10a)."""
    if event.obj != obj.id or event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return None
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    return {} if "Creature" in info.get("types", ()) else None


def effect_templates(card: CardDef, line: str) -> list[Ability] | None:
    """Common one-line abilities the engine fully does with its primitives, or None.

    Instants and sorceries: ``~ deals N damage to any target.``, ``Target creature gets
    +N/+N until end of turn.``, ``Destroy target X.`` (:data:`DESTROYABLE`), ``Counter
    target [creature|noncreature] spell.``, ``Return target creature|permanent|nonland
    permanent to its owner's hand.`` (each only as the spell's first sentence and its only
    target), ``Draw a card|two cards|three cards.``. Permanents: ``When ~ enters|dies,
    draw a card|draw two cards|you gain N life.``, ``{COST}: ~ gets +N/+N until end of
    turn.``, ``{T}: ~ deals N damage to any target.``, ``{T}: Add one mana of any color.``
    (``~`` is "this creature" or the card's name).
    """
    s = self_named(card, line)
    if card.types & {"Instant", "Sorcery"}:
        if m := _SPELL_DRAW.match(s):
            return [SpellAbility(line, _draw(_NUMBERS[m.group(1)]))]
        if "target" not in s.lower() or not _first_effect_and_sole_target(card, line):
            return None
        if m := _SPELL_DAMAGE.match(s):
            n = int(m.group(1))
            return _targeted(line, Target("any", "any target"),
                             lambda ctx, t: ctx.damage(t, n, source=ctx.item.source))
        if m := _SPELL_PUMP.match(s):
            p, t = int(m.group(1)), int(m.group(2))
            return _targeted(line, Target("creature", "target creature"), lambda ctx, o: ctx.pump(o, p, t))
        if (m := _SPELL_DESTROY.match(s)) and m.group(1) in DESTROYABLE:
            kind, keep = DESTROYABLE[m.group(1)]
            return _targeted(line, Target(kind, f"target {m.group(1)}", keep), lambda ctx, o: ctx.destroy(o))
        if m := _SPELL_COUNTER.match(s):
            def counter(ctx: Ctx, o: Any) -> None:
                item = next((i for i in ctx.game.state.stack if i.kind == "spell" and i.source == o), None)
                if item is not None:
                    ctx.counter_item(item.id)
            return _targeted(line, Target("spell", f"target {m.group(1)}", _COUNTERABLE[m.group(1)]), counter)
        if m := _SPELL_BOUNCE.match(s):
            kind, keep = ("creature", None) if m.group(1) == "creature" else DESTROYABLE[m.group(1)]
            return _targeted(line, Target(kind, f"target {m.group(1)}", keep),
                             lambda ctx, o: ctx.move(o, "hand"))  # its owner's hand
        return None
    if m := _ENTERS.match(s) or _DIES.match(s):
        dies = s.startswith("When ~ dies")
        if dies and not card.is_type("Creature"):
            return None
        what = m.group(1)
        run = _gain(int(m.group(2))) if m.group(2) else _draw(2 if "two" in what else 1)
        if dies:
            return [Triggered(line, ("ZoneChanged",), _dies_self, run, look_back=True)]
        return [Triggered(line, ("ZoneChanged",), _enters_self, run)]
    if (m := _SELF_PUMP.match(s)) and card.is_type("Creature"):
        p, t = int(m.group(2)), int(m.group(3))

        def pump_self(ctx: Ctx) -> None:
            if ctx.source is not None:  # it left the battlefield: nothing to pump (400.7)
                ctx.pump(ctx.source, p, t)
        return [Activated(line, cost=m.group(1), resolve=pump_self)]
    if (m := _TAP_PING.match(s)) and card.is_type("Creature"):
        n = int(m.group(1))

        def ping(ctx: Ctx) -> None:
            t = ctx.target(0)
            if t is not None:
                ctx.damage(t, n, source=ctx.item.source)
        return [Activated(line, tap=True, targets=(Target("any", "any target"),), resolve=ping)]
    if _ANY_COLOR.match(s):
        return [Activated(text=line, tap=True, mana="WUBRG")]
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
