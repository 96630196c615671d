"""Conditions that count: "if an opponent controls more lands than you" (Land Tax, Weathered
Wayfarer), "as long as you've drawn two or more cards this turn" (Eyekite; the turn's count of
cards drawn, rules/tally.py), "if an opponent has three or more poison counters" (corrupted),
"if you have no cards in hand" (hellbent); and a creature's "as long as it's attacking" (506.4)."""

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


@kind("drawn")
def drawn(cond: Condition) -> Check:
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return game.state.turn_flags.get("drawn", {}).get(you, 0) >= cond.n
    return check


@kind("opponent-poison")
def corrupted(cond: Condition) -> Check:
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return any(game.state.players[p].counters.get("poison", 0) >= cond.n for p in game.opponents(you))
    return check


@kind("hellbent")
def hellbent(cond: Condition) -> Check:
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return not game.state.players[you].hand
    return check


@kind("self-attacking")
def self_attacking(cond: Condition) -> Check:
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        return obj is not None and obj.zone == "battlefield" and obj.attacking is not None
    return check
