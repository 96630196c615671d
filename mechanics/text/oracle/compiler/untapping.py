"""Tapping and untapping: "Tap or untap target creature" (Puppeteer, Twitch, Captain of
the Mists), whichever is chosen as it resolves (the autopilot untaps its own permanents
and taps the others'); and effects that last "for as long as ~ remains tapped" (611.2b:
Rust Tick, Tawnos's Weaponry, the Couriers); triggers of a permanent becoming tapped or
untapped (Lifetap, City of Brass, Kudzu); "Artifacts your opponents control enter tapped"
(Manglehorn)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ....model.state import Decision, while_present
from .. import select
from ..tree import Effect, Event
from .descriptors import Env, Run, Unsupported, each_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game


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


def turned_match(ev: Event) -> tuple[tuple[str, ...], Callable[..., dict | None], bool]:
    """"Whenever ~ / enchanted land / a Forest an opponent controls becomes tapped" (or
    "untapped"): the engine's Tapped (Untapped) events of the permanents that fit."""
    d = ev.subject
    kind = "Tapped" if ev.kind == "becomes-tapped" else "Untapped"
    if d is None or d.quant not in ("self", "attached", "a", "each"):
        raise Unsupported(f"{d.quant if d else 'what'} {ev.kind}")

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if d.quant == "self":
            hit = event.obj == obj.id
        elif d.quant == "attached":
            hit = obj.attached_to == event.obj
        else:
            hit = select.matches(game, d, event.obj, game.controller_of(obj.id), obj.id)
        return {"obj": event.obj, "player": game.controller_of(event.obj)} if hit else None
    return (kind,), match, False


def enter_tapped_replacement(e: Effect, text: str, node: Any) -> ab.Replacement:
    """614.1c: "Artifacts your opponents control enter tapped." (Manglehorn, Authority of the
    Consuls): a replacement effect on each permanent that fits as it enters."""
    d = e.what
    if node.condition is not None or d is None or d.zone != "battlefield":
        raise Unsupported(text)

    def applies(game: Game, src: Any, op: dict) -> bool:
        return op["obj"] != src.id and select.matches(game, d, op["obj"], game.controller_of(src.id), src.id)
    return ab.Replacement(text, on="enters", applies=applies, apply=lambda game, src, op: {**op, "tapped": True})
