"""A permanent's static abilities changing what spells cost (601.2f): "Noncreature spells
cost {1} more to cast" (Thalia, Guardian of Thraben), "Instant and sorcery spells you
cast cost {1} less to cast".  The engine adds them up as it works out a spell's total
cost (:func:`mechanics.play.perform.total_cost`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from .. import select
from ..tree import Effect
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game


def spell_cost(e: Effect, text: str) -> ab.SpellCost:
    """The ability of "SPELLS [you cast | your opponents cast] cost {N} more/less to cast"."""
    d = e.what
    if d.states or d.with_keyword or d.power or d.toughness or d.mana_value or d.other:
        raise Unsupported(text)  # spells named by what only a permanent has
    n = e.n.value if e.kind == "more" else -e.n.value

    def change(game: Game, source: int, caster: str, card: Any) -> int:
        you = game.controller_of(source)
        if d.controller == "you" and caster != you or d.controller == "opponent" and caster not in \
                game.opponents(you):
            return 0
        return n if select.card_fits(d, card) else 0
    return ab.SpellCost(text, change)
