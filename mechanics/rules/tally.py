"""What rules text counts of the current turn, kept as the events happen.

"Whenever you cast your second spell each turn", "whenever you draw your second card
each turn", revolt ("if a permanent you controlled left the battlefield this turn")
raid ("if you attacked this turn") and "for the first time each turn" (the times an
object became a target, a player gained life) read these counts in ``state.turn_flags`` (cleared as each turn begins, 500),
so no condition has to look through the game's events.
"""

from __future__ import annotations

from typing import Any

from ..model import events as ev
from ..model.state import State


def drew(state: State, player: str) -> None:
    """A card drawn, counted by the draw itself (``Game.draw``) before its event, which a
    game builds only when something notices a draw (the count needs no event)."""
    _count(state, "drawn", player)


def cast(state: State, player: str) -> None:
    """A spell cast, counted by the casting itself (``Game.spell_cast``) before its
    SpellCast event, built only when noticed."""
    _count(state, "cast", player)


def _left(state: State, event: ev.ZoneChanged) -> None:
    if event.from_zone != "battlefield":
        return
    info = state.lki.get((event.obj, event.old_epoch)) or {}
    who = info.get("controller", event.controller)  # revolt: its controller as it left
    left = state.turn_flags.setdefault("left_battlefield", [])
    if who not in left:
        left.append(who)


def _targeted(state: State, event: ev.BecameTarget) -> None:
    """"becomes the target of a spell ... for the first time each turn"."""
    _count(state, "targeted", f"{event.obj}:{event.epoch}:{event.controller}")
    _count(state, "targeted", f"{event.obj}:{event.epoch}")


def life_changed(state: State, player: str, amount: int) -> None:
    """"for the first time each turn", "if you gained life this turn": counted by the
    change itself (``Game._change_life``) before its event, built only when noticed."""
    _count(state, "gained" if amount > 0 else "lost", player)


def attacked(state: State) -> None:
    """Raid: "if you attacked this turn": counted by the declaration of attackers itself
    (``play.declare.attack``), before its AttackersDeclared event, built only when noticed."""
    attacked = state.turn_flags.setdefault("attacked_by", [])
    if state.active not in attacked:
        attacked.append(state.active)


def _count(state: State, key: str, who: str) -> None:
    counts: dict[str, Any] = state.turn_flags.setdefault(key, {})
    counts[who] = counts.get(who, 0) + 1


#: what each event kind that is counted counts, before its triggers are collected (so
#: the second spell's own cast event sees a count of 2): ``Game.emit`` calls
#: ``TALLIES[event.kind](state, event)``; most events count nothing.  A draw, a life
#: change, a spell cast and attackers declared, whose events nothing hears in most games,
#: are counted by the primitive itself (:func:`drew`, :func:`life_changed`, :func:`cast`,
#: :func:`attacked`), which builds the event only when noticed
TALLIES: dict[str, Any] = {"ZoneChanged": _left, "BecameTarget": _targeted}
