"""Python-level checks of the phasing (702.26, 502.1) and proliferate (701.34) plugins."""

from __future__ import annotations

import pickle

import pytest

from mechanics import Game, make_plugin_manager
from mechanics.io.scenario import run_text
from tui.cli import main

SETUP = """
turn p1 main2
goldfish p2
library p1 Island x5
library p2 Island x5
"""


def test_plugins_command_lists_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    phasing = next(line for line in out.splitlines() if line.startswith("phasing "))
    proliferate = next(line for line in out.splitlines() if line.startswith("proliferate "))
    assert "untap_begin" in phasing and "trigger_collect" in phasing
    assert "keyword_action" in proliferate and "register_cards" in proliferate
    assert "FAILED" not in phasing + proliferate


def test_phasing_creature_phases_out_in_its_controllers_untap_step() -> None:
    game = run_text(SETUP + 'battlefield p1 "Breezekeeper" as djinn\ngoto upkeep p1\n')
    djinn = game.state.aliases["djinn"]
    assert game.state.objs[djinn].phased_out
    assert game.state.objs[djinn].phased_under == "p1"
    assert djinn not in game.permanents()


def test_disabling_the_plugin_stops_phasing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STACKFISH_DISABLE_PLUGINS", "phasing")
    game = run_text(SETUP + 'battlefield p1 "Breezekeeper" as djinn\ngoto upkeep p1\n')
    djinn = game.state.aliases["djinn"]
    assert not game.state.objs[djinn].phased_out
    assert game.is_manual("Breezekeeper")  # its Phasing line is no longer implemented
    assert game.is_manual("Teferi's Imp")


def test_untap_begin_proposes_and_changes_nothing() -> None:
    from plugins import phasing

    game = run_text(SETUP + 'battlefield p1 "Tolarian Drake" as drake\n'
                            'battlefield p1 "Grizzly Bears" as bear\nphase-out bear\n')
    before = pickle.dumps(game.state)
    ops = phasing.untap_begin(game=game, player="p1")
    assert pickle.dumps(game.state) == before
    drake, bear = game.state.aliases["drake"], game.state.aliases["bear"]
    assert ops == [("phase_out", drake), ("phase_in", bear)]
    assert phasing.untap_begin(game=game, player="p2") is None


def test_indirectly_phased_out_aura_is_not_phased_in_by_itself() -> None:
    from plugins import phasing

    game = run_text(SETUP + 'battlefield p1 "Grizzly Bears" as bear\n'
                            'battlefield p1 "Holy Strength" as aura attached-to bear\nphase-out bear\n')
    ops = phasing.untap_begin(game=game, player="p1")
    assert ops == [("phase_in", game.state.aliases["bear"])]


def test_adaptive_automaton_is_the_chosen_type() -> None:
    game = run_text(SETUP + 'battlefield p1 "Adaptive Automaton" as auto choose Elf\n')
    auto = game.state.aliases["auto"]
    assert "Elf" in game.chars(auto).subtypes
    assert "Construct" in game.chars(auto).subtypes


def test_proliferate_options_skip_other_zones_and_phased_out() -> None:
    from plugins import proliferate

    game = run_text(SETUP + 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=1\n'
                            'battlefield p1 "Llanowar Elves" as elf counter +1/+1=1\n'
                            'graveyard p1 "Hill Giant"\ncounter p2 poison 1\nphase-out elf\n')
    giant = game.resolve_obj("Hill Giant")
    game.state.objs[giant].counters["+1/+1"] = 2  # a card with counters in another zone
    opts = proliferate.options(game)
    assert opts == [game.state.aliases["bear"], "p2"]


def test_proliferate_rad_counters_without_the_rad_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STACKFISH_DISABLE_PLUGINS", "rad")
    game = run_text(SETUP + 'hand p1 "Steady Progress"\ncounter p1 rad 2\n'
                            'cast p1 "Steady Progress" free\nresolve\nchoose p1\n')
    assert game.pm.is_blocked("rad") and game.pm.get_plugin("rad") is None
    assert game.state.players["p1"].counters["rad"] == 3


def test_keyword_action_returns_what_got_counters_and_emits_event() -> None:
    game = run_text(SETUP + 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=1\ncounter p2 poison 1\n')
    game.policy = lambda g, d: list(d.options)  # answer the choice at once: everything
    got = game.keyword_action("proliferate", "p1")
    assert got == [game.state.aliases["bear"], "p2"]
    event = game.events[-1]
    assert event.kind == "KeywordAction" and event.name == "proliferate"
    assert event.data["chosen"] == got
    assert "p1 proliferates: Grizzly Bears, p2" in game.log


def test_other_keyword_actions_are_not_proliferate() -> None:
    from plugins import proliferate

    game = Game(plugins=make_plugin_manager())
    assert proliferate.keyword_action(game=game, name="explore", ctx=game.ctx(), player="p1",
                                      args={}) is None


def test_disabling_proliferate_leaves_its_cards_manual() -> None:
    game = Game(plugins=make_plugin_manager(disabled=["proliferate"]))
    assert game.is_manual("Steady Progress")
    assert game.is_manual("Ripples of Potential")
    assert not Game().is_manual("Ripples of Potential")


def test_a_goldfish_proliferates_choosing_nothing() -> None:
    game = run_text(SETUP.replace("turn p1 main2", "turn p2 main2") +
                    'battlefield p2 "Atraxa, Praetors\' Voice" as atraxa\n'
                    'battlefield p1 "Grizzly Bears" as bear counter +1/+1=1\ngoto cleanup p2\n')
    assert game.pending is None or game.pending.kind == "priority"
    assert game.state.objs[game.state.aliases["bear"]].counters == {"+1/+1": 1}
    assert "p2 proliferates, choosing nothing" in game.log


def test_display_hints_for_phasing() -> None:
    game = run_text(SETUP + 'battlefield p1 "Breezekeeper" as djinn\n'
                            'battlefield p1 "Grizzly Bears" as bear\nphase-out bear\n')
    djinn, bear = game.state.aliases["djinn"], game.state.aliases["bear"]
    assert game.hooks.hints(game, obj=djinn) == ["phasing: phases out during p1's untap step"]
    assert game.hooks.hints(game, obj=bear) == ["phased out: phases in during p1's untap step"]
