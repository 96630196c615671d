"""Effect verbs that ask a player to split or pick (700.3 piles, an either/or bonus,
cards put back from the hand);
each decision carries ``what`` so the autopilot (:func:`mechanics.ai.autopilot.policy`)
answers it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....model.state import Decision
from ..tree import Effect
from .descriptors import Env, Run, Unsupported, objects, players_of
from .effects import effect, verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx


@verb("piles")
def piles(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """700.3 (Liliana of the Veil): the controller separates the player's permanents into
    two piles (a pile may be empty, 700.3a), the player chooses one, then sacrifices all
    the permanents in it at once (701.21a)."""
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            mine = tuple(ctx.game.permanents(p))
            first = tuple(ctx.choose(Decision(
                "choose", ctx.controller, f"separate {p}'s permanents into two piles: choose the first pile "
                "(the others are the second)", mine, 0, len(mine), {"what": "pile"})))
            second = tuple(o for o in mine if o not in first)
            names = [", ".join(ctx.game.describe(o) for o in pile) or "nothing" for pile in (first, second)]
            ctx.note(f"{ctx.controller} separates {p}'s permanents: pile 1: {names[0]}; pile 2: {names[1]}")
            pick = ctx.choose(Decision("choose", p, f"sacrifice pile 1 ({names[0]}) or pile 2 ({names[1]})",
                                       ("1", "2"), 1, 1, {"what": "pile-choice", "piles": (first, second)}))
            ctx.sacrifice_all(list(first if pick[0] == "1" else second))
    return run


@verb("one-of")
def one_of(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"gets +1/-1 or -1/+1 until end of turn" (Brightling): the controller picks one
    of the effects as it resolves."""
    if any(v.x or v.count is not None or v.power_of is not None for alt in e.then for v in alt.pt or ()):
        raise Unsupported("gets X/X or ...")
    runs = [effect(env, alt) for alt in e.then]
    names = tuple(_pt(alt) for alt in e.then)

    def run(ctx: Ctx) -> None:
        pick = ctx.choose(Decision("choose", ctx.controller, f"choose one: {' or '.join(names)}", names, 1, 1,
                                   {"what": "one-of", "default": [names[0]]}))
        runs[names.index(pick[0])](ctx)
    return run


def _pt(e: Effect) -> str:
    """"+1/-1": a pump's bonus as the card writes it."""
    assert e.pt is not None
    return "/".join(f"{'+' if v.value >= 0 else '-'}{abs(v.value)}" for v in e.pt)


@verb("choose-target")
def choose_target(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"Choose target creature ...": the target is chosen as the ability is put on the
    stack (603.3d); this sentence does nothing more as it resolves."""
    objects(env, e.what)  # the target requirement, in the order the text names it
    return lambda ctx: None


@verb("hand-to-library")
def hand_to_library(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"Put two cards from your hand on top of your library in any order" (Brainstorm):
    the player picks them, the first picked ending up highest (401.4)."""
    k, bottom = e.n.value, e.dest == "bottom"

    def run(ctx: Ctx) -> None:
        hand = tuple(ctx.game.state.players[ctx.controller].hand)
        m = min(k, len(hand))
        if not m:
            return
        where = "the bottom" if bottom else "top"
        picks = ctx.choose(Decision("choose", ctx.controller, f"put {m} card{'s' * (m > 1)} from your hand on "
                                    f"{where} of your library (the first chosen highest)", hand, m, m,
                                    {"what": "put-back"}))
        for c in (picks if bottom else reversed(picks)):
            ctx.move(c, "library", bottom=bottom)
        ctx.note(f"{ctx.controller} puts {m} card{'s' * (m > 1)} from their hand on {where} of their library")
    return run
