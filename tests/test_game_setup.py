"""A game's set-up, made cheap for batches of games, deals the same game: a library
shuffled with the game's generator is in the order ``random`` gives for the same seed."""

from __future__ import annotations

import random

from mechanics.model.state import State


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
