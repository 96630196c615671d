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

:func:`resume` replays a journal into a new Game.  A torn last line (no
trailing newline, or a line that does not parse: the process died while writing
it) is dropped with a warning; a bad line anywhere else raises
:class:`SourceError` with ``FILE:LINE``.
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

from ..model.actions import DeckCmd, parse_action, split_line
from ..model.errors import NotationError, SourceError, StackfishError
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
    """A game, a save or a journal that cannot be found, opened or written."""


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

    Attach with :meth:`create` (a new journal for a game, including the actions it
    has already played) or :meth:`reopen` (append to an existing one after
    :func:`resume`).  The Game calls the journal after every successful play
    (``journal(action)``) and undo (``journal(("undo", n))``).  A write that fails
    (disk full) is reported once through ``warnings`` and in ``self.error``; the
    game goes on.

    Args:
        fsync: ``True`` (the default): each line is fsynced by a background thread
            right after it is written; ``"inline"``: before ``play`` returns;
            ``False``: never (tests of speed).
    """

    def __init__(self, directory: str | os.PathLike, fsync: bool | str = True) -> None:
        self.directory = Path(directory)
        self.path = self.directory / JOURNAL
        self.fsync = fsync
        self.error = ""
        self.game: Any = None
        self.over = False
        try:
            self.fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise JournalError(f"cannot open the journal {self.path}: {exc}") from None
        if fcntl is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(self.fd)
                raise JournalError(f"{self.path}: the game is open in another session") from None
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
            raise JournalError(f"cannot create the game's directory {directory}: {exc}") from None
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
        journal.write(lines)
        journal.game = game
        for action in game.journal:
            journal(action, sync=False)
        journal.write([])  # one sync for the header and the history
        game.observers.append(journal)
        return journal

    @classmethod
    def reopen(cls, game: Any, directory: str | os.PathLike, fsync: bool | str = True) -> Journal:
        """Append to the journal in ``directory`` that ``game`` was resumed from."""
        journal = cls(directory, fsync)
        journal.game = game
        journal.over = bool(game.state.over)
        game.observers.append(journal)
        return journal

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
        except OSError as exc:
            self._fail(f"cannot copy the deck list {src}: {exc}; the journal names it instead")
            return [str(DeckCmd(action.player, src))]
        name = f"{action.player}.deck"
        n = 1
        while (self.directory / name).exists() and (self.directory / name).read_bytes() != data:
            n += 1
            name = f"{action.player}-{n}.deck"
        if not (self.directory / name).exists():
            tmp = self.directory / (name + ".tmp")
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                if self.fsync:
                    os.fsync(f.fileno())
            os.replace(tmp, self.directory / name)
        return [f"# deck {action.player} from {src}", str(DeckCmd(action.player, name))]

    def write(self, lines: list[str], sync: bool = True) -> None:
        if self.fd < 0 or self.error:
            return
        try:
            if lines:
                data = ("\n".join(lines) + "\n").encode("utf-8")
                while data:  # a short write (a signal, a full disk) writes the rest
                    data = data[os.write(self.fd, data):]
            if sync and self.syncer is not None:
                if self.syncer.error is not None:
                    raise self.syncer.error
                self.syncer.request()
            elif sync and self.fsync:
                _sync(self.fd)
        except OSError as exc:
            self._fail(f"cannot write the journal {self.path}: {exc}; this game is no "
                       f"longer being saved")

    def _fail(self, message: str) -> None:
        self.error = message
        warnings.warn(message, JournalWarning, stacklevel=3)


# ====================================================================== reading
@dataclass
class JournalLine:
    number: int
    text: str


def read_journal(path: str | os.PathLike) -> tuple[list[JournalLine], list[str]]:
    """The lines of a journal (comments kept) and warnings about a torn last line."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SourceError(str(path), 0, f"cannot read the journal: {exc}") from None
    notes: list[str] = []
    chunks = raw.split(b"\n")
    torn = chunks.pop()  # after the last newline: empty unless the last write was cut
    torn = torn.rstrip(b"\0")  # a crash can leave a zero-filled tail
    if torn:
        notes.append(f"{path}:{len(chunks) + 1}: dropped a torn last line "
                     f"({torn[:60].decode('utf-8', 'replace')!r}): the game stopped while "
                     "writing it")
    lines = []
    for i, chunk in enumerate(chunks, 1):
        try:
            text = chunk.decode("utf-8")
            if "\0" in text:
                raise UnicodeDecodeError("utf-8", chunk, 0, 1, "a NUL byte")
        except UnicodeDecodeError:
            if i == len(chunks) and not torn:
                notes.append(f"{path}:{i}: dropped a torn last line (not text)")
                continue
            raise SourceError(str(path), i, "not a line of text (the journal is corrupted)") from None
        lines.append(JournalLine(i, text.rstrip("\r")))
    return lines, notes


def directives(lines: list[JournalLine]) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in lines:
        t = line.text
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


def resume(path: str | os.PathLike, pool: Any = None, plugins: Any = None,
           warn: Callable[[str], None] | None = None, game_factory: Any = None) -> Any:
    """Replay a journal (a file, or a game's directory) into a new Game.

    Args:
        pool: the card pool (the bundled one by default).
        plugins: a plugin manager (every installed plugin by default).
        warn: called with each warning (a dropped torn line); default ``warnings.warn``.

    Raises:
        SourceError: ``FILE:LINE: ...`` for a line that is not the last and doesn't
            parse or can't be applied (a corrupted journal, or one written with
            other plugins or another version).
    """
    path = journal_path(path)
    lines, notes = read_journal(path)
    warn = warn or (lambda m: warnings.warn(m, JournalWarning, stacklevel=3))
    for note in notes:
        warn(note)
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
    body = [ln for ln in lines if ln.text.strip() and
            (not ln.text.lstrip().startswith("#") or ln.text.startswith("#! disable-plugin "))]
    # Undo lines are applied to the list of actions, not to a game: what an undo takes
    # back is never replayed (an undo restores exactly the position before the action),
    # so resuming costs the actions kept, not every action ever tried.
    seq: list[tuple[JournalLine, Any]] = []  # an Action, or a plugin name to disable
    kept = 0
    for k, line in enumerate(body):
        text = line.text
        try:
            if text.startswith("#! disable-plugin "):
                name = text.removeprefix("#! disable-plugin ").strip()
                if not name:
                    raise NotationError("usage: #! disable-plugin NAME")
                seq.append((line, name))
                continue
            if text.split(None, 1)[0] == "undo":
                n = _undo_count(text)
                if n > kept:
                    raise SourceError(str(path), line.number, f"{text}: there are {kept} "
                                      f"actions to undo, not {n}")
                kept -= n
                i = len(seq)
                while n:  # drop the last n actions; a plugin turned off stays off
                    i -= 1
                    if not isinstance(seq[i][1], str):
                        del seq[i]
                        n -= 1
                continue
            seq.append((line, parse_action(text)))
            kept += 1
        except NotationError as exc:
            if k == len(body) - 1:
                warn(f"{path}:{line.number}: dropped an unreadable last line "
                     f"({text[:60]!r}): {exc}")
                break
            raise SourceError(str(path), line.number, f"{text}: {exc}") from None
    for line, item in seq:
        try:
            if isinstance(item, str):
                disable_plugin(game, item)
            else:
                game.play(item)
        except StackfishError as exc:
            raise SourceError(str(path), line.number,
                              f"{line.text}: {exc} (the journal doesn't replay: was it "
                              "written with other plugins, cards or version?)") from None
    return game


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
