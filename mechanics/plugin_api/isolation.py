"""Plugin isolation: every call into a plugin names it when it fails, is watched for
taking too long, and a failing plugin can be turned off in the middle of a game.

- :func:`call_hook` is the one way the engine calls a plugin's hook implementation
  (:class:`mechanics.plugin_api.plugin_manager.Hooks` uses it for every hook, registration and
  display ones included).  It tells the :data:`WATCHDOG` which plugin runs; a
  hook running longer than ``WATCHDOG.limit`` seconds (``STACKFISH_HOOK_TIMEOUT``,
  2 by default, 0 for never) is interrupted: a timer thread raises
  :class:`HookTimeout` in the thread running it (``PyThreadState_SetAsyncExc``,
  checked between bytecodes, so an endless Python loop stops; a hook blocked in a
  system call stops only when that call returns), which :func:`call_hook` turns
  into :class:`HookTimedOut` naming the plugin.
- :meth:`mechanics.play.game.Game.play` restores the state before an action when
  anything raises; for an exception that is not a :class:`StackfishError` (a rule
  bug, a plugin's own error, even ``SystemExit``) it raises :func:`rule_error`'s
  :class:`RuleError` instead, which names the action and the plugin whose code
  raised (found by walking the traceback for a frame in a plugin's module), keeps
  the original as ``__cause__`` and counts the failure in ``game.plugin_errors``
  so the TUI can offer to :func:`disable_plugin` one that keeps failing.  A hook
  that timed out turns its plugin off for the game at once (:func:`timed_out`).
- Outside an action (display hints), :func:`display_failure` skips a failing
  plugin's output and notes why in ``game.notices`` for the TUI to show.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..model.errors import IllegalActionError, RuleError

if TYPE_CHECKING:
    from ..play.game import Game

#: failures after which the TUI offers to disable a plugin
OFFER_DISABLE_AFTER = 2
#: seconds a hook may run (``STACKFISH_HOOK_TIMEOUT`` overrides it; 0: no limit)
HOOK_TIMEOUT = 2.0


class HookTimeout(BaseException):
    """Raised by the watchdog inside a hook that runs too long (a BaseException, so
    that a plugin's ``except Exception`` doesn't swallow it)."""


class HookTimedOut(BaseException):
    """A plugin's hook ran longer than the limit and was interrupted."""

    def __init__(self, plugin: str, hook: str, limit: float) -> None:
        self.plugin, self.hook, self.limit = plugin, hook, limit
        super().__init__(f"plugin '{plugin}' took longer than {limit:g} s in {hook} "
                         "(an endless loop?) and was stopped")


class Watchdog:
    """Interrupts a hook that runs longer than ``limit`` seconds.

    ``current`` is ``(plugin, hook, deadline, thread id)`` while a hook runs (set and
    cleared by :func:`call_hook`, a plain attribute write: hooks are called thousands
    of times a game).  A daemon thread looks at it every ``poll`` seconds."""

    def __init__(self) -> None:
        self.limit = timeout_from_env()
        self.current: tuple[str, str, float, int] | None = None
        self.pid = 0  # the process whose thread runs (a forked child starts its own)
        self.fired: tuple[int, float] = (0, 0.0)  # id(current) interrupted, and when

    def ensure(self) -> None:
        """Start the thread (again in a forked child) when there is a limit."""
        if self.limit > 0 and self.pid != os.getpid():
            self.pid = os.getpid()
            threading.Thread(target=self._run, name="stackfish-hook-watchdog", daemon=True).start()

    def _run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):  # Ctrl-C and SIGTERM are the main thread's:
            # delivered here, they would interrupt it even while it holds them (as a batch
            # starts its worker processes, which could then be left behind)
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        pid = self.pid
        while pid == os.getpid():
            time.sleep(min(0.1, max(self.limit, 0.01) / 4))
            current, now = self.current, time.monotonic()
            if current is None or now < current[2] or self.limit <= 0:
                continue
            if self.fired[0] == id(current) and now < self.fired[1] + self.limit:
                continue  # interrupted already: give it one more period to unwind
            self.fired = (id(current), now)
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(current[3]),
                                                       ctypes.py_object(HookTimeout))


def timeout_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("STACKFISH_HOOK_TIMEOUT", HOOK_TIMEOUT)))
    except ValueError:
        return HOOK_TIMEOUT


#: the process's watchdog; ``WATCHDOG.limit`` is the limit in seconds
WATCHDOG = Watchdog()


def call_hook(plugin: str, hook: str, function: Callable[..., Any], args: Sequence[Any]) -> Any:
    """``function(*args)``, a hook implementation of ``plugin``, under the watchdog."""
    w = WATCHDOG
    outer = w.current
    w.current = (plugin, hook, time.monotonic() + w.limit, threading.get_ident()) if w.limit else None
    try:
        return function(*args)
    except HookTimeout:
        raise HookTimedOut(plugin, hook, w.limit) from None
    finally:
        w.current = outer


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


def timed_out(game: Game, action: Any, exc: HookTimedOut) -> RuleError:
    """Turn off the plugin whose hook timed out while applying ``action``, for this
    game (the journal records it), and say so."""
    game.plugin_errors[exc.plugin] = game.plugin_errors.get(exc.plugin, 0) + 1
    try:
        disable_plugin(game, exc.plugin)
        off = "it is off for this game"
    except IllegalActionError:  # (more than one plugin ran: a hook wrapper)
        off = "disable it with --disable-plugin"
    undone = ("the action was undone" if game.history is not None else
              "the game keeps no history, so it may be left in the middle of the action")
    return RuleError(f"{exc} while applying '{action}'; {off}; {undone}", str(action), exc.plugin)


def display_failure(game: Game, plugin: str, hook: str, exc: BaseException) -> None:
    """A plugin's display hook raised or timed out: its output is left out, the TUI
    is told (``game.notices``), a timed-out plugin is turned off for the game."""
    game.plugin_errors[plugin] = game.plugin_errors.get(plugin, 0) + 1
    what = str(exc) if isinstance(exc, HookTimedOut) else \
        f"plugin '{plugin}' failed in {hook}: {type(exc).__name__}: {exc}"
    if isinstance(exc, HookTimedOut):
        try:
            disable_plugin(game, plugin)
            what += "; it is off for this game"
        except IllegalActionError:
            pass
    if what not in game.notices:
        game.notices.append(what)


def rule_error(game: Game, action: Any, exc: BaseException) -> RuleError:
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
    game.hooks = type(game.hooks).of(pm)  # (plugin_manager imports this module)
    game.forget()  # cards' behaviours and everything derived from them
    for observer in game.observers:
        observer(("disable-plugin", name))
