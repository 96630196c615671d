"""The one parser of keyword lines: "Flying, toxic 1" -> its keyword instances.

:func:`parse_keywords` reads a line of rules text (reminder text already removed)
against the keyword registry (:mod:`mechanics.abilities.keywords`) into its
keyword instances with their arguments, or None when any part of it is not a
registered keyword with what it takes.  A card whose keyword lines all parse
needs no per-card code (:func:`mechanics.text.build.build_behaviour`); the
oracle-text compiler reads keyword lines through the same function.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from ..abilities.keywords import Keyword, variant

#: a keyword and its argument: "bushido 2", "ward {2}", "ward—pay 3 life.", "suspend 3—{2}{b}{b}"
_WITH_ARG = re.compile(r"^(?P<name>[a-z][a-z' -]*?)(?: (?P<n>\d+)(?:—(?P<then>.+))?| (?P<mana>(?:\{[^}]+\})+)"
                       r"|—(?P<text>.+))$", re.IGNORECASE)
#: what each ``takes`` reads: (a number?, a cost?)
_READS = {"number": (True, False), "cost": (False, True), "mana cost": (False, True),
          "alternative cost": (False, True), "additional cost": (False, True), "number and cost": (True, True)}


def parse_keywords(line: str, registry: Mapping[str, Keyword] | Collection[str]) -> list[tuple[str, Any]] | None:
    """The keyword instances of one line, in order, as ``(name, argument)`` pairs: None
    for a keyword that takes nothing, the int N for a numbered one, the cost's text
    for one that takes a cost (``"{2}"``, ``"Pay 3 life."``), ``(N, cost)`` for one that
    takes both.  None when any comma-separated part is not a registered keyword with what
    it takes; a cost after "—" runs to the end of the line ("Blitz—{2}{B}{B}, Pay 2 life."),
    and so does a name ("Partner with Pir, Imaginative Rascal")."""
    out: list[tuple[str, Any]] = []
    first, _, name = line.partition(" with ")
    spec = _lookup(f"{first.lower()} with", registry) if name else None
    if spec is not None and spec.takes == "name":  # "Partner with Pir, Imaginative Rascal": commas and all
        return [(spec.name, name)]
    head, dash, cost = line.partition("—")
    parts = [p.strip() for p in head.split(",")]
    parts[-1] += dash + cost
    for part in parts:
        spec = _lookup(part.lower(), registry)
        if spec is not None and not spec.takes:
            out.append((spec.name, None))
            continue
        m = _WITH_ARG.match(part)
        spec = _lookup(m.group("name").lower(), registry) if m else None
        if spec is None or not spec.takes:
            return None
        number, cost = m.group("n"), m.group("then") or m.group("mana") or m.group("text")
        if (number is not None, cost is not None) != _READS[spec.takes] or (
                spec.takes == "mana cost" and m.group("mana") is None):
            return None
        out.append((spec.name, (int(number), cost) if number and cost else int(number) if number else cost))
    return out


def _lookup(name: str, registry: Mapping[str, Keyword] | Collection[str]) -> Keyword | None:
    if isinstance(registry, Mapping):
        return registry.get(name) or variant(name)
    return Keyword(name) if name in registry else None


def registered(registry: Mapping[str, Keyword] | Collection[str], name: str) -> Keyword | None:
    """The registered keyword ``name`` (what it takes, what it grants), or None."""
    return _lookup(name, registry)
