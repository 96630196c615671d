"""Effects that depend on a fact of the object an earlier effect named (the grammar's
:mod:`..grammar.facts`): who controlled a target as it last existed (608.2h), the power
of "it" as the effect resolves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..tree import Effect
from .descriptors import Env, Run, Unsupported, objects
from .effects import OBJECT_CONDITIONS, VERBS, effects, verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("if-you-controlled")
def if_you_controlled(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"If you controlled that artifact, EFFECTS": the target's controller as it last
    existed on the battlefield (608.2h) is the ability's controller."""
    whose = objects(env, e.what)
    then = effects(env, e.then)

    def run(ctx: Ctx) -> None:
        if ctx.controller in whose(ctx):
            then(ctx)
    return run


def its_power(env: Env, e: Effect) -> Callable[[Ctx], bool]:
    """"gets +2/+2 until end of turn if its power is 2" holds if the (first) object the
    effect acts on has exactly that power as the effect resolves."""
    cond = e.condition
    assert cond is not None
    if e.what is None:
        raise Unsupported("if its power is")
    get = objects(env, e.what)

    def holds(ctx: Ctx) -> bool:
        got = [o for o in get(ctx) if isinstance(o, int)]
        ch = ctx.game.chars(got[0]) if got else None
        return ch is not None and (ch.power == cond.n) != cond.negate
    return holds


OBJECT_CONDITIONS["its-power"] = its_power


@verb("damage-then")
def damage_then(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"~ deals 2 damage to any target. If a player is dealt damage this way, scry 1."
    (Play with Fire): the rest happens only if the damage reached a player (none
    prevented it all, 615)."""
    dealt = VERBS["damage"](env, replace(e, verb="damage", then=()), n)
    then = effects(env, e.then)

    def run(ctx: Ctx) -> None:
        hurt = ctx.game.state.turn_flags.get("damaged_players", ())
        before = len(hurt)
        dealt(ctx)
        if len(ctx.game.state.turn_flags.get("damaged_players", ())) > before:
            then(ctx)
    return run
