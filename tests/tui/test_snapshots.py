"""SVG snapshots of the main screen (pytest-textual-snapshot).

Regenerate with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after
checking the HTML diff report.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import command, full_control, keep_and_go_to_main, keys, select_in_hand, simic_app

# keep the hand (the game stops in the first main phase), play a Forest (the lands come
# first), cast Experiment One (the selection moves on to it): it resolves, and with
# nothing else to do the game passes to p1's second turn
PRESS = ["enter", "enter", "enter"]
README_SVG = Path(__file__).parents[2] / "docs" / "game.svg"
"""The README's picture of the game: :func:`readme_game`'s snapshot, copied by
``tools/readme_screenshot.py``."""


def readme_game():
    """Mid-game at turn 3: Centaur Courser has entered and three evolve triggers wait
    on the stack (the app in full control, so they stay there for the picture)."""
    import plugins.evolve
    from mechanics import Game, make_plugin_manager
    from tui.app import make_app

    game = Game(seed=1, plugins=make_plugin_manager(load_entrypoints=False, extra=[plugins.evolve]))
    for line in ["turn p1 main1 number 3", "goldfish p2", "life p2 15",
                 "library p1 Forest Island Forest Island", "library p2 Forest Forest",
                 "battlefield p1 Forest", "battlefield p1 Forest", "battlefield p1 Island",
                 'battlefield p1 "Experiment One" counter +1/+1=1',
                 'battlefield p1 "Cloudfin Raptor" counter +1/+1=1', 'battlefield p1 "Shambleshark"',
                 'hand p1 "Centaur Courser" Island "Renegade Krasis" "Fathom Mage"',
                 'cast p1 "Centaur Courser"', "pass",
                 'order "Cloudfin Raptor" "Experiment One" Shambleshark']:
        game.play(line)
    return full_control(make_app(game=game, plugins=[plugins.evolve]))


class TestMainScreen:
    def test_main_screen_80x24(self, snap_compare):
        """The game screen fits a classic terminal: a land played, a spell on the stack."""
        assert snap_compare(simic_app(seed=1), press=PRESS, terminal_size=(80, 24))

    def test_main_screen_160x50(self, snap_compare):
        """The same position on a large terminal, with the wide layout and a taller log."""
        assert snap_compare(simic_app(seed=1), press=PRESS, terminal_size=(160, 50))


def hide_logs(app) -> None:
    """Hide the game log views so engine log wording doesn't change the snapshots."""
    for log in app.screen_stack[1].query("GameLog"):
        log.display = False


async def _hide_logs(pilot) -> None:
    await pilot.pause()
    hide_logs(pilot.app)
    await pilot.pause()


async def _proliferate(pilot) -> None:
    await pilot.pause()
    await keep_and_go_to_main(pilot)
    hide_logs(pilot.app)
    await command(pilot, 'battlefield p1 "Grizzly Bears" counter +1/+1=1')
    await command(pilot, 'hand p1 "Steady Progress"')
    await command(pilot, "mana p1 {2}{U}")
    await select_in_hand(pilot, "Steady Progress")
    await keys(pilot, "c", "space")


def _busy(theme: str):
    """Before the picture: the theme, no logs, the battlefield focused on Cloudfin Raptor
    (so the card pane, on wide screens, shows it and what changes it)."""

    async def run_before(pilot) -> None:
        from tui.widgets import Playmat

        pilot.app.theme = theme
        await pilot.pause()
        hide_logs(pilot.app)
        mat = pilot.app.screen.query_one("#battlefield", Playmat)
        mat.focus()
        mat.select_index(next(i for i, r in enumerate(mat.rows) if "Cloudfin" in r.text.plain))
        await pilot.pause()

    return run_before


class TestBusyBoard:
    """The busy board (tests/tui/busy.py): lands tapped and not, counters, an aura, a
    token, a phased-out creature, a sick one, three triggers on the stack; at three
    sizes, in the default dark and light themes.  test_contrast.py reads these."""

    @pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)], ids=lambda s: "%dx%d" % s)
    @pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
    def test_busy_board(self, snap_compare, theme, size):
        from busy import busy_app

        assert snap_compare(busy_app(order=True), run_before=_busy(theme), terminal_size=size)

    def test_trigger_order_docks_beside_the_board_160x50(self, snap_compare):
        """Ordering the evolve triggers: the dialog docks at the side, the board stays in
        view with the three creatures that triggered marked."""
        from busy import busy_app

        async def run_before(pilot) -> None:
            await pilot.pause()
            hide_logs(pilot.app)
            await pilot.pause()

        assert snap_compare(busy_app(), run_before=run_before, terminal_size=(160, 50))


class TestDialogs:
    def test_mulligan_80x24(self, snap_compare):
        """The first screen: the opening hand and keep / mulligan."""
        assert snap_compare(simic_app(seed=1), run_before=_hide_logs, terminal_size=(80, 24))

    def test_help_80x24(self, snap_compare):
        """The help screen over the game."""
        assert snap_compare(simic_app(seed=1), run_before=_hide_logs,
                            press=["enter", "question_mark"], terminal_size=(80, 24))

    def test_proliferate_modal_100x30(self, snap_compare):
        """Steady Progress resolving: the proliferate checklist."""
        import plugins.proliferate
        from tui.app import bundled_deck, make_app

        app = make_app(bundled_deck(), 1, plugins=[plugins.proliferate])
        assert snap_compare(app, run_before=_proliferate, terminal_size=(100, 30))


async def _paste_a_list(pilot) -> None:
    """The start screen's p, then a list with one bad line, checked."""
    from tui.screens.paste import PasteDeckScreen

    await keys(pilot, "p")
    area = pilot.app.screen.query_one("#deck-text")
    area.cursor_blink = False  # a blinking cursor would make the picture flicker
    area.insert("Deck\n20 Mountain (M21) 274\n4 Lightning Bolt\nfour Gray Ogre\n\nSideboard\n"
                "2 Lightning Bolt\n")
    await pilot.pause(PasteDeckScreen.DEBOUNCE + 0.2)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


class TestReadme:
    def test_game_100x30(self, snap_compare):
        """The README's picture: mid-game, an evolve trigger on the stack, at 100x30."""
        assert snap_compare(readme_game(), run_before=_hide_logs, terminal_size=(100, 30))


class TestPasteDeck:
    def test_paste_a_deck_80x24(self, snap_compare):
        """Bringing a deck: the pasted list, its counts and its bad line, at 80x24."""
        from tui.screens.start import StartApp

        assert snap_compare(StartApp([]), run_before=_paste_a_list, terminal_size=(80, 24))


def test_readme_picture_is_the_snapshot():
    """``docs/game.svg`` (the README's picture) is the checked snapshot: regenerate it
    with ``python tools/readme_screenshot.py`` whenever the snapshot changes."""
    snapshot = Path(__file__).parent / "__snapshots__/test_snapshots/TestReadme.test_game_100x30.svg"
    assert README_SVG.read_bytes() == snapshot.read_bytes()
