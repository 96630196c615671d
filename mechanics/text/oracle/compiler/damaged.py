"""Trigger events of damage with an amount ("that much", 120.3): a permanent being dealt
damage ("Whenever ~ is dealt damage, it deals that much damage to you.", Jackal Pup;
"Whenever enchanted creature is dealt damage, ..."; "... is dealt combat damage, ...") and
a permanent dealing damage to anything ("Whenever enchanted creature deals damage, you gain
that much life.", Spirit Link).

The engine says damage one :class:`~mechanics.model.events.DamageDealt` event for each
source and recipient; damage dealt at the same time is one event for these abilities
(several blockers' damage to a Jackal Pup triggers it once, for the total): a second
event before anyone gets priority adds its amount to the trigger still waiting."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Event

if TYPE_CHECKING:
    from ....play.game import Game


def dealt_damage(ev: Event) -> Callable[..., dict | None]:
    """"Whenever SUBJECT is dealt [combat] damage": "it" is the permanent dealt it."""
    return _batched(ev, lambda event: event.obj, f"dealt-damage:{ev.combat}")


def deals_damage(ev: Event) -> Callable[..., dict | None]:
    """"Whenever SUBJECT deals damage" (to any player or permanent): "it" is the source."""
    return _batched(ev, lambda event: event.source, "deals-damage")


def _batched(ev: Event, who: Callable[[Any], int | None], tag: str) -> Callable[..., dict | None]:
    d, combat = ev.subject, ev.combat
    assert d is not None

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        o = who(event)
        if o is None or event.amount <= 0 or (combat and not event.combat):
            return None
        if d.quant == "self":
            ok = o == obj.id
        elif d.quant == "attached":
            ok = o == obj.attached_to
        else:
            ok = select.matches(game, d, o, game.controller_of(obj.id), obj.id)
        if not ok:
            return None
        for t in game.state.pending_triggers:  # the same damage, dealt at the same time
            if t["source"] == obj.id and t["data"].get("tag") == tag and t["data"].get("obj") == o:
                t["data"]["amount"] += event.amount
                return None
        return {"obj": o, "amount": event.amount, "tag": tag}
    return match
