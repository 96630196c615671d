"""stackfish's rules engine and plugin API.

The public surface for the TUI, scripts and plugins: :class:`Game`, the
actions and events, the error types, the ability classes card scripts use,
and ``hookimpl`` for plugins.
"""

from . import actions, events
from .abilities import (
    Activated,
    EntersWith,
    Replacement,
    SpellAbility,
    Static,
    Target,
    Triggered,
    script,
)
from .actions import Action, parse_action
from .context import Ctx
from .errors import (
    BadReferenceError,
    DeckError,
    IllegalActionError,
    NotationError,
    SourceError,
    StackfishError,
)
from .game import Game
from .hookspecs import hookimpl
from .plugin_manager import list_plugins, make_plugin_manager
from .state import Decision, StackItem

__all__ = [
    "Action", "Activated", "BadReferenceError", "Ctx", "Decision", "DeckError", "EntersWith", "Game",
    "IllegalActionError", "NotationError", "Replacement", "SourceError", "SpellAbility",
    "StackItem", "StackfishError", "Static", "Target", "Triggered", "actions", "events",
    "hookimpl", "list_plugins", "make_plugin_manager", "parse_action", "script",
]
