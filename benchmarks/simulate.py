"""Measure batch goldfishing (a script, not a test).

    python benchmarks/simulate.py [--games N] [--pairs N] [--profile red|simic] [--count [--functions N]]

Figures, each printed beside its target, with all four mechanic plugins
(evolve, rad, phasing, proliferate) loaded and the full rules engine
(priority, the stack, state-based actions, triggers) doing the work:

- games/s on one process for the red aggro benchmark deck (24 Mountain,
  12 Lightning Bolt, 12 Gray Ogre, 12 Hill Giant) and for the Simic evolve demo
  deck: N autopilot games each (``mechanics.ai.simulate.run_games``), CPU time of
  this process, the pool and plugins loaded beforehand, the best of three runs.
  Target 300 games/s for the red deck.
- games/s with ``--jobs 2`` (``mechanics.ai.simulate.simulate``): wall-clock time
  of the whole call, process start-up included; the target is linear scaling,
  twice the one-process figure (shown as the speed-up over one process timed
  the same way). On a busy machine the wall-clock figures are low: compare
  with the load average printed first. The games per CPU second of the worker
  processes (their rusage) against one process's show the scaling without the
  machine's load: about 100% means N free cores give N times the games.
- the kill-turn mean of each deck, as a sanity check on the autopilot.
- the red deck's speed as a share of a rules-free Python goldfish of the same deck
  (:func:`rules_free_goldfish`: a shuffled list, a land a turn, the costliest
  castable spells, creatures attack the turn after they come, Bolts at the face),
  measured in the same run: how much the rules engine costs.  The issue's target
  is 1/50 of it.
- when ``stackfish compile`` has built the engine (:mod:`mechanics.compiled`) and the
  build is current: the red deck's games/s with the compiled engine and with the
  pure one, each in fresh processes (``--pairs`` of them, alternated; the medians),
  the compiled engine's share of the rules-free speed, and whether both gave the same
  kill turns.  Every other figure is the pure engine's: this process sets
  ``STACKFISH_PURE`` before importing the engine.

On a machine shared with other work the timings move by 10-30% from run to run;
``--count`` prints instead what doesn't: the Python bytecodes executed and the
Python function calls made per game (30 games of each deck, traced), a figure to
compare two versions of the engine by on any machine; ``--count --functions N`` adds,
per deck (10 games), the N functions that run the most bytecodes themselves and
the N that run the most while on the stack: where a game's work goes.  What it can't
see: time in C (the cycle collector, once a quarter of a batch's CPU time, runs no
bytecode) and the price of a C call, so a change that trades bytecodes for calls in C
(``map(setattr, ...)`` per field, ``attrgetter`` scans) can count a tenth of the
bytecodes and take twice the CPU time: time such a change against the old code side by
side in one process (a shared machine's load moves separate runs by more than that).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pstats
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
# this process measures the pure engine (``--count`` can see nothing else); the compiled
# one is timed in fresh processes started with STACKFISH_PURE empty
os.environ.setdefault("STACKFISH_PURE", "1")

import mechanics  # noqa: E402
from mechanics import compiled  # noqa: E402
from mechanics.ai import simulate as sim  # noqa: E402

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data", "decks")
DECKS = {"red": os.path.join(DATA, "red-aggro.txt"), "simic": os.path.join(DATA, "simic-evolve.txt")}
PLUGINS = ("evolve", "rad", "phasing", "proliferate")


def one_process(deck: str, games: int, seed: int = 1, runs: int = 3) -> tuple[float, list]:
    """Games per CPU second on this process (the best of ``runs`` runs of the same
    games: on a shared virtual machine single runs of the same work vary by 10-15%),
    and the results."""
    sim.run_games(deck, range(seed, seed + 3))  # warm up: pool, plugins, behaviours
    best = 0.0
    for _ in range(runs):
        t0 = time.process_time()
        out = sim.run_games(deck, range(seed, seed + games))
        best = max(best, games / (time.process_time() - t0))
    return best, out


RED_CARDS = {"Mountain": (0, 0, 0), "Lightning Bolt": (1, 3, 0), "Gray Ogre": (3, 0, 2),
             "Hill Giant": (4, 0, 3)}  # name: (mana value, damage, power)


def rules_free_goldfish(seed: int, max_turns: int = 20) -> int | None:
    """One game of the red deck with no rules engine: the kill turn, or None."""
    import random

    rng = random.Random(seed)
    library = [n for n, k in (("Mountain", 24), ("Lightning Bolt", 12), ("Gray Ogre", 12),
                              ("Hill Giant", 12)) for _ in range(k)]
    for mulligans in range(4):  # the autopilot's rule: keep 2-5 lands, anything at four
        rng.shuffle(library)
        hand = library[:7]
        if 2 <= hand.count("Mountain") <= 5 or mulligans == 3:
            break
    for _ in range(mulligans):  # put back the costliest
        hand.remove(max(hand, key=lambda n: RED_CARDS[n][0]))
    library = library[7:]
    life, lands, creatures = 20, 0, []
    for turn in range(1, max_turns + 1):
        if turn > 1 and library:
            hand.append(library.pop(0))
        if "Mountain" in hand:
            hand.remove("Mountain")
            lands += 1
        mana = lands
        for name in sorted(hand, key=lambda n: -RED_CARDS[n][0]):
            mv, damage, power = RED_CARDS[name]
            if name != "Mountain" and mv <= mana:
                mana -= mv
                hand.remove(name)
                life -= damage
                if power:
                    creatures.append((power, turn))
        life -= sum(p for p, came in creatures if came < turn)
        if life <= 0:
            return turn
    return None


def rules_free_rate(games: int, runs: int = 3) -> float:
    best = 0.0
    for _ in range(runs):
        t0 = time.process_time()
        for s in range(1, games + 1):
            rules_free_goldfish(s)
        best = max(best, games / (time.process_time() - t0))
    return best


def bytecodes(deck: str, games: int = 30, by_function: bool = False) -> tuple[float, float, dict]:
    """Python bytecodes executed and Python functions called per game (traced: the
    same count on every run, whatever the machine's load).  ``by_function`` also counts,
    for each function, the bytecodes it ran itself and those run while it was on the
    stack (its own and its callees'; slower: every bytecode walks the stack)."""
    sim.run_games(deck, range(1, 4))
    ops = calls = 0
    own: Counter = Counter()
    inclusive: Counter = Counter()

    def trace(frame: Any, event: str, arg: Any) -> Any:
        nonlocal ops, calls
        if event == "call":
            calls += 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            ops += 1
            if by_function:
                own[frame.f_code] += 1
                inclusive.update({f.f_code for f in _stack(frame)})
        return trace

    sys.settrace(trace)
    try:
        sim.run_games(deck, range(1, games + 1))
    finally:
        sys.settrace(None)
    return ops / games, calls / games, {"own": own, "inclusive": inclusive}


def _stack(frame: Any) -> Iterator[Any]:
    while frame is not None:
        yield frame
        frame = frame.f_back


def print_functions(counts: dict, games: int, total: float, top: int) -> None:
    """The ``top`` functions by their own bytecodes, then by their inclusive ones, per game."""
    def name(code: Any) -> str:
        path = os.path.relpath(code.co_filename, REPO) if code.co_filename.startswith(str(REPO)) else \
            os.path.basename(code.co_filename)
        return f"{path}:{code.co_firstlineno}({code.co_name})"

    for kind in ("own", "inclusive"):
        print(f"  by {kind} bytecodes per game:")
        for code, n in counts[kind].most_common(top):
            print(f"  {n / games:10,.0f} {100 * n / games / total:5.1f}%  {name(code)}")


def wall(deck: str, games: int, jobs: int, seed: int = 1) -> tuple[float, float, sim.Results]:
    """Games per wall-clock second, games per CPU second of the processes that
    played them (this one for one job, the children for more), and the results."""
    def cpu() -> float:
        who = resource.RUSAGE_SELF if jobs == 1 else resource.RUSAGE_CHILDREN
        r = resource.getrusage(who)
        return r.ru_utime + r.ru_stime

    c0 = cpu()
    res = sim.simulate(deck, games, seed, jobs)
    return games / res.seconds, games / max(1e-9, cpu() - c0), res


def fresh_rate(deck: str, games: int, pure: bool) -> tuple[float, str, int]:
    """One process started for it: games/s of ``deck`` (:func:`one_process`), a digest
    of the kill turns, and how many modules it ran compiled."""
    env = dict(os.environ, STACKFISH_PURE="1" if pure else "")
    out = subprocess.run([sys.executable, __file__, "--rate", deck, "--games", str(games)], env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), out[1], int(out[2])


def print_rate(deck: str, games: int) -> None:
    """``--rate``: what :func:`fresh_rate` reads."""
    rate, out = one_process(deck, games)
    digest = hashlib.sha256(repr([g.kill_turn for g in out]).encode()).hexdigest()[:16]
    loaded = sum(compiled.FINDER.loaded.values()) if compiled.FINDER else 0
    print(f"{rate} {digest} {loaded}")


def compare_compiled(games: int, pairs: int, free: float) -> None:
    """The red deck with the compiled engine and the pure one, in alternated fresh processes."""
    pure_rates, compiled_rates, digests = [], [], set()
    for _ in range(pairs):
        rate, digest, _ = fresh_rate(DECKS["red"], games, pure=True)
        pure_rates.append(rate)
        digests.add(digest)
        rate, digest, loaded = fresh_rate(DECKS["red"], games, pure=False)
        compiled_rates.append(rate)
        digests.add(digest)
    p, c = statistics.median(pure_rates), statistics.median(compiled_rates)
    row("red: games/s, pure engine, fresh processes", f"{p:,.0f}", "-", None)
    row("red: games/s, compiled engine, fresh processes", f"{c:,.0f}", "-", None)
    row("red: compiled engine's share of the rules-free speed", f"1/{free / c:,.0f}", "1/50", free / c <= 50)
    print(f"  compiled / pure: {c / p:.2f}x, medians of {pairs} alternated pairs (pure "
          f"{', '.join(f'{r:,.0f}' for r in pure_rates)}; compiled {', '.join(f'{r:,.0f}' for r in compiled_rates)},"
          f" {loaded} modules compiled; load average {os.getloadavg()[0]:.2f} after); "
          + ("the same kill turns" if len(digests) == 1 else "DIFFERENT KILL TURNS"))


def row(label: str, value: str, target: str, ok: bool | None) -> None:
    mark = "" if ok is None else ("ok" if ok else "MISSED")
    print(f"{label:<52} {value:>14}   target {target:<16} {mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games per measurement (600)")
    parser.add_argument("--profile", choices=tuple(DECKS), help="profile one deck with cProfile instead")
    parser.add_argument("--count", action="store_true",
                        help="count bytecodes and calls per game instead (the same on any load)")
    parser.add_argument("--functions", type=int, default=0, metavar="N",
                        help="with --count: the N functions that run the most bytecodes (10 games)")
    parser.add_argument("--pairs", type=int, default=3, metavar="N",
                        help="fresh processes of each engine when a compiled build is current (3)")
    parser.add_argument("--rate", metavar="DECK", help=argparse.SUPPRESS)  # (fresh_rate's process)
    args = parser.parse_args()
    if args.rate:
        print_rate(args.rate, args.games)
        return
    w = sim._worker_setup(())
    loaded = {name for name, p in w["plugins"].list_name_plugin() if p is not None}
    missing = [p for p in PLUGINS if p not in loaded]
    if args.profile:
        deck = DECKS[args.profile]
        sim.run_games(deck, range(1, 4))
        prof = cProfile.Profile()
        prof.enable()
        sim.run_games(deck, range(1, 1 + args.games))
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        return
    if args.count:
        games = 10 if args.functions else 30
        print("counting the pure Python engine (compiled code runs no bytecode)" if compiled.FINDER is None else
              f"WARNING: {compiled.engine_line()}: its compiled modules are not counted")
        for name, deck in DECKS.items():
            ops, calls, counts = bytecodes(deck, games, by_function=bool(args.functions))
            print(f"{name}: {ops:,.0f} Python bytecodes and {calls:,.0f} Python calls per game ({games} games)")
            if args.functions:
                print_functions(counts, games, ops, args.functions)
        return
    print(f"plugins loaded: {', '.join(sorted(loaded))}" + (f"  (MISSING: {', '.join(missing)})"
                                                            if missing else ""))
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.games} games each")
    print(compiled.engine_line())
    for name, deck in DECKS.items():
        rate, out = one_process(deck, args.games)
        kills = [g.kill_turn for g in out if g.kill_turn is not None]
        errors = sum(1 for g in out if g.error)
        target = "300" if name == "red" else "-"
        row(f"{name}: games/s, one process (CPU time)", f"{rate:,.0f}", target,
            rate >= 300 if name == "red" else None)
        if name == "red":
            free = rules_free_rate(args.games * 10)
            row("red: rules-free Python goldfish, games/s (CPU time)", f"{free:,.0f}", "-", None)
            row("red: the engine's share of the rules-free speed", f"1/{free / rate:,.0f}", "1/50",
                free / rate <= 50)
            if compiled.status()[0]:  # a current build: time it too
                compare_compiled(args.games, args.pairs, free)
        print(f"  kill turn mean {sum(kills) / max(1, len(kills)):.2f}, "
              f"{len(out) - len(kills)} without a kill, {errors} errors")
        one, one_cpu, res1 = wall(deck, args.games, 1)
        two, two_cpu, res2 = wall(deck, args.games, 2)
        assert res1.kill_turns == res2.kill_turns, "--jobs 2 gave a different result"
        row(f"{name}: games/s, --jobs 1 (wall clock)", f"{one:,.0f}", "-", None)
        row(f"{name}: games/s, --jobs 2 (wall clock)", f"{two:,.0f}", f"{2 * one:,.0f} (2x)",
            two >= 1.8 * one)
        print(f"  speed-up with 2 jobs: {two / one:.2f}x wall clock; per CPU second "
              f"{one_cpu:,.0f} (1 job) vs {two_cpu:,.0f} (each of 2 workers): "
              f"{two_cpu / one_cpu:.0%} efficiency, same result")


if __name__ == "__main__":
    main()
