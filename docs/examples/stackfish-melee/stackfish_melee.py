"""Melee (702.121) as a stackfish plugin.

702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for
each opponent you attacked with a creature this combat."  702.121b: each
instance triggers separately.

The plugin registers the keyword (so a card whose other text the engine reads,
"Flying" and "Melee" say, becomes automated), listens to one event kind,
proposes triggers, and resolves them through the context the engine hands it.
"""

from __future__ import annotations

from mechanics import hookimpl


@hookimpl
def register_keywords(register):
    register("melee", "702.121")


@hookimpl
def register_interest(register):
    register(events=("AttackersDeclared",), words=("melee",))


@hookimpl
def trigger_collect(game, event):
    triggers = []
    for attacker in event.attackers:
        you = game.controller_of(attacker)
        # the opponents this player attacked with a creature this combat (508.1)
        attacked = {game.obj(a).attacking for a in event.attackers if game.controller_of(a) == you}
        n = len(attacked & set(game.opponents(you)))
        for _ in game.keyword_instances(attacker, "melee"):  # 702.121b
            triggers.append({
                "handler": "melee", "source": attacker, "epoch": game.obj(attacker).epoch,
                "controller": you, "text": "Melee", "data": {"n": n},
            })
    return triggers


@hookimpl
def resolve_item(game, item, ctx):
    if item.handler != "melee":
        return None
    if ctx.source is not None:  # gone (400.7): the ability does nothing
        ctx.pump(ctx.source, item.data["n"], item.data["n"])
    return True
