"""The grammar of zone moves beyond the imperatives' own: "If it was a creature card,
EFFECTS." after an effect that moved a card (Scavenging Ooze), the condition read on
the card the earlier effect acted on, wherever it went (its card's facts don't change
between zones).
"""

from __future__ import annotations

from ..tree import Effect, Objects
from .core import _with
from .effects import Effects, imperative


@imperative("if it was a", "if it was an", "if it's a", "if it's an")
def if_it_was(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"If it was a creature card, put a +1/+1 counter on ~ and you gain 1 life.": the
    effects of the rest of the sentence happen only if the card the earlier effect named
    fits (a card: its printed characteristics, the same in every zone)."""
    if antecedent is None or antecedent.zone == "battlefield":
        p.fail()  # a permanent that moved is read by last known information (608.2h): not here
    what = p.objects("a")
    if "card" not in what.kinds:
        p.fail()
    p.need(",")
    then = [p.effect(antecedent)]
    while p.eat("and") or p.eat(", then") or p.eat(", and"):
        then.append(p.effect(antecedent))
    return Effect("if-it", what=_with(what, quant="it", ref=antecedent), then=tuple(then))
