"""Effects on what players may do with their life: "Players can't gain life this turn."
(Skullcrack; 119.8), an effect of the turn on the players it names as it resolves,
checked where life is gained (:meth:`mechanics.rules.primitives.Primitives.gain_life`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...effects import CANT_GAIN_LIFE
from ..tree import Effect
from .descriptors import Env, Run, players_of
from .effects import verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx


@verb("cant-gain-life")
def cant_gain_life(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        players = tuple(who(ctx))
        ctx.add_effect("-", CANT_GAIN_LIFE, [], {"players": players}, until="eot")
        ctx.note(f"{', '.join(players)} can't gain life this turn")
    return run
