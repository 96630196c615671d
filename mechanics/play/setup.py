"""Setup commands and the start of a game (103): decks, opening hands, mulligans.

Setup commands put the game in a position directly (nothing "enters", nothing
triggers); they are actions like any other, so they are journalled and undone.
"""

from __future__ import annotations

import os
from itertools import chain, repeat
from typing import TYPE_CHECKING

from ..model import actions as A
from ..model.errors import DeckError, IllegalActionError
from ..model.state import Decision, Obj

if TYPE_CHECKING:
    from .game import Game


def players(game: Game, a: A.Players) -> None:
    if not 1 <= a.n <= 8:
        raise IllegalActionError(f"players must be 1 to 8, not {a.n}")
    game.reset(a.n)


def teams(game: Game, a: A.Teams) -> None:
    st = game.state
    seen = [p for t in a.teams for p in t]
    for p in seen:
        game.player(p)
    if len(seen) != len(set(seen)):
        raise IllegalActionError("a player is listed in two teams")
    st.teams = [list(t) for t in a.teams] + [[p] for p in st.players if p not in seen]
    st.shared_life = a.shared_life
    if a.shared_life:  # 810.4: a shared life total of 30 for two-player teams
        for t in st.teams:
            for p in t:
                st.players[p].life = 15 * len(t) if len(t) > 1 else 20
    game.changed(seats=True)


def seed(game: Game, a: A.Seed) -> None:
    game.state.seed = a.n
    game.state.rng.seed(a.n)


def new_cards(game: Game, player: str, names: list[str], zone: str) -> list[Obj]:
    """New objects for these cards in one of the player's zones (or the battlefield),
    in order; every name is checked before anything changes."""
    known = {name: game.card(name).name for name in dict.fromkeys(names)}  # (a deck names a card 4 times)
    st = game.state
    into = st.battlefield if zone == "battlefield" else getattr(st.players[player], zone)
    first, clock, n = st.next_id, st.clock, len(names)  # ids and timestamps as new_id() and tick() give them
    ids = range(first, first + n)
    objs = list(map(Obj, ids, map(known.__getitem__, names), repeat(player), repeat(player), repeat(zone),
                    range(clock + 1, clock + 1 + n)))  # (map calls it: no loop of ours around 60 calls)
    st.next_id, st.clock = first + n, clock + n
    st.objs.update(zip(ids, objs, strict=True))
    into.extend(ids)
    game.changed()
    return objs


def zone_cards(game: Game, a: A.Action) -> None:
    game.player(a.player)
    new_cards(game, a.player, list(a.cards), a.command)


def deck(game: Game, a: A.DeckCmd) -> None:
    """Load a deck list as the player's library, shuffled."""
    game.player(a.player)
    library(game, a.player, deck_names(game, a.path))


def deck_names(game: Game, path: str) -> list[str]:
    """The cards of the deck list at ``path`` (relative to the game's ``base_dir``), a
    name a card, in the list's order."""
    from ..store.decks import load_deck  # cost: deck formats pull in xml; only scenarios need them

    try:
        parsed = load_deck(os.path.join(game.base_dir, path), game.pool)
    except DeckError as exc:
        raise IllegalActionError(str(exc)) from None
    return list(chain.from_iterable(repeat(e.name, e.count) for e in parsed.main))


def library(game: Game, player: str, names: list[str]) -> None:
    """The player's library made of these cards (a name a card), shuffled."""
    new_cards(game, player, names, "library")
    game.state.shuffle(game.state.players[player].library)
    game.note(f"{player} loads a {len(names)}-card deck")


def battlefield(game: Game, a: A.BattlefieldCmd) -> None:
    game.player(a.player)
    card = game.card(a.card)
    attach_to = game.resolve_obj(a.attached_to) if a.attached_to else None
    obj = new_cards(game, a.player, [card.name], "battlefield")[0]
    obj.tapped, obj.token, obj.sick = a.tapped, a.token, a.sick
    if card.is_type("Planeswalker") and card.loyalty is not None:
        obj.counters["loyalty"] = card.loyalty  # 306.5b, unless a counter below says otherwise
    for kind, n in a.counters:
        if n < 0:
            raise IllegalActionError("a counter count can't be negative")
        obj.counters[kind] = n
        game.counter_put(kind)
    if attach_to is not None:
        obj.attached_to = attach_to
    if a.choose:
        obj.choices["choice"] = a.choose
    if a.alias:
        game.state.aliases[a.alias] = obj.id
    game.changed()


