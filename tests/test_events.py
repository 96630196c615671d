"""Events as plugins and the game's record see them: each engine event is an equal,
hashable, immutable record built with the fields it was given (its quick
``__init__`` is :func:`mechanics.model.events.event`'s), and undoing an action takes
its events and log lines back with it."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from mechanics import hookimpl, make_plugin_manager
from mechanics.model import events as ev
from mechanics.play.game import Game

#: every event class of the engine
ENGINE_EVENTS = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)]

SAMPLES = {"int": 3, "str": "p1", "bool": True, "int | None": 4, "str | None": "p2",
           "tuple[int, ...]": (1, 2), "tuple[tuple[int, int], ...]": ((1, 2),),
           "dict[str, Any]": {"n": 1}}


def sample(cls: type) -> dict[str, typing.Any]:
    """A value for each field of ``cls``, by its type."""
    return {f.name: SAMPLES[f.type] for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", ENGINE_EVENTS, ids=lambda c: c.__name__)
def test_an_event_is_an_equal_hashable_immutable_record(cls: type) -> None:
    values = sample(cls)
    by_keyword, by_position = cls(**values), cls(*values.values())
    assert by_keyword == by_position and hash(by_keyword) == hash(by_position)
    assert {f.name: getattr(by_keyword, f.name) for f in dataclasses.fields(cls)} == values
    assert vars(by_keyword) == values  # no other attribute
    assert by_keyword.kind == cls.__name__
    assert repr(by_keyword) == f"{cls.__name__}({', '.join(f'{k}={v!r}' for k, v in values.items())})"
    for name in values:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(by_keyword, name, values[name])
    if values:
        first = next(iter(values))
        with pytest.raises(TypeError):
            cls(**{k: v for k, v in values.items() if k != first})  # a field missing


def test_defaults_are_the_declared_ones_and_each_record_gets_its_own_dict() -> None:
    moved = ev.ZoneChanged(1, 2, "Mountain", "p1", "p1", "hand", "battlefield")
    assert (moved.old_epoch, moved.token) == (-1, False)
    assert ev.Drew("p1", 5) == ev.Drew("p1", 5, index=0, of=1)
    one, two = ev.KeywordAction("proliferate", "p1"), ev.KeywordAction("proliferate", "p1")
    assert one.data == {} and one.data is not two.data
    assert one == ev.KeywordAction("proliferate", "p1", {"chosen": [3]})  # data is not compared
    assert dataclasses.replace(moved, token=True).token is True


def test_undo_takes_back_the_events_and_log_lines_of_what_it_undoes() -> None:
    game = Game()
    for line in ("turn p1 main1", "hand p1 Mountain", "play p1 Mountain", 'hand p1 "Lightning Bolt"',
                 'battlefield p2 "Hill Giant" as giant'):
        game.play(line)
    events, log = list(game.events), list(game.log)
    assert events and log  # (playing the land: kept by the undo)
    game.play('cast p1 "Lightning Bolt" target giant')
    game.play("resolve")
    assert any(isinstance(e, ev.ZoneChanged) and e.to_zone == "graveyard" for e in game.events[len(events):])
    assert len(game.log) > len(log)
    game.undo(2)
    assert game.events == events and game.log == log
    game.redo()
    game.undo()  # again, from a state saved after events were emitted
    assert game.events == events and game.log == log


def quiet(event: ev.Event) -> bool:
    """An event a game keeping no log leaves out when nothing notices its kind
    (``Game.noticing``): a step beginning, a permanent tapped or untapped, a draw, a life
    change, damage dealt, a spell cast, attackers or blockers declared, a card moving
    between zones other than the battlefield."""
    return isinstance(event, (ev.StepBegan, ev.Tapped, ev.Untapped, ev.Drew, ev.LifeChanged, ev.DamageDealt,
                              ev.SpellCast, ev.AttackersDeclared, ev.BlockersDeclared)) or \
        isinstance(event, ev.ZoneChanged) and \
        "battlefield" not in (event.from_zone, event.to_zone)


def test_a_logged_game_describes_events_nothing_hears_and_a_batch_game_only_records_them() -> None:
    """A batch game records the events a logged game describes, but for those nothing
    notices of the kinds it leaves out (``quiet``): the beginnings of steps, which only its
    step log has (as the logged game's), taps, untaps, draws with their moves, and life
    changes, damage and spells cast (the turn counts draws, life changes and spells
    without them)."""
    lines = ("turn p1 main1", "goldfish p2", "library p1 Island x3", "battlefield p1 Mountain", "battlefield p1 Forest tapped",
             "hand p1 \"Lightning Bolt\"", "cast p1 \"Lightning Bolt\" target p2", "resolve", "goto main1 p1")
    logged, batch = Game(), Game(log=False)
    for game in (logged, batch):
        for line in lines:
            game.play(line)
    assert [e for e in logged.events if isinstance(e, ev.StepBegan)][-1].step == "main1"
    assert {type(e) for e in logged.events if quiet(e)} == {ev.StepBegan, ev.Tapped, ev.Untapped, ev.ZoneChanged,
                                                             ev.Drew, ev.LifeChanged, ev.DamageDealt, ev.SpellCast}
    assert [e for e in logged.events if not quiet(e)] == batch.events
    for game in (logged, batch):  # (what the turn counts, without the events)
        assert game.state.turn_flags["drawn"] == {"p1": 1} and game.state.players["p2"].life == 17
    assert [(s, a, t) for _, s, a, t in batch.step_log] == [(e.step, e.active, e.turn) for e in logged.events
                                                              if isinstance(e, ev.StepBegan)]
    assert batch.steps_began(0, "main2") == logged.steps_began(0, "main2") == 2
    assert logged.log[-1] == "-- turn 3 (p1): main1"
    assert batch.log == []


def test_an_event_class_defined_later_is_among_the_kinds_a_log_notices() -> None:
    @ev.event
    class Foretold(ev.Event):
        obj: int

    assert "Foretold" in ev.KINDS and Foretold(3).kind == "Foretold"


def test_if_you_do_counts_a_discard_nothing_records_in_a_game_keeping_no_log() -> None:
    """Boundary Lands Ranger: "... you may discard a card. If you do, draw a card" (608.2c:
    it happened).  The discard, a move from hand to graveyard that nothing notices (no
    plugin loaded; no permanent hears a move), isn't recorded in a game keeping no log, yet
    counts as done (``Game.unrecorded``): the card is drawn there as with a log."""
    for log in (True, False):
        game = Game(log=log, plugins=make_plugin_manager(load_entrypoints=False))
        for line in ("turn p1 main1", "goldfish p2", "library p1 Island x3", "hand p1 Shock",
                     "battlefield p1 \"Boundary Lands Ranger\"", "battlefield p1 \"Craw Wurm\"", "goto combat p1",
                     "resolve", "choose yes", "choose Shock"):
            game.play(line)
        assert [game.state.objs[o].name for o in game.state.players["p1"].graveyard] == ["Shock"]
        assert [game.state.objs[o].name for o in game.state.players["p1"].hand] == ["Island"]
        assert ("Shock" in [getattr(e, "name", "") for e in game.events]) is log


class Tapwatch:
    """A third-party-style plugin that hears taps (``register_interest(events=...)``):
    in a game keeping no log, what a plugin registers for is noticed, so recorded."""

    def __init__(self) -> None:
        self.heard: list[int] = []

    @hookimpl
    def register_interest(self, register):
        register(events=("Tapped",))

    @hookimpl
    def trigger_collect(self, game, event):
        self.heard.append(event.obj)
        return None


def test_a_plugin_hearing_taps_hears_them_and_finds_them_recorded_in_a_game_keeping_no_log() -> None:
    watch = Tapwatch()
    game = Game(log=False, plugins=make_plugin_manager(load_entrypoints=False, extra=[watch]))
    for line in ("turn p1 main1", "battlefield p1 Mountain as m", "hand p1 Shock", "cast p1 Shock target p2"):
        game.play(line)
    mountain = game.resolve_obj("m")
    assert watch.heard == [mountain]
    assert [e for e in game.events if isinstance(e, ev.Tapped)] == [ev.Tapped(mountain)]


def test_the_turn_counts_draws_and_life_lost_without_their_events_in_a_game_keeping_no_log() -> None:
    """Eyekite: "+2/+0 as long as you've drawn two or more cards this turn"; Arrogant
    Outlaw: "When this creature enters, if an opponent lost life this turn, each opponent
    loses 2 life and you gain 2 life".  Nothing hears a draw or a life change there, so a
    game keeping no log builds neither event, and the turn counts them all the same."""
    for log in (True, False):
        game = Game(log=log, plugins=make_plugin_manager(load_entrypoints=False))
        for line in ("turn p1 main1", "goldfish p2", "library p1 Island x3", "battlefield p1 Eyekite as kite",
                     "hand p1 \"Arrogant Outlaw\"", "damage p2 3", "draw p1 2", "mana p1 {2}{B}",
                     "cast p1 \"Arrogant Outlaw\"", "resolve", "resolve"):
            game.play(line)
        kite = game.view(game.resolve_obj("kite"))
        assert (kite.power, kite.toughness) == (3, 2)  # (a 1/2)
        assert game.state.players["p2"].life == 15 and game.state.players["p1"].life == 22
        assert ("Drew" in [e.kind for e in game.events]) is log


def test_a_plugin_hearing_taps_hears_each_land_of_a_payment_and_each_attacker_tapped() -> None:
    """The lands tapped for one payment (601.2g-h) and the attackers (508.1f) are tapped
    in one write (``Game.tap_all``), each still heard: not the land left untapped, not a
    vigilant attacker, not a land tapped already."""
    for log in (True, False):
        watch = Tapwatch()
        game = Game(log=log, plugins=make_plugin_manager(load_entrypoints=False, extra=[watch]))
        for line in ("turn p1 main1", "goldfish p2", "battlefield p1 Mountain as m1", "battlefield p1 Mountain as m2",
                     "battlefield p1 Mountain as m3", "battlefield p1 Mountain tapped as m4",
                     "battlefield p1 \"Gray Ogre\" as ogre", "battlefield p1 \"Serra Angel\" as angel",
                     "battlefield p1 \"Grizzly Bears\" as bear", "hand p1 \"Searing Spear\"",
                     "cast p1 \"Searing Spear\" target p2", "resolve", "goto attackers",
                     "attack p1 ogre angel bear"):
            game.play(line)
        oid = game.resolve_obj
        assert watch.heard == [oid("m1"), oid("m2"), oid("ogre"), oid("bear")]
        assert [game.state.objs[oid(m)].tapped for m in ("m1", "m2", "m3", "angel")] == [True, True, False, False]
        assert game.state.players["p2"].life == 17


def _both(lines: tuple[str, ...]) -> list[Game]:
    """The same lines played in a game keeping a log and in one keeping none."""
    games = [Game(log=True), Game(log=False)]
    for game in games:
        for line in lines:
            game.play(line)
    return games


def test_blocks_are_heard_by_what_hears_them_and_not_recorded_when_nothing_does_in_a_game_keeping_no_log() -> None:
    """Giant Badger: "Whenever this creature blocks, it gets +2/+2 until end of turn" hears
    BlockersDeclared in a game keeping no log too; with plain blockers, nothing hears it
    and a game keeping no log builds none (the block itself is the same)."""
    for game in _both(("turn p1 main1", "battlefield p1 \"Slashing Tiger\" as tiger",
                       "battlefield p2 \"Giant Badger\" as badger", "battlefield p2 \"Grizzly Bears\" as bear",
                       "goto attackers", "attack p1 tiger", "goto blockers", "block p2 badger tiger bear tiger",
                       "resolve all")):
        assert (game.view(game.resolve_obj("tiger")).power, game.view(game.resolve_obj("badger")).power) == (5, 4)
    logged, batch = _both(("turn p1 main1", "battlefield p1 \"Grizzly Bears\" as bear",
                           "battlefield p2 \"Grizzly Bears\" as wall", "goto attackers", "attack p1 bear",
                           "goto blockers", "block p2 wall bear", "goto main2"))
    for game in (logged, batch):
        assert game.state.objs[game.resolve_obj("bear")].zone == "graveyard"
    assert [e for e in logged.events if isinstance(e, ev.BlockersDeclared)] != []
    assert [e for e in batch.events if isinstance(e, ev.BlockersDeclared)] == []


def test_damage_is_heard_by_abilities_lifelink_and_the_plugins_in_a_game_keeping_no_log() -> None:
    """Scroll Thief draws when it deals combat damage to a player (it hears DamageDealt),
    Vampire Nighthawk's lifelink gains life (the engine's own result of the damage, with
    no event built when nothing hears it), infect gives poison counters (the plugin's
    damage_results reads the event), in a game keeping no log as in one keeping one."""
    for game in _both(("turn p1 main1", "battlefield p1 \"Scroll Thief\" as thief",
                       "battlefield p1 \"Vampire Nighthawk\" as hawk", "library p1 Island Island",
                       "goto attackers", "attack p1 thief hawk", "goto blockers", "pass", "goto main2")):
        p1, p2 = game.state.players["p1"], game.state.players["p2"]
        assert (p1.life, p2.life, len(p1.hand)) == (22, 17, 1)
    logged, batch = _both(("turn p1 main1", "battlefield p1 \"Grizzly Bears\" as bear", "goto attackers",
                           "attack p1 bear", "goto blockers", "pass", "goto main2"))
    assert logged.state.players["p2"].life == batch.state.players["p2"].life == 18
    assert [e for e in batch.events if isinstance(e, ev.DamageDealt)] == []
    for game in _both(("turn p1 main1", "battlefield p1 \"Glistener Elf\" as elf", "goto attackers",
                       "attack p1 elf", "goto blockers", "pass", "goto main2")):
        assert game.state.players["p2"].counters.get("poison") == 1 and game.state.players["p2"].life == 20


def test_attacks_count_for_raid_and_are_heard_by_exalted_in_a_game_keeping_no_log() -> None:
    """Wingmate Roc: "Raid — When this creature enters, if you attacked this turn, create a
    3/4 white Bird creature token with flying" reads the turn's count of attacks, which a
    game keeping no log keeps without building AttackersDeclared; exalted (a plugin that
    hears the kind) still pumps the lone attacker."""
    lines = ("turn p1 main1", "goldfish p2", "battlefield p1 \"Grizzly Bears\" as bear", "goto attackers",
             "attack p1 bear", "goto main2", "hand p1 \"Wingmate Roc\"", "mana p1 {3}{W}{W}",
             "cast p1 \"Wingmate Roc\"", "resolve all")
    logged, batch = _both(lines)
    for game in (logged, batch):
        assert game.state.players["p2"].life == 18
        names = sorted(game.state.objs[o].name for o in game.permanents("p1"))
        assert names[0].startswith("Bird Token") and names[1:] == ["Grizzly Bears", "Wingmate Roc"]
    assert [e for e in batch.events if isinstance(e, ev.AttackersDeclared)] == []
    for game in _both(("turn p1 main1", "goldfish p2", "battlefield p1 \"Grizzly Bears\" as bear",
                       "battlefield p1 \"Akrasan Squire\"", "goto attackers", "attack p1 bear", "resolve all",
                       "goto main2")):
        assert game.state.players["p2"].life == 17  # (exalted: +1/+1 for the lone attacker)


def test_spells_cast_count_for_day_and_night_and_wake_a_delayed_ability_in_a_game_keeping_no_log() -> None:
    """A game keeping no log counts the spells cast without building SpellCast when nothing
    hears it: night becomes day after a player casts two spells in their turn (726.3a,
    702.145e, the daybound plugin reads the count); and while Kumano Faces Kakkazan's
    "When you next cast a creature spell this turn" waits (603.7c) the next spell's event
    is built and looked at: the creature enters with its +1/+1 counter."""
    logged, batch = _both(("turn p1 main1", "goldfish p2", "library p1 Mountain Mountain Mountain Mountain",
                           "library p2 Island Island Island Island", "battlefield p1 \"Fearful Villager\"",
                           "hand p1 Shock Shock \"Tavern Ruffian\"", "goto upkeep p2", "goto upkeep p1",
                           "goto main1 p1", "mana p1 {3}{R}", "cast p1 \"Tavern Ruffian\"", "resolve",
                           "mana p1 {R}", "cast p1 Shock target p2", "resolve", "goto upkeep p2"))
    for game in (logged, batch):
        assert sorted(game.state.objs[o].name for o in game.permanents("p1")) == ["Fearful Villager",
                                                                                 "Tavern Ruffian"]
    assert [e for e in batch.events if isinstance(e, ev.SpellCast)] == []
    for game in _both(("turn p1 main1", "goldfish p2", "library p1 Mountain Mountain Mountain Mountain",
                       "hand p1 \"Kumano Faces Kakkazan\" \"Raging Goblin\" \"Raging Goblin\"", "mana p1 {R}",
                       "cast p1 \"Kumano Faces Kakkazan\"", "resolve", "resolve", "goto main1 p1", "resolve",
                       "mana p1 {R}", "cast p1 \"Raging Goblin\"", "resolve", "resolve",
                       "mana p1 {R}", "cast p1 \"Raging Goblin\"", "resolve")):
        goblins = [o for o in game.permanents("p1") if game.state.objs[o].name == "Raging Goblin"]
        assert sorted(game.state.objs[o].counters.get("+1/+1", 0) for o in goblins) == [0, 1]
