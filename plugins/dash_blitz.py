"""Dash (Comprehensive Rules 702.109) and blitz (702.152): alternative costs that give
haste for a turn.

702.109a "Dash [cost]" means "You may cast this spell by paying [cost] rather than its
         mana cost," "If this spell's dash cost was paid, return the permanent this
         spell becomes to its owner's hand at the beginning of the next end step," and
         "As long as this permanent's dash cost was paid, it has haste."
702.152a "Blitz [cost]" means "You may cast this spell by paying [cost] rather than its
         mana cost," "If this spell's blitz cost was paid, sacrifice the permanent this
         spell becomes at the beginning of the next end step," and "As long as this
         permanent's blitz cost was paid, it has haste and 'When this permanent is put
         into a graveyard from the battlefield, draw a card.'"

The alternative costs are the engine's (``takes="alternative cost"``: ``cast p1 "Mardu
Scout" with dash``) and so is the haste (``grants``); the permanent remembers which
cost was paid (``choices["alt"]``, kept in its last known information).  This plugin
adds the delayed triggers of the next end step (603.7: the first to begin after the
permanent entered) and blitz's draw when it dies; one module, so an end step costs one
hook call.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

#: what each does at the next end step
_AT_END = {"dash": "dash: return it to its owner's hand", "blitz": "blitz: sacrifice it"}


@hookimpl
def register_keywords(register: Any) -> None:
    register("dash", "702.109", takes="alternative cost", grants=("haste",))
    register("blitz", "702.152", takes="alternative cost", grants=("haste",))


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("ZoneChanged",), zones=("battlefield",), steps=("end",), words=("dash", "blitz"),
             handlers=(*_AT_END, "blitz-draw"))


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    return [{"handler": alt, "source": oid, "epoch": game.obj(oid).epoch, "controller": game.controller_of(oid),
             "text": _AT_END[alt], "data": {}}
            for oid in game.permanents() if (alt := game.obj(oid).choices.get("alt")) in _AT_END
            and game.steps_since_entered(oid, "end") == 1] or None  # 603.7: the next end step


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """Blitz: "When this permanent is put into a graveyard from the battlefield, draw a
    card", for as long as its blitz cost was paid: read in its last known information."""
    if event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return None
    info = game.look(event.obj, event.old_epoch)
    if not info or info.get("choices", {}).get("alt") != "blitz":
        return None
    return [{"handler": "blitz-draw", "source": event.obj, "epoch": event.epoch, "controller": info["controller"],
             "text": f"blitz: {event.name} died, draw a card", "data": {}}]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler == "blitz-draw":
        ctx.draw(item.controller, 1)
        return True
    if item.handler not in _AT_END:
        return None
    if ctx.source is not None and item.handler == "dash":  # still the same permanent (400.7)
        ctx.move(ctx.source, "hand", game.obj(ctx.source).owner)
    elif ctx.source is not None:
        ctx.sacrifice(ctx.source)
    return True
