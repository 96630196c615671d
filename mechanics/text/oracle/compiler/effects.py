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

import itertools
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ....model.state import Decision
from ..tree import Effect, Objects
from .conditions import condition
from .descriptors import Env, Run, Unsupported, number, players_of, registrar
from .linked import exiles_and_names

if TYPE_CHECKING:
    from ....play.context import Ctx

#: how a verb compiles: ``compile(env, effect, n)`` -> ``run(ctx)``
Compile = Callable[[Env, Effect, Callable[["Ctx"], int]], Run]
#: effect verb (:attr:`~..tree.Effect.verb`) -> how it compiles
VERBS: dict[str, Compile] = {}


#: ``@verb("name", ...)``: register a compile function for the effects of those verbs
verb = registrar(VERBS, "effect verb")


def effects(env: Env, nodes: tuple[Effect, ...] | list[Effect]) -> Run:
    """Effects done in the order written (608.2c); an "instead" effect replaces the
    earlier effect of its verb when its condition holds (its recipient is that one's)."""
    if exiles_and_names(nodes):
        raise Unsupported("the exiled card (exiled by this same ability)")
    runs: list[Run] = []
    done: list[Effect] = []
    for j, e in enumerate(nodes):
        if e.instead:
            # a run of "instead" effects of one verb replaces as many earlier ones, in order
            # (Searing Blaze's two damages); one alone replaces the last
            before, after = _run(nodes, j)
            same = [k for k in range(len(done)) if done[k].verb == e.verb]
            if len(same) < before + 1 + after:
                raise Unsupported(f"{e.verb} instead")
            k = same[len(same) - 1 - after]
            runs[k] = _instead(env, done[k], e, runs[k])
            continue
        runs.append(effect(env, e))
        done.append(e)

    def run(ctx: Ctx) -> None:
        for r in runs:
            r(ctx)
    return run


def _run(nodes: tuple[Effect, ...] | list[Effect], j: int) -> tuple[int, int]:
    """How many "instead" effects of ``nodes[j]``'s verb come right before and after it."""
    verb = nodes[j].verb

    def alike(f: Effect) -> bool:
        return f.instead and f.verb == verb
    return (sum(1 for _ in itertools.takewhile(alike, reversed(nodes[:j]))),
            sum(1 for _ in itertools.takewhile(alike, nodes[j + 1:])))


def then_run(env: Env, e: Effect) -> Run:
    """What "If you do, THEN" does (608.2c), or "When you do, THEN": a reflexive triggered
    ability put on the stack then (603.12, :mod:`.delayed`)."""
    return VERBS["reflexive"](env, e, number(env, e.n)) if e.reflexive else effects(env, e.then)


def _instead(env: Env, old: Effect, new: Effect, run_old: Run) -> Run:
    check = condition(new.condition)
    if check is None:
        raise Unsupported(f"{new.verb} instead (when?)")
    if new.what is not None and new.what.quant == "target" and new.what is not old.what:
        raise Unsupported(f"{new.verb} another target instead")  # 601.2c: only the targets it will use
    # "If this spell was kicked, it deals 4 damage instead": "it" is the replaced effect's source
    who = old.who if new.who is None or new.who.quant == "it" and new.who.ref in (None, old.what) else new.who
    run_new = effect(env, replace(new, what=_rebase(new.what, old.what), who=who, condition=None,
                                  instead=False))

    def run(ctx: Ctx) -> None:
        (run_new if check(ctx.game, ctx.controller, ctx.item.source if ctx.item else None) else run_old)(ctx)
    return run


def _rebase(new: Objects | None, old: Objects | None) -> Objects | None:
    """The objects of an "instead" effect: its own, where its "that creature" (an "it" of
    another line, with nothing before it to name) is what the replaced effect named."""
    if new is None:
        return old
    if new.quant != "it" or old is None:
        return new
    if new.ref is None:
        while old.quant == "it" and old.ref is not None:
            old = old.ref  # the replaced effect's own object, not its "if it has ..." filter
        return replace(new, ref=old)
    return replace(new, ref=_rebase(new.ref, old))


#: condition kinds read on the effect's own objects ("if its power is 2") -> how they
#: compile: ``compile(env, effect) -> holds(ctx)`` (:mod:`.facts`)
OBJECT_CONDITIONS: dict[str, Callable[[Env, Effect], Callable[[Ctx], bool]]] = {}


def effect(env: Env, e: Effect) -> Run:
    if e.delayed:  # 603.7: created now, done at that step (:mod:`.delayed`)
        return VERBS["delayed"](env, e, number(env, e.n))
    if e.until == "leaves":  # 610.3: "exile ... until ~ leaves the battlefield" (:mod:`.delayed`)
        return VERBS["exile-until"](env, e, number(env, e.n))
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
        then = then_run(env, e) if e.then and e.verb != "pay-then" else None
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
                game = ctx.game
                before = len(game.events) + game.unrecorded  # (events nothing noticed: counted)
                maybe(ctx)
                if then is not None and len(game.events) + game.unrecorded > before:  # "If you do": it happened (608.2c)
                    then(ctx)
    return run


def _verb(env: Env, e: Effect) -> Run:
    n = number(env, e.n)
    fn = VERBS.get(e.verb)
    if fn is None:
        raise Unsupported(e.verb)
    return fn(env, e, n)
