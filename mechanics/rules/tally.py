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


def tally(state: State, event: ev.Event) -> bool:
    """Count ``event`` before its triggers are collected (so the second spell's own
    cast event sees a count of 2); True when it counted (a write to the state, which a
    static ability's condition may read: "as long as you've drawn two or more cards this turn")."""
    kind = event.kind
    if kind == "Drew":
        _count(state, "drawn", event.player)
    elif kind == "SpellCast":
        _count(state, "cast", event.controller)
    elif kind == "ZoneChanged" and event.from_zone == "battlefield":
        info = state.lki.get((event.obj, event.old_epoch)) or {}
        who = info.get("controller", event.controller)  # revolt: its controller as it left
        left = state.turn_flags.setdefault("left_battlefield", [])
        if who not in left:
            left.append(who)
    elif kind == "BecameTarget":  # "becomes the target of a spell ... for the first time each turn"
        _count(state, "targeted", f"{event.obj}:{event.epoch}:{event.controller}")
        _count(state, "targeted", f"{event.obj}:{event.epoch}")
    elif kind == "LifeChanged":  # "for the first time each turn", "if you gained life this turn"
        _count(state, "gained" if event.amount > 0 else "lost", event.player)
    elif kind == "AttackersDeclared" and event.attackers:  # raid: "if you attacked this turn"
        attacked = state.turn_flags.setdefault("attacked_by", [])
        if state.active not in attacked:
            attacked.append(state.active)
    else:
        return False
    return True


def _count(state: State, key: str, who: str) -> None:
    counts: dict[str, Any] = state.turn_flags.setdefault(key, {})
    counts[who] = counts.get(who, 0) + 1

