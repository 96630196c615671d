"""Damage replacement effects of a permanent (614.1a, 614.2): "If a source you control
would deal [noncombat] damage to RECIPIENT, OUTCOME instead."

OUTCOME is "it deals double (triple) that damage to that permanent or player", "it deals
that much damage plus N to that creature" or "put that many -1/-1 counters on that
creature" (Soul-Scar Mage).  The tree is an ability of form ``replacement`` whose one
effect is ``damage-instead``: ``what`` the recipients, ``kind`` which damage
(``noncombat``, ``combat`` or ``""``), and ``then`` the outcome, a ``more-damage`` effect
(``n``: ``times`` and ``value`` added) or a ``counters`` effect (its ``kind``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tree import Ability, Effect, Number, Objects

if TYPE_CHECKING:
    from . import Parser

#: "double that damage", "triple that damage": the multiplier
_TIMES = {"double": 2, "triple": 3}


def at_damage_replacement(p: Parser) -> bool:
    return p.at("if a source you control would deal")


def at_dies_replacement(p: Parser) -> bool:
    return (p.at("if a creature") or p.at("if another creature")) and "die" in p.words[p.i:p.i + 16]


def dies_replacement(p: Parser) -> Ability:
    """614.1a, 700.4: "If a creature [an opponent controls] [dealt damage this turn by a
    source you controlled] would die, exile it instead." (Etching of Kumano): the effect
    ``dies-instead``, ``what`` the creatures (the state ``damaged-by-you``), ``dest`` exile."""
    p.need("if")
    other = bool(p.eat("another"))
    if not other:
        p.need("a")
    what = p.objects("a")
    if what.kinds != ("creature",) or what.zone != "battlefield" or what.states:
        p.fail()
    damaged = ("damaged-by-you",) if p.eat("dealt damage this turn by a source you controlled") else ()
    what = Objects("each", what.kinds, controller=what.controller, other=other, states=damaged)
    p.need("would die , exile it instead .")
    p.end()
    return Ability("replacement", effects=(Effect("dies-instead", what=_any(p, what), dest="exile"),))


def damage_replacement(p: Parser) -> Ability:
    p.need("if a source you control would deal")
    which = p.eat_any("noncombat", "combat") or ""
    p.need("damage to")
    if p.eat("a permanent or player") or p.eat("a player or permanent"):  # City on Fire
        what = Objects("each", ("permanent", "player"))
    elif p.eat("an opponent") or p.eat("a player"):
        what = Objects("each", (p.peek(-1),))
    else:
        what = _any(p, p.recipient(None))
    if what.players_only and p.eat("or"):  # "an opponent or a permanent an opponent controls"
        p.eat_any("a", "an")
        also = _any(p, p.objects("a"))
        what = Objects("each", (*what.kinds, *also.kinds), non=also.non, colors=also.colors,
                       controller=also.controller, states=also.states)
    p.need(",")
    if p.eat("put that many"):
        kind = p.counter_kind()
        p.need("on that")
        _that(p)
        outcome = Effect("counters", kind=kind)
    else:
        p.need("it deals")
        if (times := p.eat_any(*_TIMES)):
            p.need("that damage")
            n = Number(0, times=_TIMES[times])
        else:
            p.need("that much damage plus")
            n = Number(p.number().value)
        if p.eat("to that"):
            _that(p)
        outcome = Effect("more-damage", n=n)
    p.need("instead .")
    p.end()
    return Ability("replacement", effects=(Effect("damage-instead", what=what, kind=which, then=(outcome,)),))


def _any(p: Parser, what: Objects) -> Objects:
    """"a creature an opponent controls", "an opponent": any one such, when it would be dealt damage."""
    if what.quant not in ("each", "a") and not what.players_only or what.zone != "battlefield":
        p.fail()
    return Objects("each", what.kinds, non=what.non, colors=what.colors, controller=what.controller,
                   states=what.states, other=what.other)


def _that(p: Parser) -> None:
    """"that creature", "that permanent or player": the recipient said again."""
    if not p.eat_any("creature", "permanent", "player", "planeswalker"):
        p.fail()
    while p.eat("or"):
        p.eat_any("creature", "permanent", "player", "planeswalker") or p.fail()
