"""The player sees when the game is not being saved (issue 20, finding 2): a persistent
'NOT SAVED: REASON' line while the journal can't be written (a full disk, a data dir
that can't be written), which goes away once a retry has written everything."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static
from tui_helpers import SIZE, command, keep_and_go_to_main, keys

from mechanics.io import games as G
from mechanics.io import replay as R
from tests.test_journal_repair import FullDisk
from tui.app import bundled_deck, make_app
from tui.screens.dialogs import ConfirmDialog


def mark(app) -> str:  # noqa: ANN001
    """The 'not saved' line as shown, or '' while it is hidden."""
    screen = app.screen_stack[1]
    widget = screen.query_one("#unsaved", Static)
    return str(widget.render()) if widget.display else ""


@pytest.mark.filterwarnings("ignore::mechanics.io.journal.JournalWarning")
async def test_a_full_disk_shows_not_saved_until_space_returns(tmp_path: Path) -> None:
    app = make_app(bundled_deck(), 1, plugins=[], journal=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await keep_and_go_to_main(pilot)
        assert mark(app) == ""
        app.journal.writer = FullDisk(3)
        await command(pilot, "life p2 7")
        assert mark(app).startswith(f"NOT SAVED: {os.strerror(28)}")
        await command(pilot, "life p2 5")
        app.screen_stack[1].retry_saving()  # (the screen does it every 2 s)
        await pilot.pause()
        assert "NOT SAVED" in mark(app)  # still full: the mark stays
        app.journal.writer = os.write
        app.screen_stack[1].retry_saving()
        await pilot.pause()
        assert mark(app) == ""
        path = app.journal.path
        app.journal.close()
        resumed = R.resume(path, plugins=app.game.pm, warn=lambda m: None)
        assert resumed.state.players["p2"].life == 5
        assert resumed.snapshot() == app.game.snapshot()


async def test_a_data_dir_that_cant_be_written_shows_not_saved(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data directory should be")
    root = blocker / "games"
    app = make_app(bundled_deck(), 1, plugins=[], journal=root)
    assert app.journal is None
    async with app.run_test(size=SIZE) as pilot:
        await keep_and_go_to_main(pilot)
        await command(pilot, "life p2 9")
        assert mark(app).startswith(f"NOT SAVED: {os.strerror(20)}")  # ENOTDIR
        blocker.unlink()  # the player fixes the data dir
        app.screen_stack[1].retry_saving()
        await pilot.pause()
        assert mark(app) == ""
        [saved] = G.list_games(root)
        app.journal.close()
        resumed = R.resume(saved.path, plugins=app.game.pm, warn=lambda m: None)
        assert resumed.snapshot() == app.game.snapshot()


@pytest.mark.filterwarnings("ignore::mechanics.io.journal.JournalWarning")
async def test_a_damaged_journal_offers_to_go_on_from_its_last_good_action(tmp_path: Path) -> None:
    """Finding 1: a resume that finds an illegal line offers the last good action."""
    old = make_app(bundled_deck(), 2, plugins=[], journal=tmp_path)
    old.game.play("keep p1")
    good = old.game.snapshot()
    old.game.play("pass")
    old.journal.close()
    lines = old.journal.path.read_bytes().splitlines(keepends=True)
    lines.insert(len(lines) - 1, b"goto nowhere\n")  # a bad line, then `pass`
    old.journal.path.write_bytes(b"".join(lines))
    [damaged] = G.unfinished(tmp_path)
    app = make_app(bundled_deck(), 1, plugins=[], journal=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await keep_and_go_to_main(pilot)
        app.screen.chosen(damaged)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "Continue from the last good action" in app.screen.question
        await keys(pilot, "y")
        assert app.journal.id == damaged.id and app.game.snapshot() == good
        assert (damaged.path / "journal.scenario.torn").exists()
        app.journal.close()
