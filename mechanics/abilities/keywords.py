"""Keyword abilities: the registry and the one parser of keyword lines.

A keyword is registered by the engine (:data:`ENGINE_KEYWORDS`) or by a plugin
(``register_keywords``) as a :class:`Keyword`.  Some keywords take a number
("Bushido 2", "Toxic 1", "Rampage 3"), some a cost ("Ward {2}", "Ward—Pay 3
life.").  :func:`parse_keywords` reads a line of rules text (reminder text already
removed) into its keyword instances, or None when any part of it is not a
registered keyword with the argument it takes; a card whose keyword lines all
parse needs no per-card code.  The oracle-text compiler consults the same
registry through this function.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

#: what a keyword may take after its name
TAKES = ("", "number", "cost")


@dataclass(frozen=True)
class Keyword:
    """A registered keyword ability: ``name`` (lower case, as in Scryfall's
    ``keywords``), its ``rule`` (702.x) and what it ``takes`` after its name:
    nothing, a ``"number"`` N or a ``"cost"``."""

    name: str
    rule: str = ""
    takes: str = ""


_ENGINE = {
    "flying": "702.9", "reach": "702.17", "trample": "702.19", "first strike": "702.7",
    "double strike": "702.4", "vigilance": "702.20", "haste": "702.10", "defender": "702.3",
    "deathtouch": "702.2", "lifelink": "702.15", "menace": "702.111", "hexproof": "702.11",
    "shroud": "702.18", "indestructible": "702.12", "flash": "702.8", "convoke": "702.51",
    "enchant creature": "702.5", "enchant permanent": "702.5",
    # evasion, checked as blockers are declared (perform.block_restriction)
    "fear": "702.36", "intimidate": "702.13", "shadow": "702.28", "horsemanship": "702.31",
    "plainswalk": "702.14", "islandwalk": "702.14", "swampwalk": "702.14", "mountainwalk": "702.14",
    "forestwalk": "702.14",
    "devoid": "702.114",  # a characteristic-defining ability: CardDef has no colors (604.3)
}
#: keywords the engine itself implements (702.x); ward's triggered ability is built from
#: its cost (:func:`mechanics.text.templates.keyword_abilities`)
ENGINE_KEYWORDS: dict[str, Keyword] = {
    **{name: Keyword(name, rule) for name, rule in _ENGINE.items()},
    "ward": Keyword("ward", "702.21", "cost"),
}

#: a keyword and its argument: "bushido 2", "ward {2}", "ward—pay 3 life."
_WITH_ARG = re.compile(r"^(?P<name>[a-z][a-z' -]*?)(?: (?P<n>\d+)| (?P<mana>(?:\{[^}]+\})+)|—(?P<text>.+))$",
                       re.IGNORECASE)


def parse_keywords(line: str, registry: Mapping[str, Keyword] | Collection[str]) -> list[tuple[str, Any]] | None:
    """The keyword instances of one line, in order, as ``(name, argument)`` pairs: None
    for a keyword that takes nothing, the int N for a numbered one, the cost's text
    for one that takes a cost (``"{2}"``, ``"Pay 3 life."``).  None when any
    comma-separated part is not a registered keyword with what it takes."""
    out: list[tuple[str, Any]] = []
    for part in (p.strip() for p in line.split(",")):
        spec = _lookup(part.lower(), registry)
        if spec is not None and not spec.takes:
            out.append((spec.name, None))
            continue
        m = _WITH_ARG.match(part)
        spec = _lookup(m.group("name").lower(), registry) if m else None
        if spec is None or not spec.takes:
            return None
        if spec.takes == "number" and m.group("n") is not None:
            out.append((spec.name, int(m.group("n"))))
        elif spec.takes == "cost" and m.group("n") is None:
            out.append((spec.name, m.group("mana") or m.group("text")))
        else:
            return None
    return out


def _lookup(name: str, registry: Mapping[str, Keyword] | Collection[str]) -> Keyword | None:
    if isinstance(registry, Mapping):
        return registry.get(name)
    return Keyword(name) if name in registry else None
