"""Batch goldfishing in the TUI: the autopilot plays N games of a deck in a worker
thread, with a progress bar, then shows the kill-turn report and two charts drawn
by textual-plotext (the ``stackfish[plot]`` extra, as for ``simulate --plot``; the
report says how to get them when it is not installed): the kill-turn histogram and
the share of games killed by each turn.

Open it from any screen with ``app.push_screen(SimulateDialog(deck_path))``:
``S`` does on the game screen (the deck being played) and on the start screen
(the highlighted deck).  It runs ``mechanics.ai.simulate.compare`` with this one deck
in one process (forking from the TUI's threads is unsafe), so it does what
``stackfish simulate DECK -n N --seed S`` does and gives the same numbers.
Esc closes it and stops the games.  The games and the charts' figures are made in
the worker; the charts' drawing (plotext, when Textual paints them) is no rules work.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from mechanics.io.games import info

from ..plots import draw, series
from .dialogs import Dialog, KeyLine

GAMES = 1000
"""How many games ``S`` plays (a test makes it smaller)."""


def deck_name(deck_path: str) -> str:
    """The deck as the title names it: its file's stem, or for the copy a game's
    journal keeps (``p1.deck`` in the game's directory) "the deck of" the game."""
    path = Path(deck_path)
    game = info(path.parent) if path.suffix == ".deck" else None
    return f"the deck of {game.title or game.id}" if game is not None else path.stem


class Cancelled(Exception):
    """Raised from the progress callback when the dialog was closed."""


class SimulateDialog(Dialog):
    """``n`` autopilot games of a deck; the report when they are done."""

    def __init__(self, deck_path: str, n: int | None = None, seed: int = 1,
                 disabled: tuple[str, ...] = ()) -> None:
        n = GAMES if n is None else n
        label = deck_name(deck_path)
        super().__init__(f"Simulate {n:,} games of {label}")
        self.deck_path, self.deck_label = deck_path, label
        self.n = n
        self.seed = seed
        self.disabled = disabled
        self.results: Any = None
        self.error = ""

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(f"autopilot vs a goldfish, seeds {self.seed}..{self.seed + self.n - 1}"),
                         classes="prompt")
            yield ProgressBar(total=self.n, show_eta=True, id="sim-progress")
            with VerticalScroll(classes="body"):
                yield Static(Text("playing...", style="dim"), id="sim-report")
            yield KeyLine("esc: close (stops the games)")

    def on_mount(self) -> None:
        self.run_games()

    @work(thread=True, exclusive=True)
    def run_games(self) -> None:
        from mechanics.ai.simulate import Deck, compare
        from mechanics.model.errors import StackfishError

        worker = get_current_worker()
        bar = self.query_one("#sim-progress", ProgressBar)

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Cancelled
            self.app.call_from_thread(bar.update, progress=done)

        try:
            res, = compare([Deck(self.deck_path, label=self.deck_label)], self.n, self.seed, jobs=1,
                           progress=progress, disabled=self.disabled)
        except Cancelled:
            return
        except (StackfishError, OSError) as exc:
            self.error = str(exc)
            self.app.call_from_thread(self.show, Text(self.error, style="bold red"))
            return
        self.results = res
        self.app.call_from_thread(self.show, Text(res.render(width=36)), series([res]))

    def show(self, text: Text, figures: tuple | None = None) -> None:
        """The report (or an error); with ``figures`` (:func:`series` of the results),
        the progress bar full and the charts under the report (the body scrolls)."""
        charts = []
        if figures is not None:
            self.query_one("#sim-progress", ProgressBar).update(progress=self.n)
            charts = self.charts(*figures)
            if not charts:
                text.append("\ncharts: pip install 'stackfish[plot]' draws them here", style="dim")
        self.query_one("#sim-report", Static).update(text)
        self.query_one(".body").mount_all(charts)

    @staticmethod
    def charts(turns: list[int], *data: dict[str, list[float]]) -> list[Widget]:
        """The histogram and the curve as textual-plotext widgets; none without it."""
        try:
            from textual_plotext import PlotextPlot
        except ImportError:
            return []
        plots = []
        for chart, figures in enumerate(data):
            plot = PlotextPlot(classes="chart")
            draw(plot.plt, chart, turns, figures)
            plots.append(plot)
        return plots

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(self.results)
