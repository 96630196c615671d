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
from ..tree import Effect
from .descriptors import Env

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ....play.context import Ctx

#: the choice of the source that names the card its ability exiled: "id:epoch"
EXILED = "exiled"


def linked_exile(env: Env) -> bool:
    """Whether an exile of this card's ability is one "the exiled card" names."""
    return env.card is not None and any("the exiled card" in line for line in text_lines(env.card))


def exiles_and_names(nodes: Sequence[Effect]) -> bool:
    """Whether one ability both exiles and names "the exiled card" (Voyager Staff: the card
    it exiled itself, not a linked ability's: not read here)."""
    named = any(d is not None and d.quant.startswith("exiled") for e in nodes
                for d in (e.what, e.who, e.n.power_of, *(p.power_of for p in e.pt or ())))
    return named and any(e.verb == "exile" for e in nodes)


def remember_exiled(ctx: Ctx, new: int) -> None:
    """Remember the card just exiled on the ability's source, if it is still there."""
    src = ctx.source
    obj = ctx.game.state.objs.get(src) if src is not None else None
    if obj is None or obj.zone != "battlefield":
        return
    card = ctx.game.state.objs[new]
    obj.choices = {**obj.choices, EXILED: f"{new}:{card.epoch}"}
    ctx.game.changed(board=False)


def exiled_card(quant: str) -> Callable[[Ctx], list[Any]]:
    """The card the source's linked ability exiled (none if it exiled nothing): ``exiled``
    while it is still that object in exile (400.7: "return the exiled card"); ``exiled-known``
    wherever it went (its mana value, as it last existed in exile); ``exiled-owner`` its
    owner."""
    def found(ctx: Ctx) -> list[Any]:
        item = ctx.item
        info = ctx.lki(item.source, item.source_epoch) if item is not None and item.source is not None else None
        ref = (info or {}).get("choices", {}).get(EXILED)
        oid, epoch = (int(v) for v in ref.split(":")) if ref else (-1, -1)
        card = ctx.game.state.objs.get(oid)
        if card is None or quant == "exiled" and (card.zone != "exile" or card.epoch != epoch):
            return []
        return [card.owner] if quant == "exiled-owner" else [card.id]
    return found
