"""Loading plugins and dispatching hooks cheaply.

:func:`make_plugin_manager` builds a fresh pluggy manager per game from the
``stackfish`` entry-point group, exactly as a third party's plugin is found.
A plugin that fails to import is recorded (``pm.stackfish_errors``) and the
rest still load.  ``STACKFISH_DISABLE_PLUGINS=a,b`` turns plugins off.

:class:`Hooks` holds what registration produced (keywords, counter kinds,
card scripts) and calls ``trigger_collect`` / ``step_begin`` only on the
plugins that registered interest in that event kind or step: a pluggy call
costs microseconds and a game emits hundreds of events.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib import metadata
from typing import Any

import pluggy

from . import events as ev
from . import hookspecs
from .abilities import SCRIPTS

#: keywords the engine itself implements (702.x)
ENGINE_KEYWORDS = {
    "flying": "702.9", "reach": "702.17", "trample": "702.19", "first strike": "702.7",
    "double strike": "702.4", "vigilance": "702.20", "haste": "702.10", "defender": "702.3",
    "deathtouch": "702.2", "lifelink": "702.15", "menace": "702.111", "hexproof": "702.11",
    "shroud": "702.18", "indestructible": "702.12", "flash": "702.8", "convoke": "702.51",
    "enchant creature": "702.5", "enchant permanent": "702.5",
}


def disabled_from_env() -> set[str]:
    return {n.strip() for n in os.environ.get("STACKFISH_DISABLE_PLUGINS", "").split(",") if n.strip()}


def make_plugin_manager(load_entrypoints: bool = True, disabled: Iterable[str] = (),
                        extra: Iterable[Any] = ()) -> pluggy.PluginManager:
    """A fresh plugin manager with every ``stackfish`` entry point that loads.

    Args:
        load_entrypoints: load the ``stackfish`` entry-point group.
        disabled: plugin names to leave out (plus ``STACKFISH_DISABLE_PLUGINS``).
        extra: plugin objects to register too (tests' inline plugins).
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.stackfish_errors = {}  # name -> error text
    pm.stackfish_sources = {}  # name -> (distribution, version)
    blocked = set(disabled) | disabled_from_env()
    for name in blocked:
        pm.set_blocked(name)
    if load_entrypoints:
        for ep in sorted(metadata.entry_points(group=hookspecs.PROJECT), key=lambda e: e.name):
            if ep.name in blocked or pm.has_plugin(ep.name):
                continue
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken plugin is reported, never fatal
                pm.stackfish_errors[ep.name] = f"{type(exc).__name__}: {exc}"
                continue
            dist = ep.dist
            pm.stackfish_sources[ep.name] = (dist.name if dist else "?", dist.version if dist else "?")
    for plugin in extra:
        pm.register(plugin)
    pm.check_pending()
    return pm


def list_plugins(pm: pluggy.PluginManager) -> list[dict[str, Any]]:
    """Name, version, source and hooks of each plugin, and the ones that failed."""
    out = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        dist, version = pm.stackfish_sources.get(name, ("built in", ""))
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or [])
        out.append({"name": name, "version": version, "source": dist, "hooks": hooks, "error": ""})
    for name, err in pm.stackfish_errors.items():
        out.append({"name": name, "version": "", "source": "entry point", "hooks": [], "error": err})
    return out


