"""The grammar of static replacement effects on damage (614.1a, 614.9, 615): "If a source
[you control] would deal [noncombat] damage to a permanent or player, it deals double that
damage to that permanent or player instead." (Furnace of Rath), "If a source would deal
damage to you, prevent 1 of that damage." (Urza's Armor), "If damage would be dealt to ~
[while it has a +1/+1 counter on it], prevent that damage[.| and] remove a +1/+1 counter
from ~." (the Phantoms, Undergrowth Champion), "All damage that would be dealt to you is
dealt to enchanted creature instead." (Pariah), "If a source you control would deal noncombat
damage to a creature an opponent controls, put that many -1/-1 counters on that creature
instead." (Soul-Scar Mage).

Each is a static ability whose one effect is ``damage-replacement``: ``who`` the sources
(None: any), ``what`` the recipients, ``kind`` double, triple, plus (``n`` more), prevent
(``n`` of it), counter (prevent it all and remove a +1/+1 counter from ~) or redirect (to
``then[0].what``), ``condition`` "while it has a +1/+1 counter on it", ``keywords``
("noncombat",)."""

from __future__ import annotations

from ..tree import Ability, Condition, Effect, Number, Objects
from .effects import Effects
from .words import COLORS

#: the recipients a sentence may name, by their words (the longest first)
RECIPIENTS = {
    "a permanent or player": Objects("each", ("permanent", "player")),
    "a player or permanent": Objects("each", ("permanent", "player")),
    "an opponent or a permanent an opponent controls": Objects("each", ("permanent", "opponent"),
                                                               controller="opponent"),
    "a player": Objects("each", ("player",)),
    "an opponent": Objects("each", ("opponent",)),
    "you": Objects("you", ("player",)),
}


def damage_replacement(p: Effects) -> Ability:
    """One of the sentences of the module docstring, to its end."""
    if p.eat("if damage would be dealt to ~"):
        return _phantom(p)
    if p.eat("all damage that would be dealt to"):
        return _redirect(p)
    p.need("if a")
    colors = (COLORS[p.peek()],) if p.peek() in COLORS else ()
    p.i += bool(colors)
    p.need("source")
    mine = bool(p.eat("you control"))
    who = Objects("each", ("permanent",), controller="you" if mine else "", colors=colors) if mine or colors else None
    p.need("would deal")
    noncombat = bool(p.eat("noncombat"))
    p.need("damage to")
    what = next((d for words, d in sorted(RECIPIENTS.items(), key=lambda r: -len(r[0])) if p.eat(words)), None)
    if what is None:
        what = p.thing(None)
        if what.quant not in ("self", "attached", "a") or what.players_only:
            p.fail()
    p.need(",")
    if p.eat("put that many"):  # Soul-Scar Mage: counters instead of the damage
        counters = Effect("counters", kind=p.counter_kind())
        p.need("on that")
        p.eat_any("creature", "permanent") or p.fail()
        p.need("instead .")
        p.end()
        return Ability("static", effects=(Effect("damage-replacement", what=what, who=who, kind="counters",
                                                 keywords=("noncombat",) * noncombat, then=(counters,)),))
    if p.eat("prevent"):
        n = p.number()
        p.need("of that damage")
        kind = "prevent"
    else:
        if p.eat("it deals that much damage plus"):  # Torbran: "... plus 2 instead"
            kind, n = "plus", p.number()
        else:
            p.need("it deals")
            kind, n = p.eat_any("double", "triple") or p.fail(), Number(0)
            p.need("that damage")
        p.eat_any("to that permanent or player", "to that player", "to that creature")
        p.need("instead")
    p.need(".")
    p.end()
    return Ability("static", effects=(Effect("damage-replacement", what=what, who=who, kind=kind, n=n,
                                             keywords=("noncombat",) * noncombat),))


def _phantom(p: Effects) -> Ability:
    """"If damage would be dealt to ~ [while it has a +1/+1 counter on it], prevent that
    damage[.| and] remove a +1/+1 counter from ~." (615.1a, then a counter removed)."""
    cond = Condition("counters", Objects("self"), what_kind="+1/+1") if p.eat(
        "while it has a +1/+1 counter on it") else None
    p.need(", prevent that damage")
    p.eat_any(".", "and")
    p.need("remove a +1/+1 counter from")
    p.eat_any("~", "it") or p.fail()
    p.need(".")
    p.end()
    return Ability("static", effects=(Effect("damage-replacement", what=Objects("self"), kind="counter",
                                             condition=cond),))


def _redirect(p: Effects) -> Ability:
    """614.9: "All damage that would be dealt to you [and other permanents you control] is
    dealt to ~ / enchanted creature instead." (Pariah, Palisade Giant); "... to enchanted
    creature is dealt to its controller instead." (Treacherous Link): ``kind`` redirect, the
    new recipient the ``then`` effect's ``what``."""
    if p.eat("you and other permanents you control"):
        what = Objects("each", ("permanent", "player"), controller="you", other=True)
    elif p.eat("you"):
        what = Objects("you", ("player",))
    else:
        what = p.thing(None)
        if what.quant not in ("self", "attached"):
            p.fail()
    p.need("is dealt to")
    to = Objects("it", ("player",), ref=Objects("attached")) if p.eat("its controller") else p.thing(None)
    if to.quant not in ("self", "attached", "it") or to == what:
        p.fail()
    p.need("instead .")
    p.end()
    return Ability("static", effects=(Effect("damage-replacement", what=what, kind="redirect",
                                             then=(Effect("dest", what=to),)),))


def at_dies_replacement(p: Effects) -> bool:
    return (p.at("if a creature") or p.at("if another creature")) and "die" in p.words[p.i:p.i + 16]


def dies_replacement(p: Effects) -> Ability:
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
    what = Objects("each", what.kinds, non=what.non, colors=what.colors, controller=what.controller,
                   other=other, states=damaged)
    p.need("would die , exile it instead .")
    p.end()
    return Ability("replacement", effects=(Effect("dies-instead", what=what, dest="exile"),))
