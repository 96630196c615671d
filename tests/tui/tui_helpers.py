"""Helpers for the TUI tests: deterministic apps (fixed seed, no plugins) and the
pilot's moves that many tests share (keys, the command line, the hand)."""

from __future__ import annotations

import asyncio
import os

from tui.app import bundled_deck, make_app
from tui.screens.dialogs import MulliganDialog
from tui.screens.game import GameScreen
from tui.widgets import Panel

DATA = os.path.join(os.path.dirname(__file__), "data")
SIZE = (120, 40)


def simic_app(seed: int = 1):
    """The bundled Simic deck with no plugins, so the screen doesn't depend on them."""
    return make_app(bundled_deck(), seed, plugins=[])


def full_control(app):
    """``app`` with the stops a test of the stack wants: every priority, nothing passed."""
    app.stops = ("full-control",)
    return app


def red_app(seed: int = 1):
    """A small red deck (Mountains, Lightning Bolts, Raging Goblins)."""
    return make_app(os.path.join(DATA, "red.txt"), seed, plugins=[])


async def keys(pilot, *names: str) -> None:
    """Press keys one by one (``pilot.press`` waits until the app is idle after
    each), then let workers and dialogs settle."""
    for name in names:
        await pilot.press(name)
    await pilot.pause()


async def command(pilot, line: str, type_it: bool = False) -> None:
    """Open the ``:`` command line, put a line in it and enter it.  The line is set
    directly (typing each key costs the pilot tens of milliseconds) unless
    ``type_it``; the history/completion test types for real."""
    await keys(pilot, "colon")
    if type_it:
        await pilot.press(*line)
    else:
        pilot.app.screen.query_one("#cmdline").value = line
    await keys(pilot, "enter")


def panel_text(app, panel_id: str) -> str:
    panel = app.screen.query_one(f"#{panel_id}", Panel) if isinstance(app.screen, GameScreen) \
        else app.screen_stack[1].query_one(f"#{panel_id}", Panel)
    return "\n".join(panel.texts)


def screen_rows(app) -> list[str]:
    """The active screen as the terminal shows it, one string per row (every widget
    composited, a dialog's borders included)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def select_in_hand(pilot, name: str) -> None:
    """Focus the hand and move the selection onto a card with that name."""
    app = pilot.app
    screen = app.screen
    hand = screen.query_one("#hand", Panel)
    hand.focus()
    await pilot.pause()
    game = app.game
    ids = [r.id for r in hand.rows]
    want = next(i for i, oid in enumerate(ids) if game.state.objs[int(oid[1:])].name == name)
    hand.select_index(want)  # (moving there with "down" presses is tested elsewhere)
    await pilot.pause()
    assert hand.selected_id == ids[want]


async def keep_and_go_to_main(pilot) -> None:
    assert isinstance(pilot.app.screen, MulliganDialog)
    await keys(pilot, "enter")  # keep: the game passes upkeep and draw for p1 (smart stops)
    if "full-control" in pilot.app.stops:
        await keys(pilot, "n", "n")  # upkeep -> draw -> main1 (the first player skips the draw)
    game = pilot.app.game
    assert (game.state.turn, game.state.step) == (1, "main1")


async def settled(pilot, check, seconds: float = 5.0) -> bool:
    """Whether ``check()`` holds once the app has repainted, waiting up to ``seconds``
    for what is done after a refresh (``call_after_refresh``: scrolling a resized log),
    which one pause may not reach on a busy machine."""
    for _ in range(int(seconds * 20)):
        await pilot.pause()
        if check():
            return True
        await asyncio.sleep(0.05)
    return check()


async def wait_simulated(pilot, dialog, seconds: float = 60.0) -> None:
    """Wait until a :class:`SimulateDialog`'s games are done (or it shows an error)."""
    if not await settled(pilot, lambda: dialog.results is not None or dialog.error, seconds):
        raise AssertionError("the simulation did not finish")
    await pilot.pause()
