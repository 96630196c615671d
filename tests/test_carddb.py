"""The Scryfall card database: import, lookup, search and what a user sees when it goes wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechanics.model.errors import SourceError, StackfishError
from mechanics.store import carddb
from mechanics.store.carddb import CardDb, CardDbError, default_db_path, import_bulk, lookup, search
from tui.cli import main

DATA = Path(__file__).parent / "data" / "scryfall"
CARDS, TRUNCATED, NOT_ARRAY = DATA / "cards.json", DATA / "truncated.json", DATA / "not-an-array.json"


pytestmark = pytest.mark.usefixtures("own_data_dir")


@pytest.fixture
def db_path(tmp_path) -> Path:
    path = tmp_path / "cards.sqlite3"
    import_bulk(CARDS, path)
    return path


@pytest.fixture
def db(db_path):
    with CardDb(db_path) as opened:
        yield opened


def write_json(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


# --- import ------------------------------------------------------------------------------------


def test_import_counts_one_card_per_name(tmp_path):
    result = import_bulk(CARDS, tmp_path / "cards.sqlite3")
    assert result == 10  # 11 printings, Lightning Bolt twice
    assert (result.skipped, result.duplicates) == (0, 1)
    with CardDb(tmp_path / "cards.sqlite3") as db:
        assert db.names().count("Lightning Bolt") == 1
        assert len(db.names()) == 10
        assert db.info()["source"] == "cards.json"


def test_import_creates_missing_directories(tmp_path):
    path = tmp_path / "deep" / "er" / "cards.sqlite3"
    assert import_bulk(CARDS, path) == 10
    assert lookup(path, "Counterspell")["mana_cost"] == "{U}{U}"


def test_card_is_stripped_to_engine_fields(db):
    bolt = db.lookup("Lightning Bolt")
    assert bolt == {
        "name": "Lightning Bolt", "layout": "normal", "mana_cost": "{R}", "type_line": "Instant",
        "oracle_text": "Lightning Bolt deals 3 damage to any target.", "keywords": [],
        "colors": ["R"], "color_identity": ["R"],
    }
    jace = db.lookup("Jace Beleren")
    assert jace["loyalty"] == "3" and "prices" not in jace and "set" not in jace


def test_two_faced_card_takes_fields_from_its_faces(db):
    delver = db.lookup("Delver of Secrets // Insectile Aberration")
    assert delver["mana_cost"] == "{U}"  # the back face's empty cost is left out
    assert delver["type_line"] == "Creature — Human Wizard // Creature — Human Insect"
    assert delver["oracle_text"].startswith("At the beginning of your upkeep")
    assert delver["oracle_text"].endswith("\n//\nFlying")
    assert [f["name"] for f in delver["card_faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver["card_faces"][1] == {
        "name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
        "oracle_text": "Flying", "power": "3", "toughness": "2", "colors": ["U"],
    }
    assert db.lookup("Fire // Ice")["mana_cost"] == "{1}{R} // {1}{U}"  # top level wins


def test_progress_reports_bytes_and_ends_at_total(tmp_path, monkeypatch):
    monkeypatch.setattr(carddb, "PROGRESS_EVERY", 3)
    calls: list[tuple[int, int]] = []
    import_bulk(CARDS, tmp_path / "c.sqlite3", progress=lambda done, total: calls.append((done, total)))
    size = CARDS.stat().st_size
    assert len(calls) == 11 // 3 + 1
    assert all(total == size and 0 < done <= size for done, total in calls)
    assert calls[-1] == (size, size)


def test_non_cards_and_nameless_cards_are_skipped(tmp_path):
    items = [
        {"object": "card", "name": "Llanowar Elves", "mana_cost": "{G}"},
        {"object": "related_card", "name": "Elf Warrior"},
        {"object": "card", "mana_cost": "{1}"},
        {"object": "card", "name": "   "},
        {"object": "card", "name": None},
        42, None, "Lightning Bolt", [],
        {"name": "Counterspell", "power": 2, "keywords": "Flying", "colors": ["U", 7]},
    ]
    result = import_bulk(write_json(tmp_path / "odd.json", items), tmp_path / "c.sqlite3")
    assert (result, result.skipped) == (2, 8)
    counterspell = lookup(tmp_path / "c.sqlite3", "counterspell")
    assert counterspell == {"name": "Counterspell", "power": "2", "colors": ["U"]}


@pytest.mark.parametrize("items", [[], [{"object": "set", "name": "Alpha"}, 3, {"name": ""}]])
def test_an_import_without_cards_is_refused_and_changes_nothing(db_path, tmp_path, items):
    """Issue 20, finding 5: importing `[]` replaced the whole database with an empty one."""
    with pytest.raises(SourceError, match="no card in the file.*the card database is unchanged"):
        import_bulk(write_json(tmp_path / "empty.json", items), db_path)
    with CardDb(db_path) as db:
        assert len(db.names()) == 10 and db.lookup("Serra Angel")["power"] == "4"


# --- bad input files ---------------------------------------------------------------------------


def test_truncated_file_is_a_source_error(tmp_path):
    with pytest.raises(SourceError) as err:
        import_bulk(TRUNCATED, tmp_path / "c.sqlite3")
    assert err.value.path == str(TRUNCATED) and err.value.line == 0
    assert "invalid or truncated JSON after 3 items (parse error: premature EOF)" in str(err.value)
    assert list(tmp_path.iterdir()) == []  # no database, no temporary file left behind


def test_json_object_is_not_a_bulk_file(tmp_path):
    with pytest.raises(SourceError) as err:
        import_bulk(NOT_ARRAY, tmp_path / "c.sqlite3")
    assert str(err.value) == (
        f"{NOT_ARRAY}: expected a JSON array of card objects (a Scryfall bulk file such as "
        "oracle-cards-*.json), found a JSON object")


@pytest.mark.parametrize(("content", "found"), [
    (b"", "found an empty file"),
    (b"  \n", "found an empty file"),
    (b"<html>", "found text starting b'<'"),
])
def test_other_non_arrays(tmp_path, content, found):
    (tmp_path / "bad.json").write_bytes(content)
    with pytest.raises(SourceError, match=found):
        import_bulk(tmp_path / "bad.json", tmp_path / "c.sqlite3")


@pytest.mark.parametrize("content", [b"[{}, 1,]", b'[{"name": "x"}] trailing', b'[{"name": "\xff"}]'])
def test_invalid_json_is_a_source_error(tmp_path, content):
    (tmp_path / "bad.json").write_bytes(content)
    with pytest.raises(SourceError, match="invalid or truncated JSON"):
        import_bulk(tmp_path / "bad.json", tmp_path / "c.sqlite3")


def test_numbers_beyond_64_bits_are_read(tmp_path):
    (tmp_path / "big.json").write_bytes(b'[{"name": "Big", "power": 123456789012345678901234567890, "cmc": 1e300}]')
    assert import_bulk(tmp_path / "big.json", tmp_path / "c.sqlite3") == 1
    assert lookup(tmp_path / "c.sqlite3", "big")["power"] == "123456789012345678901234567890"


def test_byte_order_mark_is_accepted(tmp_path):
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + CARDS.read_bytes())
    assert import_bulk(tmp_path / "bom.json", tmp_path / "c.sqlite3") == 10


def test_missing_file_is_a_source_error(tmp_path):
    with pytest.raises(SourceError, match="cannot read the Scryfall bulk file: No such file"):
        import_bulk(tmp_path / "nope.json", tmp_path / "c.sqlite3")


# --- a failed import leaves the previous database ---------------------------------------------


def test_failed_import_keeps_previous_database(db_path, tmp_path):
    with pytest.raises(SourceError):
        import_bulk(TRUNCATED, db_path)
    assert lookup(db_path, "Fire // Ice")["type_line"] == "Instant // Instant"
    with CardDb(db_path) as db:
        assert len(db.names()) == 10


def test_import_interrupted_midway_keeps_previous_database(db_path, tmp_path, monkeypatch):
    big = write_json(tmp_path / "big.json", [{"object": "card", "name": f"Token {i}"} for i in range(50)])
    monkeypatch.setattr(carddb, "PROGRESS_EVERY", 10)

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt  # the user pressed Ctrl-C after 10 cards

    with pytest.raises(KeyboardInterrupt):
        import_bulk(big, db_path, progress=interrupt)
    with CardDb(db_path) as db:
        assert db.lookup("Token 1") is None
        assert db.lookup("Serra Angel")["power"] == "4"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json", "cards.sqlite3"]  # no temp file


def test_database_write_failure_is_a_clear_error_and_keeps_previous(db_path, monkeypatch):
    monkeypatch.setattr(carddb, "_FTS", "CREATE TABLE cards(x)")  # fails after all cards are inserted
    with pytest.raises(CardDbError, match="cannot write the card database"):
        import_bulk(CARDS, db_path)
    assert lookup(db_path, "Llanowar Elves")["oracle_text"] == "{T}: Add {G}."
    assert [p.name for p in db_path.parent.iterdir()] == ["cards.sqlite3"]


def test_reimport_replaces_database_under_open_reader(db_path, tmp_path):
    with CardDb(db_path) as old:
        import_bulk(write_json(tmp_path / "one.json", [{"name": "Island"}]), db_path)
        assert old.lookup("Counterspell") is not None  # an open reader keeps its snapshot
    with CardDb(db_path) as db:
        assert db.names() == ["Island"]


# --- lookup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("asked", "found"), [
    ("Lightning Bolt", "Lightning Bolt"),
    ("lightning bolt", "Lightning Bolt"),
    ("  LIGHTNING   BOLT ", "Lightning Bolt"),
    ("Ancestor\u2019s Chosen", "Ancestor's Chosen"),
    ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
    ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
    ("delver of secrets // insectile aberration", "Delver of Secrets // Insectile Aberration"),
    ("Bonecrusher Giant", "Bonecrusher Giant // Stomp"),
    ("Fire", "Fire // Ice"),
])
def test_lookup_finds(db, asked, found):
    assert db.lookup(asked)["name"] == found


@pytest.mark.parametrize("asked", ["Lightning", "Insectile Aberration", "Stomp", "", "Black Lotus"])
def test_lookup_misses(db, asked):
    assert db.lookup(asked) is None


def test_lookup_accepts_path_or_connection(db_path):
    import sqlite3

    with sqlite3.connect(db_path) as conn:
        assert lookup(conn, "counterspell")["name"] == "Counterspell"
    assert lookup(str(db_path), "Counterspell")["name"] == "Counterspell"


def test_blank_front_face_names_are_not_indexed(tmp_path):
    items = [{"name": "A // B", "card_faces": [{"name": "  "}, {"name": "B"}]}]
    path = tmp_path / "c.sqlite3"
    import_bulk(write_json(tmp_path / "f.json", items), path)
    assert lookup(path, "") is None and lookup(path, "a // b")["name"] == "A // B"


def test_full_name_wins_over_a_front_face_alias(tmp_path):
    items = [{"name": "Fire // Ice", "card_faces": [{"name": "Fire"}, {"name": "Ice"}]}, {"name": "Fire"}]
    path = tmp_path / "c.sqlite3"
    import_bulk(write_json(tmp_path / "f.json", items), path)
    assert lookup(path, "Fire")["name"] == "Fire"


# --- search ------------------------------------------------------------------------------------


def names(cards: list[dict]) -> list[str]:
    return [c["name"] for c in cards]


def test_search_name_and_oracle_text(db):
    assert names(db.search("counter target spell")) == ["Counterspell"]
    assert names(db.search("bolt")) == ["Lightning Bolt"]
    assert set(names(db.search("flying"))) == {"Serra Angel", "Delver of Secrets // Insectile Aberration"}
    assert set(names(db.search("damage"))) == {
        "Lightning Bolt", "Fire // Ice", "Bonecrusher Giant // Stomp", "Ancestor's Chosen"}
    assert set(names(db.search("draw"))) == {"Fire // Ice", "Jace Beleren"}  # "draws" too (stemmed)
    assert names(db.search("stomp")) == ["Bonecrusher Giant // Stomp"]  # back face text is indexed
    assert names(db.search("insectile")) == ["Delver of Secrets // Insectile Aberration"]
    assert names(db.search("Lim-Dul")) == ["Lim-Dûl's Vault"]  # diacritics ignored


def test_search_limit(db):
    assert len(db.search("target", limit=2)) == 2
    assert db.search("target", limit=0) == []


@pytest.mark.parametrize("text", ['"', "AND", "OR NOT", "a*", "(", "name:bolt", "-", "NEAR(x y)", "'", "   ", "%", "_"])
def test_search_never_raises_on_fts_syntax(db, text):
    assert isinstance(db.search(text), list)


def test_search_module_function(db_path):
    assert names(search(db_path, "Ancestor\u2019s")) == ["Ancestor's Chosen"]


def test_search_without_fts5_falls_back_to_like(tmp_path, monkeypatch):
    monkeypatch.setattr(carddb, "_fts5_available", lambda conn: False)
    path = tmp_path / "c.sqlite3"
    import_bulk(CARDS, path)
    with CardDb(path) as db:
        assert db.info()["fts5"] == "0"
        assert names(db.search("counter target")) == ["Counterspell"]
        assert names(db.search("BOLT")) == ["Lightning Bolt"]
        assert db.search("100%") == [] and db.search("_") == []


# --- broken databases --------------------------------------------------------------------------


def test_corrupted_database_is_a_clear_error(tmp_path):
    path = tmp_path / "cards.sqlite3"
    path.write_bytes(os.urandom(8192))
    with pytest.raises(CardDbError, match="not a readable stackfish card database.*import the Scryfall bulk file again"):
        CardDb(path)
    with pytest.raises(StackfishError):
        lookup(path, "Lightning Bolt")


def test_corrupted_pages_after_the_header_are_a_clear_error(db_path):
    data = bytearray(db_path.read_bytes())
    data[4096:] = os.urandom(len(data) - 4096)
    db_path.write_bytes(bytes(data))
    with pytest.raises(CardDbError, match="not a readable stackfish card database"):
        with CardDb(db_path) as db:
            db.lookup("Lightning Bolt")
            db.names()


def test_damaged_card_row_is_a_clear_error(db_path):
    import sqlite3

    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE cards SET json = '{oops' WHERE name = 'Counterspell'")
    with CardDb(db_path) as db, pytest.raises(CardDbError, match="not a readable stackfish card database"):
        db.lookup("Counterspell")


def test_other_sqlite_file_is_not_a_card_database(tmp_path):
    import sqlite3

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t(x)")
    with pytest.raises(CardDbError, match="no such table: meta"):
        CardDb(path)


def test_missing_database_says_to_import(tmp_path):
    with pytest.raises(CardDbError, match="no card database here; import a Scryfall bulk file first"):
        CardDb(tmp_path / "absent.sqlite3")


def test_default_db_path_honours_env(tmp_path, monkeypatch):
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(tmp_path / "mine"))
    assert default_db_path() == tmp_path / "mine" / "cards.sqlite3"
    monkeypatch.delenv("STACKFISH_DATA_DIR")
    assert default_db_path().name == "cards.sqlite3" and "stackfish" in str(default_db_path())


# --- any card-shaped input imports without crashing ---------------------------------------------

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
field_names = st.sampled_from([*carddb.TEXT_FIELDS, *carddb.LIST_FIELDS, "card_faces", "object", "cmc", "prices"])
faces = st.lists(st.dictionaries(field_names, values | st.text(max_size=12), max_size=5), max_size=3)
card_dicts = st.dictionaries(field_names, values | st.text(min_size=1, max_size=12) | faces, max_size=10)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(card_dicts | scalars, max_size=8))
def test_arbitrary_card_dicts_never_crash_the_import(items):
    with tempfile.TemporaryDirectory() as tmp:
        src, path = Path(tmp) / "bulk.json", Path(tmp) / "cards.sqlite3"
        write_json(src, items)
        try:
            result = import_bulk(src, path)
        except SourceError as err:  # a file without one named card is refused, importing nothing
            assert "no card in the file" in str(err) and not path.exists()
            return
        assert result + result.skipped + result.duplicates == len(items)
        with CardDb(path) as db:
            assert len(db.names()) == result
            for name in db.names():
                assert db.lookup(name)["name"] == name
                db.search(name)


# --- hostile input and an unwritable data dir (issue 20, findings 4 and 5) ---------------------


@pytest.mark.parametrize("content", [b"[" * 100_000, b"[" * 20_000 + b"]" * 20_000,
                                     b'[{"name": "A", "x": ' + b"{\"a\": " * 50_000 + b"1" + b"}" * 50_000 + b"}]"],
                         ids=["100000-open", "20000-closed", "50000-objects"])
def test_a_nesting_bomb_is_refused_with_bounded_memory(db_path, tmp_path, content):
    """100,000 nested `[` (200 KB) used ~24 GB and was OOM-killed: the streamed parser
    stops at MAX_DEPTH levels.  A child process does it, so that its peak memory can be
    read: well under 200 MB."""
    bomb = tmp_path / "bomb.json"
    bomb.write_bytes(content)
    # the child reports its own peak, VmHWM (kB): ru_maxrss keeps the high-water mark
    # of the pytest worker the child was forked from, even across exec
    code = ("from pathlib import Path\nfrom mechanics.store.carddb import import_bulk\ntry:\n"
            f"    import_bulk({str(bomb)!r}, {str(db_path)!r})\nfinally:\n"
            "    hwm = [x for x in Path('/proc/self/status').read_text().splitlines()\n"
            "           if x.startswith('VmHWM:')]\n"
            "    print(hwm[0].split()[1], flush=True)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parents[1])
    assert out.returncode == 1 and f"nested deeper than {carddb.MAX_DEPTH} levels" in out.stderr
    peak_kb = int(out.stdout.split()[-1])
    assert peak_kb < 200_000, f"peak memory {peak_kb} KB"
    with CardDb(db_path) as db:
        assert len(db.names()) == 10


def test_an_item_too_large_to_be_a_card_is_refused(db_path, tmp_path, monkeypatch):
    monkeypatch.setattr(carddb, "MAX_STRING", 1000)
    write_json(tmp_path / "big.json", [{"name": "Huge", "oracle_text": "x" * 1001}])
    with pytest.raises(SourceError, match="item 1 is not a card: a string of more than 1,000"):
        import_bulk(tmp_path / "big.json", db_path)
    monkeypatch.setattr(carddb, "MAX_ITEM_VALUES", 100)
    write_json(tmp_path / "wide.json", [{"name": "Wide", "keywords": ["k"] * 200}])
    with pytest.raises(SourceError, match="an item of more than 100 values"):
        import_bulk(tmp_path / "wide.json", db_path)
    assert lookup(db_path, "Serra Angel")["power"] == "4"


def test_a_lone_surrogate_and_a_23_digit_number_import_cleanly(tmp_path):
    (tmp_path / "odd.json").write_bytes(b'[{"name": "Bad \\ud800 Name", "power": '
                                        b'12345678901234567890123, "oracle_text": "x \\udc00"}]')
    assert import_bulk(tmp_path / "odd.json", tmp_path / "c.sqlite3") == 1
    card = lookup(tmp_path / "c.sqlite3", "Bad \ufffd Name")
    assert card["power"] == "12345678901234567890123" and card["oracle_text"] == "x \ufffd"


def test_a_data_dir_that_cannot_be_written_is_a_clean_error(db_path, monkeypatch, capsys):
    def refused(*args, **kw):  # noqa: ANN002, ANN003, ANN202
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # as in a read-only directory
    with pytest.raises(CardDbError, match="cannot write the card database: Permission denied"):
        import_bulk(CARDS, db_path)
    monkeypatch.setenv("STACKFISH_DATA_DIR", str(db_path.parent))
    assert main(["cards", "import", str(CARDS)]) == 2
    err = capsys.readouterr().err
    assert "Permission denied" in err and "Traceback" not in err
    assert lookup(db_path, "Serra Angel")["power"] == "4"


def test_the_temp_file_of_a_killed_import_is_deleted_by_the_next(db_path):
    stale = db_path.parent / f".{db_path.name}.k1ll3d.importing"
    stale.write_bytes(b"\0" * 1000)  # what `kill -9` in the middle of an import leaves
    other = db_path.parent / "notes.importing"
    other.write_text("not ours")
    import_bulk(CARDS, db_path)
    assert not stale.exists() and other.exists()
