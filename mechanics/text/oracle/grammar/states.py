"""The grammar of conditions on what a player or a permanent has now, as a static
ability's "as long as" or an "if" reads them (611.3b: checked continually): "an opponent
has three or more poison counters", "you have no cards in hand", "an opponent has 10 or less life", "an opponent has
eight or more cards in their graveyard", "an opponent has no cards in hand", "~ has a
+1/+1 counter on it", "~ has three or more +1/+1 counters on it", "~ is equipped",
"~ is enchanted", "it's attacking", "~ is untapped", "equipped creature is a Human",
"you've drawn two or more cards this turn".  Compiled in :mod:`..compiler.states`.
"""

from __future__ import annotations

from ..tree import Condition, Objects
from .descriptors import Descriptors
from .words import NUMBERS

#: what a player has, as the condition's ``what_kind``
_PLAYER_THINGS = {"poison counters": "poison", "poison counter": "poison", "life": "life",
                  "cards in hand": "hand", "cards in their hand": "hand", "card in hand": "hand",
                  "cards in your hand": "hand", "cards in your graveyard": "graveyard",
                  "cards in their graveyard": "graveyard"}


#: what "it's ..." / "~ is ..." says of the source (:func:`..select._state`)
_SELF_STATES = ("attacking", "blocking", "tapped", "untapped")


class States(Descriptors):
    """Conditions on the state of a player or of the source."""

    def state_condition(self, negate: bool) -> Condition:
        """The conditions :meth:`~.timing.Timing.turn_condition` doesn't read."""
        if (who := self.eat_any("an opponent has", "you have")):
            least, n = self.amount_compared()
            thing = next((t for t in sorted(_PLAYER_THINGS, key=len, reverse=True) if self.at(t)), "")
            if not thing or thing == "life" and least:
                self.fail()  # life: "N or less"
            self.eat(thing)
            return Condition("has" if least else "has-at-most", n=n, negate=negate, what_kind=_PLAYER_THINGS[thing],
                             what=Objects("you" if who == "you have" else "each", ("opponent",)))
        if self.eat_any("~ has", "it has"):
            least, n = self.amount_compared()
            if not least or not n:
                self.fail()
            kind = "" if self.eat_any("counter", "counters") else self.counter_kind()
            self.need("on it")
            return Condition("self-counters", n=n, negate=negate, what_kind=kind)
        if self.peek() in ("it's", "~") and self.peek(1 + (self.peek() == "~")) in _SELF_STATES and (
                self.peek() == "it's" or self.peek(1) == "is"):  # "as long as it's attacking", "~ is untapped"
            self.i += 2 + (self.peek() == "~")
            return Condition("self-state", negate=negate, what_kind=self.peek(-1))
        if (whose := self.eat_any("equipped creature is", "enchanted creature is", "enchanted permanent is")):
            what = self.objects("a") if self.eat_any("a", "an") else Objects("a", states=(self.eat_any(
                "legendary") or self.fail(),))  # "As long as equipped creature is a Human, it has lifelink."
            return Condition("attached-is", what=what, negate=negate, what_kind=whose.split()[0])
        if self.eat("you've drawn"):
            least, n = self.amount_compared()
            if not least:
                self.fail()
            self.eat_any("cards", "card") or self.fail()
            self.need("this turn")
            return Condition("drawn", n=n, negate=negate)
        if (attached := self.eat_any("~ is equipped", "~ is enchanted")):
            return Condition("self-attached", negate=negate, what_kind="Equipment" if "equipped" in attached else "Aura")
        self.fail()
        raise AssertionError

    def amount_compared(self) -> tuple[bool, int]:
        """"a", "no", "N or more", "N or less", "N or fewer": (at least, N)."""
        if self.eat_any("a", "an"):
            return True, 1
        if self.eat("no"):
            return False, 0
        if not (self.peek() in NUMBERS or self.peek().isdigit()):
            self.fail()
        n = self.number().value
        if self.eat("or more"):
            return True, n
        if self.eat_any("or less", "or fewer"):
            return False, n
        self.fail()
        raise AssertionError
