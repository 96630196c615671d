"""The ``stackfish`` subcommands beyond play and simulate, and what they share:
the plugins ``--disable-plugin`` turns off, a progress bar for a terminal.

:mod:`.cards` (``deck check`` and ``cards ...``: the card database and which
cards are automated), :mod:`.games` (journalled games: ``games``, ``resume``,
``save``, ``load``).  ``tui.cli`` builds the parser and dispatches to them.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Any


def disabled(args: argparse.Namespace) -> tuple[str, ...]:
    """The plugins ``--disable-plugin`` turned off (``STACKFISH_DISABLE_PLUGINS`` too,
    in :func:`mechanics.plugin_api.plugin_manager.make_plugin_manager`)."""
    return tuple(getattr(args, "disable_plugin", None) or ())


def plugins_recipe(args: argparse.Namespace) -> Callable[[], Any]:
    """How the TUI makes each new game's plugin manager: every installed plugin but
    those ``--disable-plugin`` names (``tui.app.plugin_manager``)."""
    from mechanics import make_plugin_manager

    return functools.partial(make_plugin_manager, disabled=disabled(args))


def progress_bar(stream, label: str = "importing"):  # noqa: ANN001, ANN202
    """A ``progress(done, total)`` callback drawing a bar on ``stream`` (a terminal)."""
    def draw(done: int, total: int) -> None:
        frac = min(1.0, done / total) if total else 1.0
        filled = int(frac * 30)
        stream.write(f"\r{label} [{'#' * filled}{'.' * (30 - filled)}] {frac:4.0%}")
        if done >= total:
            stream.write("\r" + " " * 48 + "\r")
        stream.flush()
    return draw
