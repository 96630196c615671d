"""Smart stops through the TUI: a typical turn in few keys, undo of a move and the
passes after it, and the stops set with ``:stops`` and remembered per user."""

from __future__ import annotations

from tui_helpers import SIZE, command, keys, panel_text, screen_rows

import plugins.evolve
from mechanics import Game, make_plugin_manager
from tui.app import make_app
from tui.screens.dialogs import ChooseDialog
from tui.screens.game import GameScreen

TURN = ["turn p1 main1", "goldfish p2", "library p1 Forest Forest Forest Forest",
        "library p2 Forest Forest Forest Forest", "battlefield p1 Forest",
        'battlefield p1 "Experiment One" as one', 'hand p1 "Grizzly Bears" Forest']


def drawn(app) -> list[str]:
    """The rows of the dialog's checklist as drawn (``[x]`` checked, ``[ ]`` not)."""
    lst = app.screen.query_one("#choices")
    return [lst.render_line(y).text.rstrip() for y in range(lst.option_count)]


def turn_app(*extra: str):
    """p1 in a main phase with a Forest and Experiment One out, a Forest and Grizzly
    Bears (a 2-drop that makes Experiment One evolve) in hand."""
    game = Game(plugins=make_plugin_manager(load_entrypoints=False, extra=[plugins.evolve]))
    for line in (*TURN, *extra):
        game.play(line)
    return make_app(game=game, plugins=[plugins.evolve])


async def test_a_typical_turn_takes_three_keys():
    """Land, a 2-drop with a trigger, attack with everything, pass: Arena's four
    clicks; here enter (the land, listed first), enter (the Bears: the selection
    moves on to the next playable card), enter (attack with all, the dialog the
    game stops at); the spell, the evolve trigger and the rest of the turn pass."""
    app = turn_app()
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        pressed = ["enter", "enter"]
        await keys(pilot, *pressed)
        assert isinstance(app.screen, ChooseDialog), app.screen  # declare attackers
        assert drawn(app) == ["[x] Experiment One 2/2 [p1]"]  # evolved; the Bears are sick
        pressed.append("enter")
        await keys(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        st = game.state
        assert len(pressed) <= 4
        assert st.players["p2"].life == 18  # Experiment One attacked as a 2/2
        assert (st.turn, st.active, st.step) == (3, "p1", "main1")  # p1's next turn
        assert "Grizzly Bears" in panel_text(app, "battlefield")
        assert "passed to turn 3 main1" in str(app.screen.query_one("#message").render())


async def test_undo_takes_back_the_move_and_the_passes_after_it():
    app = turn_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "enter", "enter")  # the land, the Bears: on to the attack dialog
        await keys(pilot, "escape", "u")  # leave the dialog; undo the cast and its passes
        st = app.game.state
        assert st.step == "main1" and not st.stack
        assert [st.objs[o].name for o in st.players["p1"].hand] == ["Grizzly Bears"]
        assert "+ Grizzly Bears" in panel_text(app, "hand")


async def test_stops_are_set_with_the_command_line_and_remembered(own_data_dir):
    app = turn_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "stops main1 main2")
        assert app.stops == ("main1", "main2")
        await command(pilot, "stops")  # the dialog: a checklist of the stops, checked as set
        assert isinstance(app.screen, ChooseDialog)
        rows = drawn(app)
        assert "[x] your main1  (main1)" in rows and "[ ] your attackers  (attackers)" in rows
        assert "[ ] opponent's end  (their-end)" in rows
        await keys(pilot, "escape")
    assert (own_data_dir / "stops.txt").read_text().split() == ["main1", "main2"]
    assert turn_app().stops == ("main1", "main2")  # the next app (the next game) keeps them


async def test_the_attack_dialog_shows_a_mark_only_beside_a_creature_at_160x50():
    """The docked dialog is 46 columns wide at 160x50: its prompt wrapped the "[x]" it
    ended with onto a line of its own, a checkbox with no creature beside it."""
    app = turn_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await keys(pilot, "enter", "enter")
        assert isinstance(app.screen, ChooseDialog)
        box = app.screen.query_one(".dialog").region
        rows = [row[box.x:box.right] for row in screen_rows(app)]
        marked = [row for row in rows if "[x]" in row or "[ ]" in row]
        assert len(marked) == 1 and "[x] Experiment One 2/2 [p1]" in marked[0], marked
        assert any("declare attackers (or pass) (all checked)" in row for row in rows), rows[:6]
