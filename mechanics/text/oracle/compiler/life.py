"""What players may do with their life (119.8): "Players can't gain life this turn."
(Skullcrack), an effect of the turn on the players it names as it resolves, checked where
life is gained (:meth:`mechanics.rules.primitives.Primitives.gain_life`); and a permanent's
"Your opponents can't gain life." (Knight of Dusk's Shadow), which turns each life gain of
those players into none while it is on the battlefield (found through the index of
life-change abilities, so it costs nothing when no permanent has one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ...effects import CANT_GAIN_LIFE
from .. import select
from ..tree import Effect
from .descriptors import Env, Run, players_of
from .effects import verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx
    from ....play.game import Game


@verb("cant-gain-life")
def cant_gain_life(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        players = tuple(who(ctx))
        ctx.add_effect("-", CANT_GAIN_LIFE, [], {"players": players}, until="eot")
        ctx.note(f"{', '.join(players)} can't gain life this turn")
    return run


def static_cant_gain_life(e: Effect, text: str) -> ab.Replacement:
    """A static "PLAYERS can't gain life.": a life gain of one of them is none (119.8)."""
    who = e.who
    assert who is not None

    def applies(game: Game, src: Any, op: dict) -> bool:
        you = game.controller_of(src.id)
        return op["n"] > 0 and op["player"] in ([you] if who.quant == "you" else select.players(game, who, you))
    return ab.Replacement(text, on="life", applies=applies, apply=lambda game, src, op: {**op, "n": 0})
