"""The delayed triggered ability "When you next cast a creature spell this turn, that
creature enters with an additional +1/+1 counter on it" (603.7, :mod:`..grammar.nextcast`).

As the effect resolves it creates an entry of ``state.delayed`` waiting for a cast
(``step`` ``cast``; plain data, so undo and snapshots keep it): the engine triggers it
once, on its controller's next spell of that kind this turn
(:meth:`mechanics.rules.triggers.TriggerRules.cast_delayed`).  Its resolution marks that
spell, so the permanent it becomes enters with the counters (614.1c).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....abilities import abilities as ab
from ....model.state import AbilityRef
from ..grammar import nextcast as _grammar  # noqa: F401 - registers its imperative
from ..tree import Effect
from .descriptors import Env, Run, Unsupported
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("next-cast")
def next_cast(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    if env.hidden is None or env.card is None or e.what is None:
        raise Unsupported("when you next cast")
    kind, kinds = e.kind, list(e.what.kinds)
    text = f"that {' or '.join(kinds)} enters with an additional {kind} counter on it"

    def mark(ctx: Ctx) -> None:  # the spell cast is the trigger's ``spell``; it may have left the stack
        spell = next((s for s in ctx.game.state.stack if s.id == ctx.item.data.get("spell")), None)
        if spell is not None:
            counters = dict(spell.data.get("counters", {}))
            counters[kind] = counters.get(kind, 0) + n(ctx)
            spell.data["counters"] = counters
    hidden = ab.Triggered(text, resolve=mark)
    env.hidden.append(hidden)
    name = env.card.name

    def create(ctx: Ctx) -> None:
        game, item = ctx.game, ctx.item
        idx = next(i for i, a in enumerate(game.behaviour(name).abilities) if a is hidden)
        game.state.delayed.append({
            "step": "cast", "handler": str(AbilityRef(name, idx)), "source": item.source if item else None,
            "epoch": item.source_epoch if item else 0, "controller": ctx.controller, "text": text,
            "data": {"turn": game.state.turn, "kinds": kinds}})
        game.changed(board=False)
        game.note(f"{name}: when {ctx.controller} next casts a {' or '.join(kinds)} spell this turn, {text} "
                  "(delayed, 603.7)")
    return create
