"""Triggered abilities that work in a graveyard (113.6k, 603.6d).

"At the beginning of your upkeep, you may return this card from your graveyard to your
hand" (Squee) and "When this card is put into your graveyard from your library, ..."
(Narcomoeba) trigger while the card is in its owner's graveyard
(``Triggered.zone == "graveyard"``).  Which card names of the game have one is found
when objects join the game and kept with the ability index (the kinds they listen for
are among those it hears), so that an event looks in the graveyards only when a card
of the game listens there for its kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Triggered

if TYPE_CHECKING:
    from ..play.game import Game

#: the key of "at the beginning of" abilities in :func:`yard_abilities`
STEP = "step"


Listening = dict[str, list[tuple[int, Triggered]]]  # card name -> (ability index, ability)


def yard_abilities(game: Game) -> dict[str, Listening]:
    """Event kind (or :data:`STEP`) -> the graveyard abilities of the game's cards that
    listen for it, by card name; kept while no object joins the game, and then looked for
    in the names of those that joined alone (a new state, after undo, is looked at whole;
    a token in a graveyard ceases to exist, 704.5d, so only cards count)."""
    st = game.state
    kept = game.memo.get("yard_abilities")
    newest = st.newest_obj()
    if kept is not None and kept[0] is st and kept[1] == newest:
        return kept[2]
    seen, names, found = (kept[1], kept[3], kept[2]) if kept is not None and kept[0] is st else (0, set(), {})
    new = {o.name for o in st.joined_since(seen) if not o.token} - names
    if new:
        found = {kind: dict(by_name) for kind, by_name in found.items()}  # (a kept one is shared)
        for name in new:
            for idx, ab in enumerate(game.behaviour(name).abilities):
                if isinstance(ab, Triggered) and ab.zone == "graveyard":
                    for kind in ab.events or (STEP,):
                        found.setdefault(kind, {}).setdefault(name, []).append((idx, ab))
        names = names | new
    game.memo["yard_abilities"] = (st, newest, found, names)
    return found


def _in_graveyards(game: Game, listening: Listening) -> list[tuple[Any, int, Triggered]]:
    st = game.state
    return [(st.objs[o], idx, ab) for p in st.players.values() for o in p.graveyard
            for idx, ab in listening.get(st.objs[o].name, ())]


def yard_triggers(game: Game, event: Any, listening: Listening) -> None:
    """The graveyard abilities ``event`` triggers (603.2), each card's controller being
    its owner."""
    for obj, idx, ab in _in_graveyards(game, listening):
        data = ab.match(game, obj, event)
        if data is not None:
            game.add_trigger(obj.id, game.chars(obj.id), idx, ab, data)


def yard_step_triggers(game: Game, step: str, listening: Listening) -> None:
    """"At the beginning of your upkeep, ... this card from your graveyard" (603.2)."""
    active = game.seat_of(game.state.active)
    for obj, idx, ab in _in_graveyards(game, listening):
        if ab.step == step and (ab.step_whose == "each" or game.seat_of(obj.owner) == active):
            game.add_trigger(obj.id, game.chars(obj.id), idx, ab, {"step": step})
