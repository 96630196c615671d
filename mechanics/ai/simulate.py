"""Batch goldfishing (``stackfish simulate``): many seeded games of a deck played by
the autopilot (:mod:`mechanics.ai.autopilot`) against a goldfish.

:func:`simulate` plays N seeded games (game i uses seed ``seed + i``) and returns
:class:`~.report.Results`; :func:`compare` plays the same seeds with each of
several decks (common random numbers).  The games run in this process, spread
over ``jobs`` processes, or on a Dask cluster (``cluster``, the optional extra
``stackfish[cluster]``): each way gives the same result for the same seeds,
since a game depends on its seed alone and the chunks come back in order.
"""

from __future__ import annotations

import gc
import hashlib
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..model import actions as A
from ..model.errors import StackfishError
from ..play import setup
from ..play.game import Game
from ..plugin_api.plugin_manager import make_plugin_manager
from ..store.carddb import load_user_pool
from ..store.decks import load_deck
from .autopilot import ME, OPPONENT, choose, policy
from .known import known, take_known
from .report import BY_TURN, MAX_TURNS, Results

# ====================================================================== one game


def new_game(deck_path: str, seed: int, pool: Any = None, plugins: Any = None,
             checked: bool = False, log: bool = True, like: SetUp | None = None) -> Any:
    """A goldfish game of the deck at its mulligan decision, driven by the policy.
    ``checked`` keeps history (slower) so that illegal actions change nothing;
    ``log`` keeps the log lines (a batch of games, which shows none, goes without);
    ``like``: the deck's :class:`SetUp`, whose cards the game is made of without
    reading the list or looking the cards up again (its ``deck`` action then isn't
    journalled: a batch's games keep no journal)."""
    path = os.path.abspath(deck_path)
    game = Game(seed=seed, pool=pool, plugins=plugins, history=checked, policy=policy,
                base_dir=os.path.dirname(path), log=log)  # (seeded as ``seed N`` would)
    game.play(A.Goldfish((OPPONENT,)))
    if like is None:
        game.play(A.DeckCmd(ME, path))
    else:  # what ``deck`` does, with the names it read
        setup.library(game, ME, like.names)
        game.take_found(like.game)
        take_known(game, like.game)  # (the autopilot's findings about them)
    game.play(A.Start())
    return game


@dataclass(frozen=True)
class SetUp:
    """A deck's cards (a name a card, in the list's order) and a game of them whose
    findings about them every game of the deck takes (:meth:`Game.take_found`): read
    and looked up once for a batch (:func:`set_up`)."""

    names: list[str]
    game: Any


def set_up(deck_path: str, pool: Any, plugins: Any) -> SetUp:
    """The deck's :class:`SetUp` for these pool and plugins (kept per process while the
    file is unchanged: ``load_deck`` gives the same list).  Raises StackfishError for a
    deck that can't be read."""
    path = os.path.abspath(deck_path)
    parsed = load_deck(path, pool)
    key = (path, id(pool), id(plugins))
    kept = _SET_UPS.get(key)
    if kept is not None and kept[0] is parsed:
        return kept[1]
    game = Game(pool=pool, plugins=plugins, history=False, log=False, base_dir=os.path.dirname(path))
    game.play(A.Goldfish((OPPONENT,)))
    names = setup.deck_names(game, path)
    setup.new_cards(game, ME, names, "library")
    game.ability_index()  # (what the cards are and wake, looked up)
    if len(_SET_UPS) >= 8 or any(k[1:] != key[1:] for k in _SET_UPS):
        _SET_UPS.clear()  # (a few decks of one pool and plugins: what a comparison plays)
    _SET_UPS[key] = (parsed, SetUp(names, game))
    return _SET_UPS[key][1]


_SET_UPS: dict[tuple, tuple[Any, SetUp]] = {}


@dataclass(slots=True)
class GameResult:
    """One game, as ``--json`` and ``--csv`` give it.  The by-turn records are indexed by
    p1's turn (``[0]`` is turn 1), one entry per turn p1 began, each taken when p1's
    next turn begins (so after the goldfish's turn) or when the game ends:
    ``lands`` p1 controls, ``spells`` the autopilot cast that turn, ``mana`` their
    mana value (X counted), ``top`` the highest mana value cast, ``damage`` the
    opponent's life lost so far.  Bytes (each capped at 255) keep a million games small."""

    seed: int
    kill_turn: int | None  # p1's turn on which the opponent lost, None if not by max_turns
    mulligans: int
    opening_lands: int = 0  # lands in the hand kept (after putting cards on the bottom)
    lands: bytes = b""
    spells: bytes = b""
    mana: bytes = b""
    top: bytes = b""
    damage: bytes = b""
    actions: int = 0
    error: str = ""

    @property
    def turns(self) -> int:
        return len(self.lands)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "kill_turn": self.kill_turn, "mulligans": self.mulligans,
                "opening_lands": self.opening_lands, "turns": self.turns,
                **{k: list(getattr(self, k)) for k in BY_TURN}, "error": self.error}


