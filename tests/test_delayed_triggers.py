"""Delayed triggered abilities (603.7) survive a save and resume: the journal replays the
actions that created them, so the resumed game returns Flickerwisp's card at the end step."""

from __future__ import annotations

from pathlib import Path

from mechanics.io import journal as J
from mechanics.io import replay as R
from mechanics.play.game import Game

SETUP = ["turn p1 main1", "goldfish p2", 'battlefield p2 "Grizzly Bears" as bears', "hand p1 Flickerwisp",
         "mana p1 {1}{W}{W}{1}", "cast p1 Flickerwisp", "resolve", "resolve"]


def test_a_delayed_trigger_waits_through_save_and_resume(tmp_path: Path) -> None:
    game = Game(seed=1)
    journal = J.Journal.create(game, tmp_path / "games")
    for line in SETUP:
        game.play(line)
    journal.close()
    assert [d["step"] for d in game.state.delayed] == ["end"]
    resumed = R.resume(journal.directory)
    assert resumed.state.delayed == game.state.delayed
    assert resumed.state.players["p2"].exile  # the Bears wait in exile
    resumed.play("goto end")
    resumed.play("resolve")
    assert resumed.state.delayed == []
    assert not resumed.state.players["p2"].exile
    back = [o for o in resumed.state.battlefield if resumed.state.objs[o].name == "Grizzly Bears"]
    assert [resumed.controller_of(o) for o in back] == ["p2"]


def test_an_exile_until_it_leaves_waits_through_save_and_resume(tmp_path: Path) -> None:
    """610.3: Banisher Priest's card comes back when the Priest leaves, in a resumed game too."""
    game = Game(seed=1)
    journal = J.Journal.create(game, tmp_path / "games")
    for line in ["turn p1 main1", 'battlefield p2 "Grizzly Bears" as bears', 'hand p1 "Banisher Priest" Shock',
                 "mana p1 {1}{W}{W}{R}", 'cast p1 "Banisher Priest"', "resolve", "resolve"]:
        game.play(line)
    journal.close()
    resumed = R.resume(journal.directory)
    assert [d["step"] for d in resumed.state.delayed] == ["leaves"]
    resumed.play('cast p1 Shock target "Banisher Priest"')
    resumed.play("resolve")
    assert resumed.state.delayed == [] and not resumed.state.players["p2"].exile
    assert [resumed.state.objs[o].name for o in resumed.permanents("p2")] == ["Grizzly Bears"]
