"""Batch goldfishing (``stackfish simulate``): many seeded games of a deck played by
the autopilot (:mod:`mechanics.ai.autopilot`) against a goldfish.

:func:`simulate` plays N seeded games (game i uses seed ``seed + i``, so
spreading games over processes with ``jobs`` gives the same result as one
process) and returns :class:`Results`: the kill-turn distribution, mulligans
and games that never killed by turn 20, as text (:meth:`Results.render`) or
JSON (:meth:`Results.to_json`).
"""

from __future__ import annotations

import gc
import math
import os
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..model import actions as A
from ..model.errors import StackfishError
from ..play.game import Game
from ..plugin_api.plugin_manager import make_plugin_manager
from ..store.carddb import load_user_pool
from ..store.decks import load_deck
from .autopilot import ME, OPPONENT, choose, policy

MAX_TURNS = 20
SHOW_ERRORS = 5  # errors listed in a report


# ====================================================================== one game


def new_game(deck_path: str, seed: int, pool: Any = None, plugins: Any = None,
             checked: bool = False) -> Any:
    """A goldfish game of the deck at its mulligan decision, driven by the policy.
    ``checked`` keeps history (slower) so that illegal actions change nothing."""
    path = os.path.abspath(deck_path)
    game = Game(seed=seed, pool=pool, plugins=plugins, history=checked, policy=policy,
                base_dir=os.path.dirname(path))
    for action in (A.Seed(seed), A.Goldfish((OPPONENT,)), A.DeckCmd(ME, path), A.Start()):
        game.play(action)
    return game


@dataclass
class GameResult:
    seed: int
    kill_turn: int | None  # p1's turn on which the opponent lost, None if not by MAX_TURNS
    mulligans: int
    actions: int = 0
    error: str = ""


def play_game(game: Any, max_turns: int = MAX_TURNS,
              check: Callable[[Any, A.Action], None] | None = None) -> GameResult:
    """Play the autopilot until the game ends or p1 would begin turn ``max_turns + 1``."""
    st = game.state
    n = 0
    error = ""
    me = st.players[ME]
    mulligans = 0
    while not game.state.over and game.state.players[ME].turns <= max_turns:
        action = choose(game)
        if action is None:
            break
        if check is not None:
            check(game, action)
        if isinstance(action, A.Keep):
            mulligans = game.state.players[ME].mulligans
        try:
            game.play(action)
        except StackfishError as exc:
            error = f"{action}: {exc}"
            break
        n += 1
        if n > 5000:
            error = "no end after 5000 actions"
            break
    st = game.state
    me = st.players[ME]
    kill = st.kill_turn if st.over and st.winner == ME else None
    if kill is not None and kill > max_turns:
        kill = None
    return GameResult(st.seed, kill, mulligans or me.mulligans, n, error)


# ====================================================================== many games


