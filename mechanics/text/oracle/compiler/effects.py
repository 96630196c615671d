"""Effects: a sentence's effects as one ``run(ctx)``, each effect through the compile
function its verb registered with :func:`verb`.

Every effect compiles to ``run(ctx)`` acting through the resolution context's
primitives (608.2); a targeted effect reads its target through ``ctx.target`` and so
does nothing to a target that became illegal (608.2b).  A new effect verb is one
function decorated ``@verb("name")`` taking ``(env, effect, n)`` (``n``: the effect's
number, compiled) in :mod:`.verbs` or in a module of its own imported in the
package's ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ....model.state import Decision
from ..tree import Effect
from .conditions import condition
from .descriptors import Env, Run, Unsupported, number, players_of

if TYPE_CHECKING:
    from ....play.context import Ctx

#: how a verb compiles: ``compile(env, effect, n)`` -> ``run(ctx)``
Compile = Callable[[Env, Effect, Callable[["Ctx"], int]], Run]
#: effect verb (:attr:`~..tree.Effect.verb`) -> how it compiles
VERBS: dict[str, Compile] = {}


def verb(*names: str) -> Callable[[Compile], Compile]:
    """Register a compile function for the effects of verbs ``names``."""
    def register(fn: Compile) -> Compile:
        for name in names:
            if name in VERBS:
                raise ValueError(f"effect verb {name!r} is compiled twice")
            VERBS[name] = fn
        return fn
    return register


def effects(env: Env, nodes: tuple[Effect, ...] | list[Effect]) -> Run:
    """Effects done in the order written (608.2c); an "instead" effect replaces the
    earlier effect of its verb when its condition holds (its recipient is that one's)."""
    runs: list[Run] = []
    done: list[Effect] = []
    for e in nodes:
        if e.instead:
            k = next((k for k in range(len(done) - 1, -1, -1) if done[k].verb == e.verb), None)
            if k is None:
                raise Unsupported(f"{e.verb} instead")
            runs[k] = _instead(env, done[k], e, runs[k])
            continue
        runs.append(effect(env, e))
        done.append(e)

    def run(ctx: Ctx) -> None:
        for r in runs:
            r(ctx)
    return run


def _instead(env: Env, old: Effect, new: Effect, run_old: Run) -> Run:
    check = condition(new.condition)
    run_new = effect(env, replace(new, what=new.what or old.what, who=new.who or old.who, condition=None,
                                  instead=False))

    def run(ctx: Ctx) -> None:
        (run_new if check(ctx.game, ctx.controller, ctx.item.source if ctx.item else None) else run_old)(ctx)
    return run


#: condition kinds read on the effect's own objects ("if its power is 2") -> how they
#: compile: ``compile(env, effect) -> holds(ctx)`` (:mod:`.facts`)
OBJECT_CONDITIONS: dict[str, Callable[[Env, Effect], Callable[[Ctx], bool]]] = {}


def effect(env: Env, e: Effect) -> Run:
    run = _verb(env, e)
    if e.condition is not None and e.condition.kind in OBJECT_CONDITIONS:
        holds = OBJECT_CONDITIONS[e.condition.kind](env, e)
        bare = run

        def run(ctx: Ctx) -> None:
            if holds(ctx):
                bare(ctx)
    check = None if e.condition is not None and e.condition.kind in OBJECT_CONDITIONS else condition(e.condition)
    if check is not None:
        inner = run

        def run(ctx: Ctx) -> None:
            if check(ctx.game, ctx.controller, ctx.item.source if ctx.item else None):
                inner(ctx)
    if e.optional:
        maybe = run
        # "Its controller may search ...": that player decides, not the ability's controller
        deciders = players_of(env, e.who) if e.who is not None and e.who.quant in ("it", "target") else None

        def run(ctx: Ctx) -> None:
            who = deciders(ctx) if deciders is not None else [ctx.controller]
            if not who:
                return
            pick = ctx.choose(Decision("choose", who[0], f"{'you' if who[0] == ctx.controller else who[0]} "
                                       f"may {e.verb}: do it? (yes/no)",
                                       ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
            if pick and pick[0] == "yes":
                maybe(ctx)
    return run


def _verb(env: Env, e: Effect) -> Run:
    n = number(env, e.n)
    fn = VERBS.get(e.verb)
    if fn is None:
        raise Unsupported(e.verb)
    return fn(env, e, n)
