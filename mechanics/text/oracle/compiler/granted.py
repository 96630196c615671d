"""Abilities an effect grants (113.2, 613.1f): a manland's 'becomes a 3/3 red and green
Elemental creature with "Whenever this creature attacks, put a +1/+1 counter on it"
until end of turn' (Raging Ravine).

The quoted ability compiles to an ability of the card marked ``granted``: the engine
lets it trigger only while a layer-6 effect lists it among the permanent's granted
abilities (:class:`mechanics.rules.layers.Chars` ``granted``), so it ends with the
effect.  Only a permanent's grant to itself: the ability must be of the card it is on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ....abilities import abilities as ab
from ..tree import Effect
from .abilities import triggered
from .descriptors import Env, Unsupported

if TYPE_CHECKING:
    from ....play.context import Ctx


def granted(env: Env, e: Effect) -> Callable[[Ctx, list[int]], None] | None:
    """``grant(ctx, permanents)``: the layer-6 effect giving them ``e``'s quoted abilities
    (None when it grants none)."""
    if not e.grants:
        return None
    if env.hidden is None or env.card is None or e.what is None or e.what.quant != "self":
        raise Unsupported('with "..." (an ability granted to another permanent)')
    gives: list[ab.Triggered] = []
    for node in e.grants:
        if node.form != "triggered" or node.event is None or node.event.kind == "step":
            raise Unsupported(f'with "{node.text}"')
        got = triggered(node, node.text, env.card, env.known, animated=True)
        if got.look_back:  # it would have to trigger from what the permanent was as it left
            raise Unsupported(f'with "{node.text}"')
        gives.append(replace(got, granted=True))
    env.hidden += gives
    name = env.card.name

    def grant(ctx: Ctx, hit: list[int]) -> None:
        found = ctx.game.behaviour(name).abilities
        idx = tuple(i for i, a in enumerate(found) if any(a is g for g in gives))
        ctx.add_effect("6", "grants", hit, {"granted": idx})
    return grant
