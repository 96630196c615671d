"""Descriptors at run time: which objects and players an :class:`~.tree.Objects` names.

:func:`matches` says whether an object fits a descriptor (its characteristics on the
battlefield, its card's facts elsewhere); :func:`target_spec` is the engine's
:class:`~mechanics.abilities.Target` for a "target ..." descriptor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...abilities.abilities import Target
from .counts import COUNTS
from .tree import Objects

if TYPE_CHECKING:
    from ...play.game import Game

_CARD_TYPES = {"creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle"}


def facts(game: Game, oid: int) -> Any:
    """The object's characteristics on the battlefield (after layers), else its card's
    (None for a phased-out permanent: it is treated as though it doesn't exist)."""
    return game.chars(oid)


#: subtypes that aren't creature types (205.3): a changeling is none of these
_NOT_CREATURE_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave",
                                 "Equipment", "Aura", "Vehicle", "Treasure", "Clue", "Food", "Blood", "Saga",
                                 "Case", "Class", "Room", "Shrine", "Curse", "Cartouche", "Map"})


#: 110.4b: a permanent card is a card of one of these types (as a permanent has)
_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def _kind_ok(kind: str, ch: Any) -> bool:
    if kind == "permanent":
        return bool(_PERMANENT_TYPES & ch.types)
    if kind in ("card", "spell"):
        return True
    if " " in kind:  # "artifact creature": each of its card types (205.2a)
        return all(_kind_ok(k, ch) for k in kind.split())
    if kind in _CARD_TYPES:
        return kind.capitalize() in ch.types
    if kind in ch.subtypes:
        return True
    # 702.73a: changeling: the object is every creature type
    return ch.has("changeling") and kind not in _NOT_CREATURE_TYPES and bool({"Creature", "Kindred"} & ch.types)


def matches(game: Game, d: Objects, oid: int, controller: str, source: int | None, ch: Any = None) -> bool:
    """Whether the object ``oid`` fits ``d`` for an ability of ``controller`` whose
    source is ``source`` ("other": not the source).  ``ch``: its characteristics, when
    a static ability asks while they are being computed (613)."""
    if d.other and oid == source:
        return False
    ch = ch or facts(game, oid)
    if ch is None:
        return False
    kinds = [k for k in d.kinds if k not in ("player", "opponent", "card", "token")]
    if "token" in d.kinds and not game.state.objs[oid].token:
        return False
    if kinds and not any(_kind_ok(k, ch) for k in kinds):
        return False
    for n in d.non:
        if n in "WUBRG" and len(n) == 1:
            if n in ch.colors:
                return False
        elif n in _CARD_TYPES and n.capitalize() in ch.types or n.capitalize() in ch.subtypes:
            return False
    if d.colors and not set(d.colors) & set(ch.colors):
        return False
    if d.controller == "you" and ch.controller != controller:
        return False
    if d.controller == "opponent" and ch.controller not in game.opponents(controller):
        return False
    obj = game.state.objs[oid]
    for s in d.states:
        if not (_linked(game, obj, source, s) if s in ("convoked", "delved") else damaged_by(game, obj.ref, source)
                if s == "damaged-by-self" else source in obj.blocking if s == "blocking-source"
                else _state(game, s, obj, ch)):
            return False
    if d.with_keyword and not ch.has(d.with_keyword) or d.without and ch.has(d.without):
        return False
    if d.power and not _compare(ch.power or 0, d.power):
        return False
    if d.toughness and not _compare(ch.toughness or 0, d.toughness):
        return False
    if d.named and name_key(ch.name) != name_key(d.named):
        return False
    if d.mv_counters and (source is None or ch.card.mana_value != game.state.objs[source].counters.get(
            d.mv_counters, 0)):
        return False  # "with mana value equal to the number of charge counters on ~"
    return not (d.mana_value and not _compare(ch.card.mana_value, d.mana_value))


def name_key(name: str) -> str:
    """A card name as "a card named NAME" compares it: its letters and digits, lower-cased."""
    return "".join(c for c in name.lower() if c.isalnum())


