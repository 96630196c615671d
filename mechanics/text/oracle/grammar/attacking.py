"""The grammar of creatures put onto the battlefield attacking (508.4) and of effects done
once for each opponent: Adeline, Resplendent Cathar's "for each opponent, create a 1/1 white
Human creature token that's tapped and attacking that player or a planeswalker they control",
Hero of Bladehold's "create two 1/1 white Soldier creature tokens that are tapped and
attacking"."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative

#: what the tokens attack, longest first: the words, and the token effect's ``dest``
#: ("attacking": an opponent of its controller's choice; ":player": the player of the
#: "for each opponent" loop, or one of that player's planeswalkers)
_ATTACKS = (("attacking that player or a planeswalker they control", "attacking:player+"),
            ("attacking that player", "attacking:player"), ("attacking that opponent", "attacking:player"),
            ("attacking", "attacking"))


def attacking(p: Effects, e: Effect) -> Effect:
    """A token effect followed by "that's / that are tapped and attacking [WHOM]"."""
    if not (p.eat("that's tapped and") or p.eat("that are tapped and")):
        return e
    dest = next((d for words, d in _ATTACKS if (":player" not in d or p.event_player) and p.eat(words)), None)
    if dest is None:
        p.fail()
    return Effect(e.verb, what=e.what, n=e.n, token=e.token, tapped=True, dest=dest)


@imperative("for each opponent ,")
def each_opponent(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"For each opponent, EFFECT": the effect once for each opponent in turn, "that player"
    that one (:mod:`..compiler.attacking`)."""
    was, p.event_player = p.event_player, True
    try:
        inner = p.effect(antecedent)
    finally:
        p.event_player = was
    return Effect("for-each-opponent", then=(inner,))
