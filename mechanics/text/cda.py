"""Characteristic-defining abilities that set power and toughness (604.3, 613.4a).

A creature printed ``*/*`` (Nightmare: "Nightmare's power and toughness are each equal to
the number of Swamps you control.") or ``*/1+*`` (Tarmogoyf: "Tarmogoyf's power is equal
to the number of card types among cards in all graveyards and its toughness is equal to
that number plus 1.") has its power and toughness from such an ability, in every zone and
in layer 7a.  :func:`cda_abilities` reads the common wordings into a :class:`Static` of
layer ``7a`` whose ``params["cda"](game, obj)`` gives ``(power, toughness)``;
:func:`mechanics.rules.layers.defined_pt` applies it.  Any other wording leaves the card
manual: its player sets the value by hand (``set-pt``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Ability, Static
from ..model.cards import CardDef

if TYPE_CHECKING:
    from ..play.game import Game

Count = Callable[["Game", Any], int]

_CDA = re.compile(r"^~'s power (and toughness are each|is) equal to the number of (.+?)"
                  r"(?: and its toughness is equal to that number plus (\d+))?\.$")
#: card types (300.1) by the word a count uses
_TYPES = {"artifact": "Artifact", "battle": "Battle", "creature": "Creature",
          "enchantment": "Enchantment", "instant": "Instant", "kindred": "Kindred", "land": "Land",
          "planeswalker": "Planeswalker", "sorcery": "Sorcery"}
_PLURAL_TYPES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                 "lands": "Land", "planeswalkers": "Planeswalker"}
_GRAVEYARDS = re.compile(r"((?:\w+ and )?\w+ )?cards in (your graveyard|all graveyards)")
_PERMANENTS = re.compile(r"([A-Z]?[a-z]+) (you control|your opponents control|on the battlefield)")


def cda_abilities(card: CardDef, line: str) -> list[Ability] | None:
    """604.3: "~'s power and toughness are each equal to the number of X." / "~'s power is
    equal to the number of X[ and its toughness is equal to that number plus N]." (the
    line with ``~`` for the card), for the counts :func:`count` knows; else None."""
    m = _CDA.match(line)
    if m is None or not card.star_pt:
        return None
    both, what, plus = m.group(1) != "is", m.group(2), m.group(3)
    n = count(what)
    if n is None:
        return None

    def pt(game: Game, obj: Any) -> tuple[int, int]:
        x = n(game, obj)
        if both:
            return x, x
        return x, (x + int(plus) if plus is not None else card.toughness or 0)
    return [Static(line, "7a", _itself, {"cda": pt})]


def _itself(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    return src.id == obj.id


def count(what: str) -> Count | None:
    """How to count "the number of WHAT" for an object (its controller is "you"), or None."""
    if what == "cards in your hand":
        return lambda g, o: len(g.state.players[o.controller].hand)
    if m := re.fullmatch(r"card types among cards in (your graveyard|all graveyards)", what):
        mine = m.group(1) == "your graveyard"
        return lambda g, o: len({t for c in _graveyards(g, o, mine) for t in g.card(c.name).types} & set(_TYPES.values()))
    if m := _GRAVEYARDS.fullmatch(what):
        kinds = (m.group(1) or "").strip()
        types = {_TYPES.get(w) for w in kinds.split(" and ")} if kinds else set()
        if None in types:
            return None
        mine = m.group(2) == "your graveyard"
        return lambda g, o: sum(1 for c in _graveyards(g, o, mine) if not types or types & g.card(c.name).types)
    if m := _PERMANENTS.fullmatch(what):
        word, whose = m.groups()
        kind = _PLURAL_TYPES.get(word)
        subtype = None if kind or not word[0].isupper() else ("Plains" if word == "Plains" else word[:-1])
        if kind is None and subtype is None:
            return None

        def n(g: Game, o: Any) -> int:
            out = 0
            for i in g.permanents():
                ch = g.chars(i)
                if whose == "you control" and ch.controller != o.controller or \
                        whose == "your opponents control" and ch.controller not in g.opponents(o.controller):
                    continue
                out += (kind in ch.types) if kind else (subtype in ch.subtypes)
            return out
        return n
    return None


def _graveyards(game: Game, obj: Any, mine: bool) -> list[Any]:
    players = [obj.controller] if mine else list(game.state.players)
    return [game.state.objs[c] for p in players for c in game.state.players[p].graveyard]
