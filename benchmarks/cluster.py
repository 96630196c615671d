"""Measure games on a Dask cluster against one process (a script, not a test).

    python benchmarks/cluster.py [--games N] [--workers W]

Plays N games of the red benchmark deck on this process, then on a
``distributed.LocalCluster`` of W worker processes (one thread each), and prints
the wall-clock time of each, the cluster's start-up apart, the speed-up, the
games per CPU second of the workers (the scaling without the machine's load:
about 100% of one process's means N free cores give N times the games), and
that the results are the same.  On a machine with fewer free cores than
workers the speed-up is lower: the load average is printed first.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mechanics  # noqa: E402
from mechanics.ai import simulate as sim  # noqa: E402

RED = os.path.join(os.path.dirname(mechanics.__file__), "data", "decks", "red-aggro.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.games} games")
    sim.run_games(RED, range(1, 4))
    t0, c0 = time.perf_counter(), time.process_time()
    here = sim.simulate(RED, args.games, seed=1)
    wall1, cpu1 = time.perf_counter() - t0, time.process_time() - c0
    print(f"one process: {wall1:.1f} s wall, {cpu1:.1f} s CPU ({args.games / cpu1:,.0f} games per CPU second)")
    t0 = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(sim._worker_setup)  # what the first chunk would load anyway
        start = time.perf_counter() - t0
        before = client.run(time.process_time)
        t0 = time.perf_counter()
        there = sim.simulate(RED, args.games, seed=1, jobs=args.workers, cluster=client)
        wall2 = time.perf_counter() - t0
        after = client.run(time.process_time)
    cpu2 = sum(after[w] - before[w] for w in after)
    print(f"LocalCluster of {args.workers} workers: start-up {start:.1f} s, games {wall2:.1f} s wall "
          f"({wall1 / wall2:.2f}x one process), {cpu2:.1f} s CPU in the workers "
          f"({args.games / cpu2:,.0f} games per CPU second: {cpu1 / cpu2:.0%} of one process's "
          f"efficiency); same results: {here.kill_turns == there.kill_turns}")


if __name__ == "__main__":
    main()
