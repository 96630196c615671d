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
    ("expect p1 life", "expect PLAYER life N"), ("expect bear counter", "expect OBJ counter KIND N"),
    ("expect p1 counter", "expect PLAYER counter KIND N"),
    ("expect p1 counter rad", "expect PLAYER counter KIND N"),
    ("expect bear attached-to", "expect OBJ attached-to"), ("expect bear pt", "expect OBJ pt P/T"),
    ("expect bear damage", "expect OBJ damage N"), ("expect bear in", "expect OBJ in ZONE"),
])
def test_an_expectation_missing_words_is_a_usage_error_naming_the_line(line: str,
                                                                      usage: str) -> None:
    """These were "internal error"s (IndexError); the check is main's expectation table."""
    with pytest.raises(SourceError) as err:
        run_text(SETUP + line + "\n", "t.scenario")
    assert err.value.line == 3 and "too few words" in str(err.value) and usage in str(err.value)


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


def test_undo_history_is_bounded_in_memory_and_undo_stays_exact(monkeypatch) -> None:
    """A long game kept every snapshot in memory (5 GB after 300 s of churn): past a
    budget the older ones are spilled to a temporary file, and undoing through them
    gives back each position exactly."""
    from mechanics.play import history
    from tests.test_journal import new_game, play_randomly

    monkeypatch.setattr(history, "MEMORY", 40_000)
    game = new_game(seed=7)
    positions = []
    for _ in range(120):
        positions.append(game.snapshot())
        play_randomly(game, 1, seed=len(positions))
    h = game.history
    assert len(h) == 4 + 120  # (no game ended early)
    assert h._spilled > 100 and h._held <= 40_000 + max(len(s) for s in h._snaps[h._spilled:])
    spill = h._file.tell()
    for position in reversed(positions[-100:]):
        game.undo()
        assert game.snapshot() == position
    assert h._file.tell() < spill  # undoing gives the file back too
    redone = [game.redo() for _ in range(50)]
    assert len(redone) == 50 and game.snapshot() == positions[len(positions) - 100 + 50]


def test_pumps_in_a_row_are_one_effect_with_the_same_result() -> None:
    """What keeps a pump/undo/redo churn linear (benchmarks/history.py): sourceless pumps
    of one permanent in a row add up in one effect (613.4c), until end of turn as before."""
    game = Game()
    for line in ("turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear', "pump bear +1/+1",
                 "pump bear +2/-1", "undo", "redo", "pump bear +1/+1"):
        game.play(line) if line not in ("undo", "redo") else getattr(game, line)()
    bear = game.resolve_ref("bear")
    assert (game.view(bear).power, game.view(bear).toughness) == (6, 3)
    assert len(game.state.effects) == 1 and "pump o1 +4/+1" in game.snapshot()
    game.play("goto end")
    game.play("goto upkeep")  # through the cleanup step: the pumps end
    assert (game.view(bear).power, game.view(bear).toughness) == (2, 2)
