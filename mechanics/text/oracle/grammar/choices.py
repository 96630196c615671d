"""Grammar for effects that hand a player a choice beyond "target" or "may": piles
(700.3: "Separate all permanents target player controls into two piles. That player
sacrifices all permanents in the pile of their choice.") and an either/or bonus ("gets
+1/-1 or -1/+1 until end of turn")."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("separate all permanents")
def piles(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """700.3: you split the player's permanents into two piles; that player chooses one
    and sacrifices every permanent in it."""
    who = p.player(antecedent)
    p.need("controls into two piles . that player sacrifices all permanents in the pile of their choice")
    return Effect("piles", who=who)


@imperative("choose target")
def choose_target(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Choose target creature you don't control." (Case of the Gateway Express): the
    target is chosen as the ability is put on the stack; the next sentence acts on it."""
    return Effect("choose-target", what=p.objects("target"))
