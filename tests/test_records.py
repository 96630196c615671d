"""The small records the engine writes into the state as text: an ability handler
(``ability:NAME:IDX``) and a "for as long as" duration (``while:ID:EPOCH``) are
written and read in one place each."""

from __future__ import annotations

from mechanics import AbilityRef, Game, while_present
from mechanics.model.state import Effect


def test_an_ability_handler_reads_back_even_with_a_colon_in_the_name() -> None:
    ref = AbilityRef("Circle of Protection: Red", 2)
    assert str(ref) == "ability:Circle of Protection: Red:2"
    assert AbilityRef.parse(str(ref)) == ref
    assert AbilityRef.parse("evolve") is None  # a plugin's own handler


def test_a_handler_names_the_printed_ability() -> None:
    game = Game()
    ab = game.ability(str(AbilityRef("Prodigal Sorcerer", 0)))
    assert ab is game.behaviour("Prodigal Sorcerer").abilities[0]


def test_a_while_duration_names_its_object() -> None:
    game = Game()
    for line in ("turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear'):
        game.play(line)
    bear = game.obj(game.state.aliases["bear"])
    e = Effect(1, "2", "control", (), {}, 0, until=while_present(bear))
    assert e.lasts_while() == (bear.id, bear.epoch)
    assert Effect(2, "2", "control", (), {}, 0).lasts_while() is None  # until end of turn
