"""The start screen for resuming: when unfinished journalled games exist,
``stackfish`` first asks whether to resume one of them or start a new game.

:class:`ResumeApp` is a small app of its own, run before the game's app is
built, so a resumed game never leaves an empty new journal behind.  It returns
``"new"``, the chosen :class:`mechanics.journal.GameInfo`, or None (quit).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


def game_label(info: Any) -> Text:
    """One unfinished game: when, how far, its title and last action."""
    when = _dt.datetime.fromtimestamp(info.modified).strftime("%Y-%m-%d %H:%M")
    out = Text(f"Resume {info.title or info.id}", style="bold")
    out.append(f"  {when}, {info.actions} actions", style="dim")
    if info.last:
        out.append(f", last: {info.last}", style="dim")
    return out


class StartScreen(Screen):
    """Resume an unfinished game, or start a new one (the first entry)."""

    BINDINGS = [Binding("escape,q", "quit", "Quit"), Binding("n", "pick('new')", "New game")]

    def __init__(self, games: list[Any]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as v:
            v.border_title = "stackfish"
            n = len(self.games)
            yield Static(Text(f"{n} unfinished game{'s' if n != 1 else ''} (newest first)"),
                         classes="prompt")
            yield OptionList(Option(Text("Start a new game", style="bold"), id="new"),
                             *[Option(game_label(g), id=str(i)) for i, g in enumerate(self.games)],
                             id="choices")
            yield Static(Text("enter chooses, n new game, esc/q quit", style="dim"), classes="keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "new")

    def action_pick(self, choice: str) -> None:
        self.app.exit("new" if choice == "new" else self.games[int(choice)])

    def action_quit(self) -> None:
        self.app.exit(None)


class ResumeApp(App):
    """Ask, before the game starts, whether to resume an unfinished game."""

    CSS = """
    StartScreen { align: center middle; }
    StartScreen .dialog { width: 100; max-width: 95%; height: auto; max-height: 90%;
                          border: heavy $accent; border-title-align: left; padding: 0 1; }
    StartScreen .prompt { margin-bottom: 1; }
    StartScreen .keys { margin-top: 1; }
    StartScreen OptionList { height: auto; max-height: 16; border: none; padding: 0; }
    """
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, games: list[Any]) -> None:
        super().__init__()
        self.games = games

    def on_mount(self) -> None:
        self.push_screen(StartScreen(self.games))