class Hooks:
    """Registration results and cheap dispatch for one plugin manager."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.keywords: set[str] = set(ENGINE_KEYWORDS)
        self.counter_kinds: dict[str, str] = {"+1/+1": "permanent", "-1/-1": "permanent",
                                              "poison": "player"}
        self.scripts = dict(SCRIPTS)
        pm.hook.register_keywords(register=lambda name, rule="": self.keywords.add(name.lower()))
        pm.hook.register_counter_kinds(
            register=lambda kind, on="both", rule="": self.counter_kinds.__setitem__(kind, on))
        pm.hook.register_cards(register=lambda name, fn: self.scripts.__setitem__(name, fn))
        self._events: dict[str, list[Any]] = {}
        self._steps: dict[str, list[Any]] = {}
        for impl in pm.hook.register_interest.get_hookimpls():
            impl.function(register=self._interest(impl.plugin))
        self._callers: dict[tuple[str, str], Any] = {}

    def _interest(self, plugin: Any):  # noqa: ANN202
        def register(events: Iterable[str] = (), steps: Iterable[str] = ()) -> None:
            for e in events:
                self._events.setdefault(e, []).append(plugin)
            for s in steps:
                self._steps.setdefault(s, []).append(plugin)
        return register

    def interest(self, plugin: Any) -> dict[str, set[str]]:
        """The event kinds and steps a plugin registered interest in."""
        return {"events": {k for k, ps in self._events.items() if plugin in ps},
                "steps": {k for k, ps in self._steps.items() if plugin in ps}}

    def _caller(self, hook: str, key: str, wanted: list[Any]) -> Any:
        c = self._callers.get((hook, key))
        if c is None:
            others = [p for p in self.pm.get_plugins() if p not in wanted]
            c = self.pm.subset_hook_caller(hook, remove_plugins=others)
            self._callers[(hook, key)] = c
        return c

    def collect(self, game: Any, event: ev.Event) -> list[dict]:
        wanted = self._events.get(event.kind)
        if not wanted:
            return []
        results = self._caller("trigger_collect", event.kind, wanted)(game=game, event=event)
        return [t for r in results if r for t in r]

    def step_begin(self, game: Any, step: str) -> list[dict]:
        wanted = self._steps.get(step)
        if not wanted:
            return []
        results = self._caller("step_begin", step, wanted)(game=game, step=step)
        return [t for r in results if r for t in r]

    def untap_begin(self, game: Any, player: str) -> list[tuple]:
        return [op for r in self.pm.hook.untap_begin(game=game, player=player) if r for op in r]

    def untap_permanent(self, game: Any, obj: Any) -> bool | None:
        return self.pm.hook.untap_permanent(game=game, obj=obj)

    def resolve_item(self, game: Any, item: Any, ctx: Any) -> bool | None:
        return self.pm.hook.resolve_item(game=game, item=item, ctx=ctx)

    def replacements(self, game: Any, on: str, op: dict) -> list[tuple[str, Any]]:
        return [p for r in self.pm.hook.replacement_collect(game=game, on=on, op=op) if r for p in r]

    def hints(self, game: Any, obj: int | None = None, player: str | None = None) -> list[str]:
        return [h for r in self.pm.hook.display_hints(game=game, obj=obj, player=player) if r for h in r]

    def describe(self, game: Any, event: ev.Event) -> str | None:
        """The log line for an event: the engine's own words, or a plugin's."""
        d = game.describe
        match event:  # the most frequent kinds first
            case ev.StepBegan():
                return f"-- turn {event.turn} ({event.active}): {event.step}"
            case ev.Tapped() | ev.Untapped() | ev.SpellCast() | ev.AttackersDeclared() | \
                    ev.AbilityResolved() | ev.GameOver() | ev.BecameTarget():
                return None
            case ev.ZoneChanged(to_zone="battlefield", from_zone=""):
                return None  # TokenCreated says it
            case ev.ZoneChanged(from_zone="stack", to_zone="battlefield"):
                return f"{event.name} enters the battlefield"
            case ev.ZoneChanged(from_zone="library", to_zone="hand") | \
                    ev.ZoneChanged(from_zone="hand", to_zone="stack") | \
                    ev.ZoneChanged(from_zone="hand", to_zone="battlefield"):
                return None  # "draws", "casts" and "plays" say it
            case ev.ZoneChanged():
                return f"{event.name}: {event.from_zone or 'new'} -> {event.to_zone}"
            case ev.CountersPut():
                who = d(event.obj) if event.obj is not None else event.player
                return f"{who} gets {event.amount} {event.kind_} counter{'s' * (event.amount != 1)}"
            case ev.CountersRemoved():
                who = d(event.obj) if event.obj is not None else event.player
                return f"{event.amount} {event.kind_} counter{'s' * (event.amount != 1)} removed from {who}"
            case ev.TokenCreated():
                return f"{event.controller} creates a {event.name} token"
            case ev.DamageDealt():
                who = d(event.obj) if event.obj is not None else event.player
                return f"{d(event.source)} deals {event.amount} damage to {who}"
            case ev.LifeChanged():
                verb = "gains" if event.amount > 0 else "loses"
                return f"{event.player} {verb} {abs(event.amount)} life"
            case ev.Milled():
                return f"{event.player} mills {len(event.objs)} card{'s' * (len(event.objs) != 1)}"
            case ev.Drew(index=0, of=1):
                return f"{event.player} draws a card"
            case ev.Drew(index=0):
                return f"{event.player} draws {event.of} cards"
            case ev.Drew():
                return None
            case ev.PhasedOut():
                return f"{d(event.obj)} phases out"
            case ev.PhasedIn():
                return f"{d(event.obj)} phases in"
        return self.pm.hook.describe_event(game=game, event=event)
