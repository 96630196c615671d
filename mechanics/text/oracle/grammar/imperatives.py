"""The grammar's imperative verbs: "Draw a card", "Destroy target creature", "Create a
1/1 white Soldier creature token", ... one rule a verb.

Each rule is registered with :func:`.effects.imperative` under the words a sentence
starts with; it is called with those words eaten (``verb``: which of them) and reads
the rest of the effect.  A new imperative verb is one decorated function here or in a
module of its own (imported in the package's ``__init__``); phrases sharing a first
word are tried longest first.
"""

from __future__ import annotations

from ..tree import Effect, Number, Objects
from .effects import Effects, imperative
from .words import NUMBERS


@imperative("draw")
def draw(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.count_suffix(p.number())
    p.need("cards") if n.value != 1 or n.x or n.count else p.eat_any("card", "cards") or p.fail()
    return Effect("draw", who=Objects("you", ("player",)), n=n)


@imperative("scry", "surveil")
def look_at_top(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return Effect(verb, n=p.number())


@imperative("mill")
def mill(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.number()
    p.need("cards") if n.value != 1 else p.need("card")
    return Effect("mill", who=Objects("you", ("player",)), n=n)


@imperative("gain control of")
def gain_control(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """613.1b: a control-changing effect (layer 2)."""
    what = p.thing(antecedent)
    p.need("until end of turn")
    return Effect("control", what=what, until="eot")


@imperative("gain")
def gain_life(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.count_suffix(p.number())
    p.need("life")
    n = p.count_suffix(n)
    return Effect("gain-life", who=Objects("you", ("player",)), n=n)


@imperative("lose")
def lose_life(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.number()
    p.need("life")
    return Effect("lose-life", who=Objects("you", ("player",)), n=n)


@imperative("transform ~", "flip ~")
def turn_face(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """701.27, 701.28: a permanent's other face."""
    return Effect(verb.split()[0], what=Objects("self"))


@imperative("destroy", "exile", "tap", "untap", "sacrifice", "regenerate")
def act_on(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.thing(antecedent)
    if verb == "exile" and what.zone == "library":
        p.fail()
    if verb == "destroy" and (p.eat(". it can't be regenerated") or p.eat(". they can't be regenerated")):
        return Effect(verb, what=what, kind="no-regeneration")  # 701.19c
    return Effect(verb, what=what)


@imperative("you may pay")
def pay_then(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"you may pay {1}. If you do, ..." (118.12)."""
    sym = p.peek()
    if not (sym.startswith("{") and sym[1:-1].isdigit()):
        p.fail()
    cost = p.text()
    p.i += 1
    p.need(". if you do ,")
    then = [p.effect(antecedent)]
    while p.eat(", then") or p.eat("and"):
        then.append(p.effect(antecedent))
    return Effect("pay-then", cost=cost, then=tuple(then))


@imperative("return")
def return_(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.thing(antecedent)
    if p.eat("to its owner's hand") or p.eat("to their owners' hands") or p.eat("to your hand"):
        return Effect("bounce", what=what)
    if p.eat("on top of its owner's library") or p.eat("on top of their owners' libraries"):
        return Effect("bounce", what=what, dest="library")
    if p.eat("to the battlefield"):
        tapped = bool(p.eat("tapped"))
        owner = "owner" if p.eat("under its owner's control") else ""
        p.eat("under your control")
        if p.eat("with"):  # undying, persist: "with a +1/+1 counter on it"
            n = p.number()
            kind = p.counter_kind()
            p.need("on it")
            return Effect("reanimate", what=what, tapped=tapped, kind=kind, n=n, dest=owner)
        return Effect("reanimate", what=what, tapped=tapped, n=Number(0), dest=owner)
    p.fail()
    raise AssertionError


@imperative("put")
def put(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.attempt(p.objects)
    if what is not None and what.quant == "target" and p.eat("on top of its owner's library"):
        return Effect("bounce", what=what, dest="library")
    if what is not None and what.zone in ("hand", "graveyard") and p.eat("onto the battlefield"):
        return Effect("reanimate", what=what, tapped=bool(p.eat("tapped")))
    if p.peek() in NUMBERS or p.peek().isdigit() or p.peek() == "x":
        n = p.number()
        kind = p.counter_kind()
        p.need("on")
        what = p.thing(antecedent)
        return Effect("counters", what=what, n=p.count_suffix(n), kind=kind)
    p.fail()
    raise AssertionError


@imperative("create")
def create(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.number()
    spec = p.token_spec()
    n = p.count_suffix(n)
    return Effect("token", n=n, token=spec, tapped="tapped" in spec.keywords)


@imperative("search your library for")
def search(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.objects()
    p.eat(",")
    p.eat("reveal it ,") or p.eat("reveal them ,") or p.eat("reveal that card ,")
    if p.eat("put it into your hand") or p.eat("put that card into your hand"):
        dest, tapped = "hand", False
    elif p.eat("put it onto the battlefield") or p.eat("put that card onto the battlefield"):
        dest, tapped = "battlefield", bool(p.eat("tapped"))
    else:
        p.fail()
    p.need(", then shuffle") if p.at(", then shuffle") else p.need("then shuffle")
    return Effect("search", what=what, dest=dest, tapped=tapped)


@imperative("counter")
def counter(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.objects()
    if "spell" not in what.kinds and not any(k in ("creature", "noncreature") for k in what.kinds):
        p.fail()
    cost = ""
    if p.eat("unless its controller pays"):
        sym = p.peek()
        if not (sym.startswith("{") and sym[1:-1].isdigit()):
            p.fail()
        cost = p.text()
        p.i += 1
    return Effect("counter-spell", what=what, cost=cost)


@imperative("investigate", "proliferate")
def keyword_action(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return Effect(verb)


@imperative("add")
def add(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return p.add_mana()


@imperative("prevent all combat damage that would be dealt this turn")
def prevent_combat(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return Effect("prevent-combat")  # 615.1a


@imperative("shuffle")
def shuffle(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    p.eat("your library")
    return Effect("shuffle")


@imperative("discard")
def discard(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    n = p.number()
    p.need("cards") if n.value != 1 else p.need("card")
    return Effect("discard", who=Objects("you", ("player",)), n=n)


@imperative("attach ~ to", "attach it to")
def attach(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return Effect("attach", what=p.objects())
