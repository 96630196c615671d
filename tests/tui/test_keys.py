"""Every key answers: ``?`` opens the help over any screen, and a key that can't act
says why (in a dialog's key line or the game's status line)."""

from __future__ import annotations

import pytest
from tui_helpers import SIZE, command, keys, simic_app

from tui.screens.dialogs import ChooseDialog, ConfirmDialog, HelpScreen, MulliganDialog, TextDialog
from tui.screens.game import GameScreen
from tui.screens.zones import ZoneScreen


def message(app) -> str:
    return str(app.screen_stack[1].query_one("#message").render())


def key_line(app) -> str:
    return str(app.screen.query(".keys").last().render())


async def test_question_mark_opens_the_help_over_a_dialog_and_esc_comes_back():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MulliganDialog)
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await keys(pilot, "escape")
        assert isinstance(app.screen, MulliganDialog)  # the decision is still there
        await keys(pilot, "enter")
        await keys(pilot, "L", "question_mark")  # a full-screen view too
        assert isinstance(app.screen, HelpScreen)
        await keys(pilot, "escape", "escape")
        assert isinstance(app.screen, GameScreen)


async def test_a_key_a_dialog_does_not_use_says_so(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears"') as pilot:
        await keys(pilot, "g")  # go to combat: the attack dialog
        assert isinstance(app.screen, ChooseDialog)
        await keys(pilot, "r")
        assert "'r' does nothing here:" in key_line(app)
        assert "space toggles" in key_line(app)  # the keys that do something stay in view
        assert isinstance(app.screen, ChooseDialog)


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_enter_on_the_empty_stack_says_why(at_main, size):
    app = simic_app()
    async with at_main(app, size=size) as pilot:
        await keys(pilot, "s", "enter")
        assert "the stack is empty" in message(app)
        assert message(app).rstrip().endswith("(space: pass, t: your next turn)")  # whole at 80
        await keys(pilot, "Z")
        assert "'Z' is not a key of the game screen" in message(app)


async def test_d_on_the_game_over_dialog_offers_the_deck_screen(at_main):
    app = simic_app()
    async with at_main(app, "life p2 1", 'hand p1 "Lightning Bolt"', "battlefield p1 Mountain") as pilot:
        await command(pilot, 'cast p1 "Lightning Bolt" target p2')
        await keys(pilot, "space")
        assert isinstance(app.screen, TextDialog) and "D: decks" in key_line(app)
        await keys(pilot, "D")
        assert isinstance(app.screen, ConfirmDialog) and "deck list" in str(app.screen.question)
        await keys(pilot, "n")
        assert not isinstance(app.screen, ZoneScreen)


async def test_a_with_a_hand_card_selected_says_to_pick_a_permanent_and_how_to_attack(at_main):
    """After `stackfish resume` a player pressed `a` for the attack dialog: `a` activates
    the selected permanent's ability, so the hand's card can't; the line says which keys
    attack, whole at 80 columns."""
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears"', size=(80, 24)) as pilot:
        await keys(pilot, "a")
        assert isinstance(app.screen, GameScreen)
        assert message(app).strip() == \
            "error: select a permanent to activate first (to attack: g, or A for all)"
        await keys(pilot, "g")
        assert isinstance(app.screen, ChooseDialog)  # the attack dialog
