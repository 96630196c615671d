"""Echo (Comprehensive Rules 702.30).

702.30a "Echo [cost]" means "At the beginning of your upkeep, if this permanent came
        under your control since the beginning of your last upkeep, sacrifice it unless
        you pay [cost]."

Registered with ``takes="mana cost"``: "Echo—Discard a card." stays a line played by
hand.  The permanent "came under your control" when it entered (a change of control
without entering is not followed: a simplification goldfishing never meets); the
intervening "if" (603.4) is checked as the upkeep begins and again on resolution.
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, hookimpl

NAME = "echo"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.30", takes="mana cost")


@hookimpl
def register_interest(register: Any) -> None:
    register(steps=("upkeep",))


def _new(game: Any, oid: int) -> bool:
    """It entered since the beginning of its controller's last upkeep: this upkeep is the
    first of theirs to begin since."""
    return game.steps_since_entered(oid, "upkeep", game.controller_of(oid)) == 1


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    active = game.state.active
    return [{"handler": NAME, "source": oid, "epoch": game.obj(oid).epoch, "controller": active,
             "text": f"Echo {cost}", "data": {"cost": cost}}
            for oid in game.permanents(active) if _new(game, oid)
            for cost in game.keyword_instances(oid, NAME)] or None


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    oid, cost = ctx.source, item.data["cost"]
    if oid is None or not _new(game, oid):
        return True  # gone (400.7), or no longer new (603.4)
    pick = ctx.choose(Decision("choose", item.controller, f"echo: pay {cost} for {game.describe(oid)}, or "
                               "sacrifice it? (yes/no)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
    if not (pick and pick[0] == "yes" and ctx.pay(item.controller, cost)):
        ctx.sacrifice(oid)
    return True
