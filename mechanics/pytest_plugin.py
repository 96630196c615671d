"""A pytest plugin (entry point ``pytest11``): every ``*.scenario`` file is a test.

It ships with the engine so that a third-party mechanic's own test suite
collects its scenario files exactly as stackfish's does, with the cards
``stackfish script`` sees (bundled and imported, :func:`scenario_pool`) plus
the card files the ``stackfish_cards`` ini option names: a plugin package's
made-up test cards, declared in its ``pyproject.toml``::

    [tool.pytest.ini_options]
    stackfish_cards = ["tests/cards.json"]

At the end of the run it counts why each ``expect-error`` line was refused (the
terminal summary) and fails the run if any was refused for another reason than
the rules (a typo in a reference, an internal error), so a test that passes for
the wrong reason cannot hide in the total.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .io.scenario import Refusal, run_checked, scenario_pool
from .model.errors import SourceError

#: the ``user_properties`` key of an item's ``expect-error`` outcomes
REFUSAL = "expect-error"


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
        refusals: list[Refusal] = []
        try:
            run_checked(str(self.path), game_factory=lambda **kw: Game(pool=pool, **kw),
                        refusals=refusals)
        finally:
            for r in refusals:
                self.user_properties.append(
                    (REFUSAL, [f"{self.path.name}:{r.line}", r.reason, r.error, r.message, r.by_the_rules]))

    def repr_failure(self, excinfo, style=None):  # noqa: ANN001, ANN201
        if isinstance(excinfo.value, SourceError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # noqa: ANN201
        return self.path, 0, f"scenario: {self.name}"


class RefusalTally:
    """Every ``expect-error`` outcome of the run (gathered from the reports, so it
    works under pytest-xdist too)."""

    def __init__(self) -> None:
        self.outcomes: list[list] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call":
            self.outcomes += [value for key, value in report.user_properties if key == REFUSAL]

    def wrong(self) -> list[list]:
        return [o for o in self.outcomes if not o[4]]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.wrong() and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter) -> None:  # noqa: ANN001
        if not self.outcomes:
            return
        tr = terminalreporter
        by = Counter((o[2] or "applied", o[1] or "(no reason given)") for o in self.outcomes)
        rules = sum(1 for o in self.outcomes if o[4])
        tr.write_line(f"expect-error: {len(self.outcomes)} lines, {rules} refused by the rules "
                      f"({len({o[1] for o in self.outcomes if o[4]})} reasons)")
        for o in self.wrong():
            tr.write_line(f"  {o[0]}: not a rules refusal: {o[2] or 'applied'}: {o[3]}", red=True)
        if tr.verbosity > 0:
            for (error, reason), n in by.most_common():
                tr.write_line(f"  {n:4d} {error}: {reason}")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RefusalTally(), "stackfish-refusal-tally")
