"""Toxic (Comprehensive Rules 702.164).

702.164a  Toxic is a static ability written "Toxic N".
702.164b  A creature's total toxic value is the sum of the N of all its
          instances of toxic.
702.164c  Combat damage dealt to a player by a creature with toxic causes that
          creature's controller to give the player a number of poison counters
          equal to its total toxic value, in addition to the damage's other
          results (120.3).  Ten poison counters lose the game (704.5c), a state-
          based action the engine checks.

Written with the public plugin API only (``from mechanics import ...``): the
keyword is registered as numbered, each instance's N comes from
``game.keyword_instances`` and the poison counters are proposed through
``damage_results`` for the engine to apply.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl


@hookimpl
def register_keywords(register: Any) -> None:
    register("toxic", "702.164", takes="number")


@hookimpl
def register_interest(register: Any) -> None:
    register(words=("toxic",))


@hookimpl
def damage_results(game: Any, damage: Any) -> list[tuple] | None:
    if not damage.combat or damage.player is None or damage.source is None:
        return None
    total = sum(game.keyword_instances(damage.source, "toxic"))  # 702.164b
    return [("put_counters", damage.player, "poison", total)] if total else None
