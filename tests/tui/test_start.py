"""The start screen: `stackfish` offers the unfinished journalled games and the decks."""

from __future__ import annotations

import sys

import pytest
from tui_helpers import keys

from mechanics.journal import open_or_resume, unfinished
from tui import app as tui_app
from tui.app import bundled_deck, new_game
from tui.cli import main
from tui.screens import start


@pytest.fixture
def a_game(tmp_path, monkeypatch):
    """An unfinished journalled game (kept, then Forest played) in a private data dir."""
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    game, journal = open_or_resume(new=lambda: new_game(bundled_deck(), 7, plugins=[]),
                                   title="simic seed 7")
    game.play("keep p1")
    journal.close()
    (info,) = unfinished()
    return info


async def test_the_start_screen_lists_the_games_and_returns_the_choice(a_game):
    app = start.StartApp([a_game])
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        labels = [str(o.prompt) for o in app.screen.query_one("#choices").options]
        assert labels[0].startswith("Resume simic seed 7") and "last: keep p1" in labels[0]
        assert labels[1:] == ["Play simic-evolve  bundled", "Play proliferate-rad  bundled",
                              "Play red-aggro  bundled"]
        await keys(pilot, "enter")
    assert app.return_value is a_game


async def test_the_start_screen_plays_a_deck(a_game):
    app = start.StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "down", "enter")
    assert app.return_value == bundled_deck("proliferate-rad.txt")


def test_stackfish_resumes_the_chosen_game(a_game, monkeypatch):
    launched = []
    monkeypatch.setattr(tui_app.StackfishApp, "run", lambda self, *a, **kw: launched.append(self))
    monkeypatch.setattr(start.StartApp, "run", lambda self, *a, **kw: self.games[0])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main([]) == 0
    (app,) = launched
    assert app.journal is not None and app.journal.id == a_game.id
    assert app.game.state.seed == 7 and app.game.state.started  # kept: in the game
    app.journal.close()


@pytest.mark.parametrize("argv", [[], ["play"]])
def test_new_game_from_the_start_screen(a_game, monkeypatch, argv):
    launched, offered = [], []
    red = bundled_deck("red-aggro.txt")
    monkeypatch.setattr(tui_app.StackfishApp, "run", lambda self, *a, **kw: launched.append(self))
    monkeypatch.setattr(start.StartApp, "run",
                        lambda self, *a, **kw: offered.append(self.games) or red)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(argv) == 0
    (app,) = launched
    assert app.journal.id != a_game.id and app.game.pending.kind == "mulligan"
    assert app.deck_path == red
    assert offered == [[a_game] if argv == [] else []]  # `stackfish play`: a new game only
    app.journal.close()
