"""Revealing as a choice (701.16a).  The ``reveal-if`` verb: look at the top card of your
library; you may reveal it; if a card that fits was revealed this way, the effects happen
(Delver of Secrets).  The card stays on top either way; revealing a card that doesn't fit
changes nothing, so the player is asked only when the card fits.  And the "reveal lands"
(Choked Estuary): a card revealed from the hand as it enters, or it enters tapped."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....model.state import Decision
from .. import select
from ..tree import Effect, Objects
from .descriptors import Env, Run, players_of
from .effects import then_run, verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx


def reveal_or_tapped(what: Objects) -> Callable[[Ctx, Any], None]:
    """614.12: "As ~ enters, you may reveal an Island or Swamp card from your hand. If you
    don't, ~ enters tapped." (the autopilot and a goldfish reveal one when they can)."""
    def enter(ctx: Ctx, obj: Any) -> None:
        game, you = ctx.game, obj.controller
        p = game.state.players[you]
        options = tuple(o for o in p.hand if select.matches(game, what, o, you, obj.id))
        pick: Any = []
        if options:
            d = Decision("choose", you, f"{game.describe(obj.id)}: you may reveal {_kinds(what)} from your hand "
                         "(choose none: it enters tapped)", options, 0, 1, {"what": "reveal", "default": [options[0]]})
            pick = [options[0]] if p.auto and game.policy is None else ctx.choose(d)
        if pick:
            ctx.note(f"{you} reveals {game.describe(pick[0])}")
        else:
            ctx.enter_tapped(obj.id)
    return enter


def _kinds(d: Objects) -> str:
    kinds = " or ".join(k for k in d.kinds if k != "card") + " card"
    return ("an " if kinds[0] in "aeiouAEIOU" else "a ") + kinds


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