def life(game: Game, a: A.Life) -> None:
    game.player(a.player)
    for p in game._life_holder(a.player):
        game.state.players[p].life = a.n
    game.changed()


def player_counter(game: Game, a: A.PlayerCounter) -> None:
    p = game.player(a.player)
    if a.n < 0:
        raise IllegalActionError("a counter count can't be negative")
    if a.n:
        p.counters[a.kind] = a.n
        game.counter_put(a.kind)
    else:
        p.counters.pop(a.kind, None)
    game.changed()


def turn(game: Game, a: A.TurnCmd) -> None:
    st = game.state
    game.player(a.player)
    st.active = a.player
    st.step = a.step
    st.priority = None if a.step in ("untap", "cleanup") else game.seat_of(a.player)
    st.passes = 0
    st.decision = None
    if a.number:
        st.turn = a.number
    st.turn = max(st.turn, 1)
    if st.turn == 1:
        st.first_turn_player = a.player  # whoever takes turn 1 skips its draw (103.8a)
    for p in st.team_of(a.player):
        st.players[p].turns = max(st.players[p].turns, 1, (st.turn + 1) // max(1, len(game.seats())))
    game.changed()


def goldfish(game: Game, a: A.Goldfish) -> None:
    for name in a.players:
        game.player(name).auto = True
    game.changed(seats=True)


def start(game: Game, a: A.Start) -> None:
    """103.2-103.5: shuffle, draw seven, then mulligan decisions in turn order."""
    st = game.state
    game.player(a.first)
    st.first_turn_player = a.first
    st.active = a.first
    st.turn = 0
    st.started = False
    game.changed(characteristics=False)
    for name, p in st.players.items():
        st.shuffle(p.library)
        game.draw(name, 7)
        p.kept = p.auto
        p.mulligans = 0
    _ask_mulligan(game)


def _ask_mulligan(game: Game) -> None:
    st = game.state
    for name in st.turn_order():
        p = st.players[name]
        if not p.kept:
            bottom = p.mulligans
            st.decision = Decision(
                "mulligan", name,
                f"{name}: keep this hand" + (f" and put {bottom} on the bottom" if bottom else "") +
                ", or mulligan", tuple(p.hand), bottom, bottom, {"mulligans": p.mulligans})
            st.priority = None
            game.changed(board=False)
            return
    st.decision = None
    st.started = True
    st.turn = 1
    st.turn_flags = {}  # 103.4, 500: the opening hands were drawn in no turn; turn 1 counts from none
    for name in st.team_of(st.active):
        st.players[name].turns = 1
        st.players[name].lands_played = 0
    game.begin_step("untap")
    game.advance()


def mulligan(game: Game, player: str) -> None:
    """103.5 (London): shuffle the hand into the library and draw seven."""
    st = game.state
    d = st.decision
    if d is None or d.kind != "mulligan" or d.player != player:
        raise IllegalActionError(f"{player} is not deciding on a mulligan now")
    p = st.players[player]
    if p.mulligans >= 7:
        raise IllegalActionError("no cards would be left to keep")
    for oid in list(p.hand):
        game.move(oid, "library", player)
    st.shuffle(p.library)
    game.draw(player, 7)
    p.mulligans += 1
    game.note(f"{player} takes a mulligan (#{p.mulligans})")
    _ask_mulligan(game)


def keep(game: Game, player: str, bottom: tuple[str, ...]) -> None:
    st = game.state
    d = st.decision
    if d is None or d.kind != "mulligan" or d.player != player:
        raise IllegalActionError(f"{player} is not deciding on a mulligan now")
    p = st.players[player]
    if len(bottom) != p.mulligans:
        raise IllegalActionError(f"{player} must put {p.mulligans} card(s) on the bottom, not {len(bottom)}")
    chosen: list[int] = []
    for ref in bottom:
        card = game.pool.get(ref)
        oid = next((o for o in p.hand if card and st.objs[o].name == card.name and o not in chosen), None)
        if oid is None:
            raise IllegalActionError(f"'{ref}' is not in {player}'s hand")
        chosen.append(oid)
    for oid in chosen:
        game.move(oid, "library", player, bottom=True)
    p.kept = True
    game.note(f"{player} keeps {len(p.hand)} cards")
    _ask_mulligan(game)
