"""``expect-error`` passes only on a refusal by the rules.

A typo in a reference, a line that doesn't parse or an engine or plugin crash
is an error in the script or the engine: exit 2 naming the file and line, both
from ``stackfish script`` and from the pytest items, never a passing
``expect-error``.  An optional quoted REASON must appear in the refusal.
"""

from __future__ import annotations

import textwrap

import pytest

from mechanics.io.scenario import Refusal, run, run_text
from mechanics.model import actions as A
from mechanics.model.errors import BadReferenceError, NotationError, RuleError
from mechanics.play.game import Game
from tui.cli import main

BEARS = """\
turn p1 main1
goldfish p2
battlefield p1 "Grizzly Bears" as bear sick
battlefield p1 "Hill Giant" as giant
battlefield p1 Forest as f
hand p1 Forest Forest
goto attackers
"""


class TapCrashes(Game):
    """An engine whose ``tap`` raises as a buggy rule or plugin would."""

    def perform(self, action: A.Action) -> None:
        if isinstance(action, A.Tap):
            raise ZeroDivisionError("the tap rule divided by zero")
        super().perform(action)


def _run(tmp_path, body: str, factory=None) -> tuple[int, str, list[Refusal]]:  # noqa: ANN001
    path = tmp_path / "t.scenario"
    path.write_text(body)
    out: list[str] = []
    refusals: list[Refusal] = []
    from mechanics.io import scenario

    try:
        scenario.run_checked(str(path), factory, refusals)
        code = 0
    except scenario.ExpectationFailed as exc:
        out.append(str(exc))
        code = 1
    except scenario.SourceError as exc:
        out.append(str(exc))
        code = 2
    assert code == run(str(path), factory, out=lambda m: None)  # the same verdict as run()
    return code, "\n".join(out), refusals


def test_a_rules_refusal_passes_and_is_counted(tmp_path) -> None:  # noqa: ANN001
    code, out, refusals = _run(tmp_path, BEARS + 'expect-error "summoning sickness" attack p1 bear\n')
    assert (code, out) == (0, "")
    assert refusals == [Refusal(8, "summoning sickness", "IllegalActionError",
                                "'bear' can't attack: it has summoning sickness (302.6)", True)]


def test_a_typo_in_a_reference_is_exit_2_naming_the_line(tmp_path) -> None:  # noqa: ANN001
    code, out, refusals = _run(tmp_path, BEARS + "expect-error attack p1 baer\n")
    assert code == 2
    assert out.startswith(f"{tmp_path / 't.scenario'}:8: expect-error attack p1 baer: no object or alias 'baer'")
    assert [(r.error, r.by_the_rules) for r in refusals] == [("BadReferenceError", False)]


@pytest.mark.parametrize("line, words", [
    ("expect-error move hand:Forest#3 graveyard", "#3 is out of range"),
    ("expect-error mana p1 {Q}", "'{Q}' is not a kind of mana"),
    ("expect-error mana p1 hello", "no mana in 'hello'"),
    ("expect-error attack p7 bear", "no player 'p7'"),
])
def test_script_mistakes_are_not_refusals(tmp_path, line: str, words: str) -> None:  # noqa: ANN001
    code, out, _ = _run(tmp_path, BEARS + line + "\n")
    assert code == 2 and ":8: " in out and words in out


def test_a_gone_tokens_alias_is_a_script_error(tmp_path) -> None:  # noqa: ANN001
    body = "turn p1 main1\ngoldfish p2\nbattlefield p1 \"Grizzly Bears\" as tb token\ndamage tb 2\nexpect-error tap tb\n"
    code, out, _ = _run(tmp_path, body)
    assert code == 2 and ":5: " in out and "'tb' was a token that no longer exists" in out


def test_an_internal_error_is_exit_2_not_a_refusal(tmp_path) -> None:  # noqa: ANN001
    code, out, refusals = _run(tmp_path, BEARS + "expect-error tap f\n", TapCrashes)
    assert code == 2
    assert ":8: expect-error tap f: internal error while applying 'tap f': ZeroDivisionError" in out
    assert [(r.error, r.by_the_rules) for r in refusals] == [("RuleError", False)]
    # positive control: the same line without the crash is applied, so expect-error fails
    code, out, _ = _run(tmp_path, BEARS + "expect-error tap f\n")
    assert code == 1 and "expected 'tap f' to be refused, but it was applied" in out


