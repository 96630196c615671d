"""The Game API as a player (the TUI, a script, the autopilot) notices it:
illegal actions are refused with a reason and change nothing, undo/redo are
exact, legal actions list what can be done, every action prints as a scenario
line that parses back to itself, and ``repr(game)`` rebuilds the position."""

from __future__ import annotations

import dataclasses

import pytest

from mechanics import actions as A
from mechanics.model.errors import BadReferenceError, IllegalActionError, RuleError
from mechanics.play.game import Game

SETUP = [
    "turn p1 main1",
    "battlefield p1 Forest",
    "battlefield p1 Mountain",
    "battlefield p1 \"Grizzly Bears\" as bear",
    "hand p1 \"Grizzly Bears\" \"Lightning Bolt\" Forest",
    "library p1 Forest x5",
    "library p2 Island x5",
    "battlefield p2 \"Hill Giant\" as giant",
]


def new_game(extra: tuple[str, ...] = ()) -> Game:
    game = Game()
    for line in [*SETUP, *extra]:
        game.play(line)
    return game


# ---------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(("line", "why", "error"), [
    ("cast p1 Counterspell", "no 'Counterspell' in hand", IllegalActionError),
    ("cast p1 \"Grizzly Bears\" target giant", "needs no targets", IllegalActionError),
    ("cast p1 \"Lightning Bolt\" target Forest#9", "out of range", BadReferenceError),  # a reference to nothing: not a rules refusal
    ("attack p1 bear", "declare attackers step", IllegalActionError),
    ("block p2 giant bear", "declare blockers step", IllegalActionError),
    ("play p1 \"Lightning Bolt\"", "not a land", IllegalActionError),
    ("cast p1 Forest", "is a land", IllegalActionError),
    ("keep p1", "not deciding on a mulligan", IllegalActionError),
    ("activate p1 bear", "0 activated abilities", IllegalActionError),
    ("resolve", "stack is empty", IllegalActionError),
])
def test_illegal_action_raises_with_reason_and_changes_nothing(line, why, error):
    game = new_game()
    before, n_log, n_history = game.snapshot(), len(game.log), len(game.journal)
    with pytest.raises(error) as exc:
        game.play(line)
    assert why in str(exc.value)
    assert game.snapshot() == before
    assert len(game.log) == n_log
    assert len(game.journal) == n_history


def test_second_land_refused_after_first():
    game = new_game(("hand p1 Forest",))
    game.play("play p1 Forest")
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="already played a land"):
        game.play("play p1 Forest")
    assert game.snapshot() == before


def test_unaffordable_spell_refused_without_tapping_lands():
    game = new_game(("hand p1 \"Craw Wurm\"",))
    before = game.snapshot()
    lands = [o for o in game.state.battlefield if "Land" in game.view(o).types]
    assert lands and not any(game.state.objs[o].tapped for o in lands)
    with pytest.raises(IllegalActionError, match="cannot pay"):
        game.play("cast p1 \"Craw Wurm\"")
    assert game.snapshot() == before
    assert not any(game.state.objs[o].tapped for o in lands)


# ---------------------------------------------------------------- undo and redo


@pytest.mark.parametrize("line", [
    "play p1 Forest",
    "cast p1 \"Grizzly Bears\"",
    "cast p1 \"Lightning Bolt\" target giant",
    "pass",
    "goto attackers",
    "damage giant 2",
    "add-counter bear +1/+1 2",
    "phase-out bear",
    "pump bear +1/-1",
    "move giant graveyard",
    "draw p1 2",
    "tap bear",
])
def test_undo_restores_exact_snapshot_and_redo_reapplies(line):
    game = new_game()
    before = game.snapshot()
    game.play(line)
    after = game.snapshot()
    assert after != before
    taken = game.undo()
    assert taken == [A.parse_action(line)]
    assert game.snapshot() == before
    assert game.redo() == A.parse_action(line)
    assert game.snapshot() == after


def test_undo_several_actions_at_once():
    game = new_game()
    before = game.snapshot()
    game.play("play p1 Forest")
    game.play("cast p1 \"Lightning Bolt\" target giant")
    game.play("resolve")
    assert game.state.objs[game.resolve_obj("giant")].zone == "graveyard"
    game.undo(3)
    assert game.snapshot() == before
    game.redo()
    game.redo()
    game.redo()
    assert game.state.objs[game.resolve_obj("giant")].zone == "graveyard"


def test_undo_through_a_combat():
    game = new_game(("goldfish p2",))
    before = game.snapshot()
    game.play("goto attackers")
    game.play("attack p1 bear")
    game.play("goto main2")
    assert game.state.players["p2"].life == 18
    game.undo(3)
    assert game.snapshot() == before
    assert game.state.players["p2"].life == 20


def test_new_action_clears_redo():
    game = new_game()
    game.play("play p1 Forest")
    game.undo()
    game.play("tap bear")
    with pytest.raises(IllegalActionError, match="nothing to redo"):
        game.redo()


