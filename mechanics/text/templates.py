"""Oracle templates: common lines of rules text that the engine does without a script.

:func:`template_abilities` turns one line of a card's text into abilities, or None
when the line is not a template.  Templates are general: each recognises a wording
(``{T}: Add {G}.``, ``Equip {N}``, "When this creature enters, draw a card.", "This land
enters tapped.", ``Cycling {2}`` ...) and builds it from effect phrases, events and
costs the engine implements, so one template automates every card that uses the
wording.  A line matches only when the template's meaning is the whole meaning of
the line; anything else stays manual.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..abilities.abilities import (
    Ability,
    Activated,
    EntersWith,
    HandAbility,
    Modal,
    Mode,
    SpellAbility,
    Static,
    Target,
    Triggered,
    text_lines,
)
from ..abilities.modes import HOW_MANY, run_modes
from ..model.cards import CardDef
from ..model.state import Decision
from .cda import cda_abilities
from .effects import (
    ATTACKS_IF_ABLE,
    BLOCKS_ONLY_FLYERS,
    CANT_BLOCK,
    DOESNT_UNTAP,
    ENCHANTABLE,
    GRANTABLE,
    NOT_BY_POWER_2,
    PT_CHANGE,
    UNBLOCKABLE,
    effect,
    sentence,
    types_of,
)

if TYPE_CHECKING:
    from ..play.context import Ctx
    from ..play.game import Game

_MANA_LINE = re.compile(r"^\{T\}: Add (\{[WUBRGC]\}(?:(?:,| or) \{[WUBRGC]\})*)\.$")
_EQUIP = re.compile(r"^Equip \{(\d+)\}$")
#: 101.2: counter effects leave such a spell on the stack (primitives.counter_item)
CANT_BE_COUNTERED = "This spell can't be countered."
#: the oracle lines of the keyword-like combat abilities (mechanics.text.effects)
_COMBAT_LINES = {"This creature can't be blocked.": UNBLOCKABLE, "This creature can't block.": CANT_BLOCK,
             "This creature can block only creatures with flying.": BLOCKS_ONLY_FLYERS,
             "This creature can't be blocked by creatures with power 2 or less.": NOT_BY_POWER_2,
             "This creature attacks each combat if able.": ATTACKS_IF_ABLE}
_CYCLING = re.compile(r"^Cycling ((?:\{(?:\d+|[WUBRGC])\})+)$")


def attached_to_it(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "enchanted/equipped creature" statics: obj is what src is attached to."""
    return src.attached_to == obj.id


def equip(ctx: Ctx) -> None:
    """702.6a: attach this Equipment to target creature you control."""
    t, src = ctx.target(0), ctx.source
    if t is not None and src is not None:
        ctx.attach(src, t)


def template_abilities(card: CardDef, line: str) -> list[Ability] | None:
    """The oracle templates the engine knows without a script, or None."""
    if "\n" in line:
        return _modal(card, line)
    m = _MANA_LINE.match(line)
    if m:
        colors = "".join(re.findall(r"\{([WUBRGC])\}", m.group(1)))
        return [Activated(text=line, tap=True, mana=colors)]
    m = _EQUIP.match(line)
    if m and card.is_type("Artifact") and "Equipment" in card.subtypes:
        return [Activated(text=line, cost="{%s}" % m.group(1), sorcery=True, equip=True,
                          targets=(Target("creature-you-control", "creature you control"),),
                          resolve=equip)]
    if line in _COMBAT_LINES and card.is_type("Creature"):
        # 509.1b, 508.1d: a restriction or requirement, checked as blockers or attackers
        # are declared; modelled as a keyword-like ability the object gives itself (layer 6)
        return [Static(line, "6", itself, {"keywords": (_COMBAT_LINES[line],)})]
    if line in _NO_UNTAP and (card.is_type("Creature") if _NO_UNTAP[line] is itself else "Aura" in card.subtypes):
        # 502.3: untapping skips it; a keyword-like ability on the creature (layer 6)
        return [Static(line, "6", _NO_UNTAP[line], {"keywords": (DOESNT_UNTAP,)})]
    if m := _CYCLING.match(line):  # 702.29a: "{COST}, Discard this card: Draw a card."
        return [HandAbility(line, m.group(1), effect(card, "draw a card")[1])]
    if line == CANT_BE_COUNTERED or ("Aura" in card.subtypes and line.removeprefix("Enchant ") in ENCHANTABLE):
        return []  # the counter primitive; the Aura's targets and 704.5m (triggers.spell_target_specs)
    if (m := _LOYALTY.match(line)) and card.is_type("Planeswalker"):
        return _loyalty(card, line, m)
    if "power" in line and (found := cda_abilities(card, self_named(card, line))):  # 604.3
        return found
    if line == "Prowess" and card.is_type("Creature"):  # 702.108a
        return _triggered(card, line, "you cast a noncreature spell", "~ gets +1/+1 until end of turn")
    return effect_templates(card, line)


