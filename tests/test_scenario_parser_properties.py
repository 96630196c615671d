"""Property tests: the scenario language's parser and runner never crash.

For any text, ``parse_action`` returns an Action or raises NotationError; an
action that parses prints as a line that parses back to the same action (the
contract that makes a journal a scenario file); ``read_lines`` and the runner
either run or raise the product's own SourceError (``FILE:LINE: ...``); a
journal of any bytes resumes or raises SourceError.
"""

from __future__ import annotations

import os

from hypothesis import example, given, settings
from hypothesis import strategies as st

import mechanics
from mechanics import actions as A
from mechanics.io.scenario import read_lines, run_text
from mechanics.model.errors import NotationError, SourceError, StackfishError
from mechanics.play.game import Game

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data")
SETTINGS = settings(max_examples=300, deadline=None)

WORDS = sorted(A.REGISTRY) + [
    "p1", "p2", "p0", "p99", "main1", "upkeep", "battlefield", "hand", "graveyard", "x3", "x",
    "target", "free", "all", "as", "bear", "tapped", "token", "sick", "counter", "+1/+1=2",
    "-1/-1", "=3", "number", "attached-to", "choose", "none", "->", "{G}{G}", "{", "+2/-1",
    "3", "-1", "0", "99999999999999999999", '"Grizzly Bears"', '"Grizzly Bears"#2', "#",
    "Forest", "Llanowar", '"', "'", "\\", "shared-life", "p1+p2", "+", "expect", "undo",
]
line_like = st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=8).map(" ".join)
any_text = st.text() | line_like


@SETTINGS
@given(any_text)
@example('cast p1 "Grizzly Bears"#2 target p2')
@example("battlefield p1 Forest counter =2")
@example("teams p1+ p2")
@example("library p1 Forest x999999999")
@example('choose "\n "')
@example('library p1 "a\x002"')
def test_parse_action_returns_an_action_or_a_notation_error(line: str) -> None:
    try:
        action = A.parse_action(line)
    except NotationError:
        return
    assert isinstance(action, A.Action)
    printed = str(action)
    assert printed.splitlines() == [printed], f"{line!r} -> {printed!r} is not one line"
    assert A.parse_action(printed) == action, f"{line!r} -> {printed!r} reads back differently"


@SETTINGS
@given(st.lists(any_text, max_size=6).map("\n".join))
def test_read_lines_returns_lines_or_a_source_error(text: str) -> None:
    try:
        lines = read_lines(text, "f.scenario")
    except SourceError as exc:
        assert exc.path == "f.scenario" and exc.line >= 1
        return
    assert all(ln.words for ln in lines)


@settings(max_examples=150, deadline=None)
@given(st.lists(line_like, max_size=5).map("\n".join))
def test_running_any_scenario_text_gives_a_result_or_a_source_error(text: str) -> None:
    try:
        run_text("goldfish p2\nhand p1 Forest \"Grizzly Bears\"\nturn p1 main1\n" + text,
                 "f.scenario", lambda **kw: Game(**{**kw, "base_dir": DATA}))
    except SourceError as exc:
        assert str(exc).startswith("f.scenario:")
        assert "internal error" not in str(exc), str(exc)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300) | st.lists(line_like, max_size=5).map(
    lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")))
def test_any_journal_bytes_resume_or_raise_a_source_error(tmp_path_factory, data: bytes) -> None:  # noqa: ANN001
    from mechanics.io.replay import resume

    path = tmp_path_factory.mktemp("j") / "journal.scenario"
    path.write_bytes(b"goldfish p2\nturn p1 main1\n" + data)
    try:
        game = resume(path, warn=lambda m: None)
    except SourceError as exc:
        assert exc.path == str(path)
        return
    except StackfishError as exc:  # pragma: no cover - must be a SourceError
        raise AssertionError(f"not a SourceError: {exc!r}") from exc
    assert isinstance(game, Game)
