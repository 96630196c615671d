"""Batch goldfishing: the autopilot (mechanics/ai/autopilot.py), many games of it
(mechanics/ai/simulate.py) and `stackfish simulate`."""

from __future__ import annotations

import json
import os
from importlib import resources

import pytest

from mechanics.ai import autopilot as ap
from mechanics.ai import decisions
from mechanics.ai import simulate as sim
from mechanics.model.state import Decision
from mechanics.play.game import Game
from tui.cli import main


def deck(name: str) -> str:
    return str(resources.files("mechanics").joinpath(f"data/decks/{name}"))


RED, SIMIC, PROLIFERATE = deck("red-aggro.txt"), deck("simic-evolve.txt"), deck("proliferate-rad.txt")


def test_same_seed_same_result_and_jobs_partition_the_same_games():
    one = sim.simulate(RED, 12, seed=5)
    again = sim.simulate(RED, 12, seed=5)
    two = sim.simulate(RED, 12, seed=5, jobs=2)
    assert one.kill_turns == again.kill_turns == two.kill_turns
    assert one.mulligans == again.mulligans == two.mulligans
    assert one.to_json()["kill_turn"] == two.to_json()["kill_turn"]
    other = sim.simulate(RED, 12, seed=500)
    assert other.kill_turns != one.kill_turns  # the seed matters


def test_game_i_uses_seed_plus_i():
    whole = sim.simulate(RED, 6, seed=10)
    tail = sim.simulate(RED, 3, seed=13)
    assert whole.kill_turns[3:] == tail.kill_turns


def test_red_aggro_kill_turn_is_sane():
    res = sim.simulate(RED, 60, seed=1)
    assert not res.errors
    assert 4 <= res.mean <= 8
    assert res.no_kill == 0
    assert 0 < res.mulligan_rate < 0.4
    assert sum(res.histogram.values()) == 60
    assert res.percentile(10) <= res.median <= res.percentile(90)


@pytest.mark.parametrize("path", [RED, SIMIC, PROLIFERATE])
def test_autopilot_never_plays_an_illegal_action(path):
    seen: list[str] = []

    def check(game, action):
        assert action in game.legal_actions, f"illegal: {action} at {game.pending.prompt}"
        seen.append(type(action).__name__)

    for seed in (1, 2, 3):
        game = sim.new_game(path, seed)
        result = sim.play_game(game, check=check)
        assert not result.error
        assert game.state.over and result.kill_turn is not None
    assert {"PlayLand", "Cast", "Attack", "Keep"} <= set(seen)


def test_simic_deck_evolves_and_kills():
    res = sim.simulate(SIMIC, 20, seed=1)
    assert not res.errors and 4 <= res.mean <= 9
    game = sim.new_game(SIMIC, 3)
    sim.play_game(game)
    evolvers = {line.split(" triggers: evolve:")[0] for line in game.log if " triggers: evolve:" in line}
    assert evolvers, "no evolve trigger in the game"
    assert any(f"{name} gets 1 +1/+1 counter" in game.log for name in evolvers)


def test_evolve_triggers_ordered_so_that_most_evolve():
    """The Raptor (2/3) must evolve before the Krasis's evolve grows it to 3/4,
    after which the 3/3 Tusker would no longer be greater."""
    game = Game(policy=ap.policy)
    for line in ("goldfish p2", "turn p1 main1",
                 'battlefield p1 "Cloudfin Raptor" as raptor counter +1/+1=2',
                 'battlefield p1 "Renegade Krasis" as krasis',
                 'hand p1 "Kalonian Tusker"', 'cast p1 "Kalonian Tusker" free', "resolve all"):
        game.play(line)
    while game.state.stack:
        game.play("resolve all")
    raptor = game.state.aliases["raptor"]
    krasis = game.state.aliases["krasis"]
    assert game.obj(raptor).counters.get("+1/+1") == 4  # evolved, then Krasis's counter
    assert game.obj(krasis).counters.get("+1/+1") == 1


def test_proliferate_chooses_own_helpful_counters_and_the_opponent():
    game = Game(policy=ap.policy)
    for line in ("goldfish p2", "turn p1 main1",
                 'battlefield p1 "Grizzly Bears" as mine counter +1/+1=1',
                 'battlefield p1 "Llanowar Elves" as shrunk counter -1/-1=1',
                 'battlefield p2 "Grizzly Bears" as theirs counter +1/+1=1',
                 "counter p2 poison 1", "counter p1 rad 2", "counter p2 rad 1"):
        game.play(line)
    a = game.state.aliases
    opts = [a["mine"], a["shrunk"], a["theirs"], "p1", "p2"]
    assert decisions.proliferate_choice(game, "p1", opts) == [a["mine"], "p2"]


