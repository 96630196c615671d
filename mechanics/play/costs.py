"""What casting a card costs, read without casting it: the total mana cost (601.2f:
its mana cost or an alternative or flashback cost, additional costs, then increases
and reductions), the card's other costs of casting, its alternative costs (118.9)
and their conditions, what may be cast from a graveyard for which cost (601.3),
suspend (702.62a).  Casting (:mod:`.perform`), the legal actions and the autopilot
ask the same questions here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import AltCost, AsThoughFlash, CastCost, CastFrom, SpellCost
from ..model.cards import parse_cost
from ..model.mana import increased, reduced
from .flash import flash_surcharge

if TYPE_CHECKING:
    from .game import Game


def total_cost(game: Game, player: str, card: Any, flashback: str = "", kicked: bool = False,
               alt: AltCost | None = None) -> tuple[str, ...]:
    """601.2f: the mana cost (or an alternative cost: flashback's, or a keyword's ``alt``,
    118.9), plus additional costs (kicker, or ``alt`` when it is an additional one:
    buyback), less cost reductions.  A card with no costs of casting besides its mana
    cost and no "as though it had flash" (:func:`plain_cost`), cast for its mana cost
    while no permanent changes what spells cost, costs its mana cost (whether it does is
    kept by name with the ability index, as :func:`spell_costs` is: the autopilot asks of
    every card in hand at each decision)."""
    if not (flashback or kicked or alt):
        index = game.ability_index()
        kept = game.memo.get("printed_costs")
        if kept is None or kept[0] is not index:
            kept = game.memo["printed_costs"] = (index, {})
        found = kept[1].get(card.name)
        if found is None:
            found = kept[1][card.name] = plain_cost(game, card.name) and not spell_costs(game)
        if found:
            return card.cost
    costs = cast_costs(game, card.name)
    total = parse_cost(alt.cost) if alt and not alt.additional else parse_cost(flashback) if flashback else card.cost
    if alt and alt.additional:  # buyback (702.27a): on top of the mana cost
        total += parse_cost(alt.cost)
    if kicked:
        total += parse_cost("".join(c.kicker for c in costs))
    total += flash_surcharge(game, player, card)  # "as though it had flash if you pay {2} more"
    less = sum(c.less(game, player) for c in costs if c.less is not None) if costs else 0
    changing = spell_costs(game)
    change = sum(a.change(game, o, player, card) for o, a in changing) if changing else 0
    less -= min(change, 0)
    if change > 0:  # 601.2f: increases, then reductions (each only of generic mana)
        total = increased(total, change)
    return reduced(total, less) if less else total


def plain_cost(game: Game, name: str) -> bool:
    """Whether nothing of the card itself changes what casting it costs: no costs of
    casting besides its mana cost (kicker, additional costs, reductions, 601.2f) and no
    "as though it had flash" that may cost more (kept with its abilities)."""
    beh = game.behaviour(name)
    found = beh.derived.get("plain_cost")
    if found is None:
        found = beh.derived["plain_cost"] = not beh.of(CastCost) and not beh.of(AsThoughFlash)
    return found


def spell_costs(game: Game) -> list[tuple[int, SpellCost]]:
    """The battlefield's abilities changing what spells cost (601.2f), with their sources
    (kept with the ability index, dropped when the characteristics are and when such a
    permanent enters or leaves, ``triggers.lists``: every castable card's cost asks)."""
    index = game.ability_index()
    kept = game.memo.get("spell_costs")
    if kept is None or kept[0] is not index:
        found = []
        for o, ch in game.all_chars().items():
            beh = ch.behaviour
            if not ch.no_abilities and beh.derived.get("spell_costs", True) and (  # (kept with the abilities)
                    changes := beh.derived.setdefault("spell_costs", beh.of(SpellCost))):
                found += [(o, a) for a in changes]
        kept = game.memo["spell_costs"] = (index, found)
    return kept[1]


def cast_costs(game: Game, name: str, kind: type = CastCost) -> list:
    """The card's costs of casting besides its mana cost (``kind`` :class:`AltCost`: its
    alternative costs), kept per card: the autopilot and the legal actions ask for every
    card in hand at every decision."""
    kept = game.memo.get("cast_costs")
    if kept is None:
        kept = game.memo["cast_costs"] = {}
    found = kept.get((name, kind))
    if found is None:
        found = kept[name, kind] = game.behaviour(name).of(kind)
    return found


def alternative_cost(game: Game, name: str, keyword: str) -> AltCost | None:
    """The card's alternative cost given by ``keyword`` (118.9), or None."""
    return next((c for c in cast_costs(game, name, AltCost) if c.name == keyword), None)


def flashback_cost(game: Game, name: str) -> str:
    """The flashback cost of a card (702.34a), or ""."""
    return next((c.flashback for c in cast_costs(game, name) if c.flashback), "")

def permitted_alt(game: Game, name: str, zone: str) -> str:
    """The keyword whose alternative cost the card may be cast for from ``zone`` (601.3:
    "You may cast this card from your graveyard using its blitz ability"), or ""."""
    return next((c.alt for c in cast_costs(game, name, CastFrom) if c.zone == zone), "")

def alt_allowed(game: Game, player: str, alt: AltCost, oid: int) -> bool:
    """Whether the alternative cost's condition holds now ("If you control a Swamp", spectacle)."""
    return alt.condition is None or alt.condition(game, player, oid)

def suspend_instance(game: Game, name: str) -> tuple[int, str] | None:
    """The card's suspend N and cost (702.62a), or None."""
    return next((arg for kw, arg in game.behaviour(name).keywords if kw == "suspend"), None)
