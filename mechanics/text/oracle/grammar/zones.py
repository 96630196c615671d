"""The grammar of zone moves beyond the imperatives' own: "If it was a creature card,
EFFECTS." after an effect that moved a card (Scavenging Ooze), the condition read on
the card the earlier effect acted on, wherever it went (its card's facts don't change
between zones); and the trigger event of a card discarded, a move from a hand to a
graveyard ("Whenever you cycle or discard another card", 702.29a: cycling discards).
"""

from __future__ import annotations

from ..tree import Effect, Event, Number, Objects
from .core import _with
from .effects import Effects, imperative


@imperative("create a token that's a copy of", "create two tokens that are copies of")
def token_copy(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """707.2, 111.3: "Create a token that's a copy of target creature you control" (of it, of
    ~, of a creature token you control); "..., except it has haste" (707.9b: keywords the
    copy has besides the copied values), not other exceptions."""
    what = p.thing(antecedent)
    if what.zone != "battlefield" and what.quant not in ("it", "self"):
        p.fail()
    kws: tuple[str, ...] = ()
    if p.eat(", except it has") or p.eat(", except they have"):
        kws = p.keyword_list()
        if p.peek(-1) == "and" or p.at('"'):  # 'and "At the beginning of the end step, ..."': not here
            p.fail()
    return Effect("token-copy", what=what, n=Number(2 if verb.startswith("create two") else 1), keywords=kws)


@imperative("if it was a", "if it was an", "if it's a", "if it's an", "if a creature card was exiled this way ,",
            "if a creature card is exiled this way ,", "for each creature card exiled this way ,")
def if_it_was(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"If it was a creature card, put a +1/+1 counter on ~ and you gain 1 life.": the
    effects of the rest of the sentence happen only if the card the earlier effect named
    fits (a card: its printed characteristics, the same in every zone)."""
    if antecedent is None or antecedent.zone == "battlefield":
        p.fail()  # a permanent that moved is read by last known information (608.2h): not here
    if verb.endswith("exiled this way ,"):  # "If a creature card was exiled this way, ...": the one card
        if antecedent.count > 1 and not verb.startswith("for each"):
            p.fail()
        what = Objects("a", ("creature", "card"))
    else:
        what = p.objects("a")
        if "card" not in what.kinds:
            p.fail()
        p.need(",")
    then = [p.effect(antecedent)]
    while p.eat("and") or p.eat(", then") or p.eat(", and"):
        then.append(p.effect(antecedent))
    return Effect("if-it", what=_with(what, quant="it", ref=antecedent), then=tuple(then),
                  kind="each" if verb.startswith("for each") else "")


#: who discards, as the event's subject ("that player" in its effects)
_PLAYERS = {"you": Objects("you", ("player",)), "opponent": Objects("each", ("opponent",)),
            "each": Objects("each", ("player",))}


def discard_event(p: Effects) -> Event:
    """"you discard a [KIND] card", "you cycle or discard a/another card", "an opponent
    discards a card", "a player discards a card" (701.8: one card at a time)."""
    whose = {"you": "you", "an opponent": "opponent", "a player": "each"}.get(
        p.eat_any("you", "an opponent", "a player"))
    if whose is None:
        p.fail()
    if whose == "you" and p.eat("cycle or discard"):
        p.eat("another") or p.need("a")  # "another": this permanent is never the card discarded
        p.need("card")
        return Event("discard", _PLAYERS[whose], Objects("a", ("card",), zone="hand"), whose=whose)
    p.need("discard" if whose == "you" else "discards")
    p.eat_any("a", "an") or p.fail()
    what = p.objects("a")
    if "card" not in what.kinds:
        p.fail()
    return Event("discard", _PLAYERS[whose], what, whose=whose)
