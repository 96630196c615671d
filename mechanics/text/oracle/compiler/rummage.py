""""Discard up to N cards, then draw that many cards" (:mod:`..grammar.rummage`): the player
picks up to N cards of their hand (none included), discards them (701.8a) and draws as
many (121.1); "if you do" holds only when at least one was discarded (608.2c)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....model.state import Decision
from ..grammar import rummage as _grammar  # noqa: F401 - registers its imperative
from ..tree import Effect
from .descriptors import Env, Run, Unsupported
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("rummage")
def rummage(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    if e.n.x or e.n.count:
        raise Unsupported("discard up to X cards")

    def run(ctx: Ctx) -> None:
        hand = tuple(ctx.game.state.players[ctx.controller].hand)
        most = min(n(ctx), len(hand))
        if not most:
            return
        picks = ctx.choose(Decision("choose", ctx.controller, f"discard up to {most} cards, then draw that many",
                                    hand, 0, most, {"what": "rummage"}))
        for c in picks:
            ctx.move(c, "graveyard")
        if picks:
            ctx.draw(ctx.controller, len(picks))
    return run
