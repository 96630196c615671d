"""The grammar of quoted abilities granted to objects (113.2, 613.1f): 'Enchanted land
has "{T}: Add {G}."', 'Equipped creature gets +1/+1 and has vigilance and "Whenever ~
attacks, ..."', 'target creature gains haste and "{0}: Untap ~." until end of turn', a
manland's 'becomes a 3/3 ... creature with "Whenever ~ attacks, ..."'.

Each quoted ability is read as an ability of its own (its ``text``, ``~`` the object
that has it), compiled by :mod:`..compiler.granted`.
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Ability, TokenSpec
from .core import NoParse, joined
from .descriptors import Descriptors
from .words import COLORS


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
        if self.peek(-1) in ("and", ",") and not self.at("is"):  # (", and is a Demon ...": :meth:`is_a`)
            self.fail()
        return kws, grants

    def is_a(self) -> TokenSpec:
        """After a static's "is": "black" (its color, 105.3), "a white Angel in addition to its
        other colors and types", "a Demon in addition to its other types" (layers 4 and 5):
        the colors and subtypes, ``types`` ("add") when the colors add to its own."""
        colors: list[str] = []
        if self.eat_any("a", "an"):
            while self.peek() in COLORS:
                colors.append(COLORS[self.peek()])
                self.i += 1
            subs = []
            while self.text()[:1].isupper():
                subs.append(self.text())
                self.i += 1
            if not subs:
                self.fail()
            both = bool(self.eat("in addition to its other colors and types"))
            if not both:
                self.need("in addition to its other types")
            if colors and not both:
                self.fail()
            return TokenSpec(" ".join(subs), colors=tuple(colors), types=("add",) if both else ())
        while self.peek() in COLORS:  # "is black"
            colors.append(COLORS[self.peek()])
            self.i += 1
            self.eat("and")
        if not colors:
            self.fail()
        return TokenSpec("", colors=tuple(colors), types=())

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
        """"until end of turn": ``eot``; "for as long as you control ~" (611.2b): ``control``."""
        return "eot" if self.eat("until end of turn") else "control" if self.eat(
            "for as long as you control ~") else ""

    def sentence_end(self) -> None:
        """The "." ending a sentence; a quoted ability's own "." may end it ('has "{T}: Add {G}."')."""
        if not self.eat(".") and self.peek(-1) != '"':
            self.fail()
