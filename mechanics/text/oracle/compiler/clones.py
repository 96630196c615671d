"""Clones, compiled: "You may have ~ enter as a copy of any creature on the battlefield"
(707.2: it enters with the copied object's copiable values; 614.1c: a replacement effect
as it enters, so the copied card's own "enters with" abilities apply, 614.12).

707.9's exceptions ("except it's an artifact in addition to its other types", "it has
flying", "it's 7/7", "it enters with an additional +1/+1 counter on it") are effects on
it from then on (layers 4, 6, 7b) and counters it enters with; an object copying this one
copies the card it copied, not those exceptions (707.9b would have them copied too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ....model.state import Decision
from .. import select
from ..tree import CopyExcept, Effect

if TYPE_CHECKING:
    from ....play.context import Ctx


def clone(e: Effect, text: str, name: str) -> ab.EntersWith:
    """The "enters with" ability of a clone named ``name``: its controller chooses an
    object that fits (or none: it enters as itself), and it becomes a copy of it."""
    d, ex = e.what, e.except_
    what = " or ".join(d.kinds) or "permanent"
    what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}"

    def apply(ctx: Ctx, obj: Any) -> None:
        game = ctx.game
        options = tuple(o for o in select.each(game, d, obj.controller, obj.id) if o != obj.id)
        if not options:
            return
        pick = ctx.choose(Decision("choose", obj.controller, f"{name}: choose {what} to copy (or none)",
                                   options, 0, 1, {"what": "copy"}))
        if not pick:
            return
        ctx.enter_copy(obj.id, game.chars(pick[0]).card.name)
        if ex is not None:
            _exceptions(ctx, obj.id, ex)
    return ab.EntersWith(text, apply)


def _exceptions(ctx: Ctx, oid: int, ex: CopyExcept) -> None:
    """707.9a: what the copy has besides the copied values, for as long as it stays."""
    if ex.types or ex.subtypes:
        ctx.add_effect("4", "copy-except", [oid], {"types": ex.types, "subtypes": ex.subtypes}, until="")
    if ex.keywords:
        ctx.add_effect("6", "copy-except", [oid], {"keywords": ex.keywords}, until="")
    if ex.pt is not None:
        ctx.add_effect("7b", "copy-except", [oid], {"set_pt": ex.pt}, until="")
    if ex.counters:
        ctx.put_counters(oid, "+1/+1", ex.counters)
