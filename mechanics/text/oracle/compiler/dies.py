"""What happens when a creature an effect named dies this turn (:mod:`..grammar.dies`):
"If that creature would die this turn, exile it instead." marks that object (614.1a: it is
exiled instead, :meth:`mechanics.rules.primitives.Primitives.move`), and "When that
creature dies this turn, EFFECTS." creates a delayed triggered ability watching it (603.7,
:meth:`mechanics.rules.triggers.TriggerRules.delayed_deaths`); both end with the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....abilities import abilities as ab
from ....model.state import EXILED_IF_DIES, AbilityRef
from ..select import damaged_by
from .descriptors import Env, Run, Unsupported, objects
from .effects import effects, verb

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ..tree import Effect


def _creatures(env: Env, e: Effect) -> Callable[[Ctx], list[int]]:
    """The permanents the sentence names, as it resolves (none if the target is gone, 608.2b)."""
    if e.what is None or e.what.ref is None:
        raise Unsupported("that creature")
    what = objects(env, e.what)
    return lambda ctx: [o for o in what(ctx) if isinstance(o, int) and ctx.game.state.objs[o].zone == "battlefield"]


@verb("exile-if-dies")
def exile_if_dies(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """614.1a: mark the creature; it is exiled instead of dying until this turn ends.
    ``kind`` dealt: only the creatures this spell or ability dealt damage ("this way")."""
    creatures = _creatures(env, e)

    def run(ctx: Ctx) -> None:
        game = ctx.game
        item = ctx.item
        for o in creatures(ctx):
            if e.kind == "dealt" and (item is None or not damaged_by(game, game.state.objs[o].ref,
                                                                    (item.source, item.source_epoch))):
                continue
            game.state.objs[o].choices[EXILED_IF_DIES] = str(game.state.turn)
            ctx.note(f"if {game.describe(o)} would die this turn, it is exiled instead")
        game.changed(board=False)
    return run


@verb("when-dies")
def when_dies(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """603.7: create a delayed ability of the card that triggers once (603.7c) as that
    creature dies this turn; its effects act on the creature that died."""
    if env.hidden is None or env.card is None:
        raise Unsupported("When that creature dies this turn")
    later = Env(env.known, env.card)
    run = effects(later, e.then)
    if later.targets:
        raise Unsupported("a delayed ability with a target")
    text = "when that creature dies this turn, " + ", ".join(t.verb for t in e.then)
    hidden = ab.Triggered(text, resolve=run)
    env.hidden.append(hidden)
    creatures, name = _creatures(env, e), env.card.name

    def create(ctx: Ctx) -> None:
        game, item = ctx.game, ctx.item
        idx = next(i for i, a in enumerate(game.behaviour(name).abilities) if a is hidden)
        for o in creatures(ctx):
            game.state.delayed.append({
                "step": "dies", "watch": [o, game.state.objs[o].epoch], "handler": str(AbilityRef(name, idx)),
                "source": item.source if item else None, "epoch": item.source_epoch if item else 0,
                "controller": ctx.controller, "text": text, "data": {}})
            ctx.note(f"when {game.describe(o)} dies this turn: {text.split(', ', 1)[1]} (delayed, 603.7)")
        game.changed(board=False)
    return create
