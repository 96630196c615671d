"""Counters as effects: connive (701.50), removing (122.8) and doubling (701.10)
counters, a player's energy (122.1, 107.14) and paying any amount of it.

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
from .. import select
from ..tree import Effect, Event
from .descriptors import Env, Run, Unsupported, each_of, players_of
from .effects import effect, verb

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game


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


@verb("energy")
def get_energy(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """122.1, 107.14: "you get {E}{E}": energy counters put on the player."""
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            ctx.put_counters(p, "energy", n(ctx), source_item=ctx.item.id if ctx.item else None)
    return run


@verb("pay-energy")
def pay_energy(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"You may pay any amount of {E}. ~ deals that much damage to that creature." (107.14):
    the player chooses how many of their energy counters to pay (the autopilot: all), and
    the next effect reads that number."""
    env.paying = True
    then = effect(env, e.then[0])
    env.paying = False

    def run(ctx: Ctx) -> None:
        have = ctx.game.state.players[ctx.controller].counters.get("energy", 0)
        options = tuple(str(k) for k in range(have + 1))
        pick = ctx.choose(Decision("choose", ctx.controller, f"pay how many energy counters? (0 to {have})",
                                   options, 1, 1, {"what": "energy", "default": [options[-1]]}))
        paid = ctx.remove_counters(ctx.controller, "energy", int(pick[0]) if pick else 0)
        ctx.item.data["paid"] = paid
        then(ctx)
    return run


@verb("double-counters")
def double_counters(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """701.10: to double the counters of a kind on a permanent, it gets that many more of
    that kind (each kind it has, for "each kind of counter")."""
    def double(ctx: Ctx, o: Any) -> None:
        had = dict(ctx.game.state.objs[o].counters)
        for kind, k in had.items():
            if e.kind in ("*", kind):
                ctx.put_counters(o, kind, k, source_item=ctx.item.id if ctx.item else None)
    return each_of(env, e.what, double)


def counters_put_match(ev: Event) -> tuple[tuple[str, ...], Callable[..., dict | None], bool]:
    """"Whenever one or more +1/+1 counters are put on ~ / another creature you control":
    once for each putting (a CountersPut event) of that kind (``ev.step``) on one that fits."""
    d, kind = ev.subject, ev.step
    if d is None or d.quant not in ("self", "a", "each"):
        raise Unsupported("counters put on that")

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if event.kind_ != kind or event.obj is None:
            return None
        hit = event.obj == obj.id if d.quant == "self" else \
            select.matches(game, d, event.obj, game.controller_of(obj.id), obj.id)
        return {"obj": event.obj} if hit else None
    return ("CountersPut",), match, False
