"""Pilot tests: the TUI driven by its keys, checked against the game it shows."""

from __future__ import annotations

from tui_helpers import (
    SIZE,
    command,
    full_control,
    keys,
    panel_text,
    red_app,
    select_in_hand,
    simic_app,
)

from tui.render import human
from tui.screens.dialogs import ChooseDialog, MulliganDialog, TextDialog
from tui.screens.game import GameScreen
from tui.widgets import Message, Panel


def message(app) -> str:
    return str(app.screen_stack[1].query_one(Message).render())


async def test_first_screen_is_the_mulligan_decision():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MulliganDialog)
        assert app.game.pending.kind == "mulligan"
        await keys(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert app.game.pending.kind == "priority"
        assert "p1 keeps 7 cards" in app.game.log


async def test_mulligan_then_keep_puts_one_card_on_the_bottom():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "m")  # mulligan: a new seven, keeping six
        assert isinstance(app.screen, MulliganDialog)
        await keys(pilot, "enter")  # keep -> choose the card to put on the bottom
        assert isinstance(app.screen, ChooseDialog)
        await keys(pilot, "space", "enter")
        assert isinstance(app.screen, GameScreen)
        assert len(app.game.state.players["p1"].hand) == 6
        assert app.game.state.started


async def test_play_a_land_cast_a_creature_and_resolve_it(at_main):
    app = full_control(simic_app(seed=1))
    async with at_main(app) as pilot:
        await select_in_hand(pilot, "Forest")
        await keys(pilot, "enter")
        assert "Forest" in panel_text(app, "battlefield")
        await select_in_hand(pilot, "Experiment One")
        await keys(pilot, "c")
        assert len(app.game.state.stack) == 1
        assert "Experiment One G · spell · p1" in panel_text(app, "stack")
        assert "Experiment One" not in panel_text(app, "battlefield")
        await keys(pilot, "space")  # the goldfish passes too: it resolves
        assert app.game.state.stack == []
        assert "Experiment One 1/1 · z sick" in panel_text(app, "battlefield")
        assert panel_text(app, "stack") == "(empty)"


async def test_undo_restores_the_board_and_redo_replays(at_main):
    app = simic_app(seed=1)
    async with at_main(app) as pilot:
        before = app.game.snapshot()
        await select_in_hand(pilot, "Forest")
        await keys(pilot, "enter")
        assert "Forest" in panel_text(app, "battlefield")
        await keys(pilot, "u")
        assert app.game.snapshot() == before
        assert "p1: no permanents" in panel_text(app, "battlefield")
        await keys(pilot, "r")
        assert "Forest" in panel_text(app, "battlefield")


async def test_undo_stops_at_the_start_of_the_game():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "escape")  # close the mulligan dialog without answering
        n = len(app.game.history)
        await keys(pilot, "u")  # greyed out in the footer: the setup can't be undone
        assert len(app.game.history) == n
        assert app.game.pending.kind == "mulligan"
        await keys(pilot, "d")  # reopen the decision
        assert isinstance(app.screen, MulliganDialog)


async def test_command_line_sets_life_then_lightning_bolt_kills_the_goldfish(at_main):
    app = full_control(simic_app())
    async with at_main(app, "life p2 3") as pilot:
        assert app.game.state.players["p2"].life == 3
        await command(pilot, 'hand p1 "Lightning Bolt"')
        await command(pilot, "battlefield p1 Mountain")
        await select_in_hand(pilot, "Lightning Bolt")
        await keys(pilot, "c")
        assert isinstance(app.screen, ChooseDialog)  # the targets
        labels = [str(o.prompt) for o in app.screen.query_one("#choices").options]
        at = next(i for i, label in enumerate(labels) if label.startswith("p2 (3 life"))
        await keys(pilot, "home", *["down"] * at, "enter")
        assert "Lightning Bolt R · spell · p1 → p2" in panel_text(app, "stack")
        await keys(pilot, "space")
        st = app.game.state
        assert st.over and st.winner == "p1" and st.kill_turn == 1
        assert isinstance(app.screen, TextDialog)
        assert "kill turn: 1" in app.screen.text


async def test_command_line_errors_go_to_the_status_line(at_main):
    app = simic_app()
    async with at_main(app) as pilot:
        before = app.game.snapshot()
        await command(pilot, 'cast p1 "Lightning Boltt"')
        assert message(app).startswith("error:") and "Lightning Bolt" in message(app)
        await command(pilot, "frobnicate p1")
        assert "unknown command 'frobnicate'" in message(app)
        await command(pilot, "expect p2 life 7")
        assert "expected p2's life 7, got 20" in message(app)
        assert app.game.snapshot() == before


async def test_command_line_history_and_completion(at_main):
    app = simic_app()
    async with at_main(app) as pilot:
        await command(pilot, "life p2 5", type_it=True)
        await keys(pilot, "colon", "up")
        line = app.screen.query_one("#cmdline")
        assert line.value == "life p2 5"
        line.value = ""
        await pilot.press(*"hand p1 Lightning Bo")
        await keys(pilot, "tab")
        assert line.value == 'hand p1 "Lightning Bolt" '
        await keys(pilot, "enter")
        hand = [app.game.state.objs[o].name for o in app.game.state.players["p1"].hand]
        assert "Lightning Bolt" in hand


async def test_attack_with_all_until_the_goldfish_dies(at_main):
    app = red_app(seed=3)
    async with at_main(app, "life p2 2", 'battlefield p1 "Raging Goblin"',
                       'battlefield p1 "Raging Goblin"') as pilot:
        await keys(pilot, "A")  # goto attackers, attack with both
        assert all(app.game.state.objs[o].attacking for o in app.game.state.battlefield)
        await keys(pilot, "n", "n")
        st = app.game.state
        assert st.over and st.kill_turn == 1
        assert "kill turn 1" in message(app)
        assert "GAME OVER" in str(app.screen_stack[1].query_one("#status").render())


