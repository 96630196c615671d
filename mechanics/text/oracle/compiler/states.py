"""Conditions on what a player or the source has now (:mod:`..grammar.states`): checked
each time they are asked, so a static ability with one applies exactly while it holds
(611.3b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tree import Condition
from .conditions import Check, kind

if TYPE_CHECKING:
    from ....play.game import Game


def _amount(game: Game, player: str, what: str) -> int:
    p = game.state.players[player]
    return {"poison": lambda: p.counters.get("poison", 0), "life": lambda: p.life,
            "hand": lambda: len(p.hand), "graveyard": lambda: len(p.graveyard)}[what]()


@kind("opponent-has", "opponent-has-at-most")
def opponent_has(cond: Condition) -> Check:
    """"an opponent has three or more poison counters", "... 10 or less life", "... no cards in hand"."""
    least = cond.kind == "opponent-has"

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return any((_amount(game, p, cond.what_kind) >= cond.n) if least else
                   (_amount(game, p, cond.what_kind) <= cond.n) for p in game.opponents(you))
    return check


@kind("self-counters")
def self_counters(cond: Condition) -> Check:
    """"~ has a +1/+1 counter on it", "~ has three or more +1/+1 counters on it" (any kind: "counters")."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        if obj is None:
            return False
        have = obj.counters.get(cond.what_kind, 0) if cond.what_kind else sum(obj.counters.values())
        return have >= cond.n
    return check


@kind("self-attached")
def self_attached(cond: Condition) -> Check:
    """"~ is equipped", "~ is enchanted" (301.5, 303.4): an Equipment or Aura is attached to it."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        st = game.state
        return any(st.objs[o].attached_to == source and cond.what_kind in game.card(st.objs[o].name).subtypes
                   for o in st.battlefield)
    return check
