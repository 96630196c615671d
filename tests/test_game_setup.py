"""A game's set-up and a batch of games, made cheap, play the same games: a library
shuffled with the game's generator is in the order ``random`` gives for the same seed,
and a finished batch game is freed at once, whatever the cycle collector does."""

from __future__ import annotations

import gc
import random
from importlib import resources

from mechanics.ai import simulate as sim
from mechanics.model.state import State
from mechanics.play.game import Game

RED = str(resources.files("mechanics").joinpath("data/decks/red-aggro.txt"))


def test_a_shuffle_gives_the_order_random_gives_for_the_same_seed():
    for seed in range(200):
        for n in (0, 1, 2, 3, 7, 33, 40, 60, 64, 65, 100):
            st, rng = State(), random.Random(seed)
            st.rng.seed(seed)
            mine, theirs = list(range(n)), list(range(n))
            st.shuffle(mine)
            rng.shuffle(theirs)
            assert mine == theirs, (seed, n)
            assert st.rng.random() == rng.random()  # the same numbers were drawn: what follows is the same


def test_a_batch_frees_each_game_and_leaves_the_collector_as_it_was():
    assert gc.isenabled()
    sim.run_games(RED, [1, 2])
    assert gc.isenabled()
    gc.collect()
    before = {id(o) for o in gc.get_objects() if isinstance(o, Game)}  # (other tests' games)
    gc.disable()  # nothing collects cycles now: a game in one would stay
    try:
        games = sim.run_games(RED, [3, 4])
        assert not gc.isenabled()
        assert {id(o) for o in gc.get_objects() if isinstance(o, Game)} <= before
    finally:
        gc.enable()
    assert [g.kill_turn for g in games] == [g.kill_turn for g in sim.run_games(RED, [3, 4])]
