"""The checks at the boundary between the engine and a plugin, all in one place.

What a plugin registers (keywords, interest in event kinds and steps) is checked
as its plugins load; what a hook returns is checked as the engine receives it.
A mistake is a :class:`PluginError` naming the plugin, the hook and the
offending value, with what was expected, never an engine traceback:

- a keyword that takes something other than nothing, a number or a cost;
- interest in an event kind or step that doesn't exist (a misspelling would
  otherwise never fire);
- a hook's result of the wrong type, a trigger dict with missing or unknown
  keys, an operation naming no primitive;
- a read-only hook that changed the game (hooks propose, the engine applies).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..abilities.keywords import TAKES, Keyword
from ..model import events as ev
from ..model.errors import PluginError
from ..model.state import STEPS, ZONES

#: the keys of a trigger dict (``Game.queue_trigger``'s arguments)
TRIGGER_KEYS = frozenset({"handler", "source", "epoch", "controller", "text"})
TRIGGER_OPTIONAL = frozenset({"data", "kind"})


def event_kinds() -> set[str]:
    """Every event kind: the engine's and those of plugins' own Event subclasses."""
    out, todo = set(), [ev.Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if not sub.__name__.startswith("_"):
                out.add(sub.kind)
    return out


def loading(plugin: str, hook: str, message: str) -> PluginError:
    """An error in what a plugin registers as it loads: no game can start with it, so
    the message says how to turn it off."""
    return PluginError(plugin, hook, f"{message}; until it is fixed, turn the plugin off with "
                                     f"--disable-plugin {plugin} or STACKFISH_DISABLE_PLUGINS={plugin}")


def keyword(plugin: str, name: Any, rule: Any, takes: Any, grants: Any = (), enters_with: Any = "") -> Keyword:
    """A keyword ``register(name, rule, takes, grants, enters_with)`` registers."""
    if not isinstance(name, str) or not name.strip():
        raise loading(plugin, "register_keywords", f"a keyword's name is a string, not {name!r}")
    if takes not in TAKES:
        raise loading(plugin, "register_keywords",
                          f"keyword '{name}': takes={takes!r}; use \"number\" (Bushido 2), "
                          "\"cost\" (Ward {2}), \"mana cost\" (Echo {2}{R}), \"alternative cost\" (Evoke {2}{U}), "
                          "\"additional cost\" (Buyback {3}), "
                          "\"number and cost\" (Suspend 3—{2}{B}{B}), \"name\" (Partner with NAME) or leave it out")
    if isinstance(grants, str) or not all(isinstance(g, str) and g for g in grants):
        raise loading(plugin, "register_keywords",
                      f"keyword '{name}': grants={grants!r}; give a tuple of keyword names, e.g. (\"haste\",)")
    if enters_with and (not isinstance(enters_with, str) or takes not in ("number", "number and cost")):
        raise loading(plugin, "register_keywords",
                      f"keyword '{name}': enters_with={enters_with!r}; a kind of counter (\"time\"), for a keyword "
                      "that takes a number")
    return Keyword(name.strip().lower(), str(rule or ""), takes, tuple(g.lower() for g in grants), enters_with)


def interest(plugin: str, events: Iterable[Any], steps: Iterable[Any], words: Iterable[Any] = (),
             wakes: Iterable[Any] = (), zones: Iterable[Any] = (), counters: Iterable[Any] = (),
             handlers: Iterable[Any] = ()) -> Interest:
    """What a ``register_interest`` call says, each name known: the event kinds, steps,
    words (in lower case), waking event kinds, the zones a ZoneChanged it hears is from or
    to, the counter kinds that wake it and the stack items' handlers it resolves."""
    events, steps = _names(plugin, "events", events), _names(plugin, "steps", steps)
    words, wakes = _names(plugin, "words", words), _names(plugin, "wakes", wakes)
    zones, counters = _names(plugin, "zones", zones), _names(plugin, "counters", counters)
    kinds = event_kinds()
    for kind in events + wakes:
        if kind not in kinds:
            raise loading(plugin, "register_interest",
                              f"no event kind '{kind}'{_near(kind, kinds)} (the kinds are the "
                              "class names in mechanics.events, or your own Event subclasses)")
    for step in steps:
        if step not in STEPS:
            raise loading(plugin, "register_interest",
                              f"no step '{step}'{_near(step, STEPS)} (steps: {', '.join(STEPS)})")
    for zone in zones:
        if zone not in ZONES:
            raise loading(plugin, "register_interest",
                          f"no zone '{zone}'{_near(zone, ZONES)} (zones: {', '.join(ZONES)})")
    if zones and "ZoneChanged" not in events:
        raise loading(plugin, "register_interest", "zones=(...) narrows the ZoneChanged events heard; "
                                                   "add \"ZoneChanged\" to events=(...)")
    if any(not w.strip() for w in words):
        raise loading(plugin, "register_interest", "words=(...) holds an empty word, which every card has")
    if counters and not words:
        raise loading(plugin, "register_interest", "counters=(...) wakes a sleeping plugin; a plugin sleeps "
                                                   "only when it names words=(...) too")
    return Interest(events, steps, tuple(w.strip().lower() for w in words), wakes, frozenset(zones),
                    counters, _names(plugin, "handlers", handlers))


