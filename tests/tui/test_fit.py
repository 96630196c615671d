"""80x24 that fits: three stack items in view, a long status line that keeps its key
hint, short badges, the log at its newest line on opening or resuming a game, costs in the
mulligan dialog."""

from __future__ import annotations

from tui_helpers import keys, panel_text, select_in_hand, settled, simic_app

import plugins.evolve
import plugins.rad
from mechanics import Game, make_plugin_manager
from mechanics.ai import autopilot
from mechanics.io.games import open_or_resume
from tui.app import StackfishApp, bundled_deck, make_app, new_game
from tui.cli import main
from tui.playmat import Rule
from tui.screens.dialogs import OrderDialog
from tui.widgets import GameLog, Panel, Playmat
from tui.widgets.panels import compact_log


def evolve_game(*lines: str) -> Game:
    game = Game(plugins=make_plugin_manager(load_entrypoints=False,
                                            extra=[plugins.evolve, plugins.rad]))
    for line in ("turn p1 main1", "goldfish p2", "library p1 Forest Forest Forest", *lines):
        game.play(line)
    return game


async def test_three_triggers_show_on_the_stack_at_80x24():
    game = evolve_game('battlefield p1 "Cloudfin Raptor"', 'battlefield p1 "Experiment One"',
                       'battlefield p1 "Shambleshark"', 'hand p1 "Centaur Courser"',
                       "mana p1 {2}{G}", 'cast p1 "Centaur Courser"', "pass",
                       'order "Cloudfin Raptor" "Experiment One" Shambleshark')
    assert len(game.state.stack) == 3
    app = make_app(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stack = app.screen.query_one("#stack", Panel)
        shown = stack.scrollable_content_region.height
        assert shown >= 3 and len(stack._lines) == 3, (shown, len(stack._lines))
        assert [r.text.plain.split(":")[0] for r in stack.rows] == \
            ["top Shambleshark", "2. Experiment One", "3. Cloudfin Raptor"]


async def test_badges_are_short_and_a_player_badge_does_not_repeat_a_counter():
    game = evolve_game('battlefield p1 "Experiment One"', "counter p1 rad 3")
    app = make_app(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "  Experiment One 1/1 · evolve" in panel_text(app, "battlefield")
        mat = app.screen.query_one("#battlefield", Playmat)
        me = [r.text.plain for r in mat.rows if isinstance(r, Rule)][-1]
        assert me.count("3 rad") == 1 and "rad 3" not in me and "mills" not in me


async def test_a_long_error_keeps_its_key_hint_on_one_line(at_main):
    app = simic_app()
    async with at_main(app, size=(80, 24)) as pilot:
        app.screen.say("decide: p1: order 3 triggered abilities (first listed goes on the "
                       "stack first) and a great deal more text (d: dialog)", error=True)
        await pilot.pause()
        text = str(app.screen.query_one("#message").render())
        assert "\n" not in text and len(text) <= 78 and text.endswith("… (d: dialog)")


async def test_the_log_is_at_its_newest_line_when_a_game_opens():
    game = evolve_game(*[f"life p1 {20 + i}" for i in range(40)], "goto main1 p1")
    app = make_app(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def test_the_mulligan_dialog_shows_costs_lands_first():
    app = simic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot)
        hand = str(app.screen.query_one(".hand").render()).splitlines()
        assert all(line.endswith("land") or line[-1] in "WUBRGCX0123456789" for line in hand), hand
        lands = [i for i, line in enumerate(hand) if line.endswith("land")]
        assert lands == list(range(len(lands)))


def shown_lines(log: GameLog) -> list[str]:
    """The log's lines as the screen shows them (its visible rows, wrapped)."""
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def test_the_log_stays_at_its_newest_line_after_stackfish_resume(tmp_path, monkeypatch):
    """`stackfish resume` at 160x50 of a game whose log is longer than its panel: the
    newest line is in view, and stays there when a longer card text in the card pane
    above the log takes some of its height (the log's own height changes, not the
    screen's)."""
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    game, journal = open_or_resume(new=lambda: new_game(bundled_deck(), 7), title="simic 7")
    while game.state.turn < 7:  # the autopilot plays p1's first three turns
        game.play(autopilot.choose(game))
    journal.close()
    newest = compact_log(game.log)[-1]
    assert newest == "-- turn 7 (p1): main1"
    launched = []
    monkeypatch.setattr(StackfishApp, "run", lambda self, *a, **kw: launched.append(self))
    assert main(["resume"]) == 0
    (app,) = launched
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#sidelog", GameLog)
        assert log.max_scroll_y > 0  # more lines than the panel shows
        for name in ("Kalonian Tusker", "Watchful Radstag"):  # a short text, then a long one
            await select_in_hand(pilot, name)
            assert name in str(app.screen.query_one("#card").render())
            # the log scrolls after the refresh that gave it its height
            assert await settled(pilot, lambda: shown_lines(log)[-1] == newest), (name, shown_lines(log))
    app.journal.close()


async def test_trigger_order_rows_wrap_under_their_number_at_80x24():
    """The docked order dialog is 32 columns wide: each trigger's text takes several
    lines, which went on at the left edge, under the numbers of the list."""
    game = evolve_game('battlefield p1 "Cloudfin Raptor"', 'battlefield p1 "Experiment One"',
                       'battlefield p1 "Shambleshark"', 'hand p1 "Centaur Courser"',
                       "mana p1 {2}{G}", 'cast p1 "Centaur Courser"', "pass")
    assert game.pending.kind == "order"
    app = make_app(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OrderDialog)
        panel = app.screen.query_one("#choices", Panel)
        drawn = [strip.text.rstrip() for _, strip in panel._lines]
        starts = [line for line in drawn if not line.startswith("   ")]
        assert [line[:3] for line in starts] == ["1. ", "2. ", "3. "], drawn
        assert len(drawn) > 6  # each wrapped
