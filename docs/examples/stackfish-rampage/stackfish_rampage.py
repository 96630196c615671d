"""Rampage N (702.23) as a stackfish plugin: a keyword that takes a number.

702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn
for each creature blocking it beyond the first."  702.23b: the bonus is worked out
once, as the ability resolves.  702.23c: each instance triggers separately.
"""

from __future__ import annotations

from mechanics import hookimpl


@hookimpl
def register_keywords(register):
    register("rampage", "702.23", takes="number")  # "Rampage 2": the engine reads N


@hookimpl
def register_interest(register):
    register(events=("BecameBlocked",))  # once per attacker, however many block it


@hookimpl
def trigger_collect(game, event):
    attacker = event.attacker
    return [{
        "handler": "rampage", "source": attacker, "epoch": game.obj(attacker).epoch,
        "controller": game.controller_of(attacker), "text": f"Rampage {n}", "data": {"n": n},
    } for n in game.keyword_instances(attacker, "rampage")]  # 702.23c: one per instance


@hookimpl
def resolve_item(game, item, ctx):
    if item.handler != "rampage":
        return None
    attacker = ctx.source  # None once it left the battlefield (400.7)
    if attacker is not None:
        beyond = len(game.blockers_of(attacker)) - 1  # 702.23b: counted now
        if beyond > 0:
            n = item.data["n"] * beyond
            ctx.pump(attacker, n, n)
    return True
