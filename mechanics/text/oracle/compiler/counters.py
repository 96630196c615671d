"""Counters as effects: connive (701.50) and removing counters (122.8).

Connive: "~ connives", "target creature you control connives", "connives X".

701.50a: the permanent's controller draws a card, then discards a card; if a nonland
card is discarded this way, that player puts a +1/+1 counter on the permanent.
701.50b: "connives X": draw X, discard X, a +1/+1 counter for each nonland card
discarded.  701.50c: a permanent that has left the battlefield still connives (its
last known controller draws and discards, 608.2h), but gets no counter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....model.state import Decision
from ...effects import types_of
from ..tree import Effect
from .descriptors import Env, Run, each_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("connive")
def connive(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    def one(ctx: Ctx, o: Any) -> None:
        obj = ctx.game.state.objs[o]
        there = obj.zone == "battlefield"
        player = ctx.game.controller_of(o) if there else ctx.controller  # 701.50c
        k = n(ctx)
        ctx.draw(player, k)
        hand = tuple(ctx.game.state.players[player].hand)
        k = min(k, len(hand))
        picks = ctx.choose(Decision("choose", player, f"connive: discard {k} card{'s' if k != 1 else ''}",
                                    hand, k, k, {"what": "discard"})) if k else []
        nonland = sum("Land" not in types_of(ctx.game, c) for c in picks)
        for c in picks:
            ctx.move(c, "graveyard")
        if nonland and there and ctx.game.state.objs[o].zone == "battlefield":
            ctx.put_counters(o, "+1/+1", nonland, source_item=ctx.item.id)
    return each_of(env, e.what, one)


@verb("remove-counters")
def remove_counters(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """122.8: remove up to N counters of the kind (as many as it has)."""
    return each_of(env, e.what, lambda ctx, o: ctx.remove_counters(o, e.kind, n(ctx)))
