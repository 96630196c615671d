"""Measure the undo history on long and churning scenarios (a script, not a test).

    python benchmarks/history.py [--lines 6000,20000,60000]

Figures (issue 20: a 60,000-line pump/undo/redo scenario cost quadratic time and
a churn scenario grew to 5 GB):

- pump/undo/redo: a scenario of N lines, ``pump bear +1/+1``, ``undo``, ``redo``
  repeated, run by the scenario runner in a child process per size: its CPU
  time, the cost per line (flat when the work is linear) and the child's peak
  resident set size (``ru_maxrss``).
- a long random goldfish game with undos: the bytes of undo snapshots held in
  memory against those spilled to the temporary file, and the peak RSS.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PUMPS = textwrap.dedent("""
    import resource, sys, time
    from mechanics.io.scenario import run_text
    n = int(sys.argv[1])
    lines = ['turn p1 main1', 'battlefield p1 "Grizzly Bears" as bear']
    lines += ['pump bear +1/+1', 'undo', 'redo'] * (n // 3)
    t = time.process_time()
    game = run_text("\\n".join(lines) + "\\n", "pumps.scenario")
    dt = time.process_time() - t
    print(dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, game.view(game.resolve_ref("bear")).power)
""")

LONG_GAME = textwrap.dedent("""
    import random, resource, sys
    from mechanics import Game
    from mechanics.ai.autopilot import choose
    actions = int(sys.argv[1])
    rng = random.Random(1)
    game, played = None, 0
    while played < actions:
        if game is None or game.state.over or game.pending is None:
            old = game.history if game else None
            game = Game(seed=played)
            if old is not None:  # one history across games: as one very long game
                game.history = old
            for line in ("goldfish p2", "deck p1 mechanics/data/decks/red-aggro.txt", "start"):
                game.play(line)
        acts = list(game.legal_actions)
        game.play(rng.choice(acts))
        played += 1
        if rng.random() < 0.1 and len(game.history) > 10:
            game.undo(rng.randint(1, 3))
    h = game.history
    spilled = h._file.tell() if h._file else 0
    print(len(h), h._held, spilled, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""")


def child(code: str, *args: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return out.stdout.split()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", default="6000,20000,60000")
    ap.add_argument("--actions", type=int, default=20000, help="actions of the long game")
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print("pump/undo/redo scenario (target: the same cost per line at every size)")
    for n in map(int, args.lines.split(",")):
        seconds, rss_kb, power = child(PUMPS, str(n))
        print(f"  {n:>7,} lines: {float(seconds):6.2f} s CPU, {float(seconds) / n * 1e6:5.0f} us/line, "
              f"peak RSS {int(rss_kb) // 1024} MB (the bear ends {power}/...)")
    kept, held, spilled, rss_kb = child(LONG_GAME, str(args.actions))
    print(f"long game, {args.actions:,} random actions with undos: {int(kept):,} undo steps, "
          f"{int(held) / 2**20:.1f} MB of snapshots in memory, {int(spilled) / 2**20:.1f} MB spilled "
          f"(compressed), peak RSS {int(rss_kb) // 1024} MB")


if __name__ == "__main__":
    main()
