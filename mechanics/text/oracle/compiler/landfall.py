"""Landfall's condition: "if you had a land enter the battlefield under your control this
turn" (Searing Blaze), read from the turn's record of the players a land entered under
(:meth:`mechanics.rules.primitives.Primitives.move`, cleared as each turn begins)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tree import Condition
from .conditions import Check, kind

if TYPE_CHECKING:
    from ....play.game import Game


@kind("land-entered")
def land_entered(cond: Condition) -> Check:
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return you in game.state.turn_flags.get("land_entered", ())
    return check
