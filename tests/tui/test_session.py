"""The session line: kill turns kept across new games (R) within one app run."""

from __future__ import annotations

from tui_helpers import command, keep_and_go_to_main, keys, panel_text, simic_app

from tui.screens.dialogs import MulliganDialog, TextDialog


def players_text(app) -> str:
    return panel_text(app, "battlefield")


async def test_kill_turns_are_kept_across_restarts(at_main):
    app = simic_app(seed=1)
    async with at_main(app) as pilot:
        assert "session" not in players_text(app)  # nothing to compare yet
        await command(pilot, "life p2 0")
        await keys(pilot, "space")  # state-based actions: the goldfish loses
        assert app.game.state.over and app.game.state.kill_turn == 1
        assert isinstance(app.screen, TextDialog)
        assert "session: 1 game, 1 kill, mean kill turn 1.0, best 1" in app.screen.text
        await keys(pilot, "R")  # new game from the game-over box
        assert isinstance(app.screen, MulliganDialog)
        await keep_and_go_to_main(pilot)
        assert "session: 2 games, 1 kill, mean kill turn 1.0, best 1" in players_text(app)
        await keys(pilot, "t")  # p1's second turn, then kill there
        await command(pilot, "life p2 0")
        await keys(pilot, "space")
        assert app.game.state.over
        await keys(pilot, "escape")
        assert "session: 2 games, 2 kills, mean kill turn 1.5, best 1" in players_text(app)
        await keys(pilot, "u", "u")  # the kill undone: forgotten
        assert "session: 2 games, 1 kill, mean kill turn 1.0, best 1" in players_text(app)
