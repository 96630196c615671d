"""Loading plugins and dispatching hooks cheaply.

:func:`make_plugin_manager` builds a fresh pluggy manager per game from the
``stackfish`` entry-point group, exactly as a third party's plugin is found.
A plugin that fails to import (even with ``SystemExit``) or to register is
recorded (``pm.stackfish_errors``), left out for the run, and the rest still
load.  ``STACKFISH_DISABLE_PLUGINS=a,b`` turns plugins off.  Every call into a
plugin goes through :func:`mechanics.plugin_api.isolation.call_hook` (named,
watched).

:class:`Hooks` holds what registration produced (keywords, counter kinds,
card scripts) and calls ``trigger_collect`` / ``step_begin`` only on the
plugins that registered interest in that event kind or step, calling the
hot hooks' implementations directly (see ``Hooks._dispatch``): a pluggy call
costs microseconds and a game emits hundreds of events.
"""

from __future__ import annotations

import operator
import os
import weakref
from collections.abc import Callable, Iterable
from importlib import metadata
from typing import Any, NamedTuple

import pluggy

from ..abilities.abilities import SCRIPTS
from ..abilities.keywords import ENGINE_KEYWORDS, Keyword
from ..model import events as ev
from ..model.errors import PluginError
from ..model.state import ZONES
from . import hookcheck, hookspecs
from .isolation import WATCHDOG, HookTimedOut, call_hook, display_failure, plugin_display_name

#: the primitives an ``untap_begin`` hook may ask for (hookspecs.untap_begin), by name:
#: plugin data never names another method of the game (``reset``, ``undo``)
UNTAP_OPERATIONS = ("phase_out", "phase_in", "day_night", "turn_face")

