"""Vanishing (Comprehensive Rules 702.63) and fading (702.32): counters that run out.

702.63a "Vanishing N" means "This permanent enters with N time counters on it," "At the
        beginning of your upkeep, if there is a time counter on this permanent, remove a
        time counter from it," and "When the last time counter is removed from this
        permanent, sacrifice it."
702.32a "Fading N" means "This permanent enters with N fade counters on it" and "At the
        beginning of your upkeep, remove a fade counter from this permanent. If you
        can't, sacrifice the permanent."

The counters it enters with are the engine's (the keywords register ``enters_with``: a
replacement as it enters, 614.1c); the upkeep triggers and the sacrifice are this
plugin's.
"""

from __future__ import annotations

from typing import Any

from mechanics import events, hookimpl


@hookimpl
def register_keywords(register: Any) -> None:
    register("vanishing", "702.63", takes="number", enters_with="time")
    register("fading", "702.32", takes="number", enters_with="fade")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("CountersRemoved",), steps=("upkeep",))


def _trigger(game: Any, oid: int, handler: str, text: str) -> dict:
    return {"handler": handler, "source": oid, "epoch": game.obj(oid).epoch, "controller": game.controller_of(oid),
            "text": text, "data": {}}


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    out = []
    for oid in game.permanents(game.state.active):
        counters = game.obj(oid).counters
        out += [_trigger(game, oid, "vanishing", "Vanishing: remove a time counter")
                for _ in game.keyword_instances(oid, "vanishing") if counters.get("time")]  # 603.4
        out += [_trigger(game, oid, "fading", "Fading: remove a fade counter, or sacrifice it")
                for _ in game.keyword_instances(oid, "fading")]
    return out or None


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """"When the last time counter is removed from this permanent, sacrifice it.\""""
    if not isinstance(event, events.CountersRemoved) or event.kind_ != "time" or event.obj is None:
        return None
    obj = game.obj(event.obj)
    if obj.zone != "battlefield" or obj.counters.get("time") or not game.keyword_instances(event.obj, "vanishing"):
        return None
    return [_trigger(game, event.obj, "vanishing-last", "Vanishing: the last time counter is removed, sacrifice it")]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler not in ("vanishing", "vanishing-last", "fading"):
        return None
    oid = ctx.source
    if oid is None:
        return True  # gone (400.7)
    if item.handler == "vanishing-last":
        ctx.sacrifice(oid)
    elif item.handler == "vanishing":
        ctx.remove_counters(oid, "time", 1)  # none left: the intervening "if" is false (603.4)
    elif not ctx.remove_counters(oid, "fade", 1):
        ctx.sacrifice(oid)
    return True
