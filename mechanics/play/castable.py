"""What a player may cast or play, and from where: the faces of a card its owner may
cast or play from the zone it is in (the hand; a graveyard with flashback, aftermath or a
permission, 601.3; exile with a permission or after an Adventure, 715.4), and the card an
action names (``cast p1 "Lightning Bolt"``) found among the player's cards.  Casting and
playing lands (:mod:`.perform`), the legal actions and the autopilot ask here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.cards import CardDef, face_names, normalise_name
from ..model.errors import BadReferenceError, IllegalActionError
from ..text.build import UNKNOWN_TEXT
from ..text.effects import PLAY_FROM_EXILE
from .costs import flashback_cost, permitted_alt

if TYPE_CHECKING:
    from .game import Game


def find_in_hand(game: Game, player: str, name: str, zone: str = "hand") -> int:
    """The player's card named ``name`` in ``zone`` (the first), or an error saying what is missing."""
    p = game.player(player)
    card = game.pool.get(name)
    if card is None:
        raise BadReferenceError(game.unknown_card(name))
    for oid in getattr(p, zone):
        if game.state.objs[oid].name == card.name:
            return oid
    raise IllegalActionError(f"{player} has no '{card.name}' in {zone}")


#: layouts of which another face or half may be cast or played from the hand: a split card's
#: halves (709.3), a modal double-faced card's faces (712), an adventurer's Adventure (715.3)
EITHER_FROM_HAND = ("split", "modal_dfc", "adventure")


def castable_faces(game: Game, oid: int) -> list[str]:
    """The names of the faces of card ``oid`` its owner may cast or play from where it is:
    the front from the hand, and any face of :data:`EITHER_FROM_HAND`; an aftermath card's
    second half from the graveyard (702.127a), a card with flashback from there (702.34a), or
    one allowed to be cast from there for an alternative cost (601.3, :func:`permitted_alt`); an
    adventurer's creature from exile once its Adventure resolved (715.4).  Faces whose text the card data lacks are not offered."""
    obj = game.state.objs[oid]
    card = game.card(obj.name)
    whole = game.pool.get(card.full_name)
    faces = [f.name for f in whole.faces] or [card.name]
    if obj.zone == "hand":
        return faces if card.layout in EITHER_FROM_HAND else faces[:1]
    if obj.zone == "graveyard" and card.layout == "aftermath":
        return faces[1:]
    if obj.zone == "graveyard" and (flashback_cost(game, card.name) or permitted_alt(game, card.name, "graveyard")):
        return [card.name]
    if obj.zone == "exile" and obj.choices.get("adventure"):
        return faces[:1]
    if obj.zone == "exile" and may_play_from_exile(game, obj):
        return faces if card.layout in EITHER_FROM_HAND else faces[:1]
    return []


def may_play_from_exile(game: Game, obj: Any) -> bool:
    """Whether an effect still lets the owner play this exiled card (601.3: a card cast
    from a zone other than the hand needs such a permission; a land played this way is the
    turn's land play, 305.2)."""
    kind, _, n = obj.choices.get(PLAY_FROM_EXILE, "").partition(":")
    st = game.state
    if kind == "turn":
        return st.turn == int(n)
    if kind == "turns":
        turns = st.players[obj.owner].turns
        return turns < int(n) or turns == int(n) and game.on_turn(obj.owner)
    return False


def find_castable(game: Game, player: str, name: str) -> tuple[int, CardDef]:
    """The player's card that may be cast or played as the face ``name`` (see
    :func:`castable_faces`), and that face."""
    game.player(player)
    face = game.card(name)
    whole = game.pool.get(name)
    if whole.unknown_faces and normalise_name(name) in {normalise_name(n) for n in whole.unknown_faces}:
        raise IllegalActionError(f"'{name}': {UNKNOWN_TEXT}; or play it by hand")
    st = game.state
    p = st.players[player]
    if not whole.faces:  # a card of one face is cast or played as itself from the hand (castable_faces)
        for oid in p.hand:
            if st.objs[oid].name == face.name:
                return oid, face
    for oid in [*p.hand, *p.graveyard, *p.exile]:
        obj = st.objs[oid]
        if (obj.name == face.name or game.card(obj.name).full_name == face.full_name) and \
                face.name in castable_faces(game, oid):
            return oid, face
    if face.name == face_names(face.full_name)[0]:
        return find_in_hand(game, player, name), face  # says what is missing
    raise IllegalActionError(f"{player} has no card that may be cast as '{face.name}' now: the other "
                             "half of a split card or an Adventure from the hand, an aftermath half "
                             "from the graveyard (709.3, 715.3, 702.127a)")
