"""Discarding some and drawing as many (701.8a, 121.1): "Discard up to two cards, then
draw that many cards." and "You may discard up to two cards. If you do, draw that many
cards." (Fable of the Mirror-Breaker): one effect ``rummage``, ``n`` the most discarded,
since "that many" is what was discarded."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("discard up to")
def rummage(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.number()
    p.need("cards") if n.value != 1 else p.need("card")
    if not (p.eat(", then draw that many cards") or p.eat(". if you do , draw that many cards")):
        p.fail()
    return Effect("rummage", who=Objects("you", ("player",)), n=n)
