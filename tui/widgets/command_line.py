"""The ``:`` command line: any scenario-language line, with history and tab completion."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from ..complete import complete


class CommandLine(Input):
    """An input for one scenario-language line.

    Enter posts :class:`CommandLine.Entered`; Esc closes it; up/down walk the
    history; tab completes commands, card names and other words.
    """

    BINDINGS = [
        Binding("escape", "close", "Close", key_display="esc"),
        Binding("tab", "complete", "Complete"),
        Binding("up", "history(-1)", "History", key_display="↑↓"),
        Binding("down", "history(1)", "Next", show=False),
    ]

    class Entered(Message):
        """A line was entered."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class Closed(Message):
        """The command line was closed without a line."""

    class Completions(Message):
        """Tab found several completions."""

        def __init__(self, found: list[str]) -> None:
            super().__init__()
            self.found = found

    def __init__(self, **kw) -> None:
        super().__init__(placeholder="scenario command, e.g. life p2 3  (tab completes, esc closes)",
                         **kw)
        self.history: list[str] = []
        self.at = 0
        self.game = None  # set by the screen: completion reads card names from it

    def open(self) -> None:
        self.value = ""
        self.at = len(self.history)
        self.display = True
        self.focus()

    def action_close(self) -> None:
        self.value = ""
        self.display = False
        self.post_message(self.Closed())

    def action_history(self, delta: int) -> None:
        if not self.history:
            return
        self.at = max(0, min(len(self.history), self.at + delta))
        self.value = self.history[self.at] if self.at < len(self.history) else ""
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        if self.game is None:
            return
        line, found = complete(self.value, self.game)
        self.value = line
        self.cursor_position = len(line)
        if len(found) > 1:
            self.post_message(self.Completions(found))

    async def action_submit(self) -> None:
        line = self.value.strip()
        if not line:
            self.action_close()
            return
        if not self.history or self.history[-1] != line:
            self.history.append(line)
        self.at = len(self.history)
        self.value = ""
        self.display = False
        self.post_message(self.Entered(line))
