"""The grammar of damage prevention (615): "Prevent all combat damage that
would be dealt this turn" (Fog), "... dealt to and dealt by that creature this turn"
(Maze of Ith), "Prevent the next 1 damage that would be dealt to any target this turn"
(a shield, 615.7), "The next time a red source of your choice would deal damage to you
this turn, prevent that damage" (Circle of Protection: Red), and Chain Lightning's chain ("Then that player or that permanent's
controller may pay {R}{R}. If the player does, they may copy this spell ...")."""

from __future__ import annotations

from ..tree import Effect, Number, Objects
from .effects import Effects, imperative
from .words import COLORS


@imperative("prevent all", "prevent the next")
def prevent(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """615.1a, 615.7: a prevention effect until end of turn; ``kind`` "all", "combat" (all
    combat damage) or "next" (the next N damage: ``n``)."""
    n = p.number() if verb == "prevent the next" else Number(0)
    kind = "next" if verb == "prevent the next" else "combat" if p.eat("combat") else "all"
    p.need("damage that would be dealt")
    turn = bool(p.eat("this turn"))
    to = by = None
    if p.eat("to and dealt by"):
        to = by = p.thing(antecedent)
    elif p.eat("to"):
        to = Objects("it", ref=antecedent) if p.eat_any("him", "her") else p.recipient(antecedent)
    elif p.eat("by"):
        by = p.thing(antecedent)
    if not turn:
        p.need("this turn")
    return Effect("prevent", what=to, who=by, n=n, kind=kind, until="eot")


@imperative("that player or that permanent's controller may pay")
def chain(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """Chain Lightning: the player dealt damage, or the damaged permanent's controller, may
    pay COST to copy the spell with a new target (707.10c)."""
    cost = p.mana_symbols()
    p.need(". if the player does , they may copy ~ and may choose a new target for that copy")
    return Effect("chain", who=Objects("it", ("player",), ref=antecedent), cost=cost)


@imperative("damage can't be prevented this turn")
def unpreventable(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """615.12: prevention effects (and protection's) don't apply this turn."""
    return Effect("unpreventable")


@imperative("the next time")
def next_time(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """615.1a, 609.7a: "The next time a [red | artifact] source of your choice would deal
    damage to you / any target / target creature this turn, prevent that damage.": the
    source is chosen as it resolves; the effect prevents that source's next damage to it."""
    p.eat_any("a", "an")
    colors = (COLORS[p.peek()],) if p.peek() in COLORS else ()
    kinds = (p.peek(),) if p.peek() in ("artifact", "creature") else ()
    p.i += bool(colors or kinds)
    p.need("source of your choice would deal damage to")
    to = p.recipient(antecedent)
    p.need("this turn , prevent that damage")
    return Effect("prevent", what=to, who=Objects("a", kinds, colors=colors), kind="once", until="eot")


@imperative("the next")
def next_redirect(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """614.9: "The next 1 damage that would be dealt to ~ this turn is dealt to target
    creature you control instead." (the en-Kor, Ward of Piety, Carom): a shield that moves
    the next N damage to the new recipient (``then[0].what``)."""
    n = p.number()
    p.need("damage that would be dealt to")
    what = p.recipient(antecedent)
    p.need("this turn is dealt to")
    to = p.recipient(antecedent)
    p.need("instead")
    return Effect("prevent", what=what, n=n, kind="next", until="eot", then=(Effect("dest", what=to),))
