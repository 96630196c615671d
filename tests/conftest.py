"""pytest collects every ``*.scenario`` file under tests/ as a test item."""

from __future__ import annotations

import pytest

from mechanics.errors import SourceError
from mechanics.scenario import run_checked


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".scenario":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    """One scenario file: passes when every expectation holds."""

    def runtest(self):
        run_checked(str(self.path))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, SourceError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