#: what a ``damage_results`` hook may propose (``"instead"``: no default result)
DAMAGE_OPERATIONS = ("put_counters", "gain_life", "lose_life", "instead")


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
            except (Exception, SystemExit) as exc:  # a broken plugin is reported, never fatal
                pm.stackfish_errors[ep.name] = f"{type(exc).__name__}: {exc}"
                continue
            dist = ep.dist
            pm.stackfish_sources[ep.name] = (dist.name if dist else "?", dist.version if dist else "?")
    for plugin in extra:
        pm.register(plugin)
    pm.check_pending()
    WATCHDOG.ensure()
    Hooks.of(pm)  # registration now: a plugin that fails it is reported and left out
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
    """Registration results and cheap dispatch for one plugin manager.

    Shared by the games of a plugin manager (:meth:`of`): registration and the
    dispatch tables are built once, not once per game (a batch simulation starts
    thousands).  Nothing in it changes after it is built but ``behaviours``, the
    cards' behaviours its keywords and scripts give, built when a game first asks."""

    _shared: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    @classmethod
    def of(cls, pm: pluggy.PluginManager) -> Hooks:
        """The Hooks of ``pm`` with the plugins it has now (built anew after one is
        unregistered)."""
        kept = cls._shared.get(pm)
        while kept is None or kept[0] != frozenset(map(id, pm.get_plugins())):
            try:
                hooks = cls(pm)
            except _Unregistered:  # one plugin failed to register and is out: again without it
                continue
            kept = cls._shared[pm] = (frozenset(id(p) for p in pm.get_plugins()), hooks)
        return kept[1]

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.keywords: dict[str, Keyword] = dict(ENGINE_KEYWORDS)
        self.keyword_plugins: dict[str, Any] = {}
        """The plugin that registered each plugin keyword (conformance finds its cards)."""
        self.card_plugins: dict[str, Any] = {}
        """The plugin that registered each card script."""
        self.counter_kinds: dict[str, str] = {"+1/+1": "permanent", "-1/-1": "permanent",
                                              "poison": "player", "energy": "player"}  # 122.1, 107.14
        self.scripts = dict(SCRIPTS)
        self.behaviours: dict[Any, Any] = {}
        """Card (its facts) -> its behaviour with these keywords and scripts
        (:meth:`mechanics.play.game.Game.behaviour`)."""
        self.event_kinds: dict[str, list[Any]] = {}
        """The event kinds some plugin registered interest in, and those plugins."""
        self.steps: dict[str, list[Any]] = {}
        """The steps some plugin registered interest in, and those plugins."""
        self.words: dict[Any, tuple[str, ...]] = {}
        """The plugins that sleep in a game until a card of theirs is in it, and the words
        (lower case) their cards' rules text or names have (see :meth:`awake`)."""
        self.wakes: dict[str, list[Any]] = {}
        """The event kinds that wake a sleeping plugin for the rest of the game."""
        self.counter_wakes: dict[str, list[Any]] = {}
        """The counter kinds whose first counter put on a player or permanent wakes a
        sleeping plugin for the rest of the game (``Game.counter_put``)."""
        self.zones: dict[Any, frozenset[str]] = {}
        """The plugins that hear a ZoneChanged only when it is from or to one of these zones."""
        self.handlers: dict[Any, frozenset[str]] = {}
        """The plugins whose ``resolve_item`` resolves only the items with these handlers."""
        self._resolvers: dict[str, list[Any]] = {}  # handler -> the plugins asked to resolve it
        self._woken_by: dict[str, frozenset[Any]] = {}  # card name -> the sleepers it wakes
        self._views: dict[frozenset[Any], Awake] = {}  # the sleeping plugins -> their Awake
        self._callers: dict[tuple[str, str], Any] = {}
        self._firstresult: dict[str, bool] = {}  # whether each hook called by name is ``firstresult``
        self._register("register_keywords", self._keyword)
        self._register("register_counter_kinds", lambda p: lambda kind, on="both", rule="":
                       self.counter_kinds.__setitem__(kind, on))
        self._register("register_cards", self._card)
        self._register("register_interest", self._interest)

    def _register(self, hook: str, register: Callable[[Any], Callable[..., None]]) -> None:
        """Call each plugin's ``hook`` with ``register(plugin)``, in pluggy's order.  A
        plugin that raises (or runs too long) is unregistered for the run and its error
        kept for ``stackfish plugins``; :meth:`of` then builds the Hooks again."""
        for impl in reversed(getattr(self.pm.hook, hook).get_hookimpls()):
            name = self.name(impl.plugin)
            try:
                call_hook(name, hook, impl.function, [register(impl.plugin)])
            except (Exception, SystemExit, HookTimedOut) as exc:
                errors = getattr(self.pm, "stackfish_errors", None)
                if errors is None:
                    errors = self.pm.stackfish_errors = {}
                errors[name] = str(exc) if isinstance(exc, PluginError) else \
                    f"{hook} raised {type(exc).__name__}: {exc}"
                self.pm.unregister(impl.plugin)
                raise _Unregistered from None

    def name(self, plugin: Any) -> str:
        """The plugin's name for messages (its entry-point name)."""
        return plugin_display_name(self.pm, plugin) if plugin is not None else "a hook wrapper"

    def _keyword(self, plugin: Any):  # noqa: ANN202
        def register(name: str, rule: str = "", takes: str = "", grants: Any = (), enters_with: str = "") -> None:
            kw = hookcheck.keyword(self.name(plugin), name, rule, takes, grants, enters_with)
            self.keywords[kw.name] = kw
            self.keyword_plugins[kw.name] = plugin
        return register

    def _card(self, plugin: Any):  # noqa: ANN202
        def register(name: str, fn: Any) -> None:
            self.scripts[name] = fn
            self.card_plugins[name] = plugin
        return register

    def _interest(self, plugin: Any):  # noqa: ANN202
        def register(events: Iterable[str] = (), steps: Iterable[str] = (), words: Iterable[str] = (),
                     wakes: Iterable[str] = (), zones: Iterable[str] = (), counters: Iterable[str] = (),
                     handlers: Iterable[str] = ()) -> None:
            said = hookcheck.interest(self.name(plugin), events, steps, words, wakes, zones, counters, handlers)
            for e in said.events:
                self.event_kinds.setdefault(e, []).append(plugin)
            for s in said.steps:
                self.steps.setdefault(s, []).append(plugin)
            if said.words:
                self.words[plugin] = self.words.get(plugin, ()) + said.words
            for e in said.wakes:
                self.wakes.setdefault(e, []).append(plugin)
            for kind in said.counters:
                self.counter_wakes.setdefault(kind, []).append(plugin)
            if said.zones:
                self.zones[plugin] = self.zones.get(plugin, frozenset()) | said.zones
            if said.handlers:
                self.handlers[plugin] = self.handlers.get(plugin, frozenset()) | frozenset(said.handlers)
        return register

    # ---------------------------------------------------------------- sleeping plugins
    def woken_by(self, game: Any, name: str) -> frozenset[Any]:
        """The sleeping plugins a card named ``name`` in a game wakes: those whose words
        are in its name or its rules text (any face: a card that grants the keyword says
        it too), or that registered its script."""
        found = self._woken_by.get(name)
        if found is None:
            card = game.pool.get(name) or game.card(name)  # the whole card, or a token's
            text = " ".join(f"{f.name} {f.oracle_text}" for f in (card, *card.faces)).lower()
            found = frozenset(p for p, words in self.words.items()
                              if any(w in text for w in words) or self.card_plugins.get(card.name) is p)
            self._woken_by[name] = found
        return found

    def view(self, asleep: frozenset[Any]) -> Awake:
        """What the plugins but those ``asleep`` listen to (one :class:`Awake` per set,
        shared by games).  A plugin that registered ``words`` sleeps in a game while no
        object in it (in any zone) is a card whose name or text has one of them, and no
        event it ``wakes`` on has happened (``Game.plugins_awake``): its game-time hooks
        (:data:`SLEEPING_HOOKS`) are not called, for they could find nothing of theirs to
        act on.  The keyword plugins cost a game without their keywords nothing."""
        view = self._views.get(asleep)
        if view is None:
            def among(table: dict[str, list[Any]], sleeping: bool) -> dict[str, list[Any]]:
                """The table's entries with only the sleeping (or only the awake) plugins."""
                kept = {k: [p for p in ps if (p in asleep) is sleeping] for k, ps in table.items()}
                return {k: ps for k, ps in kept.items() if ps}
            wakers = among(self.wakes, True)
            kinds = among(self.event_kinds, False)
            hooks = frozenset(h for h in SLEEPING_HOOKS if any(
                i.plugin not in asleep for i in getattr(self.pm.hook, h).get_hookimpls()))
            elsewhere = any(self.zones.get(p, ZONES) != {"battlefield"} for p in kinds.get("ZoneChanged", ()))
            view = self._views[asleep] = Awake(asleep, {**{k: [] for k in wakers}, **kinds},
                                                among(self.steps, False), wakers, hooks,
                                                among(self.counter_wakes, True), {},
                                                elsewhere or "ZoneChanged" in wakers)
        return view

    def _awake_results(self, hook: str, first: bool = False, readonly: bool = True,
                       **kw: Any) -> list[tuple[Any, Any]]:
        """``(plugin, result)`` pairs of ``hook`` (one of :data:`SLEEPING_HOOKS`) called on
        the plugins awake in ``kw["game"]``; none at once when no awake plugin implements it."""
        view = kw["game"].awake()
        if hook not in view.hooks:
            return []
        return self._dispatch(hook, first=first, readonly=readonly, asleep=view.asleep)(**kw)

    def interest(self, plugin: Any) -> dict[str, set[str]]:
        """The event kinds and steps a plugin registered interest in."""
        return {"events": {k for k, ps in self.event_kinds.items() if plugin in ps},
                "steps": {k for k, ps in self.steps.items() if plugin in ps}}

    def _dispatch(self, hook: str, key: str = "", wanted: list[Any] | None = None,
                  first: bool = False, readonly: bool = True,
                  asleep: frozenset[Any] = frozenset()) -> Callable[..., list[tuple[Any, Any]]]:
        """A caller of ``hook`` on the ``wanted`` plugins (all when None) but those
        ``asleep`` that returns
        ``(plugin, result)`` for their non-None results in pluggy's order (only the first
        for a ``firstresult`` hook).  A ``readonly`` hook that changes the game is a
        :class:`PluginError`.  Built once per hook and key, and calling the
        implementations directly: pluggy checks arguments, and its subset callers filter
        implementations, on every call, microseconds that a game pays thousands of
        times.  A hook wrapper among them (the engine's plugins use none) sends every
        call through pluggy (its results are then named "a hook wrapper")."""
        fn = self._callers.get((hook, key, asleep))
        if fn is not None:
            return fn
        impls = [i for i in reversed(getattr(self.pm.hook, hook).get_hookimpls())
                 if (wanted is None or i.plugin in wanted) and i.plugin not in asleep]
        if any(i.wrapper or i.hookwrapper for i in impls):
            mine = {id(i.plugin) for i in impls}
            sub = self.pm.subset_hook_caller(
                hook, remove_plugins=[p for p in self.pm.get_plugins() if id(p) not in mine])

            names = ", ".join(self.name(i.plugin) for i in impls)

            def fn(**kw: Any) -> list[tuple[Any, Any]]:
                got = call_hook(names, hook, lambda: sub(**kw), [])
                got = ([] if got is None else [got]) if first else got
                return [(None, r) for r in got]
        else:
            calls = [(i.function, _arguments(i.argnames), i.plugin, self.name(i.plugin)) for i in impls]

            def fn(**kw: Any) -> list[tuple[Any, Any]]:
                out = []
                game = kw["game"]
                for function, args, plugin, name in calls:
                    # what every primitive changes: the revision, the events and the log
                    before = (game.revision, len(game.events), len(game.log)) if readonly else None
                    got = call_hook(name, hook, function, args(kw))
                    if readonly and (game.revision, len(game.events), len(game.log)) != before:
                        raise hookcheck.changed(self.name(plugin), hook)
                    if got is not None:
                        out.append((plugin, got))
                        if first:
                            break
                return out
        self._callers[(hook, key, asleep)] = fn
        return fn

    def collect(self, game: Any, event: ev.Event) -> list[dict]:
        view = game.awake()
        kind = event.kind
        woken = view.wakers.get(kind)
        if woken:
            view = game.wake(woken)
        wanted = view.event_kinds.get(kind)
        if wanted and kind == "ZoneChanged" and self.zones:
            kind = (event.from_zone, event.to_zone)
            wanted = view.moves.get(kind)
            if wanted is None:
                wanted = view.moves[kind] = self._movers(view.event_kinds["ZoneChanged"], kind)
        if not wanted:
            return []
        results = self._dispatch("trigger_collect", kind, wanted, asleep=view.asleep)(
            game=game, event=event)
        return [t for p, r in results for t in hookcheck.triggers(self.name(p), "trigger_collect", r, game)]

    def _movers(self, plugins: list[Any], move: tuple[str, str]) -> list[Any]:
        """Those of ``plugins`` (hearing ZoneChanged) that hear a move between these zones:
        all but those whose ``zones`` name neither."""
        return [p for p in plugins if (zones := self.zones.get(p)) is None or not zones.isdisjoint(move)]

    def step_begin(self, game: Any, step: str) -> list[dict]:
        view = game.awake()
        wanted = view.steps.get(step)
        if not wanted:
            return []
        results = self._dispatch("step_begin", step, wanted, asleep=view.asleep)(game=game, step=step)
        return [t for p, r in results for t in hookcheck.triggers(self.name(p), "step_begin", r, game)]

    def untap_begin(self, game: Any, player: str) -> list[tuple]:
        return [op for p, r in self._awake_results("untap_begin", game=game, player=player)
                for op in hookcheck.operations(self.name(p), "untap_begin", r, UNTAP_OPERATIONS)]

    def untap_permanent(self, game: Any, obj: Any) -> bool | None:
        return next((r for _, r in self._awake_results("untap_permanent", True, game=game, obj=obj)), None)

    def resolve_item(self, game: Any, item: Any, ctx: Any) -> bool | dict | None:
        handler = item.handler
        wanted = self._resolvers.get(handler)
        if wanted is None:  # the plugins that said they resolve it, or said nothing of what they resolve
            wanted = self._resolvers[handler] = [
                i.plugin for i in self.pm.hook.resolve_item.get_hookimpls()
                if (said := self.handlers.get(i.plugin)) is None or handler in said]
        for plugin, result in self._dispatch("resolve_item", handler, wanted, first=True, readonly=False)(
                game=game, item=item, ctx=ctx):
            if result is not True and not isinstance(result, dict):
                raise PluginError(self.name(plugin), "resolve_item",
                                  f"returned {result!r}; expected True, a dict of what happened, "
                                  "or None when the item isn't this plugin's")
            return result
        return None

    def replacements(self, game: Any, on: str, op: dict) -> list[tuple[str, Any]]:
        return [pair for p, r in self._awake_results("replacement_collect", game=game, on=on, op=op)
                for pair in hookcheck.pairs(self.name(p), "replacement_collect", r)]

    def damage_results(self, game: Any, damage: ev.DamageDealt) -> list[tuple]:
        return [op for p, r in self._awake_results("damage_results", game=game, damage=damage)
                for op in hookcheck.operations(self.name(p), "damage_results", r, DAMAGE_OPERATIONS)]

    def call(self, hook: str, **kw: Any) -> Any:
        """Any hook, as pluggy would return it: the first result of a ``firstresult``
        hook (or None), else the list of results."""
        first = self._firstresult.get(hook)
        if first is None:
            first = self._firstresult[hook] = bool(getattr(self.pm.hook, hook).spec.opts.get("firstresult"))
        pairs = self._awake_results(hook, first, False, **kw) if hook in SLEEPING_HOOKS else \
            self._dispatch(hook, first=first, readonly=False)(**kw)
        got = [r for _, r in pairs]
        return (got[0] if got else None) if first else got

    def hints(self, game: Any, obj: int | None = None, player: str | None = None) -> list[str]:
        """The plugins' display hints; a plugin that fails here is left out (and named
        in ``game.notices``): the screen must always draw."""
        out = []
        for impl in reversed(self.pm.hook.display_hints.get_hookimpls()):
            name = self.name(impl.plugin)
            try:
                got = call_hook(name, "display_hints", impl.function,
                                [{"game": game, "obj": obj, "player": player}[a] for a in impl.argnames])
                out += [str(h) for h in got or ()]
            except (Exception, HookTimedOut) as exc:
                display_failure(game, name, "display_hints", exc)
        return out

    def describe(self, game: Any, event: ev.Event) -> str | None:
        """The log line for an event: the engine's own words, or a plugin's."""
        words = _ENGINE_WORDS.get(type(event)) or next(
            (_ENGINE_WORDS[c] for c in type(event).__mro__ if c in _ENGINE_WORDS), None)
        if words is None:
            return next((r for _, r in self._dispatch("describe_event", first=True)(
                game=game, event=event)), None)
        return words(event, game.describe)


