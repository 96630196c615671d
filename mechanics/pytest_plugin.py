"""A pytest plugin (entry point ``pytest11``): every ``*.scenario`` file is a test.

It ships with the engine so that a third-party mechanic's own test suite
collects its scenario files exactly as stackfish's does, with the cards
``stackfish script`` sees (bundled and imported, :func:`scenario_pool`) plus
the card files the ``stackfish_cards`` ini option names: a plugin package's
made-up test cards, declared in its ``pyproject.toml``::

    [tool.pytest.ini_options]
    stackfish_cards = ["tests/cards.json"]
"""

from __future__ import annotations

import pytest

from .io.scenario import run_checked, scenario_pool
from .model.errors import SourceError


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("stackfish_cards", type="paths", default=[],
                  help="card files (JSON arrays of Scryfall-shaped cards) that scenario files "
                       "may use beside the bundled and imported cards")


def pytest_collect_file(parent: pytest.Collector, file_path) -> pytest.Collector | None:  # noqa: ANN001
    if file_path.suffix == ".scenario":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):  # noqa: ANN201
        yield ScenarioItem.from_parent(self, name=self.path.stem)


def _pool(config: pytest.Config):  # noqa: ANN202 - read once per test run
    pool = getattr(config, "_stackfish_pool", None)
    if pool is None:
        pool = config._stackfish_pool = scenario_pool(config.getini("stackfish_cards"))
    return pool


class ScenarioItem(pytest.Item):
    """One scenario file: passes when every expectation holds."""

    def runtest(self) -> None:
        from .play.game import Game

        pool = _pool(self.config)
        run_checked(str(self.path), game_factory=lambda **kw: Game(pool=pool, **kw))

    def repr_failure(self, excinfo, style=None):  # noqa: ANN001, ANN201
        if isinstance(excinfo.value, SourceError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # noqa: ANN201
        return self.path, 0, f"scenario: {self.name}"
