"""Test-wide hygiene: no test reads or writes the real user data directory.

``STACKFISH_DATA_DIR`` points at a fresh temporary directory for the whole run
(games launched by the command line are journalled there, and no imported card
database of the developer's changes a result).  A test that needs its own sets
it with ``monkeypatch.setenv``, or uses :func:`own_data_dir` for an empty one.

Hypothesis runs under a settings profile: ``ci`` by default (what every run of
the suite does: derandomized, so a failure reproduces, health checks on, the
fuzz budget of tests/test_fuzz_engine.py), ``deep`` for a long fuzzing run
(``python -m pytest tests/test_fuzz_engine.py tests/test_journal_fuzz.py
--hypothesis-profile deep``: random, ten times the examples, longer games).
Tests with ``@settings(max_examples=...)`` of their own keep their count.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

#: the fuzzers' budget per run: examples (games) and steps (rules fired) per game
settings.register_profile("ci", max_examples=30, stateful_step_count=50, deadline=None,
                          derandomize=True, database=None)
settings.register_profile("deep", max_examples=300, stateful_step_count=100, deadline=None)
settings.load_profile("ci")  # --hypothesis-profile NAME loads another after this


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN202
    old = os.environ.get("STACKFISH_DATA_DIR")
    os.environ["STACKFISH_DATA_DIR"] = str(tmp_path_factory.mktemp("stackfish-data"))
    yield
    if old is None:
        os.environ.pop("STACKFISH_DATA_DIR", None)
    else:
        os.environ["STACKFISH_DATA_DIR"] = old


@pytest.fixture
def own_data_dir(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """An empty data directory of this test's own (no card database, no games)."""
    path = tmp_path / "data"
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(path))
    return path
