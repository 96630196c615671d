"""The trigger event of a permanent being dealt damage (120.3): "Whenever ~ is dealt
damage, it deals that much damage to you." (Jackal Pup), "Whenever enchanted creature is
dealt damage, ...", "Whenever a creature you control is dealt combat damage, ...": one
trigger for each source's damage (a :class:`~mechanics.model.events.DamageDealt` event
each, 120.2), with its ``amount`` ("that much") and the permanent dealt it ("it")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Event

if TYPE_CHECKING:
    from ....play.game import Game


def dealt_damage(ev: Event) -> Callable[..., dict | None]:
    d, combat = ev.subject, ev.combat
    assert d is not None

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if event.obj is None or event.amount <= 0 or (combat and not event.combat):
            return None
        if d.quant == "self":
            ok = event.obj == obj.id
        elif d.quant == "attached":
            ok = event.obj == obj.attached_to
        else:
            ok = select.matches(game, d, event.obj, game.controller_of(obj.id), obj.id)
        return {"obj": event.obj, "amount": event.amount} if ok else None
    return match
