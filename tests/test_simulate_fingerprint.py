"""The same kill turns for the same seeds: a fingerprint of every bundled deck's
per-seed kill turn and mulligans over seeds 1..200.

The engine's speed-ups (skipping priority rounds nobody can use, keeping the
legal-action list) must not change a single game.  The fingerprints below were
computed on the engine before those changes; if a rules fix changes games on
purpose, recompute them (the test prints the new ones) and say why in the commit.
"""

from __future__ import annotations

import hashlib
from importlib import resources

import pytest

from mechanics.ai import simulate as sim

FINGERPRINTS = {
    "red-aggro.txt": "4b1f7899fe4486c0",
    "simic-evolve.txt": "248fbcb6cb978ba1",  # auto-pay taps Gyre Sage too (issue 17)
    "proliferate-rad.txt": "7371274ad5a4a212",
}


def fingerprint(games: list[sim.GameResult]) -> str:
    text = ",".join(f"{g.kill_turn}/{g.mulligans}" for g in games)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_same_seeds_same_kill_turns(name):
    path = str(resources.files("mechanics").joinpath(f"data/decks/{name}"))
    games = sim.run_games(path, range(1, 201))
    assert not [g.error for g in games if g.error]
    assert all(g.kill_turn is not None for g in games)  # every game killed: a real fingerprint
    assert fingerprint(games) == FINGERPRINTS[name], f"{name}: now {fingerprint(games)}"