@dataclass
class Results:
    """The outcome of a batch of games."""

    deck: str
    n: int
    seed: int
    jobs: int
    kill_turns: list[int | None] = field(default_factory=list)
    mulligans: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    max_turns: int = MAX_TURNS

    @property
    def kills(self) -> list[int]:
        return sorted(k for k in self.kill_turns if k is not None)

    @property
    def no_kill(self) -> int:
        return sum(1 for k in self.kill_turns if k is None)

    @property
    def mean(self) -> float | None:
        return statistics.fmean(self.kills) if self.kills else None

    @property
    def median(self) -> float | None:
        return statistics.median(self.kills) if self.kills else None

    def percentile(self, q: float) -> int | None:
        """The q-th percentile (nearest rank) of the kill turns of games that killed."""
        k = self.kills
        if not k:
            return None
        return k[max(0, math.ceil(q / 100 * len(k)) - 1)]

    @property
    def mulligan_rate(self) -> float:
        return sum(1 for m in self.mulligans if m) / len(self.mulligans) if self.mulligans else 0.0

    @property
    def histogram(self) -> dict[int, int]:
        c = Counter(self.kills)
        if not c:
            return {}
        return {t: c.get(t, 0) for t in range(min(c), max(c) + 1)}

    @property
    def games_per_second(self) -> float:
        return self.n / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck, "games": self.n, "seed": self.seed, "jobs": self.jobs,
            "max_turns": self.max_turns,
            "kill_turn": {
                "mean": self.mean, "median": self.median,
                "percentiles": {str(q): self.percentile(q) for q in (10, 25, 50, 75, 90)},
                "histogram": {str(t): c for t, c in self.histogram.items()},
            },
            "no_kill": self.no_kill,
            "mulligan_rate": self.mulligan_rate,
            "mulligans": dict(sorted(Counter(self.mulligans).items())),
            "errors": len(self.errors),
            "first_errors": self.errors[:SHOW_ERRORS],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }

    def render(self, width: int = 40) -> str:
        """The report as text: statistics and a histogram of kill turns."""
        lines = [f"{self.n} games of {os.path.basename(self.deck)} (seed {self.seed}, "
                 f"{self.jobs} job{'s' if self.jobs != 1 else ''})"]
        if self.kills:
            pct = ", ".join(f"p{q} {self.percentile(q)}" for q in (10, 25, 75, 90))
            lines.append(f"kill turn: mean {self.mean:.2f}, median {self.median:g} ({pct})")
        else:
            lines.append("kill turn: no game killed")
        lines.append(histogram_text(self.histogram, len(self.kill_turns), width))
        lines.append(f"no kill by turn {self.max_turns}: {self.no_kill} "
                     f"({self.no_kill / max(1, len(self.kill_turns)):.1%})")
        lines.append(f"mulligan rate: {self.mulligan_rate:.1%}")
        if self.errors:
            lines.append(f"FAILED: {len(self.errors)} of {self.n} games raised an error "
                         "(left out of every figure above); the first:")
            lines += [f"  {e}" for e in self.errors[:SHOW_ERRORS]]
        lines.append(f"time: {self.seconds:.2f} s ({self.games_per_second:,.0f} games/s)")
        return "\n".join(line for line in lines if line)


def histogram_text(hist: dict[int, int], total: int, width: int = 40) -> str:
    if not hist:
        return ""
    top = max(hist.values()) or 1
    out = [f"{'':<8}  {'':<{width}} {'games':>6} {'share':>6} {'by then':>7}"]
    so_far = 0
    for turn, count in hist.items():
        so_far += count
        bar = "#" * round(count / top * width)
        out.append(f"turn {turn:>2} | {bar:<{width}} {count:>6} {count / max(1, total):6.1%} "
                   f"{so_far / max(1, total):7.1%}")
    return "\n".join(out)


_WORKER: dict[str, Any] = {}


def _worker_setup(plugins_disabled: tuple[str, ...] = ()) -> dict[str, Any]:
    """Per-process shared things: the card pool and a plugin manager."""
    if _WORKER.get("disabled") != plugins_disabled:
        _WORKER.clear()
        _WORKER["disabled"] = plugins_disabled
        _WORKER["pool"] = load_user_pool()
        _WORKER["plugins"] = make_plugin_manager(disabled=plugins_disabled)
    return _WORKER


def run_games(deck_path: str, seeds: Iterable[int], max_turns: int = MAX_TURNS,
              disabled: tuple[str, ...] = ()) -> list[tuple[int | None, int, str]]:
    """Play one game per seed; (kill turn, mulligans, error) each."""
    w = _worker_setup(tuple(disabled))
    out = []
    for s in seeds:
        try:
            game = new_game(deck_path, s, w["pool"], w["plugins"])
            r = play_game(game, max_turns)
            out.append((r.kill_turn, r.mulligans, r.error and f"seed {s}: {r.error}"))
        except StackfishError as exc:
            out.append((None, 0, f"seed {s}: {exc}"))
        except Exception as exc:  # an engine bug outside an action (the autopilot): one game lost
            out.append((None, 0, f"seed {s}: internal error {type(exc).__name__}: {exc}"))
    return out


def _hold_signals(hold: bool) -> None:
    """Block (or deliver) SIGINT and SIGTERM in this thread; threads and processes
    started meanwhile are born with them blocked."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK if hold else signal.SIG_UNBLOCK,
                               {signal.SIGINT, signal.SIGTERM})


def _worker_init(parent: int) -> None:
    """A worker leaves Ctrl-C to the parent, which stops the workers: no traceback per
    worker.  On Linux a worker also dies with its parent (a killed ``simulate`` leaves
    no worker behind)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _hold_signals(False)  # (held by the parent as it forked)
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before that: nothing to work for
        os._exit(1)


