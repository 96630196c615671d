"""Tapping and untapping: "Tap or untap target creature" (Puppeteer, Twitch, Captain of
the Mists), whichever is chosen as it resolves (the autopilot untaps its own permanents
and taps the others'); and effects that last "for as long as ~ remains tapped" (611.2b:
Rust Tick, Tawnos's Weaponry, the Couriers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....model.state import Decision, while_present
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


def lasting(ctx: Ctx, until: str) -> str | None:
    """The ``until`` of an effect that lasts "until end of turn" (``eot``) or "for as long as
    ~ remains tapped" (``tapped``, 611.2b: ended for good as the source untaps or leaves);
    None when that duration is already over as it resolves, so the effect does nothing."""
    if until != "tapped":
        return until
    src = ctx.source
    obj = ctx.game.state.objs.get(src) if src is not None else None
    if obj is None or obj.zone != "battlefield" or not obj.tapped:
        return None
    return while_present(obj, tapped=True)
