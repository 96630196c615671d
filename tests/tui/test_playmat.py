"""The board as a player sees it: the playmat's tiles on screen, the card pane, docked
decisions that mark their permanents, the themes and NO_COLOR."""

from __future__ import annotations

import re

from busy import busy_app
from tui_helpers import command, simic_app

from tui.palette import DARK, LIGHT
from tui.screens.dialogs import OrderDialog
from tui.widgets import Playmat


def mat_lines(app) -> list[str]:
    """The playmat's lines as laid out (all of them, scrolled or not)."""
    return [strip.text for _, strip in app.screen.query_one("#battlefield", Playmat)._lines]


async def test_busy_board_at_80x24_shows_each_creature_with_pt_counters_and_tapped_mark():
    app = busy_app(order=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = mat_lines(app)
        shown = "\n".join(lines)
        assert "  Cloudfin Raptor 2/3* · +1/+1×2" in shown
        assert "↷ Experiment One 2/2* · +1/+1×1" in shown  # tapped: marked (and greyed)
        assert "◌ Watchful Radstag 2/2" in shown  # phased out, still there
        assert "└ Rancor" in lines[[i for i, t in enumerate(lines) if "Grizzly Bears" in t][0] + 1]
        assert len(app.game.state.stack) == 3 and "top " in "\n".join(
            r.text.plain for r in app.screen.query_one("#stack").rows)


async def test_two_line_tiles_and_columns_on_a_large_terminal():
    app = busy_app(order=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        lines = mat_lines(app)
        row = next(t for t in lines if "Cloudfin Raptor" in t)
        assert "Experiment One" in row and "Shambleshark" in row  # side by side
        below = lines[lines.index(row) + 1]
        assert "+1/+1×2" in below  # counters on the tile's second line
        assert lines[-1].startswith("▶ p1") and lines[0].lstrip().startswith("p2")


async def test_the_card_pane_shows_what_changes_a_creature_on_wide_screens_only(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=1',
                       'hand p1 "Giant Growth"', "mana p1 {G}", 'cast p1 "Giant Growth" target bear',
                       "pass", size=(120, 40)) as pilot:
        mat = app.screen.query_one("#battlefield", Playmat)
        mat.focus()
        mat.select_index(next(i for i, r in enumerate(mat.rows) if "Grizzly" in r.text.plain))
        await pilot.pause()
        pane = app.screen.query_one("#cardpane")
        text = str(app.screen.query_one("#card").render())
        assert pane.display and pane.region.width > 0
        assert "6/6" in text and "printed 2/2" in text
        assert "+1/+1 counter ×1" in text
        assert "+3/+3 from a spell or ability, until end of turn" in text  # its source unrecorded
        assert "automated" in text
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        assert pane.region.width == 0  # narrow: no room, the i key shows it instead


async def test_a_manual_card_says_which_lines_are_played_by_hand(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Blood Moon"', size=(120, 40)) as pilot:
        mat = app.screen.query_one("#battlefield", Playmat)
        mat.focus()
        mat.select_index(next(i for i, r in enumerate(mat.rows) if "Blood Moon" in r.text.plain))
        await pilot.pause()
        text = str(app.screen.query_one("#card").render())
        missing = app.game.manual_phrases("Blood Moon")
        assert missing and "manual" in text and missing[0] in text


async def test_trigger_order_docks_beside_the_board_and_marks_the_creatures():
    app = busy_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OrderDialog) and dialog.has_class("-docked")
        mat = app.screen_stack[1].query_one("#battlefield", Playmat)
        sources = set(app.game.pending.options)
        assert mat.marked == sources
        names = {app.game.name_of(o) for o in sources}
        assert names == {"Cloudfin Raptor", "Experiment One", "Shambleshark"}
        box = dialog.query_one(".dialog").region
        assert box.x >= mat.region.right - 2  # the board is not covered
        await pilot.press("enter")
        await pilot.pause()
        assert mat.marked == set() and len(app.game.state.stack) == 3


async def test_the_light_theme_switches_the_board_to_the_light_palette(at_main):
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Llanowar Elves"') as pilot:
        mat = app.screen.query_one("#battlefield", Playmat)
        colour = lambda: next(s.style.color.name.upper() for r in mat.rows  # noqa: E731
                              if "Llanowar" in r.text.plain for s in r.name.spans if s.style.color
                              and s.style.color.name.upper() in (DARK.tints["G"], LIGHT.tints["G"]))
        assert colour() == DARK.tints["G"]
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        assert colour() == LIGHT.tints["G"]


async def test_no_color_draws_grey_and_keeps_the_marks(at_main, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Llanowar Elves" tapped') as pilot:
        await command(pilot, "battlefield p1 Forest")
        svg = app.export_screenshot()
        assert "↷" in svg and "Llanowar" in svg
        fills = {f.lower() for f in re.findall(r"terminal-(?:\d+-)?r\d+ \{ fill: (#[0-9a-fA-F]{6})", svg)}
        rgb = {f: [int(f[i:i + 2], 16) for i in (1, 3, 5)] for f in fills}
        tinted = {f for f, c in rgb.items() if max(c) - min(c) > 4}  # (Rich's own #c5c8c6 is grey)
        assert fills and not tinted  # every colour a grey


def test_long_lines_are_cut_between_fields_never_mid_word():
    from rich.text import Text

    from tui.widgets.playmat import cut, fit

    header = Text("  p2 goldfish  ♥ 14 life  ☠ 2 poison  hand 0 · library 0 · graveyard 0")
    assert cut(header, 47).plain == "  p2 goldfish  ♥ 14 life  ☠ 2 poison …"
    assert cut(header, 60).plain == "  p2 goldfish  ♥ 14 life  ☠ 2 poison  hand 0 · library 0 …"
    badges = [Text("+1/+1×2"), Text("evolve 2/3"), Text("manual")]
    assert fit(badges, 20, Text(" · ")).plain == "+1/+1×2 …"
    assert fit(badges, 40, Text(" · ")).plain == "+1/+1×2 · evolve 2/3 · manual"


async def test_the_pool_marks_mana_that_may_be_spent_only_on_some_things(at_main):
    """106.6: Castle Garenbrig's six {G} ("Spend this mana only to cast creature spells or
    activate abilities of creatures") are shown apart from the rest of the pool: ``{G}*``."""
    app = simic_app()
    async with at_main(app, 'battlefield p1 "Castle Garenbrig" as castle', "mana p1 {2}{G}{G}",
                       "activate p1 castle 2", "mana p1 {R}", size=(120, 40)):
        assert "pool " + "{G}*" * 6 + "{R}" in "\n".join(mat_lines(app))
