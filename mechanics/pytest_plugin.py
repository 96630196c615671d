"""A pytest plugin (entry point ``pytest11``): every ``*.scenario`` file is a test.

It ships with the engine so that a third-party mechanic's own test suite
collects its scenario files exactly as stackfish's does.
"""

from __future__ import annotations

import pytest

from .io.scenario import run_checked
from .model.errors import SourceError


def pytest_collect_file(parent: pytest.Collector, file_path) -> pytest.Collector | None:  # noqa: ANN001
    if file_path.suffix == ".scenario":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):  # noqa: ANN201
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    """One scenario file: passes when every expectation holds."""

    def runtest(self) -> None:
        run_checked(str(self.path))

    def repr_failure(self, excinfo, style=None):  # noqa: ANN001, ANN201
        if isinstance(excinfo.value, SourceError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # noqa: ANN201
        return self.path, 0, f"scenario: {self.name}"
