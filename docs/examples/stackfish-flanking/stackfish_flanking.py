"""Flanking (702.25) as a stackfish plugin.

702.25a: "Whenever this creature becomes blocked by a creature without flanking,
the blocking creature gets -1/-1 until end of turn."  702.25b: each instance
triggers separately.

The plugin registers the keyword (so a card whose whole text is "Flanking"
becomes automated), listens to one event kind, proposes triggers, and resolves
them through the context the engine hands it.
"""

from __future__ import annotations

from mechanics import hookimpl


@hookimpl
def register_keywords(register):
    register("flanking", "702.25")


@hookimpl
def register_interest(register):
    register(events=("BlockersDeclared",))


@hookimpl
def trigger_collect(game, event):
    triggers = []
    for blocker, attacker in event.blocks:  # each creature that blocks, and what it blocks
        if game.keyword_instances(blocker, "flanking"):
            continue  # blocked by a creature with flanking: no trigger
        for _ in game.keyword_instances(attacker, "flanking"):  # 702.25b
            triggers.append({
                "handler": "flanking", "source": attacker, "epoch": game.obj(attacker).epoch,
                "controller": game.controller_of(attacker), "text": "Flanking",
                "data": {"blocker": blocker, "epoch": game.obj(blocker).epoch},
            })
    return triggers


@hookimpl
def resolve_item(game, item, ctx):
    if item.handler != "flanking":
        return None
    blocker = game.obj(item.data["blocker"])
    if blocker.epoch == item.data["epoch"] and blocker.zone == "battlefield":
        ctx.pump(blocker.id, -1, -1)  # gone (400.7): the ability does nothing
    return True
