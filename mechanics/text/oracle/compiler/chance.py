"""Chance: a coin flip (705) and a clash (701.23), each done with the game's seeded
random generator or the top of the libraries, so a game replays the same; then the
effects of the outcome (:mod:`..grammar.chance`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....model.state import Decision
from ..tree import Effect
from .descriptors import Env, Run
from .effects import effects, verb
from .verbs import Count

if TYPE_CHECKING:
    from ....play.context import Ctx


def _outcomes(env: Env, e: Effect) -> tuple[Run, Run]:
    won, lost = e.then
    return effects(env, won.then), effects(env, lost.then)


@verb("coin-flip")
def flip(env: Env, e: Effect, n: Count) -> Run:
    """705.1: the player flips a coin and calls it; winning the flip is even odds (the
    game's random generator, seeded: 705.3)."""
    won, lost = _outcomes(env, e)

    def run(ctx: Ctx) -> None:
        win = ctx.game.state.rng.random() < 0.5
        ctx.note(f"{ctx.controller} flips a coin and {'wins' if win else 'loses'} the flip")
        (won if win else lost)(ctx)
    return run


@verb("clash")
def clash(env: Env, e: Effect, n: Count) -> Run:
    """701.23a-c: you and an opponent each reveal the top card of your library and then
    put it on the top or the bottom (each player's choice, the top by default); you win
    if yours has a greater mana value than theirs (or they revealed none)."""
    won, lost = _outcomes(env, e)

    def run(ctx: Ctx) -> None:
        game, you = ctx.game, ctx.controller
        foes = game.opponents(you)
        if not foes:
            lost(ctx)
            return
        foe = foes[0] if len(foes) == 1 else ctx.choose(Decision(
            "choose", you, "clash with an opponent", tuple(foes), 1, 1, {"what": "opponent", "default": [foes[0]]}))[0]
        shown: dict[str, int | None] = {}
        for p in (you, foe):
            library = game.state.players[p].library
            top = library[0] if library else None
            shown[p] = None if top is None else game.card(game.state.objs[top].name).mana_value
            ctx.note(f"{p} clashes: reveals {game.describe(top)}" if top is not None else f"{p} clashes: reveals nothing")
        for p in (you, foe):  # 701.23a: then each may put it on the bottom
            library = game.state.players[p].library
            if not library:
                continue
            top = library[0]
            where = ctx.choose(Decision("choose", p, f"clash: put {game.describe(top)} on the top or the bottom of "
                                        "your library", ("top", "bottom"), 1, 1,
                                        {"what": "clash", "default": ["top"]}))
            if where and where[0] == "bottom":
                ctx.move(top, "library", bottom=True)
        mine, theirs = shown[you], shown[foe]
        win = mine is not None and (theirs is None or mine > theirs)
        ctx.note(f"{you} {'wins' if win else 'does not win'} the clash")
        (won if win else lost)(ctx)
    return run
