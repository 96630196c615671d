"""The simulation dialog: autopilot games in a worker, a progress bar, the report."""

from __future__ import annotations

import asyncio
import sys

import pytest
from textual.widgets import ProgressBar
from tui_helpers import red_app, screen_rows, wait_simulated

from mechanics.io.games import open_or_resume
from tui.app import StackfishApp, bundled_deck, new_game
from tui.cli import main
from tui.screens import simulate
from tui.screens.simulate import SimulateDialog


async def test_simulation_runs_in_a_worker_and_shows_the_histogram():
    app = red_app()
    async with app.run_test(size=(120, 40)) as pilot:
        deck = bundled_deck("red-aggro.txt")
        dialog = SimulateDialog(deck, n=12, seed=3)
        app.push_screen(dialog)
        await wait_simulated(pilot, dialog)
        report = str(dialog.query_one("#sim-report").render())
        assert "kill turn: mean" in report and "turn " in report and "#" in report
        from mechanics.ai.simulate import simulate

        assert dialog.results.kill_turns == simulate(deck, 12, 3).kill_turns  # as the CLI
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SimulateDialog)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_dialog_draws_the_kill_turn_histogram_and_curve(size):
    pytest.importorskip("textual_plotext", reason="the plot extra (stackfish[plot]) is not installed")
    app = red_app()
    async with app.run_test(size=size) as pilot:
        dialog = SimulateDialog(bundled_deck("red-aggro.txt"), n=20, seed=3)
        app.push_screen(dialog)
        await wait_simulated(pilot, dialog)
        await pilot.pause()
        histogram, curve = dialog.query(".chart")
        assert "share of games killing on each turn" in histogram.render().plain
        assert "share of games killed by each turn" in curve.render().plain
        dialog.query_one(".body").scroll_end(animate=False)  # as End does: the charts are last
        await pilot.pause()
        box = dialog.query_one(".dialog").region
        shown = [row[box.x:box.right] for row in screen_rows(app)]
        axis = next(i for i, row in enumerate(shown) if row.strip("┃ ") == "turn")
        ticks = shown[axis - 1].split()
        assert ticks[1:4] == ["1", "2", "3"], ticks  # the turns under the curve's axis
        assert any("1.00┤" in row for row in shown)  # every game killed by the last turn
        assert sum(any("\u2800" < c <= "\u28ff" for c in row) for row in shown) >= 3  # the curve
        assert any("esc: close" in row for row in shown)  # the key line still in view


async def test_without_textual_plotext_the_report_says_how_to_get_the_charts(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_plotext", None)  # as if not installed
    app = red_app()
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = SimulateDialog(bundled_deck("red-aggro.txt"), n=5, seed=3)
        app.push_screen(dialog)
        await wait_simulated(pilot, dialog)
        assert "charts: pip install 'stackfish[plot]'" in str(dialog.query_one("#sim-report").render())
        assert not dialog.query(".chart")


async def test_a_bad_deck_shows_the_error(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 No Such Card Anywhere\n")
    app = red_app()
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = SimulateDialog(str(bad), n=5)
        app.push_screen(dialog)
        await wait_simulated(pilot, dialog)
        assert "No Such Card" in dialog.error


async def test_escape_stops_the_games():
    app = red_app()
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = SimulateDialog(bundled_deck("red-aggro.txt"), n=100_000)
        app.push_screen(dialog)
        await pilot.pause()
        bar = dialog.query_one("#sim-progress", ProgressBar)
        for _ in range(1200):  # until the first game is done (the games are running)
            await pilot.pause()
            if bar.progress:
                break
            await asyncio.sleep(0.05)
        assert bar.progress, "no game finished"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SimulateDialog)
        await app.workers.wait_for_complete()
        assert dialog.results is None


async def test_s_on_a_resumed_game_names_the_game_not_its_deck_copy(tmp_path, monkeypatch):
    """A resumed game plays the copy of its deck its journal keeps (``p1.deck``): the
    dialog and its report said "games of p1"."""
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(simulate, "GAMES", 3)
    game, journal = open_or_resume(new=lambda: new_game(bundled_deck(), 7, plugins=[]),
                                   title="simic seed 7")
    game.play("keep p1")
    journal.close()
    launched = []
    monkeypatch.setattr(StackfishApp, "run", lambda self, *a, **kw: launched.append(self))
    assert main(["resume"]) == 0
    (app,) = launched
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("S")
        dialog = app.screen
        assert dialog.query_one(".dialog").border_title == "Simulate 3 games of the deck of simic seed 7"
        await wait_simulated(pilot, dialog)
        assert str(dialog.query_one("#sim-report").render()).startswith(
            "3 games of the deck of simic seed 7 (seed 7")
    app.journal.close()
