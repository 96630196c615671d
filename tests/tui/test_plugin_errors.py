"""The TUI and a plugin that keeps failing: each failure is one line naming the
plugin, the game is unchanged, and after two the TUI offers to turn it off."""

from __future__ import annotations

import pluggy
from tui_helpers import keys

from mechanics import actions as A
from tui.app import bundled_deck, make_app
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import GameScreen
from tui.widgets import Message

hookimpl = pluggy.HookimplMarker("stackfish")


class Flaky:
    name = "flaky"
    armed = False

    @hookimpl
    def untap_begin(self, game, player):  # noqa: ANN001, ANN201
        return [1 / 0] if self.armed else None


async def test_a_failing_plugin_can_be_turned_off(tmp_path) -> None:  # noqa: ANN001
    flaky = Flaky()
    app = make_app(bundled_deck(), 1, plugins=[flaky], journal=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        app.game.play("keep p1")  # turn 1's untap step, before the plugin fails
        for _ in range(3):  # close the mulligan dialog
            if app.screen is not screen:
                await keys(pilot, "escape")
        assert app.screen is screen
        flaky.armed = True
        before = app.game.snapshot()
        assert not screen.play(A.Goto("upkeep"))
        assert "plugin 'flaky' failed while applying 'goto upkeep'" in str(
            screen.query_one(Message).render())
        assert app.game.snapshot() == before
        assert not screen.play(A.Goto("upkeep"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await keys(pilot, "y")
        assert app.game.plugin_errors == {}
        assert screen.play(A.Goto("upkeep"))
        assert app.game.state.step == "upkeep"
    app.journal.close()
    assert "#! disable-plugin flaky" in app.journal.path.read_text()


def test_a_plugin_turned_off_in_one_game_is_on_in_the_next() -> None:
    """Each new game of an app run gets its own plugin manager from the recipe the
    command line gives (``--disable-plugin`` names), so turning a plugin off in one
    game (which that game's journal records) doesn't silently carry to the next."""
    import functools

    from mechanics.plugin_api.isolation import disable_plugin
    from mechanics.plugin_api.plugin_manager import make_plugin_manager
    from tui.app import new_game

    flaky = Flaky()
    recipe = functools.partial(make_plugin_manager, load_entrypoints=False, extra=[flaky])
    first = new_game(bundled_deck(), 1, recipe)
    assert flaky in first.pm.get_plugins()
    disable_plugin(first, "flaky")
    assert flaky not in first.pm.get_plugins()
    assert flaky in new_game(bundled_deck(), 2, recipe).pm.get_plugins()


class BadHints:
    name = "badhints"

    @hookimpl
    def display_hints(self, game, obj, player):  # noqa: ANN001, ANN201
        raise KeyError("no hint today")


async def test_a_display_hook_that_raises_does_not_end_the_app() -> None:
    """Finding 3: raising in display_hints killed the TUI."""
    app = make_app(bundled_deck(), 1, plugins=[BadHints()])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert "plugin 'badhints' failed in display_hints: KeyError" in str(
            screen.query_one(Message).render())
        await keys(pilot, "enter")  # keep
        assert app.screen is screen and app.game.state.started
        assert screen.play(A.Goto("main1"))  # and the game goes on
        assert app.game.notices == ["plugin 'badhints' failed in display_hints: "
                                    "KeyError: 'no hint today'"]
