"""Two-faced and two-part cards (708-712, 715) with real Scryfall entries that have
``card_faces`` (the bundled data has both faces of transform cards only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mechanics.io.scenario import run_checked
from mechanics.model.errors import IllegalActionError
from mechanics.model.oracle import load_bundled_pool
from mechanics.play.game import Game
from mechanics.store.carddb import import_bulk, load_user_pool

DATA = Path(__file__).parent / "data"
SCENARIOS = sorted((DATA / "faces").glob("*.scenario"))

pytestmark = pytest.mark.usefixtures("own_data_dir")


@pytest.fixture
def pool(tmp_path):
    db = tmp_path / "cards.sqlite3"
    import_bulk(DATA / "scryfall" / "faces.json", db)
    return load_user_pool(db)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_faces_scenario(pool, path):
    run_checked(str(path), lambda **kw: Game(pool=pool, **kw))


def test_every_face_names_the_card_and_all_must_be_automated(pool):
    game = Game(pool=pool)
    assert game.card("Tidechannel Pathway").name == "Tidechannel Pathway"
    assert pool.get("Tidechannel Pathway").name == "Barkchannel Pathway"  # the card: its front
    assert not game.is_manual("Barkchannel Pathway // Tidechannel Pathway")
    # Ulvenwald Oddity's, Fire // Ice's and Bonecrusher Giant // Stomp's faces are each automated;
    # Akki Lavarunner's "flip it" is not (Tok-Tok's "If a red source would deal damage to a player,
    # it deals that much damage plus 1 to that player instead." is): the compiler names the first
    # words it could not read, on the face they are on
    assert not game.is_manual("Ulvenwald Behemoth")
    assert not game.is_manual("Ice")
    assert not game.is_manual("Stomp")
    assert game.manual_phrases("Akki Lavarunner") == ["Akki Lavarunner: flip it."]


def test_an_aftermath_half_is_cast_only_from_the_graveyard(pool):
    # 702.127a: Dawn ("Aftermath (Cast this spell only from your graveyard. Then exile it.)")
    game = Game(pool=pool)
    for line in ("turn p1 main1", 'hand p1 "Dusk // Dawn"', "mana p1 {W}{W}{W}{W}{W}"):
        game.play(line)
    with pytest.raises(IllegalActionError, match="no card that may be cast as 'Dawn' now"):
        game.play("cast p1 Dawn")


def test_the_bundled_front_face_of_a_split_card_leaves_the_other_half_unknown():
    game = Game(pool=load_bundled_pool())
    phrases = game.manual_phrases("Fire // Ice")
    assert phrases[-1].startswith("Ice: its text is not in the bundled card data")
    game.play("turn p1 main1")
    game.play('hand p1 "Fire // Ice"')
    with pytest.raises(Exception, match="Ice': its text is not in the bundled card data"):
        game.play("cast p1 Ice")
