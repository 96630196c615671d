"""The start screen: `stackfish` offers the unfinished journalled games and the decks."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest
from tui_helpers import keys, wait_simulated

from mechanics.io.games import open_or_resume, unfinished
from tui import app as tui_app
from tui.app import bundled_deck, new_game
from tui.cli import main
from tui.library import save_deck
from tui.screens import simulate, start
from tui.screens.dialogs import ConfirmDialog, MulliganDialog
from tui.screens.game import GameScreen


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


async def test_j_and_k_move_in_the_deck_list_as_the_arrows_do(a_game):
    app = start.StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "j", "j", "k", "enter")
    assert app.return_value == bundled_deck("proliferate-rad.txt")


@pytest.fixture
def a_terminal(monkeypatch):
    """``stackfish`` as typed in a terminal; the apps it would run are recorded:
    ``launched`` the game apps, ``offered`` the start screens' games (a start screen
    returns ``answer[0]``)."""
    seen = SimpleNamespace(launched=[], offered=[], answer=[None])
    monkeypatch.setattr(tui_app.StackfishApp, "run", lambda self, *a, **kw: seen.launched.append(self))
    monkeypatch.setattr(start.StartApp, "run",
                        lambda self, *a, **kw: seen.offered.append(self.games) or seen.answer[0])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    yield seen
    for app in seen.launched:
        app.journal.close()


def test_stackfish_resumes_the_chosen_game(a_game, a_terminal):
    a_terminal.answer[0] = a_game
    assert main([]) == 0
    (app,) = a_terminal.launched
    assert app.journal is not None and app.journal.id == a_game.id
    assert app.game.state.seed == 7 and app.game.state.started  # kept: in the game


@pytest.mark.parametrize("argv", [[], ["play"]])
def test_new_game_from_the_start_screen(a_game, a_terminal, argv, tmp_path):
    save_deck("mine", "20 Mountain\n", root=tmp_path)  # `stackfish play` offers decks only
    red = a_terminal.answer[0] = bundled_deck("red-aggro.txt")
    assert main(argv) == 0
    (app,) = a_terminal.launched
    assert app.journal.id != a_game.id and app.game.pending.kind == "mulligan"
    assert app.deck_path == red
    assert a_terminal.offered == [[a_game] if argv == [] else []]  # `play`: a new game only


@pytest.mark.parametrize("argv", [[], ["play"]])
def test_nothing_to_choose_plays_the_simic_deck_at_once(a_terminal, argv, tmp_path, monkeypatch):
    """A first run (no unfinished game, no deck of your own): the README's promise."""
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    assert main(argv) == 0
    (app,) = a_terminal.launched
    assert a_terminal.offered == []  # no start screen
    assert app.deck_path == bundled_deck() and app.game.pending.kind == "mulligan"


def test_a_deck_of_your_own_opens_the_start_screen(a_terminal, tmp_path, monkeypatch):
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    mine = save_deck("mine", "20 Mountain\n", root=tmp_path)
    a_terminal.answer[0] = str(mine)
    assert main([]) == 0
    assert a_terminal.offered == [[]]
    (app,) = a_terminal.launched
    assert app.deck_path == str(mine)


def choices(app) -> list[str]:
    return [str(o.prompt) for o in app.screen.query_one("#choices").options]


async def test_d_leaves_the_game_for_the_deck_screen_and_back(tmp_path, monkeypatch):
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    app = tui_app.make_app(bundled_deck(), 5, plugins=[], journal=True)
    first = app.journal.id
    async with app.run_test(size=(100, 30)) as pilot:
        await keys(pilot, "D")  # from the opening hand's dialog too (every game opens on it)
        assert isinstance(app.screen, ConfirmDialog)  # asks first
        await keys(pilot, "n")
        assert isinstance(app.screen, GameScreen)
        await keys(pilot, "d", "enter")  # the mulligan again: keep
        hand = len(app.game.state.players["p1"].hand)
        assert hand == 7 and app.game.pending.kind == "priority"
        await keys(pilot, "D", "y")
        assert isinstance(app.screen, start.StartScreen)
        assert choices(app)[0].startswith("Resume simic-evolve.txt seed 5")  # this game
        await keys(pilot, "escape")  # back to it, as it was
        assert isinstance(app.screen, GameScreen) and app.journal.id == first
        await keys(pilot, "D", "y", "down", "down", "down", "enter")  # red-aggro, bundled
        assert isinstance(app.screen, MulliganDialog)  # a new game of it
        assert app.deck_path == bundled_deck("red-aggro.txt") and app.journal.id != first
        p1 = app.game.state.players["p1"]
        assert any(app.game.state.objs[o].name == "Mountain" for o in p1.library + p1.hand)
        await keys(pilot, "escape", "D", "y")
        assert choices(app)[1].startswith("Resume simic-evolve.txt seed 5")  # the first game
        await keys(pilot, "down", "enter")
        assert isinstance(app.screen, GameScreen) and app.journal.id == first
        assert app.deck_path.endswith("p1.deck") and app.game.state.seed == 5
        assert len(app.game.state.players["p1"].hand) == hand  # kept, where it stopped
        app.journal.close()


async def test_s_simulates_the_highlighted_deck(a_game, monkeypatch):
    monkeypatch.setattr(simulate, "GAMES", 12)
    app = start.StartApp([a_game])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "down", "down", "down", "S")  # red-aggro
        dialog = app.screen
        assert isinstance(dialog, simulate.SimulateDialog)
        assert dialog.deck_path == bundled_deck("red-aggro.txt")
        assert dialog.query_one(".dialog").border_title == "Simulate 12 games of red-aggro"
        bar = dialog.query_one("#sim-progress")
        assert bar.total == 12
        await wait_simulated(pilot, dialog)
        assert bar.progress == 12
        report = str(dialog.query_one("#sim-report").render())
        assert "kill turn: mean" in report and "#" in report  # the histogram
        await keys(pilot, "escape", "up", "up", "up", "S")  # the unfinished game: its deck
        assert isinstance(app.screen, simulate.SimulateDialog)
        assert app.screen.deck_path == str(a_game.path / "p1.deck")
        assert app.screen.query_one(".dialog").border_title.endswith("of the deck of simic seed 7")
        await keys(pilot, "escape")
        (a_game.path / "p1.deck").unlink()
        await keys(pilot, "S")
        assert isinstance(app.screen, start.StartScreen)
        assert "deck is not known" in str(app.screen.query_one("#start-note").render())
