"""Linked abilities (607.2a): "exile ... " in one ability of a card and "the exiled card" in
another (Skyclave Apparition: "When this creature leaves the battlefield, the exiled card's
owner creates an X/X blue Illusion creature token, where X is the mana value of the exiled
card").

The exiling ability remembers the card on its source permanent (its ``exiled`` choice),
only for a card whose text names "the exiled card" and only while the source is still the
same object on the battlefield; the other ability reads it from the source, as it last
existed if it has left (608.2h)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....abilities.abilities import text_lines
from .descriptors import Env

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx

#: the choice of the source that names the card its ability exiled: "id:epoch"
EXILED = "exiled"


def linked_exile(env: Env) -> bool:
    """Whether an exile of this card's ability is one "the exiled card" names."""
    return env.card is not None and any("the exiled card" in line for line in text_lines(env.card))


def remember_exiled(ctx: Ctx, new: int) -> None:
    """Remember the card just exiled on the ability's source, if it is still there."""
    src = ctx.source
    obj = ctx.game.state.objs.get(src) if src is not None else None
    if obj is None or obj.zone != "battlefield":
        return
    card = ctx.game.state.objs[new]
    obj.choices = {**obj.choices, EXILED: f"{new}:{card.epoch}"}
    ctx.game.changed(board=False)


def exiled_card(owner: bool) -> Callable[[Ctx], list[Any]]:
    """"The exiled card" (or its owner, ``owner``): the card the source's linked ability
    exiled, wherever it is now (none if it exiled nothing)."""
    def found(ctx: Ctx) -> list[Any]:
        item = ctx.item
        info = ctx.lki(item.source, item.source_epoch) if item is not None and item.source is not None else None
        ref = (info or {}).get("choices", {}).get(EXILED)
        card = ctx.game.state.objs.get(int(ref.split(":")[0])) if ref else None
        if card is None:
            return []
        return [card.owner] if owner else [card.id]
    return found
