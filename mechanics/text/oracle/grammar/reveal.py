"""The grammar of a revealed top card checked for what it is (701.16a reveal): Delver of
Secrets' "look at the top card of your library. You may reveal that card. If an instant or
sorcery card is revealed this way, transform ~" (``reveal-if``: the effects happen only if
a card that fits was revealed).  (Another player revealing their top card, Goblin Guide,
is :mod:`.reveals`.)"""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("look at the top card of your library . you may reveal that card . if")
def reveal_if(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"... If an instant or sorcery card is revealed this way, EFFECTS" (the card stays on
    top; revealing is the player's choice)."""
    p.eat_any("a", "an") or p.fail()
    what = p.objects("a")
    if "card" not in what.kinds:
        p.fail()
    p.need("is revealed this way ,")
    then = [p.effect(antecedent)]
    while p.eat(", then") or p.eat("and"):
        then.append(p.effect(antecedent))
    return Effect("reveal-if", who=Objects("you", ("player",)), what=what, then=tuple(then))
