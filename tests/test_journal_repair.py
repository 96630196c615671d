"""Nothing acknowledged is lost after a torn journal or a full disk (issue 20, findings
1, 2, 6 and 7): torn ends are cut (a copy kept) before anything is appended, a damaged
journal offers to continue from its last good action, resuming locks before reading,
a failed write is retried and never leaves a partial line under the next one."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mechanics.io import games as G
from mechanics.io import journal as J
from mechanics.io import replay as R
from mechanics.play.game import Game
from tests.test_journal import DECK, new_game, play_randomly, state_of
from tui.cli import main


def body(path: Path) -> list[str]:
    """The journal's actions, as the file holds them."""
    return [ln for ln in path.read_text(errors="replace").splitlines()
            if ln.strip() and not ln.startswith("#")]


def started(root: Path, seed: int = 3) -> tuple:
    game = new_game(seed)
    journal = J.Journal.create(game, root, game_id="g", fsync=False)
    game.play("keep p1")
    return game, journal


def test_a_torn_line_is_cut_before_the_next_action_is_appended(tmp_path: Path) -> None:
    """Finding 1: `goto atta` (torn) + `pass` used to give `goto attapass`."""
    game, journal = started(tmp_path)
    journal.close()
    with open(journal.path, "ab") as f:
        f.write(b"goto atta")
    warned: list[str] = []
    resumed, again = G.open_or_resume("g", root=tmp_path, warn=warned.append, fsync=False)
    assert len(warned) == 1 and "torn last line" in warned[0] and "'goto atta'" in warned[0]
    resumed.play("pass")
    again.close()
    assert body(journal.path)[-2:] == ["keep p1", "pass"]
    assert b"goto atta" in (journal.directory / "journal.scenario.torn").read_bytes()
    warned.clear()
    assert state_of(R.resume(journal.path, warn=warned.append)) == state_of(resumed)
    assert warned == []


@pytest.mark.parametrize("tail", [b"\0" * 512, b"\xff\xfe\x00 garbage \x80", b"goto atta\n",
                                  b"frobnicate p1\n\0\0\0\n", b"\n\n\0\0", b'cast p1 "Llan\n'])
def test_garbage_binary_and_zero_filled_tails_are_cut_with_a_warning(tmp_path: Path,
                                                                      tail: bytes) -> None:
    game, journal = started(tmp_path)
    journal.close()
    with open(journal.path, "ab") as f:
        f.write(tail)
    warned: list[str] = []
    resumed, again = G.open_or_resume("g", root=tmp_path, warn=warned.append, fsync=False)
    assert len(warned) == 1 and "dropped" in warned[0] and "torn" in warned[0]
    assert "journal.scenario.torn" in warned[0]
    assert state_of(resumed) == state_of(game)
    play_randomly(resumed, 12, seed=5)
    again.close()
    warned.clear()
    assert state_of(R.resume(journal.path, warn=warned.append)) == state_of(resumed)
    assert warned == []
    assert (journal.directory / "journal.scenario.torn").read_bytes().endswith(tail)


def test_a_bad_line_that_actions_follow_offers_to_continue_from_the_last_good_one(
        tmp_path: Path) -> None:
    game, journal = started(tmp_path)
    good = state_of(game)
    game.play("pass")
    journal.close()
    lines = journal.path.read_bytes().splitlines(keepends=True)
    lines.insert(len(lines) - 1, b"goto attackers-ish\n")  # an illegal line, then `pass`
    journal.path.write_bytes(b"".join(lines))
    with pytest.raises(R.JournalDamaged) as err:
        G.open_or_resume("g", root=tmp_path, fsync=False)
    assert err.value.line == len(lines) - 1 and "--repair" in str(err.value)
    assert f"the last good action is line {len(lines) - 2}" in str(err.value)
    assert journal.path.read_bytes() == b"".join(lines)  # nothing changed without consent
    warned: list[str] = []
    resumed, again = G.open_or_resume("g", root=tmp_path, warn=warned.append, fsync=False,
                                      repair=True)
    assert state_of(resumed) == good and len(warned) == 1
    resumed.play("pass")
    again.close()
    assert state_of(R.resume(journal.path)) == state_of(resumed)
    assert (journal.directory / "journal.scenario.torn").read_bytes() == b"".join(lines)


