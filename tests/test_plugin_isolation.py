"""A bad plugin never takes a command down (issue 20, finding 3): a failure in any hook,
registration and display hooks included, names the plugin; one that fails to register
(or raises SystemExit at import) is reported and left out; --disable-plugin works for
every command; a hook that runs too long is stopped and its plugin turned off; and
`simulate` fails loudly (non-zero, the first errors listed) when games errored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pluggy
import pytest

from mechanics.io import journal as J
from mechanics.model.errors import RuleError
from mechanics.plugin_api.isolation import WATCHDOG
from mechanics.plugin_api.plugin_manager import list_plugins, make_plugin_manager
from tests.test_journal import DECK, new_game
from tui.palette import DARK
from tui.playmat import mat_rows, player_header

ROOT = Path(__file__).resolve().parents[1]
hookimpl = pluggy.HookimplMarker("stackfish")
REGISTRATION = ["register_keywords", "register_counter_kinds", "register_cards", "register_interest"]


def failing_in(hook: str, name: str = "bad") -> object:
    """An inline plugin whose ``hook`` raises."""
    def boom(self, **kw):  # noqa: ANN001, ANN003, ANN202
        raise ValueError(f"broken {hook}")

    args = {"register_keywords": "register", "register_counter_kinds": "register",
            "register_cards": "register", "register_interest": "register",
            "display_hints": "game, obj, player", "untap_begin": "game, player"}[hook]
    scope: dict = {"boom": boom, "hookimpl": hookimpl}
    exec(f"@hookimpl\ndef {hook}(self, {args}):\n    return boom(self)\n", scope)
    return type(name.title(), (), {"name": name, hook: scope[hook]})()


@pytest.mark.parametrize("hook", REGISTRATION)
def test_a_plugin_that_fails_to_register_is_reported_and_left_out(hook: str) -> None:
    bad = failing_in(hook)
    pm = make_plugin_manager(extra=[bad])
    assert not pm.is_registered(bad)
    assert f"{hook} raised ValueError: broken {hook}" in pm.stackfish_errors["bad"]
    listed = {p["name"]: p for p in list_plugins(pm)}
    assert listed["bad"]["error"] and "evolve" in listed and not listed["evolve"]["error"]
    game = new_game(plugins=pm)
    game.play("keep p1")  # the others play on
    assert game.state.started


def test_a_display_hook_that_raises_is_left_out_and_named() -> None:
    pm = make_plugin_manager(load_entrypoints=False, extra=[failing_in("display_hints", "hinty")])
    game = new_game(plugins=pm)
    game.play("keep p1")
    game.play('battlefield p1 "Grizzly Bears"')
    assert "p1" in player_header(game, "p1", DARK).plain  # the screen still draws
    assert any("Grizzly Bears" in str(row) for row in mat_rows(game, DARK))
    assert game.notices == ["plugin 'hinty' failed in display_hints: ValueError: broken display_hints"]


class Looping:
    """An inline plugin whose untap-step hook never returns once armed."""

    name = "loopy"
    armed = False

    @hookimpl
    def untap_begin(self, game, player):  # noqa: ANN001, ANN201
        while self.armed:
            pass


def test_a_hook_that_runs_too_long_is_stopped_and_its_plugin_turned_off(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(WATCHDOG, "limit", 0.3)
    loopy = Looping()
    game = new_game(plugins=make_plugin_manager(load_entrypoints=False, extra=[loopy]))
    game.play("keep p1")
    journal = J.Journal.create(game, tmp_path, game_id="g", fsync=False)
    before = game.snapshot()
    loopy.armed = True
    with pytest.raises(RuleError) as err:
        game.play("goto upkeep")  # through p2's untap step
    assert err.value.plugin == "loopy"
    assert "plugin 'loopy' took longer than 0.3 s in untap_begin" in str(err.value)
    assert "it is off for this game" in str(err.value)
    assert game.snapshot() == before and not game.pm.is_registered(loopy)
    game.play("goto upkeep")  # the game goes on without it
    assert game.state.step == "upkeep"
    journal.close()
    assert "#! disable-plugin loopy" in journal.path.read_text()


# ---------------------------------------------------------------- entry-point plugins
PLUGIN = '''
import os, sys
import pluggy
hookimpl = pluggy.HookimplMarker("stackfish")
MODE = os.environ.get("BAD_MECH", "")
if MODE == "exit":
    sys.exit("bad_mech refuses to load")

@hookimpl
def register_keywords(register):
    if MODE == "register":
        raise RuntimeError("bad_mech cannot register")

@hookimpl
def untap_begin(game, player):
    if MODE == "raise":
        raise RuntimeError("bad_mech breaks the untap step")
    while MODE == "loop":
        pass
'''


def run_cli(tmp_path: Path, mode: str, *args: str, **kw) -> subprocess.CompletedProcess:  # noqa: ANN003
    """``stackfish ARGS`` with an installed plugin ``bad`` in mode ``mode``."""
    dist = tmp_path / "bad_mech-0.1.dist-info"
    if not dist.exists():
        dist.mkdir()
        (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-mech\nVersion: 0.1\n")
        (dist / "entry_points.txt").write_text("[stackfish]\nbad = bad_mech\n")
        (tmp_path / "bad_mech.py").write_text(PLUGIN)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "BAD_MECH": mode,
           "STACKFISH_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120, **kw)


@pytest.mark.parametrize("mode, error", [("exit", "SystemExit: bad_mech refuses to load"),
                                         ("register", "register_keywords raised RuntimeError")])
def test_stackfish_plugins_reports_a_plugin_that_fails_to_load_or_register(
        tmp_path: Path, mode: str, error: str) -> None:
    out = run_cli(tmp_path, mode, "plugins")
    assert out.returncode == 0, out.stderr
    assert f"bad: FAILED to load: {error}" in out.stdout
    assert "evolve" in out.stdout and "Traceback" not in out.stderr
    demo = run_cli(tmp_path, mode, "demo")  # and every other command still runs
    assert demo.returncode == 0 and "Traceback" not in demo.stderr


def test_disable_plugin_works_for_script_and_demo(tmp_path: Path) -> None:
    scenario = tmp_path / "untap.scenario"
    scenario.write_text("turn p1 main1\ngoto upkeep p2\nexpect step upkeep\n")
    broken = run_cli(tmp_path, "raise", "script", str(scenario))
    assert broken.returncode == 2 and "plugin 'bad'" in broken.stderr
    assert run_cli(tmp_path, "raise", "--disable-plugin", "bad", "script",
                   str(scenario)).returncode == 0
    assert run_cli(tmp_path, "raise", "demo").returncode == 2
    assert run_cli(tmp_path, "raise", "--disable-plugin", "bad", "demo").returncode == 0


def test_an_endless_hook_ends_neither_script_nor_simulate(tmp_path: Path) -> None:
    scenario = tmp_path / "untap.scenario"
    scenario.write_text("turn p1 main1\ngoto upkeep p2\nexpect step upkeep\n")
    out = run_cli(tmp_path, "loop", "--hook-timeout", "0.5", "script", str(scenario))
    assert out.returncode == 2
    assert "plugin 'bad' took longer than 0.5 s in untap_begin" in out.stderr
    sim = run_cli(tmp_path, "loop", "--hook-timeout", "0.5", "simulate", DECK, "-n", "4",
                  "--jobs", "2")
    assert sim.returncode == 1, sim.stderr
    assert "FAILED: " in sim.stdout and "plugin 'bad' took longer than 0.5 s" in sim.stdout
    assert "no kill by turn 20: 0" in sim.stdout  # failed games are not no-kill games
    assert "Traceback" not in sim.stderr


def test_simulate_fails_when_games_error_and_lists_the_first_errors(tmp_path: Path) -> None:
    out = run_cli(tmp_path, "raise", "simulate", DECK, "-n", "3")
    assert out.returncode == 1
    assert "FAILED: 3 of 3 games raised an error" in out.stdout
    assert out.stdout.count("bad_mech breaks the untap step") == 3
    assert "no kill by turn 20: 0" in out.stdout


def children(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("sig, group", [(signal.SIGINT, True), (signal.SIGTERM, False),
                                        (signal.SIGKILL, False)], ids=["ctrl-c", "sigterm", "killed"])
def test_an_interrupted_simulate_prints_no_worker_tracebacks(tmp_path: Path, sig: int,
                                                             group: bool) -> None:
    """Finding 7: Ctrl-C (SIGINT to the whole process group), SIGTERM or SIGKILL to the
    parent: no traceback, and no worker left behind (the pipes close)."""
    env = {**os.environ, "STACKFISH_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "simulate", DECK, "-n", "100000",
                             "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT, start_new_session=True)
    try:
        while len(children(proc.pid)) < 2 and proc.poll() is None:
            os.sched_yield()  # until both workers run
        os.killpg(proc.pid, sig) if group else proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == (-9 if sig == signal.SIGKILL else 130)
    assert "Traceback" not in err, err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_the_watchdog_thread_never_takes_ctrl_c_from_the_main_thread(monkeypatch) -> None:  # noqa: ANN001
    """A process-directed SIGINT or SIGTERM goes to any thread not blocking it: taken by the
    watchdog's thread while a batch holds them to start its workers, it interrupted the
    start anyway (a Ctrl-C'd ``simulate --jobs 2`` could hang). The thread blocks both."""
    monkeypatch.setattr(WATCHDOG, "limit", 5.0)
    WATCHDOG.ensure()  # (this process's thread, started now or before)
    thread = next(t for t in threading.enumerate() if t.name == "stackfish-hook-watchdog")
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    blocked = int(next(line for line in status.splitlines() if line.startswith("SigBlk:")).split()[1], 16)
    for sig in (signal.SIGINT, signal.SIGTERM):
        assert blocked & (1 << (sig - 1)), sig
