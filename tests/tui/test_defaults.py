"""Sensible defaults in the dialogs: the likely target first (an opponent for damage
and removal, your own creature for a pump), checklists that say how they start, and
auto-pay with every mana source (the ``+`` marks agree with it)."""

from __future__ import annotations

from tui_helpers import keys, panel_text, select_in_hand, simic_app

import plugins.evolve
from tui.app import bundled_deck, make_app
from tui.screens.dialogs import ChooseDialog
from tui.screens.game import GameScreen


def first_choice(app) -> str:
    lst = app.screen.query_one("#choices")
    return str(lst.get_option_at_index(lst.highlighted or 0).prompt)


async def test_lightning_bolt_targets_the_opponent_by_default(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears"', 'battlefield p2 "Grizzly Bears"',
                       'hand p1 "Lightning Bolt"', "battlefield p1 Mountain") as pilot:
        await select_in_hand(pilot, "Lightning Bolt")
        await keys(pilot, "enter")
        assert isinstance(app.screen, ChooseDialog)
        assert first_choice(app).startswith("p2 (20 life")
        await keys(pilot, "enter")  # the default: the opponent, never p1 themself
        assert app.game.state.players["p1"].life == 20
        assert app.game.state.players["p2"].life == 17


async def test_removal_defaults_to_the_opponents_creature_and_a_pump_to_yours(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears" as mine',
                       'battlefield p2 "Grizzly Bears" as theirs', 'hand p1 Murder "Giant Growth"',
                       "mana p1 {1}{B}{B}{G}") as pilot:
        await select_in_hand(pilot, "Giant Growth")
        await keys(pilot, "enter")
        assert first_choice(app).endswith("[p1]")
        await keys(pilot, "escape")
        await select_in_hand(pilot, "Murder")
        await keys(pilot, "enter")
        assert first_choice(app).endswith("[p2]")
        await keys(pilot, "enter")
        st = app.game.state
        assert [st.objs[o].name for o in st.players["p2"].graveyard] == ["Grizzly Bears"]
        assert [st.objs[o].name for o in st.battlefield  # noqa
                if app.game.controller_of(o) == "p1"] == ["Grizzly Bears"]


async def test_a_mana_creature_pays_and_the_plus_mark_says_so(at_main):
    """Gyre Sage with two counters adds {G}{G}: with one Forest, Renegade Krasis
    ({1}{G}{G}) is marked playable and enter casts it; a summoning-sick mana creature
    doesn't count (Gyre Sage's mana ability comes with the evolve plugin)."""
    app = make_app(bundled_deck(), 1, plugins=[plugins.evolve])
    async with at_main(app, 'battlefield p1 "Gyre Sage" counter +1/+1=2', "battlefield p1 Forest",
                       'battlefield p1 "Llanowar Elves" sick', 'hand p1 "Renegade Krasis"') as pilot:
        assert "+ Renegade Krasis" in panel_text(app, "hand")
        await select_in_hand(pilot, "Renegade Krasis")
        await keys(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        st = app.game.state
        assert "Renegade Krasis" in panel_text(app, "battlefield")
        sage = next(o for o in st.battlefield if st.objs[o].name == "Gyre Sage")
        elves = next(o for o in st.battlefield if st.objs[o].name == "Llanowar Elves")
        assert st.objs[sage].tapped and not st.objs[elves].tapped


async def test_a_sick_mana_creature_does_not_make_a_card_playable(at_main):
    app = simic_app()
    async with at_main(app, "battlefield p1 Forest", 'battlefield p1 "Llanowar Elves" sick',
                       'hand p1 "Grizzly Bears"'):
        assert "  Grizzly Bears" in panel_text(app, "hand")
        assert "+ Grizzly Bears" not in panel_text(app, "hand")
