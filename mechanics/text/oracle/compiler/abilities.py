"""Whole abilities: the tree's spell, modal, activated, triggered, static, "enters" and
cast-cost abilities as the engine's (:mod:`mechanics.abilities.abilities`), and the
rules that still apply to a loyalty ability read by hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ....abilities.grants import is_quoted
from ....model.cards import parse_cost
from .. import select
from ..grammar.words import PROTECTION_OF_CHOICE
from ..tree import Ability, Effect, Objects
from .clones import clone
from .conditions import condition
from .descriptors import MEANINGFUL_COUNTERS, Env, Run, Unsupported
from .effects import effects
from .granted import grant_names, lost
from .graveyard import works_in_graveyard
from .life import static_cant_gain_life
from .mana import choose_color, mana_ability, mana_trigger
from .replacing import damage_replacement
from .reveal import reveal_or_tapped
from .statics import counted_pt, defined_pt, itself, spell_cost
from .triggers import trigger_match
from .untapping import enter_tapped_replacement

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game


def spells(nodes: list[Ability], text: str, known: set[str], card: Any,
           hidden: list[ab.Triggered] | None = None) -> ab.SpellAbility:
    """An instant's or sorcery's sentences, one spell ability: targets in order (601.2c);
    the abilities only it starts (delayed ones, 603.7) go to ``hidden``."""
    env = Env(known, card, spell=True)
    env.hidden = hidden
    env.sacrifices = any(line.lower().startswith("as an additional cost to cast this spell, sacrifice a")
                         for line in card.oracle_text.splitlines())  # Fling: "the sacrificed creature"
    run = effects(env, [e for n in nodes for e in n.effects])
    return ab.SpellAbility(text, run, tuple(env.targets), divide=env.divide)


def modal(node: Ability, text: str, mode_texts: list[str], known: set[str], card: Any) -> ab.Modal:
    modes = []
    for m, words in zip(node.modes, mode_texts, strict=True):
        env = Env(known, card)
        run = effects(env, m)
        if any(t.optional or t.max != 1 for t in env.targets):
            raise Unsupported("a mode with 'up to' targets")
        modes.append(ab.Mode(words, run, tuple(env.targets)))
    return ab.Modal(tuple(modes), node.least, node.most)


def activated(node: Ability, text: str, card: Any, known: set[str],
              hidden: list[ab.Triggered] | None = None) -> ab.Activated | ab.HandAbility:
    c = node.cost
    assert c is not None
    mana = any(e.verb == "mana" for e in node.effects)
    if ("X" in c.mana.upper() and (mana or c.loyalty is not None)) or any(
            "/" in s and not set(s.upper().split("/")) <= set("WUBRGP") for s in parse_cost(c.mana)):
        raise Unsupported(c.mana)  # X is chosen as an ability is activated (107.3): not for mana; 107.4e
        # hybrid {B/G} is paid with either color, Phyrexian {W/P} with {W} or 2 life (107.4f); not {2/W}
    found = mana_ability(node, text, card, known, _permanent_cost(c.sacrifice), _tap_cost(c.tap_other),
                         _tap_cost(c.exile_cards))
    if found is not None:
        return found
    env = Env(known, card)
    env.hidden = hidden
    env.sacrifices = c.sacrifice is not None
    run = effects(env, node.effects)
    if len(env.targets) > 1:
        raise Unsupported("an activated ability with two targets")
    if env.from_graveyard:
        return _graveyard_ability(node, text, run, env)
    zone = "graveyard" if c.exile_self_from_graveyard else "hand" if c.discard_self else ""
    if zone:  # 113.6: the cost moves the card from its graveyard (exiled) or hand (discarded): it works there
        if c.tap or c.sacrifice_self or c.sacrifice or c.discard or c.tap_other or c.remove or c.energy or c.exert or \
                c.exile_cards or c.put or node.once_each_turn or node.condition or c.loyalty is not None or \
                (c.exile_self_from_graveyard and c.discard_self):
            raise Unsupported(f"{'Exile ~ from your graveyard' if zone == 'graveyard' else 'Discard ~'} "
                              "(with another cost)")
        return ab.HandAbility(text, cost=c.mana, resolve=run, life=c.life, zone=zone, sorcery=node.sorcery,
                              targets=tuple(env.targets))
    if c.loyalty is not None:  # 606.3: sorcery speed, once a turn per permanent (checked as activated)
        if not card.is_type("Planeswalker") or node.condition:
            raise Unsupported("a loyalty ability of a non-planeswalker")
        return ab.Activated(text, resolve=run, targets=tuple(env.targets), sorcery=True, loyalty=c.loyalty)
    return ab.Activated(text, cost=c.mana, tap=c.tap, resolve=run, targets=tuple(env.targets), x_min=node.x_min,
                        sorcery=node.sorcery, sacrifice=c.sacrifice_self, life=c.life,
                        sacrifice_other=_permanent_cost(c.sacrifice), discard=c.discard,
                        once=node.once_each_turn, bounce_other=_permanent_cost(c.bounce), only_if=_only_if(node),
                        tap_other=_tap_cost(c.tap_other), remove_counters=c.remove,
                        energy=c.energy, exert=c.exert, exile_graveyard=_tap_cost(c.exile_cards),
                        put_counters=c.put)


def _graveyard_ability(node: Ability, text: str, run: Run, env: Env) -> ab.HandAbility:
    """113.6k: "{2}{B}: Return this card from your graveyard to your hand": an ability that
    works in its owner's graveyard, the card staying there as it is activated."""
    c = node.cost
    if c.tap or c.untap or c.sacrifice_self or c.exile_self_from_graveyard or c.loyalty is not None or c.bounce \
            or "X" in c.mana.upper():
        raise Unsupported("~ from your graveyard (with a cost of a permanent)")
    return ab.HandAbility(text, cost=c.mana, resolve=run, life=c.life, zone="graveyard", sorcery=node.sorcery,
                          targets=tuple(env.targets), stays=True, sacrifice_other=_permanent_cost(c.sacrifice),
                          tap_other=_tap_cost(c.tap_other), discard=c.discard, once=node.once_each_turn,
                          only_if=_only_if(node))


