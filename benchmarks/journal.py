"""Measure journalling (a script, not a test).

    python benchmarks/journal.py [--actions N] [--dir DIR] [--no-fsync]

Figures, each printed beside its target:

- journal cost per action: the time spent in the journal's observer call
  (format the line, ``write``, ``fdatasync``) for each action and undo of a
  random goldfish game of the bundled Simic deck with every plugin loaded,
  mean and 99th percentile.  Target < 1 ms.
- resume: replaying a journal of N (2,000) actions and undos into a new Game
  (``mechanics.io.replay.resume``), the best of 3.  Target < 1 s.  Undone actions
  are not replayed, so also the worst case: N actions and no undo (when a game
  ends, the journal goes on with a new game: ``players 2``, ``seed``, ``deck``...).

The journal is written under DIR (default: a temporary directory in the
current directory, so the fsyncs hit the disk the data dir would normally be
on, not a tmpfs); the file system type is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import mechanics  # noqa: E402
from mechanics.io import journal as J  # noqa: E402
from mechanics.play.game import Game  # noqa: E402

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data")
DECK = "decks/simic-evolve.txt"


def fs_type(path: Path) -> str:
    try:
        out = subprocess.run(["stat", "-f", "-c", "%T", str(path)], capture_output=True,
                             text=True, timeout=5)
        return out.stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def record(root: Path, n: int, fsync: bool | str, undo: bool = True
           ) -> tuple[Path, list[float], Game]:
    """Play n actions/undos of a random game with a journal; the time of each journal call."""
    game = Game(seed=1, base_dir=DATA)
    journal = J.Journal.create(game, root, title="benchmark", fsync=fsync)
    timings: list[float] = []
    inner = journal.__call__

    def timed(event, sync: bool = True) -> None:  # noqa: ANN001
        t0 = time.perf_counter()
        inner(event, sync)
        timings.append(time.perf_counter() - t0)

    game.observers[game.observers.index(journal)] = timed
    for line in ("seed 1", "goldfish p2", f"deck p1 {DECK}", "start"):
        game.play(line)
    rng = random.Random(1)
    while len(timings) < n:
        acts = list(game.legal_actions)
        if not acts and not undo:
            seed = rng.randrange(1000)
            for line in ("players 2", f"seed {seed}", "goldfish p2", f"deck p1 {DECK}", "start"):
                game.play(line)
            continue
        if undo and (not acts or rng.random() < 0.01):
            game.undo(min(len(game.history) - 4, rng.randint(1, 8)) or 1)
            continue
        busy = [a for a in acts if a.command not in ("pass", "attack")]
        game.play(rng.choice(busy if busy and rng.random() < 0.5 else acts))
    game.observers.remove(timed)
    journal.close()
    return journal.directory, timings[4:], game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--dir", help="where to write the journal (default: a temp dir in .)")
    ap.add_argument("--no-fsync", action="store_true")
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="stackfish-bench-", dir=args.dir or "."))
    print(f"journal on {fs_type(base)}, {args.actions} actions and undos of a random "
          f"goldfish game (Simic deck, every plugin)")
    modes = [(False, "no sync")] if args.no_fsync else [
        (True, "fdatasync per line in the background thread (the default)"),
        ("inline", "fdatasync per line, waited for")]
    try:
        for i, (mode, label) in enumerate(modes):
            directory, timings, game = record(base / f"games{i}", args.actions + 4, mode)
            ms = sorted(t * 1000 for t in timings)
            p99 = ms[int(len(ms) * 0.99) - 1]
            print(f"journal cost per action, {label}: mean {statistics.mean(ms):.3f} ms, "
                  f"median {statistics.median(ms):.3f} ms, p99 {p99:.3f} ms, max "
                  f"{ms[-1]:.2f} ms (target < 1 ms)")
        for undo in (True, False):
            if not undo:
                directory, _, game = record(base / "games-no-undo", args.actions + 4, False,
                                            undo=False)
            lines = sum(1 for ln in (directory / J.JOURNAL).read_text().splitlines()
                        if ln and not ln.startswith("#"))
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                resumed = J.resume(directory)
                best = min(best, time.perf_counter() - t0)
            assert resumed.snapshot() == game.snapshot(), "resume gave another position"
            print(f"resume of a {lines}-line journal ({len(resumed.history)} actions kept"
                  f"{' after undos' if undo else ', no undo'}): {best:.3f} s (target < 1 s)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