def test_the_cli_offers_and_does_the_repair(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    game, journal = started(None)
    journal.close()
    with open(journal.path, "ab") as f:
        f.write(b"\xff\xff\npass\n")
    assert main(["resume", "--print"]) == 2
    err = capsys.readouterr().err
    assert "not a line of text" in err and "--repair" in err and "Traceback" not in err
    assert main(["resume", "--repair", "--print"]) == 0
    assert game.snapshot() in capsys.readouterr().out


def test_resume_takes_the_lock_before_it_reads_the_journal(tmp_path: Path,
                                                          monkeypatch) -> None:  # noqa: ANN001
    """Finding 6: a session that replays before it locks can go on from a stale position."""
    import fcntl

    game, journal = started(tmp_path)
    journal.close()
    locked_while_read: list[bool] = []
    read = R.read_journal

    def probe(path):  # noqa: ANN001, ANN202
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            locked_while_read.append(False)
        except OSError:
            locked_while_read.append(True)
        finally:
            os.close(fd)
        return read(path)

    monkeypatch.setattr(R, "read_journal", probe)
    _, again = G.open_or_resume("g", root=tmp_path, fsync=False)
    again.close()
    assert locked_while_read == [True]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(tail=st.binary(max_size=300) | st.lists(
    st.sampled_from([b"pass\n", b"goto atta", b"\0" * 40, b"\xff", b"\n", b"keep p1\n",
                     b"frob\n", b"cast p1 \"", b"#! disable-plugin \n"]),
    max_size=8).map(b"".join), seed=st.integers(0, 50))
def test_arbitrary_bytes_after_a_journal_lose_no_acknowledged_action(
        tmp_path_factory, tail: bytes, seed: int) -> None:  # noqa: ANN001
    """The issue's 'done when': append any bytes, resume (continuing from the last good
    action if asked), play on, resume again: every acknowledged action survives."""
    assume(not any(ln.strip().startswith(b"undo") for ln in tail.split(b"\n")))
    root = tmp_path_factory.mktemp("g")
    game, journal = started(root, seed)
    play_randomly(game, 8, seed=seed)
    acknowledged = [str(a) for a in game.journal][4:]  # (after the set-up: the deck is a copy)
    journal.close()
    with open(journal.path, "ab") as f:
        f.write(tail)
    resumed, again = G.open_or_resume("g", root=root, warn=lambda m: None, fsync=False,
                                      repair=True)
    assert [str(a) for a in resumed.journal][4:4 + len(acknowledged)] == acknowledged
    play_randomly(resumed, 6, seed=seed + 1)
    again.close()
    final = R.resume(root / "g", warn=pytest.fail)
    assert state_of(final) == state_of(resumed)
    assert [str(a) for a in final.journal] == [str(a) for a in resumed.journal]


class FullDisk:
    """A writer that fails with ENOSPC after ``room`` more bytes (a partial write first)."""

    def __init__(self, room: int) -> None:
        self.room = room

    def __call__(self, fd: int, data: bytes) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = os.write(fd, data[:self.room])
        self.room -= n
        return n


def test_a_full_disk_keeps_the_lines_and_writes_them_when_space_returns(tmp_path: Path) -> None:
    """Finding 2: disk full used to leave a torn line and drop every action after it."""
    game, journal = started(tmp_path)
    journal.writer = FullDisk(5)  # the next line is cut after 5 bytes
    with pytest.warns(J.JournalWarning, match="not being saved"):
        play_randomly(game, 20, seed=2)
    assert journal.error == os.strerror(errno.ENOSPC)
    assert not journal.retry()
    journal.writer = os.write  # space returns
    assert journal.retry() and journal.error == ""
    play_randomly(game, 5, seed=3)
    journal.close()
    warned: list[str] = []
    assert state_of(R.resume(journal.path, warn=warned.append)) == state_of(game)
    assert warned == []


def test_a_deck_copy_that_cannot_be_written_names_the_original(tmp_path: Path,
                                                              monkeypatch) -> None:  # noqa: ANN001
    def full(*args):  # noqa: ANN002, ANN202
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(J, "write_file", full)
    game = new_game()  # its `deck` action used to raise out of game.play, unjournalled
    with pytest.warns(J.JournalWarning, match="cannot copy the deck list"):
        journal = J.Journal.create(game, tmp_path, game_id="g", fsync=False)
    journal.close()
    assert f"deck p1 {DECK}" in body(journal.path)
    assert state_of(R.resume(journal.path)) == state_of(game)


def test_resume_print_reads_a_read_only_journal(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """Finding 7: `resume --print` refused a journal it only reads."""
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path))
    game, journal = started(None)
    journal.close()
    os.chmod(journal.path, 0o444)
    assert main(["resume", "--print"]) == 0
    assert game.snapshot() in capsys.readouterr().out


def test_a_deleted_deck_copy_is_recovered_from_the_recorded_deck_path(tmp_path: Path) -> None:
    """Finding 7: the journal records where its deck copy came from."""
    deck = tmp_path / "mine.txt"
    deck.write_bytes(Path(DECK).read_bytes())
    game = Game(seed=5, base_dir=str(tmp_path))
    journal = J.Journal.create(game, tmp_path / "games", game_id="g", fsync=False)
    for line in ("seed 5", "goldfish p2", "deck p1 mine.txt", "start", "keep p1"):
        game.play(line)
    journal.close()
    (journal.directory / "p1.deck").unlink()
    warned: list[str] = []
    resumed, again = G.open_or_resume("g", root=tmp_path / "games", warn=warned.append,
                                      fsync=False)
    again.close()
    assert state_of(resumed) == state_of(game)
    assert any("copy of the deck list is missing" in w and str(deck) in w for w in warned)
    assert (journal.directory / "p1.deck").read_bytes() == deck.read_bytes()  # written back
    deck.unlink()
    assert state_of(R.resume(journal.path, warn=pytest.fail)) == state_of(game)
