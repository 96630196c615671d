"""Case enchantments (719, the grammar's :mod:`..grammar.cases`): solving one is a
designation of the permanent, kept with it while it stays on the battlefield."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..tree import Effect
from .descriptors import Env, Run
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("solve")
def solve(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """719.3a: "it becomes solved" (the condition "solved" of :mod:`.conditions` reads it)."""
    def run(ctx: Ctx) -> None:
        src = ctx.source
        if src is not None:
            ctx.remember_choice(src, "solved", key="solved")
            ctx.note(f"{ctx.game.describe(src)} is solved")
    return run
