"""The grammar: a recursive-descent parser from tokens to the tree of :mod:`.tree`.

Each rule is a method that either consumes its words and returns a node or raises
:class:`NoParse`, restoring nothing itself: :meth:`Parser.attempt` saves and restores
the position, so alternatives are tried in order.  The furthest position any rule
reached is kept, so a failure names the first words nothing could read
(:class:`ParseError`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ..effects import (
    ATTACKS_IF_ABLE,
    BLOCKS_ONLY_FLYERS,
    CANT_ATTACK,
    CANT_BLOCK,
    DOESNT_UNTAP,
    NOT_BY_POWER_2,
    UNBLOCKABLE,
)
from .lexer import Tok
from .tree import Ability, Condition, Cost, Effect, Event, Number, Objects, TokenSpec

T = TypeVar("T")

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery",
              "battle", "permanent", "spell", "card", "player", "opponent")
PLURAL = {t + "s": t for t in CARD_TYPES if t not in ("sorcery",)} | {"sorceries": "sorcery"}
#: keywords an effect may grant and a static ability may give (the engine checks each)
GRANTABLE = ("flying", "reach", "trample", "first strike", "double strike", "vigilance", "haste",
             "defender", "deathtouch", "lifelink", "menace", "hexproof", "shroud", "indestructible",
             "infect", "wither")
STATES = ("attacking or blocking", "tapped", "untapped", "attacking", "blocking", "legendary", "basic",
          "nonbasic", "token", "nontoken")
STEPS = {"upkeep": "upkeep", "end step": "end", "combat": "combat", "draw step": "draw",
         "precombat main phase": "main1", "postcombat main phase": "main2"}


#: keywords a keyword line may hold (besides the engine's and plugins' own, which
#: :func:`mechanics.abilities.keyword_line` leaves out before the grammar sees the line)
KEYWORDS = ("affinity for artifacts", "battle cry", "undying", "persist", "bloodthirst", "protection from white",
            "protection from blue", "protection from black", "protection from red",
            "protection from green", "flying", "haste", "trample", "vigilance", "reach", "first strike",
            "double strike", "deathtouch", "lifelink", "menace", "hexproof", "indestructible", "defender",
            "flash", "prowess", "infect", "wither")
#: restrictions and requirements a permanent has, as keyword-like abilities the rules check
#: (:mod:`mechanics.text.effects`): the words after the subject
RESTRICTIONS = {
    "can't block": (CANT_BLOCK,), "can't be blocked": (UNBLOCKABLE,),
    "can't attack or block": (CANT_ATTACK, CANT_BLOCK), "can't attack": (CANT_ATTACK,),
    "can block only creatures with flying": (BLOCKS_ONLY_FLYERS,),
    "can't be blocked by creatures with power 2 or less": (NOT_BY_POWER_2,),
    "attacks each combat if able": (ATTACKS_IF_ABLE,),
    "doesn't untap during your untap step": (DOESNT_UNTAP,),
    "doesn't untap during its controller's untap step": (DOESNT_UNTAP,),
}
_BY_FIRST: dict[str, list[str]] = {}
for _k in KEYWORDS:
    _BY_FIRST.setdefault(_k.split()[0], []).append(_k)
NUMBERED = ("bloodthirst",)
#: plural subtypes not made with "s"
IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
             "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus", "allies": "Ally", "faeries": "Faerie",
             "zombies": "Zombie", "sphinxes": "Sphinx", "foxes": "Fox"}
#: keywords followed by a mana cost
COSTED = ("kicker", "flashback", "equip", "cycling", "ward")
#: 207.2c: ability words, which tie cards together and have no rules meaning
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma",
    "constellation", "converge", "corrupted", "coven", "delirium", "descend 4", "descend 8", "domain",
    "eerie", "eminence", "enrage", "fateful hour", "ferocious", "formidable", "grandeur", "hellbent",
    "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
    "metalcraft", "morbid", "pack tactics", "parley", "radiance", "raid", "revolt", "spell mastery",
    "strive", "survival", "sweep", "threshold", "undergrowth", "valiant", "void", "flurry"})


class NoParse(Exception):  # noqa: N818 - control flow inside the parser
    """This rule doesn't read the words here."""


