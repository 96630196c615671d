"""The grammar of a player revealing the top of their own library (701.20, 401):
"Target player reveals the top card of their library", "defending player reveals the
top card of their library. If it's a land card, that player puts it into their hand"
(Goblin Guide), "target player reveals cards from the top of their library until they
reveal a land card, then puts those cards into their graveyard" (Balustrade Spy), "...
until four land cards are revealed. That player puts all cards revealed this way into
their graveyard" (Mind Funeral).

Each is one ``dig`` effect (:class:`~..tree.Dig`) whose player is the subject: the
cards go to that player's own zones (their owner's).
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Dig, Effect, Number, Objects, Pick
from .effects import Effects, player_verb
from .library import THOSE

#: what the revealing player does with a card that fits: the words, and the pick's (dest, tapped)
_THEIR_DESTS = (("into their hand", "hand", False), ("onto the battlefield tapped", "battlefield", True),
                ("onto the battlefield", "battlefield", False), ("into their graveyard", "graveyard", False))


@player_verb
def reveals_top(p: Effects, who: Objects, antecedent: Objects | None) -> Effect:
    """"PLAYER reveals the top card of their library[. If it's a KIND card, that player
    puts it into their hand / onto the battlefield [tapped] / into their graveyard]": the
    card that fits goes to its owner's zone, any other stays on top."""
    p.eat_any("reveals", "reveal") or p.fail()
    p.need("the top card of their library")
    picks: tuple[Pick, ...] = ()
    if p.at(". if it's"):
        p.need(". if it's")
        p.eat_any("a", "an")
        what = p.objects("a")
        p.need(",")
        p.eat_any("that player", "the player", "they") or p.fail()
        p.eat_any("puts", "put") or p.fail()
        p.eat_any("it", "that card") or p.fail()
        dest = next((d for d in _THEIR_DESTS if p.eat(d[0])), None)
        if dest is None or "card" not in what.kinds:
            p.fail()
        picks = (Pick(what, dest[1], tapped=dest[2]),)
    return Effect("dig", who=who, n=Number(1), what=THOSE, dig=Dig(picks, "", True))


@player_verb
def reveals_until(p: Effects, who: Objects, antecedent: Objects | None) -> Effect:
    """"PLAYER reveals cards from the top of their library until they reveal [N] KIND
    card[s] / until N KIND cards are revealed, then puts those cards into their
    graveyard" (or ". That player puts all cards revealed this way into their graveyard")."""
    p.eat_any("reveals", "reveal") or p.fail()
    p.need("cards from the top of their library until")
    they = bool(p.eat("they reveal"))
    n = p.number() if not p.at("a ") and not p.at("an ") else None
    if n is None:
        p.eat_any("a", "an")
    until = p.objects("a")
    if "card" not in until.kinds:
        p.fail()
    if n is not None:
        if n.x or n.count:
            p.fail()
        until = replace(until, count=n.value)
    if not they:
        p.need("are revealed") if until.count > 1 else p.need("is revealed")
    if not (p.eat(", then puts those cards into their graveyard") or p.eat(
            ", then puts all cards revealed this way into their graveyard") or p.eat(
            ". that player puts all cards revealed this way into their graveyard")):
        p.fail()
    return Effect("dig", who=who, what=THOSE, dig=Dig((Pick(None, "graveyard"),), "", True, until))
