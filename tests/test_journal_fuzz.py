"""The engine fuzzer (tests/test_fuzz_engine.py) with a journal on disk: after a
random game of legal, manual and undo actions, resuming the journal file gives
the exact position (snapshot, pending decision, stack, triggers) of the game."""

from __future__ import annotations

import shutil
import tempfile

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, run_state_machine_as_test

from mechanics.io.journal import Journal
from mechanics.io.replay import resume
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


@pytest.mark.parametrize("machine", [JournalledMachine, RedJournalledMachine],
                         ids=["simic-evolve", "red-aggro"])
def test_journal_resume_reproduces_fuzzed_games(machine: type[EngineMachine]) -> None:
    """A quarter of the engine fuzzer's games (the profile's budget, tests/conftest.py):
    the journal adds the file round trip to what that fuzzer checks."""
    run_state_machine_as_test(machine, settings=settings(max_examples=max(1, settings.default.max_examples // 4)))