class ParseError(Exception):
    """No rule reads the ability; ``phrase`` is the first words nothing read."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


class Parser:
    """The parser of one ability's tokens (``subtypes``: the words that are creature or
    land types, capitalised in the text)."""

    def __init__(self, toks: list[Tok]) -> None:
        self.toks = toks
        self.words = [t.word for t in toks]
        self.i = 0
        self.far = 0

    # ------------------------------------------------------------------ the cursor
    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.words[j] if 0 <= j < len(self.words) else ""

    def text(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j].text if j < len(self.toks) else ""

    def at(self, phrase: str) -> bool:
        first, rest = _words(phrase)
        i = self.i
        return i < len(self.words) and self.words[i] == first and (
            not rest or self.words[i + 1:i + 1 + len(rest)] == rest)

    def eat(self, phrase: str) -> bool:
        if self.at(phrase):
            self.i += 1 + len(_words(phrase)[1])
            return True
        return False

    def eat_any(self, *phrases: str) -> str:
        for p in phrases:
            if self.eat(p):
                return p
        return ""

    def need(self, phrase: str) -> None:
        if not self.eat(phrase):
            self.fail()

    def fail(self) -> None:
        self.far = max(self.far, self.i)
        raise NoParse

    def attempt(self, rule: Callable[..., T], *args: object) -> T | None:
        start = self.i
        try:
            return rule(*args)
        except NoParse:
            self.i = start
            return None

    def done(self) -> bool:
        return self.i >= len(self.toks)

    def end(self) -> None:
        if not self.done():
            self.fail()

    def error(self) -> ParseError:
        j = max(self.far, self.i)
        words = [t.text for t in self.toks[j:j + 6]]
        text = "".join(w if w in ",.:" or not k else " " + w for k, w in enumerate(words))
        return ParseError(text or "(the end of the ability)")

    # ------------------------------------------------------------------ numbers
    def number(self) -> Number:
        w = self.peek()
        if w.isdigit():
            self.i += 1
            return Number(int(w))
        if w == "x":
            self.i += 1
            return Number(x=True)
        if w in NUMBERS and w != "twice":
            self.i += 1
            return Number(NUMBERS[w])
        self.fail()
        raise AssertionError

    def count_suffix(self, n: Number) -> Number:
        """"..., where X is the number of ...", "for each ..." after an amount."""
        if self.eat("for each"):
            return Number(count=self.objects("each"), times=n.value or 1)
        if n.x and self.eat(", where x is the number of"):
            return Number(count=self.objects("each"))
        if n.x and self.eat(", where x is"):
            self.fail()
        return n

    # ------------------------------------------------------------------ descriptors
    def objects(self, quant: str = "") -> Objects:
        """A descriptor: [up to N] [target|each|all|another|a|N] [other] adjectives
        kinds [controller] [with ...]."""
        up_to = False
        count = 1
        if self.eat("up to"):
            up_to = True
            count = self.number().value
        other = False
        if not quant:
            if self.eat("another target"):
                quant, other = "target", True
            elif self.eat("target"):
                quant = "target"
            elif self.eat_any("each", "all"):
                quant = "each"
            elif self.eat("another"):
                quant, other = "a", True
            elif self.peek() in NUMBERS or self.peek().isdigit():
                count = self.number().value
                quant = "target" if self.eat("target") else "a"
            elif self._plural_ahead():
                quant = "each"  # "creatures you control", "other Elves", "attacking creatures"
            else:
                self.fail()
        elif quant == "each":
            self.eat_any("each", "all")
        if self.eat("other"):
            other = True
        non, colors, states = [], [], []
        while True:
            w = self.peek()
            if w.startswith("non") and w not in ("nonbasic", "nontoken") and len(w) > 3:
                base = w[3:].lstrip("-")
                non.append(COLORS.get(base, base))
                self.i += 1
            elif w in COLORS:
                colors.append(COLORS[w])
                self.i += 1
                if self.eat("or"):
                    continue
            elif w in ("colorless", "multicolored", "monocolored"):
                states.append(w)
                self.i += 1
            elif any(self.at(s) for s in STATES):
                states.append(next(s for s in STATES if self.eat(s)))
                self.eat(",")
            elif w == "," and (self.peek(1).startswith("non") or self.peek(1) in STATES):
                self.i += 1
            else:
                break
        kinds = self.kinds()
        controller = ""
        if self.eat_any("you control", "you own"):
            controller = "you"
        elif self.eat_any("an opponent controls", "your opponents control", "you don't control",
                          "an opponent owns"):
            controller = "opponent"
        with_kw, power, toughness, mv, zone = "", None, None, None, "battlefield"
        while True:
            if self.eat("with"):
                if self.eat("power"):
                    power = self.compare()
                elif self.eat("toughness"):
                    toughness = self.compare()
                elif self.eat("mana value"):
                    mv = self.compare()
                elif (kw := self.eat_any(*GRANTABLE)):
                    with_kw = kw
                else:
                    self.fail()
            elif self.eat("in your graveyard") or self.eat("from your graveyard"):
                zone, controller = "graveyard", "you"
            elif self.eat("in a graveyard") or self.eat("from a graveyard"):
                zone, controller = "graveyard", ""
            elif self.eat("in your hand") or self.eat("from your hand"):
                zone = "hand"
            else:
                break
        if "card" in kinds and zone == "battlefield":
            zone = "library"
        return Objects(quant, tuple(kinds), count, up_to, tuple(non), tuple(colors), controller, other,
                       tuple(states), with_kw, power, mv, zone, toughness=toughness)

    def _plural_ahead(self) -> bool:
        """A plural noun after any adjectives: a bare plural names every such object."""
        j = self.i
        while j < len(self.words) and (self.words[j] in STATES or self.words[j] in COLORS or
                                       self.words[j] == "other" or self.words[j].startswith("non")):
            j += 1
        w, txt = (self.words[j], self.toks[j].text) if j < len(self.words) else ("", "")
        return w in PLURAL or w in IRREGULAR or (txt[:1].isupper() and txt.endswith("s") and w != "~")

    def compare(self) -> tuple[str, int]:
        n = self.number().value
        if self.eat("or less"):
            return ("<=", n)
        if self.eat("or greater"):
            return (">=", n)
        return ("==", n)

    def kinds(self) -> list[str]:
        """Card types, subtypes and ``card``, as alternatives ("artifact or enchantment",
        "Forest or Plains card", "artifact, creature, or planeswalker", "Goblin creature")."""
        out: list[str] = []
        card = False
        while True:
            w, txt = self.peek(), self.text()
            if w in CARD_TYPES or w in PLURAL:
                out.append(PLURAL.get(w, w))
                self.i += 1
                if self.peek() in ("card", "cards", "spell", "spells") and out[-1] not in ("card", "spell"):
                    out.append(PLURAL.get(self.peek(), self.peek()))  # "creature card", "creature spell"
                    self.i += 1
                if self.eat_any("tokens", "token"):
                    out.append("token")
            elif txt[:1].isupper() and txt.isalpha() and w not in ("i", "ii", "iii", "x"):
                out.append(IRREGULAR.get(w) or (txt[:-1] if txt.endswith("s") and not txt.endswith("ss") else txt))
                self.i += 1
                if self.peek() in ("card", "cards", "creature", "creatures", "land", "lands", "permanent",
                                   "permanents", "spell", "spells"):
                    card = card or self.peek().startswith("card")
                    self.i += 1  # "Forest card", "Goblin creature": the subtype says it
                if self.eat_any("tokens", "token"):
                    out.append("token")
            else:
                break
            if self.eat(", or") or self.eat("or") or self.eat("and/or"):
                continue
            if self.peek() == "," and (self.peek(1) in CARD_TYPES or self.peek(1) in PLURAL or
                                       self.text(1)[:1].isupper() and self.peek(1) != "~"):
                self.i += 1
                continue
            break
        if not out:
            self.fail()
        if card or "card" in out:
            out = [k for k in out if k != "card"] + ["card"]
        if "token" in out:
            out = [k for k in out if k != "token"] + ["token"]
        return out

    def amount(self) -> Number:
        """"[N plus] [twice] the number of ...": a count read as it applies."""
        plus = 0
        if self.peek().isdigit() and self.peek(1) == "plus":
            plus = int(self.peek())
            self.i += 2
        times = 2 if self.eat("twice") else 1
        self.need("the number of")
        return Number(plus, count=self.objects("each"), times=times)

    def amount_of(self, antecedent: Objects | None, who: Objects) -> Number:
        """"its power", "~'s power", "the number of ...": an amount read as it resolves."""
        if self.eat("the number of"):
            return Number(count=self.objects("each"))
        if self.eat("its power") or self.eat("~ s power"):
            return Number(power_of=who if who.quant in ("self", "it", "target") else antecedent)
        self.fail()
        raise AssertionError

    def player(self, antecedent: Objects | None = None) -> Objects:
        """A player: you, target player/opponent, each opponent/player, that player."""
        if self.eat("you"):
            return Objects("you", ("player",))
        if self.eat("target opponent"):
            return Objects("target", ("opponent",))
        if self.eat("target player"):
            return Objects("target", ("player",))
        if self.eat("each opponent"):
            return Objects("each", ("opponent",))
        if self.eat("each player"):
            return Objects("each", ("player",))
        if self.eat_any("that spell's controller", "that spell or ability's controller"):
            return Objects("event-player", ("player",))
        if self.eat_any("that player", "its controller", "its owner", "they", "that creature's controller",
                        "that permanent's controller"):
            return Objects("it", ("player",), ref=antecedent)
        self.fail()
        raise AssertionError

    def thing(self, antecedent: Objects | None) -> Objects:
        """Objects, or a pronoun for the antecedent ("it", "that creature") or the source (~)."""
        if self.eat("~"):
            return Objects("self")
        if self.eat_any("it", "that creature", "that permanent", "them", "those creatures", "that card",
                        "those cards", "that land", "that artifact"):
            return Objects("it", ref=antecedent)
        if self.eat_any("enchanted creature", "equipped creature", "enchanted permanent", "enchanted land"):
            return Objects("attached")
        return self.objects()

    def recipient(self, antecedent: Objects | None) -> Objects:
        """What damage is dealt to: any target, a player or a descriptor."""
        if self.eat("any target"):
            return Objects("target", ("creature", "player", "planeswalker"))
        if self.eat("target creature or player"):
            return Objects("target", ("creature", "player"))
        if self.eat("target player or planeswalker"):
            return Objects("target", ("player", "planeswalker"))
        if self.eat("target opponent or planeswalker"):
            return Objects("target", ("opponent", "planeswalker"))
        if self.eat("each creature and each player"):
            return Objects("each", ("creature", "player"))
        if self.eat("each creature and each opponent") or self.eat("each opponent and each creature"):
            return Objects("each", ("creature", "opponent"))
        p = self.attempt(self.player, antecedent)
        if p is not None:
            return p
        return self.thing(antecedent)

    # ------------------------------------------------------------------ effects
    def effects(self, antecedent: Objects | None = None) -> tuple[Effect, ...]:
        """Effect sentences up to the end: each sentence one or more effects joined by
        ", then", ", and", "and" or ","."""
        out: list[Effect] = []
        while not self.done() and self.peek() != '"' and not self.at("activate only"):
            e = self.effect(antecedent)
            out.append(e)
            antecedent = e.what or antecedent
            if self.eat(".") or self.eat(", then") or self.eat(", and") or self.eat("and") or self.eat(","):
                self.eat("then")
                continue
            if not self.done():
                self.fail()
        if not out:
            self.fail()
        return tuple(out)

    def effect(self, antecedent: Objects | None) -> Effect:
        if self.eat("until end of turn ,"):  # 611.2a: "Until end of turn, X gets/gains/becomes ..."
            e = self.effect(antecedent)
            if e.verb not in ("pump", "becomes") or e.until:
                self.fail()
            return _with(e, until="eot")
        optional = not self.at("you may pay") and bool(self.eat("you may"))
        e = None
        for rule in (self.imperative, self.subject_verb):
            e = self.attempt(rule, antecedent)
            if e is not None:
                break
        if e is None:
            self.fail()
        assert e is not None
        if self.eat("instead"):
            e = _with(e, instead=True, condition=self.condition())
        elif self.at("if") or self.at("unless"):
            e = _with(e, condition=self.condition())
        if self.at(", where x is"):
            self.need(", where x is")
            times = 2 if self.eat("twice") else 1
            self.need("the number of")
            e = _bind_x(e, Number(count=self.objects("each"), times=times))
        if optional:
            e = _with(e, optional=True)
        return e

    def condition(self) -> Condition:
        """"if you control three or more artifacts", "unless you control a Forest"."""
        negate = bool(self.eat("unless"))
        if not negate and not self.eat("as long as"):
            self.need("if")
        if self.eat("you control"):
            if self.peek() not in ("a", "an") and (self.peek() in NUMBERS or self.peek().isdigit()):
                n = self.number().value
                kind = "control" if self.eat("or more") else "control-at-most" if self.eat("or fewer") else ""
                if not kind:
                    self.fail()
                return Condition(kind, self.objects("a"), n, negate)
            self.eat_any("a", "an")
            return Condition("control", self.objects("a"), 1, negate)
        if self.eat("it was kicked") or self.eat("~ was kicked"):
            return Condition("kicked", negate=negate)
        if self.eat("it had no"):
            kind = self.counter_kind()
            self.need("on it")
            return Condition("no-counters", negate=negate, what_kind=kind)
        if self.eat("an opponent was dealt damage this turn"):
            return Condition("opponent-damaged", negate=negate)
        if self.eat("a creature died this turn"):
            return Condition("creature-died", negate=negate)
        if self.eat("you have two or more opponents"):
            return Condition("opponents", n=2, negate=negate)
        if self.eat("a player has"):
            n = self.number().value
            self.need("or less life")
            return Condition("a-player-life-at-most", n=n, negate=negate)
        if self.eat("it's not your turn"):
            return Condition("your-turn", negate=not negate)
        if self.eat("it's your turn"):
            return Condition("your-turn", negate=negate)
        if self.eat("you have") and self.peek().isdigit():
            n = self.number().value
            if self.eat("or more life"):
                return Condition("life-at-least", n=n, negate=negate)
            self.fail()
        self.fail()
        raise AssertionError

    def imperative(self, antecedent: Objects | None) -> Effect:
        w = self.peek()
        if self.eat("draw"):
            n = self.count_suffix(self.number())
            self.need("cards") if n.value != 1 or n.x or n.count else self.eat_any("card", "cards") or self.fail()
            return Effect("draw", who=Objects("you", ("player",)), n=n)
        if self.eat("scry") or self.eat("surveil"):
            return Effect(w, n=self.number())
        if self.eat("mill"):
            n = self.number()
            self.need("cards") if n.value != 1 else self.need("card")
            return Effect("mill", who=Objects("you", ("player",)), n=n)
        if self.eat("gain control of"):  # 613.1b: a control-changing effect (layer 2)
            what = self.thing(antecedent)
            self.need("until end of turn")
            return Effect("control", what=what, until="eot")
        if self.eat("gain"):
            n = self.count_suffix(self.number())
            self.need("life")
            n = self.count_suffix(n)
            return Effect("gain-life", who=Objects("you", ("player",)), n=n)
        if self.eat("lose"):
            n = self.number()
            self.need("life")
            return Effect("lose-life", who=Objects("you", ("player",)), n=n)
        if w in ("transform", "flip") and self.peek(1) == "~":  # 701.27, 701.28: a permanent's other face
            self.i += 2
            return Effect(w, what=Objects("self"))
        if w in ("destroy", "exile", "tap", "untap", "sacrifice", "regenerate"):
            self.i += 1
            what = self.thing(antecedent)
            if w == "exile" and what.zone == "library":
                self.fail()
            if w == "destroy" and (self.eat(". it can't be regenerated") or self.eat(". they can't be regenerated")):
                return Effect(w, what=what, kind="no-regeneration")  # 701.19c
            return Effect(w, what=what)
        if self.eat("you may pay"):  # "you may pay {1}. If you do, ..." (118.12)
            sym = self.peek()
            if not (sym.startswith("{") and sym[1:-1].isdigit()):
                self.fail()
            cost = self.text()
            self.i += 1
            self.need(". if you do ,")
            then = [self.effect(antecedent)]
            while self.eat(", then") or self.eat("and"):
                then.append(self.effect(antecedent))
            return Effect("pay-then", cost=cost, then=tuple(then))
        if self.eat("return"):
            what = self.thing(antecedent)
            if self.eat("to its owner's hand") or self.eat("to their owners' hands") or self.eat("to your hand"):
                return Effect("bounce", what=what)
            if self.eat("on top of its owner's library") or self.eat("on top of their owners' libraries"):
                return Effect("bounce", what=what, dest="library")
            if self.eat("to the battlefield"):
                tapped = bool(self.eat("tapped"))
                owner = "owner" if self.eat("under its owner's control") else ""
                self.eat("under your control")
                if self.eat("with"):  # undying, persist: "with a +1/+1 counter on it"
                    n = self.number()
                    kind = self.counter_kind()
                    self.need("on it")
                    return Effect("reanimate", what=what, tapped=tapped, kind=kind, n=n, dest=owner)
                return Effect("reanimate", what=what, tapped=tapped, n=Number(0), dest=owner)
            self.fail()
        if self.eat("put"):
            what = self.attempt(self.objects)
            if what is not None and what.quant == "target" and self.eat("on top of its owner's library"):
                return Effect("bounce", what=what, dest="library")
            if what is not None and what.zone in ("hand", "graveyard") and self.eat("onto the battlefield"):
                return Effect("reanimate", what=what, tapped=bool(self.eat("tapped")))
            if self.peek() in NUMBERS or self.peek().isdigit() or self.peek() == "x":
                n = self.number()
                kind = self.counter_kind()
                self.need("on")
                what = self.thing(antecedent)
                return Effect("counters", what=what, n=self.count_suffix(n), kind=kind)
            self.fail()
        if self.eat("create"):
            n = self.number()
            spec = self.token_spec()
            n = self.count_suffix(n)
            return Effect("token", n=n, token=spec, tapped="tapped" in spec.keywords)
        if self.eat("search your library for"):
            what = self.objects()
            self.eat(",")
            self.eat("reveal it ,") or self.eat("reveal them ,") or self.eat("reveal that card ,")
            if self.eat("put it into your hand") or self.eat("put that card into your hand"):
                dest, tapped = "hand", False
            elif self.eat("put it onto the battlefield"):
                dest, tapped = "battlefield", bool(self.eat("tapped"))
            else:
                self.fail()
            self.need(", then shuffle") if self.at(", then shuffle") else self.need("then shuffle")
            return Effect("search", what=what, dest=dest, tapped=tapped)
        if self.eat("counter"):
            what = self.objects()
            if "spell" not in what.kinds and not any(k in ("creature", "noncreature") for k in what.kinds):
                self.fail()
            cost = ""
            if self.eat("unless its controller pays"):
                sym = self.peek()
                if not (sym.startswith("{") and sym[1:-1].isdigit()):
                    self.fail()
                cost = self.text()
                self.i += 1
            return Effect("counter-spell", what=what, cost=cost)
        if self.eat_any("investigate", "proliferate"):
            return Effect(w)
        if self.eat("add"):
            return self.add_mana()
        if self.eat("prevent all combat damage that would be dealt this turn"):  # 615.1a
            return Effect("prevent-combat")
        if self.eat("shuffle"):
            self.eat("your library")
            return Effect("shuffle")
        if self.eat("discard"):
            n = self.number()
            self.need("cards") if n.value != 1 else self.need("card")
            return Effect("discard", who=Objects("you", ("player",)), n=n)
        if self.eat("attach ~ to") or self.eat("attach it to"):
            return Effect("attach", what=self.objects())
        self.fail()
        raise AssertionError

    def add_mana(self) -> Effect:
        """"Add {G}", "Add {R} or {G}", "Add {G}{G}", "Add one mana of any color"."""
        if self.eat("one mana of any color"):
            return Effect("mana", mana="WUBRG", n=Number(1))
        syms = []
        while self.peek().startswith("{") and self.peek()[1:-1] in ("w", "u", "b", "r", "g", "c"):
            syms.append(self.peek()[1:-1].upper())
            self.i += 1
            if self.eat(",") and self.eat("or") or self.eat("or") or self.eat(","):
                if not self.peek().startswith("{"):
                    self.fail()
                syms.append("|")
        if not syms:
            self.fail()
        if "|" in syms:
            return Effect("mana", mana="".join(s for s in syms if s != "|"), n=Number(1))
        if len(set(syms)) > 1:  # "Add {G}{U}": both
            return Effect("mana", mana="".join(syms), n=Number(1), kind="all")
        return Effect("mana", mana=syms[0], n=self.count_suffix(Number(len(syms))))

    def counter_kind(self) -> str:
        w = self.peek()
        if w in ("+1/+1", "-1/-1") or (w.isalpha() and self.peek(1) in ("counter", "counters")):
            self.i += 1
            self.need("counters") if self.peek() == "counters" else self.need("counter")
            return w
        self.fail()
        raise AssertionError

    def token_spec(self) -> TokenSpec:
        """"a 1/1 white Soldier creature token [with flying]", "a Treasure token"."""
        self.eat("tapped")
        tapped = self.peek(-1) == "tapped"
        if self.peek() in ("treasure", "clue", "food", "blood", "map", "gold"):
            name = self.text()
            self.i += 1
            self.need("tokens") if self.peek() == "tokens" else self.need("token")
            return TokenSpec(name, types=("Artifact",), keywords=("tapped",) if tapped else ())
        spec = self.creature()
        self.need("tokens") if self.peek() == "tokens" else self.need("token")
        kws: list[str] = []
        if self.eat("with"):
            while (kw := self.eat_any(*GRANTABLE)):
                kws.append(kw)
                if not (self.eat(",") and self.eat("and") or self.eat("and") or self.eat(",")):
                    break
            if not kws:
                self.fail()
        if not spec.name:
            self.fail()
        return replace(spec, keywords=tuple(kws) + (("tapped",) if tapped else ()))

    def subject_verb(self, antecedent: Objects | None) -> Effect:
        """An effect with a subject: "~ deals 3 damage to any target", "target creature
        gets +3/+3 until end of turn", "each opponent loses 2 life", "you draw a card"."""
        who = self.attempt(self.player, antecedent)
        if who is None:
            who = self.thing(antecedent)
        if self.eat_any("deals", "deal"):
            if self.eat("damage equal to"):  # "deals damage equal to its power to ..."
                n = self.amount_of(antecedent, who)
                self.need("to")
                return Effect("damage", what=self.recipient(antecedent), who=who, n=n)
            n = self.number()
            if self.at("damage instead"):
                self.need("damage")
                return Effect("damage", who=who, n=n)
            self.need("damage to")
            to = self.recipient(antecedent)
            return Effect("damage", what=to, who=who, n=self.count_suffix(n))
        if who.players_only and self.eat("reveals their hand . you choose"):
            self.eat_any("a", "an")
            what = self.objects("a")
            self.need("from it")
            if self.eat("with mana value"):
                what = _with(what, mana_value=self.compare())
            self.need(". that player discards that card")
            return Effect("discard-chosen", who=who, what=what)
        if who.players_only or who.quant == "you":
            if self.eat_any("draws", "draw"):
                n = self.number()
                self.eat_any("cards", "card") or self.fail()
                return Effect("draw", who=who, n=self.count_suffix(n))
            if self.eat_any("gains", "gain"):
                n = self.number()
                self.need("life")
                return Effect("gain-life", who=who, n=self.count_suffix(n))
            if self.eat_any("loses", "lose"):
                n = self.number()
                self.need("life")
                return Effect("lose-life", who=who, n=self.count_suffix(n))
            if self.eat_any("discards", "discard"):
                n = self.number()
                self.eat_any("cards", "card") or self.fail()
                return Effect("discard", who=who, n=n)
            if self.eat_any("mills", "mill"):
                n = self.number()
                self.eat_any("cards", "card") or self.fail()
                return Effect("mill", who=who, n=n)
            if self.eat_any("sacrifices", "sacrifice"):
                return Effect("sacrifice", who=who, what=self.objects("a") if not self.at("a") and not
                              self.at("an") else (self.eat_any("a", "an") and self.objects("a")))
            self.fail()
        if self.eat_any("gets", "get"):
            pt = self.pt()
            kws: tuple[str, ...] = ()
            if self.eat("and gains") or self.eat("and gain"):
                kws = self.keyword_list()
            until = "eot" if self.eat("until end of turn") else ""
            pt = (self.count_suffix(pt[0]), pt[1]) if self.at("for each") else pt
            return Effect("pump", what=who, pt=pt, keywords=kws, until=until)
        if self.eat_any("gains", "gain"):
            kws = self.keyword_list()
            until = "eot" if self.eat("until end of turn") else ""
            return Effect("pump", what=who, keywords=kws, until=until)
        if self.eat_any("becomes", "become"):  # 305.7, 613: a manland: "becomes a 3/3 red Elemental creature"
            return self.becomes(who)
        if self.eat("can't block this turn"):
            return Effect("cant-block", what=who, until="eot")
        if self.eat("can't be blocked this turn"):
            return Effect("unblockable", what=who, until="eot")
        if self.eat_any("explores"):
            return Effect("explore", what=who)
        if self.eat_any("fights"):
            return Effect("fight", what=self.thing(antecedent), who=who)
        self.fail()
        raise AssertionError

    def creature(self) -> TokenSpec:
        """"3/3 red and green Elemental [artifact] creature": a token's or a manland's."""
        pt = self.peek()
        if "/" not in pt or not all(p.isdigit() for p in pt.split("/")):
            self.fail()
        p, t = (int(v) for v in pt.split("/"))
        self.i += 1
        colors: list[str] = []
        while self.peek() in COLORS or self.peek() in ("and", "colorless"):
            if self.peek() in COLORS:
                colors.append(COLORS[self.peek()])
            self.i += 1
        subs = []
        while self.text()[:1].isupper():
            subs.append(self.text())
            self.i += 1
        types = ["Creature"]
        if self.eat("artifact creature"):
            types = ["Artifact", "Creature"]
        else:
            self.need("creature")
        return TokenSpec(" ".join(subs), p, t, tuple(colors), tuple(types))

    def becomes(self, who: Objects) -> Effect:
        """"becomes a 3/3 red and green Elemental creature [with KEYWORDS] [until end of
        turn]. It's still a land." (the new characteristics in layers 4, 5, 6, 7b)."""
        self.need("a")
        spec = self.creature()
        kws: tuple[str, ...] = ()
        if self.eat("with"):
            kws = self.keyword_list()
        until = "eot" if self.eat("until end of turn") else ""
        if self.at(". it's still a land"):
            self.need(". it's still a land")
        return Effect("becomes", what=who, token=replace(spec, keywords=kws), until=until)

    def pt(self) -> tuple[Number, Number]:
        w = self.peek()
        if "/" not in w:
            self.fail()
        p, t = w.split("/")
        self.i += 1
        return _signed(p), _signed(t)

    def keyword_list(self) -> tuple[str, ...]:
        kws = []
        while (kw := self.eat_any(*GRANTABLE)):
            kws.append(kw)
            if not (self.eat(", and") or self.eat("and") or (self.at(",") and self.peek(1) != "then"
                                                             and self.eat(","))):
                break
        if not kws:
            self.fail()
        return tuple(kws)

    # ------------------------------------------------------------------ abilities
    def costs(self, end: str = ":") -> Cost:
        """"{2}{G}, {T}, Pay 1 life, Sacrifice ~:" up to the colon (``end``)."""
        mana, tap, life, sac_self, sac, discard = "", False, 0, False, None, 0
        w = self.peek()
        if (w.lstrip("+-").isdigit()) and self.peek(1) == ":":  # "[+1]:", "[−2]:", "[0]:" (606.4)
            self.i += 2
            return Cost(loyalty=int(w))
        while True:
            w = self.peek()
            if w == "{t}":
                tap = True
                self.i += 1
            elif w.startswith("{") and w not in ("{q}", "{e}"):
                while self.peek().startswith("{") and self.peek() not in ("{t}", "{q}", "{e}"):
                    mana += self.text()
                    self.i += 1
            elif self.eat("pay"):
                life = self.number().value
                self.need("life")
            elif self.eat("sacrifice ~"):
                sac_self = True
            elif self.eat("sacrifice"):
                other = self.eat("another")
                self.eat_any("a", "an")
                sac = _with(self.objects("a"), other=True) if other else self.objects("a")
            elif self.eat("discard a card"):
                discard = 1
            else:
                self.fail()
            if self.eat(end):
                return Cost(mana, tap, False, life, sac_self, sac, discard)
            self.need(",")

    def ability(self, spell: bool) -> Ability:
        """One ability (a line of the card, a modal group's lines joined by ``•``)."""
        self.ability_word()
        start = self.i
        for rule in (self.keywords, self.cast_cost, self.triggered, self.activated, self.static, self.enters):
            ab = self.attempt(rule)
            if ab is not None:
                return ab
            self.i = start
        if spell:
            effects = self.effects()
            return Ability("spell", effects=effects)
        self.fail()
        raise AssertionError

    def keywords(self) -> Ability:
        """A keyword line: "Flying, haste", "Kicker {R}", "Flashback {2}{R}", "Battle cry",
        "Protection from red", "Bloodthirst 1" (each keyword in :data:`KEYWORDS` or
        with a cost in :data:`COSTED`)."""
        found: list[tuple[str, str]] = []
        while True:
            kw = next((k for k in _BY_FIRST.get(self.peek(), ()) if self.at(k)), None)
            if kw is not None:
                self.eat(kw)
                arg = ""
                if kw in NUMBERED:
                    arg = self.peek()
                    if not arg.isdigit():
                        self.fail()
                    self.i += 1
                found.append((kw, arg))
            elif self.peek() in COSTED:
                kw = self.peek()
                self.i += 1
                cost = ""
                if self.eat("—"):  # "Cycling—Pay 2 life.", "Ward—Pay 3 life."
                    paid = self.costs(".")
                    if paid.mana or paid.tap or paid.sacrifice or paid.discard or not paid.life:
                        self.fail()
                    cost = f"{paid.life} life"
                while self.peek().startswith("{") and self.peek() not in ("{t}", "{q}"):
                    cost += self.text()
                    self.i += 1
                if not cost:
                    self.fail()
                found.append((kw, cost))
            else:
                self.fail()
            if self.done():
                break
            if not self.eat(","):
                self.fail()
        return Ability("keyword", modes=(), keyword="|".join(k for k, _ in found),
                       arg="|".join(a for _, a in found))

    def cast_cost(self) -> Ability:
        """601.2f: "As an additional cost to cast ~, sacrifice a creature" (or discard a
        card, pay N life)."""
        if self.eat("~ costs"):  # 601.2f: "~ costs {1} less to cast for each ..." / "... if COND"
            sym = self.peek()
            if not (sym.startswith("{") and sym[1:-1].isdigit()):
                self.fail()
            self.i += 1
            self.need("less to cast")
            n = int(sym[1:-1])
            if self.eat("for each"):
                less = Effect("less", n=Number(count=self.objects("each"), times=n))
            else:
                less = Effect("less", n=Number(n), condition=self.condition())
            self.need(".")
            self.end()
            return Ability("cast-cost", effects=(less,))
        self.need("as an additional cost to cast ~ ,")
        cost = self.costs(".")
        self.end()
        return Ability("cast-cost", cost=cost)

    def ability_word(self) -> None:
        """207.2c: an ability word ("Landfall —") has no rules meaning of its own."""
        j = 0
        while self.peek(j).isalpha() and self.peek(j) not in ("when", "whenever", "at"):
            j += 1
        words = " ".join(self.words[self.i:self.i + j])
        if j and self.peek(j) == "—" and (words in ABILITY_WORDS or self.peek(j + 1) in (
                "when", "whenever", "at", "~", "as", "if")):
            self.i += j + 1

    def triggered(self) -> Ability:
        if self.eat("at the beginning of"):
            whose = "each"
            if self.eat("your"):
                whose = "you"
            elif self.eat("each opponent's"):
                whose = "opponent"
            elif self.eat("the next") or self.eat("each"):
                whose = "each"
            else:
                self.eat("the")
            step = next((s for p, s in STEPS.items() if self.eat(p)), None)
            if step is None or (whose == "each" and step == "end" and self.peek(-3) == "next"):
                self.fail()
            if self.eat("on your turn"):
                whose = "you"
            event = Event("step", step=step, whose=whose)
        else:
            if not self.eat_any("whenever", "when"):
                self.fail()
            event = self.event()
        self.need(",")
        cond = None
        if self.at("if"):
            cond = self.condition()
            self.need(",")
        subject = event.subject
        antecedent = Objects("self") if subject is None or subject.quant == "self" else Objects("event", subject.kinds)
        if self.at("choose"):
            return self.modal(event, cond)
        effects = self.effects(antecedent)
        return Ability("triggered", effects=effects, event=event, condition=cond)

    def event(self) -> Event:
        if self.eat("you cast"):
            spell = self.objects("a") if self.eat_any("a", "an") else self.fail()
            return Event("cast", spell=spell)
        if self.eat("you gain life"):
            return Event("gain-life")
        if self.eat("you draw a card"):
            return Event("draw", Objects("you", ("player",)))
        if self.eat("an opponent draws a card"):
            return Event("draw", Objects("each", ("opponent",)))
        if self.eat("you cycle or discard another card") or self.eat("you cycle another card"):
            self.fail()
        subject = self.attempt(self.thing, None)
        if subject is None:
            subject = self.objects("a") if self.eat_any("a", "an") else self.fail()
        if subject.quant == "a" and "land" in subject.kinds and subject.controller == "you" and \
                self.eat("enters"):
            return Event("enters", subject)
        if self.eat_any("enters", "enter"):
            return Event("enters", subject)
        if self.eat("dies"):
            return Event("dies", subject)
        if self.eat("attacks"):
            return Event("attacks", subject)
        if self.eat("blocks"):
            return Event("blocks", subject)
        if self.eat("becomes blocked"):
            return Event("becomes-blocked", subject)
        if self.eat("deals combat damage to a player") or self.eat("deals combat damage to an opponent"):
            return Event("combat-damage", subject, to_player=True)
        if self.eat("leaves the battlefield"):
            return Event("leaves", subject)
        if self.eat("becomes the target of a spell"):  # 702.21a-like: a BecameTarget event
            kinds = ("spell", "ability") if self.eat("or ability") else ("spell",)
            whose = "you" if self.eat("you control") else "opponent" if self.eat("an opponent controls") else "any"
            if self.at("for the first time"):
                self.fail()
            return Event("becomes-target", subject, Objects("a", kinds), whose=whose)
        if self.eat("is put into a graveyard from the battlefield"):
            return Event("put-into-graveyard", subject)
        self.fail()
        raise AssertionError

    def activated(self) -> Ability:
        cost = self.costs()
        effects = self.effects(Objects("self"))
        sorcery = once = False
        while not self.done():
            if self.eat("activate only as a sorcery ."):
                sorcery = True
            elif self.eat("activate only once each turn ."):
                once = True
            else:
                self.fail()
        return Ability("activated", effects=effects, cost=cost, sorcery=sorcery, once_each_turn=once)

    def modal(self, event: Event | None = None, cond: Condition | None = None) -> Ability:
        """700.2: "choose one —" then "•" modes."""
        self.need("choose")
        how = self.eat_any("one or more", "one or both", "one", "two")
        if not how:
            self.fail()
        self.need("—")
        least, most = {"one": (1, 1), "two": (2, 2), "one or both": (1, 2), "one or more": (1, 99)}[how]
        modes = []
        while self.eat("•"):
            name = 0
            while self.text(name)[:1].isupper() or self.peek(name) in ("the", "of", "a", "to"):
                name += 1
            if name and self.peek(name) == "—" and "~" not in self.words[self.i:self.i + name]:
                self.i += name + 1  # a mode's name
            start = len(self.toks)
            end = next((j for j in range(self.i, len(self.toks)) if self.toks[j].word == "•"), start)
            sub = Parser(self.toks[self.i:end])
            try:
                modes.append(sub.effects(Objects("self") if event else None))
            except NoParse:
                self.far = self.i + sub.far
                raise
            self.i = end
        if not modes:
            self.fail()
        return Ability("modal", event=event, condition=cond, modes=tuple(modes), least=least,
                       most=min(most, len(modes)))

    def static(self) -> Ability:
        """604: "Creatures you control get +1/+1", "Other Elves you control get +1/+1 and
        have trample", "Enchanted creature gets +2/+2", "~ has flying as long as COND"."""
        if self.at("choose"):
            return self.modal()
        who = self.thing(None) if not self.at("other") else self.objects("each")
        if who.quant in ("a", "target", "it"):
            self.fail()
        pt: tuple[Number, Number] | None = None
        kws: tuple[str, ...] = ()
        rule = next((r for r in sorted(RESTRICTIONS, key=len, reverse=True) if self.at(r)), None)
        if rule is not None:  # 509.1b, 508.1d, 502.3: a restriction as a keyword-like ability
            self.eat(rule)
            self.need(".")
            self.end()
            return Ability("static", effects=(Effect("pump", what=who, keywords=RESTRICTIONS[rule]),))
        if self.eat_any("gets", "get"):
            pt = self.pt()
            if self.eat("and has") or self.eat("and have"):
                kws = self.keyword_list()
        elif self.eat_any("has", "have"):
            kws = self.keyword_list()
        else:
            self.fail()
        cond = self.condition() if self.at("as long as") else None
        self.need(".")
        self.end()
        return Ability("static", effects=(Effect("pump", what=who, pt=pt, keywords=kws),), condition=cond)

    def enters(self) -> Ability:
        """614.1c: "~ enters tapped [unless COND]", "~ enters with N counters on it"."""
        if self.eat("as ~ enters , you may pay 2 life . if you don't , it enters tapped ."):
            self.end()
            return Ability("enters", effects=(Effect("shock"),))
        if self.eat("~ can't be countered ."):  # 101.2: the counter primitive checks it
            self.end()
            return Ability("keyword", keyword="can't be countered", arg="")
        if self.eat("enchant"):  # 702.5a, 303.4a: the Aura's targets and what it may stay on
            self.kinds()
            self.eat_any("you control", "an opponent controls", "you don't control")
            self.end()
            return Ability("keyword", keyword="enchant", arg="")
        lead = None
        if self.at("if"):
            lead = self.condition()
            self.need(",")
            lead = Condition(lead.kind, lead.what, lead.n, not lead.negate)  # tapped unless not COND
        if self.eat("~ enters tapped"):
            cond = self.condition() if self.at("unless") and lead is None else lead
            self.need(".")
            self.end()
            return Ability("enters", effects=(Effect("enter-tapped", condition=cond),))
        if self.eat("~ enters with"):
            n = self.number()
            kind = self.counter_kind()
            self.need("on it")
            self.need(".")
            self.end()
            cond = None if lead is None else Condition(lead.kind, lead.what, lead.n, not lead.negate)
            return Ability("enters", effects=(Effect("counters", what=Objects("self"), n=n, kind=kind,
                                                     condition=cond),))
        self.fail()
        raise AssertionError


@functools.cache
def _words(phrase: str) -> tuple[str, list[str]]:
    first, *rest = phrase.split()
    return first, rest


def _signed(s: str) -> Number:
    if s.lstrip("+-") == "x":
        return Number(x=True, times=-1 if s.startswith("-") else 1)
    return Number(int(s))


def _bind_x(e: Effect, n: Number) -> Effect:
    """", where X is the number of ...": X in the effect's numbers is that count."""
    def bound(v: Number) -> Number:
        return Number(count=n.count, times=n.times * v.times) if v.x else v
    if not e.n.x and not (e.pt and (e.pt[0].x or e.pt[1].x)):
        raise NoParse
    return _with(e, n=bound(e.n), pt=(bound(e.pt[0]), bound(e.pt[1])) if e.pt else None)


def _with(e: Any, **kw: object) -> Any:
    """A node like ``e`` with some fields changed (nodes are frozen)."""
    return replace(e, **kw)

