"""The monarch (Comprehensive Rules 724).

724.1   The monarch is a designation a player can have. A player becomes the monarch
        when an effect says so ("you become the monarch"); only one player is the
        monarch at a time (724.3): becoming it takes it from whoever had it.
724.2   The monarch designation has two inherent triggered abilities: "At the
        beginning of the monarch's end step, that player draws a card" and
        "Whenever a creature deals combat damage to the monarch, its controller
        becomes the monarch."

Written with the public plugin API: "become the monarch" is a keyword action the
oracle compiler calls (``ctx.keyword_action("monarch", player)``), the designation is
the engine's ``designate`` primitive, and the two inherent abilities are sourceless
triggers proposed by ``step_begin`` and ``trigger_collect``.
"""

from __future__ import annotations

from typing import Any

from mechanics import events as ev
from mechanics import hookimpl

MONARCH = "monarch"
DRAW, TAKE = "monarch-draw", "monarch-take"


def monarch(game: Any) -> str | None:
    """The player who is the monarch, if any."""
    return game.state.designations.get(MONARCH)


@hookimpl
def register_keywords(register: Any) -> None:
    register(MONARCH, "724")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("DamageDealt",), steps=("end",), words=("monarch",), handlers=(DRAW, TAKE))


@hookimpl
def keyword_action(game: Any, name: str, ctx: Any, player: str, args: Any) -> Any:
    if name != MONARCH:
        return None
    ctx.designate(player, MONARCH)  # 724.1
    return [player]


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    """724.2: at the beginning of the monarch's end step, that player draws a card."""
    who = monarch(game)
    if step != "end" or who is None or who not in game.state.team_of(game.state.active) or \
            game.state.players[who].lost:
        return None
    return [{"handler": DRAW, "source": None, "epoch": 0, "kind": "sourceless", "controller": who,
             "text": "At the beginning of the monarch's end step, that player draws a card. (724.2)"}]


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """724.2: whenever a creature deals combat damage to the monarch, its controller
    becomes the monarch."""
    if not isinstance(event, ev.DamageDealt) or not event.combat or event.player is None or \
            event.player != monarch(game) or event.source is None:
        return None
    ch = game.chars(event.source)
    if ch is None or not ch.is_creature or ch.controller == event.player:
        return None
    return [{"handler": TAKE, "source": None, "epoch": 0, "kind": "sourceless", "controller": ch.controller,
             "text": "Whenever a creature deals combat damage to the monarch, its controller becomes the "
                     "monarch. (724.2)"}]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> Any:
    if item.handler == DRAW:
        ctx.draw(item.controller, 1)
        return True
    if item.handler == TAKE:
        ctx.designate(item.controller, MONARCH)
        return True
    return None


@hookimpl
def display_hints(game: Any, obj: int | None, player: str | None) -> list[str] | None:
    if player is None or player != monarch(game):
        return None
    return ["the monarch: draws a card at their end step"]