#: what a card's printed characteristics say of a state word (a spell being cast)
_CARD_STATES = {"legendary": lambda c: "Legendary" in c.supertypes, "colorless": lambda c: not c.colors,
                "multicolored": lambda c: len(c.colors) > 1, "monocolored": lambda c: len(c.colors) == 1}
#: 700.6: historic: artifacts, legendaries and Sagas
_HISTORIC = lambda c: "Artifact" in c.types or "Legendary" in c.supertypes or "Saga" in c.subtypes  # noqa: E731


def card_fits(d: Objects, card: Any) -> bool:
    """Whether a card, by its printed characteristics (a spell being cast), fits the kinds,
    colors, states, keyword and "non-" words of ``d`` (:func:`card_words` says which)."""
    kinds = [k for k in d.kinds if k not in ("spell", "card")]
    if kinds and not any(k.capitalize() in card.types or k in card.subtypes or k == "Historic" and _HISTORIC(card)
                         for k in kinds):
        return False
    if any(n in card.colors if len(n) == 1 else n.capitalize() in card.types or n in card.subtypes for n in d.non):
        return False
    if d.with_keyword and d.with_keyword not in card.keywords or not all(_CARD_STATES[s](card) for s in d.states):
        return False
    return not d.colors or bool(set(d.colors) & set(card.colors))


def card_words(d: Objects) -> bool:
    """Whether :func:`card_fits` reads every word of ``d``."""
    return not (d.power or d.toughness or d.mana_value or d.other or d.without) and all(
        s in _CARD_STATES for s in d.states)


def state_of(game: Game, s: str, obj: Any) -> bool:
    """Whether the permanent ``obj`` is in state ``s`` ("attacking", "untapped", ...)."""
    return _state(game, s, obj, game.chars(obj.id))


def _state(game: Game, s: str, obj: Any, ch: Any) -> bool:
    kind = s.partition(":")[2]
    if kind:  # "with a +1/+1 counter on it" ("counter:+1/+1"), "without ..." ("no-counter:+1/+1")
        return (obj.counters.get(kind, 0) > 0) == s.startswith("counter:")
    return {
        "tapped": obj.tapped, "untapped": not obj.tapped, "attacking": bool(obj.attacking),
        "blocking": bool(obj.blocking), "attacking or blocking": bool(obj.attacking or obj.blocking),
        "legendary": "Legendary" in ch.supertypes, "basic": "Basic" in ch.supertypes,
        "nonbasic": "Basic" not in ch.supertypes, "token": obj.token, "nontoken": not obj.token,
        "colorless": not ch.colors, "multicolored": len(ch.colors) > 1, "monocolored": len(ch.colors) == 1,
        "damaged": obj.ref in game.state.turn_flags.get("damaged_objects", ()),
    }[s]


def damaged_by(game: Game, ref: tuple[int, int], source: int | tuple[int, int] | None) -> bool:
    """"A creature dealt damage by ~ this turn": the object ``ref`` was dealt damage this turn
    by the source as it is now (400.7: not by an earlier object of its card), or by the
    object ``source`` names when it is a ref (a spell, as it was on the stack)."""
    if not isinstance(source, tuple):
        src = game.state.objs.get(source) if source is not None else None
        if src is None:
            return False
        source = tuple(src.ref)
    ref = tuple(ref)
    return any(r == ref and s == source for r, s, _ in game.state.turn_flags.get("damaged_by", ()))


def died_this_turn(game: Game, d: Objects, controller: str) -> list[int]:
    """The cards of the creatures that fit ``d`` and died this turn (700.4), as they last
    existed (their card's subtypes: last known information keeps no subtypes)."""
    kinds = [k for k in d.kinds if k != "creature"]
    got = []
    for ref in game.state.turn_flags.get("died", ()):
        info = game.state.lki.get(tuple(ref)) or {}
        if d.controller == "you" and info.get("controller") != controller or \
                d.controller == "opponent" and info.get("controller") not in game.opponents(controller):
            continue
        if kinds and not set(kinds) & set(game.card(info.get("copy_of", "")).subtypes):
            continue
        got.append(ref[0])
    return got


