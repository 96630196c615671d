"""Events as plugins and the game's record see them: each engine event is an equal,
hashable, immutable record built with the fields it was given (its quick
``__init__`` is :func:`mechanics.model.events.event`'s), and undoing an action takes
its events and log lines back with it."""

from __future__ import annotations

import dataclasses
import typing

import pytest

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


def test_a_logged_game_describes_events_nothing_hears_and_a_batch_game_only_records_them() -> None:
    """A batch game records the events a logged game describes, but for the beginnings of
    steps nothing notices, which only its step log has (as the logged game's)."""
    lines = ("turn p1 main1", "battlefield p1 Mountain", "goto main2")
    logged, batch = Game(), Game(log=False)
    for game in (logged, batch):
        for line in lines:
            game.play(line)
    assert [e for e in logged.events if isinstance(e, ev.StepBegan)][-1].step == "main2"
    assert [e for e in logged.events if not isinstance(e, ev.StepBegan)] == batch.events
    assert [(s, a, t) for _, s, a, t in batch.step_log] == [(e.step, e.active, e.turn) for e in logged.events
                                                              if isinstance(e, ev.StepBegan)]
    assert batch.steps_began(0, "main2") == logged.steps_began(0, "main2") == 1
    assert logged.log[-1] == "-- turn 1 (p1): main2"
    assert batch.log == []


def test_an_event_class_defined_later_is_among_the_kinds_a_log_notices() -> None:
    @ev.event
    class Foretold(ev.Event):
        obj: int

    assert "Foretold" in ev.KINDS and Foretold(3).kind == "Foretold"