async def test_attackers_decision_opens_a_dialog(at_main):
    app = red_app(seed=3)
    async with at_main(app, 'battlefield p1 "Raging Goblin" as gob') as pilot:
        await keys(pilot, "g")
        assert app.game.pending.kind == "attackers"
        assert isinstance(app.screen, ChooseDialog)  # every attacker is selected
        await keys(pilot, "enter")
        assert app.game.state.objs[app.game.state.aliases["gob"]].attacking == "p2"


async def test_help_and_quit_confirmation():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "enter", "question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await keys(pilot, "escape", "q")
        assert app.screen.__class__.__name__ == "ConfirmDialog"
        await keys(pilot, "n")
        assert isinstance(app.screen, GameScreen)
        assert human(app.game) == "p1"


async def test_restart_with_a_new_seed():
    app = simic_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "enter", "R", "y")
        assert app.game.state.seed == 2
        assert isinstance(app.screen, MulliganDialog)


async def test_a_choice_during_resolution_opens_a_dialog(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears" as bear', "hand p1 Clone",
                       "mana p1 {3}{U}") as pilot:
        await select_in_hand(pilot, "Clone")
        await keys(pilot, "c")  # cast: it resolves (p1 has nothing else to do), Clone asks
        assert app.game.pending.kind == "choose"
        assert isinstance(app.screen, ChooseDialog)
        await keys(pilot, "home", "enter")
        clone = next(o for o in app.game.state.battlefield if app.game.state.objs[o].name == "Clone")
        assert app.game.view(clone).name == "Grizzly Bears"
        assert "Grizzly Bears#2 2/2 · card: Clone · z sick" in panel_text(app, "battlefield")


async def test_esc_leaves_the_decision_pending_and_d_reopens_it():
    app = simic_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        assert "decide: p1: keep this hand" in message(app)
        await keys(pilot, "space")  # the engine refuses: the decision comes first
        assert "a decision is pending" in message(app)
        await keys(pilot, "d")
        assert isinstance(app.screen, MulliganDialog)


async def test_a_board_of_300_permanents_is_shown_grouped(at_main):
    app = simic_app()
    async with at_main(app, size=(80, 24)) as pilot:
        for _ in range(150):
            app.game.play('battlefield p1 "Llanowar Elves" tapped')
            app.game.play("battlefield p1 Forest")
        await command(pilot, 'battlefield p1 "Llanowar Elves" counter +1/+1=1')
        text = panel_text(app, "battlefield")
        assert "  Forest ×150" in text and "↷ Llanowar Elves ×150 1/1" in text
        assert "Llanowar Elves#151 2/2* · +1/+1×1" in text


async def test_discarding_down_to_seven_is_a_checklist(at_main):
    app = simic_app()
    async with at_main(app) as pilot:
        await command(pilot, "hand p1 Forest Forest")  # nine cards
        await keys(pilot, "t")  # on to the next turn: the cleanup step asks for two discards
        d = app.game.pending
        assert d.kind == "discard" and d.min == d.max == 2
        assert isinstance(app.screen, ChooseDialog) and app.screen.multi
        await keys(pilot, "enter")  # nothing chosen: refused by the dialog itself
        assert isinstance(app.screen, ChooseDialog)
        await keys(pilot, "space", "down", "space", "enter")
        p1 = app.game.state.players["p1"]
        assert len(p1.graveyard) == 2
        assert p1.turns == 2 and len(p1.hand) == 8  # the goto carried on: seven, then a draw


async def test_combat_then_next_turn(at_main):
    app = red_app(seed=3)
    async with at_main(app, 'battlefield p1 "Raging Goblin"') as pilot:
        await keys(pilot, "g")  # goto attackers: the declaration opens a dialog
        assert isinstance(app.screen, ChooseDialog)
        await keys(pilot, "enter", "t")  # attack with it, then on to the next turn
        st = app.game.state
        assert st.players["p2"].life == 19
        assert (st.step, st.active, st.players["p1"].turns) == ("main1", "p1", 2)


async def test_x_spells_ask_for_x_and_abilities_ask_for_targets(at_main):
    app = full_control(simic_app())
    async with at_main(app, 'hand p1 "Endless One"', "mana p1 {C}{C}") as pilot:
        await select_in_hand(pilot, "Endless One")
        await keys(pilot, "c", "2", "enter")  # no targets: straight to X
        assert app.game.state.stack[-1].x == 2
        await keys(pilot, "space")
        assert "Endless One 2/2* · +1/+1×2 · z sick" in panel_text(app, "battlefield")

        await command(pilot, 'battlefield p1 "Prodigal Sorcerer" as tim')
        bf = app.screen.query_one("#battlefield", Panel)
        await keys(pilot, "left")
        at = next(i for i, r in enumerate(bf.rows) if r.text.plain.startswith("  Prodigal Sorcerer"))
        bf.select_index(at)
        await keys(pilot, "a")
        labels = [str(o.prompt) for o in app.screen.query_one("#choices").options]
        at = next(i for i, label in enumerate(labels) if label.startswith("p2"))
        await keys(pilot, "home", *["down"] * at, "enter")
        assert "Prodigal Sorcerer · activated · p1 → p2" in panel_text(app, "stack")
        await keys(pilot, "space")
        assert app.game.state.players["p2"].life == 19
