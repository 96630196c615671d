"""Tests of the deck-list reader: every format, the sniffing, every error a user can see."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechanics.model.errors import DeckError
from mechanics.store.decks import MAX_BYTES, DeckList, parse_deck, read_deck, resolve_names

DECKS = Path(__file__).parent / "data" / "decks"


def total(entries) -> int:
    return sum(e.count for e in entries)


def names(entries) -> list[str]:
    return [e.name for e in entries]


def error_of(text: str) -> str:
    with pytest.raises(DeckError) as caught:
        parse_deck(text, "deck.txt")
    return str(caught.value)


# --- each fixture: sniffed format, board sizes -----------------------------------------------

FIXTURES = [
    # file, format, main total, sideboard total, commander names, companion names
    ("arena.txt", "arena", 60, 15, [], ["Lurrus of the Dream-Den"]),
    ("arena_crlf_bom.txt", "arena", 22, 2, [], []),
    ("mtgo.txt", "mtgo", 60, 15, [], []),
    ("mtgo.dek", "mtgo-dek", 60, 15, [], []),
    ("moxfield.txt", "moxfield", 51, 1, ["Atraxa, Praetors' Voice"], []),
    ("archidekt.txt", "archidekt", 23, 1, ["Atraxa, Praetors' Voice"], []),
    ("cockatrice.cod", "cockatrice", 60, 5, [], []),
    ("forge.dck", "forge", 45, 5, ["Atraxa, Praetors' Voice"], []),
    ("xmage.dck", "xmage", 32, 5, [], []),
]


@pytest.mark.parametrize(("file", "fmt", "main", "side", "commander", "companion"), FIXTURES)
def test_fixture_parses_to_the_right_boards(file, fmt, main, side, commander, companion):
    deck = read_deck(DECKS / file)
    assert isinstance(deck, DeckList)
    assert deck.format == fmt
    assert deck.path == str(DECKS / file)
    assert (total(deck.main), total(deck.sideboard)) == (main, side)
    assert names(deck.commander) == commander
    assert names(deck.companion) == companion


@pytest.mark.parametrize(("file", "fmt", "main", "side", "commander", "companion"), FIXTURES)
def test_sniffing_ignores_the_extension(tmp_path, file, fmt, main, side, commander, companion):
    moved = tmp_path / "deck.txt"
    moved.write_bytes((DECKS / file).read_bytes())
    assert read_deck(moved).format == fmt


def test_arena_sections_names_and_lines():
    deck = read_deck(DECKS / "arena.txt")
    assert deck.main[0].count == 4 and deck.main[0].name == "Monastery Swiftspear"
    assert deck.main[0].line == 8
    assert "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki" in names(deck.main)
    assert "Reckless Charge" in names(deck.main)  # "(ODY) 214 *F*" stripped
    assert names(deck.sideboard)[0] == "Abrade" and deck.sideboard[0].line == 21
    assert "Mono-Red Aggro" not in " ".join(names(deck.main))  # the About block is not a card


def test_an_arena_name_line_pasted_without_its_about_header_is_not_a_card():
    deck = parse_deck("Name Ogres\n\nDeck\n20 Mountain\n40 Gray Ogre\n", "pasted")
    assert deck.format == "arena" and names(deck.main) == ["Mountain", "Gray Ogre"]
    with pytest.raises(DeckError, match="pasted:3"):  # after the first card it is a bad line
        parse_deck("Deck\n20 Mountain\nName Ogres\n", "pasted")


def test_crlf_bom_curly_apostrophes_and_spacing():
    deck = read_deck(DECKS / "arena_crlf_bom.txt")
    assert names(deck.main) == [
        "Thrummingbird",
        "Vexing Radgull",
        "Urza's Saga",
        "Jace, Vryn's Prodigy // Jace, Telepath Unbound",
        "Island",
    ]
    assert [e.line for e in deck.main] == [2, 3, 4, 5, 6]
    assert names(deck.sideboard) == ["Negate"]  # lower-case "sideboard" header


def test_mtgo_blank_line_starts_the_sideboard():
    deck = read_deck(DECKS / "mtgo.txt")
    assert names(deck.main)[:2] == ["Goblin Guide", "Monastery Swiftspear"]
    assert "Fire // Ice" in names(deck.main)
    assert names(deck.sideboard)[0] == "Path to Exile" and deck.sideboard[0].line == 17


def test_mtgo_dek_reads_attributes_and_lines():
    deck = read_deck(DECKS / "mtgo.dek")
    assert (deck.main[0].count, deck.main[0].name, deck.main[0].line) == (4, "Delver of Secrets", 5)
    assert names(deck.sideboard) == ["Hydroblast", "Pyroblast", "Annul", "Fiery Cannonade", "Dispel"]


def test_moxfield_strips_set_foil_and_tags():
    deck = read_deck(DECKS / "moxfield.txt")
    assert names(deck.main)[:4] == [
        "Sol Ring",
        "Arcane Denial",
        "Swords to Plowshares",
        "The Watcher in the Water",
    ]
    assert names(deck.sideboard) == ["Tezzeret's Gambit"]


def test_archidekt_categories_pick_the_board_and_drop_the_maybeboard():
    deck = read_deck(DECKS / "archidekt.txt")
    assert names(deck.sideboard) == ["Swords to Plowshares"]
    assert "Doubling Season" not in names(deck.main + deck.sideboard)
    assert "Cultivate" in names(deck.main)
    assert deck.main[-1].count == 8 and deck.main[-1].name == "Island"


def test_cockatrice_zones_and_dropped_tokens():
    deck = read_deck(DECKS / "cockatrice.cod")
    assert names(deck.sideboard) == ["Negate", "Plummet"]
    assert "Shark" not in names(deck.main + deck.sideboard)
    assert deck.main[1].name == "Cloudfin Raptor" and deck.main[1].line == 13


def test_forge_sections_set_codes_and_comments():
    deck = read_deck(DECKS / "forge.dck")
    assert names(deck.main)[:2] == ["Experiment One", "Cloudfin Raptor"]
    assert "Renegade Krasis" in names(deck.main)
    assert names(deck.sideboard) == ["Negate", "Plummet"]  # "[sideboard]" in lower case


def test_xmage_set_brackets_sideboard_prefix_and_layout_lines():
    deck = read_deck(DECKS / "xmage.dck")
    assert names(deck.main)[0] == "Dragon's Rage Channeler"
    assert "Fire // Ice" in names(deck.main)
    assert names(deck.sideboard) == ["Negate", "Abrade"]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("4 Lightning Bolt\n20 Mountain", "mtgo"),
        ("4 Lightning Bolt (M11) 146\n20 Mountain", "arena"),
        ("Deck\n4 Lightning Bolt", "arena"),
        ("4 Lightning Bolt\nSideboard\n2 Negate", "mtgo"),
        ("4 Lightning Bolt #burn", "moxfield"),
        ("Sideboard:\n4 Lightning Bolt", "moxfield"),
        ("1 Sol Ring *F*", "moxfield"),
        ("1x Sol Ring (c21) 263 [Ramp]", "archidekt"),
        ("[Main]\n4 Lightning Bolt|M11", "forge"),
        ("4 [M11:146] Lightning Bolt", "xmage"),
        ('<Deck><Cards Quantity="4" Name="Lightning Bolt"/></Deck>', "mtgo-dek"),
        ('<cockatrice_deck><zone name="main"><card number="4" name="Opt"/></zone></cockatrice_deck>', "cockatrice"),
    ],
)
def test_sniffing_by_content(text, fmt):
    assert parse_deck(text).format == fmt


def test_count_forms_pastebin_dashes_and_sb_prefix():
    deck = parse_deck("4x Lightning Bolt\n3 x Shock\n- 2 Opt\nSB: 1 Negate\n2 Fire//Ice\n1 Xenagos, the Reveler")
    assert [(e.count, e.name) for e in deck.main] == [
        (4, "Lightning Bolt"),
        (3, "Shock"),
        (2, "Opt"),
        (2, "Fire // Ice"),
        (1, "Xenagos, the Reveler"),
    ]
    assert [(e.count, e.name) for e in deck.sideboard] == [(1, "Negate")]


def test_commander_and_companion_sections_any_case():
    deck = parse_deck("COMMANDER\n1 Atraxa, Praetors' Voice\n\ncompanion\n1 Jegantha, the Wellspring\n\nDECK\n1 Sol Ring")
    assert names(deck.commander) == ["Atraxa, Praetors' Voice"]
    assert names(deck.companion) == ["Jegantha, the Wellspring"]
    assert names(deck.main) == ["Sol Ring"] and deck.sideboard == ()


def test_names_with_parentheses_are_not_set_codes():
    deck = parse_deck("1 Erase (Not the Urza's Legacy One)\n1 B.F.M. (Big Furry Monster) (UGL) 28")
    assert names(deck.main) == ["Erase (Not the Urza's Legacy One)", "B.F.M. (Big Furry Monster)"]


# --- errors: the line number and the message a user sees ------------------------------------

@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "deck.txt: the deck has no cards"),
        ("// just a comment\n\n", "deck.txt: the deck has no cards"),
        ("1x Sol Ring [Maybeboard]", "deck.txt: the deck has no cards"),
        ("<Deck>\n</Deck>", "deck.txt: the deck has no cards"),
        ("4 Lightning Bolt\n0 Shock", "deck.txt:2: count '0' must be at least 1 in '0 Shock'"),
        ("4 Lightning Bolt\n\n-2 Shock", "deck.txt:3: count '-2' must be at least 1 in '-2 Shock'"),
        (
            "four Lightning Bolt",
            "deck.txt:1: count 'four' is not a number in 'four Lightning Bolt';"
            " expected a line like '4 Lightning Bolt'",
        ),
        ("Deck\n1001 Island", "deck.txt:2: count '1001' is more than 1000 in '1001 Island'"),
        ("4 Opt\n" + "9" * 5000 + " Island", "deck.txt:2: count '" + "9" * 57 + "...' is more than 1000 in '" + "9" * 57 + "...'"),
        ("4 Opt\nLightning", "deck.txt:2: 'Lightning' is not a card line; expected a line like '4 Lightning Bolt'"),
        ("Deck\n4 (M11) 146", "deck.txt:2: no card name in '4 (M11) 146'; expected a line like '4 Lightning Bolt (M11) 146'"),
        (
            "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|M11\n[Quest]\n",
            "deck.txt:5: unknown section '[Quest]'; expected [Main], [Sideboard], [Commander] or [metadata]",
        ),
        (
            "[Main]\n4 Lightning Bolt|M11\nShock|M19",
            "deck.txt:3: 'Shock|M19' is not a card line; expected a line like '4 Lightning Bolt|M11'",
        ),
        (
            "NAME:Burn\n4 [M11:146] Lightning Bolt\nSB: two [M19:156] Shock",
            "deck.txt:3: count 'two' is not a number in 'two [M19:156] Shock';"
            " expected a line like '4 [M11:146] Lightning Bolt'",
        ),
        ('<Deck>\n  <Cards Quantity="0" Name="Opt"/>\n</Deck>', "deck.txt:2: Quantity '0' must be at least 1 for 'Opt'"),
        (
            '<Deck>\n  <Cards CatID="1" Quantity="4" Name=""/>\n</Deck>',
            'deck.txt:2: <Cards> has no Name="..."; this reader needs card names',
        ),
        (
            '<cockatrice_deck>\n<zone name="main">\n<card number="x" name="Opt"/>\n</zone>\n</cockatrice_deck>',
            "deck.txt:3: number 'x' is not a number for 'Opt'",
        ),
        ('<Deck>\n  <Cards Quantity="4" Name="Opt">\n</Deck>', "deck.txt:3: the XML does not parse: mismatched tag"),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<Deck/>',
            "deck.txt:2: DOCTYPE and ENTITY declarations are not allowed in a deck file",
        ),
        (
            "<deck/>",
            "deck.txt:1: unknown XML deck <deck>; expected <Deck> (MTGO .dek) or <cockatrice_deck> (Cockatrice .cod)",
        ),
        ("4 Opt\0", "deck.txt: this is a binary file (it contains NUL bytes), not a deck list"),
    ],
)
def test_error_line_and_message(text, message):
    assert error_of(text) == message


def test_error_line_counts_crlf_and_bom():
    assert error_of("\ufeffDeck\r\n4 Opt\r\n\r\nO Shock\r\n").startswith("deck.txt:4: count 'O' is not a number")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "{path}: this is a binary file (it contains NUL bytes), not a deck list"),
        (b"4 Opt\n1 Lim-D\xfbl's Vault\n", "{path}:2: the file is not UTF-8 text (byte 0xFB); save it as UTF-8"),
        ("4 Opt\n".encode("utf-16"), "{path}: the file is UTF-16 text; save it as UTF-8"),
        (b"4 Opt\n" * (MAX_BYTES // 6 + 1), "{path}: the file is larger than 5 MB; a deck list is far smaller"),
        (None, "{path}: cannot read the deck file: No such file or directory"),
    ],
    ids=["binary", "latin-1", "utf-16", "over-5-MB", "missing"],
)
def test_read_deck_refuses_unreadable_files(tmp_path, data, message):
    path = tmp_path / "deck.dek"
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(DeckError) as caught:
        read_deck(path)
    assert str(caught.value) == message.format(path=path)


# --- resolve_names ----------------------------------------------------------------------------

CARDS = {"lightning bolt": "Lightning Bolt", "fire // ice": "Fire // Ice", "fire": "Fire // Ice", "shock": "Shock"}
KNOWN = ["Lightning Bolt", "Lightning Helix", "Lightning Strike", "Fire // Ice", "Shock", "Opt"]


def test_resolve_names_maps_to_canonical_names():
    deck = resolve_names(parse_deck("4 lightning bolt\n2 Fire\n\n1 SHOCK"), lambda n: CARDS.get(n.lower()), KNOWN)
    assert [(e.count, e.name, e.line) for e in deck.main] == [(4, "Lightning Bolt", 1), (2, "Fire // Ice", 2)]
    assert [(e.count, e.name, e.line) for e in deck.sideboard] == [(1, "Shock", 4)]


def test_resolve_names_suggests_close_names_for_the_first_unknown_card():
    deck = parse_deck("Deck\n4 Shock\n4 Lightnig Blot\n\nSideboard\n1 Opt\n\nCommander\n1 Zzzz")
    with pytest.raises(DeckError) as caught:
        resolve_names(deck, lambda n: CARDS.get(n.lower()), KNOWN)
    assert str(caught.value) == (
        "<deck>:3: unknown card 'Lightnig Blot'; "
        "did you mean 'Lightning Bolt', 'Lightning Helix' or 'Lightning Strike'?"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("SHOKC", "unknown card 'SHOKC'; did you mean 'Shock'?"),
        ("Qwxyz Plumbus", "unknown card 'Qwxyz Plumbus'"),
    ],
)
def test_resolve_names_with_one_or_no_suggestion(name, message):
    with pytest.raises(DeckError) as caught:
        resolve_names(parse_deck(f"1 {name}", "d.txt"), lambda n: None, KNOWN)
    assert str(caught.value) == f"d.txt:1: {message}"


# --- properties: any input gives a DeckList or a DeckError, never another exception ---------

FRAGMENTS = [
    line
    for path in sorted(DECKS.iterdir())
    for line in path.read_text(encoding="utf-8-sig").splitlines()
] + ["", "SB:", "Sideboard", "[Main]", "<Deck>", "</Deck>", "<!DOCTYPE", "0 Opt", "-1 Opt", "1001 Opt", "4", "x"]

deck_like = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=30), max_size=25).map("\n".join)


@st.composite
def mutated(draw) -> str:
    """A fixture with one character replaced by arbitrary text: near-valid decks."""
    text = draw(st.sampled_from(sorted(DECKS.iterdir()))).read_text(encoding="utf-8-sig")
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(st.text(max_size=5)) + text[at + 1 :]


def _parses_or_deck_error(text: str) -> None:
    try:
        deck = parse_deck(text, "fuzz")
    except DeckError as e:
        assert str(e).startswith("fuzz")
    else:
        assert isinstance(deck, DeckList)
        for entry in deck.main + deck.sideboard + deck.commander + deck.companion:
            assert 1 <= entry.count <= 1000 and entry.name and entry.line >= 1


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text() | deck_like | mutated())
def test_any_text_gives_a_decklist_or_a_deckerror(text):
    _parses_or_deck_error(text)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary() | deck_like.map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_any_bytes_on_disk_give_a_decklist_or_a_deckerror(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.dck"
        path.write_bytes(data)
        try:
            deck = read_deck(path)
        except DeckError as e:
            assert str(e).startswith(str(path))
        else:
            assert isinstance(deck, DeckList)