def _linked(game: Game, obj: Any, source: int | None, key: str) -> bool:
    """702.51c: the creature was tapped to pay for the source with convoke ("convoked"), or
    702.66a: the card was exiled to pay for it with delve ("delved", "exiled with it"), and is
    still the same object (400.7)."""
    return any(tuple(r) == obj.ref for r in game.state.turn_flags.get(key, {}).get(source, ()))


def _compare(value: int, how: tuple[str, int]) -> bool:
    op, n = how
    return value <= n if op == "<=" else value >= n if op == ">=" else value == n


def players(game: Game, d: Objects, controller: str) -> list[str]:
    """The players an ``each`` descriptor names."""
    if "opponent" in d.kinds:
        return game.opponents(controller)
    return [p for p, pl in game.state.players.items() if not pl.lost]


def each(game: Game, d: Objects, controller: str, source: int | None) -> list[Any]:
    """Every permanent (or player) that fits ``d`` now (611.2c: locked in as it resolves)."""
    if d.quant in COUNTS:  # domain, party: what they count (:mod:`.counts`)
        return COUNTS[d.quant](game, controller)
    if "died" in d.states:  # "for each creature that died this turn": only ever counted
        return list(died_this_turn(game, d, controller))
    if d.players_only:
        return players(game, d, controller)
    if {"player", "opponent"} & set(d.kinds):  # "each creature and each player"
        who = Objects("each", tuple(k for k in d.kinds if k in ("player", "opponent")))
        return [*each(game, replace(d, kinds=tuple(k for k in d.kinds if k not in ("player", "opponent"))),
                      controller, source), *players(game, who, controller)]
    if d.zone != "battlefield":
        zone = d.zone
        whose = game.state.players.values() if zone == "graveyard" and not d.controller else \
            (game.state.players[controller],)  # "in all graveyards", "in a graveyard": every player's
        return [o for p in whose for o in getattr(p, zone) if matches(game, d, o, controller, source)]
    return [o for o in game.permanents() if matches(game, d, o, controller, source)]


def target_spec(d: Objects, text: str) -> Target:
    """The engine's target requirement for a "target ..." descriptor."""
    kinds = set(d.kinds)
    most = d.count if d.up_to or d.count > 1 else 1
    optional = d.up_to
    if d.zone == "graveyard":
        cards = replace(d, quant="a", controller="", zone="battlefield")
        return Target("graveyard", text, lambda g, o: isinstance(o, int) and matches(g, cards, o, "", None),
                      optional, most, d.other, controller=d.controller)
    if kinds <= {"player", "opponent"}:
        return Target("opponent" if kinds == {"opponent"} else "player", text, optional=optional, max=most)
    if "spell" in kinds:
        rest = Objects("a", tuple(k for k in d.kinds if k != "spell"), non=d.non, colors=d.colors)
        filt = None if not rest.kinds and not rest.non and not rest.colors else (
            lambda g, o: isinstance(o, int) and matches(g, rest, o, g.controller_of(o), None))
        return Target("spell", text, filt, optional, most)
    objs = Objects("a", tuple(k for k in d.kinds if k not in ("player", "opponent")), non=d.non,
                   colors=d.colors, states=d.states, with_keyword=d.with_keyword, power=d.power,
                   mana_value=d.mana_value, toughness=d.toughness, without=d.without)
    with_players = kinds & {"player", "opponent"}

    def filt(g: Game, o: Any) -> bool:
        if isinstance(o, str):
            return bool(with_players)
        return matches(g, objs, o, g.controller_of(o), None)
    if with_players:
        return Target("any", text, filt, optional, most, d.other, controller=d.controller)
    kind = "creature" if kinds == {"creature"} else "permanent"
    plain = not (d.non or d.colors or d.states or d.with_keyword or d.without or d.power or d.toughness or
                 d.mana_value) \
        and kinds <= {
        "creature", "permanent"}
    return Target(kind, text, None if plain else filt, optional, most, d.other, controller=d.controller)
