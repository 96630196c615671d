"""Tokens that compiled text creates (111): their names and their facts.

A token's name says its facts, so that a journal replays it and a scenario can set one
up by name: ``Soldier Token`` for the 1/1 white Soldier of the bundled pool,
``Elephant Token (3/3 G)`` or ``Thopter Token (1/1 C artifact, flying)`` otherwise.
The predefined artifact tokens (Treasure, Clue, Food, Blood, Powerstone: 111.10) have their rules
text, which the compiler reads like any card's.
"""

from __future__ import annotations

import re

from ...model.cards import TOKENS, CardDef
from .tree import TokenSpec

PREDEFINED = {
    "Treasure": "{T}, Sacrifice this artifact: Add one mana of any color.",
    "Clue": "{2}, Sacrifice this artifact: Draw a card.",
    "Food": "{2}, {T}, Sacrifice this artifact: You gain 3 life.",
    "Blood": "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card.",
    "Powerstone": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
}
_NAMED = re.compile(r"^(?P<sub>[A-Z][\w' -]*?) Token \((?P<p>\d+)/(?P<t>\d+) (?P<colors>[WUBRG]+|C)"
                    r"(?P<artifact> artifact)?(?:, (?P<kws>[a-z ,]+))?\)(?: with \"(?P<ability>[^\"]+)\")?$")


def token_name(spec: TokenSpec) -> str:
    """The name of the token ``spec`` describes."""
    if spec.name in PREDEFINED or spec.name.capitalize() in PREDEFINED:
        return f"{spec.name.capitalize()} Token"
    kws = [k for k in spec.keywords if k != "tapped"]
    for t in TOKENS:
        if (t.subtypes == tuple(spec.name.split()) and (t.power, t.toughness) == (spec.power, spec.toughness)
                and t.colors == frozenset(spec.colors) and not kws and "Artifact" not in spec.types):
            return t.name
    colors = "".join(c for c in "WUBRG" if c in spec.colors) or "C"
    art = " artifact" if "Artifact" in spec.types else ""
    rest = f", {', '.join(kws)}" if kws else ""
    quoted = f' with "{spec.ability}"' if spec.ability else ""  # its own rules text
    return f"{spec.name} Token ({spec.power}/{spec.toughness} {colors}{art}{rest}){quoted}"


def token_card(name: str) -> CardDef | None:
    """The facts of a token named by :func:`token_name`, or None for another name."""
    base = name.removesuffix(" Token")
    if base in PREDEFINED:
        return CardDef(name, type_line=f"Token Artifact \u2014 {base}", oracle_text=PREDEFINED[base])
    m = _NAMED.match(name)
    if m is None:
        return None
    types = "Token Artifact Creature" if m.group("artifact") else "Token Creature"
    colors = frozenset(m.group("colors")) - {"C"}
    kws = frozenset(k.strip() for k in (m.group("kws") or "").split(",") if k.strip())
    text = "\n".join(t for t in (", ".join(k.capitalize() for k in sorted(kws)), m.group("ability") or "") if t)
    return CardDef(name, type_line=f"{types} \u2014 {m.group('sub')}", power=int(m.group("p")),
                   toughness=int(m.group("t")), colors=colors, keywords=kws, oracle_text=text)
