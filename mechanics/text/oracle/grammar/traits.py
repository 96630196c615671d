"""The grammar's smallest nouns: mana symbols, counter kinds, power/toughness,
keyword lists and protection (702.16a).

"{2}{R}", "+1/+1 counter", "+2/+0", "flying, vigilance, and protection from red":
words that name a quality rather than an object, read the same way by every rule
that needs them (:class:`~.descriptors.Descriptors` builds on them).
"""

from __future__ import annotations

from ..tree import Number
from .core import Core
from .words import COLORS, GRANTABLE, PROTECTION_OF_CHOICE, PROTECTION_QUALITIES


class Traits(Core):
    """The rules for mana symbols, counter kinds, P/T and keyword lists."""

    def mana_symbols(self) -> str:
        """Mana symbols written together ("{2}{R}"), at least one."""
        out = ""
        while self.peek().startswith("{"):
            out += self.text()
            self.i += 1
        if not out:
            self.fail()
        return out

    def counter_kind(self) -> str:
        w = self.peek()
        if w in ("+1/+1", "-1/-1") or (w.isalpha() and self.peek(1) in ("counter", "counters")):
            self.i += 1
            self.need("counters") if self.peek() == "counters" else self.need("counter")
            return w
        self.fail()
        raise AssertionError

    def pt(self) -> tuple[Number, Number]:
        w = self.peek()
        if "/" not in w:
            self.fail()
        p, t = w.split("/")
        self.i += 1
        return _signed(p), _signed(t)

    def keyword_list(self) -> tuple[str, ...]:
        kws: list[str] = []
        while True:
            if (kw := self.eat_any(*GRANTABLE)):
                kws.append(kw)
            elif self.at("protection from"):
                kws += self.protection()
            else:
                break
            if not (self.eat(", and") or self.eat("and") or (self.at(",") and self.peek(1) != "then"
                                                             and self.eat(","))):
                break
        if not kws:
            self.fail()
        return tuple(kws)

    def protection(self) -> list[str]:
        """702.16a: "protection from red [and from blue]", "from artifacts", "from
        Goblins", "from everything", "protection from the color of your choice" (:data:`PROTECTION_OF_CHOICE`, chosen as the effect resolves)."""
        self.need("protection from")
        if self.eat("the color of your choice"):
            return [PROTECTION_OF_CHOICE]
        if self.eat("each color") or self.eat("all colors"):
            return [f"protection from {c}" for c in COLORS]
        out = []
        while self.peek() in COLORS or self.peek() in PROTECTION_QUALITIES or (
                self.text()[:1].isupper() and self.peek().endswith("s")):  # "from Goblins"
            out.append(f"protection from {self.peek()}")
            self.i += 1
            if not self.eat("and from"):
                break
        if not out or self.peek(-1) == "from":
            self.fail()
        return out


def _signed(s: str) -> Number:
    if s.lstrip("+-") == "x":
        return Number(x=True, times=-1 if s.startswith("-") else 1)
    return Number(int(s))

