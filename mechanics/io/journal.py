"""Game journals: every action written to disk as it is played.

A journal is a scenario file (``docs/scenario-format.md``): each successful
``game.play(action)`` appends ``str(action)``, each ``game.undo(n)`` appends
``undo N``.  Each line is written to the file (``os.write``, no user-space
buffer) before ``play`` returns, so killing the process at any moment loses at
most the action being applied; each line is then fsynced (``fdatasync``) by a
background thread, so a power cut loses at most the last few milliseconds
without the game waiting for the disk (``fsync="inline"`` waits instead).
``stackfish script journal.scenario`` replays it like any scenario.

Layout (under :func:`mechanics.store.paths.data_dir`)::

    games/<ID>/journal.scenario   the journal of an unfinished or finished game
    games/<ID>/p1.deck            a copy of each deck list the game loaded
    saves/<NAME>/...              a named copy of a game's directory (mechanics/io/games.py)

Deck lists are *copied* into the game's directory and the journal says
``deck p1 p1.deck`` (relative to the journal), so a game resumes exactly even
after the original deck file was edited, moved or deleted; the original path
is kept in a comment.

The first lines are comments: ``# stackfish journal 1``, the start date, a
title and the plugins loaded.  Lines starting with ``#!`` are directives that
:func:`~mechanics.io.replay.resume` honours and the scenario runner ignores as comments:

- ``#! game players=N seed=S``: how the Game was constructed;
- ``#! disable-plugin NAME``: a plugin turned off at this point
  (:func:`mechanics.plugin_api.isolation.disable_plugin`);
- ``#! over WINNER``: the game ended here.  A journal whose last line is an
  ``over`` marker is finished; any other is listed by
  :func:`mechanics.io.games.unfinished`.

Reading a journal back and resuming its game: :mod:`mechanics.io.replay`.
"""

from __future__ import annotations

import datetime as _dt
import os
import pickle
import secrets
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..model.actions import DeckCmd
from ..model.errors import StackfishError
from ..store.paths import data_dir

try:  # advisory locks: one session per game (SSH sessions share the data dir)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

JOURNAL = "journal.scenario"
HEADER = "# stackfish journal 1"
_sync = getattr(os, "fdatasync", os.fsync)


class JournalWarning(UserWarning):
    """Something in a journal was skipped (a torn last line)."""


class JournalError(StackfishError):
    """A game, a save or a journal that cannot be found, opened or written;
    ``reason`` is the short why (the system's words) when there is one."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


def games_dir(root: str | os.PathLike | None = None) -> Path:
    return Path(root) if root is not None else data_dir() / "games"


def saves_dir(root: str | os.PathLike | None = None) -> Path:
    return Path(root) if root is not None else data_dir() / "saves"


def new_id() -> str:
    """A sortable, unique game id: ``20261129-141503-3fa2``."""
    now = _dt.datetime.now(_dt.UTC)
    return f"{now:%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


# ====================================================================== writing
class _Syncer:
    """A background thread that fsyncs a file after each write, coalescing bursts."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.cond = threading.Condition()
        self.wanted = self.done = 0
        self.stopping = False
        self.error: OSError | None = None
        self.thread = threading.Thread(target=self._run, name="stackfish-journal-sync",
                                       daemon=True)
        self.thread.start()

    def request(self) -> None:
        with self.cond:
            self.wanted += 1
            self.cond.notify_all()

    def wait(self) -> None:
        """Until every line written so far is on disk."""
        with self.cond:
            self.cond.wait_for(lambda: self.done >= self.wanted or self.error is not None)

    def stop(self) -> None:
        with self.cond:
            self.stopping = True
            self.cond.notify_all()
        self.thread.join()

    def _run(self) -> None:
        while True:
            with self.cond:
                self.cond.wait_for(lambda: self.wanted > self.done or self.stopping)
                target, stopping = self.wanted, self.stopping
            if target > self.done:
                try:
                    _sync(self.fd)
                except OSError as exc:
                    self.error = exc
                with self.cond:
                    self.done = target
                    self.cond.notify_all()
            elif stopping:
                return


