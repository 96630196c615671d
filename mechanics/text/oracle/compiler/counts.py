"""A condition that counts: "if an opponent controls more lands than you" (Land Tax, Weathered
Wayfarer).  (The others of its kind, "you've drawn two or more cards this turn", poison,
hellbent, "as long as it's attacking", live in :mod:`.states`.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import select
from ..tree import Condition
from .conditions import Check, kind

if TYPE_CHECKING:
    from ....play.game import Game


@kind("opponent-more")
def opponent_more(cond: Condition) -> Check:
    what = cond.what
    assert what is not None

    def count(game: Game, player: str) -> int:
        return sum(1 for o in game.permanents(player) if select.matches(game, what, o, player, None))

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        mine = count(game, you)
        return any(count(game, p) > mine for p in game.opponents(you))
    return check
