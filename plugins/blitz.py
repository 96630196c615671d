"""Blitz (Comprehensive Rules 702.152).

702.152a "Blitz [cost]" means "You may cast this spell by paying [cost] rather than its
         mana cost," "If this spell's blitz cost was paid, sacrifice the permanent this
         spell becomes at the beginning of the next end step," and "As long as this
         permanent's blitz cost was paid, it has haste and 'When this permanent is put
         into a graveyard from the battlefield, draw a card.'"

The alternative cost is the engine's (``takes="alternative cost"``: ``cast p1
"Tenacious Underdog" with blitz``) and so is the haste (``grants``); the permanent
remembers its blitz cost was paid (``choices["alt"]``, kept in its last known
information).  This plugin adds the delayed sacrifice trigger (603.7: the first end
step to begin after the permanent entered) and the draw when it dies.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

NAME = "blitz"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.152", takes="alternative cost", grants=("haste",))


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("ZoneChanged",), steps=("end",))


def _blitzed(game: Any, oid: int) -> bool:
    return game.obj(oid).choices.get("alt") == NAME


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    return [{"handler": "blitz-sacrifice", "source": oid, "epoch": game.obj(oid).epoch,
             "controller": game.controller_of(oid), "text": "blitz: sacrifice it at the beginning of the end step",
             "data": {}}
            for oid in game.permanents() if _blitzed(game, oid)
            and game.steps_since_entered(oid, "end") == 1] or None  # 603.7: the next end step


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """"When this permanent is put into a graveyard from the battlefield, draw a card", for
    as long as its blitz cost was paid: read in its last known information (603.10a)."""
    if event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return None
    info = game.look(event.obj, event.old_epoch)
    if not info or info.get("choices", {}).get("alt") != NAME:
        return None
    return [{"handler": "blitz-draw", "source": event.obj, "epoch": event.epoch, "controller": info["controller"],
             "text": f"blitz: {event.name} died, draw a card", "data": {}}]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler == "blitz-draw":
        ctx.draw(item.controller, 1)
        return True
    if item.handler != "blitz-sacrifice":
        return None
    if ctx.source is not None:  # still the same permanent (400.7)
        ctx.sacrifice(ctx.source)
    return True