class Interest(NamedTuple):
    """A plugin's ``register_interest`` (docs/plugins.md)."""

    events: list[str]  # the event kinds trigger_collect hears
    steps: list[str]  # the steps step_begin hears
    words: tuple[str, ...]  # it sleeps in a game with no card saying one of these
    wakes: list[str]  # event kinds that wake it
    zones: frozenset[str]  # a ZoneChanged is heard when from or to one of these (all: empty)
    counters: list[str]  # counter kinds whose first counter put on anything wakes it
    handlers: list[str]  # the handlers resolve_item resolves (all: empty)


def _names(plugin: str, what: str, names: Any) -> list[str]:
    if isinstance(names, str):
        raise loading(plugin, "register_interest",
                          f"{what}={names!r} is a string; pass a tuple: {what}=({names!r},)")
    names = list(names)
    bad = [n for n in names if not isinstance(n, str)]
    if bad:
        raise loading(plugin, "register_interest", f"{what} are names (strings), not {bad[0]!r}")
    return names


def _near(word: str, words: Iterable[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, list(words), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def listed(plugin: str, hook: str, result: Any, what: str) -> list:
    """A hook's result that must be a list (or tuple) of ``what``."""
    if not isinstance(result, (list, tuple)):
        raise PluginError(plugin, hook, f"returned {type(result).__name__} {_short(result)}; "
                                        f"expected a list of {what}, or None")
    return list(result)


def triggers(plugin: str, hook: str, result: Any, game: Any) -> list[dict]:
    """The trigger dicts a ``trigger_collect`` or ``step_begin`` returned."""
    out = listed(plugin, hook, result, "trigger dicts")
    for t in out:
        if not isinstance(t, dict):
            raise PluginError(plugin, hook, f"a trigger is a dict, not {type(t).__name__} {_short(t)}")
        missing, unknown = TRIGGER_KEYS - t.keys(), t.keys() - TRIGGER_KEYS - TRIGGER_OPTIONAL
        if missing or unknown:
            problem = (f"missing {', '.join(sorted(missing))}" if missing else
                       f"unknown key {', '.join(sorted(map(str, unknown)))}")
            raise PluginError(plugin, hook, f"trigger {_short(t)}: {problem}; a trigger has the keys "
                                            f"{', '.join(sorted(TRIGGER_KEYS))} (and optionally "
                                            "data, kind)")
        if t["controller"] not in game.state.players:
            raise PluginError(plugin, hook, f"trigger {_short(t)}: controller {t['controller']!r} "
                                            "is not a player")
        if t.get("kind", "triggered") not in ("triggered", "sourceless"):
            raise PluginError(plugin, hook, f"trigger kind {t['kind']!r}: use \"triggered\" or "
                                            "\"sourceless\"")
        if t.get("data") is not None and not isinstance(t["data"], dict):
            raise PluginError(plugin, hook, f"trigger data is a dict, not {_short(t['data'])}")
    return out


def operations(plugin: str, hook: str, result: Any, allowed: Iterable[str]) -> list[tuple]:
    """The operations (``("primitive", *args)`` tuples) a hook returned."""
    out = listed(plugin, hook, result, "operations")
    allowed = tuple(allowed)
    for op in out:
        if not isinstance(op, tuple) or not op or op[0] not in allowed:
            raise PluginError(plugin, hook, f"operation {_short(op)}: an operation is a tuple "
                                            f"naming one of {', '.join(allowed)}, then its arguments")
    return out


def pairs(plugin: str, hook: str, result: Any) -> list[tuple[Any, Callable]]:
    """The ``(key, apply)`` pairs a ``replacement_collect`` returned."""
    out = listed(plugin, hook, result, "(key, apply) pairs")
    for p in out:
        if not (isinstance(p, tuple) and len(p) == 2 and callable(p[1])):
            raise PluginError(plugin, hook, f"{_short(p)} is not a (key, apply) pair with "
                                            "apply(op) -> op")
    return out


def changed(plugin: str, hook: str) -> PluginError:
    """The error for a read-only hook that changed the game (its :func:`stamp` moved)."""
    return PluginError(plugin, hook, "changed the game; hooks propose, the engine applies: "
                                     "return triggers or operations instead of calling "
                                     "primitives (only resolve_item and keyword_action act, "
                                     "through ctx)")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
