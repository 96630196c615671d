"""Combat effects, compiled (:mod:`..grammar.combat`): "remove it from combat" (506.4), and
tokens created "tapped and attacking" (508.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..tree import Effect
from .descriptors import Env, Run, each_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("remove-from-combat")
def remove_from_combat(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """506.4: it is no longer attacking or blocking (a permanent still on the battlefield)."""
    def remove(ctx: Ctx, o: object) -> None:
        game = ctx.game
        if isinstance(o, int) and game.state.objs[o].zone == "battlefield":
            game.remove_from_combat(game.state.objs[o])
            game.changed(characteristics=False)
            ctx.note(f"{game.describe(o)} is removed from combat")
    return each_of(env, e.what, remove)