def _only_if(node: Ability) -> Callable[..., bool] | None:
    """602.5b: "Activate only if COND": checked as it would be activated."""
    check = condition(node.condition)
    return None if check is None else (lambda game, player, oid: check(game, player, oid))


#: a loyalty ability's line (606.1): "[+N]: EFFECT", "[−N]: EFFECT" or "[0]: EFFECT"
_LOYALTY = re.compile(r"^\[([+−-]?)(\d+)\]: (.+)$")


def by_hand(card: Any, line: str) -> list[ab.Ability]:
    """What the rules still do for a line the compiler can't read: a planeswalker's loyalty
    ability is activated as 606 says (its loyalty paid, once a turn, at sorcery speed), and
    on resolution the player is told to do its effect by hand."""
    m = _LOYALTY.match(line)
    if m is None or not card.is_type("Planeswalker"):
        return []
    sign, n, effect = m.groups()

    def told(ctx: Ctx) -> None:
        ctx.note(f"{card.name}: do this by hand: {effect}")
    return [ab.Activated(line, resolve=told, sorcery=True, loyalty=-int(n) if sign in ("−", "-") else int(n))]


def _permanent_cost(d: Objects | None) -> tuple[str, Callable[..., bool]] | None:
    """"Sacrifice a creature", "Return a Forest you control to its owner's hand" as a cost:
    what fits (another: not the source)."""
    if d is None:
        return None
    return (" or ".join(d.kinds), lambda game, player, o, source: select.matches(game, d, o, player, source))


def _tap_cost(d: Objects | None) -> tuple[str, Callable[..., bool], int] | None:
    """"Tap an untapped creature you control", "Exile two cards from your graveyard" as a
    cost: what fits ("creature card": a creature, "card" its zone's word), how many."""
    if d is None:
        return None
    what = " or ".join(k for k in d.kinds if k != "card") + (" card" if "card" in d.kinds else "")
    return (what.strip(), lambda game, player, o, source: select.matches(game, d, o, player, source), d.count)