class Journal:
    """Appends a game's actions to ``DIRECTORY/journal.scenario``, one fsynced line each.

    Opening one takes the game's lock (one session per game).  Attach it with
    :meth:`create` (a new journal for a game, including the actions it has already
    played) or, for an existing journal, open it, :func:`resume` with it and
    :meth:`attach` (:func:`mechanics.io.games.open_or_resume` does both).  The Game calls
    the journal after every successful play (``journal(action)``) and undo
    (``journal(("undo", n))``).

    A write that fails (a full disk, a read-only directory) is reported through
    ``warnings`` and in ``self.error``, which stays set while the game isn't saved;
    the game goes on, its unwritten lines are kept, and every later action (or
    :meth:`retry`) first cuts what the failed write left and writes them all again,
    so the file never holds a partial line followed by another.

    Args:
        fsync: ``True`` (the default): each line is fsynced by a background thread
            right after it is written; ``"inline"``: before ``play`` returns;
            ``False``: never (tests of speed).
        create: create the file when there is none (a new game).
    """

    #: writes bytes to a file descriptor, returning how many (tests inject failures here)
    writer: Callable[[int, bytes], int] = staticmethod(os.write)

    def __init__(self, directory: str | os.PathLike, fsync: bool | str = True,
                 create: bool = True) -> None:
        self.directory = Path(directory)
        self.path = self.directory / JOURNAL
        self.fsync = fsync
        self.error = ""
        """Why the game is not being saved, or ``""`` while it is."""
        self.backlog: list[bytes] = []  # lines not yet written (a write failed)
        self.game: Any = None
        self.over = False
        flags = os.O_WRONLY | os.O_APPEND | (os.O_CREAT if create else 0)
        try:
            self.fd = os.open(self.path, flags, 0o644)
        except OSError as exc:
            raise JournalError(f"cannot open the journal {self.path}: {exc.strerror}",
                               exc.strerror) from None
        if fcntl is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(self.fd)
                raise JournalError(f"{self.path}: the game is open in another session") from None
        self.size = os.fstat(self.fd).st_size  # where the last whole line ends
        self.syncer = _Syncer(self.fd) if fsync is True else None

    @property
    def id(self) -> str:
        return self.directory.name

    # ------------------------------------------------------------ attaching
    @classmethod
    def create(cls, game: Any, root: str | os.PathLike | None = None, title: str = "",
               game_id: str | None = None, fsync: bool | str = True) -> Journal:
        """Start the journal of ``game`` in a new directory under ``root`` (the data
        dir's ``games``): the header, every action the game has played so far, then
        one line per action from now on."""
        directory = games_dir(root) / (game_id or new_id())
        try:
            directory.mkdir(parents=True, exist_ok=False)
        except OSError as exc:
            raise JournalError(f"cannot create the game's directory {directory}: "
                               f"{exc.strerror}", exc.strerror) from None
        journal = cls(directory, fsync)
        first = game.state
        if game.history:
            first = pickle.loads(game.history[0][1]) if game.history[0][1] else game.state
        plugins = sorted(n for n, p in game.pm.list_name_plugin() if p is not None)
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines = [HEADER, f"# started {stamp}"]
        if title:
            lines.append(f"# title {' '.join(title.split())}")
        lines += [f"# plugins {', '.join(plugins) or '(none)'}",
                  f"#! game players={len(first.players)} seed={first.seed}"]
        journal.write(lines, sync=False)
        journal.game = game
        for action in game.journal:
            journal(action, sync=False)
        journal.write([])  # one sync for the header and the history
        game.observers.append(journal)
        return journal

    def attach(self, game: Any) -> Journal:
        """Journal ``game``'s actions from now on (one resumed from it)."""
        self.game = game
        self.over = bool(game.state.over)
        game.observers.append(self)
        return self

    def cut(self, offset: int) -> Path:
        """Truncate the journal to its first ``offset`` bytes (a torn end), after
        copying the whole file beside it; returns the copy's path."""
        n = 1
        while (copy := self.path.with_name(JOURNAL + (".torn" if n == 1 else f".{n}.torn"))).exists():
            n += 1
        try:
            write_file(copy, self.path.read_bytes(), self.fsync)
            os.ftruncate(self.fd, offset)
            if self.fsync:
                _sync(self.fd)
        except OSError as exc:
            raise JournalError(f"cannot cut the torn end of {self.path}: {exc}") from None
        self.size = offset
        return copy

    def close(self) -> None:
        """Stop journalling (the file stays: the game can be resumed later)."""
        if self.game is not None and self in self.game.observers:
            self.game.observers.remove(self)
        if self.syncer is not None:
            self.syncer.stop()  # after a last sync of what was written
            self.syncer = None
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def sync(self) -> None:
        """Wait until every line written so far is on disk."""
        if self.syncer is not None:
            self.syncer.wait()
        elif self.fd >= 0 and self.fsync:
            _sync(self.fd)

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ writing
    def __call__(self, event: Any, sync: bool = True) -> None:
        game = self.game
        lines: list[str] = []
        if isinstance(event, tuple):
            kind, arg = event
            if kind == "undo":
                lines.append(f"undo {arg}")
            elif kind == "disable-plugin":
                lines.append(f"#! disable-plugin {arg}")
        elif isinstance(event, DeckCmd):
            lines += self._deck(event)
        else:
            lines.append(str(event))
        over = bool(game is not None and game.state.over)
        if over and not self.over:  # (an undo past the end un-finishes the journal)
            lines.append(f"#! over {game.state.winner or 'draw'}")
        self.over = over
        self.write(lines, sync)

    def _deck(self, action: DeckCmd) -> list[str]:
        base = getattr(self.game, "base_dir", ".") if self.game is not None else "."
        src = os.path.abspath(os.path.join(base, action.path))
        try:
            with open(src, "rb") as f:
                data = f.read()
            name = f"{action.player}.deck"
            n = 1
            while (self.directory / name).exists() and (self.directory / name).read_bytes() != data:
                n += 1
                name = f"{action.player}-{n}.deck"
            if not (self.directory / name).exists():
                write_file(self.directory / name, data, self.fsync)
        except OSError as exc:
            warnings.warn(f"cannot copy the deck list {src}: {exc}; the journal names it "
                          "instead", JournalWarning, stacklevel=3)
            return [str(DeckCmd(action.player, src))]
        return [f"# deck {action.player} from {src}", str(DeckCmd(action.player, name))]

    def write(self, lines: list[str], sync: bool = True) -> None:
        """Append ``lines`` (and any left unwritten by a failed write before them)."""
        if self.fd < 0:
            return
        if lines:
            self.backlog.append(("\n".join(lines) + "\n").encode("utf-8"))
        try:
            if self.backlog:
                if self.error:  # what a failed write left must not prefix the next line
                    os.ftruncate(self.fd, self.size)
                data = b"".join(self.backlog)
                done = 0
                while done < len(data):  # a short write (a signal) writes the rest
                    done += self.writer(self.fd, data[done:])
                self.size += len(data)
                self.backlog.clear()
            if sync and self.syncer is not None:
                if self.syncer.error is not None:
                    error, self.syncer.error = self.syncer.error, None
                    raise error
                self.syncer.request()
            elif sync and self.fsync:
                _sync(self.fd)
        except OSError as exc:
            if not self.error:
                warnings.warn(f"cannot write the journal {self.path}: {exc}; this game is "
                              "not being saved", JournalWarning, stacklevel=3)
            self.error = exc.strerror or str(exc)
            return
        self.error = ""

    def retry(self) -> bool:
        """Write what a failed write left unwritten; whether the game is saved now."""
        if self.error:
            self.write([])
        return not self.error


def write_file(path: Path, data: bytes, fsync: bool | str) -> None:
    """Write a whole file atomically (a temporary file renamed over it)."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def setup_floor(game: Any) -> int:
    """How many leading actions set the game up (``seed``, ``deck``, ``start``...):
    the TUI's undo stops there."""
    n = 0
    for action in game.journal:
        if not getattr(action, "setup", False):
            break
        n += 1
    return n
