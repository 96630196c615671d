"""Tab at the ``:`` command line offers the words the action's form takes where
the cursor stands: its keywords (read from the action's declarations, so a new
option is offered with no change to the completion) and the players, steps,
zones or names its next word may be."""

from __future__ import annotations

from dataclasses import MISSING, dataclass

import pytest

from mechanics import actions as A
from mechanics.model.state import ZONES
from mechanics.model.words import slots
from mechanics.play.game import Game
from tui.complete import complete, words_for


@pytest.fixture(scope="module")
def game() -> Game:
    game = Game()
    game.play('battlefield p1 "Grizzly Bears" as bear')
    return game


@pytest.mark.parametrize(("line", "done"), [
    ("move bear library b", "move bear library bottom "),
    ("turn p1 main1 n", "turn p1 main1 number "),
    ("battlefield p1 Forest ch", "battlefield p1 Forest choose "),
    ("teams p1+p2 s", "teams p1+p2 shared-life "),
    ("attack p1 bear -", "attack p1 bear -> "),
    ("goto main1 p", "goto main1 p"),
    ("cast p1 Lightning Bo", 'cast p1 "Lightning Bolt" '),
    ("expect bear phased-o", "expect bear phased-out "),
])
def test_a_keyword_or_name_is_completed_where_the_form_takes_it(game, line, done):
    assert complete(line, game)[0] == done


def test_the_words_offered_are_those_of_the_place_in_the_form(game):
    assert complete("cast p1 Shock ", game)[1] == ["free", "kicked", "mode", "target", "with", "x"]
    assert complete("cast p1 Abrade mode ", game)[1] == ["1", "2"]  # a modal spell's modes (700.2)
    assert complete("cast p1 Shock mode ", game)[1] == []
    assert complete("goto main1 ", game)[1] == ["p1", "p2"]
    assert complete("move bear ", game)[1] == sorted(ZONES)
    # a keyword given once isn't offered again; a repeated one is
    assert "free" not in complete("cast p1 Shock free target bear ", game)[1]
    assert "target" in complete("cast p1 Shock target bear ", game)[1]
    # until the required words are there, no keyword: it would be read as one of them
    assert complete("turn p1 n", game)[1] == []


SAMPLE = {"player": "p1", "step": "main1", "zone": "library", "number": "1", "pt": "+1/+1"}


@pytest.mark.parametrize("command", sorted(A.REGISTRY))
def test_every_keyword_of_a_form_is_offered_after_its_required_words(game, command):
    form = slots(A.REGISTRY[command])
    required = [SAMPLE.get(s.what, "bear") for _, default, s in form
                if s.kind == "arg" and default is MISSING]
    offered = words_for(game, " ".join([command, *required]) + " ")
    assert {s.key for _, _, s in form if s.key} <= set(offered)


def test_a_new_option_of_an_action_is_offered_with_no_change_to_completion(game):
    @dataclass(frozen=True)
    class Dig(A.Action, usage="dig PLAYER [deep N] [loud]", manual=True):
        player: str = A.arg(what="player")
        deep: str = A.option("deep", what="number")
        loud: bool = A.flag("loud")

    try:
        assert complete("di", game)[0] == "dig "
        assert complete("dig p", game)[1] == ["p1", "p2"]
        assert complete("dig p1 d", game)[0] == "dig p1 deep "
        assert complete("dig p1 deep 3 l", game)[0] == "dig p1 deep 3 loud "
    finally:
        del A.REGISTRY["dig"]
