"""Game journals: every action written to disk as it is played, and resuming.

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
:func:`resume` honours and the scenario runner ignores as comments:

- ``#! game players=N seed=S``: how the Game was constructed;
- ``#! disable-plugin NAME``: a plugin turned off at this point
  (:func:`mechanics.plugin_api.isolation.disable_plugin`);
- ``#! over WINNER``: the game ended here.  A journal whose last line is an
  ``over`` marker is finished; any other is listed by
  :func:`mechanics.io.games.unfinished`.

:func:`resume` replays a journal into a new Game.  It stops at the first bad
line (no trailing newline, not text, zero-filled, doesn't parse or doesn't
apply).  When no action follows, that is a torn end (the process died or the
disk filled while writing it): it is dropped with a warning and, when the game
is resumed to be played on, cut from the file (a copy of the whole file is
kept as ``journal.scenario.torn``) before anything is appended.  When actions
follow, the journal is damaged: :class:`JournalDamaged` names the file and
line, and resuming with ``repair`` continues from the last good action.
"""

from __future__ import annotations

import datetime as _dt
import os
import pickle
import secrets
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.actions import DeckCmd, parse_action
from ..model.errors import NotationError, SourceError, StackfishError
from ..model.words import split_line
from ..play.game import Game
from ..plugin_api.isolation import disable_plugin
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
            _write_file(copy, self.path.read_bytes(), self.fsync)
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
                _write_file(self.directory / name, data, self.fsync)
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


def _write_file(path: Path, data: bytes, fsync: bool | str) -> None:
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


# ====================================================================== reading
@dataclass
class JournalLine:
    """One line of a journal file: its text (None: not text, e.g. binary or NULs),
    where it starts in the file and whether a newline ends it."""

    number: int
    text: str | None
    start: int
    complete: bool = True


