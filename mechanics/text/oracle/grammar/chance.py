"""The grammar of chance: a coin flip (705) and a clash (701.23).

"Flip a coin. If you win the flip, EFFECTS. [If you lose the flip, EFFECTS.]" and
"Clash with an opponent. If you win, EFFECTS. [Otherwise, EFFECTS.]" are one effect
each (``coin-flip``, ``clash``) whose ``then`` holds its two outcomes, each an ``outcome``
effect with the effects of that branch in its own ``then`` (the other may be empty).
Targets named in either branch are chosen as the spell or ability is put on the stack
(601.2c), whichever way the flip goes.  Random discards ("discards a card at random")
are read by the discard rules (:mod:`.effects`, :mod:`.imperatives`).
"""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


def branch(p: Effects, antecedent: Objects | None) -> tuple[Effect, ...]:
    """The effects of one outcome, up to the end of its sentence (joined like any
    effects: ", then", "and", ",")."""
    out = [p.effect(antecedent)]
    while p.eat(", then") or p.eat(", and") or p.eat("and") or (p.peek() == "," and p.eat(",")):
        out.append(p.effect(out[-1].what or antecedent))
    if out[-1].instead:
        p.fail()
    return tuple(out)


@imperative("flip a coin")
def flip(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """705: "Flip a coin. If you win the flip, W. If you lose the flip, L." (either alone)."""
    won: tuple[Effect, ...] = ()
    lost: tuple[Effect, ...] = ()
    if p.eat(". if you win the flip ,"):
        won = branch(p, antecedent)
        antecedent = won[-1].what or antecedent
    if p.eat(". if you lose the flip ,"):
        lost = branch(p, antecedent)
    if not won and not lost:
        p.fail()
    return Effect("coin-flip", then=(Effect("outcome", then=won), Effect("outcome", then=lost)))


@imperative("clash with an opponent")
def clash(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """701.23: "Clash with an opponent. If you win, W. [Otherwise, L.]"."""
    p.need(". if you win ,")
    won = branch(p, antecedent)
    lost: tuple[Effect, ...] = ()
    if p.eat(". otherwise ,"):
        lost = branch(p, won[-1].what or antecedent)
    return Effect("clash", then=(Effect("outcome", then=won), Effect("outcome", then=lost)))
