"""Counts that aren't a number of objects fitting a descriptor, read as an ability
resolves or a characteristic is computed: what "the number of basic land types among
lands you control" (domain, 305.6), "the number of creatures in your party" (700.8) and
"the number of colors among permanents you control" (vivid) say.

Each is the :class:`~.tree.Objects` quantifier of the count's descriptor
(``Number(count=Objects("domain"))``), so every rule that reads "the number of ..." or
"for each ..." reads these too; :func:`.select.each` lists what is counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...play.game import Game

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: 700.8: a party is up to one each of these creature types
PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def domain(game: Game, you: str) -> list[Any]:
    """305.6: the basic land types among the lands ``you`` control (each once)."""
    have: set[str] = set()
    for o in game.permanents(you):
        ch = game.chars(o)
        if ch is not None and "Land" in ch.types:
            have |= set(ch.subtypes) & set(BASIC_LAND_TYPES)
    return sorted(have)


def party(game: Game, you: str) -> list[Any]:
    """700.8: the largest set of creatures ``you`` control that are a Cleric, a Rogue, a
    Warrior and a Wizard, up to one each (a creature of several of those types, or a
    changeling, fills the role that makes the party largest: a matching of creatures to
    roles, found by augmenting paths)."""
    roles: dict[int, list[str]] = {}
    for o in game.permanents(you):
        ch = game.chars(o)
        if ch is None or "Creature" not in ch.types:
            continue
        fits = [r for r in PARTY if r in ch.subtypes or ch.has("changeling")]
        if fits:
            roles[o] = fits
    held: dict[str, int] = {}  # role -> the creature filling it

    def place(o: int, seen: set[str]) -> bool:
        for r in roles[o]:
            if r not in seen:
                seen.add(r)
                if r not in held or place(held[r], seen):
                    held[r] = o
                    return True
        return False
    for o in roles:
        place(o, set())
    return sorted(held.values())


def colors(game: Game, you: str) -> list[Any]:
    """"the number of colors among permanents you control" (105.2: white, blue, black,
    red, green; colorless is none)."""
    have: set[str] = set()
    for o in game.permanents(you):
        ch = game.chars(o)
        if ch is not None:
            have |= set(ch.colors)
    return sorted(have)


#: quantifier -> what it counts for a player
COUNTS: dict[str, Callable[[Game, str], list[Any]]] = {"domain": domain, "party": party, "colors": colors}
