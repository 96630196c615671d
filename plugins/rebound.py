"""Rebound (Comprehensive Rules 702.88).

702.88a "Rebound" means "If this spell was cast from your hand, instead of putting it
        into your graveyard as it resolves, exile it and, at the beginning of your next
        upkeep, you may cast this card from exile without paying its mana cost."
702.88b Casting a card without paying its mana cost as the result of a rebound ability
        follows the rules for paying alternative costs.

The exile as it resolves is the engine's (a spell card leaving the stack: it remembers
in ``choices["rebound"]`` how many turns its owner had begun); this plugin adds the
delayed trigger at that owner's next upkeep (their next turn's).  Cast from exile, it
goes to the graveyard as it resolves (it wasn't cast from the hand).
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, hookimpl

NAME = "rebound"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.88")


@hookimpl
def register_interest(register: Any) -> None:
    register(steps=("upkeep",), words=("rebound",), handlers=(NAME,))


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    st = game.state
    me = st.players[st.active]
    return [{"handler": NAME, "source": oid, "epoch": st.objs[oid].epoch, "controller": st.active,
             "text": f"rebound ({st.objs[oid].name})", "data": {}}
            for oid in me.exile if st.objs[oid].choices.get(NAME) == str(me.turns - 1)] or None


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler != NAME:
        return None
    obj = game.state.objs.get(item.source)
    if obj is None or obj.epoch != item.source_epoch or obj.zone != "exile":
        return True  # it left exile: a new object (400.7)
    name = game.describe(obj.id)
    pick = ctx.choose(Decision("choose", item.controller, f"rebound: cast {name} without paying its mana cost? "
                               "(yes/no)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
    if not (pick and pick[0] == "yes" and ctx.cast_without_paying(obj.id, item.controller)):
        ctx.note(f"{name} remains exiled")
    return True