def triggered(node: Ability, text: str, card: Any, known: set[str],
              modal_node: ab.Modal | None = None,
              hidden: list[ab.Triggered] | None = None) -> ab.Triggered | ab.ManaTrigger:
    ev = node.event
    assert ev is not None
    if ev.kind == "tapped-for-mana":
        return mana_trigger(node, text)
    check = condition(node.condition)
    cond = None
    if check is not None:
        def cond(game: Game, item: Any) -> bool:  # 603.4: on triggering and on resolution
            return check(game, item.controller, item.source, item.source_epoch)
    if ev.kind == "step":
        if ev.whose == "opponent":
            raise Unsupported("at the beginning of each opponent's")
        env = Env(known, card)
        env.hidden = hidden
        run = effects(env, node.effects) if modal_node is None else _modes(modal_node)
        _one_target(env)
        return ab.Triggered(text, resolve=run, targets=tuple(env.targets), condition=cond, step=ev.step,
                            step_whose="each" if ev.whose == "each" else "you", modal=modal_node,
                            zone=_zone(env, ev, False, node.condition))
    if ev.kind == "chapter" and "Saga" not in card.subtypes:
        raise Unsupported("a chapter ability of a non-Saga")
    kinds, match, back = trigger_match(ev)
    if ev.subject is not None and ev.subject.quant == "self" and ev.kind in (
            "dies", "attacks", "combat-damage", "blocks", "becomes-blocked", "blocks-or-blocked"):
        if not card.is_type("Creature") and not is_quoted(card.name) and not becomes_creature(card):
            raise Unsupported(f"a noncreature's '{ev.kind}'")
    env = Env(known, card)
    env.hidden = hidden
    run = effects(env, node.effects) if modal_node is None else _modes(modal_node)
    _one_target(env)
    return ab.Triggered(text, kinds, match, run, tuple(env.targets), cond, look_back=back, modal=modal_node,
                        zone=_zone(env, ev, back, node.condition))


def _zone(env: Env, ev: Any, back: bool, cond: Any) -> str:
    """113.6k: a triggered ability that moves this card out of its graveyard works there,
    unless its event puts the card there (it then triggers as it leaves the battlefield:
    "When this creature dies, return this card from your graveyard to your hand")."""
    if works_in_graveyard(ev, cond):  # "When this card is put into your graveyard from your library" (603.6d)
        return "graveyard"
    if not env.from_graveyard or back:
        return "battlefield"
    if ev.subject is not None and ev.subject.quant == "attached":
        raise Unsupported("when enchanted creature dies, return this card from your graveyard")
    return "graveyard"


def becomes_creature(card: Any) -> bool:
    """A noncreature card that can become a creature, so its "whenever ~ attacks" (or deals
    combat damage, dies ...) can trigger: a Vehicle (crew, 702.122) or a permanent whose own
    text animates it ("~ becomes a 2/3 ... creature", a manland or a Keyrune)."""
    return "Vehicle" in card.subtypes or re.search(r"\bbecomes? an? [^.\"]*creature", card.oracle_text or "") is not None


def _modes(m: ab.Modal) -> Run:
    from ....abilities.modes import run_modes

    return run_modes(m)


def _one_target(env: Env) -> None:
    """603.3d: the engine chooses one target requirement for a trigger."""
    if len(env.targets) > 1:
        raise Unsupported("a triggered ability with two targets")


# ---------------------------------------------------------------------- statics and entering
def static(node: Ability, text: str, card: Any, known: set[str]
           ) -> list[ab.Static] | list[ab.SpellCost] | list[ab.Replacement]:
    """604, 613: what the permanent gives: +N/+N in layer 7c, keywords and quoted
    abilities (:mod:`.granted`) in layer 6."""
    e = node.effects[0]
    if e.verb == "spell-cost":
        return [spell_cost(e, text)]
    if e.verb == "defined-pt":
        return [defined_pt(e, text, card)]
    if e.verb == "damage-replacement":  # 614.1a, 614.9, 615 (:mod:`.replacing`)
        return [damage_replacement(e, text)]
    if e.verb == "cant-gain-life":
        return [static_cant_gain_life(e, text)]
    if e.verb == "others-enter":
        return [enter_tapped_replacement(e, text, node)]
    d = e.what
    check = condition(node.condition)
    cond = None if check is None else (lambda game, src: check(game, game.controller_of(src.id), src.id))
    if d.quant == "self":
        applies = itself
    elif d.quant == "attached":
        def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
            return src.attached_to == obj.id
    elif d.quant == "each" and not d.players_only and d.zone == "battlefield":
        def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
            return select.matches(game, d, obj.id, src_ch.controller, src.id, ch)
    else:
        raise Unsupported(text)
    if e.pt and (e.pt[0].x or e.pt[1].x or e.pt[0].power_of or e.pt[1].power_of or e.pt[0].counters_on or
                 e.pt[1].counters_on):
        raise Unsupported("gets +X/+X")
    if PROTECTION_OF_CHOICE in e.keywords:
        raise Unsupported(PROTECTION_OF_CHOICE)  # a choice made as it resolves: no static has one
    out = []
    if e.pt and (e.pt[0].count or e.pt[1].count):  # "+1/+1 for each artifact you control" (613.4c)
        out.append(ab.Static(text, "7c", applies, {"pt_per": counted_pt(e.pt)}, cond))
    elif e.pt:
        out.append(ab.Static(text, "7c", applies, {"pt": (e.pt[0].value, e.pt[1].value)}, cond))
    if e.keywords:
        out.append(ab.Static(text, "6", applies, {"keywords": e.keywords}, cond))
    if e.grants:
        out.append(ab.Static(text, "6", applies, {"grants": grant_names(Env(known, card), e.grants)}, cond))
    if e.loses:  # "Enchanted creature loses flying.", "... loses all abilities"
        out.append(ab.Static(text, "6", applies, lost(e.loses), cond))
    if e.token is not None:  # "is black" (105.3: its color is now that), "is a Demon in addition to ..."
        if e.token.name:
            out.append(ab.Static(text, "4", applies, {"subtypes": tuple(e.token.name.split())}, cond))
        if e.token.colors:
            key = "add_colors" if e.token.types == ("add",) else "colors"
            out.append(ab.Static(text, "5", applies, {key: e.token.colors}, cond))
    if e.base_pt:  # 613.4b: "has base power and toughness 1/1"
        out.append(ab.Static(text, "7b", applies, {"set_pt": e.base_pt}, cond))
    return out


