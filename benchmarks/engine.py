"""Measure the rules engine (a script, not a test).

    python benchmarks/engine.py [--seconds S] [--storm-size N] [--profile decisions|history|storm]

Figures, each printed beside its target (for a 2-core machine):

- decisions/s: a scripted goldfish game of the bundled red aggro deck, a loop
  of ``game.pending``, ``list(game.legal_actions)``, a fixed choice (a land,
  else the first spell, else attack with everything, else the first listed
  action) and ``game.play``. Once with ``history=False`` and a policy that
  answers decisions (the autopilot's set-up), once with history on (undo kept,
  every action pickles the state). A finished game is replaced by a new one
  with the next seed; setting up a game is not counted. Target 50,000/s.
- trigger storm: 40 Cloudfin Raptors (evolve) on the battlefield, 40 Grizzly
  Bears enter at once (moved with the ``move`` primitive inside one step, as
  a mass "put onto the battlefield" effect would), 40 x 40 = 1,600 evolve
  triggers; time from the bears entering until ``resolve all`` has emptied
  the stack. Without the evolve plugin it says so and uses a bundled card's
  triggered ability instead. Target < 0.5 s.
- undo latency: ``game.undo()`` after 1,000 actions of a (long) goldfish
  game, the mean of 20 undos. Target < 5 ms.
- peak memory: the process's peak resident set size (``ru_maxrss``) after
  all of the above. Target < 150 MB.

Times are the process's CPU time (``time.process_time``), so that other work on
a shared machine doesn't count. The storm's policy orders triggers by naming
each source once ("a source listed once stands for all its triggers"); listing
every trigger's source (the default answer's form) is far slower while
``Game.reorder_triggers`` is quadratic in the sources listed.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import mechanics  # noqa: E402
from mechanics import actions as A  # noqa: E402
from mechanics.model.oracle import load_bundled_pool  # noqa: E402
from mechanics.play.game import Game  # noqa: E402
from mechanics.plugin_api.plugin_manager import make_plugin_manager  # noqa: E402

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data")
DECK = "decks/red-aggro.txt"
POOL = load_bundled_pool()


def policy(game: Game, decision) -> list:  # noqa: ANN001
    """Answer any decision at once: its default, else the first options it needs."""
    default = decision.data.get("default") if isinstance(decision.data, dict) else None
    if default:
        return list(default)
    if decision.kind == "order":  # each source once: it stands for all its triggers
        return list(dict.fromkeys(decision.options))
    n = decision.min if decision.min else min(1, decision.max)
    return list(decision.options[:n])


def choose(actions: list[A.Action]) -> A.Action:
    """The fixed rule: a land, else a spell (not aimed at oneself), else attack with
    everything, else the first listed."""
    for kind in (A.PlayLand, A.Cast, A.Keep):
        for a in actions:
            if isinstance(a, kind) and not (kind is A.Cast and a.player in a.targets):
                return a
    attacks = [a for a in actions if isinstance(a, A.Attack)]
    if attacks:
        return max(attacks, key=lambda a: len(a.attackers))
    return actions[0]


def new_game(seed: int, history: bool, extra: tuple[str, ...] = ()) -> Game:
    game = Game(base_dir=DATA, pool=POOL, history=history, policy=None if history else policy)
    for line in (f"seed {seed}", "goldfish p2", f"deck p1 {DECK}", *extra, "start"):
        game.play(line)
    return game


def decisions_per_second(history: bool, seconds: float) -> tuple[float, int, int]:
    """Decisions per second, the decisions made and the games played."""
    seed, done, games, spent = 0, 0, 0, 0.0
    while spent < seconds:
        seed += 1
        game = new_game(seed, history)
        games += 1
        t0 = time.process_time()
        while True:
            if game.pending is None:
                break
            acts = list(game.legal_actions)
            if not acts:
                break
            game.play(choose(acts))
            done += 1
        spent += time.process_time() - t0
    return done / spent, done, games


def storm(size: int = 40) -> tuple[float, int, str]:
    """Seconds from the bears entering to an empty stack; triggers; what triggered."""
    game = Game(base_dir=DATA, pool=POOL, policy=policy)
    have_evolve = game.pm.has_plugin("evolve")
    source = "Cloudfin Raptor" if have_evolve else "Ivy Lane Denizen"
    game.play("goldfish p2")
    game.play("turn p1 main1")
    for _ in range(size):
        game.play(f'battlefield p1 "{source}"')
    game.play('hand p1 ' + " ".join(['"Grizzly Bears"'] * size))
    bears = list(game.state.players["p1"].hand)
    n_events = len(game.events)
    t0 = time.process_time()
    for oid in bears:  # all enter at once: triggers wait until a player would get priority
        game.move(oid, "battlefield")
    triggers = len(game.state.pending_triggers)
    game.advance()  # put them on the stack (603.3b), ordered by the policy
    game.play("resolve all")
    while game.state.stack or game.state.pending_triggers:  # triggers of triggers
        game.play("resolve all")
    took = time.process_time() - t0
    assert not game.state.stack and len(game.events) > n_events
    what = ("evolve (plugins/evolve.py) on Cloudfin Raptor" if have_evolve else
            f"{source}'s bundled triggered ability (the evolve plugin is not loaded)")
    return took, triggers, what


def undo_latency(actions: int = 1000, undos: int = 20) -> tuple[float, int]:
    """Mean seconds per undo() after `actions` actions, and the history length then."""
    game = new_game(7, True, ("life p2 1000000", f"deck p1 {DECK}", f"deck p1 {DECK}",
                              f"deck p1 {DECK}"))
    while len(game.history) < actions:
        acts = list(game.legal_actions)
        if not acts:
            break
        game.play(choose(acts))
    n = len(game.history)
    t0 = time.process_time()
    for _ in range(undos):
        game.undo()
    return (time.process_time() - t0) / undos, n


def row(label: str, value: str, target: str, ok: bool) -> None:
    print(f"{label:<44} {value:>16}   target {target:<12} {'ok' if ok else 'MISSED'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per decision-loop run")
    ap.add_argument("--storm-size", type=int, default=40, help="creatures of each kind in the storm")
    ap.add_argument("--profile", choices=("decisions", "storm", "history"),
                    help="profile one part with cProfile instead of measuring")
    args = ap.parse_args()
    make_plugin_manager()  # import the plugins before timing anything
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        if args.profile == "storm":
            storm(args.storm_size)
        else:
            decisions_per_second(args.profile == "history", args.seconds)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return

    rate, n, games = decisions_per_second(False, args.seconds)
    row(f"decisions/s, history off ({n} in {games} games)", f"{rate:,.0f}", "50,000", rate >= 50_000)
    rate, n, games = decisions_per_second(True, args.seconds)
    row(f"decisions/s, history on ({n} in {games} games)", f"{rate:,.0f}", "50,000", rate >= 50_000)
    took, triggers, what = storm(args.storm_size)
    row(f"trigger storm ({triggers} triggers)", f"{took:.3f} s", "< 0.5 s", took < 0.5)
    print(f"  storm triggers: {what}")
    lat, n = undo_latency()
    row(f"undo() latency after {n} actions", f"{lat * 1000:.2f} ms", "< 5 ms", lat < 0.005)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    row("peak memory (ru_maxrss, whole process)", f"{peak:.0f} MB", "< 150 MB", peak < 150)


if __name__ == "__main__":
    main()
