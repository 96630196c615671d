"""Conditions on what a player or the source has now (:mod:`..grammar.states`): checked
each time they are asked, so a static ability with one applies exactly while it holds
(611.3b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import select
from ..tree import Condition
from .conditions import Check, kind

if TYPE_CHECKING:
    from ....play.game import Game


def _amount(game: Game, player: str, what: str) -> int:
    p = game.state.players[player]
    return {"poison": lambda: p.counters.get("poison", 0), "life": lambda: p.life,
            "hand": lambda: len(p.hand), "graveyard": lambda: len(p.graveyard)}[what]()


@kind("has", "has-at-most")
def player_has(cond: Condition) -> Check:
    """"an opponent has three or more poison counters", "... 10 or less life", "you have no
    cards in hand" (``what``: you, or each opponent: any of them)."""
    least = cond.kind == "has"
    yours = cond.what is not None and cond.what.quant == "you"

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return any((_amount(game, p, cond.what_kind) >= cond.n) if least else
                   (_amount(game, p, cond.what_kind) <= cond.n) for p in ([you] if yours else game.opponents(you)))
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


@kind("self-state")
def self_state(cond: Condition) -> Check:
    """"as long as it's attacking / blocking / tapped / untapped"."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        return obj is not None and obj.zone == "battlefield" and select.state_of(game, cond.what_kind, obj)
    return check


@kind("attached-is")
def attached_is(cond: Condition) -> Check:
    """"as long as equipped creature is a Human", "... enchanted permanent is a creature":
    the permanent the source is attached to fits."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        held = obj.attached_to if obj is not None else None
        return held is not None and select.matches(game, cond.what, held, you, source)
    return check


@kind("drawn")
def drawn(cond: Condition) -> Check:
    """"as long as you've drawn two or more cards this turn" (counted by :mod:`mechanics.rules.tally`)."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return game.state.turn_flags.get("drawn", {}).get(you, 0) >= cond.n
    return check
