"""Exalted (Comprehensive Rules 702.83).

702.83a  "Whenever a creature you control attacks alone, that creature gets
         +1/+1 until end of turn."  A creature attacks alone when it is the
         only creature declared as an attacker in the declare attackers
         step (506.5).
702.83b  Each instance of exalted triggers separately: two exalted
         permanents (or one with two instances) give +2/+2.

Hooks propose, the engine applies: the triggers are proposed from the
``AttackersDeclared`` event and resolve through ``ctx.pump``.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

HANDLER = "exalted"


@hookimpl
def register_keywords(register: Any) -> None:
    register("exalted", "702.83")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("AttackersDeclared",), words=("exalted",), handlers=(HANDLER,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if len(event.attackers) != 1:  # 506.5: "attacks alone"
        return None
    attacker = event.attackers[0]
    controller = game.controller_of(attacker)
    data = {"attacker": attacker, "epoch": game.obj(attacker).epoch}
    return [{"handler": HANDLER, "source": oid, "epoch": game.obj(oid).epoch,
             "controller": controller, "text": "Exalted", "data": data}
            for oid in game.permanents(controller)
            for _ in game.keyword_instances(oid, "exalted")] or None  # 702.83b


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != HANDLER:
        return None
    attacker = game.state.objs.get(item.data["attacker"])
    if attacker is not None and attacker.epoch == item.data["epoch"] and attacker.zone == "battlefield":
        ctx.pump(attacker.id, 1, 1)  # gone (400.7): the ability does nothing
    return True
