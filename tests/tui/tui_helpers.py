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
    """Press keys one by one, letting workers and dialogs settle after each."""
    for name in names:
        await pilot.press(name)
        await pilot.pause()
    await pilot.pause()


async def command(pilot, line: str) -> None:
    """Type a line at the ``:`` command line and enter it."""
    await keys(pilot, "colon")
    await pilot.press(*line)
    await keys(pilot, "enter")
