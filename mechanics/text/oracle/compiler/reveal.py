"""The ``reveal-if`` verb: look at the top card of your library; you may reveal it; if a card
that fits was revealed this way, the effects happen (Delver of Secrets; 701.16a).  The card
stays on top either way.  Revealing a card that doesn't fit changes nothing, so the player
is asked only when the card fits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....model.state import Decision
from .. import select
from ..tree import Effect
from .descriptors import Env, Run, players_of
from .effects import then_run, verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx


@verb("reveal-if")
def reveal_if(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    whose = players_of(env, e.who)
    then = then_run(env, e)
    what = e.what
    assert what is not None

    def run(ctx: Ctx) -> None:
        for player in whose(ctx):
            library = ctx.game.state.players[player].library
            if not library:
                continue
            top = library[0]
            fits = select.matches(ctx.game, what, top, ctx.controller, None)
            shown = fits and ctx.choose(Decision(
                "choose", ctx.controller, f"you may reveal {ctx.game.describe(top)} from the top of your library: "
                "reveal it? (yes/no)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]})) == ["yes"]
            if not shown:
                ctx.note(f"{ctx.controller} looks at the top card of {player}'s library")
                continue
            ctx.note(f"{ctx.controller} reveals {ctx.game.describe(top)} from the top of {player}'s library")
            then(ctx)
    return run
