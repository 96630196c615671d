"""Full-screen views one key away: the whole log (``L``) and a player's zones
(graveyard ``G``, exile ``X``, library ``B``), each card with its text.

They only read the game; Esc or q closes them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..render import Row
from ..widgets.panels import Panel
from .dialogs import HelpKey


class ZoneScreen(HelpKey, Screen):
    """A titled list of rows (a zone's cards, the log), scrolled with the usual keys."""

    BINDINGS = [Binding("escape,q", "close", "Close"),
                Binding("question_mark", "help", "Help", show=False)]

    def __init__(self, title: str, rows: list[Row], empty: str = "(empty)") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.empty = empty

    def compose(self) -> ComposeResult:
        yield Panel(self.title_text, self.empty, id="zone")
        yield Static("up/down j/k pgup/pgdn home/end scroll · esc/q close", id="zone-keys")

    def on_mount(self) -> None:
        panel = self.query_one(Panel)
        panel.show(self.rows)
        panel.focus()

    def action_close(self) -> None:
        self.dismiss(None)

    @property
    def texts(self) -> list[str]:
        return self.query_one(Panel).texts