class _Recorder:
    """Collects a game's by-turn records as the autopilot plays (see :class:`GameResult`)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.rows: dict[str, bytearray] = {k: bytearray() for k in BY_TURN}
        self.in_order = tuple(self.rows.values())  # (as BY_TURN lists them)
        self.spells = self.mana = self.top = 0
        self.life = game.state.players[OPPONENT].life

    def cast(self, action: A.Cast) -> None:
        card = self.game.card(action.card)
        mv = card.mana_value + action.x * card.cost.count("X")
        self.spells += 1
        self.mana += mv
        self.top = max(self.top, mv)

    def close_turn(self) -> None:
        g = self.game
        lands = len([ch for ch in g.all_chars().values() if ch.controller == ME and "Land" in ch.types])
        lost = self.life - g.state.players[OPPONENT].life
        values = (lands, self.spells, self.mana, self.top, lost)
        if not 0 <= min(values) <= max(values) <= 255:
            values = tuple(max(0, min(255, v)) for v in values)
        list(map(bytearray.append, self.in_order, values))  # (one byte a record)
        self.spells = self.mana = self.top = 0


def play_game(game: Any, max_turns: int = MAX_TURNS,
              check: Callable[[Any, A.Action], None] | None = None) -> GameResult:
    """Play the autopilot until the game ends or p1 would begin turn ``max_turns + 1``."""
    n = 0
    error = ""
    me = game.state.players[ME]
    mulligans = opening = 0
    rec = _Recorder(game)
    lands, seen = rec.rows["lands"], me.turns
    while not game.state.over and me.turns <= max_turns:
        action = choose(game)
        if action is None:
            break
        if check is not None:
            check(game, action)
        kind = type(action)
        if kind is A.Cast:
            rec.cast(action)
        elif kind is A.Keep:
            mulligans = me.mulligans
            facts = known(game)
            opening = sum(1 for o in me.hand if facts[game.state.objs[o].name].land) - \
                sum(1 for name in action.bottom if facts[name].land)
        try:
            game.play(action)
        except StackfishError as exc:
            error = f"{action}: {exc}"
            break
        if me.turns != seen:  # p1's next turn began: the last one is over
            seen = me.turns
            while len(lands) < min(seen, max_turns + 1) - 1:
                rec.close_turn()
        n += 1
        if n > 5000:
            error = "no end after 5000 actions"
            break
    st = game.state
    if len(lands) < min(me.turns, max_turns):
        rec.close_turn()  # the game ended during p1's turn (or the goldfish's after it)
    kill = st.kill_turn if st.over and st.winner == ME else None
    if kill is not None and kill > max_turns:
        kill = None
    return GameResult(st.seed, kill, mulligans or me.mulligans, opening,
                      *(bytes(rec.rows[k]) for k in BY_TURN), n, error)


# ====================================================================== many games


_WORKER: dict[str, Any] = {}


def _worker_setup(plugins_disabled: tuple[str, ...] = ()) -> dict[str, Any]:
    """Per-process shared things: the card pool and a plugin manager."""
    if _WORKER.get("disabled") != plugins_disabled:
        _WORKER.clear()
        _WORKER["disabled"] = plugins_disabled
        _WORKER["pool"] = load_user_pool()
        _WORKER["plugins"] = make_plugin_manager(disabled=plugins_disabled)
    return _WORKER


def deck_file(text: str) -> str:
    """A file holding deck-list ``text`` (in this machine's temporary directory, named by
    its hash): how variants and decks sent to cluster workers are played."""
    folder = os.path.join(tempfile.gettempdir(), f"stackfish-decks-{os.getuid() if hasattr(os, 'getuid') else 0}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, hashlib.sha256(text.encode()).hexdigest()[:24] + ".txt")
    if not os.path.exists(path):
        tmp = f"{path}.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)  # whole or not at all: other workers may read it at once
    return path


def run_games(deck: str, seeds: Iterable[int], max_turns: int = MAX_TURNS,
              disabled: tuple[str, ...] = (), text: str | None = None) -> list[GameResult]:
    """Play one game per seed of the deck file ``deck`` (or of deck-list ``text``, written
    to :func:`deck_file` here: a cluster worker has no file of ours)."""
    w = _worker_setup(tuple(disabled))
    path = deck_file(text) if text is not None else deck
    out = []
    try:
        like = set_up(path, w["pool"], w["plugins"])
    except StackfishError:
        like = None  # each game says why
    collecting = gc.isenabled()
    gc.disable()  # the cycle collector runs between games, on what the last one left: see below
    try:
        for s in seeds:
            game = None
            try:
                game = new_game(path, s, w["pool"], w["plugins"], log=False, like=like)
                r = play_game(game, max_turns)
                if r.error:
                    r.error = f"seed {s}: {r.error}"
                out.append(r)
            except StackfishError as exc:
                out.append(GameResult(s, None, 0, error=f"seed {s}: {exc}"))
            except Exception as exc:  # an engine bug outside an action (the autopilot): one game lost
                out.append(GameResult(s, None, 0, error=f"seed {s}: internal error "
                                                        f"{type(exc).__name__}: {exc}"))
            # A finished game is garbage.  Its derived data (``memo``) may refer to the game
            # (the autopilot's card facts do): dropped, the game is freed at once by
            # reference counting instead of waiting, with all it holds, for the cycle
            # collector, whose full collections scan the whole heap (the card pool).  The
            # few cycles left (closures) are collected young, between games, where the
            # collector's own schedule scanned the live game again and again as it aged:
            # 5-15% of a batch's CPU time, measured side by side.
            if game is not None:
                game.memo.clear()
                del game
            if collecting:
                gc.collect(0)
    finally:
        if collecting:
            gc.enable()
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


def _pooled(ctx: Any, jobs: int, chunks: list[tuple]) -> Iterator[list[GameResult]]:
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


def _run_chunk(args: tuple) -> list[GameResult]:
    return run_games(*args)


@dataclass(frozen=True)
class Deck:
    """A deck to play: its file, and for a variant (:mod:`.variants`) its list's text,
    the name shown and how it was built."""

    path: str
    text: str | None = None
    label: str = ""
    note: str = ""


def simulate(deck_path: str, n: int = 1000, seed: int = 0, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None, max_turns: int = MAX_TURNS,
             disabled: Iterable[str] = (), cluster: str | None = None) -> Results:
    """Play ``n`` games of the deck against a goldfish; game i uses seed ``seed + i``.

    ``jobs`` > 1 spreads the games over processes, ``cluster`` (a Dask scheduler's
    address, or a ``distributed.Client``) over a cluster's workers; the result is
    the same.  ``progress(done, n)`` is called as games finish.  Raises
    StackfishError for a deck that can't be read."""
    return compare([Deck(deck_path)], n, seed, jobs, progress, max_turns, disabled, cluster)[0]


