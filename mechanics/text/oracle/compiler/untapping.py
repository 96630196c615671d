"""Tapping or untapping as the controller chooses: "Tap or untap target creature"
(Puppeteer, Twitch, Captain of the Mists).  Whichever is chosen as it resolves; the
autopilot untaps its own permanents and taps the others'."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....model.state import Decision
from ..tree import Effect
from .descriptors import Env, Run, each_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("tap-or-untap")
def tap_or_untap(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    def one(ctx: Ctx, o: Any) -> None:
        mine = ctx.game.controller_of(o) == ctx.controller
        pick = ctx.choose(Decision("choose", ctx.controller, f"tap or untap {ctx.game.describe(o)}?",
                                   ("tap", "untap"), 1, 1, {"what": "one-of", "default": ["untap" if mine else "tap"]}))
        (ctx.untap if pick and pick[0] == "untap" else ctx.tap)(o)
    return each_of(env, e.what, one)
