"""Modal spells and triggered abilities (700.2): which modal lines are automated, the
refusals a player reads, the legal actions (one cast per choice of modes) and the
autopilot's choice.  The scenarios in tests/scenarios/templates/modal_*.scenario play
each mode in a game."""

from __future__ import annotations

import pytest

from mechanics import actions as A
from mechanics.abilities.abilities import SpellAbility, Triggered
from mechanics.ai import autopilot
from mechanics.model.cards import CardDef
from mechanics.model.errors import IllegalActionError
from mechanics.play.game import Game
from mechanics.text.build import build_behaviour


def behaviour(text: str, type_line: str = "Instant", name: str = "Test Card"):
    c = CardDef(name, mana_cost="{1}", type_line=type_line, oracle_text=text, power=1, toughness=1)
    return build_behaviour(c, {"flying"}, {})


@pytest.mark.parametrize("text, how", [
    ("Choose one —\n• Draw a card.\n• Destroy target artifact.", (1, 1)),
    ("Choose one or both —\n• Tap target creature.\n• Test Card deals 2 damage to target creature.", (1, 2)),
    ("Choose two —\n• Draw a card.\n• You gain 3 life.\n• Scry 2.", (2, 2)),
    ("Choose one —\n• Rouse the Party — Creatures you control get +1/+1 until end of turn.\n"
     "• Draw a card.", (1, 1)),
])
def test_a_modal_spell_whose_every_mode_is_a_template_is_automated(text, how):
    beh = behaviour(text)
    assert not beh.manual
    (spell,) = beh.of(SpellAbility)
    assert (spell.modal.least, spell.modal.most) == how


@pytest.mark.parametrize("text", [
    "Choose one —\n• Draw a card.\n• Exile target player's graveyard.",  # a mode no template does
    "Choose one —\n• Draw a card.\n• You gain 3 life.\nDraw a card.",  # another sentence of the spell
    "Choose any number —\n• Draw a card.\n• You gain 3 life.",
])
def test_a_modal_line_with_anything_unknown_stays_manual_line_by_line(text):
    beh = behaviour(text)
    assert beh.manual and not any(s.modal for s in beh.of(SpellAbility))
    assert beh.missing[:3] == text.split("\n")[:3]


def test_a_modal_spell_with_another_unknown_line_stays_manual():
    assert behaviour("Choose one —\n• Destroy target artifact.\n• Destroy target land.\n"
                     "Entwine {3}{R}").missing == ["Entwine {3}{R}"]


def test_a_modal_enters_trigger_is_automated_and_one_with_two_targeting_modes_to_pick_is_not():
    one = behaviour("Flying\nWhen this creature enters, choose one —\n• Tap target creature.\n"
                    "• Untap target creature.", "Creature — Faerie")
    assert not one.manual and one.of(Triggered)[0].modal is not None
    both = behaviour("When this creature enters, choose one or both —\n• Tap target creature.\n"
                     "• Untap target creature.", "Creature — Faerie")
    assert both.manual  # 603.3d: the engine chooses a trigger's targets in one decision


@pytest.fixture
def game() -> Game:
    g = Game()
    for line in ["turn p1 main1", "goldfish p2", "battlefield p1 Swamp", "battlefield p1 Mountain as m1",
                 "battlefield p1 Mountain as m2", "battlefield p1 Mountain as m3", "battlefield p1 Mountain as m4",
                 'battlefield p2 "Grizzly Bears" as bear', 'hand p1 "Kill! Maim! Burn!" Abrade']:
        g.play(line)
    return g


@pytest.mark.parametrize("line, why", [
    ('cast p1 "Kill! Maim! Burn!" mode 1 target bear',
     "mode 1 of 'Kill! Maim! Burn!' (Destroy target artifact.) can't be chosen: it has no legal target (700.2a)"),
    ('cast p1 Abrade target bear', "'Abrade' is modal: choose one with 'mode N' (1: Abrade deals 3 damage "
     "to target creature; 2: Destroy target artifact)"),
    ('cast p1 Abrade mode 1 mode 1 target bear', "a mode of 'Abrade' is chosen twice (700.2d)"),
    ('cast p1 Abrade mode 1 mode 2 target bear', "'Abrade' says choose one; got 2 modes"),
])
def test_a_refused_choice_of_modes_says_why(game, line, why):
    with pytest.raises(IllegalActionError) as err:
        game.play(line)
    assert str(err.value) == why


def test_legal_actions_list_one_cast_per_legal_choice_of_modes(game):
    casts = {str(a) for a in game.legal_actions if isinstance(a, A.Cast) and a.card == "Kill! Maim! Burn!"}
    # mode 1 (an artifact) can't be chosen; 2 (a creature), 3 (a player), or both
    assert 'cast p1 "Kill! Maim! Burn!" mode 2 target bear' in casts
    assert 'cast p1 "Kill! Maim! Burn!" mode 3 target p2' in casts
    assert 'cast p1 "Kill! Maim! Burn!" mode 2 mode 3 target bear target p2' in casts
    assert not any("mode 1" in c for c in casts)
    for line in casts:
        assert A.parse_action(line) in game.legal_actions


def test_the_autopilot_burns_the_opponent_and_kills_their_creature(game):
    cast = autopilot.spell_to_cast(game, "p1", sorcery_speed=True)
    assert cast == A.Cast("p1", "Kill! Maim! Burn!", ("bear", "p2"), modes=(2, 3))
    assert cast in game.legal_actions


def test_the_autopilot_answers_a_modal_trigger_with_a_mode_that_helps():
    g = Game(policy=autopilot.policy)
    for line in ["turn p1 main1", "goldfish p2", 'battlefield p2 "Sol Ring" as ring', 'hand p1 "Defiant Ogre"']:
        g.play(line)
    g.play('move "Defiant Ogre" battlefield')
    g.play("resolve")
    assert g.state.objs[g.resolve_obj("ring")].zone == "graveyard"  # destroying theirs beats a counter


def test_a_copy_of_a_modal_spell_has_the_modes_of_the_original(game):
    """707.10: a copy copies the choices made as the spell was cast, modes included
    (700.2); storm's copies (plugins/proliferate.py) pass them on."""
    game.play('cast p1 "Kill! Maim! Burn!" mode 3 target p2')
    original = game.state.stack[-1]
    game.copy_spell("Kill! Maim! Burn!", "p1", original.targets, modes=original.data["modes"])
    game.play("resolve")  # the copy
    assert game.state.players["p2"].life < 20
    life = game.state.players["p2"].life
    game.play("resolve")  # the original
    assert game.state.players["p2"].life == 2 * life - 20
