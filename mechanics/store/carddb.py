"""A local SQLite card database built from a Scryfall bulk file.

Why: the engine and the TUI need card facts (mana cost, type line, oracle text) for any
card a user names, offline and fast, and Scryfall's bulk files (``oracle-cards`` or
``default-cards``: one JSON array, 100+ MB) are too big to load on each start.
:func:`import_bulk` streams such a file once with ijson (flat memory), keeps one row per
card name stripped to the fields the engine uses, and writes a SQLite file with a
normalised-name index (lookups well under 1 ms) and an FTS5 index over name and oracle
text (LIKE is the fallback without FTS5). It writes a temporary file next to the target
in one transaction and ``os.replace``s it at the end, so a failed or interrupted import
leaves the previous database intact. :class:`CardDb` keeps one read-only connection
open; the module-level :func:`lookup` and :func:`search` open one per call.
:func:`load_user_pool` gives games and deck checks every imported card, then the bundled
pool (a :class:`DbPool` that reads a card from the database the first time it is named).
"""

from __future__ import annotations

import difflib
import glob
import json
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import ijson

try:  # one import at a time (its lock also protects the temp files it cleans)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from ..model.cards import CardDef, CardPool, normalise_name
from ..model.cards import normalise_name as name_key
from ..model.errors import SourceError, StackfishError
from ..model.oracle import load_bundled_pool
from .paths import data_dir, open_regular

try:  # the C backend is ~10x faster than pure Python; fall back when not built
    _ijson = ijson.get_backend("yajl2_c")
except ImportError:  # pragma: no cover - depends on the installed wheel
    _ijson = ijson

