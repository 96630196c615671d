"""Cumulative upkeep (Comprehensive Rules 702.24).

702.24a "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this
        permanent is on the battlefield, put an age counter on this permanent. Then you
        may pay [cost] for each age counter on it. If you don't, sacrifice it."
702.24b Each instance triggers separately, but the age counters are shared: each pays
        for all of them.

Registered with ``takes="mana cost"``: a cost of mana symbols ("Cumulative upkeep
{1}"); "Cumulative upkeep—Pay 1 life." and the like stay lines played by hand.
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, hookimpl

NAME = "cumulative upkeep"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.24", takes="mana cost")


@hookimpl
def register_interest(register: Any) -> None:
    register(steps=("upkeep",))


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    active = game.state.active
    return [{"handler": NAME, "source": oid, "epoch": game.obj(oid).epoch, "controller": active,
             "text": f"Cumulative upkeep {cost}", "data": {"cost": cost}}
            for oid in game.permanents(active) for cost in game.keyword_instances(oid, NAME)] or None


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    oid = ctx.source
    if oid is None:
        return True  # 603.4: no longer on the battlefield
    ctx.put_counters(oid, "age", 1)
    n = game.obj(oid).counters.get("age", 0)
    total = item.data["cost"] * n
    pick = ctx.choose(Decision("choose", item.controller, f"cumulative upkeep: pay {total or 'nothing'} for "
                               f"{game.describe(oid)} ({n} age counters), or sacrifice it? (yes/no)",
                               ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
    if not (pick and pick[0] == "yes" and ctx.pay(item.controller, total)):
        ctx.sacrifice(oid)
    return True
