"""Fixtures for the TUI's pilot tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from tui_helpers import SIZE, command, keep_and_go_to_main


@asynccontextmanager
async def _at_main(app: Any, *lines: str, size: tuple[int, int] = SIZE) -> AsyncIterator[Any]:
    async with app.run_test(size=size) as pilot:
        await keep_and_go_to_main(pilot)
        for line in lines:
            await command(pilot, line)
        yield pilot


@pytest.fixture
def at_main() -> Any:
    """``async with at_main(app, *lines) as pilot``: ``app`` running (at :data:`SIZE`
    unless ``size=``), the opening hand kept, in p1's first main phase, each of
    ``lines`` (the scenario language) entered at the ``:`` command line."""
    return _at_main
