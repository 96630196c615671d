"""Grammar for effects that hand a player a choice beyond "target" or "may": piles
(700.3: "Separate all permanents target player controls into two piles. That player
sacrifices all permanents in the pile of their choice."), an either/or bonus ("gets
+1/-1 or -1/+1 until end of turn", in :mod:`.effects`), cards put back from the hand
("Put two cards from your hand on top of your library in any order.") and a target
named before the sentence that acts on it ("Choose target creature you don't control.")."""

from __future__ import annotations

from ..tree import Effect, Number, Objects
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


@imperative("put a card from your hand", "put two cards from your hand", "put three cards from your hand")
def hand_to_library(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Put two cards from your hand on top of your library in any order." (Brainstorm):
    the player chooses the cards and their order (401.4)."""
    n = {"a": 1, "two": 2, "three": 3}[verb.split()[1]]
    if p.eat("on top of your library"):
        where = "top"
    else:
        p.need("on the bottom of your library")
        where = "bottom"
    p.eat("in any order")
    return Effect("hand-to-library", n=Number(n), dest=where)