#: a loyalty ability (606.1): "[+N]: EFFECT", "[−N]: EFFECT" or "[0]: EFFECT"
_LOYALTY = re.compile(r"^\[([+−-]?)(\d+)\]: (.+)$")


def _loyalty(card: CardDef, line: str, m: re.Match, resolve: Callable[[Ctx], None] | None = None,
             targets: tuple[Target, ...] = ()) -> list[Ability] | None:
    """606: an activated ability whose cost puts on or removes loyalty counters (606.4),
    activated at sorcery speed once a turn per permanent (606.3).  Its effect is one
    effect sentence of :func:`mechanics.text.effects.effect`, else None (see
    :func:`by_hand`)."""
    sign, n, text = m.groups()
    if resolve is None:
        s = self_named(card, text)
        found = effect(card, sentence(s[:-1])) if s.endswith(".") and "." not in s[:-1] else None
        if found is None:
            return None
        targets, resolve = found
    cost = -int(n) if sign in ("−", "-") else int(n)
    return [Activated(line, resolve=resolve, targets=targets, sorcery=True, loyalty=cost)]


def by_hand(card: CardDef, line: str) -> list[Ability]:
    """What the rules still do for a line whose effect the player does by hand: a loyalty
    ability is activated as 606 says (its loyalty paid, once a turn, at sorcery speed), and
    on resolution the player is told to do its effect."""
    m = _LOYALTY.match(line)
    if m is None or not card.is_type("Planeswalker"):
        return []

    def told(ctx: Ctx) -> None:
        ctx.note(f"{card.name}: do this by hand: {m.group(3)}")
    return _loyalty(card, line, m, told) or []


