"""Bring your own deck by pasting it: the start screen's ``p``, the paste screen's
live check (counts, ``line N: problem`` with a "did you mean"), ctrl+s and esc."""

from __future__ import annotations

import pytest
from tui_helpers import keys

from mechanics.model.oracle import load_bundled_pool
from mechanics.store.decks import load_deck
from mechanics.store.paths import data_dir
from tui.app import new_game
from tui.library import check_deck, save_deck
from tui.screens.paste import PasteDeckScreen
from tui.screens.start import StartApp

ARENA = """Deck
20 Mountain (M21) 274
4 Lightning Bolt (M11) 146
4 Gray Ogre
Hill Giant

Sideboard
2 Lightning Bolt
"""
"""An Arena list with one bad line (4: no count) that a player fixes."""


@pytest.fixture
def datadir(tmp_path, monkeypatch):
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    return tmp_path


def screen_text(app) -> str:
    """Every Static and the option list of the active screen, as the player reads them."""
    screen = app.screen
    parts = [str(w.render()) for w in screen.query("Static")]
    parts += [str(o.prompt) for o in screen.query("OptionList").first().options] \
        if screen.query("OptionList") else []
    return "\n".join(parts)


async def paste(pilot, text: str, name: str | None = None) -> None:
    """Paste ``text`` into the list (as a terminal's bracketed paste), then let the check run."""
    screen = pilot.app.screen
    assert isinstance(screen, PasteDeckScreen)
    if name is not None:
        screen.query_one("#deck-name").value = name
    area = screen.query_one("#deck-text")
    area.focus()
    area.insert(text)
    await pilot.pause(PasteDeckScreen.DEBOUNCE + 0.2)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_paste_a_valid_list_save_it_and_play_it(datadir):
    app = StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "p paste your own deck" in screen_text(app)
        await keys(pilot, "p")
        await paste(pilot, ARENA.replace("Hill Giant", "4 Hill Giant"))
        assert "32 main, 2 sideboard" in screen_text(app)
        assert "problem" not in screen_text(app)
        await keys(pilot, "ctrl+s")  # no name yet: one tab from the list reaches it
        assert "Give the deck a name: tab to the name field" in screen_text(app)
        await keys(pilot, "tab")
        assert app.focused.id == "deck-name"
        await keys(pilot, *"my red!")
        assert "saved as: my-red" in screen_text(app)  # the file name, shown before saving
        assert "#" not in app.screen.query_one("#deck-text").text
        await keys(pilot, "ctrl+s")
        text = screen_text(app)  # back on the start screen: the new deck, ready to play
        assert "Saved your deck 'my-red' (32 main, 2 sideboard): enter plays it, S simulates it." in text
        assert "Play my-red  your deck" in text
        await keys(pilot, "enter")
    saved = datadir / "decks" / "my-red.txt"
    assert app.return_value == str(saved)
    assert saved.read_text().startswith("Deck\n20 Mountain (M21) 274\n")
    game = new_game(str(saved), 3, plugins=[])  # what `stackfish` then plays
    assert game.pending.kind == "mulligan" and len(game.state.players["p1"].library) == 25


async def test_a_misspelt_card_shows_its_line_and_a_suggestion(datadir):
    app = StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "p")
        await paste(pilot, ARENA.replace("Gray Ogre", "Grey Ogre"), name="typo")
        text = screen_text(app)
        assert "2 problems" in text
        assert "line 4: unknown card 'Grey Ogre'; did you mean 'Gray Ogre'" in text
        assert "line 5: count 'Hill' is not a number" in text  # the next bad line too
        await keys(pilot, "ctrl+s")  # refused: nothing written
        assert "Fix these to save the deck." in screen_text(app)
        assert isinstance(app.screen, PasteDeckScreen)
        assert not (datadir / "decks").exists()


async def test_escape_cancels_without_writing(datadir):
    app = StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "p")
        await paste(pilot, ARENA.replace("Hill Giant", "4 Hill Giant"), name="gone")
        await keys(pilot, "escape")
        assert not isinstance(app.screen, PasteDeckScreen)
        assert "Play gone" not in screen_text(app)
    assert not (datadir / "decks").exists()


async def test_saving_over_a_deck_asks_first(datadir):
    save_deck("mine", "4 Mountain\n")
    app = StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "p")
        await paste(pilot, "60 Mountain\n", name="mine")
        await keys(pilot, "ctrl+s")
        assert "already have a deck named 'mine'" in screen_text(app)
        await keys(pilot, "n")  # no: the old list stays, the paste screen too
        assert isinstance(app.screen, PasteDeckScreen)
        assert (datadir / "decks" / "mine.txt").read_text() == "4 Mountain\n"
        await keys(pilot, "ctrl+s", "y")
        assert "Saved your deck 'mine' (60 main" in screen_text(app)
    assert (datadir / "decks" / "mine.txt").read_text() == "60 Mountain\n"


def test_check_lists_every_problem_and_the_deck_loads_as_checked(datadir):
    pool = load_bundled_pool()
    found = check_deck("4 Mountian\nx Forest\n4 Island\nSideboard\n2 Llanowar Elfs\n", pool)
    lines = [line for line, _ in found.problems]
    assert lines == [1, 2, 5] and "did you mean 'Mountain'" in found.problems[0][1]
    good = check_deck(ARENA.replace("Hill Giant", "4 Hill Giant"), pool)
    assert good.ok and (good.main, good.sideboard, good.format) == (32, 2, "arena")
    path = save_deck("arena-red", ARENA.replace("Hill Giant", "4 Hill Giant"))
    assert path.parent == data_dir() / "decks"
    deck = load_deck(path, pool)
    assert sum(e.count for e in deck.main) == good.main
    with pytest.raises(Exception, match="bundled deck"):
        save_deck("red-aggro", "4 Mountain\n")
    with pytest.raises(Exception, match="not a deck name"):
        save_deck("../escape", "4 Mountain\n")


async def test_the_lists_own_title_names_the_deck(datadir):
    app = StartApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "p")
        await paste(pilot, "About\nName Mono Red: Ogres!\n\nDeck\n20 Mountain\n")
        assert app.screen.query_one("#deck-name").value == "Mono-Red-Ogres"
        assert "ready: ctrl+s saves it" in screen_text(app)
        await keys(pilot, "ctrl+s")
    assert (datadir / "decks" / "Mono-Red-Ogres.txt").exists()
