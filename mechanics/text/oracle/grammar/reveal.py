"""The grammar of a revealed top card checked for what it is (701.16a reveal): Delver of
Secrets' "look at the top card of your library. You may reveal that card. If an instant or
sorcery card is revealed this way, transform ~" (``reveal-if``: the effects happen only if
a card that fits was revealed), and Goblin Guide's "defending player reveals the top card
of their library. If it's a land card, that player puts it into their hand" (a ``dig`` of
another player's library whose pick goes to that player's zone)."""

from __future__ import annotations

from ..tree import Dig, Effect, Objects, Pick
from .effects import Effects, imperative
from .library import THOSE

#: what the revealing player does with a card that fits: the words, and the pick's (dest, tapped)
_THEIR_DESTS = (("into their hand", "hand", False), ("onto the battlefield tapped", "battlefield", True),
                ("onto the battlefield", "battlefield", False), ("into their graveyard", "graveyard", False))


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


class Reveals:
    """The rule of a player's reveal, after its subject (:meth:`.effects.Effects.player_verb`)."""

    def their_top(self: Effects, who: Objects) -> Effect:  # type: ignore[misc]
        """"PLAYER reveals the top card of their library. If it's a land card, that player
        puts it into their hand": the card that fits goes to its owner's zone, any other
        stays on top."""
        self.need("reveals the top card of their library . if it's")
        self.eat_any("a", "an")
        what = self.objects("a")
        self.need(",")
        self.eat_any("that player", "they", "the player") or self.fail()
        self.eat_any("puts", "put") or self.fail()
        self.eat_any("it", "that card") or self.fail()
        dest = next((d for d in _THEIR_DESTS if self.eat(d[0])), None)
        if dest is None or "card" not in what.kinds:
            self.fail()
        return Effect("dig", who=who, what=THOSE, dig=Dig((Pick(what, dest[1], tapped=dest[2]),), "", True))
