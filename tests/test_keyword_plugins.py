"""The autopilot and the keyword plugins: every action it plays for evoke, dash, blitz,
suspend, landcycling, delve, crew, buyback and unearth cards is a legal action, and it uses each of them."""

from __future__ import annotations

import os

import pytest

from mechanics.ai import autopilot as ap
from mechanics.ai import simulate as sim
from mechanics.play.game import Game

DECK = os.path.join(os.path.dirname(__file__), "data", "keyword-decks", "alternative-costs.txt")


def test_the_autopilot_plays_alternative_costs_and_suspend_legally():
    seen: set[str] = set()

    def check(game, action):
        assert action in game.legal_actions, f"illegal: {action} at {game.pending.prompt}"
        words = str(action).split()
        seen.update(w for w in ("with", "suspend") if w in words)
        if "with" in words:
            seen.add(words[words.index("with") + 1])
        if words[0] == "activate":
            oid = game.resolve_obj(action.obj)
            if game.state.objs[oid].zone == "hand":
                seen.add("cycling")
            elif game.activated(oid)[action.n - 1].crew:
                seen.add("crew")

    for seed in range(1, 9):
        result = sim.play_game(sim.new_game(DECK, seed), check=check)
        assert not result.error
    assert {"suspend", "evoke", "dash", "cycling", "crew", "buyback"} <= seen


def test_the_autopilot_unearths_before_combat_and_attacks():
    # 702.84a: a goldfish never kills its creatures, so the card starts in the graveyard
    game = Game(policy=ap.policy)
    for line in ("goldfish p2", "library p1 Swamp x3", "library p2 Island x3", "turn p1 main1",
                 'graveyard p1 "Dregscape Zombie"', "battlefield p1 Swamp"):
        game.play(line)
    action = ap.choose(game)
    assert action in game.legal_actions and str(action) == 'activate p1 "Dregscape Zombie"'
    for _ in range(12):
        game.play(ap.choose(game))
    assert game.state.players["p2"].life == 18  # it attacked at once (haste)


def test_the_autopilot_targets_none_of_its_own_with_an_up_to_one_exile():
    # 115.1d, 702.74a: Solitude's "exile up to one other target creature" with only one's own
    # creatures to target: the autopilot chooses no target rather than exile its own
    game = Game(policy=ap.policy)
    for line in ("goldfish p2", "library p1 Plains x3", "library p2 Island x3", "turn p1 main1",
                 'battlefield p1 "Grizzly Bears" as bears', 'hand p1 Solitude', "mana p1 {3}{W}{W}"):
        game.play(line)
    game.play("cast p1 Solitude")
    game.play("resolve all")
    assert game.obj(game.state.aliases["bears"]).zone == "battlefield"
    assert game.obj(game.resolve_obj("Solitude")).zone == "battlefield"


@pytest.mark.parametrize(("there", "joins", "expected"), [
    # 702.122a: the autopilot keeps the permanents' activated abilities while the
    # characteristics are the same; a Vehicle entering makes new ones, and it crews it
    ('"Grizzly Bears"', "battlefield p1 \"Smuggler's Copter\"", "activate p1 \"Smuggler's Copter\""),
    # 702.62a: it searches for suspend only when some card of the game has it (known.kinds,
    # kept while no object joins the game); a card put into the hand later is suspended
    ("Mountain", 'hand p1 "Rift Bolt"', 'suspend p1 "Rift Bolt"'),
])
def test_the_autopilot_uses_a_card_that_came_after_it_last_looked(there: str, joins: str, expected: str):
    game = Game(policy=ap.policy)
    for line in ("goldfish p2", "library p1 Mountain x3", "library p2 Island x3", "turn p1 main1",
                 f"battlefield p1 {there}"):
        game.play(line)
    assert str(ap.choose(game)) == "goto attackers"
    game.play(joins)
    action = ap.choose(game)
    assert action in game.legal_actions and str(action) == expected
