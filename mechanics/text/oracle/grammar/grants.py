"""The grammar of quoted abilities granted to objects (113.2, 613.1f): 'Enchanted land
has "{T}: Add {G}."', 'Equipped creature gets +1/+1 and has vigilance and "Whenever ~
attacks, ..."', 'target creature gains haste and "{0}: Untap ~." until end of turn', a
manland's 'becomes a 3/3 ... creature with "Whenever ~ attacks, ..."'.

Each quoted ability is read as an ability of its own (its ``text``, ``~`` the object
that has it), compiled by :mod:`..compiler.granted`.
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Ability, Effect, Number, Objects, TokenSpec
from .core import NoParse, joined
from .descriptors import Descriptors
from .words import COLORS, RESTRICTIONS, RESTRICTIONS_LONGEST_FIRST, WHILE_TAPPED


class Grants(Descriptors):
    """Rules for what an effect or a static ability grants."""

    def granting(self) -> tuple[tuple[str, ...], tuple[Ability, ...]]:
        """After "has", "have", "gains", "gain": keywords and quoted abilities, in any
        order, joined by "and" and commas ('flying and "{T}: Add {C}."', '"..." and "..."')."""
        kws: tuple[str, ...] = ()
        grants: tuple[Ability, ...] = ()
        while True:
            if self.at('"'):
                grants += self.granted()
            elif not kws:
                kws = self.keyword_list()  # (eats the "and" after the keywords)
                if self.peek(-1) in ("and", ","):
                    continue
                break
            else:
                break
            if not (self.eat(", and") or self.eat("and") or self.eat(",")):
                break
        if self.peek(-1) in ("and", ",") and not self.at("is") and not self.restriction_words():
            self.fail()  # (", and is a Demon ...": :meth:`is_a`; ", and attacks each combat if able")
        return kws, grants

    def is_a(self) -> TokenSpec:
        """After a static's "is": "black" (its color, 105.3), "a white Angel in addition to its
        other colors and types", "a Demon in addition to its other types" (layers 4 and 5):
        the colors and subtypes, ``types`` ("add") when the colors add to its own."""
        if not self.eat_any("a", "an"):  # "is black"
            colors, subs = self.colors_subtypes()
            if not colors or subs:
                self.fail()
            return TokenSpec("", colors=colors, types=())
        colors, subs = self.colors_subtypes()
        both = bool(self.eat("in addition to its other colors and types"))
        if not subs or not both and (colors or not self.eat("in addition to its other types")):
            self.fail()
        return TokenSpec(" ".join(subs), colors=colors, types=("add",) if both else ())

    def colors_subtypes(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """"red and green Elemental", "white Angel", "colorless Phyrexian Mite": the colors
        (none for colorless), then the subtypes (capitalized)."""
        colors: list[str] = []
        while self.peek() in COLORS or self.peek() in ("and", "colorless"):
            if self.peek() in COLORS:
                colors.append(COLORS[self.peek()])
            self.i += 1
        subs = []
        while self.text()[:1].isupper():
            subs.append(self.text())
            self.i += 1
        return tuple(colors), tuple(subs)

    def static_effect(self, who: Objects) -> Effect:
        """What a static ability does to ``who`` (604, 613): "gets +1/+1", "has flying and
        "..."", "gets +1/+1, is black, and has "..."", "gets -6/-0 and loses flying", "loses
        all abilities and has base power and toughness 1/1", "gets +2/+2 and can't block"."""
        pt: tuple[Number, Number] | None = None
        kws: tuple[str, ...] = ()
        grants: tuple[Ability, ...] = ()
        chars = None  # "is black", "is a Demon in addition to its other types"
        if self.eat_any("gets", "get"):
            pt = self.counted_pt(self.pt())  # "+1/+1 for each artifact you control"
            if self.at(", has") or self.at(", is"):  # "gets +1/+1, is black, and has "..."", "gets +2/+2, has flying, and is a Demon ..."
                while self.eat(", and") or self.eat(",") or self.eat("and"):
                    if self.eat("is"):
                        chars = self.is_a()
                    elif self.eat("has"):
                        more, grants = self.granting()
                        kws += more
                        if self.peek(-1) in (",", "and") and (self.at("is") or self.restriction_words()):
                            self.i -= 1  # (the keyword list ate the "and" before the next part)
                    elif (rule := self.restriction_words()):  # Dragon's Rage Channeler: "..., and attacks
                        self.eat(rule)  # each combat if able" (508.1d)
                        kws += RESTRICTIONS[rule]
                    else:
                        self.fail()
            elif self.eat("and is"):  # "gets -1/-1 and is a black Zombie in addition to its other colors and types"
                chars = self.is_a()
            elif self.eat("and has") or self.eat("and have"):
                kws, grants = self.granting()
            elif (rule := next((r for r in RESTRICTIONS_LONGEST_FIRST if self.at(f"and {r}")),
                               None)):  # "gets +2/+2 and can't block"
                self.eat(f"and {rule}")
                kws = RESTRICTIONS[rule]
        elif self.at("has") or self.at("have"):
            pass
        elif not self.at("loses") and not self.at("lose"):
            self.fail()
        loses: tuple[str, ...] = ()
        if self.eat_any("loses", "lose", "and loses", "and lose"):
            loses = ("all abilities",) if self.eat("all abilities") else self.keyword_list()
        base = None
        if self.eat_any("has", "have", "and has", "and have"):
            base = self.base_pt()  # "Enchanted creature [loses all abilities and] has base power and toughness 1/1"
            if base is None:
                kws, grants = self.granting()
        return Effect("pump", what=who, pt=pt, keywords=kws, grants=grants, loses=loses, base_pt=base,
                      token=chars)

    def restriction_words(self) -> str | None:
        """The restriction or requirement (509.1b, 508.1d) the words start with, the longest."""
        return next((r for r in RESTRICTIONS_LONGEST_FIRST if self.at(r)), None)

    def granted(self) -> tuple[Ability, ...]:
        """A quoted ability (113.2, 613.1f): '"Whenever this creature attacks, put a +1/+1
        counter on it."', read as an ability of its own."""
        self.need('"')
        end = next((j for j in range(self.i, len(self.toks)) if self.toks[j].word == '"'), None)
        if end is None:
            self.fail()
        sub = type(self)(self.toks[self.i:end])
        try:
            node = sub.ability(False)
            sub.end()
        except NoParse:
            self.far = self.i + sub.far
            raise
        text = joined(self.toks[self.i:end])
        self.i = end + 1
        return (replace(node, text=text),)

    def base_pt(self) -> tuple[int, int] | None:
        """613.4b: "base power and toughness 4/4" after "has": the values, or None."""
        if not self.eat("base power and toughness"):
            return None
        p, _, t = self.peek().partition("/")
        if not (p.isdigit() and t.isdigit()):
            self.fail()
        self.i += 1
        return int(p), int(t)

    def duration(self) -> str:
        """611.2: "until end of turn": ``eot``; "until your next turn": ``next-turn`` (it ends as
        the controller's next turn begins); 611.2b: "for as long as you control ~": ``control``,
        "for as long as ~ remains tapped": ``tapped`` (compiled by
        :func:`..compiler.untapping.lasting`); none said: ``""``."""
        return ("eot" if self.eat("until end of turn") else "next-turn" if self.eat("until your next turn")
                else "control" if self.eat("for as long as you control ~")
                else "tapped" if self.eat(WHILE_TAPPED) else "")

    def sentence_end(self) -> None:
        """The "." ending a sentence; a quoted ability's own "." may end it ('has "{T}: Add {G}."')."""
        if not self.eat(".") and self.peek(-1) != '"':
            self.fail()
