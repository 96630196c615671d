"""The product's own error types.

Every error a user can cause (a bad scenario line, an illegal action, a deck
file that does not parse) is a :class:`StackfishError`, so the command line and
the TUI can show its message instead of a traceback.
"""

from __future__ import annotations


class StackfishError(Exception):
    """Base class of every error the product reports to a user."""


class IllegalActionError(StackfishError, ValueError):
    """An action that the rules do not allow now; the game is unchanged."""


class NotationError(StackfishError, ValueError):
    """A line of the scenario language that does not parse."""


class BadReferenceError(StackfishError, ValueError):
    """A reference that names no object, card or player, or more than one object
    (an alias of a token that is gone, a typo, ``"Forest"#3`` of two).

    A mistake in the line, not a refusal by the rules: ``expect-error`` does not
    accept it (docs/scenario-format.md)."""


class AmbiguousReferenceError(BadReferenceError):
    """A reference that names more than one object where one is needed."""


class RuleError(StackfishError):
    """An action that raised an unexpected exception (a rule bug, a plugin's error).

    The game is restored to its state before the action.  ``action`` is the
    action's scenario line, ``plugin`` the name of the plugin whose code raised
    (``""`` when the engine itself did); the original exception is ``__cause__``.
    """

    def __init__(self, message: str, action: str = "", plugin: str = "") -> None:
        self.action, self.plugin = action, plugin
        super().__init__(message)


class SourceError(StackfishError):
    """An error tied to a place in a file: ``FILE:LINE: message``.

    Attributes:
        path: the file's name as the user gave it.
        line: the 1-based line number, or 0 when the error is about the whole file.
        message: what is wrong, naming the offending word and a suggestion.
    """

    def __init__(self, path: str, line: int, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


class DeckError(SourceError):
    """A deck list that cannot be read; loading it changes nothing."""


class PluginError(StackfishError):
    """A plugin broke the plugin API's contract: registered something that doesn't exist,
    returned the wrong thing from a hook, or changed the game inside a read-only hook.
    ``plugin`` and ``hook`` name where (:mod:`mechanics.plugin_api.hookcheck`)."""

    def __init__(self, plugin: str, hook: str, message: str) -> None:
        self.plugin, self.hook = plugin, hook
        super().__init__(f"plugin '{plugin}', hook {hook}: {message}")
