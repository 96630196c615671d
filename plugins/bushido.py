"""Bushido (Comprehensive Rules 702.45).

702.45a "Bushido N" means "Whenever this creature blocks or becomes blocked, it gets
        +N/+N until end of turn."
702.45b Each instance of bushido on a creature triggers separately.

A blocker's triggers come from ``BlockersDeclared`` (each creature that blocks), an
attacker's from ``BecameBlocked`` (once, however many creatures block it, 509.1h).
"""

from __future__ import annotations

from typing import Any

from mechanics import events, hookimpl

NAME = "bushido"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.45", takes="number")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("BlockersDeclared", "BecameBlocked"), words=("bushido",), handlers=(NAME,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if isinstance(event, events.BecameBlocked):
        creatures = [event.attacker]
    else:
        creatures = list(dict.fromkeys(blocker for blocker, _ in event.blocks))
    return [{"handler": NAME, "source": oid, "epoch": game.obj(oid).epoch, "controller": game.controller_of(oid),
             "text": f"Bushido {n}", "data": {"n": n}}
            for oid in creatures for n in game.keyword_instances(oid, NAME)] or None  # 702.45b


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    if ctx.source is not None:  # gone (400.7): the ability does nothing
        ctx.pump(ctx.source, item.data["n"], item.data["n"])
    return True
