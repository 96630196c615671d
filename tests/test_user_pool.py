"""The user's pool: bundled cards plus every imported card, read lazily from the database."""

from __future__ import annotations

from pathlib import Path

import pytest

from mechanics.io.scenario import run_checked
from mechanics.model.oracle import BundledPool, load_bundled_pool
from mechanics.play.game import Game
from mechanics.store.carddb import CardDbError, DbPool, import_bulk, load_user_pool

CARDS = Path(__file__).parent / "data" / "scryfall" / "cards.json"


pytestmark = pytest.mark.usefixtures("own_data_dir")


@pytest.fixture
def pool(tmp_path) -> DbPool:
    db = tmp_path / "cards.sqlite3"
    import_bulk(CARDS, db)
    got = load_user_pool(db)
    assert isinstance(got, DbPool)
    return got


def test_without_a_database_it_is_the_bundled_pool_of_every_real_card():
    pool = load_user_pool()
    assert type(pool) is BundledPool
    assert pool.get("Simic Charm").mana_cost == "{G}{U}"  # any real card, no import step
    assert pool.get("jace beleren").loyalty == 3
    assert pool.get("Lim-Dul's Vault").name == "Lim-Dûl's Vault"


def test_the_default_path_is_used(tmp_path):
    import_bulk(CARDS, tmp_path / "data" / "cards.sqlite3")
    assert "Jace Beleren" in load_user_pool()


def test_imported_cards_are_read_once_and_kept(pool):
    jace = pool.get("jace beleren")
    assert jace.name == "Jace Beleren" and jace.loyalty == 3 and jace.is_type("Planeswalker")
    assert pool.get("Jace Beleren") is jace
    assert pool.get("Lim-Dul's Vault").name == "Lim-Dûl's Vault"  # accents need not be typed
    assert pool.get("No Such Card") is None and "No Such Card" not in pool


def test_imported_cards_win(pool):
    # the bundled oracle has only Fire's half; an imported Scryfall file has both (709)
    assert load_bundled_pool().get("Fire // Ice").unknown_faces == ["Ice"]
    fire = pool.get("Ice")
    assert fire.full_name == "Fire // Ice" and [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.unknown_faces == [] and fire.faces[1].mana_cost == "{1}{U}"
    assert pool.get("Simic Charm") is not None  # the bundled cards stay


def test_two_faced_cards_use_their_front_face(pool):
    delver = pool.get("Delver of Secrets // Insectile Aberration")
    assert pool.get("Delver of Secrets") is delver
    assert (delver.name, delver.mana_cost, delver.power, delver.toughness) == ("Delver of Secrets", "{U}", 1, 1)
    assert delver.type_line == "Creature — Human Wizard"
    assert "//" not in delver.oracle_text and "Flying" not in delver.oracle_text


def test_names_suggest_and_iterate_cover_the_database(pool):
    names = pool.names()
    assert {"Jace Beleren", "Delver of Secrets", "Grizzly Bears"} <= set(names)
    assert len(names) == len(set(names))
    assert pool.suggest("Jace Belerem")[0] == "Jace Beleren"
    cards = list(pool)
    assert len(cards) == len(pool) == len(names)
    assert {c.name for c in cards} == set(names)


def test_imported_cards_play_and_unimplemented_text_is_manual(pool, tmp_path):
    (tmp_path / "deck.txt").write_text("4 Ancestor's Chosen\n4 Delver of Secrets\n4 Llanowar Elves\n")
    scenario = tmp_path / "t.scenario"
    scenario.write_text(
        "deck p1 deck.txt\n"
        "expect p1 library count 12\n"
        "turn p1 main1\n"
        'battlefield p1 "Ancestor\'s Chosen" as chosen\n'
        "expect chosen pt 4/4\n"
        "expect chosen has first strike\n"
        "expect chosen automated\n"
        'battlefield p1 "Jace Beleren" as jace\n'
        "expect jace manual\n"
        'battlefield p1 "Serra Angel" as angel\n'
        "expect angel automated\n")
    game = run_checked(str(scenario), lambda **kw: Game(pool=pool, **kw))
    assert game.behaviour("Jace Beleren").missing == ["[−10]: Target player mills twenty cards."]


def test_an_unreadable_database_is_a_clear_error(tmp_path):
    bad = tmp_path / "cards.sqlite3"
    bad.write_bytes(b"not a database at all" * 100)
    with pytest.raises(CardDbError, match="import the Scryfall bulk file again"):
        load_user_pool(bad)
