"""Pilot tests of the Simic deck's mechanics through the TUI: a trigger shown on the
stack panel and resolved, and a choice made in a modal (proliferate)."""

from __future__ import annotations

from tui_helpers import full_control, keys, panel_text, select_in_hand

import plugins.evolve
import plugins.proliferate
from tui.app import bundled_deck, make_app
from tui.screens.dialogs import ChooseDialog
from tui.screens.game import GameScreen
from tui.widgets import Message


def simic_app(seed: int = 1):
    """The Simic deck with its two mechanics' plugins (evolve, proliferate) only."""
    return make_app(bundled_deck(), seed, plugins=[plugins.evolve, plugins.proliferate])


def counters(app, name: str) -> int:
    st = app.game.state
    oid = next(o for o in st.battlefield if st.objs[o].name == name)
    return st.objs[oid].counters.get("+1/+1", 0)


async def test_evolve_trigger_is_shown_on_the_stack_and_resolves(at_main):
    app = full_control(simic_app())
    async with at_main(app, 'battlefield p1 "Cloudfin Raptor"', 'hand p1 "Grizzly Bears"',
                       "mana p1 {1}{G}") as pilot:
        await select_in_hand(pilot, "Grizzly Bears")
        await keys(pilot, "c", "space")  # cast, then both pass: the Bears enter
        stack = panel_text(app, "stack")
        assert "Cloudfin Raptor · triggered · p1" in stack, stack
        assert app.screen.query_one("#stack").border_title == "Stack (1)"
        assert counters(app, "Cloudfin Raptor") == 0
        await keys(pilot, "space")  # the evolve trigger resolves
        assert app.game.state.stack == []
        assert counters(app, "Cloudfin Raptor") == 1
        assert "Cloudfin Raptor 1/2* · +1/+1×1" in panel_text(app, "battlefield")


async def test_proliferate_opens_a_modal_and_the_choice_adds_a_counter(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears" counter +1/+1=1',
                       'hand p1 "Steady Progress"', "mana p1 {2}{U}") as pilot:
        await select_in_hand(pilot, "Steady Progress")
        await keys(pilot, "c", "space")  # cast, pass: it resolves and asks what to proliferate
        assert isinstance(app.screen, ChooseDialog)
        assert app.game.pending is not None and app.game.pending.kind != "priority"
        labels = [str(s.prompt) for s in app.screen.query_one("#choices")._options]
        at = next(i for i, label in enumerate(labels) if label.startswith("Grizzly Bears"))
        await keys(pilot, "home", *["down"] * at, "space", "enter")
        assert isinstance(app.screen, GameScreen)
        assert counters(app, "Grizzly Bears") == 2


async def test_n_resolves_until_the_stack_is_empty_new_triggers_included(at_main):
    """``n`` with a stack is ``resolve all``: the Dreadmaw, Renegade Krasis's evolve
    trigger, then its "whenever this creature evolves" trigger, all in one key."""
    app = full_control(simic_app())
    async with at_main(app, 'battlefield p1 "Renegade Krasis"',
                       'battlefield p1 "Grizzly Bears" counter +1/+1=1',
                       'hand p1 "Colossal Dreadmaw"', "mana p1 {4}{G}{G}") as pilot:
        await select_in_hand(pilot, "Colossal Dreadmaw")
        await keys(pilot, "c", "n")
        assert app.game.state.stack == [] and app.game.state.step == "main1"
        assert counters(app, "Renegade Krasis") == 1
        assert counters(app, "Grizzly Bears") == 2
        assert app.screen.query_one("#stack").border_title == "Stack"
        assert "resolved the stack" in str(app.screen.query_one(Message).render())
