"""stackfish's rules engine and plugin API.

The public surface for the TUI, scripts and plugins: :class:`Game`, the
actions and events, the error types, the ability classes card scripts use,
``hookimpl`` and ``hookspecs`` for plugins, and the few helpers the TUI needs
from the inner floors (modes, plugin isolation).  Plugins and the TUI import
the engine from here; ``import-linter`` (``lint-imports``) keeps it so.

Inside, the engine is in floors, each importing only the floors below it
(see each subpackage's docstring, and the README's Layout section)::

    ai | io           batch play | scenario runner, journals, saved games
    play              Game, actions' effects, legal actions, set-up, notation
    rules             primitives, layers, SBAs, triggers, turn, priority
    text | plugin_api oracle text to abilities | hookspecs, plugin manager
    abilities         ability values, modes
    store             data directory, card database, deck lists
    model             state, events, errors, card facts, mana, actions and their words

``mechanics.pytest_plugin`` stays at the top: it is the ``pytest11`` entry point.
``mechanics.compiled`` too: ``stackfish compile`` and the import hook that loads the
compiled engine's modules, installed here before any of them is imported.
"""

# ruff: noqa: E402 (the hook goes in before the engine's modules are imported)
from .compiled import install as _install_compiled

_install_compiled()  # `stackfish compile`'s build of the modules below, when current

from .abilities.abilities import (
    Activated,
    EntersWith,
    Replacement,
    SpellAbility,
    Static,
    Target,
    Triggered,
    script,
)
from .abilities.modes import choosable, how_many, spell_modal
from .ai.conformance import check_plugin
from .model import actions, events
from .model.actions import Action, parse_action
from .model.errors import (
    BadReferenceError,
    DeckError,
    IllegalActionError,
    NotationError,
    PluginError,
    SourceError,
    StackfishError,
)
from .model.state import AbilityRef, Decision, StackItem, while_present
from .play.context import Ctx
from .play.deckcheck import deck_report
from .play.game import Game
from .play.stops import DEFAULT_STOPS
from .plugin_api import hookspecs
from .plugin_api.hookspecs import hookimpl
from .plugin_api.isolation import OFFER_DISABLE_AFTER, WATCHDOG, disable_plugin
from .plugin_api.plugin_manager import list_plugins, make_plugin_manager
from .text.build import coverage

__all__ = [
    "DEFAULT_STOPS", "OFFER_DISABLE_AFTER", "WATCHDOG", "AbilityRef", "Action", "Activated", "BadReferenceError", "Ctx",
    "Decision", "DeckError", "EntersWith", "Game", "IllegalActionError", "NotationError",
    "PluginError", "Replacement", "SourceError", "SpellAbility", "StackItem", "StackfishError",
    "Static", "Target", "Triggered", "actions", "check_plugin", "choosable", "coverage", "deck_report",
    "disable_plugin", "events", "hookimpl", "hookspecs", "how_many", "list_plugins", "make_plugin_manager",
    "parse_action", "script", "spell_modal", "while_present",
]
