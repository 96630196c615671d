"""Scenario files run with the same cards under pytest as under ``stackfish script``:
the bundled ones, the user's imported ones, and a plugin package's declared test cards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = """\
# an imported card (Ancestor's Chosen) and a made-up test card
turn p1 main1
battlefield p1 "Ancestor's Chosen" as chosen
battlefield p1 "Test Vanilla Golem" as golem
expect chosen pt 4/4
expect golem pt 3/3
"""
GOLEM = {"name": "Test Vanilla Golem", "type_line": "Artifact Creature — Golem", "oracle_text": "",
         "power": "3", "toughness": "3", "mana_cost": "{3}"}


def package(tmp_path: Path) -> tuple[Path, dict]:
    """A plugin package's tests declaring a card file, and a data dir with imported cards."""
    env = {**os.environ, "STACKFISH_DATA_DIR": str(tmp_path / "data")}
    subprocess.run([sys.executable, "-m", "tui.cli", "cards", "import",
                    str(ROOT / "tests" / "data" / "scryfall" / "cards.json")],
                   env=env, cwd=ROOT, check=True, capture_output=True)
    pkg = tmp_path / "pkg"
    (pkg / "tests").mkdir(parents=True)
    (pkg / "pyproject.toml").write_text('[tool.pytest.ini_options]\nstackfish_cards = ["tests/cards.json"]\n')
    (pkg / "tests" / "cards.json").write_text(json.dumps([GOLEM]))
    (pkg / "tests" / "golem.scenario").write_text(SCENARIO)
    return pkg, env


def test_pytest_collects_a_scenario_with_imported_and_declared_cards(tmp_path):
    pkg, env = package(tmp_path)
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(pkg / "tests")],
                         capture_output=True, text=True, env=env, cwd=pkg)
    assert out.returncode == 0 and "1 passed" in out.stdout, out.stdout + out.stderr


def test_stackfish_script_takes_the_same_card_files(tmp_path):
    pkg, env = package(tmp_path)
    script = [sys.executable, "-m", "tui.cli", "script", str(pkg / "tests" / "golem.scenario")]
    ok = subprocess.run([*script, "--cards", str(pkg / "tests" / "cards.json")],
                        capture_output=True, text=True, env=env, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    without = subprocess.run(script, capture_output=True, text=True, env=env, cwd=ROOT)
    assert without.returncode == 2 and "golem.scenario:4:" in without.stderr
    assert "unknown card 'Test Vanilla Golem'" in without.stderr


def test_a_bad_card_file_is_one_clear_line(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text('{"name": "not an array"}')
    out = subprocess.run([sys.executable, "-m", "tui.cli", "script", str(tmp_path / "x.scenario"),
                          "--cards", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and out.stderr.strip().count("\n") == 0
    assert f"{bad}: a card file is a JSON array" in out.stderr
