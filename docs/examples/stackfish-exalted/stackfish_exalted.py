"""Exalted (702.83) as a stackfish plugin.

702.83a: "Whenever a creature you control attacks alone, that creature gets
+1/+1 until end of turn."  702.83b: each instance triggers separately.

The plugin registers the keyword (so a card whose whole text is "Exalted"
becomes automated), listens to one event kind, proposes triggers, and
resolves them through the context the engine hands it.
"""

from __future__ import annotations

from mechanics import hookimpl


@hookimpl
def register_keywords(register):
    register("exalted", "702.83")


@hookimpl
def register_interest(register):
    register(events=("AttackersDeclared",))


@hookimpl
def trigger_collect(game, event):
    if len(event.attackers) != 1:  # 506.5: "attacks alone"
        return None
    attacker = event.attackers[0]
    controller = game.controller_of(attacker)
    triggers = []
    for oid in game.permanents(controller):
        keywords = game.chars(oid).keywords
        if "exalted" in keywords:
            triggers.append({
                "handler": "exalted", "source": oid, "epoch": game.obj(oid).epoch,
                "controller": controller, "text": "Exalted",
                "data": {"attacker": attacker, "epoch": game.obj(attacker).epoch},
            })
    return triggers


@hookimpl
def resolve_item(game, item, ctx):
    if item.handler != "exalted":
        return None
    attacker = game.state.objs.get(item.data["attacker"])
    if attacker is not None and attacker.epoch == item.data["epoch"] and attacker.zone == "battlefield":
        ctx.pump(attacker.id, 1, 1)
    return True