def compare(decks: list[Deck], n: int = 1000, seed: int = 0, jobs: int = 1,
            progress: Callable[[int, int], None] | None = None, max_turns: int = MAX_TURNS,
            disabled: Iterable[str] = (), cluster: Any = None) -> list[Results]:
    """Play the same ``n`` seeds with each deck (common random numbers: a difference
    between decks is then not the luck of the shuffle); one Results per deck."""
    disabled = tuple(disabled)
    for d in decks:  # a clear error now rather than n times later
        load_deck(deck_file(d.text) if d.text is not None else d.path, _worker_setup(disabled)["pool"])
    workers = max(1, jobs)
    chunk = max(1, min(100, n // (workers * 8) or 1))
    chunks, owner = [], []
    for k, d in enumerate(decks):
        path, text = d.path, d.text
        if cluster is not None and text is None:
            with open(d.path, encoding="utf-8") as f:
                text = f.read()  # the workers have no file of ours
        elif cluster is None and text is not None:
            path, text = deck_file(text), None
        for i in range(0, n, chunk):
            chunks.append((path, range(seed + i, seed + min(n, i + chunk)), max_turns, disabled, text))
            owner.append(k)
    results = [Results(os.path.abspath(d.path) if d.text is None else d.path, n, seed, workers,
                       max_turns=max_turns, label=d.label, note=d.note) for d in decks]
    total, done = n * len(decks), 0
    t0 = time.perf_counter()
    for k, part in zip(owner, _play(chunks, jobs, disabled, cluster), strict=True):
        results[k].games += part
        done += len(part)
        if progress:
            progress(done, total)
    seconds = time.perf_counter() - t0
    for r in results:
        r.seconds = seconds / len(decks)
    return results


def _play(chunks: list[tuple], jobs: int, disabled: tuple[str, ...], cluster: Any) -> Iterable[list]:
    """Each chunk's games, in the order of ``chunks``: here, over ``jobs`` processes or on
    a Dask cluster."""
    if cluster is not None:
        yield from _on_cluster(chunks, cluster)
    elif jobs <= 1 or len(chunks) <= 1:
        yield from map(_run_chunk, chunks)
    else:
        import multiprocessing as mp  # cost: only when spreading over processes

        fork = "fork" in mp.get_all_start_methods()
        if fork:
            _worker_setup(disabled)  # the children inherit the pool and plugins
            gc.freeze()  # the collector in the children leaves the inherited pages shared
        ctx = mp.get_context("fork" if fork else "spawn")
        try:
            yield from _pooled(ctx, jobs, chunks)  # in order: the same result as one process
        finally:
            gc.unfreeze()


def _on_cluster(chunks: list[tuple], cluster: Any) -> Iterable[list]:
    """Run the chunks on a Dask distributed cluster: ``cluster`` is a scheduler address
    (``tcp://host:8786``) or a ``distributed.Client``.  Each chunk carries its deck
    list's text, so the workers need stackfish installed (with the cards the deck
    names), not our files; the results are read back in submission order."""
    try:
        from distributed import Client
    except ImportError:
        raise StackfishError("--cluster needs Dask distributed: pip install 'stackfish[cluster]'") from None
    client = cluster if isinstance(cluster, Client) else Client(cluster)
    try:
        futures = client.map(_run_chunk, chunks, pure=False)
        for f in futures:
            yield f.result()
    finally:
        if client is not cluster:
            client.close()