def test_undo_more_than_history_refused():
    game = Game()
    with pytest.raises(IllegalActionError):
        game.undo()


# ---------------------------------------------------------------- legal actions


def test_legal_actions_list_pass_land_and_spells():
    game = new_game()
    legal = list(game.legal_actions)
    assert A.Pass() in legal
    assert A.PlayLand("p1", "Forest") in legal
    assert A.Cast("p1", "Grizzly Bears") in legal
    assert A.Cast("p1", "Lightning Bolt", ("giant",)) in legal
    assert len(set(legal)) == len(legal), "an action is listed twice"
    assert A.Cast("p1", "Craw Wurm") not in legal  # not in hand: never listed


def test_legal_actions_in():
    game = new_game()
    legal = game.legal_actions
    assert A.Pass() in legal
    assert A.PlayLand("p1", "Forest") in legal
    assert A.Cast("p1", "Grizzly Bears") in legal
    assert A.Cast("p1", "Lightning Bolt", ("p2",)) in legal
    assert A.Cast("p1", "Counterspell") not in legal
    assert A.PlayLand("p1", "Mountain") not in legal
    assert "pass" not in legal  # only Action values
    before = game.snapshot()
    history, log, heard = game.history, list(game.log), []
    game.observers.append(heard.append)
    assert A.Cast("p1", "Grizzly Bears") in legal
    assert game.snapshot() == before  # asking changes nothing: the state,
    assert game.history is history and len(history) == len(SETUP) and game.log == log  # the history, the log
    assert heard == []  # and no observer (the journal) hears of the probe


def test_an_internal_error_while_asking_is_raised_not_taken_for_illegal():
    class TapCrashes(Game):
        def perform(self, action):
            if isinstance(action, A.Tap):
                raise ZeroDivisionError("the tap rule divided by zero")
            super().perform(action)

    game = TapCrashes()
    for line in SETUP:
        game.play(line)
    with pytest.raises(RuleError, match="ZeroDivisionError"):
        A.Tap("bear") in game.legal_actions  # noqa: B015
    assert game.plugin_errors == {}  # counted on the probe, not on the game


def test_legal_actions_after_land_drop():
    game = new_game(("hand p1 Forest",))
    game.play("play p1 Forest")
    assert A.PlayLand("p1", "Forest") not in game.legal_actions
    assert all(not isinstance(a, A.PlayLand) for a in game.legal_actions)


def test_legal_actions_in_declare_attackers():
    game = new_game()
    game.play("goto attackers")
    legal = list(game.legal_actions)
    assert A.Pass() in legal
    assert A.Attack("p1", (("bear", ""),)) in legal
    assert A.Cast("p1", "Grizzly Bears") not in game.legal_actions


# ---------------------------------------------------------------- round trip


EXAMPLES = {
    A.Pass: A.Pass(),
    A.Resolve: A.Resolve(True),
    A.Goto: A.Goto("end", "p2"),
    A.Autopass: A.Autopass("p1", ("main1", "attackers", "their-end")),
    A.PlayLand: A.PlayLand("p1", "Karn's Bastion"),
    A.Cast: A.Cast("p1", "Fireball", ("Grizzly Bears#2", "p2"), 5, True, modes=(1, 3), kicked=True, alt="evoke"),
    A.SuspendCard: A.SuspendCard("p2", "Ancestral Vision"),
    A.Activate: A.Activate("p2", "Prodigal Sorcerer#3", 2, ("Man-o'-War",), 4),
    A.AddMana: A.AddMana("p1", "{G}{G}{U}"),
    A.Attack: A.Attack("p1", (("bear", "p3"), ("Grizzly Bears#2", ""), ("Serra Angel", "p2"))),
    A.Block: A.Block("p2", (("Wall of Wood", "bear"), ("giant", "Grizzly Bears#2"))),
    A.Choose: A.Choose(("Elf Warrior", "p1", "Hill Giant#2")),
    A.Order: A.Order(("Ivy Lane Denizen", "Ajani's Pridemate")),
    A.Mulligan: A.Mulligan("p2"),
    A.Keep: A.Keep("p1", ("Man-o'-War", "Forest", "Forest")),
    A.Concede: A.Concede("p3"),
    A.Move: A.Move("The \"Big\" One#2", "library", "p2", True),
    A.Draw: A.Draw("p1", 3),
    A.Mill: A.Mill("p2", 2),
    A.Shuffle: A.Shuffle("p1"),
    A.AddCounter: A.AddCounter("Grizzly Bears#2", "+1/+1", 3),
    A.RemoveCounter: A.RemoveCounter("p1", "poison", 2),
    A.Pump: A.Pump("bear", -2, 3),
    A.SetPT: A.SetPT("goyf", 3, 4),
    A.MoveTogether: A.MoveTogether("battlefield", ("raptor", "Centaur Courser")),
    A.Transform: A.Transform("delver"),
    A.Flip: A.Flip("Akki Lavarunner"),
    A.Tap: A.Tap("Llanowar Elves"),
    A.Untap: A.Untap("It's \"quoted\""),
    A.PhaseOut: A.PhaseOut("Teferi's Imp"),
    A.PhaseIn: A.PhaseIn("Grizzly Bears#1"),
    A.Token: A.Token("p1", "Goblin Instigator", "gob"),
    A.Damage: A.Damage("p2", 7),
    A.Players: A.Players(4),
    A.Teams: A.Teams((("p1", "p2"), ("p3", "p4")), True),
    A.Seed: A.Seed(42),
    A.DeckCmd: A.DeckCmd("p1", "decks/my deck.txt"),
    A.LibraryCmd: A.LibraryCmd("p1", ("Forest", "Forest", "Forest", "Grizzly Bears", "Forest")),
    A.HandCmd: A.HandCmd("p2", ("Man-o'-War", "Lightning Bolt", "Lightning Bolt")),
    A.GraveyardCmd: A.GraveyardCmd("p1", ("Grizzly Bears",)),
    A.ExileCmd: A.ExileCmd("p2", ("The \"Big\" One", "Swords to Plowshares")),
    A.BattlefieldCmd: A.BattlefieldCmd("p1", "Adaptive Automaton", "auto", True, True, True,
                                       (("+1/+1", 2), ("-1/-1", 1)), "Grizzly Bears#2", "Elf Warrior"),
    A.Life: A.Life("p1", 7),
    A.PlayerCounter: A.PlayerCounter("p2", "rad", 4),
    A.TurnCmd: A.TurnCmd("p2", "endcombat", 5),
    A.Start: A.Start("p2"),
    A.Goldfish: A.Goldfish(("p2", "p3")),
}