def _arguments(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A hook implementation's arguments, in its order, picked from the call's keywords
    (by ``itemgetter``'s C code when there are several: a comprehension is one more
    Python call on every hook call)."""
    if len(names) > 1:
        return operator.itemgetter(*names)
    return lambda kw: tuple(kw[n] for n in names)


class Awake(NamedTuple):
    """The plugins awake in a game (:meth:`Hooks.awake`) and what they listen to."""

    asleep: frozenset[Any]  # the plugins asleep
    event_kinds: dict[str, list[Any]]  # event kind -> awake plugins (or [] for a waking kind)
    steps: dict[str, list[Any]]  # step -> awake plugins
    wakers: dict[str, list[Any]]  # event kind -> the sleeping plugins it wakes
    hooks: frozenset[str]  # the SLEEPING_HOOKS some awake plugin implements
    counter_wakers: dict[str, list[Any]]  # counter kind -> the sleeping plugins its first counter wakes
    moves: dict[tuple[str, str], list[Any]]  # (from zone, to zone) -> the awake plugins hearing that move
    moves_elsewhere: bool  # an awake plugin hears (or a sleeping one wakes on) a move not involving the battlefield


#: the hooks a sleeping plugin is not called for (the game-time ones that look for its
#: cards; ``resolve_item``, ``keyword_action`` and the display hooks always are)
SLEEPING_HOOKS = frozenset(("trigger_collect", "step_begin", "untap_begin", "untap_permanent",
                            "replacement_collect", "damage_results", "player_untargetable"))


class _Unregistered(Exception):
    """A plugin failed to register and was unregistered: build the Hooks again."""


def _silent(event: Any, d: Callable[[Any], str]) -> None:
    return None


def _zone_words(e: ev.ZoneChanged, d: Callable[[Any], str]) -> str | None:
    if e.from_zone == "" and e.to_zone == "battlefield":
        return None  # TokenCreated says it
    if e.from_zone == "stack" and e.to_zone == "battlefield":
        return f"{e.name} enters the battlefield"
    if (e.from_zone, e.to_zone) in (("library", "hand"), ("hand", "stack"), ("hand", "battlefield")):
        return None  # "draws", "casts" and "plays" say it
    return f"{e.name}: {e.from_zone or 'new'} -> {e.to_zone}"


def _counted(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def _drew_words(e: ev.Drew, d: Callable[[Any], str]) -> str | None:
    if e.index != 0:
        return None  # the first of the cards drawn together says it
    return f"{e.player} draws a card" if e.of == 1 else f"{e.player} draws {e.of} cards"


#: the engine's log line for each of its event kinds (None: the event says nothing)
_ENGINE_WORDS: dict[type, Callable[[Any, Callable[[Any], str]], str | None]] = {
    ev.StepBegan: lambda e, d: f"-- turn {e.turn} ({e.active}): {e.step}",
    ev.ZoneChanged: _zone_words,
    ev.CountersPut: lambda e, d: f"{d(e.obj) if e.obj is not None else e.player} gets "
                                 f"{_counted(e.amount, e.kind_ + ' counter')}",
    ev.CountersRemoved: lambda e, d: f"{_counted(e.amount, e.kind_ + ' counter')} removed from "
                                     f"{d(e.obj) if e.obj is not None else e.player}",
    ev.TokenCreated: lambda e, d: f"{e.controller} creates a {e.name} token",
    ev.DamageDealt: lambda e, d: f"{d(e.source)} deals {e.amount} damage to "
                                 f"{d(e.obj) if e.obj is not None else e.player}",
    ev.LifeChanged: lambda e, d: f"{e.player} {'gains' if e.amount > 0 else 'loses'} "
                                 f"{abs(e.amount)} life",
    ev.Milled: lambda e, d: f"{e.player} mills {_counted(len(e.objs), 'card')}",
    ev.Drew: _drew_words,
    ev.PhasedOut: lambda e, d: f"{d(e.obj)} phases out",
    ev.PhasedIn: lambda e, d: f"{d(e.obj)} phases in",
    **{kind: _silent for kind in (ev.Tapped, ev.Untapped, ev.SpellCast, ev.AttackersDeclared,
                                  ev.BlockersDeclared, ev.BecameBlocked,
                                  ev.AbilityResolved, ev.GameOver, ev.BecameTarget, ev.SpellCopied)},
}
