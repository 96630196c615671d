"""The grammar of mana: the events of triggered mana abilities (605.1b: "Whenever you tap
a Forest for mana"), and mana restrictions (106.6): "Spend this mana only to cast a creature
spell", "... instant and sorcery spells", "... artifact spells or activate abilities of
artifacts", "Spend this mana only to activate abilities."  What a spell or source must
be is a list of features (card types, "non"-types, subtypes, legendary, multicolored,
colorless) read by :func:`features`; anything else fails, so the card stays manual.
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Effect, Event, Objects, Spend
from .effects import Effects, imperative

_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker", "land", "battle")
_STATES = ("legendary", "multicolored", "colorless")


@imperative("spend this mana only")
def spend_only(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    spells: list[tuple[str, ...]] = []
    abilities: list[tuple[str, ...]] = []
    while True:
        if p.eat("to cast") or p.eat("cast"):
            p.eat_any("a", "an")
            spells += features(p, ("spell", "spells"))
        elif p.eat("to activate abilities") or p.eat("activate abilities"):
            abilities += features(p, ("sources", "")) if p.eat("of") else [()]
        elif p.eat("to activate an ability of") or p.eat("activate an ability of"):
            p.eat_any("a", "an")
            abilities += features(p, ("source",))
        else:
            p.fail()
        if not p.eat("or"):
            return Effect("spend-only", spend=Spend(tuple(spells), tuple(abilities)))


def features(p: Effects, nouns: tuple[str, ...]) -> list[tuple[str, ...]]:
    """"instant or sorcery spell" -> [("instant",), ("sorcery",)]; "Dragon creature
    spells" -> [("Dragon", "creature")]; "artifacts" (a plural where ``nouns`` allow
    none: "") -> [("artifact",)]; nothing before the noun: any ([()])."""
    alternatives: list[list[str]] = [[]]
    while True:
        w, text = p.peek(), p.text()
        if w in nouns:
            p.i += 1
            break
        plural = w.endswith("s") and "" in nouns
        base = w[:-1] if plural else w
        if base in _TYPES or base.removeprefix("non") in _TYPES or w in _STATES:
            alternatives[-1].append(base)
        elif text[:1].isupper() and text.isalpha():  # a subtype: "Dragon", "Dragons"
            alternatives[-1].append(text[:-1] if plural else text)
        elif w in ("or", "and") and alternatives[-1]:  # "instant or sorcery", "instant and sorcery spells"
            alternatives.append([])
        else:
            p.fail()
        p.i += 1
        if plural:
            break
    if not alternatives[-1] and len(alternatives) > 1:
        p.fail()
    return [tuple(a) for a in alternatives]


class ManaEvents:
    """605.1b: the events of triggered mana abilities, read by
    :meth:`~.abilities.Abilities.event` before its own."""

    def tapped_for_mana(self: Effects) -> Event:  # type: ignore[misc]
        """"you tap a Forest for mana", "a player taps a land for mana", "enchanted land
        is tapped for mana"."""
        if self.eat("enchanted"):
            subject = Objects("attached", tuple(self.kinds()))
            self.need("is tapped for mana")
            return Event("tapped-for-mana", subject)
        whose = "you" if self.eat("you tap") else "each" if self.eat("a player taps") else self.fail()
        self.eat_any("a", "an")
        subject = self.objects("a")
        self.need("for mana")
        return Event("tapped-for-mana", replace(subject, controller="you") if whose == "you" else subject,
                     whose=whose)


@imperative("its controller adds", "that player adds")
def tapper_adds(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"its controller adds an additional {G}": the player who tapped it for mana (605.1b)."""
    return p.add_mana()


@imperative("this mana can't be spent to cast")
def cant_spend(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """106.6: "This mana can't be spent to cast a nonartifact spell" (a Powerstone's): only
    spells without that one feature, and any ability."""
    p.eat_any("a", "an")
    found = features(p, ("spell", "spells"))
    if len(found) != 1 or len(found[0]) != 1 or found[0][0] not in _TYPES and not found[0][0].startswith("non"):
        p.fail()  # one card type or "non"-type: its opposite is a feature too
    f = found[0][0]
    return Effect("spend-only", spend=Spend(((f.removeprefix("non") if f.startswith("non") else f"non{f}",),), ((),)))
