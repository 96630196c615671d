"""Delayed triggered abilities (603.7): "Return that card to the battlefield under its
owner's control at the beginning of the next end step" (Flickerwisp); and the return of
"exile target creature an opponent controls until ~ leaves the battlefield" (610.3,
Banisher Priest), the same kind of entry, done the moment the source has left; and
reflexive triggered abilities (603.12: "you may pay {1}{R}. When you do, target creature
can't block this turn"), which trigger as the first part is done and choose their
targets as they are put on the stack.

The effect compiles to an ability of its own, a :class:`~mechanics.abilities.Triggered`
that nothing triggers (no event, no step), added to the card's abilities.  As the
sentence resolves it is *created*: an entry in ``state.delayed`` (plain data, so undo,
snapshots and a resumed journal keep it) naming that ability, its step and the objects
it acts on.  When the step begins the engine puts it on the stack once (603.7c), in the
name of the same controller and source (603.7d, 603.7e).

"That card" is the object the earlier effects made of the target or the source: the
card a permanent became as it was exiled (400.7: the effect that moved it can find the
new object), recorded as it is then, so if it leaves exile before the step the delayed
ability finds nothing to return (400.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ....abilities import abilities as ab
from ....model.state import AbilityRef
from ..tree import Effect, Number, Objects
from .descriptors import Env, Run, Unsupported, objects
from .effects import effect, effects, verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("delayed")
def delay(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """Create the delayed triggered ability of ``e`` (its ``delayed`` step) as it resolves."""
    if env.hidden is None or env.card is None:
        raise Unsupported("at the beginning of the next")
    later = Env(env.known, env.card)
    named = e.what is not None and e.what.quant in ("it", "self", "target", "event", "made")
    run = effect(later, replace(e, delayed="", what=Objects("those") if named else e.what))
    if later.targets:
        raise Unsupported("a delayed ability with a target")
    step_name = {"end": "the beginning of the next end step", "upkeep": "the beginning of the next upkeep",
                 "endcombat": "end of combat"}[e.delayed.split(":")[0]]
    text = f"{e.verb} at {step_name}"
    hidden = ab.Triggered(text, resolve=run)
    env.hidden.append(hidden)
    refs = _refs(env, e.what) if named else (lambda ctx: [])
    name, step = env.card.name, e.delayed

    def create(ctx: Ctx) -> None:
        game = ctx.game
        idx = next(i for i, a in enumerate(game.behaviour(name).abilities) if a is hidden)
        item = ctx.item
        game.state.delayed.append({
            "step": step, "handler": str(AbilityRef(name, idx)), "source": item.source if item else None,
            "epoch": item.source_epoch if item else 0, "controller": ctx.controller, "text": text,
            "data": {"those": [list(r) for r in refs(ctx)]}})
        game.changed(board=False)
        game.note(f"{game.describe(item.source) if item and item.source else name}: {text} (delayed, 603.7)")
    return create


def _refs(env: Env, d: Objects | None) -> Callable[[Ctx], list[tuple[int, int]]]:
    """The objects "it" / "that card" names, as the earlier effects left them."""
    base = d
    while base is not None and base.quant == "it":
        base = base.ref
    if base is None or base.quant not in ("target", "self", "event", "made") or (
            base.quant == "target" and base.count > 1):
        raise Unsupported("at the beginning of the next (what it acts on)")
    i = env.target(base) if base.quant == "target" else -1

    def refs(ctx: Ctx) -> list[tuple[int, int]]:
        item = ctx.item
        if item is None:
            return []
        if base.quant in ("event", "made"):  # the card that died (as it is now), the tokens made
            objs = ctx.game.state.objs
            got = item.data.get("made", ()) if base.quant == "made" else [item.data.get("obj")]
            return [(o, objs[o].epoch) for o in got if o in objs]
        if i < 0:
            oid, epoch = item.source, item.source_epoch
        elif ctx.offset + i < len(item.targets) and not isinstance(item.targets[ctx.offset + i], str):
            oid, epoch = item.targets[ctx.offset + i]
        else:
            return []
        obj = ctx.game.state.objs.get(oid)
        if obj is None or obj.epoch not in (epoch, epoch + 1):
            return []  # moved more than once: not the card this effect moved
        return [(oid, obj.epoch)]
    return refs


@verb("exile-until")
def exile_until(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """610.3: exile the objects until the source leaves the battlefield: then a second
    one-shot effect returns them under their owners' control (not a trigger: the engine
    does it before anyone would get priority).  610.3c: if the source has already left,
    nothing is exiled."""
    if env.hidden is None or env.card is None or e.what is None:
        raise Unsupported("until ~ leaves the battlefield")
    back = Env(env.known, env.card)
    run = effect(back, Effect("reanimate", what=Objects("those"), n=Number(0), dest="owner"))
    text = "return the exiled cards (until it leaves the battlefield, 610.3)"
    hidden = ab.Triggered(text, resolve=run)
    env.hidden.append(hidden)
    what = objects(env, e.what)
    name = env.card.name

    def exile(ctx: Ctx) -> None:
        game, item = ctx.game, ctx.item
        if ctx.source is None or game.state.objs[ctx.source].zone != "battlefield":
            return  # 610.3c: it has left already
        gone = []
        for o in what(ctx):
            new = ctx.move(o, "exile")
            gone.append([new, game.state.objs[new].epoch])
        idx = next(i for i, a in enumerate(game.behaviour(name).abilities) if a is hidden)
        game.state.delayed.append({
            "step": "leaves", "watch": [item.source, item.source_epoch], "handler": str(AbilityRef(name, idx)),
            "source": item.source, "epoch": item.source_epoch, "controller": ctx.controller, "text": text,
            "data": {"those": gone}})
        game.changed(board=False)
    return exile


@verb("reflexive")
def reflexive(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """603.12: the "When you do, THEN" of ``e``: an ability of the card that triggers as it
    runs, with targets of its own (chosen as it goes on the stack, 603.3d)."""
    if env.hidden is None or env.card is None:
        raise Unsupported("When you do")
    later = Env(env.known, env.card)
    run = effects(later, e.then)
    if len(later.targets) > 1:
        raise Unsupported("When you do (two targets)")
    text = "reflexive: when you do, " + ", ".join(t.verb for t in e.then)
    hidden = ab.Triggered(text, resolve=run, targets=tuple(later.targets))
    env.hidden.append(hidden)
    name = env.card.name

    def trigger(ctx: Ctx) -> None:
        game, item = ctx.game, ctx.item
        idx = next(i for i, a in enumerate(game.behaviour(name).abilities) if a is hidden)
        game.queue_trigger(str(AbilityRef(name, idx)), item.source if item else None,
                           item.source_epoch if item else 0, ctx.controller, text)
    return trigger