def test_burn_goes_at_the_opponent_unless_they_cant_be_targeted():
    """A Bolt goes at the opponent, even with a creature of theirs around; under Teferi's
    Protection (702.16b: they can't be targeted) at their creature instead."""
    game = Game(policy=ap.policy)
    for line in ("turn p1 main1", 'battlefield p2 "Grizzly Bears" as bears', "battlefield p1 Mountain",
                 'hand p1 "Lightning Bolt"'):
        game.play(line)
    assert str(ap.spell_to_cast(game, "p1", True)) == 'cast p1 "Lightning Bolt" target p2'
    for line in ("turn p2 main1", 'hand p2 "Teferi\'s Protection"', 'cast p2 "Teferi\'s Protection" free',
                 "resolve all", "turn p1 main1", 'battlefield p2 "Grizzly Bears" as bears2'):
        game.play(line)
    assert str(ap.spell_to_cast(game, "p1", True)) == 'cast p1 "Lightning Bolt" target bears2'


def _mulligan_answer(cards: list[str], mulligans: int = 0) -> str:
    game = Game(policy=ap.policy)
    game.play("hand p1 " + " ".join(f'"{c}"' for c in cards))
    game.state.players["p1"].mulligans = mulligans
    hand = tuple(game.state.players["p1"].hand)
    return str(ap.mulligan(game, Decision("mulligan", "p1", "keep?", hand, mulligans, mulligans)))


def test_mulligan_rule_lands_and_spells():
    assert _mulligan_answer(["Lightning Bolt"] * 7) == "mulligan p1"
    assert _mulligan_answer(["Mountain"] * 6 + ["Hill Giant"]) == "mulligan p1"
    assert _mulligan_answer(["Mountain"] + ["Hill Giant"] * 6) == "mulligan p1"
    assert _mulligan_answer(["Mountain"] * 3 + ["Hill Giant"] * 4) == "keep p1"
    # after a mulligan, one card goes to the bottom: the surplus land, else the costliest spell
    assert _mulligan_answer(["Mountain"] * 4 + ["Gray Ogre"] * 3, 1) == "keep p1 Mountain"
    assert _mulligan_answer(["Mountain"] * 2 + ["Lightning Bolt", "Hill Giant"] + ["Gray Ogre"] * 3,
                            1) == 'keep p1 "Hill Giant"'
    assert _mulligan_answer(["Lightning Bolt"] * 7, 3).startswith("keep p1")  # keep at four


def test_results_render_and_json_shape():
    res = sim.simulate(RED, 10, seed=3)
    text = res.render()
    for word in ("kill turn: mean", "median", "p90", "turn ", "#", "mulligan rate", "no kill by turn 20",
                 "games/s", "land drop made", "lands in the kept hand", "killed by turn 3: "):
        assert word in text


def test_cli_json(capsys):
    assert main(["simulate", RED, "-n", "8", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8 and data["seed"] == 2 and data["jobs"] == 1
    assert set(data["kill_turn"]) == {"mean", "median", "percentiles", "histogram", "restricted_mean",
                                      "median_ci", "killed_by"}
    assert [r["seed"] for r in data["records"]] == list(range(2, 10))
    assert all(r["turns"] == len(r["lands"]) == len(r["damage"]) for r in data["records"])
    assert set(data["kill_turn"]["percentiles"]) == {"10", "25", "50", "75", "90"}
    assert sum(data["kill_turn"]["histogram"].values()) + data["no_kill"] == 8
    assert 0 <= data["mulligan_rate"] <= 1 and data["errors"] == 0
    assert data["seconds"] > 0 and data["games_per_second"] > 0


def test_cli_text_and_bad_deck(capsys, tmp_path):
    assert main(["simulate", RED, "-n", "4"]) == 0
    assert "kill turn" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Not A Real Card Name\n")
    assert main(["simulate", str(bad), "-n", "4"]) == 2
    assert main(["simulate", str(tmp_path / "missing.txt"), "-n", "4"]) == 2


def test_same_result_in_fresh_processes_with_other_hash_seeds():
    import os
    import subprocess
    import sys

    outs = []
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        proc = subprocess.run([sys.executable, "-m", "tui.cli", "simulate", SIMIC, "-n", "10", "--seed", "4",
                               "--json"], capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        outs.append((data["kill_turn"], data["mulligans"], data["no_kill"]))
    assert outs[0] == outs[1]


def test_state_based_actions_skipped_only_while_nothing_changed():
    """sba.check remembers a check that found nothing (the autopilot's speed) and
    checks again after any change (game.changed)."""
    from mechanics.rules import sba

    game = Game()
    for line in ("goldfish p2", "turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear'):
        game.play(line)
    bear = game.state.aliases["bear"]
    assert sba.check(game) is False
    assert sba.check(game) is False
    game.damage(bear, 2)
    assert sba.check(game) is True
    assert game.obj(bear).zone == "graveyard"


@pytest.mark.parametrize("deck", ["pioneer-mono-green-devotion.txt", "modern-jund.txt"])
def test_the_autopilot_plays_real_lists_with_planeswalkers_without_an_illegal_action(deck):
    # 606.3: a planeswalker's loyalty abilities once a turn; the autopilot keeps to it
    path = os.path.join(os.path.dirname(__file__), "data", "real-decks", deck)
    res = sim.simulate(path, n=6, seed=1)
    assert res.errors == [] and len(res.kill_turns) == 6
