"""The engine fuzzer (tests/test_fuzz_engine.py) with a journal on disk: after a
random game of legal, manual and undo actions, resuming the journal file gives
the exact position (snapshot, pending decision, stack, triggers) of the game."""

from __future__ import annotations

import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, run_state_machine_as_test

from mechanics.io.journal import Journal, resume
from tests.test_fuzz_engine import DECKS, EngineMachine, fingerprint


class JournalledMachine(EngineMachine):
    deck = DECKS[1]  # Simic evolve: plugin triggers, choices and orders

    @initialize(seed=st.integers(0, 2**20))
    def start(self, seed: int) -> None:
        super().start(seed)
        self.root = tempfile.mkdtemp(prefix="stackfish-journal-fuzz-")
        self.journal = Journal.create(self.game, self.root, fsync=False)

    def teardown(self) -> None:
        journal = getattr(self, "journal", None)
        try:
            super().teardown()
            if journal is not None:
                journal.close()
                resumed = resume(journal.directory, warn=pytest.fail)
                assert fingerprint(resumed) == fingerprint(self.game), \
                    "resuming the journal gave another position"
        finally:
            if journal is not None:
                journal.close()
                shutil.rmtree(self.root, ignore_errors=True)


class RedJournalledMachine(JournalledMachine):
    deck = DECKS[0]


FAST = settings(max_examples=4, stateful_step_count=25, deadline=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=100, stateful_step_count=80, deadline=None,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("machine", [JournalledMachine, RedJournalledMachine],
                         ids=["simic-evolve", "red-aggro"])
def test_journal_resume_reproduces_fuzzed_games(machine: type[EngineMachine]) -> None:
    run_state_machine_as_test(machine, settings=FAST)


@pytest.mark.slow
@pytest.mark.parametrize("machine", [JournalledMachine, RedJournalledMachine],
                         ids=["simic-evolve", "red-aggro"])
def test_journal_resume_reproduces_fuzzed_games_long(machine: type[EngineMachine]) -> None:
    run_state_machine_as_test(machine, settings=SLOW)
