"""Designations a player becomes (724: "you become the monarch"): the keyword action
of the plugin that implements the designation's rules (``plugins/monarch.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..tree import Effect
from .descriptors import Env, Run, Unsupported, each_of, players_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("monarch")
def become_monarch(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """724.1: the player becomes the monarch (724.2's draw and steal are the plugin's)."""
    if "monarch" not in env.known:
        raise Unsupported("become the monarch (its plugin is not loaded)")
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            ctx.keyword_action("monarch", p)
    return run


@verb("exile-until-monarch")
def exile_until_monarch(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"Exile target creature an opponent controls until an opponent becomes the
    monarch." (Palace Jailer): the card returns to the battlefield under its owner's
    control as soon as an opponent of this ability's controller becomes the monarch
    (610.3c), wherever the Jailer is then."""
    if "monarch" not in env.known:
        raise Unsupported("until an opponent becomes the monarch (its plugin is not loaded)")

    return each_of(env, e.what, lambda ctx, o: ctx.exile_until(o, "monarch", ctx.controller))
