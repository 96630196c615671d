"""Python-level checks of plugins/evolve.py and plugins/rad.py: registration through
the entry points, display hints, automated versus manual cards, and what the stack and
events say (the rules themselves are in tests/scenarios/rulings/{evolve,radstag,rad}_*)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mechanics import Game, events, list_plugins, make_plugin_manager
from mechanics.model.actions import parse_action

ROOT = Path(__file__).resolve().parent.parent


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game.play(parse_action(line))
    return game


def test_stackfish_plugins_lists_evolve_and_rad():
    out = subprocess.run([sys.executable, "-m", "tui.cli", "plugins"], capture_output=True,
                         text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    lines = {ln.split()[0]: ln for ln in out.stdout.splitlines() if ln.strip()}
    assert "FAILED" not in lines["evolve"] and "FAILED" not in lines["rad"]
    assert "trigger_collect" in lines["evolve"] and "resolve_item" in lines["evolve"]
    assert "step_begin" in lines["rad"] and "register_counter_kinds" in lines["rad"]


def test_entry_points_register_keyword_counter_kind_and_cards():
    names = {p["name"]: p for p in list_plugins(make_plugin_manager())}
    assert names["evolve"]["source"] == "stackfish" and not names["evolve"]["error"]
    assert names["rad"]["source"] == "stackfish" and not names["rad"]["error"]
    game = Game()
    assert "evolve" in game.hooks.keywords
    assert game.hooks.counter_kinds["rad"] == "player"
    assert "Watchful Radstag" in game.hooks.scripts


AUTOMATED = ["Watchful Radstag", "Renegade Krasis", "Fathom Mage", "Simic Fluxmage",
             "Tyranid Prime", "Pollywog Prodigy", "Ray Fillet, Wave Warrior", "Cloudfin Raptor",
             "Shambleshark", "Crocanura", "Adaptive Snapjaw", "Battering Krasis",
             "Clinging Anemones", "Gluttonous Slug", "Contaminated Drink", "Nuclear Fallout",
             "Feral Ghoul", "Glowing One", "Mirelurk Queen", "Gyre Sage",
             "Elusive Krasis", "Screeching Scorchbeast", "Experiment One",
             "Nightkin Ambusher", "The Wise Mothman", "Strong, the Brutish Thespian", "Scurry Oak"]
MANUAL = ["Darwin, Adaptive Mutant",
          "Simic Manipulator", "Lonis, Genetics Expert", "Dinosaur Egg",
          "Bloatfly Swarm", "Megaton's Fate"]


@pytest.mark.parametrize("name", AUTOMATED)
def test_card_is_automated(name):
    assert not Game().is_manual(name), Game().behaviour(name).missing


@pytest.mark.parametrize("name", MANUAL)
def test_card_stays_manual(name):
    assert Game().is_manual(name)


def test_disabling_evolve_makes_its_cards_manual():
    on = Game(plugins=make_plugin_manager())  # positive control: automated with the plugin
    assert "evolve" in on.hooks.keywords
    assert not on.is_manual("Watchful Radstag") and not on.is_manual("Cloudfin Raptor")
    game = Game(plugins=make_plugin_manager(disabled=("evolve",)))
    assert "evolve" not in game.hooks.keywords
    assert game.is_manual("Watchful Radstag") and game.is_manual("Cloudfin Raptor")


def test_display_hints_for_evolve_creatures_and_rad_players():
    game = play(Game(), "turn p1 main1", 'battlefield p1 "Watchful Radstag" as stag',
                'battlefield p1 "Grizzly Bears" as bears', "counter p2 rad 3")
    stag, bears = game.state.aliases["stag"], game.state.aliases["bears"]
    assert "evolve 2/2" in game.hooks.hints(game, obj=stag)
    assert not any(h.startswith("evolve") for h in game.hooks.hints(game, obj=bears))
    play(game, "add-counter stag +1/+1")
    assert "evolve 3/3" in game.hooks.hints(game, obj=stag)
    assert any(h.startswith("rad 3") for h in game.hooks.hints(game, player="p2"))
    assert not any(h.startswith("rad") for h in game.hooks.hints(game, player="p1"))


def test_evolve_trigger_is_a_plugin_item_and_evolving_is_reported_once():
    game = play(Game(), "turn p1 main1", "goldfish p2", 'battlefield p1 "Watchful Radstag" as stag',
                'battlefield p1 "Hardened Scales"', 'hand p1 "Centaur Courser"',
                'move "Centaur Courser" battlefield')
    item = game.state.stack[-1]
    assert (item.handler, item.kind, item.source) == ("evolve", "triggered", game.state.aliases["stag"])
    play(game, "resolve")
    done = [e for e in game.events if isinstance(e, events.AbilityResolved) and e.handler == "evolve"]
    assert len(done) == 1 and done[0].data["evolved"] is True
    put = [e for e in game.events if isinstance(e, events.CountersPut) and e.obj == item.source]
    assert [e.amount for e in put] == [2] and put[0].source_item == item.id


def test_evolve_that_does_nothing_is_not_evolving():
    game = play(Game(), "turn p1 main1", "goldfish p2", 'battlefield p1 "Watchful Radstag" as stag',
                'hand p1 "Centaur Courser"', 'move "Centaur Courser" battlefield',
                'pump "Centaur Courser" -2/-2', "resolve")
    done = [e for e in game.events if isinstance(e, events.AbilityResolved) and e.handler == "evolve"]
    assert len(done) == 1 and not done[0].data.get("evolved")
    assert not game.state.stack


def test_rad_trigger_is_sourceless_and_controlled_by_the_active_player():
    game = play(Game(), "turn p1 upkeep", "goldfish p2", "counter p1 rad 2",
                "library p1 Forest Forest", "goto main1")
    item = game.state.stack[-1]
    assert (item.kind, item.source, item.controller, item.handler) == ("sourceless", None, "p1", "rad")
    play(game, "resolve")
    milled = [e for e in game.events if isinstance(e, events.Milled)]
    assert len(milled) == 1 and len(milled[0].objs) == 2 and milled[0].nonland == 0


def test_hooks_propose_and_do_not_change_the_game():
    import plugins.evolve as evolve
    import plugins.rad as rad

    game = play(Game(), "turn p1 main1", "goldfish p2", 'battlefield p1 "Cloudfin Raptor"',
                "counter p1 rad 1", 'hand p1 "Grizzly Bears"')
    before = game.snapshot()
    bears = game.state.players["p1"].hand[0]
    event = events.ZoneChanged(bears, 0, "Grizzly Bears", "p1", "p1", "hand", "battlefield")
    assert evolve.trigger_collect(game=game, event=event) is None  # not on the battlefield
    assert rad.step_begin(game=game, step="main1")[0]["kind"] == "sourceless"
    assert rad.step_begin(game=game, step="main2") is None
    assert game.snapshot() == before
