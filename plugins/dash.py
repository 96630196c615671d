"""Dash (Comprehensive Rules 702.109).

702.109a "Dash [cost]" means "You may cast this spell by paying [cost] rather than its
         mana cost," "If this spell's dash cost was paid, return the permanent this
         spell becomes to its owner's hand at the beginning of the next end step," and
         "As long as this permanent's dash cost was paid, it has haste."

As blitz (``plugins/blitz.py``): the alternative cost and the haste are the engine's
(``takes="alternative cost"``, ``grants``), the delayed trigger of the next end step
(603.7) this plugin's.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

NAME = "dash"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.109", takes="alternative cost", grants=("haste",))


@hookimpl
def register_interest(register: Any) -> None:
    register(steps=("end",))


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    return [{"handler": NAME, "source": oid, "epoch": game.obj(oid).epoch, "controller": game.controller_of(oid),
             "text": "dash: return it to its owner's hand", "data": {}}
            for oid in game.permanents() if game.obj(oid).choices.get("alt") == NAME
            and game.steps_since_entered(oid, "end") == 1] or None  # 603.7: the next end step


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    if ctx.source is not None:  # still the same permanent (400.7)
        ctx.move(ctx.source, "hand", game.obj(ctx.source).owner)
    return True
