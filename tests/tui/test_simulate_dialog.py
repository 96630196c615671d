"""The simulation dialog: autopilot games in a worker, a progress bar, the report."""

from __future__ import annotations

import asyncio

from textual.widgets import ProgressBar
from tui_helpers import red_app, wait_simulated

from tui.app import bundled_deck
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
