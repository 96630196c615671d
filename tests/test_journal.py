"""Journals, resume, save/load and plugin isolation (mechanics/io/journal.py,
mechanics/plugin_api/isolation.py, the ``games``/``resume``/``save``/``load`` commands)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pluggy
import pytest

import mechanics
from mechanics.io import games as G
from mechanics.io import journal as J
from mechanics.io import replay as R
from mechanics.io.scenario import run
from mechanics.model.errors import RuleError, SourceError, StackfishError
from mechanics.play.game import Game
from mechanics.plugin_api.isolation import disable_plugin
from mechanics.plugin_api.plugin_manager import make_plugin_manager
from tui.cli import main

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data")
DECK = os.path.join(DATA, "decks", "simic-evolve.txt")
hookimpl = pluggy.HookimplMarker("stackfish")


def new_game(seed: int = 3, plugins=None) -> Game:  # noqa: ANN001
    game = Game(seed=seed, base_dir=os.path.dirname(DECK), plugins=plugins)
    for line in (f"seed {seed}", "goldfish p2", f"deck p1 {os.path.basename(DECK)}", "start"):
        game.play(line)
    return game


def play_randomly(game: Game, n: int, seed: int = 0, undo_every: int = 0) -> None:
    rng = random.Random(seed)
    for i in range(n):
        acts = list(game.legal_actions)
        if not acts:
            return
        busy = [a for a in acts if a.command != "pass"]
        game.play(rng.choice(busy if busy and rng.random() < 0.6 else acts))
        if undo_every and i % undo_every == undo_every - 1 and len(game.history) > 6:
            game.undo(rng.randint(1, 2))


def state_of(game: Game) -> str:
    d = game.state.decision
    return game.snapshot() + f"{d.kind if d else None} {d.prompt if d else ''} " \
        f"{game.state.priority} {game.state.passes} {len(game.history)} {game.log[-3:]}"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "games"


def test_the_journal_is_a_scenario_of_every_action(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root, title="simic")
    game.play("keep p1")
    game.play("pass")
    game.undo()
    game.play("goto main1")
    journal.close()
    text = journal.path.read_text()
    assert text.startswith(J.HEADER + "\n")
    body = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    assert body == ["seed 3", "goldfish p2", "deck p1 p1.deck", "start", "keep p1", "pass",
                    "undo 1", "goto main1"]
    assert f"# deck p1 from {DECK}" in text
    assert (journal.directory / "p1.deck").read_bytes() == Path(DECK).read_bytes()
    assert run(str(journal.path), out=lambda m: None) == 0  # `stackfish script` replays it


def test_resume_reproduces_the_exact_position(root: Path) -> None:
    game = new_game(seed=11)
    journal = J.Journal.create(game, root)
    play_randomly(game, 250, seed=11, undo_every=17)
    journal.close()
    resumed = R.resume(journal.directory)
    assert state_of(resumed) == state_of(game)
    assert [str(a) for a in resumed.journal][4:] == [str(a) for a in game.journal][4:]
    resumed.undo(3)  # undo keeps working across a resume
    game.undo(3)
    assert state_of(resumed) == state_of(game)


def test_the_deck_copy_makes_the_game_independent_of_the_original_file(tmp_path: Path,
                                                                      root: Path) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_bytes(Path(DECK).read_bytes())
    game = Game(seed=5, base_dir=str(tmp_path))
    journal = J.Journal.create(game, root)
    for line in ("seed 5", "goldfish p2", "deck p1 mine.txt", "start", "keep p1"):
        game.play(line)
    journal.close()
    deck.write_text("60 Forest\n")
    assert R.resume(journal.path).snapshot() == game.snapshot()


def test_a_torn_last_line_is_dropped_with_a_warning(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root)
    game.play("keep p1")
    journal.close()
    before = game.snapshot()
    with open(journal.path, "ab") as f:
        f.write(b'cast p1 "Llanowar')  # the process died in the middle of this write
    warned: list[str] = []
    assert R.resume(journal.path, warn=warned.append).snapshot() == before
    assert len(warned) == 1 and "torn last line" in warned[0] and ":11:" in warned[0]
    with pytest.warns(J.JournalWarning, match="torn"):
        R.resume(journal.path)


@pytest.mark.parametrize("tail", [b"goto mai\n", b"\0\0\0\0", b"cast p1 \"Llan\n",
                                  b"\xff\xfe\n", b"\n\n"])
def test_other_torn_endings_are_dropped(root: Path, tail: bytes) -> None:
    game = new_game()
    journal = J.Journal.create(game, root)
    game.play("keep p1")
    journal.close()
    with open(journal.path, "ab") as f:
        f.write(tail)
    assert R.resume(journal.path, warn=lambda m: None).snapshot() == game.snapshot()


@pytest.mark.parametrize("bad, message", [
    (b"frobnicate p1\n", "unknown command 'frobnicate'"),
    (b'cast p1 "Open quote\n', "quoted name left open"),
    (b"\xff\xfe\n", "not a line of text"),
    (b"cast p1 Plains\n", "Plains"),  # parses, but can't be applied: the journal doesn't replay
    (b"undo 99\n", "actions to undo"),
])
def test_a_corrupt_line_in_the_middle_names_file_and_line(root: Path, bad: bytes,
                                                          message: str) -> None:
    game = new_game()
    journal = J.Journal.create(game, root)
    game.play("keep p1")
    journal.close()
    lines = journal.path.read_bytes().splitlines(keepends=True)
    n = next(i for i, ln in enumerate(lines) if ln.startswith(b"start"))
    lines.insert(n, bad)
    journal.path.write_bytes(b"".join(lines))
    with pytest.raises(SourceError) as err:
        R.resume(journal.path)
    assert err.value.path == str(journal.path) and err.value.line == n + 1
    assert message in str(err.value)


def test_a_journal_survives_sigkill_at_any_moment(tmp_path: Path) -> None:
    """A child plays a game as fast as it can, journalling each action and printing
    how many it has done; it is killed with SIGKILL at several moments.  The journal
    holds every action it reported done plus at most the one being applied, and the
    game resumes and plays on."""
    child = textwrap.dedent(f"""
        import random, sys
        sys.path.insert(0, {str(Path(mechanics.__file__).parents[1])!r})
        from mechanics.play.game import Game
        from mechanics.io import journal as J
        game = Game(seed=1, base_dir={os.path.dirname(DECK)!r})
        j = J.Journal.create(game, sys.argv[1], game_id="g")
        for line in ("seed 1", "goldfish p2", "deck p1 {os.path.basename(DECK)}", "start"):
            game.play(line)
        rng = random.Random(1)
        done = 0
        while True:
            acts = list(game.legal_actions)
            if acts:
                game.play(rng.choice(acts))
            else:
                game.undo(5)
            done += 1
            print(done, flush=True)
    """)
    for delay in (0.2, 0.5, 0.9):
        root = tmp_path / f"kill-{delay}"
        proc = subprocess.Popen([sys.executable, "-c", child, str(root)], stdout=subprocess.PIPE,
                                text=True)
        first = proc.stdout.readline()  # the game has started
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        rest = proc.stdout.read().split()
        proc.stdout.close()
        done = int(rest[-1]) if rest else int(first)
        assert done >= 1, "the child played nothing"
        lines = R.read_journal(root / "g" / J.JOURNAL)
        events = [ln for ln in lines if ln.complete and ln.text and ln.text.strip()
                  and not ln.text.startswith("#")][4:]
        assert done <= len(events) <= done + 1
        game = R.resume(root / "g", warn=lambda m: None)
        if game.pending is not None:
            game.play(next(iter(game.legal_actions)))  # and it plays on


def test_listing_finished_and_unfinished_games(root: Path) -> None:
    a = new_game(seed=1)
    ja = J.Journal.create(a, root, title="one", game_id="a")
    b = new_game(seed=2)
    jb = J.Journal.create(b, root, title="two", game_id="b")
    b.play("concede p1")
    assert b.state.over
    assert [g.id for g in G.unfinished(root)] == ["a"]
    assert {g.id: g.finished for g in G.list_games(root)} == {"a": False, "b": True}
    b.undo()  # back before the end: resumable again
    assert sorted(g.id for g in G.unfinished(root)) == ["a", "b"]
    info = G.info(root / "a")
    assert info.title == "one" and info.actions == 4 and info.last == "start"
    ja.close()
    jb.close()
    assert G.find_game("a", root) == root / "a"
    with pytest.raises(J.JournalError, match="no game"):
        G.find_game("zzz", root)


def test_one_session_per_game(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root, game_id="g")
    with pytest.raises(J.JournalError, match="another session"):
        G.open_or_resume("g", root=root)
    journal.close()
    resumed, again = G.open_or_resume("g", root=root)
    resumed.play("keep p1")
    again.close()
    assert R.resume(root / "g").snapshot() == resumed.snapshot()


def test_legal_action_probes_write_nothing(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root)
    size = journal.path.stat().st_size
    assert len(list(game.legal_actions)) > 1
    assert "keep p1" in [str(a) for a in game.legal_actions]
    assert journal.path.stat().st_size == size
    journal.close()


def test_save_and_load_round_trip(tmp_path: Path, root: Path) -> None:
    saves = tmp_path / "saves"
    game = new_game(seed=9)
    journal = J.Journal.create(game, root, title="to save")
    play_randomly(game, 40, seed=9)
    target = G.save(journal.directory, "before-combat", saves)
    with pytest.raises(J.JournalError, match="exists"):
        G.save(journal.directory, "before-combat", saves)
    with pytest.raises(J.JournalError, match="bad save name"):
        G.save(journal.directory, "../evil", saves)
    saved_text = (target / J.JOURNAL).read_text()
    loaded, lj = G.load("before-combat", saves, root)
    assert loaded.snapshot() == game.snapshot()
    assert lj.directory != journal.directory and lj.directory.parent == root
    play_randomly(loaded, 10, seed=1)
    lj.close()
    journal.close()
    assert (target / J.JOURNAL).read_text() == saved_text  # the save is untouched
    assert [g.id for g in G.list_saves(saves)] == ["before-combat"]


# ---------------------------------------------------------------- plugin isolation
class Boom:
    """An inline plugin whose untap-step hook raises."""

    name = "boom"

    armed = False

    @hookimpl
    def untap_begin(self, game, player):  # noqa: ANN001, ANN201
        return [1 / 0] if self.armed else None


def test_a_raising_plugin_leaves_the_game_unchanged_and_is_named(root: Path) -> None:
    boom = Boom()
    pm = make_plugin_manager(load_entrypoints=False, extra=[boom])
    game = new_game(plugins=pm)
    game.play("keep p1")  # turn 1's untap step
    boom.armed = True
    journal = J.Journal.create(game, root, game_id="g")
    before, n_hist, n_log = game.snapshot(), len(game.history), len(game.log)
    for attempt in (1, 2):
        with pytest.raises(RuleError) as err:
            game.play("goto upkeep")  # through p2's untap step
        assert err.value.plugin == "boom" and err.value.action == "goto upkeep"
        assert "plugin 'boom'" in str(err.value) and "'goto upkeep'" in str(err.value)
        assert "ZeroDivisionError" in str(err.value)
        assert isinstance(err.value.__cause__, ZeroDivisionError)
        assert game.snapshot() == before and len(game.history) == n_hist
        assert len(game.log) == n_log
        assert game.plugin_errors == {"boom": attempt}
    assert "consider disabling" in str(err.value)
    disable_plugin(game, "boom")
    game.play("goto upkeep")
    assert game.state.step == "upkeep"
    journal.close()
    text = journal.path.read_text()
    assert "#! disable-plugin boom" in text and text.count("goto upkeep") == 1
    boom2 = Boom()
    pm2 = make_plugin_manager(load_entrypoints=False, extra=[boom2])
    assert R.resume(root / "g", plugins=pm2).snapshot() == game.snapshot()
    assert not pm2.is_registered(boom2)  # the directive turned it off at the same point


def test_an_engine_bug_is_a_rule_error_and_changes_nothing(monkeypatch) -> None:  # noqa: ANN001
    from mechanics.model.actions import Draw
    from mechanics.play import perform

    game = new_game()
    game.play("keep p1")
    before = game.snapshot()

    def broken(game, a):  # noqa: ANN001, ANN202
        game.state.players["p1"].life = 1
        raise KeyError("oops")

    monkeypatch.setitem(perform.HANDLERS, Draw, broken)
    with pytest.raises(RuleError, match="internal error while applying 'draw p1'") as err:
        game.play("draw p1")
    assert err.value.plugin == "" and isinstance(err.value.__cause__, KeyError)
    assert game.snapshot() == before and game.plugin_errors == {"": 1}
    assert isinstance(err.value, StackfishError)


def test_an_entry_point_plugin_is_blamed_by_its_module() -> None:
    import plugins.evolve as evolve
    from mechanics.plugin_api.isolation import blame

    pm = make_plugin_manager()
    assert pm.has_plugin("evolve"), "the shipped evolve plugin is not loaded (pip install -e .?)"
    scope = vars(evolve).copy()  # a function whose frames run in plugins.evolve
    exec(compile("def f():\n    raise ValueError('in evolve')\n", evolve.__file__, "exec"), scope)
    with pytest.raises(ValueError) as err:
        scope["f"]()
    assert blame(pm, err.value) == "evolve"
    with pytest.raises(ValueError) as err:
        int("x")  # no plugin frame
    assert blame(pm, err.value) == ""


# ---------------------------------------------------------------- the command line
def test_cli_games_resume_save_load(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    assert main(["games"]) == 0
    assert "no unfinished games" in capsys.readouterr().out
    assert main(["resume", "--print"]) == 2
    assert "no unfinished game" in capsys.readouterr().err
    game = new_game(seed=4)
    journal = J.Journal.create(game, title="cli test")
    game.play("keep p1")
    journal.close()
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert journal.id in out and "cli test" in out and "unfinished" in out
    assert main(["resume", "--print"]) == 0
    out = capsys.readouterr().out
    assert game.snapshot() in out
    assert main(["resume", journal.id[:15], "--print"]) == 0
    assert main(["resume", "nosuch", "--print"]) == 2
    assert "no game 'nosuch'" in capsys.readouterr().err
    assert main(["save", "keep-it"]) == 0
    assert main(["save", "keep-it"]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["save", "keep-it", "--force"]) == 0
    assert main(["save", "a/b"]) == 2
    assert "bad save name" in capsys.readouterr().err
    assert main(["load", "keep-it", "--print"]) == 0
    assert game.snapshot() in capsys.readouterr().out
    assert main(["load", "missing", "--print"]) == 2
    assert "no save named 'missing'" in capsys.readouterr().err
    j = R.journal_path(journal.directory)
    j.write_bytes(j.read_bytes().replace(b"goldfish p2", b"goldfish pX"))
    assert main(["resume", journal.id, "--print"]) == 2
    err = capsys.readouterr().err
    assert f"{j}:7:" in err and "Traceback" not in err


def test_the_app_journals_and_resumes(tmp_path: Path) -> None:
    from tui.app import make_app

    app = make_app(DECK, 8, plugins=[], journal=tmp_path)
    app.game.play("keep p1")
    assert app.floor == 4 and app.journal is not None
    app.new_game(9)
    assert len(G.list_games(tmp_path)) == 2
    app.journal.close()
    game, journal = G.open_or_resume(None, root=tmp_path,
                                     plugins=make_plugin_manager(load_entrypoints=False))
    again = make_app(None, 0, plugins=[], game=game, journal=journal)
    assert again.game is game and again.floor == 4 and again.journal is journal
    journal.close()


def test_resuming_with_other_plugins_warns(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root)
    journal.close()
    warned: list[str] = []
    R.resume(journal.path, plugins=make_plugin_manager(load_entrypoints=False), warn=warned.append)
    assert len(warned) == 1 and "written with the plugins" in warned[0]
    warned.clear()
    R.resume(journal.path, warn=warned.append)
    assert warned == []


def test_a_corrupted_journal_is_listed_and_resuming_it_says_why(root: Path) -> None:
    game = new_game()
    journal = J.Journal.create(game, root, game_id="bad")
    game.play("keep p1")
    journal.close()
    data = journal.path.read_bytes().replace(b"goldfish p2", b"goldfish \xff2")
    journal.path.write_bytes(data)
    [info] = G.unfinished(root)
    assert info.id == "bad" and "corrupted journal" in info.title
    with pytest.raises(SourceError, match=r"journal.scenario:6: not a line of text"):
        G.open_or_resume("bad", root=root)