def itself(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "this creature ..." statics: the object is the source itself."""
    return src.id == obj.id


#: "doesn't untap" lines (502.3): to whom the keyword-like ability applies
_NO_UNTAP: dict[str, Callable[..., bool]] = {
    "This creature doesn't untap during your untap step.": itself,
    "Enchanted creature doesn't untap during its controller's untap step.": attached_to_it,
}


# ---- common one-line abilities (see effect_templates) ---------------------------------------
_SELF = re.compile(r"\b[Tt]his (?:creature|artifact|enchantment|land|Aura|Equipment|Vehicle|permanent)\b")
_MANA = r"(?:\{(?:\d+|[WUBRGC])\})+"  # mana symbols only: no X, hybrid or Phyrexian
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COST_PART = rf"(?:{_MANA}|\{{T\}}|Sacrifice ~)"
#: "COSTS: EFFECT." with mana, {T} and sacrifice-this costs (602.1), optionally at sorcery speed
_ACTIVATED = re.compile(rf"^({_COST_PART}(?:, {_COST_PART})*): ([^.]+)\.( Activate only as a sorcery\.)?$")
#: "When/Whenever EVENT, EFFECT." (603.1), after an ability word if any (207.2c)
_TRIGGER = re.compile(r"^(?:[A-Z][a-z]+ — )?When(?:ever)? ([^,]+), ([^.]+)\.$")
_MANA_EFFECT = re.compile(r"^add ((?:\{[WUBRGC]\})+|one mana of any color)$")
_STATIC = re.compile(r"^(Enchanted creature|Equipped creature|Creatures you control|Other creatures you control) "
                     rf"(?:gets? {PT_CHANGE})?(?: and )?(?:(?:has|have) ([a-z ,]+))?\.$")
_ENTERS_TAPPED = re.compile(r"^~ enters tapped(?: unless (.+))?\.$")
_SHOCK = "As ~ enters, you may pay 2 life. If you don't, it enters tapped."
_ENTERS_COUNTERS = re.compile(r"^~ enters with (a|an|one|two|three|four|five|six|X) (\+1/\+1|-1/-1|charge|oil) "
                              r"counters? on it\.$")
#: ward's cost (702.21a): "{N}" mana, or "Pay N life."
_WARD_COST = re.compile(rf"^(?:({_MANA})|Pay (\d+) life\.)$")


def keyword_abilities(name: str, arg: Any) -> list[Ability] | None:
    """The abilities the engine builds for one keyword instance: ward's triggered
    ability from its cost; none for the others (the rules check them where they
    apply, plugins' triggers come from their hooks).  None when the engine can't do
    this instance (a ward cost it doesn't pay), so the line stays manual."""
    if name != "ward":
        return []
    m = _WARD_COST.match(arg or "")
    return [ward(m.group(1) or "", int(m.group(2) or 0))] if m else None


def ward(cost: str = "", life: int = 0) -> Triggered:
    """702.21a: "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays COST" (a
    mana cost, or N life: only with that much life, 119.4); paid or not as it resolves."""
    price = f"{life} life" if life else cost

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if (event.obj == obj.id and event.epoch == obj.epoch
                and event.controller in game.opponents(game.controller_of(obj.id))):
            return {"item": event.item, "player": event.controller}
        return None

    def paid(ctx: Ctx, who: str) -> bool:
        if not life:
            return ctx.pay(who, cost)
        if ctx.game.state.players[who].life < life:
            return False
        ctx.lose_life(who, life)
        return True

    def run(ctx: Ctx) -> None:
        item = next((i for i in ctx.game.state.stack if i.id == ctx.item.data["item"]), None)
        if item is None:
            return  # it already left the stack
        who = ctx.item.data["player"]
        pick = ctx.choose(Decision("choose", who, f"ward: pay {price}, or the spell or ability "
                                   "is countered? (yes/no)", ("yes", "no"), 1, 1,
                                   {"what": "may", "default": ["yes"]}))
        if pick and pick[0] == "yes" and paid(ctx, who):
            return
        ctx.note(f"ward: {ctx.game.describe(item.source) if item.source else item.text} is countered")
        ctx.counter_item(item.id)

    return Triggered(f"Ward—Pay {life} life." if life else f"Ward {cost}", ("BecameTarget",), match, run)


#: "~ enters tapped unless COND." (614.1c): COND(game, the entering object) as it enters
_UNLESS: dict[str, Callable[[Game, Any], bool]] = {
    "you control two or fewer other lands": lambda g, o: len(_other_lands(g, o)) <= 2,
    "you control two or more other lands": lambda g, o: len(_other_lands(g, o)) >= 2,
    "you control two or more basic lands": lambda g, o: sum(
        "Basic" in g.chars(i).supertypes for i in _other_lands(g, o)) >= 2,
    "you have two or more opponents": lambda g, o: len(g.opponents(o.controller)) >= 2,
    "a player has 13 or less life": lambda g, o: any(
        p.life <= 13 for p in g.state.players.values() if not p.lost),
}


def _other_lands(game: Game, obj: Any) -> list[int]:
    return [i for i in game.permanents(obj.controller) if i != obj.id and "Land" in types_of(game, i)]


def self_named(card: CardDef, line: str) -> str:
    """The line with the card's references to itself written ``~`` ("this creature",
    its name, or a legendary card's short name before the comma)."""
    names = {card.name, card.name.split(",")[0]} if card.name else set()
    for name in sorted(names, key=len, reverse=True):
        if name in line:  # a pattern per card name: compiled only when it can match
            line = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "~", line)
    return _SELF.sub("~", line)


def _first_effect_and_sole_target(card: CardDef, line: str) -> bool:
    """A targeted spell line is safe to template only when it is the spell's first
    sentence (its targets are the spell's) and no other line targets anything."""
    lines = text_lines(card)
    before = lines[:lines.index(line)] if line in lines else lines
    others = [ln for ln in lines if ln != line]
    return not any(ln.endswith(".") and ln != CANT_BE_COUNTERED for ln in before) and not any("target" in ln.lower() for ln in others)


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


def _attacks_self(game: Game, obj: Any, event: Any) -> dict | None:
    return {} if obj.id in event.attackers else None  # 508.3a


def _blocks_self(game: Game, obj: Any, event: Any) -> dict | None:
    return {} if any(b == obj.id for b, _ in event.blocks) else None  # 509.3c


def _becomes_blocked_self(game: Game, obj: Any, event: Any) -> dict | None:
    return {} if event.attacker == obj.id else None  # 509.3d: once, however many block it


def _hits_a_player(game: Game, obj: Any, event: Any) -> dict | None:
    return {} if event.source == obj.id and event.player is not None and event.combat else None  # 510.3a


def _your_land_enters(game: Game, obj: Any, event: Any) -> dict | None:
    if event.to_zone == "battlefield" and "Land" in types_of(game, event.obj) and \
            game.controller_of(event.obj) == game.controller_of(obj.id):
        return {}
    return None


def _you_gain_life(game: Game, obj: Any, event: Any) -> dict | None:
    return {} if event.amount > 0 and event.player == game.controller_of(obj.id) else None


def _you_cast_noncreature(game: Game, obj: Any, event: Any) -> dict | None:
    mine = event.controller == game.controller_of(obj.id)
    return {} if mine and "Creature" not in types_of(game, event.source) else None


#: "When(ever) EVENT, ...": EVENT -> (event kinds, match, the source must be a creature)
_EVENTS: dict[str, tuple[str, Callable[..., dict | None], bool]] = {
    "~ enters": ("ZoneChanged", _enters_self, False),
    "~ dies": ("ZoneChanged", _dies_self, True),
    "~ attacks": ("AttackersDeclared", _attacks_self, True),
    "~ blocks": ("BlockersDeclared", _blocks_self, True),
    "~ becomes blocked": ("BecameBlocked", _becomes_blocked_self, True),
    "~ deals combat damage to a player": ("DamageDealt", _hits_a_player, True),
    "a land you control enters": ("ZoneChanged", _your_land_enters, False),
    "you gain life": ("LifeChanged", _you_gain_life, False),
    "you cast a noncreature spell": ("SpellCast", _you_cast_noncreature, False),
}


def _triggered(card: CardDef, line: str, when: str, phrase: str) -> list[Ability] | None:
    """603.1: "When/Whenever EVENT, EFFECT." for the events of :data:`_EVENTS`; "it" in the
    effect is the source. A "dies" ability looks back in time (603.10a)."""
    if when not in _EVENTS:
        return None
    kind, match, creature = _EVENTS[when]
    found = effect(card, _its(phrase))
    if found is None or (creature and not card.is_type("Creature")):
        return None
    return [Triggered(line, (kind,), match, found[1], found[0], look_back=when == "~ dies")]


def _its(phrase: str) -> str:
    """A triggered ability's effect with "it" (its source) written ``~``."""
    return re.sub(r"^it |(?<= on )it$", "~ ", phrase).strip()


#: a modal ability's first line (700.2): a spell's "Choose one —", or "When(ever) EVENT,
#: choose one —" after an ability word if any
_MODAL = re.compile(rf"^(?:(?:[A-Z][a-z]+ — )?When(?:ever)? ([^,]+), c|C)hoose ({'|'.join(HOW_MANY)}) —$")
#: a mode's line: "• EFFECT." or, with a mode's name, "• NAME — EFFECT."
_MODE = re.compile(r"^• (?:[A-Z][\w' ,-]* — )?(.+)$")


def _modal(card: CardDef, text: str) -> list[Ability] | None:
    """700.2: a modal spell (an instant or sorcery whose only sentences are its modes)
    or a modal "When(ever) EVENT" ability, when each mode is one effect phrase of
    :func:`mechanics.text.effects.effect` with single targets.  A modal trigger's targets are chosen by one
    decision (603.3d), so it may choose several modes only if one of them targets."""
    header, *bullets = text.split("\n")
    m = _MODAL.match(self_named(card, header))
    if m is None:
        return None
    when, (least, most) = m.group(1), HOW_MANY[m.group(2)]
    spell = when is None
    if spell != bool(card.types & {"Instant", "Sorcery"}):
        return None
    if spell and any(ln.endswith(".") for ln in text_lines(card) if ln != header and ln not in bullets):
        return None  # another sentence of the spell: its targets would mix with the modes'
    modes = []
    for bullet in bullets:
        s = self_named(card, _MODE.match(bullet).group(1))
        if not s.endswith(".") or "." in s[:-1] or (spell and "~" in s.replace("~ deals", "")):
            return None
        found = effect(card, sentence(s[:-1]) if spell else _its(sentence(s[:-1])))
        if found is None or any(t.optional or t.max != 1 for t in found[0]):
            return None
        modes.append(Mode(bullet.removeprefix("• "), found[1], found[0]))
    modal = Modal(tuple(modes), least, min(most, len(modes)))
    flat = " ".join([header, *bullets])
    if spell:
        return [SpellAbility(flat, run_modes(modal), modal=modal)]
    if when not in _EVENTS or (modal.most > 1 and sum(bool(md.targets) for md in modes) > 1):
        return None
    kind, match, creature = _EVENTS[when]
    if creature and not card.is_type("Creature"):
        return None
    return [Triggered(flat, (kind,), match, run_modes(modal), look_back=when == "~ dies", modal=modal)]


def _activated(card: CardDef, line: str, m: re.Match) -> list[Ability] | None:
    """602: "COSTS: EFFECT." — mana abilities (605.1a) or abilities that use the stack."""
    costs = m.group(1).split(", ")
    tap, sacrifice = "{T}" in costs, "Sacrifice ~" in costs
    cost = "".join(c for c in costs if c not in ("{T}", "Sacrifice ~"))
    if len(costs) != tap + sacrifice + bool(cost):
        return None  # a cost named twice, or two mana parts
    sorcery = bool(m.group(3))
    phrase = sentence(m.group(2))
    if mana := _MANA_EFFECT.match(phrase):
        symbols = re.findall(r"\{([WUBRGC])\}", mana.group(1))
        n = len(symbols)
        # lands pay costs automatically, one mana each for just {T} (perform.mana_sources)
        if not tap or sorcery or len(set(symbols)) > 1 or (card.is_type("Land") and (cost or sacrifice or n > 1)):
            return None
        color = "WUBRG" if mana.group(1) == "one mana of any color" else symbols[0]
        return [Activated(line, cost=cost, tap=True, mana=color, sacrifice=sacrifice,
                          amount=None if n <= 1 else (lambda g, o: n))]
    found = effect(card, phrase)
    if found is None:
        return None
    targets, resolve = found
    return [Activated(line, cost=cost, tap=tap, resolve=resolve, targets=targets, sorcery=sorcery,
                      sacrifice=sacrifice)]


def _static(card: CardDef, line: str, m: re.Match) -> list[Ability] | None:
    """604, 613: what an Aura or Equipment gives the creature it is attached to, or
    what a permanent gives the creatures its controller controls ("other": not itself)."""
    who, p, t, kws = m.groups()
    words = re.split(r", and |, | and ", kws) if kws else []
    if (p is None and not words) or (p is not None and words and " and " not in line) or \
            any(w not in GRANTABLE for w in words):
        return None
    if who.startswith(("Enchanted", "Equipped")):
        applies: Callable[..., bool] = attached_to_it
    else:
        other = who.startswith("Other")

        def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
            return ch.is_creature and ch.controller == src_ch.controller and not (other and obj.id == src.id)
    out: list[Ability] = []
    if p is not None:
        out.append(Static(line, "7c", applies, {"pt": (int(p), int(t))}))
    if words:
        out.append(Static(line, "6", applies, {"keywords": tuple(words)}))
    return out


def _entering(card: CardDef, line: str, s: str) -> list[Ability] | None:
    """614.1c, 614.12: how this permanent enters — tapped (unless COND), tapped unless its
    controller pays 2 life, or with counters (X: the X paid to cast it, else 0, 107.3m)."""
    if m := _ENTERS_TAPPED.match(s):
        unless = _UNLESS.get(m.group(1)) if m.group(1) else None
        if m.group(1) and unless is None:
            return None

        def tapped(ctx: Ctx, obj: Any) -> None:
            if unless is None or not unless(ctx.game, obj):
                ctx.enter_tapped(obj.id)
        return [EntersWith(line, tapped)]
    if s == _SHOCK:
        def shock(ctx: Ctx, obj: Any) -> None:
            if ctx.game.state.players[obj.controller].life >= 2:  # 119.4: only with that much life
                paid = ctx.choose(Decision("choose", obj.controller, f"{obj.name}: pay 2 life, or it enters "
                                           "tapped (choose none)", ("pay 2 life",), 0, 1))
                if paid:
                    ctx.lose_life(obj.controller, 2)
                    return
            ctx.enter_tapped(obj.id)
        return [EntersWith(line, shock)]
    if m := _ENTERS_COUNTERS.match(s):
        word, kind = m.groups()

        def counters(ctx: Ctx, obj: Any) -> None:
            # 107.3m: X of the spell it resolved from, else 0
            n = int(obj.choices.get("x", 0)) if word == "X" else _NUMBERS[word]
            ctx.put_counters(obj.id, kind, n)
        return [EntersWith(line, counters)]
    return None


def effect_templates(card: CardDef, line: str) -> list[Ability] | None:
    """Common one-line abilities the engine fully does with its primitives, or None.

    Instants and sorceries: one effect sentence of :func:`mechanics.text.effects.effect` (a targeted one only
    as the spell's first sentence and its only target). Permanents: ``When(ever) EVENT,
    EFFECT.`` (:func:`_triggered`); ``COSTS: EFFECT.`` and ``COSTS: Add ...``
    (:func:`_activated`); what Auras, Equipment and anthems give (:func:`_static`); how
    it enters (:func:`_entering`). ``~`` is "this creature" or the card's name.
    """
    s = self_named(card, line)
    if card.types & {"Instant", "Sorcery"}:
        if not s.endswith(".") or "." in s[:-1] or "~" in s.replace("~ deals", ""):
            return None
        found = effect(card, sentence(s[:-1]))
        if found is None or (found[0] and not _first_effect_and_sole_target(card, line)):
            return None
        return [SpellAbility(line, found[1], found[0])]
    if m := _TRIGGER.match(s):
        return _triggered(card, line, m.group(1), m.group(2))
    if m := _ACTIVATED.match(s):
        return _activated(card, line, m)
    if m := _STATIC.match(s):
        return _static(card, line, m)
    return _entering(card, line, s)
