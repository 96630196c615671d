"""Helpers for the TUI tests: deterministic apps (fixed seed, no plugins)."""

from __future__ import annotations

import os

from tui.app import bundled_deck, make_app

DATA = os.path.join(os.path.dirname(__file__), "data")


def simic_app(seed: int = 1):
    """The bundled Simic deck with no plugins, so the screen doesn't depend on them."""
    return make_app(bundled_deck(), seed, plugins=[])


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
