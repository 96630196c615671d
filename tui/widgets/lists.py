"""Option lists that move with j/k as well as the arrows, as the game's panels do
(a terminal habit), so every list in the app answers the same keys."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList, SelectionList

_VI_KEYS = [Binding("j", "cursor_down", "Down", show=False),
            Binding("k", "cursor_up", "Up", show=False)]


class Options(OptionList):
    """An OptionList with j/k."""

    BINDINGS = _VI_KEYS


class Selections(SelectionList):
    """A SelectionList (several choices, space toggles) with j/k."""

    BINDINGS = _VI_KEYS
