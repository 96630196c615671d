"""Infect (Comprehensive Rules 702.90) and wither (702.80): damage as counters.

702.90b Damage dealt to a player by a source with infect doesn't cause that player to
        lose life. Rather, it causes that source's controller to give the player that
        many poison counters.
702.90c Damage dealt to a creature by a source with infect isn't marked on that
        creature. Rather, it causes that source's controller to put that many -1/-1
        counters on that creature.
702.80a Wither: damage dealt to a creature by a source with wither isn't marked on
        that creature; it puts that many -1/-1 counters on it.

Both propose what damage does through ``damage_results`` (``instead`` of its default
result); the counters go through ``put_counters``, so replacement effects apply, and
ten poison counters lose the game (704.5c).
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl


@hookimpl
def register_keywords(register: Any) -> None:
    register("infect", "702.90")
    register("wither", "702.80")


@hookimpl
def register_interest(register: Any) -> None:
    register(words=("infect", "wither"))


@hookimpl
def damage_results(game: Any, damage: Any) -> list[tuple] | None:
    if damage.source is None:
        return None
    if game.keyword_instances(damage.source, "infect"):
        if damage.player is not None:
            return [("instead",), ("put_counters", damage.player, "poison", damage.amount)]
        return [("instead",), ("put_counters", damage.obj, "-1/-1", damage.amount)]
    if damage.player is None and game.keyword_instances(damage.source, "wither"):
        return [("instead",), ("put_counters", damage.obj, "-1/-1", damage.amount)]
    return None
