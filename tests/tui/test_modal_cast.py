"""Pilot test: casting a modal spell asks for its mode in a dialog before its targets
(700.2, 601.2b), offering only the modes whose targets can be chosen (700.2a)."""

from __future__ import annotations

from tui_helpers import full_control, keys, select_in_hand

from tui.app import bundled_deck, make_app
from tui.screens.dialogs import ChooseDialog
from tui.screens.game import GameScreen


def labels(app) -> list[str]:
    return [str(s.prompt) for s in app.screen.query_one("#choices")._options]


async def test_casting_a_modal_spell_asks_the_mode_then_that_modes_target(at_main):
    app = full_control(make_app(bundled_deck(), 1))
    async with at_main(app, 'battlefield p2 "Grizzly Bears" as bear', 'battlefield p2 "Sol Ring" as ring',
                       "hand p1 Abrade", "mana p1 {1}{R}") as pilot:
        await select_in_hand(pilot, "Abrade")
        await keys(pilot, "c")
        assert isinstance(app.screen, ChooseDialog)
        assert labels(app) == ["Abrade deals 3 damage to target creature.", "Destroy target artifact."]
        await keys(pilot, "down", "enter")  # mode 2: the target dialog offers artifacts only
        assert isinstance(app.screen, ChooseDialog)
        assert [label.split()[0] for label in labels(app)] == ["Sol"]
        await keys(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert str(app.game.history[-1][0]) == "cast p1 Abrade mode 2 target ring"
        await keys(pilot, "space")  # it resolves
        st = app.game.state
        assert [st.objs[o].name for o in st.players["p2"].graveyard] == ["Sol Ring"]


async def test_a_mode_with_no_legal_target_is_not_offered(at_main):
    app = make_app(bundled_deck(), 1)
    async with at_main(app, 'battlefield p2 "Grizzly Bears" as bear', "hand p1 Abrade",
                       "mana p1 {1}{R}") as pilot:
        await select_in_hand(pilot, "Abrade")
        await keys(pilot, "c")
        assert labels(app) == ["Abrade deals 3 damage to target creature."]
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        assert app.game.state.stack == []


async def test_a_modal_trigger_asks_its_mode_in_a_dialog_that_reads_each_modes_text(at_main):
    app = full_control(make_app(bundled_deck(), 1))
    async with at_main(app, "hand p1 Trufflesnout", "mana p1 {2}{G}") as pilot:
        await select_in_hand(pilot, "Trufflesnout")
        await keys(pilot, "c", "space")  # cast, both pass: it enters and its trigger asks (700.2b)
        assert isinstance(app.screen, ChooseDialog)
        assert labels(app) == ["1: Put a +1/+1 counter on this creature.", "2: You gain 4 life."]
        await keys(pilot, "down", "enter")
        assert isinstance(app.screen, GameScreen)
        assert str(app.game.history[-1][0]) == "choose 2"
        await keys(pilot, "space")
        assert app.game.state.players["p1"].life == 24
