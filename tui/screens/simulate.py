"""Batch goldfishing in the TUI: the autopilot plays N games of a deck in a worker
thread, with a progress bar, then shows the kill-turn report and histogram.

Open it from any screen with ``app.push_screen(SimulateDialog(deck_path))``:
``S`` does on the game screen (the deck being played) and on the start screen
(the highlighted deck).  It runs ``mechanics.ai.simulate.simulate``
in one process (forking from the TUI's threads is unsafe), so it does what
``stackfish simulate DECK -n N --seed S`` does and gives the same numbers.
Esc closes it and stops the games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from .dialogs import Dialog, KeyLine

GAMES = 1000
"""How many games ``S`` plays (a test makes it smaller)."""


class Cancelled(Exception):
    """Raised from the progress callback when the dialog was closed."""


class SimulateDialog(Dialog):
    """``n`` autopilot games of a deck; the report when they are done."""

    DEFAULT_CSS = """
    SimulateDialog ProgressBar { margin: 1 0; }
    SimulateDialog #sim-report { height: auto; }
    """

    def __init__(self, deck_path: str, n: int | None = None, seed: int = 1,
                 disabled: tuple[str, ...] = (), name: str = "") -> None:
        """``name``: the deck's, for the title (its file's stem unless given)."""
        n = GAMES if n is None else n
        super().__init__(f"Simulate {n:,} games of {name or Path(deck_path).stem}")
        self.deck_path = deck_path
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
        from mechanics.ai.simulate import simulate
        from mechanics.model.errors import StackfishError

        worker = get_current_worker()
        bar = self.query_one("#sim-progress", ProgressBar)

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Cancelled
            self.app.call_from_thread(bar.update, progress=done)

        try:
            res = simulate(self.deck_path, self.n, self.seed, jobs=1, progress=progress,
                           disabled=self.disabled)
        except Cancelled:
            return
        except (StackfishError, OSError) as exc:
            self.error = str(exc)
            self.app.call_from_thread(self.show, Text(self.error, style="bold red"))
            return
        self.results = res
        self.app.call_from_thread(self.show, Text(res.render(width=36)))

    def show(self, text: Text) -> None:
        self.query_one("#sim-report", Static).update(text)
        if self.results is not None:
            self.query_one("#sim-progress", ProgressBar).update(progress=self.n)

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(self.results)
