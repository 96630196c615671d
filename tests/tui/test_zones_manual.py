"""Full-screen zone views (L, G, X, B) and the manual-actions menu (m)."""

from __future__ import annotations

from tui_helpers import keys, panel_text, screen_rows, select_in_hand, simic_app

from tui.screens.dialogs import ChooseDialog, InputDialog
from tui.screens.game import GameScreen
from tui.screens.zones import ZoneScreen


async def test_graveyard_exile_library_and_log_views(at_main):
    app = simic_app()
    async with at_main(app, 'graveyard p1 "Lightning Bolt"') as pilot:
        await keys(pilot, "G")
        assert isinstance(app.screen, ZoneScreen)
        text = "\n".join(app.screen.texts)
        assert "p1 graveyard (1)" in text
        assert "Lightning Bolt deals 3 damage to any target." in text  # the oracle text
        await keys(pilot, "escape", "X")
        assert "p1 exile (0)" in "\n".join(app.screen.texts)
        await keys(pilot, "q", "B")
        assert "p1 library (53)" in "\n".join(app.screen.texts)
        await keys(pilot, "q", "L")
        assert any("p1 keeps 7 cards" in t for t in app.screen.texts)
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def choose(pilot, prefix: str) -> None:
    """Pick the option of the open ChooseDialog whose label starts with ``prefix``."""
    labels = [str(o.prompt) for o in pilot.app.screen.query_one("#choices").options]
    at = next(i for i, label in enumerate(labels) if label.startswith(prefix))
    pilot.app.screen.query_one("#choices").highlighted = at
    await keys(pilot, "enter")


async def test_manual_menu_builds_scenario_actions(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears" as bear') as pilot:
        game = app.game
        bear = game.state.aliases["bear"]
        await keys(pilot, "left")
        bf = app.screen.query_one("#battlefield")
        bf.select_index(next(i for i, r in enumerate(bf.rows) if r.id == f"o{bear}"))
        await keys(pilot, "m")
        assert isinstance(app.screen, ChooseDialog)
        await choose(pilot, "add counters")
        assert isinstance(app.screen, InputDialog)
        app.screen.query_one("#text").value = "+1/+1 2"
        await keys(pilot, "enter")
        assert game.state.objs[bear].counters["+1/+1"] == 2
        assert "Grizzly Bears 4/4* · +1/+1×2" in panel_text(app, "battlefield")
        await keys(pilot, "m")
        await choose(pilot, "tap")
        assert game.state.objs[bear].tapped
        await keys(pilot, "m")
        await choose(pilot, "pump")
        app.screen.query_one("#text").value = "+2/-1"
        await keys(pilot, "enter")
        ch = game.view(bear)
        assert (ch.power, ch.toughness) == (6, 3)
        await keys(pilot, "m")
        await choose(pilot, "move")
        await choose(pilot, "graveyard")
        assert game.state.objs[bear].zone == "graveyard"
        await keys(pilot, "u")  # a manual action is undone like any other
        assert game.state.objs[bear].zone == "battlefield"
        # library tools, from the hand: look at the top 2, then mill 2
        await select_in_hand(pilot, "Forest")
        top = [game.state.objs[o].name for o in game.state.players["p1"].library[:2]]
        await keys(pilot, "m")
        await choose(pilot, "look at the top")
        await keys(pilot, "2", "enter")
        assert isinstance(app.screen, ZoneScreen)
        assert [t.split("  ")[0] for t in app.screen.texts] == [f"1. {top[0]}", f"2. {top[1]}"]
        await keys(pilot, "escape", "m")
        await choose(pilot, "mill")
        await keys(pilot, "2", "enter")
        assert [game.state.objs[o].name for o in game.state.players["p1"].graveyard][-2:] == top[::-1] \
            or sorted(game.state.objs[o].name for o in game.state.players["p1"].graveyard) == sorted(top)
        await keys(pilot, "m")
        await choose(pilot, "create a token")
        app.screen.query_one("#text").value = "Grizzly Bears"
        await keys(pilot, "enter")
        assert "token" in panel_text(app, "battlefield")


async def test_search_library_takes_a_card_and_shuffles(at_main):
    """The manual tutor: a modal lists the library's cards; the chosen one goes to
    hand and the library is shuffled (two scenario lines, each undoable)."""
    app = simic_app()
    async with at_main(app) as pilot:
        game = app.game
        p1 = game.state.players["p1"]
        wanted = game.state.objs[p1.library[-1]].name  # the bottom card
        in_hand = sum(1 for o in p1.hand if game.state.objs[o].name == wanted)
        await keys(pilot, "m")
        await choose(pilot, "search your library")
        assert isinstance(app.screen, ChooseDialog)
        await choose(pilot, wanted)
        await choose(pilot, "hand")
        assert sum(1 for o in p1.hand if game.state.objs[o].name == wanted) == in_hand + 1
        assert [str(a).split()[0] for a in game.journal[-2:]] == ["move", "shuffle"]
        assert "p1 shuffles" in game.log[-1]


async def test_simulate_key_opens_the_simulation_of_this_deck(at_main):
    from tui.screens.simulate import SimulateDialog

    app = simic_app()
    async with at_main(app) as pilot:
        await keys(pilot, "S")
        assert isinstance(app.screen, SimulateDialog)
        assert app.screen.deck_path == app.deck_path
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_looking_at_the_top_n_leaves_no_trace_at_80x24(at_main):
    """A player saw a stray ┃ (a dialog's heavy border) left on the board after "look at
    the top N" at 80x24: once the view is closed the screen is as it was before."""
    app = simic_app()
    async with at_main(app, size=(80, 24)) as pilot:
        await select_in_hand(pilot, "Forest")
        before = screen_rows(app)
        hand = app.screen.query_one("#hand").region
        assert {x for row in before for x, c in enumerate(row) if c == "┃"} == \
            {hand.x, hand.right - 1}  # the focused hand's heavy border only
        await keys(pilot, "m")
        await choose(pilot, "look at the top")
        assert any("┃" in row[:hand.x] for row in screen_rows(app))  # the N dialog's border
        await keys(pilot, "3", "enter")
        assert isinstance(app.screen, ZoneScreen) and len(app.screen.texts) >= 3
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        assert screen_rows(app) == before


async def test_a_cards_text_wraps_under_its_indent_at_80x24(at_main):
    """The top N view (and the zone views) list each card's name, then its text
    indented: a long line went on at the left edge, under the names."""
    app = simic_app()
    async with at_main(app, size=(80, 24)) as pilot:
        await keys(pilot, "m")
        await choose(pilot, "look at the top")
        await keys(pilot, "5", "enter")
        panel = app.screen.query_one("#zone")
        drawn = [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]
        names = [line for line in drawn if line[:1].isdigit()]
        assert len(names) == 5, drawn
        assert any(len(line) > 70 for line in drawn)  # some text did wrap
        assert all(line[:1].isdigit() or line.startswith("    ") or not line for line in drawn), drawn
        assert not any("\n" in line for line in drawn)  # a short card: its name, then its text
