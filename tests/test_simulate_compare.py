"""Deck tuning (`stackfish simulate` with several decks, --vary, --swap, by-turn
statistics, charts, a Dask cluster): statistics checked on cases whose answer is
known exactly."""

from __future__ import annotations

import json
import math
import sys
from importlib import resources

import pytest

from mechanics.ai import report, stats, variants
from mechanics.ai import simulate as sim
from tui.cli import main

RED = str(resources.files("mechanics").joinpath("data/decks/red-aggro.txt"))


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# ---------------------------------------------------------------- the formulas


def test_interval_formulas_against_known_values():
    assert stats.t95(10) == pytest.approx(2.228139, rel=2e-3)
    assert stats.t95(30) == pytest.approx(2.042272, rel=1e-3)
    assert stats.t95(1000) == pytest.approx(1.962339, rel=1e-4)
    e = stats.mean_ci([1, 2, 3, 4, 5])  # sd sqrt(2.5), t(4) = 2.776
    assert e.value == 3 and e.hi - 3 == pytest.approx(2.776445 * math.sqrt(2.5 / 5), rel=5e-3)
    assert stats.mean_ci([7, 7, 7]) == stats.Estimate(7, 7, 7)
    w = stats.share_ci(0, 10)  # Wilson: 0 of 10 -> [0, 0.2775]
    assert w.value == 0 and w.lo == 0 and w.hi == pytest.approx(0.2775, abs=1e-4)
    w = stats.share_ci(5, 10)
    assert (w.lo, w.hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    m = stats.median_ci(list(range(1, 101)))
    assert m.value == 50.5 and m.lo <= 41 and m.hi >= 60 and m.lo >= 38 and m.hi <= 63
    assert stats.restricted([3, None, 5], 20) == [3, 21, 5]


def test_comparison_sentence_reads_the_interval():
    s = stats.comparison_sentence("A", "B", stats.Estimate(-0.21, -0.27, -0.15), 10_000)
    assert s == "B kills 0.21 turns sooner than A, 95% CI 0.15-0.27; 10,000 games each"
    s = stats.comparison_sentence("A", "B", stats.Estimate(0.02, -0.03, 0.07), 500)
    assert s.startswith("no clear difference") and "includes 0" in s


# ---------------------------------------------------------------- known answers


def test_a_deck_of_only_lands_never_kills(tmp_path):
    lands = write(tmp_path, "lands.txt", "60 Mountain\n")
    res = sim.simulate(lands, 12, seed=1, max_turns=6)
    assert res.no_kill == 12 and res.kills == [] and not res.errors
    assert res.mean_ci() == stats.Estimate(7, 7, 7)  # every game counts as turn cap + 1
    assert all(res.killed_by(t).value == 0 for t in report.BY_TURNS)
    # 7 lands in every hand: mulligan three times (the autopilot keeps anything at four)
    assert res.mulligan_rate == 1 and set(res.mulligans) == {3}
    assert all(res.land_drop(t).value == 1 for t in range(1, 7))  # a land every turn
    assert all(res.on_curve(t).value == 0 for t in range(1, 5))
    assert all(g.damage == bytes(6) and g.turns == 6 for g in res.games)
    text = res.render()
    assert "no game killed" in text and "no kill by turn 6: 12 (100.0%)" in text
    assert "count as turn 7 in means" in text
    assert res.median_text() == ">6"


def test_two_identical_lists_compare_equal(tmp_path):
    copy = write(tmp_path, "copy.txt", open(RED).read())
    a, b = sim.compare([sim.Deck(RED), sim.Deck(copy)], 30, seed=3)
    assert a.kill_turns == b.kill_turns  # the same seeds: the same games
    (_, _, diff), = report.pairs([a, b])
    assert diff.lo <= 0 <= diff.hi and diff.value == 0
    assert "kill on the same turn in every game (30 games each)" in report.render_comparison([a, b])


def test_a_variant_with_strictly_more_damage_is_never_reported_slower():
    """Lightning Bolt deals 3 where Shock deals 2, for the same mana: with the same seeds
    no game of the Bolt deck kills later, and the report says sooner (or the same)."""
    from mechanics.ai.simulate import _worker_setup

    shock, bolt = variants.swap(RED, "Lightning Bolt=Shock", _worker_setup()["pool"])[::-1]
    assert shock.label == "12 Shock" and bolt.note == "as listed"
    a, b = sim.compare([shock, bolt], 40, seed=1)
    assert all(kb <= ka for ka, kb in zip(a.restricted, b.restricted, strict=True))
    (_, _, diff), = report.pairs([a, b])
    assert diff.value <= 0 and diff.hi <= 0 < -diff.lo or diff.value == 0
    sentence = report.render_comparison([a, b]).splitlines()[-2]
    assert "later" not in sentence and ("sooner" in sentence or "same turn" in sentence)


# ---------------------------------------------------------------- variants


def test_vary_keeps_the_deck_size_and_says_how():
    pool = sim._worker_setup()["pool"]
    decks = variants.vary(RED, "mountain=22..26", pool)
    assert [d.label for d in decks] == [f"{n} Mountain" for n in range(22, 27)]
    for d in decks:
        counts = {line.split(" ", 1)[1]: int(line.split(" ", 1)[0]) for line in d.text.splitlines()}
        assert sum(counts.values()) == 60
    assert decks[0].note == "+1 Lightning Bolt, +1 Gray Ogre (keeps 60 cards)"
    assert decks[2].note == "as listed (60 cards)"
    assert decks[4].note == "-1 Lightning Bolt, -1 Gray Ogre (keeps 60 cards)"
    assert [d.label for d in variants.vary(RED, "Mountain=26, 22,24", pool)] == [
        "26 Mountain", "22 Mountain", "24 Mountain"]
    with pytest.raises(variants.VariantError, match="NAME=LOW..HIGH"):
        variants.vary(RED, "Mountain", pool)
    with pytest.raises(variants.VariantError, match="no card named 'Montain'"):
        variants.vary(RED, "Montain=20..22", pool)
    with pytest.raises(variants.VariantError, match="the deck has no Shock"):
        variants.swap(RED, "Shock=Lightning Bolt", pool)


def test_cli_vary_compares_the_variants(capsys):
    assert main(["simulate", RED, "-n", "12", "--vary", "Mountain=23..25"]) == 0
    out = capsys.readouterr().out
    assert "3 decks, the same 12 seeds each" in out
    assert "23 Mountain: +1 Lightning Bolt (keeps 60 cards)" in out
    assert out.count("games each") == 3  # each pair


def test_cli_help_says_95_percent(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "with its 95% confidence interval" in out


# ---------------------------------------------------------------- records, charts


def test_cli_csv_and_json_records(capsys, tmp_path):
    copy = write(tmp_path, "other.txt", open(RED).read())
    assert main(["simulate", RED, copy, "-n", "5", "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("deck,seed,kill_turn,mulligans,opening_lands,turns,lands_1,")
    assert len(rows) == 11 and rows[1].split(",")[:2] == ["red-aggro", "1"]
    assert main(["simulate", RED, copy, "-n", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in data["decks"]] == ["red-aggro", "other"]
    assert len(data["decks"][0]["records"]) == 5 and len(data["pairs"]) == 1


def test_plots_terminal_and_svg(capsys, tmp_path):
    pytest.importorskip("plotext", reason="the plot extra (stackfish[plot]) is not installed")
    svg = tmp_path / "k.svg"
    assert main(["simulate", RED, "-n", "10", "--plot"]) == 0
    out = capsys.readouterr().out
    assert "share of games killing on each turn" in out and "share of games killed by each turn" in out
    assert "\x1b[" not in out
    assert main(["simulate", RED, "-n", "10", "--plot", str(svg)]) == 0
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<rect") > 2 and "<polyline" in text
    assert main(["simulate", RED, "-n", "2", "--plot", str(tmp_path / "k.gif")]) == 2
    assert "write a .svg or .png file" in capsys.readouterr().err


def test_plot_png_writes_a_real_png_with_the_bars(tmp_path):
    pytest.importorskip("matplotlib", reason="the png extra (stackfish[png]) is not installed")
    from PIL import Image  # matplotlib's own dependency

    png = tmp_path / "k.png"
    assert main(["simulate", RED, "-n", "20", "--plot", str(png)]) == 0
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (800, 700)
    assert 10_000 < len(data) < 1_000_000
    with Image.open(png) as image:  # the histogram's bars and the curve, in the first series' colour
        blue = sum(n for n, rgb in image.convert("RGB").getcolors(800 * 700) if rgb == (31, 119, 180))
    assert blue > 2_000, blue


def test_plot_png_without_matplotlib_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: import fails
    assert main(["simulate", RED, "-n", "2", "--plot", str(tmp_path / "k.png")]) == 2
    assert "pip install 'stackfish[png]'" in capsys.readouterr().err
    assert not (tmp_path / "k.png").exists()


def test_plots_are_not_imported_by_mechanics_the_cli_or_the_tui():
    """Charts are imported when one is drawn: the TUI's first frame doesn't wait for them."""
    import subprocess

    code = ("import mechanics, tui.cli, tui.app, tui.screens.simulate, sys; print(*(m in sys.modules "
            "for m in ('plotext', 'textual_plotext', 'matplotlib', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"] * 4


# ---------------------------------------------------------------- a Dask cluster


def test_a_dask_cluster_gives_the_same_results_as_one_process(capsys):
    distributed = pytest.importorskip("distributed", reason="the cluster extra (stackfish[cluster]) "
                                      "is not installed")
    args = ["simulate", RED, "-n", "16", "--seed", "7", "--vary", "Mountain=23,24", "--json"]
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert main(args + ["--cluster", cluster.scheduler_address]) == 0
    there = json.loads(capsys.readouterr().out)
    assert [d["records"] for d in there["decks"]] == [d["records"] for d in here["decks"]]
    assert there["pairs"] == here["pairs"]


def test_cluster_without_the_extra_says_how_to_install_it(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    assert main(["simulate", RED, "-n", "2", "--cluster", "tcp://127.0.0.1:1"]) == 2
    assert "pip install 'stackfish[cluster]'" in capsys.readouterr().err
