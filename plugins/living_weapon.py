"""Living weapon (Comprehensive Rules 702.92).

702.92a "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token,
        then attach this to it."

The trigger is proposed from the Equipment's ``ZoneChanged`` onto the battlefield (each
instance triggers) and resolves through ``ctx.create_token`` and ``ctx.attach``.  The
Germ is attached to before state-based actions are checked, so Batterskull's +4/+4
keeps it alive; an Equipment that left the battlefield meanwhile attaches to nothing
and the 0/0 Germ dies (704.5f).
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

NAME = "living weapon"
#: the token's name says its facts (a 0/0 black Phyrexian Germ creature)
GERM = "Phyrexian Germ Token (0/0 B)"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.92")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("ZoneChanged",), zones=("battlefield",), words=("living weapon",),
             handlers=(NAME,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if event.to_zone != "battlefield":
        return None
    return [{"handler": NAME, "source": event.obj, "epoch": event.epoch, "controller": event.controller,
             "text": f"living weapon ({event.name})", "data": {}}
            for _ in game.keyword_instances(event.obj, NAME)] or None


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    germ = ctx.create_token(item.controller, GERM)
    if germ and ctx.source is not None:
        ctx.attach(ctx.source, germ[0])
    return True
