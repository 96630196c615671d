"""Evoke (Comprehensive Rules 702.74).

702.74a "Evoke [cost]" means "You may cast this spell by paying [cost] rather than its
        mana cost" and "When this permanent enters, if its evoke cost was paid, its
        controller sacrifices it."
702.74b An evoked spell is one whose evoke cost was paid.

The alternative cost is the engine's (118.9: registered with ``takes="alternative
cost"``, cast with ``cast p1 Grief with evoke``, including "Evoke—Exile a white card
from your hand."); the permanent an evoked spell becomes remembers it
(``choices["alt"]``), and this plugin adds the sacrifice trigger.  It triggers with the
permanent's other enters abilities, so its controller orders them (Solitude's exile
can resolve first or last: either way it resolves, 603.3b).
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

NAME = "evoke"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.74", takes="alternative cost")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("ZoneChanged",), zones=("battlefield",), words=("evoke",), handlers=(NAME,))


def _evoked(game: Any, oid: int, epoch: int) -> bool:
    """The permanent is still the object an evoked spell became (702.74b, 400.7)."""
    obj = game.obj(oid)
    return obj.zone == "battlefield" and obj.epoch == epoch and obj.choices.get("alt") == NAME


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if event.to_zone != "battlefield" or not _evoked(game, event.obj, event.epoch):
        return None
    return [{"handler": NAME, "source": event.obj, "epoch": event.epoch, "controller": event.controller,
             "text": f"evoke: sacrifice {event.name}", "data": {}}]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    if _evoked(game, item.source, item.source_epoch):  # 603.4: the intervening "if", checked again
        ctx.sacrifice(item.source)
    return True
