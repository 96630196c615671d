"""The grammar's nouns: numbers, object and player descriptors, conditions.

"target nonland permanent an opponent controls", "for each artifact you control",
"if you control three or more artifacts": the phrases every sentence is built from,
learnt once here so each effect and ability rule reads them the same way.
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Condition, Number, Objects
from .core import _with
from .counters import counter_on
from .traits import Traits
from .words import (
    CARD_TYPES,
    COLORS,
    GRANTABLE,
    IRREGULAR,
    NUMBERS,
    OBJECT_TYPES,
    PLURAL,
    STATES,
)

#: how many targets damage "divided as you choose among ..." may have, by its words
_HOW_MANY = {"any number of": 99, "one or two": 2, "one , two , or three": 3}


class Descriptors(Traits):
    """The rules for numbers, object and player descriptors and conditions."""

    #: the trigger's event names a player ("deals damage to a player", "attacks"): "that
    #: player" / "defending player" is that one
    event_player = False
    #: the count ", where X is the number of ..." just bound, for the sentence's other X
    x_is: Number | None = None
    #: the last target player named, whom a later "that player controls" means
    last_player: Objects | None = None
    #: the sentence began "Until end of turn," so each of its effects lasts until then
    whole_turn = ""
    #: the trigger's event has an amount ("is dealt damage"): "that much" is it
    event_amount = False
    #: the trigger is "whenever ~ becomes blocked": "each creature blocking it" blocks the source
    blocked_self = False
    #: a rule that binds "X" afterwards (", where X is ..."): "mana value X or less" reads as
    #: the comparison ``("<=x", 0)`` there (:mod:`.library`), and fails anywhere else
    x_bound = False

    # ------------------------------------------------------------------ numbers
    def number(self) -> Number:
        w = self.peek()
        if w.isdigit():
            self.i += 1
            return Number(int(w))
        if w == "x":
            self.i += 1
            return Number(x=True)
        if self.event_amount and self.eat("that much"):  # "it deals that much damage to you": the event's
            return Number(amount=True)
        if w == "that" and self.peek(1) == "much":  # the amount just paid (compiled only after a payment)
            self.i += 2
            return Number(paid=True)
        if w in NUMBERS and w != "twice":
            self.i += 1
            return Number(NUMBERS[w])
        self.fail()
        raise AssertionError

    def count_suffix(self, n: Number) -> Number:
        """"..., where X is the number of ...", "for each ..." after an amount."""
        if self.eat("for each"):
            kind = self.attempt(self.counter_kind)
            if kind is not None:  # "for each +1/+1 counter on ~" (modular, 702.43a)
                self.need("on")
                return Number(counters_on=(kind, self.thing(None)), times=n.value or 1)
            return replace(self.counted(), times=n.value or 1)
        if n.x and self.eat(", where x is the number of"):
            self.x_is = self.counted()  # every X of the sentence (:meth:`.effects.Effects.effects`)
            return self.x_is
        if n.x and self.eat(", where x is ~ s power"):  # 608.2h: as it last existed if it has left
            return Number(power_of=Objects("self"), stat="power")
        if n.x and self.eat(", where x is"):
            if not self.at("the greatest"):
                self.fail()
            self.x_is = self.greatest()
            return self.x_is
        return n

    def counted_pt(self, pt: tuple[Number, Number]) -> tuple[Number, Number]:
        """A P/T change and the count after it: "+1/+1 for each artifact you control" (each
        part times the count), "+X/+X, where X is the number of creature cards in all
        graveyards" (each X that count)."""
        if self.at("for each"):
            each = self.count_suffix(Number(1))
            return (replace(each, times=pt[0].value) if pt[0].value else pt[0],
                    replace(each, times=pt[1].value) if pt[1].value else pt[1])
        if (pt[0].x or pt[1].x) and self.eat(", where x is the number of"):
            n = self.counted()
            return (replace(n, times=pt[0].times) if pt[0].x else pt[0],
                    replace(n, times=pt[1].times) if pt[1].x else pt[1])
        return pt

    # ------------------------------------------------------------------ descriptors
    def objects(self, quant: str = "") -> Objects:
        """A descriptor: [up to N] [target|each|all|another|a|N] [other] adjectives
        kinds [controller] [with ...]."""
        up_to = False
        count = 1
        if not quant and self.at("each of") and (self.peek(2) == "up" or self.peek(3) == "target"):
            self.i += 2  # "each of up to two target creatures": those targets, each of them
        if self.eat("up to"):
            up_to = True
            count = self.number().value
        other = False
        if not quant:
            if self.eat("another target") or (up_to and self.eat("other target")):  # "up to one other target"
                quant, other = "target", True
            elif self.eat("target"):
                quant = "target"
            elif self.eat_any("each", "all"):
                quant = "each"
            elif self.eat("another"):
                quant, other = "a", True
            elif up_to:
                quant = "a"  # "up to two basic land cards": chosen as it resolves
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
        kinds = self.kinds(both=quant == "each")
        controller = ""
        player: Objects | None = None  # whose, for "that player controls"
        if self.eat_any("you control", "you own"):
            controller = "you"
        elif self.eat_any("an opponent controls", "your opponents control", "you don't control",
                          "an opponent owns"):
            controller = "opponent"
        elif self.at("that player controls") and (self.event_player or self.last_player is not None):
            self.eat("that player controls")  # the player the trigger names, or the one just named
            controller = "that-player"
            player = Objects("event-player", ("player",)) if self.event_player else self.last_player
        elif self.event_player and self.eat("defending player controls"):  # 506.3d: the attacked one
            controller = "defending"
        elif quant == "target" and self.eat("that player or that planeswalker's controller controls"):
            controller = "that-target"  # 601.2c: the player of the target before it (Searing Blaze)
        with_kw, power, toughness, mv, zone, without = "", None, None, None, "battlefield", ""
        mv_counters = ""
        while True:
            if quant == "a" and self.eat("at random"):  # "a creature card at random from your graveyard"
                quant = "random"
            elif self.eat("that was dealt damage this turn"):  # Fatal Blow
                states.append("damaged")
            elif self.blocked_self and self.eat("blocking it"):  # Elvish Berserker (select.matches)
                states.append("blocking-source")
            elif self.eat("that died this turn"):  # a count of the turn's deaths (select.died_this_turn)
                states.append("died")
            elif self.eat("dealt damage by ~ this turn"):  # Sengir Vampire: by the source (select.damaged_by)
                states.append("damaged-by-self")
            elif self.eat("without"):  # "each creature without flying"
                if (kind := self.attempt(counter_on, self)) is not None:  # "without a +1/+1 counter on it"
                    states.append(f"no-counter:{kind}")
                else:
                    without = self.eat_any(*GRANTABLE, "flanking") or self.fail()
            elif self.eat("with"):
                if (kind := self.attempt(counter_on, self)) is not None:  # "with a +1/+1 counter on it"
                    states.append(f"counter:{kind}")
                elif self.eat("mana value equal to the number of"):  # Aether Vial
                    mv_counters = self.counter_kind()
                    self.need("on ~")
                elif self.eat("power"):
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
            elif (self.eat("in a graveyard") or self.eat("from a graveyard") or self.eat("in all graveyards")
                  or self.eat("from graveyards")):
                zone, controller = "graveyard", ""  # any player's
            elif self.eat("from defending player's graveyard") or self.eat("in defending player's graveyard"):
                zone, controller = "graveyard", "defending"  # the player the attack trigger names
            elif self.eat("on the battlefield"):  # "creatures on the battlefield": anyone's
                pass
            elif self.eat("in your hand") or self.eat("from your hand"):
                zone = "hand"
            elif self.eat("that convoked it") or self.eat("that convoked ~"):  # 702.51c
                states.append("convoked")
            elif "card" in kinds and (self.eat("exiled with it") or self.eat("exiled with ~")):  # 702.66a
                zone = "exile"
                states.append("delved")  # the cards exiled to pay for it with delve
            else:
                break
        if "card" in kinds and zone == "battlefield":
            zone = "library"
        same_name = quant == "target" and count == 1 and not up_to and bool(self.attempt(self._same_name, kinds))
        return Objects(quant, tuple(kinds), count, up_to, tuple(non), tuple(colors), controller, other,
                       tuple(states), with_kw, power, mv, zone, toughness=toughness, same_name=same_name,
                       mv_counters=mv_counters, without=without, ref=player)

    def _same_name(self, kinds: list[str]) -> bool:
        """"... and all other permanents with the same name as that permanent" after a
        target: those too (201.2: the same name)."""
        self.need("and all other")
        if self.kinds() != kinds and self.words[self.i - 1] != "permanents":
            self.fail()
        self.need("with the same name as that")
        self.kinds()
        return True

    def _plural_ahead(self) -> bool:
        """A plural noun after any adjectives: a bare plural names every such object."""
        j = self.i
        while j < len(self.words) and (self.words[j] in STATES or self.words[j] in COLORS or
                                       self.words[j] == "other" or self.words[j].startswith("non")):
            j += 1
        w, txt = (self.words[j], self.toks[j].text) if j < len(self.words) else ("", "")
        if txt[:1].isupper() and txt.isalpha() and w != "commander" and j + 1 < len(self.words) and \
                self.words[j + 1] in PLURAL:
            return True  # "Sliver creatures you control": a subtype before a plural noun (903.3: not "Commander")
        return w in PLURAL or w in IRREGULAR or (txt[:1].isupper() and txt.endswith("s") and w != "~")

    def card_name(self) -> str:
        """A card's name after "named", up to the comma or "and" after it (a name may hold
        a comma: "Ajani, Valiant Protector")."""
        start = self.i
        while not self.done() and not (self.peek() in (",", ".", "and") and self.peek(1) in (
                "reveal", "put", "and", "then", "")) and not self.at("and put"):
            self.i += 1
        words = [t.text for t in self.toks[start:self.i]]
        if not any(c.isalnum() for w in words for c in w):
            self.fail()  # "named ~": not read here
        return "".join(w if w == "," or not k else " " + w for k, w in enumerate(words))

    def divided_targets(self) -> Objects:
        """601.2d, after "damage divided as you choose among": "any number of targets", "one
        or two targets", "one, two, or three target attacking or blocking creatures": one
        to that many targets (each is dealt at least 1)."""
        most = next((n for words, n in _HOW_MANY.items() if self.eat(words)), 0)
        if not most:
            self.fail()
        if self.eat("targets"):
            return Objects("target", ("creature", "player", "planeswalker"), count=most)
        d = self.objects()
        if d.quant != "target":
            self.fail()
        return _with(d, count=most)

    def compare(self) -> tuple[str, int]:
        if self.peek() == "x" and self.x_bound and self.peek(1) == "or":
            self.i += 1
            return ("<=x", 0) if self.eat("or less") else (">=x", 0) if self.eat("or greater") else self.fail()
        if self.peek() == "x":
            self.fail()  # "with mana value X": a comparison with the X paid, not read here
        n = self.number().value
        if self.eat("or less"):
            return ("<=", n)
        if self.eat("or greater"):
            return (">=", n)
        return ("==", n)

    def kinds(self, both: bool = False) -> list[str]:
        """Card types, subtypes and ``card``, as alternatives ("artifact or enchantment",
        "Forest or Plains card", "artifact, creature, or planeswalker", "Goblin creature");
        card types together are one kind that has them all ("artifact land card").
        ``both``: of an "each" descriptor, where "and" joins kinds too ("all artifacts,
        creatures, and enchantments", "each creature and planeswalker": each object of
        any of them)."""
        out: list[str] = []
        card = False
        while True:
            w, txt = self.peek(), self.text()
            if w in CARD_TYPES or w in PLURAL:
                out.append(PLURAL.get(w, w))
                self.i += 1
                while out[-1] in OBJECT_TYPES and PLURAL.get(self.peek(), self.peek()) in OBJECT_TYPES:
                    out[-1] += " " + PLURAL.get(self.peek(), self.peek())  # "artifact creature": both (205.2a)
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
                                   "permanents", "spell", "spells", "planeswalker", "planeswalkers"):
                    card = card or self.peek().startswith("card")
                    self.i += 1  # "Forest card", "Goblin creature": the subtype says it
                if self.eat_any("tokens", "token"):
                    out.append("token")
            else:
                break
            if self.eat(", or") or self.eat("or") or self.eat("and or"):  # "and/or": the lexer drops "/"
                continue
            if both and self._kind_after(", and" if self.at(", and") else "and"):
                continue
            if self.peek() == "and" and self.peek(1) in CARD_TYPES and self.peek(2) in ("card", "cards"):
                self.i += 1  # "each instant and sorcery card": either type (Murktide Regent)
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

    def _kind_after(self, conj: str) -> bool:
        """Eat ``conj`` when a card type or a subtype follows it ("artifacts and enchantments")."""
        if not self.at(conj):
            return False
        j = len(conj.split())
        w, txt = self.peek(j), self.text(j)
        if not (w in CARD_TYPES or w in PLURAL or txt[:1].isupper() and txt.isalpha()) or w in ("player", "players",
                                                                                           "opponent", "opponents"):
            return False
        self.i += j
        return True

    def counted(self) -> Number:
        """What "the number of" or "for each" counts: "basic land types among lands you
        control" (domain, 305.6), "creatures in your party" (700.8), or the objects of a
        descriptor ("artifacts you control")."""
        if self.eat("basic land types among lands you control") or self.eat(
                "basic land type among lands you control"):
            return Number(count=Objects("domain"))  # the counts of :mod:`..counts`
        if self.eat("creatures in your party") or self.eat("creature in your party"):
            return Number(count=Objects("party"))
        if self.eat("colors among permanents you control"):  # vivid
            return Number(count=Objects("colors"))
        return Number(count=self.objects("each"))

    def greatest(self) -> Number:
        """"the greatest power among creatures you control", "the greatest mana value among
        permanents you control": that of the one with the most, read as it resolves (0 if
        there is none)."""
        self.need("the greatest")
        stat = self.eat_any("power", "toughness", "mana value") or self.fail()
        self.need("among")
        return Number(power_of=self.objects("each"), stat=stat)

    def amount(self) -> Number:
        """"[N plus] [twice] the number of ...": a count read as it applies."""
        plus = 0
        if self.peek().isdigit() and self.peek(1) == "plus":
            plus = int(self.peek())
            self.i += 2
        times = 2 if self.eat("twice") else 1
        self.need("the number of")
        return replace(self.counted(), value=plus, times=times)

    def amount_of(self, antecedent: Objects | None, who: Objects) -> Number:
        """"its power", "~'s power", "the number of ...": an amount read as it resolves."""
        if self.eat("the number of"):
            return self.counted()
        if self.at("the greatest"):
            return self.greatest()
        if self.eat("the sacrificed creature's power"):  # a cost's sacrifice (Fling), as it last existed
            return Number(power_of=Objects("sacrificed"))
        whose = self.eat_any("its", "~ s", "that creature's", "that card's")
        stat = self.eat_any("power", "toughness", "mana value") if whose else ""
        if not stat:
            self.fail()
        d = Objects("self") if whose == "~ s" else \
            who if who.quant in ("self", "it", "target") and not who.players_only else antecedent
        if d is None:
            self.fail()
        return Number(power_of=d, stat=stat)  # 608.2h: as it last existed, if it left

    def player(self, antecedent: Objects | None = None) -> Objects:
        """A player: you, target player/opponent, each opponent/player, that player."""
        if self.eat("you"):
            return Objects("you", ("player",))
        if self.eat("target opponent"):
            self.last_player = Objects("target", ("opponent",))
            return self.last_player
        if self.eat("target player"):
            self.last_player = Objects("target", ("player",))
            return self.last_player
        if self.eat("each opponent") or self.eat("your opponents"):
            return Objects("each", ("opponent",))
        if self.eat("each player"):
            return Objects("each", ("player",))
        if self.event_player and self.eat_any("that player", "defending player"):
            return Objects("event-player", ("player",))
        if self.eat("the exiled card's owner"):  # 607.2a: the card a linked ability of the source exiled
            return Objects("exiled-owner", ("player",))
        if self.eat_any("that spell's controller", "that spell or ability's controller"):
            return Objects("event-player", ("player",))
        if self.eat_any("that player", "its controller", "its owner", "they", "that creature's controller",
                        "that permanent's controller", "the creature's controller"):
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
        if antecedent is not None and antecedent.quant == "event" and self.eat_any("the blocking creature",
                                                                                "the other creature"):
            return Objects("it", ref=antecedent)  # "Whenever a creature blocks ~, the blocking creature ..."
        if self.eat("the exiled card"):  # 607.2a: what a linked ability of the source exiled (still in exile)
            return Objects("exiled", ("card",), zone="exile")
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
        if self.eat("that player or planeswalker"):  # the one an earlier sentence targets (Searing Blaze)
            return Objects("it", ("player", "planeswalker"), ref=antecedent)
        if self.eat("each creature and each player"):
            return Objects("each", ("creature", "player"))
        if self.eat("each creature and each opponent") or self.eat("each opponent and each creature"):
            return Objects("each", ("creature", "opponent"))
        p = self.attempt(self.player, antecedent)
        if p is not None and p.quant == "each" and p.kinds == ("opponent",) and self.at("and each") and self.eat("and"):
            # "each opponent and each planeswalker they control" (Kumano Faces Kakkazan)
            also = self.objects("each")
            if also.controller or not self.eat("they control"):
                self.fail()
            return _with(also, kinds=(*also.kinds, "opponent"), controller="opponent")
        if p is not None:
            return p
        d = self.thing(antecedent)
        if d.quant == "each" and (also := self.eat_any("and each player", "and each opponent")):
            d = _with(d, kinds=(*d.kinds, also.split()[-1]))  # "each creature with flying and each player"
        return d

    def condition(self) -> Condition:
        """"if you control three or more artifacts", "unless you control a Forest"."""
        negate = bool(self.eat("unless"))
        if not negate and not self.eat("as long as"):
            self.need("if")
        return self.condition_body(negate)

    def condition_body(self, negate: bool = False) -> Condition:
        """A condition's words after "if" ("you control three or more artifacts")."""
        if self.eat("you control"):
            if self.peek() not in ("a", "an") and (self.peek() in NUMBERS or self.peek().isdigit()):
                n = self.number().value
                kind = "control" if self.eat("or more") else "control-at-most" if self.eat("or fewer") else ""
                if not kind:
                    self.fail()
                return Condition(kind, self.objects("a"), n, negate)
            self.eat_any("a", "an")
            return Condition("control", self.objects("a"), 1, negate)
        if self.eat("its power is"):  # Savage Swipe: the effect's own object (:mod:`.facts`)
            return Condition("its-power", n=self.number().value, negate=negate)
        if (self.peek() in NUMBERS or self.peek().isdigit()) and self.peek(1) == "or" and \
                self.words[self.i + 2:self.i + 7] == ["more", "creatures", "attacked", "this", "turn"]:
            n = self.number().value  # Case of the Gateway Express: "Three or more creatures attacked this turn"
            self.i += 6
            return Condition("attacked", n=n, negate=negate)
        if self.eat("it was kicked") or self.eat("~ was kicked"):
            return Condition("kicked", negate=negate)
        if self.at("~ has") or self.words[self.i - 3:self.i] == ["as", "long", "as"] and self.at("it has"):
            # "as long as it has a +1/+1 counter on it" (Lightwalker: "it", the subject, which the
            # static ability checks is the source; after "if" in a trigger "it" may be the
            # event's object, so not read there)
            it = None if self.eat("~ has") else Objects("it")  # "it": the subject (checked in static)
            if it is not None:
                self.need("it has")
            n = 1 if self.eat_any("a", "an", "one or more") else self.number().value
            if n > 1:
                self.need("or more")
            kind = self.counter_kind()
            self.eat_any("on it", "on ~") or self.fail()
            return Condition("has-counters", it, n=n, negate=negate, what_kind=kind)
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
        if self.at("you have") and self.peek(2).isdigit() and self.words[self.i + 3:self.i + 6] == ["or", "more", "life"]:
            self.eat("you have")
            n = self.number().value
            self.need("or more life")
            return Condition("life-at-least", n=n, negate=negate)
        return self.turn_condition(negate)  # :mod:`.timing`
