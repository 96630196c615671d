"""The step log (``game.step_log``): every step as it began, the record the questions
about steps read (``steps_began``, ``turn_began_at``, ``steps_since_entered``).  A
StepBegan event is recorded only when something notices it (a game's log, a plugin or
an ability that hears it), so a batch game (``log=False``) answers these questions
from the step log alone, as a logged game does.
"""

from __future__ import annotations

import pytest

from mechanics import Game, events, hookimpl, make_plugin_manager
from mechanics.model.actions import parse_action


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game.play(parse_action(line))
    return game


@pytest.mark.parametrize("log", [True, False])
def test_echo_triggers_in_the_upkeep_after_the_permanent_came_whether_or_not_the_game_keeps_a_log(log):
    game = play(Game(log=log), "turn p1 main1", "goldfish p2", "library p1 Mountain x6",
                'hand p1 "Goblin War Buggy"', "mana p1 {1}{R}", 'cast p1 "Goblin War Buggy"', "resolve",
                "goto upkeep p2")
    assert not game.state.stack  # not its controller's upkeep
    play(game, "goto upkeep p1")
    assert [item.text for item in game.state.stack] == [game.state.stack[0].text]
    assert "echo" in game.state.stack[0].text.lower()
    assert any(isinstance(e, events.StepBegan) for e in game.events) == log


@pytest.mark.parametrize("log", [True, False])
def test_storm_counts_the_spells_cast_this_turn_only_whether_or_not_the_game_keeps_a_log(log):
    game = play(Game(log=log), "turn p1 main1", "goldfish p2", "library p1 Island x5", "library p2 Island x5",
                'hand p1 "Lightning Bolt" Radstorm Radstorm', 'cast p1 "Lightning Bolt" target p2 free',
                "resolve", "cast p1 Radstorm free")
    assert len(game.state.stack) == 2  # Radstorm and its storm trigger
    play(game, "resolve")
    assert len(game.state.stack) == 2  # one copy for the one spell cast before it
    play(game, "resolve all", "goto main1 p1", "cast p1 Radstorm free", "resolve")
    assert len(game.state.stack) == 1  # next turn: no spell before it, no copy


class StepListener:
    """A third-party-style plugin that registered interest in StepBegan."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str, int]] = []

    @hookimpl
    def register_interest(self, register):
        register(events=("StepBegan",))

    @hookimpl
    def trigger_collect(self, game, event):
        if isinstance(event, events.StepBegan):
            self.heard.append((event.step, event.active, event.turn))


def test_a_plugin_that_hears_step_began_gets_every_step_in_a_game_that_keeps_no_log():
    listener = StepListener()
    game = Game(log=False, plugins=make_plugin_manager(load_entrypoints=False, extra=[listener]))
    play(game, "turn p1 main1", "goldfish p2", "library p1 Island x5", "goto main1 p1")
    assert listener.heard[0] == ("combat", "p1", 1)
    assert listener.heard[-1] == ("main1", "p1", 3)
    assert listener.heard == [(s, a, t) for _, s, a, t in game.step_log]
    assert game.steps_began(0, "upkeep") == 2 and game.steps_began(0, "upkeep", "p2") == 1


def test_undo_takes_back_the_steps_with_the_action():
    game = play(Game(log=False), "turn p1 main1", "goldfish p2", "library p1 Island x5", "goto main1 p1")
    began = len(game.step_log)
    play(game, "goto main1 p1")
    assert len(game.step_log) > began
    game.undo()
    assert len(game.step_log) == began and game.steps_began(0, "upkeep", "p1") == 1


class Dawn:
    """A third-party-style plugin that sleeps until a permanent untaps (``wakes``), then
    hears each upkeep: "at the beginning of each upkeep, its player gains 1 life"."""

    @hookimpl
    def register_interest(self, register):
        register(steps=("upkeep",), words=("no card says this",), wakes=("Untapped",))

    @hookimpl
    def step_begin(self, game, step):
        return [{"handler": "dawn", "source": None, "epoch": 0, "kind": "sourceless",
                 "controller": game.state.active, "text": "dawn: gain 1 life"}]

    @hookimpl
    def resolve_item(self, game, item, ctx):
        if item.handler != "dawn":
            return None
        ctx.gain_life(item.controller, 1)
        return True


@pytest.mark.parametrize("log", [True, False])
def test_a_plugin_woken_by_the_untap_step_hears_the_upkeep_goto_passes_through(log):
    """goto works out once what hears the steps it passes; an untap that wakes a plugin
    in the middle of them makes it look again, so the upkeep after it is heard."""
    game = Game(log=log, plugins=make_plugin_manager(load_entrypoints=False, extra=[Dawn()]))
    play(game, "turn p1 main1", "goldfish p2", "library p1 Island x5", "battlefield p1 Mountain tapped",
         "goto main1 p1")
    assert game.state.players["p1"].life == 21  # its upkeep, after the Mountain untapped
    play(game, "goto main1 p1")
    assert game.state.players["p1"].life == 22 and game.state.players["p2"].life == 21


def test_a_snapshot_written_before_the_step_log_loads_the_same_game():
    """A snapshot's state fields are positional: ``n_steps`` is the last one, so a state
    written without it (an older snapshot) loads with every other field in its place."""
    import base64
    import dataclasses
    import json
    import zlib

    from mechanics.model.state import State
    from mechanics.play.notation import STATE

    game = play(Game(), "turn p1 main1", "goldfish p2", "library p1 Island x5", 'battlefield p1 Mountain tapped',
                "life p2 17", "goto main1 p1")
    lines = game.snapshot().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(STATE))
    data = json.loads(zlib.decompress(base64.b64decode(lines[at][len(STATE):])))
    at_steps = [f.name for f in dataclasses.fields(State)].index("n_steps")
    assert data["state"]["f"][at_steps] == 0  # written as 0: the step log is not in a snapshot
    del data["state"]["f"][at_steps]  # as a snapshot written before the field was
    lines[at] = STATE + base64.b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode("ascii")
    old = Game.from_snapshot("\n".join(lines))
    assert old.snapshot() == game.snapshot()
    assert old.state.players["p2"].life == 17 and old.state.turn == 3 and old.state.step == "main1"


def test_a_snapshot_written_mid_combat_before_the_combat_flag_still_deals_its_damage():
    """``State.combat`` (a creature attacks in this combat) came after snapshots were
    written: one saved with an attacker declared, without the flag, loads with the combat
    the attacking creature says there is, so the damage step still deals its damage."""
    import base64
    import dataclasses
    import json
    import zlib

    from mechanics.model.state import State
    from mechanics.play.notation import STATE

    game = play(Game(), "turn p1 main1", "goldfish p2", "library p1 Island x5", "library p2 Island x5",
                'battlefield p1 "Gray Ogre"', "goto attackers p1", 'attack p1 "Gray Ogre"')
    lines = game.snapshot().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(STATE))
    data = json.loads(zlib.decompress(base64.b64decode(lines[at][len(STATE):])))
    names = [f.name for f in dataclasses.fields(State)]
    del data["state"]["f"][names.index("combat"):]  # as a snapshot written before both fields were
    lines[at] = STATE + base64.b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode("ascii")
    old = Game.from_snapshot("\n".join(lines))
    play(old, "goto main2 p1")
    assert old.state.players["p2"].life == 18