MORE_EXAMPLES = [
    A.Resolve(), A.Goto("main1"), A.Autopass("p1"), A.Cast("p1", "Grizzly Bears"), A.Cast("p1", "Endless One", (), 3),
    A.Cast("p1", "Lightning Bolt", ("Wall of Wood",)), A.Activate("p1", "Llanowar Elves"),
    A.Choose(()), A.Keep("p2"), A.Mill("p2", 1), A.Move("bear", "hand"), A.Draw("p1"), A.AddCounter("bear", "-1/-1"),
    A.Pump("bear", 0, -4), A.Token("p2", "Grizzly Bears"), A.Teams((("p1", "p3"), ("p2", "p4"))),
    A.BattlefieldCmd("p2", "Grizzly Bears"), A.TurnCmd("p1", "main1"), A.Start(),
    A.Attack("p1", (("Grizzly Bears", ""),)), A.Damage("Grizzly Bears#2", 1),
]


def test_every_action_class_has_an_example():
    assert set(EXAMPLES) == set(A.REGISTRY.values())


@pytest.mark.parametrize("action", [*EXAMPLES.values(), *MORE_EXAMPLES], ids=str)
def test_action_round_trips(action):
    line = str(action)
    assert line.split()[0] == action.command
    assert A.parse_action(line) == action
    assert str(A.parse_action(line)) == line


def test_examples_use_non_default_values():
    """The examples exercise every field (else a field could silently not print)."""
    for cls, example in EXAMPLES.items():
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not dataclasses.MISSING else None
            assert getattr(example, f.name) != default, f"{cls.__name__}.{f.name}"


def test_numbered_name_prints_quoted():
    assert str(A.Tap("Grizzly Bears#2")) == 'tap "Grizzly Bears"#2'
    assert A.parse_action('tap "Grizzly Bears"#2') == A.Tap("Grizzly Bears#2")


# ---------------------------------------------------------------- repr and snapshot


def test_repr_is_from_snapshot_that_rebuilds_the_position():
    game = new_game(("phase-out bear", "damage giant 1", "pump giant +2/+0", "counter p2 poison 3",
                     "life p1 12", "add-counter giant +1/+1 2"))
    text = repr(game)
    assert text.startswith("Game.from_snapshot(")
    rebuilt = eval(text, {"Game": Game})  # noqa: S307 - the point of repr
    assert isinstance(rebuilt, Game)
    assert rebuilt.snapshot() == game.snapshot()
    assert repr(rebuilt) == text


def test_from_snapshot_after_play():
    game = new_game()
    game.play("play p1 Forest")
    game.play("cast p1 \"Lightning Bolt\" target giant")
    game.play("resolve")
    rebuilt = Game.from_snapshot(game.snapshot())
    assert rebuilt.snapshot() == game.snapshot()
    assert rebuilt.state.players["p1"].hand and rebuilt.state.step == "main1"


def test_phased_out_permanent_is_not_among_permanents():
    """702.26b: the game's own view (``permanents``) doesn't see it; scenario
    references do."""
    game = new_game()
    bear = game.resolve_obj("bear")
    assert bear in game.permanents("p1", creature=True)
    game.play("phase-out bear")
    assert bear not in game.permanents("p1")
    assert bear not in game.permanents()
    assert game.resolve_obj("bear") == bear
