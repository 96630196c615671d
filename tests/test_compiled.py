"""The optional compiled engine (``stackfish compile``, :mod:`mechanics.compiled`).

Two small hot modules are compiled through the same build function as the command's,
from a copy of the engine (so that one can be edited), into a temporary cache; fresh
processes then show which form each module was loaded in (its ``__file__``), that the
compiled engine plays the same games as the pure one, and that a module edited since
its build runs from its ``.py`` (the stale guard).  Skipped only where Cython or a C
compiler is missing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from mechanics import compiled
from tui.cli import main


def _missing() -> str | None:
    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed (pip install 'stackfish[fast]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return None if shutil.which(cc) else f"no C compiler ({cc})"


MISSING = _missing()
needs_compiler = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
SMALL = ("mechanics.rules.priority", "mechanics.model.mana")  # hot, and quick to compile

PLAY = """
import json, os
import mechanics
from mechanics import compiled
from mechanics.ai.simulate import run_games
from mechanics.model import mana
from mechanics.rules import priority

deck = os.path.join(os.path.dirname(mechanics.__file__), "data", "decks", "red-aggro.txt")
print(json.dumps({"files": [priority.__file__, mana.__file__], "line": compiled.engine_line(),
                  "kills": [g.kill_turn for g in run_games(deck, range(1, 9))]}))
"""


def play(root: Path, cache: Path, pure: bool = False) -> dict:
    """Eight red games in a fresh process importing the engine under ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root), STACKFISH_CACHE_DIR=str(cache),
               STACKFISH_PURE="1" if pure else "")
    proc = subprocess.run([sys.executable, "-c", PLAY], cwd=root, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of the engine and a cache holding builds of :data:`SMALL` made from it."""
    root = tmp_path_factory.mktemp("compiled")
    shutil.copytree(compiled.PACKAGE, root / "mechanics", ignore=shutil.ignore_patterns("__pycache__"))
    cache = root / "cache"
    done = compiled.build(SMALL, directory=cache / "compiled" / compiled.TAG, package_dir=root / "mechanics")
    assert done == list(SMALL)
    return root, cache


@needs_compiler
def test_the_compiled_modules_are_loaded_and_play_the_same_games(built):
    root, cache = built
    fast, slow = play(root, cache), play(root, cache, pure=True)
    assert all(f.startswith(str(cache)) and f.endswith(compiled.SUFFIX) for f in fast["files"])
    assert fast["line"].startswith("engine: compiled (2 modules in use;")
    assert all(f.startswith(str(root / "mechanics")) and f.endswith(".py") for f in slow["files"])
    assert slow["line"] == "engine: pure Python (STACKFISH_PURE is set)"
    assert fast["kills"] == slow["kills"] and any(fast["kills"])


@needs_compiler
def test_a_module_edited_since_its_build_runs_from_its_source(built, tmp_path):
    root, cache = built
    edited = tmp_path / "engine"
    shutil.copytree(root / "mechanics", edited / "mechanics")
    with open(edited / "mechanics" / "model" / "mana.py", "a") as f:
        f.write("\nEDITED = True  # a change the build has not seen\n")
    out = play(edited, cache)
    priority, mana = out["files"]
    assert priority.startswith(str(cache))  # unchanged: still compiled
    assert mana == str(edited / "mechanics" / "model" / "mana.py")
    assert "1 edited since the build run as Python" in out["line"]


@needs_compiler
def test_compile_status_counts_the_current_builds(built, monkeypatch, capsys):
    root, cache = built  # built from a copy of this tree's sources: current for this tree too
    monkeypatch.setenv("STACKFISH_CACHE_DIR", str(cache))
    assert main(["compile", "--status"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"2 of {len(compiled.modules())} engine modules compiled and current in {cache}")
    assert "never built: rules.combat" in out and "rules.priority" not in out


def test_compile_without_cython_says_what_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("STACKFISH_CACHE_DIR", str(tmp_path))
    monkeypatch.setitem(sys.modules, "Cython", None)  # (import Cython fails)
    assert main(["compile"]) == 2
    assert "pip install 'stackfish[fast]'" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_simulate_says_which_engine_ran(capsys):
    deck = str(compiled.PACKAGE / "data" / "decks" / "red-aggro.txt")
    assert main(["simulate", deck, "-n", "2", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == 2  # stdout stays the JSON
    assert out.err.strip().splitlines()[-1] == compiled.engine_line()
    assert compiled.engine_line().startswith(("engine: pure Python (", "engine: compiled ("))
