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
from ....model.state import Decision, next_turn, while_controlled, while_present
from .. import select
from ..tree import Effect, Event
from .conditions import condition
from .descriptors import MEANINGFUL_COUNTERS, Env, Run, Unsupported, each_of
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
    """The ``until`` of an effect that lasts "until end of turn" (``eot``), "for as long as
    ~ remains tapped" (``tapped``, 611.2b: ended for good as the source untaps or leaves),
    "for as long as you control ~" (``control``, ended as it leaves or changes control) or
    "until your next turn" (``next-turn``: until the ability's controller's next turn, 611.2);
    None when that duration is already over as it resolves, so the effect does nothing."""
    if until == "next-turn":
        return next_turn(ctx.controller)
    if until not in ("tapped", "control"):
        return until
    src = ctx.source
    obj = ctx.game.state.objs.get(src) if src is not None else None
    if obj is None or obj.zone != "battlefield" or until == "tapped" and not obj.tapped:
        return None
    if until == "control":  # "for as long as you control ~"
        return while_controlled(obj.id, obj.epoch, ctx.controller)
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
    Consuls), or with ``kind``: "Each other non-Human creature you control enters with an
    additional +1/+1 counter on it." (Grumgully): a replacement effect on each permanent
    that fits as it enters."""
    d = e.what
    if d is None or d.zone != "battlefield" or e.kind in MEANINGFUL_COUNTERS:
        raise Unsupported(text)
    check = condition(node.condition)  # "As long as an opponent lost life this turn, ..."

    def applies(game: Game, src: Any, op: dict) -> bool:
        you = game.controller_of(src.id)
        return op["obj"] != src.id and select.matches(game, d, op["obj"], you, src.id) and (
            check is None or check(game, you, src.id))

    def apply(game: Game, src: Any, op: dict) -> dict:
        if not e.kind:
            return {**op, "tapped": True}
        return {**op, "counters": {**op["counters"], e.kind: op["counters"].get(e.kind, 0) + 1}}
    return ab.Replacement(text, on="enters", applies=applies, apply=apply)
