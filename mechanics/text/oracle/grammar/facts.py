"""Grammar for effects that depend on a fact of the object an earlier effect named:
"If you controlled that artifact, create three 1/1 red Phyrexian Goblin creature tokens."
(Gleeful Demolition, read as the target last existed, 608.2h) and "... gets +2/+2 until
end of turn if its power is 2" (Savage Swipe, :meth:`.descriptors.Descriptors.condition`)."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("if you controlled that")
def if_you_controlled(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """The rest of the sentence happens only if you controlled the target the earlier
    effect acted on, as it last existed on the battlefield."""
    if antecedent is None or antecedent.quant != "target" or antecedent.players_only:
        p.fail()
    p.kinds()
    p.need(",")
    then = [p.effect(antecedent)]
    while p.eat("and") or p.eat(", then") or p.eat(", and"):
        then.append(p.effect(antecedent))
    return Effect("if-you-controlled", what=Objects("it", ("player",), ref=antecedent), then=tuple(then))