def read_journal(path: str | os.PathLike) -> list[JournalLine]:
    """Every line of a journal, comments kept, the unterminated last one included."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SourceError(str(path), 0, f"cannot read the journal: {exc}") from None
    lines = []
    start = 0
    for number, chunk in enumerate(raw.split(b"\n"), 1):
        complete = start + len(chunk) < len(raw)
        if complete or chunk:
            try:
                text: str | None = chunk.decode("utf-8").rstrip("\r")
                if "\0" in text:
                    text = None
            except UnicodeDecodeError:
                text = None
            lines.append(JournalLine(number, text, start, complete))
        start += len(chunk) + 1
    return lines


def directives(lines: list[JournalLine]) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in lines:
        t = line.text
        if t is None:
            break
        if t.startswith("#! game "):
            for kv in t[8:].split():
                k, _, v = kv.partition("=")
                out[k] = v
        elif t.startswith("# title "):
            out["title"] = t[8:]
        elif t.startswith("# started "):
            out["started"] = t[10:]
        elif t.startswith("# plugins "):
            out["plugins"] = t[10:]
        elif t.strip() and not t.startswith("#"):
            break
    return out


def journal_path(path: str | os.PathLike) -> Path:
    p = Path(path)
    return p / JOURNAL if p.is_dir() else p


class JournalDamaged(SourceError):
    """A journal with a bad line that more actions follow: resuming with ``repair``
    continues from the last good action (``good``: the lines kept)."""

    def __init__(self, path: str, line: int, message: str, good: int) -> None:
        super().__init__(path, line, message)
        self.good = good


def _kept(text: str) -> bool:
    """Whether a journal line is replayed (an action or a directive resume honours)."""
    return bool(text.strip()) and (not text.lstrip().startswith("#") or
                                   text.startswith("#! disable-plugin "))


def _is_action(line: JournalLine) -> bool:
    if not line.complete or line.text is None or not _kept(line.text):
        return False
    try:
        parse_action(line.text)
    except NotationError:
        return line.text.startswith("#! disable-plugin ")
    return True


def resume(path: str | os.PathLike, pool: Any = None, plugins: Any = None,
           warn: Callable[[str], None] | None = None, game_factory: Any = None, *,
           journal: Journal | None = None, repair: bool = False) -> Any:
    """Replay a journal (a file, or a game's directory) into a new Game.

    The replay stops at the first line that is not text, has no newline, doesn't
    parse or can't be applied.  When no action follows it, it is a torn end (the
    process died, or the disk filled, while writing it): it is dropped with a
    warning.  When actions follow, the journal is damaged: :class:`JournalDamaged`
    says where, unless ``repair`` continues from the last good action.

    Args:
        pool: the card pool (the bundled one by default).
        plugins: a plugin manager (every installed plugin by default).
        warn: called with each warning (a dropped torn end); default ``warnings.warn``.
        journal: the game's :class:`Journal`, opened (and so locked) before reading:
            a dropped end is then cut from the file, after a copy of the whole file
            is kept beside it (``journal.scenario.torn``), so the next action is never
            appended onto a partial line; a deleted deck copy is written again.
        repair: drop a bad line and everything after it too when actions follow.

    Raises:
        SourceError: ``FILE:LINE: ...`` for a journal that cannot be read or whose
            header is bad; :class:`JournalDamaged` for a bad line actions follow.
    """
    path = journal_path(path)
    warn = warn or (lambda m: warnings.warn(m, JournalWarning, stacklevel=3))
    lines = read_journal(path)
    limit, bad = len(lines), None
    while True:
        game, first, applied = _replay(path, lines[:limit], pool, plugins, warn, game_factory,
                                       journal)
        bad = first or bad
        if applied:
            break
        limit = first[0]  # a line that doesn't apply: replay only what comes before it
    if bad is None:
        return game
    index, reason = bad
    line = lines[index]
    good = next((ln.number for ln in reversed(lines[:index]) if ln.text and _kept(ln.text)), 0)
    where = f"the last good action is line {good}" if good else "no action before it"
    if any(_is_action(ln) for ln in lines[index + 1:]) and not repair:
        raise JournalDamaged(str(path), line.number, f"{reason}; the journal goes on after it, "
                             f"so it is damaged ({where}): resume it with --repair to continue "
                             "from there (the whole file is kept beside it)", good)
    kept = ""
    if journal is not None:
        kept = f"; the whole file is kept as {journal.cut(line.start).name}"
    what = "a torn last line" if index + 1 >= len(lines) else "the torn end of the journal"
    warn(f"{path}:{line.number}: dropped {what} ({reason}): the game stopped while "
         f"writing it{kept}")
    return game


def _replay(path: Path, lines: list[JournalLine], pool: Any, plugins: Any,
            warn: Callable[[str], None], game_factory: Any,
            journal: Journal | None) -> tuple[Any, tuple[int, str] | None, bool]:
    """A new Game with the journal's ``lines`` replayed; the index of the first bad line
    (with why) or None; whether every action before it applied (else that is the bad
    line, and what comes before it must be replayed again without what it undoes)."""
    head = directives(lines)
    kw: dict[str, Any] = {"base_dir": str(path.parent)}
    try:
        kw["players"] = int(head.get("players", 2))
        kw["seed"] = int(head.get("seed", 0))
        if not 1 <= kw["players"] <= 8:  # as the `players` command
            raise ValueError
    except ValueError:
        raise SourceError(str(path), 0, "a bad '#! game' line in the header") from None
    if pool is not None:
        kw["pool"] = pool
    if plugins is not None:
        kw["plugins"] = plugins
    game = (game_factory or Game)(**kw)
    if "plugins" in head:
        then = {n.strip() for n in head["plugins"].split(",") if not n.strip().isdigit()}
        then -= {"(none)", ""}
        now = {n for n, p in game.pm.list_name_plugin() if p is not None and not n.isdigit()}
        if then != now:  # (unnamed inline plugins of tests are not compared)
            warn(f"{path}: written with the plugins {', '.join(sorted(then)) or '(none)'}; "
                 f"now loaded: {', '.join(sorted(now)) or '(none)'} (the game may not replay)")
    # Undo lines are applied to the list of actions, not to a game: what an undo takes
    # back is never replayed (an undo restores exactly the position before the action),
    # so resuming costs the actions kept, not every action ever tried.
    seq: list[tuple[int, Any]] = []  # (index in lines, an Action or a plugin name to disable)
    kept = 0
    copied_from: dict[str, str] = {}  # player -> the original deck path a comment records
    bad: tuple[int, str] | None = None
    for k, line in enumerate(lines):
        text = line.text
        if text is None or not line.complete:
            bad = (k, "not a line of text" if text is None else f"{text[:60]!r} has no newline")
            break
        if text.startswith("# deck ") and " from " in text:
            who, _, src = text[7:].partition(" from ")
            copied_from[who.strip()] = src
        if not _kept(text):
            continue
        try:
            if text.startswith("#! disable-plugin "):
                name = text.removeprefix("#! disable-plugin ").strip()
                if not name:
                    raise NotationError("usage: #! disable-plugin NAME")
                seq.append((k, name))
                continue
            if text.split(None, 1)[0] == "undo":
                n = _undo_count(text)
                if n > kept:
                    raise NotationError(f"there are {kept} actions to undo, not {n}")
                kept -= n
                i = len(seq)
                while n:  # drop the last n actions; a plugin turned off stays off
                    i -= 1
                    if not isinstance(seq[i][1], str):
                        del seq[i]
                        n -= 1
                continue
            action = parse_action(text)
            if isinstance(action, DeckCmd):
                action = _deck_copy(path.parent, action, copied_from, warn, journal)
            seq.append((k, action))
            kept += 1
        except NotationError as exc:
            bad = (k, f"{text[:60]!r}: {exc}")
            break
    for k, item in seq:
        try:
            if isinstance(item, str):
                disable_plugin(game, item)
            else:
                game.play(item)
        except StackfishError as exc:
            return game, (k, f"{lines[k].text}: {exc} (was the journal written with other "
                             "plugins, cards or version?)"), False
    return game, bad, True


def _deck_copy(directory: Path, action: DeckCmd, originals: dict[str, str],
               warn: Callable[[str], None], journal: Journal | None) -> DeckCmd:
    """``deck P p1.deck`` as journalled; when that copy has been deleted, the deck
    path the journal recorded (written back as the copy when the journal is open)."""
    copy = directory / action.path
    src = originals.get(action.player)
    if os.path.isabs(action.path) or copy.exists() or not src or not os.path.isfile(src):
        return action
    warn(f"{copy}: the game's copy of the deck list is missing; using {src}, where it "
         "came from (it may have been edited since)")
    if journal is not None:
        try:
            _write_file(copy, Path(src).read_bytes(), journal.fsync)
        except OSError as exc:
            warn(f"cannot write the deck copy {copy} again: {exc}")
    return DeckCmd(action.player, src)


def _undo_count(text: str) -> int:
    words = split_line(text)
    if len(words) == 1:
        return 1
    if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
        return int(words[1])
    raise NotationError("usage: undo [N]")


def setup_floor(game: Any) -> int:
    """How many leading actions set the game up (``seed``, ``deck``, ``start``...):
    the TUI's undo stops there."""
    n = 0
    for action in game.journal:
        if not getattr(action, "setup", False):
            break
        n += 1
    return n
