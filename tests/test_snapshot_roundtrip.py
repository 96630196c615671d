"""``Game.from_snapshot(game.snapshot())`` is the same game (issue 20, finding 7): the
stack, a pending decision and the action suspended on it, waiting triggers, lands
played and other per-turn counters, the mana pool, the random generator."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechanics import Game
from tests.test_journal import new_game


def same_game(a: Game, b: Game) -> None:
    assert b.snapshot() == a.snapshot()
    assert repr(b.pending) == repr(a.pending)
    assert sorted(map(str, b.legal_actions)) == sorted(map(str, a.legal_actions))


def play(game: Game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        acts = sorted(game.legal_actions, key=str)
        if not acts:
            return
        busy = [a for a in acts if a.command != "pass"]
        game.play(rng.choice(busy if busy and rng.random() < 0.7 else acts))


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), more=st.integers(1, 15))
def test_a_snapshot_rebuilds_the_whole_game(seed: int, steps: int, more: int) -> None:
    game = new_game(seed)
    play(game, random.Random(seed), steps)
    copy = Game.from_snapshot(game.snapshot(), plugins=game.pm, base_dir=game.base_dir)
    same_game(game, copy)
    for g in (game, copy):  # and both go on the same way, whatever is pending
        play(g, random.Random(seed + 1), more)
    same_game(game, copy)


def test_the_parts_the_scenario_language_cannot_say_come_back() -> None:
    game = Game()
    for line in ("turn p1 main1", "battlefield p1 Mountain", "hand p1 Forest",
                 'hand p1 "Lightning Bolt"', "play p1 Forest", "mana p1 {G}{G}",
                 'cast p1 "Lightning Bolt" target p2'):
        game.play(line)
    copy = Game.from_snapshot(game.snapshot())
    st = copy.state
    assert [i.text for i in st.stack] == ["Lightning Bolt"] and st.stack[0].targets == ("p2",)
    assert st.players["p1"].lands_played == 1 and st.players["p1"].mana == ["G", "G"]
    copy.play("pass")
    assert copy.state.players["p2"].life == 17
    assert "# stack: spell 'Lightning Bolt' by p1" in game.snapshot()  # still said for a reader


def test_a_decision_in_the_middle_of_an_action_can_be_answered_after_a_round_trip() -> None:
    game = Game()
    for line in ("turn p1 main1", "goldfish p2", 'battlefield p1 "Birds of Paradise" as birds',
                 'hand p1 "Lightning Bolt"', "activate p1 birds"):
        game.play(line)
    assert game.state.proc is not None and "color of mana" in game.pending.prompt
    copy = Game.from_snapshot(game.snapshot())
    same_game(game, copy)
    for g in (game, copy):
        g.play("choose R")
        g.play('cast p1 "Lightning Bolt" target p2')
        g.play("resolve")
    assert copy.state.players["p2"].life == 17
    same_game(game, copy)
