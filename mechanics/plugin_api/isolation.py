"""Plugin isolation: an exception inside an action names its plugin; a plugin can be
turned off in the middle of a game.

:meth:`mechanics.play.game.Game.play` restores the state before an action when
anything raises; for an exception that is not a :class:`StackfishError` (a rule
bug, a plugin's own error) it raises :func:`rule_error`'s :class:`RuleError`
instead, which names the action and the plugin whose code raised (found by
walking the traceback for a frame in a plugin's module), keeps the original
as ``__cause__`` and counts the failure in ``game.plugin_errors`` so the TUI
can offer to :func:`disable_plugin` one that keeps failing.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from ..model.errors import IllegalActionError, RuleError
from .plugin_manager import Hooks

if TYPE_CHECKING:
    from ..play.game import Game

#: failures after which the TUI offers to disable a plugin
OFFER_DISABLE_AFTER = 2


def plugin_display_name(pm: Any, plugin: Any) -> str:
    """The plugin's entry-point name, or for an unnamed (inline) plugin object its
    ``name`` attribute or its class name."""
    name = pm.get_name(plugin) or ""
    if not name or name.isdigit():  # pluggy names an unnamed object by its id()
        if isinstance(plugin, types.ModuleType):
            return plugin.__name__
        name = getattr(plugin, "name", None) or type(plugin).__name__
    return str(name)


def _plugin_modules(pm: Any) -> list[tuple[str, str]]:
    """(module name, plugin name) for every registered plugin; a module plugin
    that is a package owns its sub-modules too."""
    out = []
    for _name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        display = plugin_display_name(pm, plugin)
        if isinstance(plugin, types.ModuleType):
            out.append((plugin.__name__, display))
        else:
            module = getattr(type(plugin), "__module__", "") or ""
            out.append((module, display))
    engine = __name__.split(".")[0]  # an object of the engine's own is not a plugin's code
    return [(m, n) for m, n in out if m and m != engine and not m.startswith(engine + ".")]


def blame(pm: Any, exc: BaseException) -> str:
    """The name of the plugin whose code raised ``exc`` (the innermost plugin frame in
    its traceback), or ``""`` when no plugin's code is involved."""
    modules = _plugin_modules(pm)
    if not modules:
        return ""
    found = ""
    tb = exc.__traceback__
    while tb is not None:
        mod = tb.tb_frame.f_globals.get("__name__", "")
        for prefix, name in modules:
            if mod == prefix or (mod.startswith(prefix + ".") and
                                 getattr(sys.modules.get(prefix), "__path__", None)):
                found = name
        tb = tb.tb_next
    return found


def rule_error(game: Game, action: Any, exc: Exception) -> RuleError:
    """The :class:`RuleError` for an unexpected exception while applying ``action``;
    counts it in ``game.plugin_errors`` (``""`` for the engine)."""
    plugin = blame(game.pm, exc)
    game.plugin_errors[plugin] = game.plugin_errors.get(plugin, 0) + 1
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    undone = ("the action was undone" if game.history is not None else
              "the game keeps no history, so it may be left in the middle of the action")
    if plugin:
        msg = f"plugin '{plugin}' failed while applying '{action}': {what}; {undone}"
        if game.plugin_errors[plugin] >= OFFER_DISABLE_AFTER:
            msg += f" ({game.plugin_errors[plugin]} failures: consider disabling the plugin)"
    else:
        msg = (f"internal error while applying '{action}': {what}; {undone} "
               f"(a bug in the rules engine: please report it with the game's journal)")
    return RuleError(msg, str(action), plugin)


def disable_plugin(game: Game, name: str) -> None:
    """Turn a plugin off in the middle of a game: its hooks, keywords and card scripts
    stop applying from the next action on (already-made choices stay).  Observers (the
    journal) are told with ``("disable-plugin", name)`` so a resumed game does the same
    at the same point."""
    pm = game.pm
    target = None
    for pname, plugin in pm.list_name_plugin():
        if plugin is not None and name in (pname, plugin_display_name(pm, plugin)):
            target = plugin
            break
    if target is None:
        raise IllegalActionError(f"no plugin named '{name}' is loaded")
    pm.unregister(target)
    game.hooks = Hooks.of(pm)
    game.forget()  # cards' behaviours and everything derived from them
    for observer in game.observers:
        observer(("disable-plugin", name))
