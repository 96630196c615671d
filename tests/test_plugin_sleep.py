"""Sleeping plugins (``register_interest(words=..., wakes=...)``, docs/plugins.md): a
plugin is not called in a game without its cards, and works as soon as one joins."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

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


def _milled(game: Game) -> list[str]:
    return [line for line in game.log if line.startswith("p1 mills")]


def test_rad_sleeps_until_the_first_rad_counter_a_command_or_an_effect_puts() -> None:
    """727.1: a player with rad counters mills at the beginning of their precombat main
    phase.  The rad plugin sleeps in a game with no rad counter and no card speaking of
    them; the ``counter`` set-up command and a counter put in play (``add-counter``, as
    an effect puts one) each wake it."""
    game = run_text(SETUP + "goto upkeep p2\ngoto upkeep p1\n")
    assert game.hooks.words and not _milled(game)  # (nothing to mill: asleep or not, no rad)
    for line in ("counter p1 rad 2", "add-counter p1 rad 2"):
        game = run_text(SETUP + f"{line}\ngoto upkeep p2\ngoto main1 p1\nresolve\n")
        assert _milled(game) == ["p1 mills 2 cards"], line


def test_a_restored_game_with_rad_counters_wakes_rad() -> None:
    """A game rebuilt from a snapshot whose players already have rad counters (given
    before the snapshot, so no command or event puts them again) still mills."""
    before = run_text(SETUP + "counter p1 rad 2\n")
    game = Game.from_snapshot(before.snapshot())
    assert game.state.players["p1"].counters == {"rad": 2}
    _play(game, "goto upkeep p2", "goto main1 p1", "resolve")
    assert _milled(game) == ["p1 mills 2 cards"]


class Mover:
    """Hears ZoneChanged events, each between the zones it names (all when none)."""

    def __init__(self, name: str, zones: tuple[str, ...] = ()) -> None:
        self.name, self.zones, self.heard = name, zones, []

    @hookimpl
    def register_interest(self, register):
        register(events=("ZoneChanged",), zones=self.zones)

    @hookimpl
    def trigger_collect(self, game, event):
        self.heard.append((event.from_zone, event.to_zone))


@pytest.mark.parametrize("log", [True, False])
def test_a_plugin_naming_zones_hears_only_moves_from_or_to_them(log: bool) -> None:
    """``register_interest(zones=("battlefield",))``: a land played and a creature
    dying are heard, a card drawn or a spell cast isn't; a plugin naming no zone (a
    third party's written before zones existed) hears every move, in a game that keeps
    no log too (which looks at a move elsewhere only when something hears it)."""
    narrow, wide = Mover("narrow", ("battlefield",)), Mover("wide")
    game = Game(plugins=make_plugin_manager(load_entrypoints=False, extra=[narrow, wide]), log=log)
    _play(game, "turn p1 main1", "goldfish p2", "library p1 Mountain x5", "hand p1 Mountain",
          'battlefield p2 "Grizzly Bears"', 'hand p1 "Lightning Bolt"', "play p1 Mountain",
          "mana p1 {R}", 'cast p1 "Lightning Bolt" target "Grizzly Bears"', "resolve", "draw p1")
    moves = [("hand", "battlefield"), ("hand", "stack"), ("stack", "graveyard"),
             ("battlefield", "graveyard"), ("library", "hand")]
    assert wide.heard == moves
    assert narrow.heard == [m for m in moves if "battlefield" in m]


class Resolver:
    """Puts a sourceless trigger named ``makes`` on the stack for each spell cast, and
    records the handlers its ``resolve_item`` is asked for."""

    def __init__(self, name: str, makes: str, player: str, handlers: tuple[str, ...] = ()) -> None:
        self.name, self.makes, self.player, self.handlers, self.asked = name, makes, player, handlers, []

    @hookimpl
    def register_interest(self, register):
        register(events=("SpellCast",), handlers=self.handlers)

    @hookimpl
    def trigger_collect(self, game, event):
        return [{"handler": self.makes, "source": None, "epoch": 0, "kind": "sourceless",
                 "controller": self.player, "text": f"{self.makes}: a spell was cast"}]

    @hookimpl
    def resolve_item(self, game, item, ctx):
        self.asked.append(item.handler)
        return True if item.handler == self.makes else None


def test_a_plugin_naming_its_handlers_resolves_only_those() -> None:
    """``register_interest(handlers=("mine",))``: ``resolve_item`` is asked only for the
    stack items with those handlers; a plugin naming none is asked for every item no
    plugin before it resolved, as before."""
    named, anything = Resolver("named", "mine", "p1", ("mine",)), Resolver("anything", "theirs", "p2")
    game = Game(plugins=make_plugin_manager(load_entrypoints=False, extra=[anything, named]))
    _play(game, "turn p1 main1", "goldfish p2", "library p1 Mountain x5", 'hand p1 "Lightning Bolt"',
          "mana p1 {R}", 'cast p1 "Lightning Bolt" target p2', "resolve", "resolve")
    assert sorted(i.text for i in game.state.stack) == ["Lightning Bolt"]  # both triggers resolved
    assert named.asked == ["mine"] and "theirs" in anything.asked


def test_an_unknown_zone_is_refused_at_registration() -> None:
    pm = make_plugin_manager(load_entrypoints=False, extra=[Mover("typo", ("battlefeld",))])
    [error] = pm.stackfish_errors.values()
    assert "no zone 'battlefeld'; did you mean 'battlefield'" in error


def test_a_game_without_a_log_notices_the_moves_cards_hear() -> None:
    """A batch game keeps no log, and looks at a card moving between zones other than the
    battlefield only when something hears such moves: Skola Grovedancer ("whenever a land
    card is put into your graveyard from anywhere") and Creeping Chill (from your library,
    an ability in the graveyard) still trigger on a mill."""
    path = Path(__file__).parent / "scenarios" / "oracle" / "put_into_graveyard_field_of_souls_creeping_chill.scenario"
    game = run_text(path.read_text(), str(path), game_factory=partial(Game, log=False))
    assert game.log == [] and game.state.players["p1"].life == 24
