"""What a player sees for a mistyped action line: the offending word and the
form's usage, never a crash and never a silently dropped word; and odd but
valid words (an empty name) print as a line that reads back the same."""

from __future__ import annotations

import pytest

from mechanics import actions as A
from mechanics.model.errors import NotationError


@pytest.mark.parametrize(("line", "message"), [
    ("play p1", "too few words; usage: play PLAYER CARD"),
    ("activate p1 Llanowar Elves", "unexpected word 'Elves'; usage: activate PLAYER OBJ [N]"),
    ("seed 42 7", "unexpected word '7'; usage: seed N"),
    ("mulligan p1 Forest", "unexpected word 'Forest'; usage: mulligan PLAYER"),
    ("cast p1 Fireball x 1 x 2", "'x' given twice; usage: cast PLAYER CARD"),
    ("cast p1 Shock target", "'target' needs a value; usage: cast PLAYER CARD"),
    ("block p1 wall bear wall", "a blocker needs an attacker; usage: block PLAYER BLOCKER ATTACKER"),
    ("attack p1 bear ->", "too few words; usage: attack PLAYER OBJ [-> DEFENDER]..."),
    ("goto main1 P2", "expected a player such as p1, got 'P2'"),
    ("draw p1 two", "expected a number for N, got 'two'"),
    ("activate p1 bear ²", "expected a number for N, got '²'"),
    ("move bear hand bottom", "'bottom' goes with the library zone"),
    ("pump bear +2", "expected +P/+T such as +2/-2, got '+2'"),
    ("battlefield p1 Forest counter charge", "expected counter KIND=N, got 'charge'"),
    ("mill p1", "too few words; usage: mill PLAYER N"),
    ("teams shared-life", "no teams given; usage: teams p1+p2 p3+p4 [shared-life]"),
    ("mana p1 {Q}", "'{Q}' is not a kind of mana"),
    ('mana p1 ""', "no mana in ''"),
])
def test_a_mistyped_line_names_the_word_and_the_form(line, message):
    with pytest.raises(NotationError) as err:
        A.parse_action(line)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize("line", [
    'play p1 ""', 'cast p1 Shock target ""', 'attack p1 "" -> p2', 'keep p1 Forest ""',
    'hand p1 ""',
])
def test_an_empty_word_prints_quoted_and_reads_back(line):
    action = A.parse_action(line)
    assert str(action) == line
    assert A.parse_action(str(action)) == action


@pytest.mark.parametrize(("line", "message"), [
    ('choose "\n "', r"word 2 '\n ' has a line break in it"),
    ('hand p1 Forest "Grizzly\rBears"', r"word 4 'Grizzly\rBears' has a line break in it"),
    ("choose a\x0cb", r"word 2 'a\x0cb' has a line break in it"),
    ('battlefield p1 Forest as "o\u2028k"', r"word 5 'o\u2028k' has a line break in it"),
])
def test_a_word_with_a_line_break_is_refused_with_its_place(line, message):
    """Its action would print as two lines of a journal, which read back as something else."""
    with pytest.raises(NotationError) as err:
        A.parse_action(line)
    assert str(err.value).startswith(message)


def test_an_action_with_a_line_break_in_a_word_does_not_print():
    with pytest.raises(NotationError, match="has a line break in it"):
        str(A.Choose(("bear\nwolf",)))


@pytest.mark.parametrize("line", [
    'library p1 "a\x002"', "hand p1 Forest x3 Swamp x2 Forest", "teams p1+p2 shared-life",
    "mill p1 1",
])
def test_a_line_prints_as_it_reads(line):
    action = A.parse_action(line)
    assert str(action) == line
    assert A.parse_action(str(action)) == action
