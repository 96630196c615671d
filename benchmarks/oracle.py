"""Measure the bundled oracle's lookups (a script, not a test).

    python benchmarks/oracle.py [-n 2000] [--seed 1]

Figures, each beside its target where it has one:

- importing ``mechanics`` (the engine, once per process);
- the first lookup in a fresh process (reads the header and one block);
- a lookup of a card not read before (its block may need reading): p50, p95, max
  over N random real names (target: p95 < 1 ms once its block is read; a block is
  read once);
- a repeated lookup (the card is kept): mean (target < 1 ms);
- ``names()`` (reads every block, for suggestions and completion) and one ``suggest``;
- the package file's size.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from importlib import resources

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

t0 = time.perf_counter()
import mechanics  # noqa: E402, F401
from mechanics.model.oracle import RESOURCE, BundledPool, Oracle  # noqa: E402

IMPORT_S = time.perf_counter() - t0


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    size = resources.files("mechanics").joinpath(RESOURCE).stat().st_size  # type: ignore[attr-defined]
    print(f"mechanics/{RESOURCE}: {size:,} bytes")
    print(f"import mechanics: {ms(IMPORT_S)}")
    pool = BundledPool(Oracle())
    t = time.perf_counter()
    pool.get("Tarmogoyf")
    print(f"first lookup (header + one block): {ms(time.perf_counter() - t)}")
    t = time.perf_counter()
    names = pool.names()
    print(f"names() ({len(names):,} names, every block): {ms(time.perf_counter() - t)}")
    t = time.perf_counter()
    near = pool.suggest("Tarmogof")
    print(f"suggest('Tarmogof') -> {near}: {ms(time.perf_counter() - t)}")
    picks = random.Random(args.seed).sample(names, min(args.n, len(names)))
    fresh = BundledPool()  # its blocks are read: a card not read before costs parsing only
    cold = []
    for name in picks:
        t = time.perf_counter()
        assert fresh.get(name) is not None, name
        cold.append(time.perf_counter() - t)
    cold.sort()
    print(f"lookup of a card not read before, {len(picks)} random names: p50 {ms(cold[len(cold) // 2])}, "
          f"p95 {ms(cold[int(len(cold) * 0.95)])}, max {ms(cold[-1])}  (target p95 < 1 ms)")
    warm = []
    for name in picks:
        t = time.perf_counter()
        fresh.get(name)
        warm.append(time.perf_counter() - t)
    print(f"repeated lookup: mean {ms(statistics.mean(warm))}, max {ms(max(warm))}  (target < 1 ms)")


if __name__ == "__main__":
    main()