def _pooled(ctx: Any, jobs: int, chunks: list[tuple]) -> Iterator[list[tuple[int | None, int, str]]]:
    """The results of ``chunks`` played by ``jobs`` worker processes, in order (the same
    result as one process).  Each worker has a pipe of its own and one chunk at a time:
    no lock is shared, so stopping them (Ctrl-C, SIGTERM: the caller sees
    KeyboardInterrupt) can't wait forever on one a killed worker held, as a
    ``multiprocessing.Pool``'s stop can.  Both signals wait while the workers start
    (one arriving as a worker starts would print its traceback; they ignore Ctrl-C once
    started)."""
    from multiprocessing.connection import wait

    term = signal.signal(signal.SIGTERM, signal.default_int_handler)
    workers: list[tuple[Any, Any]] = []  # (process, the parent's end of its pipe)
    busy: dict[Any, int] = {}  # a worker's pipe -> the index of the chunk it plays
    stopped = False
    try:
        _hold_signals(True)
        try:
            for _ in range(min(jobs, len(chunks))):
                mine, theirs = ctx.Pipe()
                process = ctx.Process(target=_worker, args=(theirs, os.getpid()), daemon=True)
                process.start()
                theirs.close()
                workers.append((process, mine))
        finally:
            _hold_signals(False)
        todo = enumerate(chunks)
        done: dict[int, list] = {}
        for _, conn in workers:
            _send_next(conn, todo, busy)
        turn = 0
        while busy:
            for conn in wait(list(busy)):
                try:
                    done[busy.pop(conn)] = conn.recv()
                except EOFError:
                    raise StackfishError("a simulate worker process died (out of memory?)") from None
                _send_next(conn, todo, busy)
            while turn in done:
                yield done.pop(turn)
                turn += 1
        for _, conn in workers:
            conn.send(None)  # they end by themselves
        stopped = True
    finally:
        for process, conn in workers:
            if not stopped:  # interrupted (or a worker died): stop them now
                process.kill()
            process.join()
            conn.close()
        signal.signal(signal.SIGTERM, term)


def _send_next(conn: Any, todo: Iterator[tuple[int, tuple]], busy: dict[Any, int]) -> None:
    nxt = next(todo, None)
    if nxt is not None:
        conn.send(nxt[1])
        busy[conn] = nxt[0]


def _worker(conn: Any, parent: int) -> None:
    """A worker process: play each chunk it is sent, until None."""
    _worker_init(parent)
    while (chunk := conn.recv()) is not None:
        conn.send(_run_chunk(chunk))


def _run_chunk(args: tuple) -> list[tuple[int | None, int, str]]:
    return run_games(*args)


def simulate(deck_path: str, n: int = 1000, seed: int = 0, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None, max_turns: int = MAX_TURNS,
             disabled: Iterable[str] = ()) -> Results:
    """Play ``n`` games of the deck against a goldfish; game i uses seed ``seed + i``.

    ``jobs`` > 1 spreads the games over processes (the result is the same);
    ``progress(done, n)`` is called as games finish.  Raises StackfishError for a
    deck that can't be read."""
    disabled = tuple(disabled)
    load_deck(deck_path, _worker_setup(disabled)["pool"])  # a clear error now rather than n times later
    t0 = time.perf_counter()
    res = Results(os.path.abspath(deck_path), n, seed, max(1, jobs), max_turns=max_turns)
    chunk = max(1, min(100, n // (max(1, jobs) * 8) or 1))
    chunks = [(deck_path, range(seed + i, seed + min(n, i + chunk)), max_turns, disabled)
              for i in range(0, n, chunk)]
    done = 0
    results: list[tuple[int | None, int, str]] = []
    if jobs <= 1 or n <= chunk:
        for c in chunks:
            results += _run_chunk(c)
            done += len(c[1])
            if progress:
                progress(done, n)
    else:
        import multiprocessing as mp  # cost: only when spreading over processes

        fork = "fork" in mp.get_all_start_methods()
        if fork:
            _worker_setup(disabled)  # the children inherit the pool and plugins
            gc.freeze()  # the collector in the children leaves the inherited pages shared
        ctx = mp.get_context("fork" if fork else "spawn")
        try:
            for part in _pooled(ctx, jobs, chunks):
                results += part
                done += len(part)
                if progress:
                    progress(done, n)
        finally:
            gc.unfreeze()
    for kill, mulls, err in results:
        if err:  # a failed game is no statistic: not a game without a kill
            res.errors.append(err)
            continue
        res.kill_turns.append(kill)
        res.mulligans.append(mulls)
    res.seconds = time.perf_counter() - t0
    return res
