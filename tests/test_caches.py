"""One revision per state write: every cache of derived data is keyed on
``game.revision``, so after any action what the caches answer is what a game
computes with every cache dropped (:meth:`Game.forget`).

A hypothesis state machine plays random legal and manual actions (the engine
fuzzer's, tests/test_fuzz_engine.py) and, after each, compares the cached and
the freshly computed characteristics, references, legal actions, mana sources, payments,
seating, pending decision, ability index (what triggers on what) and whether a
state-based action would be performed (on a copy of the game).
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant, run_state_machine_as_test

from mechanics.ai.autopilot import spell_to_cast
from mechanics.model.errors import BadReferenceError, IllegalActionError
from mechanics.play.game import Game
from mechanics.play.payment import mana_sources, paying
from mechanics.rules import sba
from tests.test_fuzz_engine import DECKS, EngineMachine


def answers(game: Game) -> dict[str, object]:
    """What the caches are asked, as plain values."""
    st = game.state
    seating = game.seating()
    index = game.ability_index()
    return {
        "sba": sba.check(game.probe()),  # first: the kept check's answer, before anything is computed
        "chars": {oid: (ch.name, ch.power, ch.toughness, ch.controller, sorted(ch.types),
                        sorted(ch.subtypes), sorted(ch.keywords), sorted(ch.colors))
                  for oid, ch in game.all_chars().items()},
        "refs": {oid: game.ref_for(oid) for oid in st.objs},
        "permanents": [game.permanents(p, creature) for p in (None, *st.players) for creature in (False, True)],
        "legal": [str(a) for a in game.legal_actions],
        "mana": {p: [(str(s), m) for s, m in mana_sources(game, p)] for p in st.players},
        "payment": {(p, cost): paying(game, cost, 0, mana_sources(game, p))
                    for p in st.players for cost in (("G",), ("1", "U"), ("2",))},
        "seating": (seating.seats, seating.seat_of, seating.after, seating.goldfish),
        "pending": repr(game.pending),
        "abilities": ({kind: [(oid, idx) for oid, idx, _, _ in found] for kind, found in index.by_event.items()},
                      [(oid, idx) for oid, idx, _, _ in index.steps], sorted(index.noticed),
                      {on: [oid for oid, _, _ in found] for on, found in index.replacements.items()}),
    }


def check_caches(game: Game) -> None:
    cached = answers(game)  # filled by the play so far, then read again here
    game.forget()
    fresh = answers(game)
    for what in cached:
        assert cached[what] == fresh[what], f"the cached {what} differ from a fresh computation"


class CacheMachine(EngineMachine):
    deck = DECKS[1]  # Simic evolve: counters, triggers and static abilities

    @invariant()
    def caches_agree(self) -> None:
        check_caches(self.game)


class RedCacheMachine(CacheMachine):
    deck = DECKS[0]


def test_cached_answers_equal_fresh_ones_after_random_play() -> None:
    """A sixth of the fuzz budget per deck (the settings profile's, tests/conftest.py)."""
    budget = settings(max_examples=max(1, settings.default.max_examples // 6))
    for machine in (CacheMachine, RedCacheMachine):
        run_state_machine_as_test(machine, settings=budget)


def test_a_write_that_bumps_no_revision_is_caught() -> None:
    """Positive control: a write behind the caches' back (the pool emptied without
    ``changed()``) makes the check fail."""
    game = Game()
    for line in ("turn p1 main1", "goldfish p2", "mana p1 {G}{G}"):
        game.play(line)
    assert len(mana_sources(game, "p1")) == 2  # kept for this revision
    game.state.players["p1"].mana.clear()  # no changed(): the revision stays
    assert_caught(game, "mana")


def test_damage_marked_behind_the_state_checks_back_is_caught() -> None:
    """Positive control for the kept state-based-action check: lethal damage marked
    without ``changed()`` leaves it saying nothing is to be done, which a fresh check
    on a copy of the game (the Grizzly Bears dies, 704.5g) contradicts."""
    game = Game()
    for line in ("turn p1 main1", "goldfish p2", 'battlefield p1 "Grizzly Bears" as bear'):
        game.play(line)
    assert not sba.check(game)  # nothing to do, kept for this sba_revision
    game.state.objs[game.resolve_obj("bear")].damage = 2  # no changed(): the revision stays
    assert_caught(game, "sba")


def assert_caught(game: Game, what: str) -> None:
    """The cache check fails on the stale ``what``."""
    try:
        check_caches(game)
    except AssertionError as exc:
        assert what in str(exc)
    else:
        raise AssertionError(f"a stale cache ({what}) went unnoticed")


def bolt_in_hand(*lines: str) -> Game:
    """A game in p1's first main phase with a Mountain, a Lightning Bolt in hand, cards
    to draw, and ``lines`` played first."""
    game = Game()
    for line in ("turn p1 main1", *lines, "battlefield p1 Mountain", 'hand p1 "Lightning Bolt"',
                 "library p1 Forest x5", "library p2 Island x5"):
        game.play(line)
    return game


def test_a_payment_worked_out_before_the_mana_changed_is_worked_out_again() -> None:
    """The autopilot works out how to pay for a Lightning Bolt (the Mountain pays {R}),
    kept with the mana sources; then {G} is added to the pool: casting the Bolt taps the
    Mountain and leaves the {G} (a payment kept past the write would spend it on {R})."""
    game = bolt_in_hand("battlefield p1 Forest")
    assert str(spell_to_cast(game, "p1", sorcery_speed=True)) == 'cast p1 "Lightning Bolt" target p2'
    game.play("mana p1 {G}")
    game.play('cast p1 "Lightning Bolt" target p2')
    mountain = next(o for o in game.state.battlefield if game.state.objs[o].name == "Mountain")
    assert game.state.players["p1"].mana == ["G"]
    assert game.state.objs[mountain].tapped


def test_a_reference_read_back_after_a_permanent_left_names_what_is_there_now() -> None:
    """The references ref_for wrote of permanents are read back as written only while
    nothing has moved: once the first of two Grizzly Bears dies, "Grizzly Bears#2"
    names nothing, and the one left goes by its bare name."""
    game = Game()
    for line in ("turn p1 main1", "goldfish p2", 'battlefield p1 "Grizzly Bears"', 'battlefield p1 "Grizzly Bears"'):
        game.play(line)
    first, second = game.state.battlefield
    assert game.ref_for(second) == "Grizzly Bears#2"
    assert game.resolve_obj("Grizzly Bears#2") == second
    game.play('move "Grizzly Bears#1" graveyard')
    with pytest.raises(BadReferenceError, match="only 1"):
        game.resolve_obj("Grizzly Bears#2")
    assert game.ref_for(second) == "Grizzly Bears"
    assert game.state.objs[first].zone == "graveyard"


def test_a_target_checked_before_it_left_is_checked_again_as_the_spell_resolves() -> None:
    """A target's legality (608.2b) is kept for the game's revision: a Lightning Bolt's
    target, the Grizzly Bears, is asked for while still on the battlefield; then it is
    returned to its owner's hand, and the Bolt resolves with no legal target: the Bears
    are in the hand with no damage, and the Bolt is removed (a check kept past the move
    would have the Bolt deal its damage)."""
    game = bolt_in_hand("goldfish p2", 'battlefield p2 "Grizzly Bears" as bear')
    game.play('cast p1 "Lightning Bolt" target bear')
    bear = game.resolve_obj("bear")
    item = game.state.stack[-1]
    assert game.live_target(item, 0) == bear  # asked before the move
    game.play("move bear hand")
    game.play("pass")
    obj = game.state.objs[bear]
    assert (obj.zone, obj.damage) == ("hand", 0)
    assert not game.state.stack
    assert any("has no legal target and is removed" in line for line in game.log)


def test_a_cost_asked_before_a_cost_increase_entered_is_asked_again() -> None:
    """Whether a card costs its mana cost is kept with the ability index: a Lightning Bolt
    costs {R} and a Mountain casts it; once Thalia, Guardian of Thraben enters
    ("Noncreature spells cost {1} more", 601.2f) it costs {1}{R}, which the Mountain
    alone can't pay (kept past Thalia's entering, the Bolt would still cost {R})."""
    game = bolt_in_hand("goldfish p2")
    assert str(spell_to_cast(game, "p1", sorcery_speed=True)) == 'cast p1 "Lightning Bolt" target p2'
    game.play('battlefield p2 "Thalia, Guardian of Thraben"')
    assert spell_to_cast(game, "p1", sorcery_speed=True) is None
    with pytest.raises(IllegalActionError, match="cannot pay"):
        game.play('cast p1 "Lightning Bolt" target p2')
