"""Sleeping plugins (``register_interest(words=..., wakes=...)``, docs/plugins.md): a
plugin is not called in a game without its cards, and works as soon as one joins."""

from __future__ import annotations

from mechanics import Game, hookimpl, make_plugin_manager
from mechanics.io.scenario import run_text
from mechanics.model.actions import parse_action

SETUP = """
turn p1 main1
goldfish p2
library p1 Mountain x5
library p2 Island x5
"""


class Hasty:
    """Puts a trigger on the stack for each spell cast, only for games with haste cards."""

    calls = 0

    @hookimpl
    def register_interest(self, register):
        register(events=("SpellCast",), words=("haste",))

    @hookimpl
    def trigger_collect(self, game, event):
        Hasty.calls += 1
        return [{"handler": "hasty", "source": None, "epoch": 0, "kind": "sourceless",
                 "controller": event.controller, "text": "hasty: a spell was cast"}]

    @hookimpl
    def resolve_item(self, game, item, ctx):
        return True if item.handler == "hasty" else None


def _play(game: Game, *lines: str) -> Game:
    for line in lines:
        game.play(parse_action(line))
    return game


def test_a_plugin_sleeps_until_a_card_with_its_word_joins_the_game() -> None:
    Hasty.calls = 0
    game = Game(plugins=make_plugin_manager(load_entrypoints=False, extra=[Hasty()]))
    _play(game, "turn p1 main1", "goldfish p2", "library p1 Mountain x5", 'hand p1 "Lightning Bolt"',
          "mana p1 {R}", 'cast p1 "Lightning Bolt" target p2')
    assert [i.text for i in game.state.stack] == ["Lightning Bolt"] and Hasty.calls == 0
    _play(game, "resolve", 'hand p1 "Raging Goblin"', "mana p1 {R}", 'cast p1 "Raging Goblin"')
    assert [i.text for i in game.state.stack] == ["Raging Goblin", "hasty: a spell was cast"]
    assert Hasty.calls == 1


def test_a_card_added_mid_game_wakes_its_keyword_plugin() -> None:
    game = run_text(SETUP + 'hand p1 "Lightning Bolt"\nmana p1 {R}\ncast p1 "Lightning Bolt" target p2\nresolve\n'
                    "hand p1 Batterskull\nmana p1 {5}\ncast p1 Batterskull\nresolve\nresolve\n")
    germ = [o for o in game.state.battlefield if game.chars(o).name.startswith("Phyrexian Germ")]
    assert len(germ) == 1 and game.view(germ[0]).power == 4  # living weapon's Germ, equipped


def test_the_phase_out_command_wakes_phasing_so_it_phases_back_in() -> None:
    game = run_text(SETUP + 'battlefield p1 "Grizzly Bears" as bear\nphase-out bear\n')
    bear = game.state.aliases["bear"]
    assert game.state.objs[bear].phased_out
    _play(game, "goto upkeep p1")
    assert not game.state.objs[bear].phased_out  # 502.1: it phases in during the untap step


def test_day_and_night_wake_with_the_first_daybound_card_of_a_game() -> None:
    """The daybound plugin sleeps through turns without a card that speaks of day or
    night; one put onto the battlefield later makes it day at the next untap step
    (702.145c), and as p1 cast no spell in its turn it becomes night at once (726.3a):
    the Villager transforms."""
    game = run_text(SETUP + "goto upkeep p2\ngoto upkeep p1\n")
    assert game.state.day_night == "" and not any("becomes" in line for line in game.log)
    _play(game, 'battlefield p1 "Fearful Villager" as villager', "goto upkeep p2")
    assert game.state.day_night == "night" and "it becomes night" in " ".join(game.log)
    assert game.chars(game.state.aliases["villager"]).name == "Fearsome Werewolf"
