"""Emblems (114): "You get an emblem with "Lands you control have indestructible."" (a
planeswalker's ultimate): the effect ``emblem``, ``grants`` the quoted abilities, read as
abilities of their own (the emblem's rules text, 114.2)."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("you get an emblem with")
def emblem(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    if not p.at('"'):
        p.fail()
    return Effect("emblem", who=Objects("you", ("player",)), grants=p.granted())