def test_the_reason_must_be_in_the_refusal(tmp_path) -> None:  # noqa: ANN001
    code, out, _ = _run(tmp_path, BEARS + 'expect-error "defender" attack p1 bear\n')
    assert code == 1
    assert out.endswith("expected a refusal because of 'defender', got: "
                        "'bear' can't attack: it has summoning sickness (302.6)")


@pytest.mark.parametrize("line, words", [
    ('expect-error "summoning sickness"', "expect-error needs a command"),
    ('expect-error ""  attack p1 bear', "one quoted text followed by the command"),
    ('expect-error "sick"attack p1 bear', "one quoted text followed by the command"),
])
def test_a_malformed_expect_error_is_exit_2(tmp_path, line: str, words: str) -> None:  # noqa: ANN001
    code, out, _ = _run(tmp_path, BEARS + line + "\n")
    assert code == 2 and words in out


def test_a_quoted_reason_may_hold_quotes_and_a_comment_follows(tmp_path) -> None:  # noqa: ANN001
    body = BEARS + "expect-error \"can't attack: it has \\\"summoning\" attack p1 bear  # sick\n"
    code, out, _ = _run(tmp_path, body.replace('\\"summoning', "summoning"))
    assert (code, out) == (0, "")


def test_errors_of_the_engine_are_kept_apart() -> None:
    game = run_text(BEARS)
    with pytest.raises(BadReferenceError, match="'baer'"):
        game.play("attack p1 baer")
    with pytest.raises(NotationError, match="not a kind of mana"):
        game.play("mana p1 {Q}")
    crashing = run_text(BEARS, game_factory=TapCrashes)
    with pytest.raises(RuleError, match="internal error"):
        crashing.play("tap f")


def test_stackfish_script_exits_2_naming_the_line(tmp_path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "typo.scenario"
    path.write_text(BEARS + "expect-error attack p1 baer\n")
    assert main(["script", str(path)]) == 2
    assert f"{path}:8: expect-error attack p1 baer: no object or alias 'baer'" in capsys.readouterr().err


def test_the_pytest_items_fail_and_the_run_counts_why(tmp_path) -> None:  # noqa: ANN001
    """The collector shipped with the engine: a typo and an internal error fail their
    items with FILE:LINE; the run's summary counts the expect-error lines by reason
    and the run fails on a line refused for another reason than the rules."""
    import subprocess
    import sys

    (tmp_path / "good.scenario").write_text(BEARS + 'expect-error "summoning sickness" attack p1 bear\n')
    (tmp_path / "typo.scenario").write_text(BEARS + "expect-error attack p1 baer\n")
    (tmp_path / "crash.scenario").write_text(BEARS + "expect-error tap f\n")
    (tmp_path / "conftest.py").write_text(textwrap.dedent("""\
        import mechanics.play.game

        def pytest_configure(config):  # this run's engine crashes on 'tap'
            def perform(self, action, _old=mechanics.play.game.Game.perform):
                if type(action).__name__ == "Tap":
                    raise ZeroDivisionError("boom")
                _old(self, action)
            mechanics.play.game.Game.perform = perform
        """))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "-vv", "-o", "addopts=", "--rootdir", str(tmp_path), str(tmp_path)],
                          capture_output=True, text=True, cwd=tmp_path)
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "1 passed" in out and "2 failed" in out, out
    assert f"{tmp_path / 'typo.scenario'}:8: expect-error attack p1 baer: no object or alias 'baer'" in out
    assert f"{tmp_path / 'crash.scenario'}:8: expect-error tap f: internal error" in out
    assert "expect-error: 3 lines, 1 refused by the rules (1 reasons)" in out
    assert "typo.scenario:8: not a rules refusal: BadReferenceError" in out
    assert "crash.scenario:8: not a rules refusal: RuleError" in out
    assert "1 IllegalActionError: summoning sickness" in out


def test_every_expect_error_of_the_suite_names_its_reason() -> None:
    """Without a REASON any rules refusal passes; the suite's own lines all give one
    (the run's summary then counts them by it)."""
    from pathlib import Path

    from mechanics.io.scenario import _refusal_parts, read_lines

    bare, n = [], 0
    for path in sorted(Path(__file__).parent.rglob("*.scenario")):
        for line in read_lines(path.read_text(encoding="utf-8"), str(path)):
            if line.words[0] == "expect-error":
                n += 1
                if not _refusal_parts(line)[0]:
                    bare.append(f"{path.name}:{line.number}")
    assert n > 100 and bare == []
