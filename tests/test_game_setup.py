"""A game's set-up and a batch of games, made cheap, play the same games: a library
shuffled with the game's generator is in the order ``random`` gives for the same seed,
a batch game made from its deck's set-up is the game its actions make, what hears the
opening hands hears them without a log, and a finished batch game is freed at once,
whatever the cycle collector does."""

from __future__ import annotations

import gc
import random
from dataclasses import MISSING, field, fields, make_dataclass
from importlib import resources
from pathlib import Path

import pytest

from mechanics.ai import simulate as sim
from mechanics.model.state import Obj, Player, StackItem, State
from mechanics.play.game import Game

RED, SIMIC, PROLIFERATE = (str(resources.files("mechanics").joinpath(f"data/decks/{name}"))
                           for name in ("red-aggro.txt", "simic-evolve.txt", "proliferate-rad.txt"))
KEYWORDS = str(Path(__file__).parent / "data" / "keyword-decks" / "alternative-costs.txt")


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


@pytest.mark.parametrize("cls", [Obj, Player, StackItem], ids=lambda c: c.__name__)
def test_a_record_made_by_its_quick_init_is_the_one_the_dataclass_makes(cls):
    """``state.quick`` replaces the dataclass's ``__init__`` (a dict or list default is a
    literal): the record a plain dataclass of the same fields makes from the same
    arguments, by position or by keyword, each with dicts and lists of its own."""
    twin = make_dataclass(cls.__name__, [(f.name, f.type, field(default=f.default, default_factory=f.default_factory))
                                          for f in fields(cls)])
    required = {f.name: f"{f.name}!" for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING}
    every = {f.name: f"{f.name}!" for f in fields(cls)}
    for args, kwargs in (((), required), (tuple(required.values()), {}), (tuple(every.values()), {}), ((), every)):
        made, want = cls(*args, **kwargs), twin(*args, **kwargs)
        assert [getattr(made, f.name) for f in fields(cls)] == [getattr(want, f.name) for f in fields(cls)]
    one, two = cls(**required), cls(**required)
    assert all(getattr(one, f.name) is not getattr(two, f.name) for f in fields(cls) if f.default_factory is not MISSING)


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


def _whole(game: Game) -> dict:
    """Everything a game is: its state (every zone, object, counter and the random
    generator's position), events and log."""
    st = game.state
    return {**{f.name: getattr(st, f.name) for f in fields(st) if f.name != "rng"},
            "rng": st.rng.getstate(), "events": game.events, "log": game.log}


@pytest.mark.parametrize("path", [RED, SIMIC, PROLIFERATE, KEYWORDS])
def test_a_batch_game_set_up_from_the_decks_set_up_is_the_same_game(path):
    """A batch's games take the deck's cards from its set-up (read and looked up once)
    instead of playing ``deck``: the same game at the mulligan decision, and on to the
    end, as one set up by its actions (the keyword deck's suspend, landcycling, dash and
    the rest are looked for as the autopilot found the set-up's cards offer them)."""
    w = sim._worker_setup(())
    like = sim.set_up(path, w["pool"], w["plugins"])
    for seed in (1, 7, 42):
        made = sim.new_game(path, seed, w["pool"], w["plugins"], log=False, like=like)
        played = sim.new_game(path, seed, w["pool"], w["plugins"], log=False)
        assert _whole(made) == _whole(played)
        assert sim.play_game(made) == sim.play_game(played)
        assert _whole(made) == _whole(played)


def test_what_hears_the_opening_hands_hears_them_in_a_game_keeping_no_log():
    """A game keeping no log looks only at the events something hears (``Game.emit``);
    a permanent set up before ``start`` that hears draws (Lat-Nam Adept: "Whenever you
    draw your second card each turn") hears the opening hands' draws, as in a game
    keeping its log."""
    games = []
    for log in (True, False):
        game = Game(seed=5, log=log)
        for line in ("battlefield p1 \"Lat-Nam Adept\"", "library p1 " + " ".join(["Mountain"] * 20),
                     "goldfish p2", "start", "keep p1"):
            game.play(line)
        games.append(game)
    with_log, without = games
    assert with_log.state.stack and without.state.stack  # (its trigger, as the game began)
    assert [s.text for s in with_log.state.stack] == [s.text for s in without.state.stack]
    dealt = [[e for e in g.events if e.kind == "Drew"] for g in games]  # (steps are events with a log)
    assert dealt[0] == dealt[1] and len(dealt[0]) == 7
    # a card moving from library to hand, which nothing hears, is recorded only with a log (Game.noticing)
    assert [e.kind for e in with_log.events].count("ZoneChanged") == 7
    assert "ZoneChanged" not in [e.kind for e in without.events]