def enters(node: Ability, text: str, name: str = "") -> ab.EntersWith:
    """614.1c: how it enters: tapped (unless COND, checked as it enters), with counters;
    614.12: with a color chosen.  Several of those: each, in the order written."""
    if len(node.effects) > 1:  # "This land enters tapped. As it enters, choose a color."
        parts = [enters(replace(node, effects=(e,)), text, name).apply for e in node.effects]

        def each(ctx: Ctx, obj: Any) -> None:
            for apply in parts:
                apply(ctx, obj)
        return ab.EntersWith(text, each)
    e = node.effects[0]
    if e.verb == "clone":
        return clone(e, text, name)
    if e.verb == "choose-color":
        return ab.EntersWith(text, choose_color(e.kind))
    if e.verb == "shock":
        from ..keywords import shock_land

        return ab.EntersWith(text, shock_land)
    if e.verb == "reveal-or-tapped":
        return ab.EntersWith(text, reveal_or_tapped(e.what))
    if e.verb == "enter-tapped":
        check = condition(e.condition)

        def tapped(ctx: Ctx, obj: Any) -> None:
            if check is None or check(ctx.game, obj.controller, obj.id):
                ctx.enter_tapped(obj.id)
        return ab.EntersWith(text, tapped)
    kind = e.kind
    if kind in MEANINGFUL_COUNTERS:
        raise Unsupported(f"{kind} counters")
    if e.n.counters_on is not None or e.n.power_of is not None:
        raise Unsupported("enters with a number of counters read from another object")
    check = condition(e.condition)

    def counters(ctx: Ctx, obj: Any) -> None:  # X: the X paid to cast it, else 0 (107.3m)
        if check is not None and not check(ctx.game, obj.controller, obj.id):
            return
        k = int(obj.choices.get("x", 0)) if e.n.x else e.n.value  # 107.3m: the X it was cast with
        if e.n.count is not None:  # "for each other creature on the battlefield", as it enters
            k = e.n.value + e.n.times * len(select.each(ctx.game, e.n.count, obj.controller, obj.id))
        ctx.put_counters(obj.id, kind, k)
    return ab.EntersWith(text, counters)


def _less(e: Effect) -> Callable[..., int]:
    """How much generic mana a cost reduction takes off as the spell is cast (601.2f)."""
    check, n = condition(e.condition), e.n

    def less(game: Game, player: str) -> int:
        if n.tally:
            return n.times * game.state.turn_flags.get(n.tally, 0)
        if n.count is not None:
            return n.times * len(select.each(game, n.count, player, None))
        return n.value if check is None or check(game, player, None) else 0
    return less


def cast_cost(node: Ability, text: str) -> ab.CastCost:
    """601.2f: an additional cost to cast the spell, or a reduction of its cost."""
    if node.effects:
        return ab.CastCost(text, less=_less(node.effects[0]))
    c = node.cost
    if c.mana or c.tap or c.sacrifice_self or c.bounce or c.tap_other or c.remove or c.energy or c.exert or c.put:
        raise Unsupported(text)
    return ab.CastCost(text, life=c.life, discard=c.discard, sacrifice_other=_permanent_cost(c.sacrifice),
                       exile_graveyard=_tap_cost(c.exile_cards))
