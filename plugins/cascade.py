"""Cascade (Comprehensive Rules 702.85).

702.85a "When you cast this spell, exile cards from the top of your library until you
        exile a nonland card whose mana value is less than this spell's mana value. You
        may cast that card without paying its mana cost if the resulting spell's mana
        value is less than this spell's mana value. Then put all cards exiled this way
        that weren't cast on the bottom of your library in a random order."
702.85c Multiple instances each trigger separately.

A triggered ability that triggers on casting (603.2), so it resolves before the spell
with cascade; the cast card is cast (prowess and storm see it), with its modes and
targets chosen then (:meth:`~mechanics.rules.spells.SpellPrimitives.cast_without_paying`).
An empty library just ends the exiling.
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, events, hookimpl

NAME = "cascade"
RULE = "702.85"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, RULE)


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("SpellCast",), words=("cascade",), handlers=(NAME,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if not isinstance(event, events.SpellCast):
        return None
    obj = game.state.objs.get(event.source)
    if obj is None:
        return None
    n = len(game.keyword_instances(event.source, NAME))  # 702.85c: each instance triggers
    card = game.card(obj.name)
    return [{"handler": NAME, "source": event.source, "epoch": obj.epoch, "controller": event.controller,
             "text": f"cascade ({obj.name})", "data": {"mana_value": card.mana_value}}] * n


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> Any:
    if item.handler != NAME:
        return None
    you, limit = item.controller, item.data["mana_value"]
    library = game.state.players[you].library
    exiled: list[int] = []
    hit = None
    while library:
        top = library[0]
        ctx.move(top, "exile")
        exiled.append(top)
        card = game.card(game.state.objs[top].name)
        if not card.is_type("Land") and card.mana_value < limit:
            hit = top
            break
    ctx.note(f"cascade exiles {', '.join(game.describe(o) for o in exiled) or 'nothing'}")
    cast = False
    if hit is not None:
        pick = ctx.choose(Decision("choose", you, f"cascade: cast {game.describe(hit)} without paying its "
                                   "mana cost? (yes/no)", ("yes", "no"), 1, 1,
                                   {"what": "may", "default": ["yes"]}))
        cast = bool(pick) and pick[0] == "yes" and ctx.cast_without_paying(hit, you)
    rest = [o for o in exiled if not (cast and o == hit)]
    game.state.rng.shuffle(rest)  # 702.85a: in a random order
    for o in rest:
        ctx.move(o, "library", you, bottom=True)
    return True
