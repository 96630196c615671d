"""The grammar of counters and cards as costs (602.1, 118.3, 122): "Remove a +1/+1
counter from ~", "Remove three spore counters from ~ and sacrifice it" (Khalni Heart
Expedition, Quest for the Gravelord), a player's energy counters (107.14, 122.1): "you
get {E}{E}", "Pay {E}{E}:", and "Exile two creature cards from your graveyard".

A cost of removing counters is paid in full or not at all (602.2b, 118.3): the
ability can be activated only while its source has that many counters of that kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..tree import Ability, Condition, Effect, Event, Number, Objects
from .words import NUMBERS

if TYPE_CHECKING:
    from .effects import Effects


def remove_cost(p: Effects) -> tuple[tuple[str, int], bool]:
    """After "remove": "N KIND counter(s) from ~ [and sacrifice it]": the kind and how
    many, and whether sacrificing the source is part of the cost too."""
    n = p.number()
    if n.x or n.value < 1:
        p.fail()  # "Remove X storage counters": X is chosen as it is activated (107.3)
    kind = p.counter_kind()
    p.need("from ~")
    sacrifice = bool(p.eat_any("and sacrifice it", "and sacrifice ~"))
    return (kind, n.value), sacrifice


def energy(p: Effects) -> int:
    """107.14: "{E}{E}" or "eight {E}": how many energy counters (eaten), else fails."""
    if p.peek() in NUMBERS and p.peek(1) == "{e}":
        n = NUMBERS[p.peek()]
        p.i += 2
        return n
    n = 0
    while p.eat("{e}"):
        n += 1
    if not n:
        p.fail()
    return n


def gets_energy(p: Effects, who: Objects) -> Effect | None:
    """122.1: "you get {E}{E}": energy counters put on a player; None (nothing eaten)
    when the words aren't that."""
    if not (p.at("get {e}") or p.at("gets {e}") or p.peek(2) == "{e}" and p.peek() in ("get", "gets")
            or p.peek(1) == "an" and p.peek(4) == "{e}"):
        return None
    p.i += 1
    if p.eat("an amount of {e} equal to"):  # "... equal to the number of creatures you control"
        return Effect("energy", who=who, n=p.amount_of(None, who))
    # who, not what: "that creature" stays the antecedent; "{E} for each creature you control"
    return Effect("energy", who=who, n=p.count_suffix(Number(energy(p))))


def graveyard_cost(p: Effects) -> Objects:
    """After "exile": "N [another] DESCRIPTOR card(s) from your graveyard" (Grim Lavamancer,
    Moorland Haunt): the cards, ``count`` of them, chosen as the cost is paid (601.2h)."""
    n = p.number()
    if n.x or n.count is not None:
        p.fail()  # "Exile X cards": X is chosen as it is activated (107.3)
    other = bool(p.eat("another"))
    what = p.objects("a")
    if what.zone != "graveyard" or what.controller != "you" or "card" not in what.kinds:
        p.fail()
    return replace(what, count=n.value, other=other or what.other)


def counter_on(p: Effects) -> str:
    """After "with" or "without": "a +1/+1 counter on it", "one or more oil counters on
    them": the kind (a state of the descriptor, checked as it is matched)."""
    p.eat_any("a", "an", "one or more")
    kind = p.counter_kind()
    p.eat_any("on it", "on them") or p.fail()
    return kind


def put_cost(p: Effects) -> tuple[str, int]:
    """After "put": "N KIND counter(s) on ~" as a cost (Devoted Druid: "Put a -1/-1 counter
    on this creature:"): the kind and how many."""
    n = p.number()
    if n.x or n.value < 1:
        p.fail()
    kind = p.counter_kind()
    p.need("on ~")
    return kind, n.value


def cost_part(p: Effects) -> dict[str, Any]:
    """One part of an activated ability's cost this module reads, as the fields of
    :class:`~..tree.Cost` it sets: "Pay {E}{E}", "Remove a +1/+1 counter from ~ [and
    sacrifice it]", "Put a -1/-1 counter on ~", "Exert ~", "Exile two cards from your
    graveyard"."""
    if p.eat("pay"):
        return {"energy": energy(p)}
    if p.eat("remove"):  # 602.2b
        remove, sacrifice = remove_cost(p)
        return {"remove": remove, "sacrifice_self": True} if sacrifice else {"remove": remove}
    if p.eat("put"):
        return {"put": put_cost(p)}
    if p.eat("exert ~"):  # 701.43a
        return {"exert": True}
    if p.eat("exile"):
        return {"exile_cards": graveyard_cost(p)}
    p.fail()
    raise AssertionError


def counter_event(p: Effects) -> Event:
    """Trigger events of counters: "you get one or more {E}" (122.1), "one or more +1/+1
    counters are put on another creature you control" (the kind in ``step``)."""
    if p.eat("you get one or more {e}"):
        return Event("get-energy", Objects("you", ("player",)))
    p.need("one or more")
    kind = p.counter_kind()
    p.need("are put on")
    subject = p.attempt(p.thing, None) or p.objects("a")
    return Event("counters-put", subject, step=kind)


def others_enter(p: Effects, who: Objects, lead: Condition | None) -> Ability:
    """614.1c, after a static ability's subject: "... enter tapped." (Manglehorn) or "...
    enters with an additional +1/+1 counter on it." (Grumgully): a replacement effect on
    each permanent that fits as it enters (``kind``: the counter)."""
    kind = ""
    if not p.eat_any("enter tapped .", "enters tapped ."):
        p.eat_any("enter with an additional", "enters with an additional") or p.fail()
        kind = p.counter_kind()
        p.eat_any("on it .", "on them .") or p.fail()
    p.end()
    return Ability("static", effects=(Effect("others-enter", what=who, kind=kind),), condition=lead)