SCHEMA_VERSION = "1"
TEXT_FIELDS = ("name", "layout", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty")
LIST_FIELDS = ("keywords", "colors", "color_identity")
FACE_JOINS = (("mana_cost", " // "), ("type_line", " // "), ("oracle_text", "\n//\n"))
PROGRESS_EVERY = 1000
MAX_DEPTH = 32  # a Scryfall card nests 4 levels (array, card, card_faces, face, image_uris)
MAX_ITEM_VALUES = 200_000  # JSON values in one item; the largest real card has a few hundred
MAX_STRING = 1_000_000  # characters in one string; the longest oracle text is under 1,000
_COLUMNS = (*TEXT_FIELDS, *LIST_FIELDS, "card_faces")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'"})

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE cards(
    id INTEGER PRIMARY KEY, name_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, layout TEXT,
    mana_cost TEXT, type_line TEXT, oracle_text TEXT, power TEXT, toughness TEXT, loyalty TEXT,
    keywords TEXT, colors TEXT, color_identity TEXT, card_faces TEXT, json TEXT NOT NULL);
CREATE TABLE aliases(name_key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
"""
_INSERT = (f"INSERT OR IGNORE INTO cards(name_key, {', '.join(_COLUMNS)}, json) "
           f"VALUES ({', '.join('?' * (len(_COLUMNS) + 2))})")
_FTS = ("CREATE VIRTUAL TABLE cards_fts USING fts5(name, oracle_text, content='cards',"
        " content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')")


class CardDbError(StackfishError):
    """The card database is missing, unreadable or corrupted; re-import to fix it."""


class ImportResult(int):
    """The number of cards imported, with ``skipped`` and ``duplicates`` counts attached."""

    skipped: int = 0
    duplicates: int = 0


def default_db_path() -> Path:
    """``$STACKFISH_DATA_DIR/cards.sqlite3``, else the platform's user data dir."""
    return data_dir() / "cards.sqlite3"


def _strip(obj: dict, with_faces: bool = True) -> dict:
    """Keep only the engine's fields, dropping values of the wrong type (numbers become text)."""
    out: dict = {}
    for field in TEXT_FIELDS:
        value = obj.get(field)
        if isinstance(value, str):
            out[field] = _text(value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            out[field] = str(value)
    for field in LIST_FIELDS:
        value = obj.get(field)
        if isinstance(value, list):
            out[field] = [_text(x) for x in value if isinstance(x, str)]
    faces = obj.get("card_faces") if with_faces else None
    if isinstance(faces, list):
        faces = [_strip(face, False) for face in faces if isinstance(face, dict)]
        if faces:
            out["card_faces"] = faces
            for field, sep in FACE_JOINS:  # two-faced cards keep these on their faces
                parts = [face[field] for face in faces if face.get(field)]
                if field not in out and parts:
                    out[field] = sep.join(parts)
    return out


def _text(value: str) -> str:
    """The string as UTF-8 can store it: a lone surrogate (``\\ud800`` in the JSON,
    which the pure-Python parser passes on) becomes U+FFFD, a split pair is joined."""
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _row(card: dict) -> list:
    row = [name_key(card["name"])]
    for field in _COLUMNS:
        value = card.get(field)
        row.append(json.dumps(value, ensure_ascii=False) if isinstance(value, list) else value)
    return [*row, json.dumps(card, ensure_ascii=False)]


def _front_face(card: dict) -> str:
    """``Delver of Secrets`` for ``Delver of Secrets // Insectile Aberration``; else the name."""
    return (card.get("card_faces") or [{}])[0].get("name") or card["name"].split(" // ")[0]


def _fts5_available(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x)")
        conn.execute("DROP TABLE temp.fts5_probe")
        return True
    except sqlite3.OperationalError:
        return False


def _open_source(src: str) -> tuple:
    """Open the bulk file positioned at its opening ``[``; SourceError if it is not an array."""
    try:
        f = open_regular(src)
    except OSError as e:
        raise SourceError(src, 0, f"cannot read the Scryfall bulk file: {e.strerror}") from None
    head = f.read(65536)
    start = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    first = head[start:].lstrip()[:1]
    if first != b"[":
        f.close()
        found = {b"": "an empty file", b"{": "a JSON object"}.get(first, f"text starting {first!r}")
        raise SourceError(src, 0, f"expected a JSON array of card objects (a Scryfall bulk file such as "
                                  f"oracle-cards-*.json), found {found}")
    f.seek(start)
    return f, os.fstat(f.fileno()).st_size


def import_bulk(src_path: str | os.PathLike, db_path: str | os.PathLike,
                progress: Callable[[int, int], None] | None = None) -> int:
    """Import a Scryfall bulk file into a new database at ``db_path``; return the card count.

    Non-card items and cards without a name are skipped (``result.skipped``); later
    printings of a name already seen are ignored (``result.duplicates``). Raises
    SourceError if the file is missing, not a JSON array, invalid/truncated JSON,
    hostile (nested deeper than :data:`MAX_DEPTH`, an item or a string too large) or
    holds no card; CardDbError if the database can't be written.  The database at
    ``db_path`` is then unchanged.  One import runs at a time per directory; it
    deletes the temporary files of imports that were killed.
    """
    src, db_path = os.fspath(src_path), Path(db_path)
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        lock = os.open(db_path.parent, os.O_RDONLY)
    except OSError as e:
        raise CardDbError(f"{db_path.parent}: cannot create the data directory: {e.strerror}") from None
    try:
        if fcntl is not None:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise CardDbError(f"{db_path.parent}: another card import is running") from None
        for stale in db_path.parent.glob(f".{glob.escape(db_path.name)}.*.importing"):
            stale.unlink(missing_ok=True)  # (no import runs: we hold the lock)
        try:
            return _import(src, db_path, progress, _ijson)
        except OverflowError:  # yajl2_c holds 64-bit integers only; the pure-Python parser has no limit
            return _import(src, db_path, progress, ijson.get_backend("python"))
        except OSError as e:  # the temporary file: a read-only directory, a full disk
            raise CardDbError(f"{db_path}: cannot write the card database: {e.strerror or e}") from None
    finally:
        os.close(lock)


class _Hostile(Exception):
    """An item of a bulk file that a card never looks like (too deep, too large)."""


def _items(backend, f) -> Iterator[object]:  # noqa: ANN001
    """The items of the top-level JSON array, built one at a time from the parser's
    events (their prefixes, which ``ijson.items`` builds, cost O(depth) each: a
    nesting bomb of 100,000 ``[`` took gigabytes).  Raises :class:`_Hostile` for
    nesting deeper than MAX_DEPTH, an item of over MAX_ITEM_VALUES values or a string
    longer than MAX_STRING characters."""
    depth, builder, values = 0, None, 0
    for event, value in backend.basic_parse(f, use_float=True):
        if event in ("start_map", "start_array"):
            depth += 1
            if depth > MAX_DEPTH:
                raise _Hostile(f"nested deeper than {MAX_DEPTH} levels")
        elif event in ("end_map", "end_array"):
            depth -= 1
        if builder is None:
            if depth <= 1 and event in ("start_array", "end_array"):
                continue  # the top-level array itself
            builder, values = ijson.ObjectBuilder(), 0
        builder.event(event, value)
        values += 1
        if values > MAX_ITEM_VALUES:
            raise _Hostile(f"an item of more than {MAX_ITEM_VALUES:,} values")
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise _Hostile(f"a string of more than {MAX_STRING:,} characters")
        if depth == 1:  # the item is complete
            yield builder.value
            builder = None


def _import(src: str, db_path: Path, progress: Callable[[int, int], None] | None, backend) -> int:
    f, total = _open_source(src)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{db_path.name}.", suffix=".importing", dir=db_path.parent)
    except OSError:
        f.close()
        raise
    os.close(fd)
    conn = sqlite3.connect(tmp, isolation_level=None)
    result, seen, skipped, duplicates = None, 0, 0, 0
    try:
        conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
        fts = _fts5_available(conn)
        conn.execute("BEGIN")
        try:
            for item in _items(backend, f):
                seen += 1
                if progress and seen % PROGRESS_EVERY == 0:
                    progress(f.tell(), total)
                card = _strip(item) if isinstance(item, dict) and item.get("object", "card") == "card" else {}
                if not name_key(card.get("name", "")):
                    skipped += 1
                    continue
                row = _row(card)
                cur = conn.execute(_INSERT, row)
                if not cur.rowcount:
                    duplicates += 1
                elif (alias := name_key(_front_face(card))) and alias != row[0]:
                    conn.execute("INSERT OR IGNORE INTO aliases VALUES (?, ?)", (alias, cur.lastrowid))
        except ijson.JSONError as e:
            arg = e.args[0] if e.args else ""
            arg = arg.decode("utf-8", "replace") if isinstance(arg, bytes) else str(arg)
            detail = arg.strip().splitlines()[0] if arg.strip() else type(e).__name__
            if "overflow" in detail and backend.backend_name != "python":
                raise OverflowError(detail) from None
            raise SourceError(src, 0, f"invalid or truncated JSON after {seen} items "
                                      f"({detail}); download the bulk file again") from None
        except _Hostile as e:
            raise SourceError(src, 0, f"item {seen + 1} is not a card: {e}; a Scryfall bulk "
                                      "file has none such (nothing was imported)") from None
        count = seen - skipped - duplicates
        if count == 0:
            raise SourceError(src, 0, f"no card in the file ({seen} items, none a named card); "
                                      "the card database is unchanged")
        if fts:
            conn.execute(_FTS)
            conn.execute("INSERT INTO cards_fts(cards_fts) VALUES ('rebuild')")
        meta = {"schema": SCHEMA_VERSION, "source": os.path.basename(src), "cards": count,
                "skipped": skipped, "duplicates": duplicates, "fts5": int(fts)}
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in meta.items()])
        conn.execute("COMMIT")
        conn.close()
        with open(tmp, "rb+") as done:
            os.fsync(done.fileno())
        os.replace(tmp, db_path)
        result = ImportResult(count)
        result.skipped, result.duplicates = skipped, duplicates
    except sqlite3.Error as e:  # e.g. the disk is full
        raise CardDbError(f"{db_path}: cannot write the card database ({e})") from None
    finally:
        f.close()
        if result is None:
            conn.close()
            Path(tmp).unlink(missing_ok=True)
    if progress:
        progress(total, total)
    return result


class CardDb:
    """A read-only connection to a card database, kept open across lookups."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        if not self.path.is_file():
            raise CardDbError(f"{self.path}: no card database here; import a Scryfall bulk file first")
        uri = self.path.resolve().as_uri() + "?mode=ro"
        self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        try:
            self._meta = dict(self._run("SELECT key, value FROM meta"))
            self._run("SELECT id FROM cards LIMIT 1")
            self._fts = bool(self._run("SELECT 1 FROM sqlite_master WHERE name = 'cards_fts'"))
            if self._meta.get("schema") != SCHEMA_VERSION:
                raise CardDbError(f"{self.path}: card database format {self._meta.get('schema')!r} is "
                                  f"not {SCHEMA_VERSION!r}; import the Scryfall bulk file again")
        except CardDbError:
            self._conn.close()
            raise

    def _run(self, sql: str, args: tuple = (), cards: bool = False) -> list:
        return _query(self._conn, sql, args, self.path, cards)

    def lookup(self, name: str) -> dict | None:
        """The card named ``name`` (any case, curly apostrophes, or its front face's name)."""
        return _lookup(self._conn, name, self.path)

    def search(self, text: str, limit: int = 20) -> list[dict]:
        """Cards whose name or oracle text contain every word of ``text``, best first."""
        words = text.translate(_APOSTROPHES).split()
        if not words or limit <= 0:
            return []
        if self._fts:
            match = " ".join('"' + w.replace('"', '""') + '"' for w in words)
            try:
                return self._run("SELECT c.json FROM cards_fts JOIN cards c ON c.id = cards_fts.rowid WHERE "
                                 "cards_fts MATCH ? ORDER BY bm25(cards_fts, 10.0, 1.0) LIMIT ?", (match, limit), True)
            except CardDbError:  # this SQLite lacks FTS5, or the index is damaged: scan instead
                self._fts = False
        like = [w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") for w in words]
        where = " AND ".join(["(name LIKE ? ESCAPE '\\' OR oracle_text LIKE ? ESCAPE '\\')"] * len(like))
        args = tuple(p for w in like for p in (f"%{w}%",) * 2)
        return self._run(f"SELECT json FROM cards WHERE {where} ORDER BY name LIMIT ?", (*args, limit), True)

    def names(self) -> list[str]:
        """Every card name, sorted."""
        return [r[0] for r in self._run("SELECT name FROM cards ORDER BY name")]

    def info(self) -> dict[str, str]:
        """What the import recorded: source file, cards, skipped, duplicates, fts5."""
        return dict(self._meta)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> CardDb:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _query(conn: sqlite3.Connection, sql: str, args: tuple, path: object, cards: bool = False) -> list:
    """Rows of ``sql`` (or, with ``cards``, the first column decoded); CardDbError if damaged."""
    try:
        rows = conn.execute(sql, args).fetchall()
        return [json.loads(r[0]) for r in rows] if cards else rows
    except (sqlite3.DatabaseError, ValueError, TypeError) as e:
        raise CardDbError(f"{path}: not a readable stackfish card database ({e}); "
                          f"delete it and import the Scryfall bulk file again") from None


def _lookup(conn: sqlite3.Connection, name: str, path: object = "card database") -> dict | None:
    key = name_key(name)
    found = _query(conn, "SELECT json FROM cards WHERE name_key = ?", (key,), path, True) or _query(
        conn, "SELECT c.json FROM aliases a JOIN cards c ON c.id = a.card_id WHERE a.name_key = ?", (key,), path, True)
    return found[0] if found else None


def lookup(db_path_or_connection: str | os.PathLike | sqlite3.Connection, name: str) -> dict | None:
    """Exact, case-insensitive name lookup; ``None`` when no card has that name."""
    if isinstance(db_path_or_connection, sqlite3.Connection):
        return _lookup(db_path_or_connection, name)
    with CardDb(db_path_or_connection) as db:
        return db.lookup(name)


def search(db_path: str | os.PathLike, text: str, limit: int = 20) -> list[dict]:
    """Full-text search over names and oracle text; see :meth:`CardDb.search`."""
    with CardDb(db_path) as db:
        return db.search(text, limit)


# --- the user's pool: bundled cards first, then the imported database -----------------------


class DbPool(CardPool):
    """A card pool: cards added to it, then the cards of a card database, then ``fallback``
    (the bundled pool).

    An imported Scryfall bulk file is newer than the bundled cards and has every face of
    every card, so its cards win.  ``get`` keeps what it found, so a game reads each
    imported card once.  ``names``, ``suggest``, iteration and ``len`` cover both
    (iteration builds every card: slow).
    """

    def __init__(self, db: CardDb, fallback: CardPool) -> None:
        super().__init__()
        self.db = db
        self.fallback = fallback
        self._absent: set[str] = set()

    def get(self, name: str) -> CardDef | None:
        found = super().get(name)
        if found is not None:
            return found
        key = normalise_name(name)
        stored = None if key in self._absent else self.db.lookup(name)
        if stored is None:
            self._absent.add(key)
            bundled = self.fallback.get(name)
            if bundled is None or bundled.full_name == name:
                return bundled
            stored = self.db.lookup(bundled.full_name)  # a back face's name: the database has its card
            if stored is None:
                return bundled
        card = CardDef.from_scryfall(stored)
        self.add(card)
        self._by_key[key] = card  # also under the name it was asked by (a face, an accent-free form)
        return card

    def names(self) -> list[str]:
        return sorted({*self.fallback.names(), *(_front_face({"name": n}) for n in self.db.names())})

    def suggest(self, name: str, n: int = 3) -> list[str]:
        keys = {name_key(x): x for x in self.names()}
        return [keys[k] for k in difflib.get_close_matches(name_key(name), list(keys), n=n, cutoff=0.5)]

    def __iter__(self) -> Iterator[CardDef]:
        seen = set()
        for name in self.names():
            card = self.get(name)
            if card is not None and card.name not in seen:
                seen.add(card.name)
                yield card

    def __len__(self) -> int:
        return sum(1 for _ in self)


def load_user_pool(db_path: str | os.PathLike | None = None) -> CardPool:
    """The pool a player's games and decks use: every card in the user's card database
    (``default_db_path()`` unless given) when there is one, then the bundled cards.

    Imported cards are read lazily (see :class:`DbPool`); a card whose text the engine and
    plugins don't fully implement is manual, like any other. Raises :class:`CardDbError`
    if the database exists but cannot be read.
    """
    bundled = load_bundled_pool()
    path = Path(db_path) if db_path is not None else default_db_path()
    if not path.is_file():
        return bundled
    return DbPool(CardDb(path), bundled)
