"""Suspend (Comprehensive Rules 702.62).

702.62a "Suspend N—[cost]" means "If you could begin to cast this card by putting it
        onto the stack from your hand, you may pay [cost] and exile it with N time
        counters on it. This action doesn't use the stack," and "At the beginning of
        your upkeep, if this card is suspended, remove a time counter from it," and
        "When the last time counter is removed from this card, if it's exiled, you may
        play it without paying its mana cost if able. If you don't, it remains exiled.
        If you cast a creature spell this way, it gains haste until you lose control of
        the spell or the permanent it becomes."
702.62b A card is "suspended" if it's in exile, has suspend, and has a time counter on it.

The special action is the engine's (``suspend p1 "Ancestral Vision"``, 116.2f); this
plugin adds the two triggered abilities, which work while the card is in exile.  The
haste is the keyword's ``grants``: the permanent cast this way remembers it
(``choices["alt"]``) and has haste while it stays on the battlefield (a change of
control doesn't end it here, a simplification goldfishing never meets).
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, events, hookimpl

NAME = "suspend"


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, "702.62", takes="number and cost", grants=("haste",))


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("CountersRemoved",), steps=("upkeep",), words=("suspend",),
             handlers=("suspend-upkeep", "suspend-cast"))


def _suspend_card(game: Any, oid: int) -> bool:
    """An exiled card with suspend (702.62b, less its time counters)."""
    obj = game.state.objs.get(oid)
    return obj is not None and obj.zone == "exile" and any(
        kw == NAME for kw, _ in game.behaviour(obj.name).keywords)


def _trigger(game: Any, oid: int, handler: str, text: str) -> dict:
    obj = game.obj(oid)
    return {"handler": handler, "source": oid, "epoch": obj.epoch, "controller": obj.owner,
            "text": f"{text} ({obj.name})", "data": {}}


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    """"At the beginning of your upkeep, if this card is suspended, remove a time counter
    from it": one trigger per suspended card the active player owns."""
    st = game.state
    return [_trigger(game, oid, "suspend-upkeep", "suspend: remove a time counter")
            for oid in st.players[st.active].exile
            if _suspend_card(game, oid) and st.objs[oid].counters.get("time")] or None


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """"When the last time counter is removed from this card, if it's exiled"."""
    if not isinstance(event, events.CountersRemoved) or event.kind_ != "time" or event.obj is None:
        return None
    if not _suspend_card(game, event.obj) or game.obj(event.obj).counters.get("time"):
        return None
    return [_trigger(game, event.obj, "suspend-cast", "suspend: the last time counter is removed")]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler not in ("suspend-upkeep", "suspend-cast"):
        return None
    obj = game.state.objs.get(item.source)
    if obj is None or obj.epoch != item.source_epoch or not _suspend_card(game, obj.id):
        return True  # it left exile: a new object (400.7), the ability does nothing
    if item.handler == "suspend-upkeep":
        if obj.counters.get("time"):  # 603.4: still suspended
            ctx.remove_counters(obj.id, "time", 1)
        return True
    name = game.describe(obj.id)
    pick = ctx.choose(Decision("choose", item.controller, f"suspend: cast {name} without paying its mana "
                               "cost? (yes/no)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
    if not (pick and pick[0] == "yes" and ctx.cast_without_paying(obj.id, item.controller, alt=NAME)):
        ctx.note(f"{name} remains exiled")
    return True
