"""Keywords that act at the beginning of their controller's upkeep: echo (702.30),
cumulative upkeep (702.24), vanishing (702.63) and fading (702.32).

702.30a "Echo [cost]" means "At the beginning of your upkeep, if this permanent came
        under your control since the beginning of your last upkeep, sacrifice it unless
        you pay [cost]."
702.24a "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this
        permanent is on the battlefield, put an age counter on this permanent. Then you
        may pay [cost] for each age counter on it. If you don't, sacrifice it."  (702.24b:
        each instance triggers, the age counters are shared.)
702.63a "Vanishing N" means "This permanent enters with N time counters on it," "At the
        beginning of your upkeep, if there is a time counter on this permanent, remove a
        time counter from it," and "When the last time counter is removed from this
        permanent, sacrifice it."
702.32a "Fading N" means "This permanent enters with N fade counters on it" and "At the
        beginning of your upkeep, remove a fade counter from this permanent. If you
        can't, sacrifice the permanent."

One module, so an upkeep costs one hook call, not one a keyword.  Echo and cumulative
upkeep register with ``takes="mana cost"`` ("Echo—Discard a card." stays manual);
vanishing's and fading's counters are the engine's (``enters_with``, 614.1c).  Echo's
"came under your control" is when it entered (a change of control without entering is
not followed: goldfishing never meets it); intervening "if"s (603.4) are checked as the
upkeep begins and again on resolution.
"""

from __future__ import annotations

from typing import Any

from mechanics import Decision, events, hookimpl

#: the upkeep trigger of each keyword: (its text, whether it triggers now)
_UPKEEP = {
    "echo": ("Echo {}", lambda game, oid: game.steps_since_entered(oid, "upkeep", game.controller_of(oid)) == 1),
    "cumulative upkeep": ("Cumulative upkeep {}", lambda game, oid: True),
    "vanishing": ("Vanishing: remove a time counter", lambda game, oid: bool(game.obj(oid).counters.get("time"))),
    "fading": ("Fading: remove a fade counter, or sacrifice it", lambda game, oid: True),
}


@hookimpl
def register_keywords(register: Any) -> None:
    register("echo", "702.30", takes="mana cost")
    register("cumulative upkeep", "702.24", takes="mana cost")
    register("vanishing", "702.63", takes="number", enters_with="time")
    register("fading", "702.32", takes="number", enters_with="fade")


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("CountersRemoved",), steps=("upkeep",),
             words=("echo", "cumulative upkeep", "vanishing", "fading"), handlers=(*_UPKEEP, "vanishing-last"))


def _trigger(game: Any, oid: int, handler: str, text: str, data: dict) -> dict:
    return {"handler": handler, "source": oid, "epoch": game.obj(oid).epoch, "controller": game.controller_of(oid),
            "text": text, "data": data}


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    out = []
    for oid in game.permanents(game.state.active):
        for name, arg in game.chars(oid).behaviour.keywords:
            if name in _UPKEEP and _UPKEEP[name][1](game, oid):
                out.append(_trigger(game, oid, name, _UPKEEP[name][0].format(arg), {"cost": arg}))
    return out or None


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """Vanishing: "When the last time counter is removed from this permanent, sacrifice it.\""""
    if not isinstance(event, events.CountersRemoved) or event.kind_ != "time" or event.obj is None:
        return None
    obj = game.obj(event.obj)
    if obj.zone != "battlefield" or obj.counters.get("time") or not game.keyword_instances(event.obj, "vanishing"):
        return None
    return [_trigger(game, event.obj, "vanishing-last", "Vanishing: the last time counter is removed, sacrifice it",
                     {})]


def _pays(game: Any, ctx: Any, who: str, oid: int, cost: str, why: str) -> bool:
    """The controller pays ``cost`` if they choose to and can (the autopilot does)."""
    pick = ctx.choose(Decision("choose", who, f"{why}: pay {cost or 'nothing'} for {game.describe(oid)}, or "
                               "sacrifice it? (yes/no)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
    return bool(pick) and pick[0] == "yes" and ctx.pay(who, cost)


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    if item.handler not in (*_UPKEEP, "vanishing-last"):
        return None
    oid, who = ctx.source, item.controller
    if oid is None:
        return True  # gone (400.7)
    if item.handler == "echo":
        if _UPKEEP["echo"][1](game, oid) and not _pays(game, ctx, who, oid, item.data["cost"], "echo"):
            ctx.sacrifice(oid)
    elif item.handler == "cumulative upkeep":
        ctx.put_counters(oid, "age", 1)
        n = game.obj(oid).counters.get("age", 0)
        if not _pays(game, ctx, who, oid, item.data["cost"] * n, f"cumulative upkeep ({n} age counters)"):
            ctx.sacrifice(oid)
    elif item.handler == "vanishing":
        ctx.remove_counters(oid, "time", 1)  # none left: the intervening "if" is false (603.4)
    elif item.handler == "vanishing-last" or not ctx.remove_counters(oid, "fade", 1):
        ctx.sacrifice(oid)
    return True
