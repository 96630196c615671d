"""Option lists that move with j/k as well as the arrows, as the game's panels do
(a terminal habit), so every list in the app answers the same keys."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

_VI_KEYS = [Binding("j", "cursor_down", "Down", show=False),
            Binding("k", "cursor_up", "Up", show=False)]


class Options(OptionList):
    """An OptionList with j/k."""

    BINDINGS = _VI_KEYS


class Selections(SelectionList):
    """A SelectionList (several choices, space toggles) with j/k, each entry drawn
    ``[x]`` or ``[ ]``: a word, not a colour, says whether it is checked."""

    BINDINGS = _VI_KEYS

    def render_line(self, y: int) -> Strip:
        line = OptionList.render_line(self, y)  # the prompt, without the coloured button
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        style = next(iter(line)).style or self.rich_style
        mark = "[x] " if selection.value in self._selected else "[ ] "
        return Strip([Segment(mark, style + _BOLD), *line])


_BOLD = Style(bold=True)
