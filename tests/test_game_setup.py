"""A game's set-up, made cheap for batches of games, ends where the general path does:
the same objects, the same library order for the same seed, the same opening hand."""

from __future__ import annotations

from mechanics.model.state import Obj, new_objs


def test_new_objs_are_the_objects_the_constructor_makes():
    names = ["Mountain", "Lightning Bolt", "Mountain"]
    made = new_objs(7, names, "p2", "library", 40)
    assert made == [Obj(7 + i, name, "p2", "p2", "library", 40 + i) for i, name in enumerate(names)]
    assert all(type(o) is Obj for o in made)
    made[0].counters["+1/+1"] = 1  # each has its own counters, choices and blockers
    made[0].choices["x"] = "1"
    made[0].blocking.append(3)
    assert made[1].counters == {} and made[1].choices == {} and made[1].blocking == []
    assert Obj(1, "a", "p1", "p1", "hand").counters == {}  # (the dataclass's defaults untouched)


def test_a_shuffle_gives_the_order_random_gives_for_the_same_seed():
    import random

    from mechanics.model.state import State

    for seed in range(200):
        for n in (0, 1, 2, 3, 7, 33, 40, 60, 64, 65, 100):
            st, rng = State(), random.Random(seed)
            st.rng.seed(seed)
            mine, theirs = list(range(n)), list(range(n))
            st.shuffle(mine)
            rng.shuffle(theirs)
            assert mine == theirs, (seed, n)
            assert st.rng.random() == rng.random()  # the same numbers were drawn: what follows is the same
