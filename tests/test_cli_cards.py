"""``stackfish cards ...`` and deck checks against imported cards: exit codes and printed lines."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from mechanics.play.game import Game
from mechanics.store.carddb import default_db_path, import_bulk
from tui.cli import main

DATA = Path(__file__).parent / "data" / "scryfall"
CARDS, TRUNCATED, NOT_ARRAY = DATA / "cards.json", DATA / "truncated.json", DATA / "not-an-array.json"


pytestmark = pytest.mark.usefixtures("own_data_dir")


@pytest.fixture
def imported() -> Path:
    import_bulk(CARDS, default_db_path())
    return default_db_path()


def run(capsys, *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


# --- cards import -------------------------------------------------------------------------------


def test_import_writes_the_database_and_prints_one_summary_line(capsys, own_data_dir):
    code, out, err = run(capsys, "cards", "import", str(CARDS))
    assert code == 0 and err == []
    assert out == [f"imported 10 cards from {CARDS} into {own_data_dir / 'cards.sqlite3'} "
                   f"(0 skipped, 1 duplicate printings)"]
    assert (own_data_dir / "cards.sqlite3").is_file()


@pytest.mark.parametrize("bad, words", [
    (TRUNCATED, "invalid or truncated JSON"),
    (NOT_ARRAY, "expected a JSON array of card objects"),
    (DATA / "missing.json", "cannot read the Scryfall bulk file"),
])
def test_a_bad_file_is_one_error_line_exit_2_and_keeps_the_old_database(capsys, imported, bad, words):
    before = imported.read_bytes()
    code, out, err = run(capsys, "cards", "import", str(bad))
    assert code == 2 and out == []
    assert len(err) == 1 and err[0].startswith(f"{bad}: ") and words in err[0]
    assert imported.read_bytes() == before


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr("mechanics.store.carddb.PROGRESS_EVERY", 2)
    tty = Tty()
    monkeypatch.setattr("sys.stderr", tty)
    assert main(["cards", "import", str(CARDS)]) == 0
    assert "importing [" in tty.getvalue() and "100%" in tty.getvalue()
    assert tty.getvalue().endswith("\r")  # the bar is wiped before the summary
    assert capsys.readouterr().out.startswith("imported 10 cards")


# --- cards search -------------------------------------------------------------------------------


def test_search_prints_name_cost_and_type_a_line(capsys, imported):
    code, out, err = run(capsys, "cards", "search", "counter", "target", "spell")
    assert code == 0 and err == []
    assert [line.split() for line in out] == [["Counterspell", "{U}{U}", "Instant"]]


def test_search_matches_oracle_text_and_aligns_columns(capsys, imported):
    code, out, _ = run(capsys, "cards", "search", "damage")
    assert code == 0
    names = {line.split("  ")[0].strip() for line in out}
    assert {"Lightning Bolt", "Fire // Ice"} <= names
    assert len({line.index("{") for line in out}) == 1  # costs start in one column


def test_search_limit(capsys, imported):
    code, out, _ = run(capsys, "cards", "search", "-n", "1", "damage")
    assert code == 0 and len(out) == 1


def test_search_without_a_match_exits_1(capsys, imported):
    assert run(capsys, "cards", "search", "xyzzy") == (1, [], ["no card matches 'xyzzy'"])


def test_search_without_a_database_says_to_import(capsys):
    code, out, err = run(capsys, "cards", "search", "bolt")
    assert code == 2 and out == []
    assert len(err) == 1 and "no card database here; import a Scryfall bulk file first" in err[0]


# --- cards --manual / cards list ----------------------------------------------------------------


def listed(out: list[str]) -> dict[str, list[str]]:
    """Card lines and the indented lines under each."""
    cards: dict[str, list[str]] = {}
    last = ""
    for line in out[:-1]:
        if line.startswith("    "):
            cards[last].append(line.strip())
        else:
            last = line
            cards[last] = []
    return cards


def test_cards_lists_every_card_and_what_each_manual_one_leaves(capsys):
    # every bundled card (34,632: slow), so the three listings are read once each
    game = Game()
    code, out, err = run(capsys, "cards")
    everything = listed(out)
    assert code == 0 and err == [] and len(everything) == len(game.pool)
    manual = {}
    for name, lines in everything.items():
        base = name.removesuffix(" (manual)")
        assert (name != base) == game.is_manual(base)
        assert lines == game.manual_phrases(base)
        if name != base:
            manual[base] = lines
    assert "Grizzly Bears" in everything and "Tarmogoyf" in everything  # 604.3: automated
    code, out, _ = run(capsys, "cards", "--manual")
    assert code == 0 and listed(out) == manual
    total = len(everything)
    assert out[-1] == f"{len(manual)} manual, {total - len(manual)} automated of {total} cards"
    code, out, _ = run(capsys, "cards", "list", "--automated")
    assert code == 0 and listed(out) == {n: [] for n in everything if n not in manual and not n.endswith(")")}


def test_manual_and_automated_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["cards", "--manual", "--automated"])
    assert exc.value.code == 2


# --- decks with imported cards ------------------------------------------------------------------

DECK = "4 Jace Beleren\n4 Lim-Dul's Vault\n4 Delver of Secrets\n4 Lightning Bolt\n44 Island\n"


def test_deck_check_accepts_imported_cards(capsys, imported, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 0 and err == [] and out[0] == f"{deck}: mtgo deck, 60 main, 0 sideboard"


def test_deck_check_without_the_database_reads_every_real_card(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 0 and err == [] and out[0] == f"{deck}: mtgo deck, 60 main, 0 sideboard"


def test_deck_check_reads_a_name_with_stray_punctuation_and_says_so(capsys, tmp_path):
    """The Pioneer list's "Polukranos, Reborn" is the card "Polukranos Reborn": the one
    card of that name once punctuation is ignored, so the deck loads, with a note."""
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n3 Polukranos, Reborn\n53 Forest\n")
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 0 and err == []
    assert out[1] == (f"{deck}:2: note: 'Polukranos, Reborn' read as 'Polukranos Reborn' "
                      "(the one card of that name, punctuation aside)")
    deck.write_text("4 Lightning Bolt\n3 Polukranos Reborn\n53 Forest\n")
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 0 and "note" not in out[1]


def test_deck_check_names_every_unknown_card(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Jace Belerem\n4 Lim-Dul's Vaullt\n4 Delver of Secretz\n44 Island\n")
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 2 and out == []
    assert err[0].startswith(f"{deck}:1: unknown card 'Jace Belerem'")
    assert [line.split(": ")[0] for line in err] == [f"{deck}:1", f"{deck}:2", f"{deck}:3"]


def test_deck_check_warns_of_a_small_deck(capsys, imported, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK.replace("44 Island", "40 Island"))
    code, out, err = run(capsys, "deck", "check", str(deck))
    assert code == 0 and err == []
    assert out[1] == f"{deck}: warning: 56 cards in the main deck: a constructed deck has at least 60 (100.2a)"


def test_deck_check_suggests_real_names(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Jace Belerem\n")
    code, _, err = run(capsys, "deck", "check", str(deck))
    assert code == 2 and err[0].startswith(f"{deck}:1: unknown card 'Jace Belerem'; did you mean 'Jace Beleren',")


def test_script_deck_command_loads_imported_cards(capsys, imported, tmp_path):
    (tmp_path / "deck.txt").write_text(DECK)
    scenario = tmp_path / "imported.scenario"
    scenario.write_text('deck p1 deck.txt\nexpect p1 library count 60\n'
                        'battlefield p1 "Jace Beleren" as jace\nexpect jace manual\n')
    assert run(capsys, "script", str(scenario)) == (0, [f"{scenario}: ok"], [])
