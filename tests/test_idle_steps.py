"""Steps whose turn-based actions have nothing to do begin as plain steps while the game
is passed through them (``turn.IDLE``): a goldfish's turn with no Saga, no attacker and
no library is its steps' records.  Each test shows a turn-based action that does have
something to do still happening there, in a game that keeps no log and in one that does
(each fails when the step is taken for idle regardless)."""

from __future__ import annotations

import pytest

from mechanics import Game
from mechanics.model.actions import parse_action


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game.play(parse_action(line))
    return game


def named(game: Game, name: str) -> int:
    return next(o for o in game.state.battlefield if game.state.objs[o].name == name)


@pytest.mark.parametrize("log", [True, False])
def test_a_goldfish_saga_gets_its_lore_counter_as_the_goldfish_main_phase_begins(log):
    game = play(Game(log=log), "turn p1 main1", "goldfish p2", "library p1 Mountain x6",
                'battlefield p2 "Kumano Faces Kakkazan"')
    saga = named(game, "Kumano Faces Kakkazan")
    before = game.state.objs[saga].counters.get("lore", 0)
    play(game, "goto end p2")  # through the goldfish's main phase: 714.3b
    assert game.state.objs[saga].counters.get("lore", 0) == before + 1


@pytest.mark.parametrize("log", [True, False])
def test_a_goldfish_with_a_library_draws_in_its_draw_step(log):
    game = play(Game(log=log), "turn p1 main1", "goldfish p2", "library p1 Mountain x6",
                "library p2 Island x3", "goto main1 p1")
    assert len(game.state.players["p2"].hand) == 1  # 504.1
    assert len(game.state.players["p2"].library) == 2


@pytest.mark.parametrize("log", [True, False])
def test_passing_a_goldfish_turn_records_every_step_it_began(log):
    game = play(Game(log=log), "turn p1 main2", "goldfish p2", "library p1 Mountain x6", "goto main1 p1")
    began = [(step, active) for _, step, active, _ in game.step_log]
    assert began == [("end", "p1"), ("cleanup", "p1"),
                     *((s, "p2") for s in ("untap", "upkeep", "draw", "main1", "combat", "attackers",
                                           "endcombat", "main2", "end", "cleanup")),
                     ("untap", "p1"), ("upkeep", "p1"), ("draw", "p1"), ("main1", "p1")]
