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
from .core import _with
from .counters import energy, gets_energy
from .effects import Effects, imperative
from .words import NUMBERS, WHILE_TAPPED


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
    if p.eat(WHILE_TAPPED):  # 611.2b: Vedalken Shackles' kin
        return Effect("control", what=what, until="tapped")
    p.need("until end of turn")
    return Effect("control", what=what, until="eot")


@imperative("gain", "lose")
def gain_life(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    you = Objects("you", ("player",))
    return Effect(f"{verb}-life", who=you, n=p.life_amount(antecedent, you))


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
    """"you may pay {1}{W}. If you do, ..." (118.12); "... When you do, ..." is a reflexive
    triggered ability (603.12)."""
    cost = ""
    while p.peek().startswith("{") and (p.peek()[1:-1].isdigit() or p.peek()[1:-1] in ("w", "u", "b", "r", "g", "c")):
        cost += p.text()
        p.i += 1
    if not cost and p.eat("any amount of {e} ."):  # "... ~ deals that much damage to that creature"
        return Effect("pay-energy", then=(p.effect(antecedent),))
    if not cost:
        cost = "{E}" * energy(p)  # 107.14: "you may pay {E}{E}"
    reflexive = bool(p.eat(". when you do ,"))
    if not reflexive:
        p.need(". if you do ,")
    then = [p.effect(antecedent)]
    while p.eat(", then") or p.eat("and"):
        then.append(p.effect(antecedent))
    return Effect("pay-then", cost=cost, then=tuple(then), reflexive=reflexive)


@imperative("return")
def return_(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    what = p.thing(antecedent)
    if what.quant == "self" and p.eat("from your graveyard"):  # an ability that works in the graveyard
        what = _with(what, zone="graveyard")
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
    what = p.attempt(p.thing, antecedent)
    if what is not None and what.quant in ("target", "it", "self"):
        mine = what.zone == "graveyard" and what.controller == "you"  # "from your graveyard on top of your library"
        if p.eat("on top of its owner's library") or mine and p.eat("on top of your library"):
            return Effect("bounce", what=what, dest="library")
        if p.eat("on the bottom of its owner's library") or mine and p.eat("on the bottom of your library"):
            return Effect("bounce", what=what, dest="bottom")
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
    return Effect("token", what=Objects("made"), n=n, token=spec, tapped="tapped" in spec.keywords)


@imperative("search your library for", "search your library and or graveyard for")
def search(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """701.23: "..., [reveal it,] put it into your hand / onto the battlefield [tapped], then
    shuffle", or "..., then shuffle and put that card on top" (Imperial Seal); "search your
    library and/or graveyard for a card named NAME, reveal it, and put it into your hand. If
    you search your library this way, shuffle"."""
    what = p.objects()
    if p.eat("named"):
        what = _with(what, named=p.card_name())
    if verb.endswith("graveyard for"):
        p.eat(",")
        p.eat("reveal it ,")
        p.need("and put it") if p.at("and put it") else p.need("put it")
        dest = "hand" if p.eat("into your hand") else "battlefield" if p.eat("onto the battlefield") else p.fail()
        p.need(". if you search your library this way , shuffle")
        return Effect("search", what=what, dest=dest, kind="and/or graveyard")
    p.eat(",")
    p.eat_any("reveal it ,", "reveal them ,", "reveal that card ,", "reveal those cards ,")
    if p.eat("put one onto the battlefield tapped and the other into your hand") or p.eat(
            "and put one onto the battlefield tapped and the other into your hand"):  # Cultivate
        p.need(", then shuffle")
        return Effect("search", what=what, dest="split", tapped=True)
    if p.eat("then shuffle and put that card on top") or p.eat("then shuffle and put the card on top"):
        return Effect("search", what=what, dest="top")
    p.eat("put") or p.fail()
    p.eat_any("it", "that card", "them", "those cards") or p.fail()
    if p.eat("into your hand"):
        dest, tapped = "hand", False
    elif p.eat("onto the battlefield"):
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
    # 614.1a: the countered card goes to exile instead of its owner's graveyard (701.6a)
    dest = "exile" if p.eat(". if that spell is countered this way , exile it instead of putting it "
                            "into its owner's graveyard") else ""
    return Effect("counter-spell", what=what, cost=cost, dest=dest)


@imperative("investigate", "proliferate")
def keyword_action(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return Effect(verb)


@imperative("add")
def add(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    return p.add_mana()


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


@imperative("get")
def get_energy(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"You gain 3 life and get {E}{E}{E}" (122.1): the subject of the sentence, you, gets them."""
    p.i -= 1
    return gets_energy(p, Objects("you", ("player",))) or p.fail()  # type: ignore[return-value]


@imperative("tap or untap")
def tap_or_untap(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Tap or untap target creature" (Puppeteer, Twitch): which, chosen as it resolves."""
    return Effect("tap-or-untap", what=p.thing(antecedent))


@imperative("remove")
def remove_counters(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """122.8: "remove a -1/-1 counter from ~", "you may remove two oil counters from it":
    up to that many (none if it has none; "If you do" then doesn't follow, 608.2c)."""
    n = p.number()
    kind = p.counter_kind()
    p.need("from")
    return Effect("remove-counters", what=p.thing(antecedent), n=n, kind=kind)


@imperative("double the number of")
def double_counters(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """701.10: "double the number of +1/+1 counters on each creature you control", "...
    of each kind of counter on target permanent" (kind ``*``)."""
    kind = "*" if p.eat("each kind of counter") else p.counter_kind()
    p.need("on")
    return Effect("double-counters", what=p.thing(antecedent), kind=kind)
