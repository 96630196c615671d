"""The start (deck) screen: resume an unfinished game, or choose a deck to play
(your own, then the bundled ones), paste a new one, or simulate the highlighted one.

Plain ``stackfish`` opens it first when there is something to choose (an
unfinished game or a deck of the player's own; else the bundled Simic deck
starts at once), in :class:`StartApp`, a small app of its own run before the
game's app is built, so a resumed game never leaves an empty new journal behind.
``D`` on the game screen opens it over the game.  Either way the screen returns
(dismisses with) the chosen :class:`mechanics.io.games.GameInfo`, the path of the
deck to play, or None (quit, or back to the game).  Over SSH, where a player
cannot copy a file to the server, ``p`` (paste a deck, :mod:`tui.screens.paste`)
is how they bring their own deck.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mechanics.model.errors import StackfishError

from ..library import bundled_decks, user_decks
from ..widgets.lists import Options
from .dialogs import HelpKey
from .simulate import SimulateDialog

DEFAULT_DECK = "simic-evolve"
"""The bundled deck listed first (what ``stackfish play`` plays with no deck)."""


def game_label(info: Any) -> Text:
    """One unfinished game: when, how far, its title and last action."""
    when = _dt.datetime.fromtimestamp(info.modified).strftime("%Y-%m-%d %H:%M")
    out = Text(f"Resume {info.title or info.id}", style="bold")
    out.append(f"  {when}, {info.actions} actions", style="dim")
    if info.last:
        out.append(f", last: {info.last}", style="dim")
    return out


def deck_options() -> list[Option]:
    """The player's own decks (by name), then the bundled ones (the default first)."""
    mine = [Option(Text.assemble(("Play ", "bold"), (name, "bold"), ("  your deck", "dim")),
                   id=f"deck:{path}") for name, path in sorted(user_decks().items())]
    bundled = sorted(bundled_decks().items(), key=lambda kv: (kv[0] != DEFAULT_DECK, kv[0]))
    return mine + [Option(Text.assemble(("Play ", "bold"), (name, "bold"), ("  bundled", "dim")),
                          id=f"deck:{path}") for name, path in bundled]


def deck_report_text(path: str, pool: Any = None) -> Text:
    """A deck's automation, short enough for the deck screen: the count, then each manual
    card with its mark (``stackfish deck check FILE`` lists what each leaves to you)."""
    from mechanics import Game, deck_report
    from mechanics.store.carddb import load_user_pool
    from mechanics.store.decks import load_deck

    pool = pool if pool is not None else load_user_pool()
    try:
        report = deck_report(load_deck(path, pool), Game(pool=pool))
    except StackfishError as exc:
        return Text(str(exc), style="bold red")
    out = Text(report.summary(), style="bold")
    if report.manual:
        out.append("\n" + ", ".join(report.marked()))
        out.append("\nstackfish deck check FILE lists what each leaves to you", style="dim")
    return out


class StartScreen(HelpKey, Screen):
    """Resume an unfinished game, play a deck, paste one (``p``), simulate one (``S``).
    ``back``: opened over a game (``D``), where esc/q go back to it."""

    BINDINGS = [Binding("escape,q", "leave", "Quit"), Binding("p", "paste", "Paste a deck"),
                Binding("S", "simulate", "Simulate"),
                Binding("question_mark", "help", "Help", show=False)]

    def __init__(self, games: list[Any], pool: Any = None, back: bool = False) -> None:
        super().__init__()
        self.games = games
        self.pool = pool
        """The card pool a pasted deck is checked against (the player's unless given)."""
        self.back = back
        self.reports: dict[str, Text] = {}  # deck path -> what deck_report_text said

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as v:
            v.border_title = "stackfish"
            head = "Resume an unfinished game (newest first), or choose a deck to goldfish" \
                if self.games else "Choose a deck to goldfish"
            yield Static(Text(head), classes="prompt", id="start-note")
            yield Options(*self.options(), id="choices")
            yield Static("", id="deck-report")
            leave = "esc back to the game" if self.back else "esc/q quit"
            yield Static(Text(f"enter play   S simulate   p paste your own deck   {leave}",
                              style="dim"), classes="keys")

    def options(self) -> list[Option]:
        return [Option(game_label(g), id=f"game:{i}") for i, g in enumerate(self.games)] \
            + deck_options()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        kind, _, what = (event.option.id or "").partition(":")
        self.query_one("#deck-report", Static).update("")
        if kind == "deck":
            self.check_deck(what)

    @work(thread=True, exclusive=True)
    def check_deck(self, path: str) -> None:
        """Under the list: how much of the highlighted deck is automated, and its manual cards."""
        found = self.reports.get(path)
        if found is None:
            found = self.reports[path] = deck_report_text(path, self.pool)
        self.app.call_from_thread(self.query_one("#deck-report", Static).update, found)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _, what = (event.option.id or "").partition(":")
        self.dismiss(self.games[int(what)] if kind == "game" else what)

    def note(self, text: Text) -> None:
        self.query_one("#start-note", Static).update(text)

    def action_simulate(self) -> None:
        """Goldfish the highlighted deck (a resumable game's own deck) with the autopilot."""
        choices = self.query_one(OptionList)
        if choices.highlighted is None:
            return
        kind, _, what = (choices.get_option_at_index(choices.highlighted).id or "").partition(":")
        if kind == "deck":
            self.app.push_screen(SimulateDialog(what))
            return
        game = self.games[int(what)]
        deck = game.path / "p1.deck"  # the copy the journal keeps of the game's deck
        if not deck.is_file():
            self.note(Text("This game's deck is not known, so it cannot be simulated.",
                           style="bold red"))
            return
        self.app.push_screen(SimulateDialog(str(deck)))

    def action_paste(self) -> None:
        from .paste import PasteDeckScreen  # the text area's import costs the first frame 30 ms

        self.app.push_screen(PasteDeckScreen(self.pool), self.pasted)

    def pasted(self, saved: tuple[str, str, Any] | None) -> None:
        """A deck was saved: list it, highlighted, so enter plays it at once."""
        if saved is None:
            return
        name, path, found = saved
        choices = self.query_one(OptionList)
        choices.clear_options()
        choices.add_options(self.options())
        choices.highlighted = choices.get_option_index(f"deck:{path}")
        choices.focus()
        self.note(Text.assemble((f"Saved your deck '{name}'", "bold green"),
                                f" ({found.main} main, {found.sideboard} sideboard): "
                                "enter plays it, S simulates it."))

    def action_leave(self) -> None:
        self.dismiss(None)


class StartApp(App):
    """Before the game starts: resume a game, choose, paste or simulate a deck."""

    CSS_PATH = "../app.tcss"  # the start screen's and the dialogs' look, as in the game
    ENABLE_COMMAND_PALETTE = False
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]  # 24 rows: a shorter list

    def __init__(self, games: list[Any], pool: Any = None) -> None:
        super().__init__()
        self.games = games
        self.pool = pool

    def on_mount(self) -> None:
        self.push_screen(StartScreen(self.games, self.pool), self.exit)
