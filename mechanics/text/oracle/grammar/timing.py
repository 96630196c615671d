"""The grammar of when: conditions on what happened this turn or lies in a graveyard,
trigger events beyond "~ enters / dies / attacks", and activation restrictions.

threshold ("there are seven or more cards in your graveyard"), delirium ("four or more
card types among cards in your graveyard"), revolt ("a permanent you controlled left
the battlefield this turn"), raid ("you attacked this turn"); "~ or another Ally you
control enters", "you cast your second spell each turn", "you draw your second card
each turn", "~ deals damage to an opponent", "~ blocks or becomes blocked by a
creature"; "Activate only during your turn", "Activate only if COND" (602.5b).
"""

from __future__ import annotations

from ..tree import Condition, Event, Objects
from .core import _with
from .states import States
from .words import STEPS

#: "your second spell each turn": the ordinal words the count is said with
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


class Timing(States):
    """Conditions of the turn and the graveyard, more trigger events, restrictions."""

    def turn_condition(self, negate: bool) -> Condition:
        """The conditions after "if" / "unless" / "as long as" that :meth:`condition`
        doesn't read itself."""
        if self.eat("~ is in your graveyard"):  # 113.6k: the ability works there (:mod:`..compiler.graveyard`)
            return Condition("in-graveyard", negate=negate)
        if self.eat("there are"):
            n = self.number().value
            self.need("or more")
            if self.eat("card types among cards in your graveyard"):
                return Condition("graveyard-types", n=n, negate=negate)  # delirium
            if self.eat("cards in your graveyard"):
                return Condition("graveyard-cards", n=n, negate=negate)  # threshold
            what = self.objects("a")  # spell mastery: "instant and/or sorcery cards in your graveyard"
            if what.zone != "graveyard" or what.controller != "you":
                self.fail()
            return Condition("graveyard-cards", what=what, n=n, negate=negate)
        if self.eat("an opponent controls more"):  # Land Tax: "if an opponent controls more lands than you"
            what = self.objects("each")
            self.need("than you")
            return Condition("opponent-more", what=what, negate=negate)
        if self.eat("you had a land enter the battlefield under your control this turn"):
            return Condition("land-entered", negate=negate)  # landfall (Searing Blaze)
        if self.eat("a permanent you controlled left the battlefield this turn") or self.eat(
                "a permanent left the battlefield under your control this turn"):
            return Condition("revolt", negate=negate)
        if self.eat("you gained life this turn"):
            return Condition("gained-life", negate=negate)
        if self.eat("an opponent lost life this turn"):
            return Condition("opponent-lost-life", negate=negate)
        if self.eat_any("it's attacking", "~ is attacking", "it's blocking", "~ is blocking"):
            return Condition("self-in-combat", what_kind=self.words[self.i - 1], negate=negate)
        if self.eat("you attacked this turn") or self.eat("you attacked with a creature this turn"):
            return Condition("raid", negate=negate)
        return self.state_condition(negate)  # :mod:`.states`

    def player_event(self) -> Event:
        """"you attack" (508.1: you declare one or more attackers), "you cast your second
        spell each turn", "you draw your second card each turn"."""
        if self.eat("you attack"):
            if not self.eat("with"):
                return Event("you-attack")
            n = self.number().value  # "Whenever you attack with three or more creatures" (508.1)
            self.need("or more creatures")
            return Event("you-attack", nth=n)
        what = self.eat_any("you cast your", "you draw your")
        nth = ORDINALS.get(self.peek(), 0)
        if not what or nth < 2:  # "first" is "whenever you cast a spell" said otherwise
            self.fail()
        self.i += 1
        if what == "you cast your":
            self.need("spell each turn")
            return Event("cast", spell=Objects("a", ("spell",)), nth=nth)
        self.need("card each turn")
        return Event("draw", Objects("you", ("player",)), nth=nth)

    def subject_event(self, subject: Objects) -> Event:
        """The events after a subject that :meth:`event` doesn't read itself."""
        if subject.quant == "self" and self.eat("and at least two other creatures attack"):  # battalion
            return Event("attacks", subject, nth=3)
        if self.eat("attacks and isn't blocked"):  # 509.1h: as blockers are declared
            return Event("unblocked", subject)
        if self.eat("deals combat damage to a creature"):  # 510.3a: "that creature" is the one dealt it
            return Event("combat-damage", subject)
        if subject.quant == "self" and self.eat("or another"):  # "~ or another Ally you control enters"
            other = self.objects("a")
            verb = self.eat_any("enters", "enter", "dies", "attacks")
            if not verb:
                self.fail()
            return Event({"enter": "enters"}.get(verb, verb), _with(other, other=False), or_self=True)
        if (turned := self.eat_any("becomes tapped", "becomes untapped")):  # Lifetap, City of Brass
            return Event(turned.replace(" ", "-"), subject)
        if self.eat("blocks or becomes blocked by"):  # 509.3c, 509.3f: each creature (that fits)
            self.eat_any("a", "an") or self.fail()
            other = self.objects("a")
            return Event("blocks-or-blocked", subject, spell=None if other == Objects("a", ("creature",)) else other)
        if self.eat("blocks or becomes blocked"):  # 509.3c, 509.3d: once, however many
            return Event("blocks-or-blocked-once", subject)
        if self.at("is dealt damage") or self.at("is dealt combat damage"):  # 120.3: Jackal Pup
            combat = self.peek(2) == "combat"
            self.i += 3 + combat
            return Event("dealt-damage", subject, combat=combat)
        if self.at("deals damage ,"):  # "Whenever enchanted creature deals damage, you gain that much life"
            self.i += 2
            return Event("damage", subject)
        if self.eat("deals damage to"):
            whom = self.eat_any("an opponent", "a player")
            if not whom:
                self.fail()
            return Event("damage", subject, to_player=True, to_opponent=whom == "an opponent")
        self.fail()
        raise AssertionError

    def restriction(self) -> tuple[Condition, bool]:
        """602.5b: "Activate only during your turn." / "Activate only if COND." and
        whether "and only once each turn" follows (602.5b too)."""
        if self.eat("activate only during your turn , before attackers are declared"):
            cond = Condition("before-attackers")  # 508: your turn, before the declare attackers step
        elif self.eat("activate only during your turn"):
            cond = Condition("your-turn")
        elif self.eat("activate only during your upkeep"):
            cond = Condition("your-upkeep")
        else:
            self.need("activate only")
            cond = self.condition()
        once = bool(self.eat("and only once each turn"))
        self.need(".")
        return cond, once

    def next_step(self) -> str:
        """603.7: "at the beginning of the next end step", "... of your next upkeep", "at
        end of combat": the step a delayed trigger waits for (":you" when it is only its
        controller's)."""
        if self.eat("at end of combat"):  # 511.2: "destroy that creature at end of combat"
            return "endcombat"
        self.need("at the beginning of")
        whose = "" if self.eat("the next") else ":you" if self.eat("your next") else None
        self.eat("turn's")  # "the next turn's upkeep": whoever's it is
        step = next((s for p, s in STEPS.items() if self.eat(p)), None)
        if whose is None or step not in ("end", "upkeep"):
            self.fail()
        return f"{step}{whose}"

    def it_has(self, what: Objects) -> Objects:
        """"... if it has mana value 2 or less" after an effect: it acts on its objects only
        while they have it, checked as it resolves (a condition, not a target restriction:
        Fatal Push may target any creature)."""
        self.need("if it has")
        attr = self.eat_any("mana value", "power", "toughness")
        if not attr:
            self.fail()
        how = self.compare()
        field = {"mana value": "mana_value"}.get(attr, attr)
        return Objects("it", ref=what, **{field: how})
