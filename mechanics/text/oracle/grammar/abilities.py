"""The grammar's abilities: keyword lines, triggered, activated, modal, static and
"enters" abilities, and costs (113, 602, 603, 604, 614.1c, 700.2).

Each rule reads one whole ability and returns its :class:`~..tree.Ability`;
:meth:`Abilities.ability` tries them in order.
"""

from __future__ import annotations

from ...effects import CANT_ACTIVATE, prevents_static
from ..tree import Ability, Condition, Cost, Effect, Event, Number, Objects
from .cases import case_ability
from .clones import clone
from .core import NoParse, _with
from .counters import cost_part, counter_event, others_enter
from .effects import Effects
from .permissions import Permissions
from .replacing import at_dies_replacement, damage_replacement, dies_replacement
from .sagas import at_chapter, chapter_ability
from .words import (
    ABILITY_WORDS,
    BY_FIRST,
    COLORS,
    COSTED,
    NUMBERED,
    NUMBERS,
    RESTRICTION_SENTENCES,
    RESTRICTIONS,
    STEPS,
)
from .zones import discard_event


class Abilities(Effects, Permissions):
    """The rules for whole abilities and their costs."""

    # ------------------------------------------------------------------ abilities
    def costs(self, end: str = ":") -> Cost:
        """"{2}{G}, {T}, Pay 1 life, Sacrifice ~:" up to the colon (``end``)."""
        mana, tap, life, sac_self, sac, discard, bounce, exile_self = "", False, 0, False, None, 0, None, False
        tap_other = None
        discard_self = False
        more: dict = {}  # the cost parts of :func:`.counters.cost_part` (counters, energy, exert, ...)
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
            elif (part := self.attempt(cost_part, self)) is not None:
                more.update(part)
            elif self.eat("pay"):
                life = self.number().value
                self.need("life")
            elif self.eat("sacrifice ~"):
                sac_self = True
            elif self.eat("exile ~ from your graveyard"):  # 113.6: an ability that works in the graveyard
                exile_self = True
            elif self.eat("discard ~"):  # 113.6: an ability that works in the hand (bloodrush, channel)
                discard_self = True
            elif self.eat("sacrifice"):
                other = self.eat("another")
                self.eat_any("a", "an")
                sac = _with(self.objects("a"), other=True) if other else self.objects("a")
            elif self.eat("discard a card"):
                discard = 1
            elif self.at("discard") and self.peek(1) in NUMBERS and self.peek(2) == "cards":  # "Discard two cards"
                self.i += 1
                discard = self.number().value
                self.i += 1
            elif self.eat("return"):  # "Return a Forest you control to its owner's hand"
                self.eat_any("a", "an")
                bounce = self.objects("a")
                if bounce.controller != "you":
                    self.fail()
                self.need("to its owner's hand")
            elif self.eat("tap"):  # "Tap an untapped creature you control" (not the source: 602.2b)
                tap_other = self.objects("a") if self.eat_any("a", "an") else self.objects()
                if "untapped" not in tap_other.states or tap_other.controller != "you" or tap_other.up_to:
                    self.fail()
            else:
                self.fail()
            if self.eat(end):
                return Cost(mana, tap, False, life, sac_self or more.pop("sacrifice_self", False), sac, discard,
                            tap_other=tap_other, exile_self_from_graveyard=exile_self, bounce=bounce,
                            discard_self=discard_self, **more)
            self.need(",")

    def ability(self, spell: bool) -> Ability:
        """One ability (a line of the card, a modal group's lines joined by ``•``)."""
        if self.at("to solve —") or self.at("solved —"):
            return case_ability(self)  # type: ignore[arg-type]
        if at_chapter(self):  # type: ignore[arg-type]
            return chapter_ability(self)  # type: ignore[arg-type]
        if at_dies_replacement(self):  # type: ignore[arg-type]
            return dies_replacement(self)  # type: ignore[arg-type]
        self.ability_word()
        start = self.i
        for rule in (self.keywords, self.cast_cost, self.cast_permission, self.as_though_flash, self.alternative_cost,
                     self.triggered,
                     self.activated, self.static, self.enters):
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
            kw = next((k for k in BY_FIRST.get(self.peek(), ()) if self.at(k)), None)
            if self.at("protection from"):  # "... from white and from blue", "... from artifacts"
                found += [(k, "") for k in self.protection()]
            elif kw is not None:
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
                if self.eat("—"):  # "Cycling—Pay 2 life.", "Ward—Pay 3 life.", "Ward—Discard a card."
                    paid = self.costs(".")
                    if paid.mana or paid.tap or paid.sacrifice or paid.bounce or paid.tap_other or paid.remove \
                            or paid.energy or paid.exert or paid.exile_cards or paid.put \
                            or not (paid.life or paid.discard and kw == "ward") or paid.life and paid.discard:
                        self.fail()
                    cost = f"{paid.life} life" if paid.life else f"discard {paid.discard}"
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
            if self.eat("for each creature that attacked this turn"):
                less = Effect("less", n=Number(tally="attacked", times=n))
            elif self.eat("for each"):
                less = Effect("less", n=_with(self.counted(), times=n))
            else:
                less = Effect("less", n=Number(n), condition=self.condition())
            self.need(".")
            self.end()
            return Ability("cast-cost", effects=(less,))
        self.need("as an additional cost to cast ~ ,")
        cost = self.costs(".")
        self.end()
        return Ability("cast-cost", cost=cost)

    def spell_cost(self) -> Ability:
        """601.2f, a permanent's static ability: "Noncreature spells cost {1} more to cast",
        "Instant and sorcery spells you cast cost {1} less to cast", "Spells your
        opponents cast cost {1} more to cast"."""
        if "spells" not in self.words[self.i:self.i + 6]:
            self.fail()  # (before the descriptor reads a capitalized first word as a subtype)
        d = self.objects("each")
        if self.eat("and"):  # "instant and sorcery spells": either
            d = _with(d, kinds=d.kinds + tuple(self.kinds()))
        if "spell" not in d.kinds and self.peek(-1) != "spells":  # "Dragon spells": the subtype says it
            self.fail()
        caster = "you" if self.eat("you cast") else "opponent" if self.eat("your opponents cast") else ""
        self.need("cost")
        sym = self.peek()
        if not (sym.startswith("{") and sym[1:-1].isdigit()):
            self.fail()
        self.i += 1
        how = self.eat_any("more", "less")
        if not how:
            self.fail()
        self.need("to cast .")
        self.end()
        return Ability("static", effects=(Effect("spell-cost", what=_with(d, controller=caster),
                                                 n=Number(int(sym[1:-1])), kind=how),))

    def static_prevention(self) -> Ability:
        """615: "Prevent all [combat] damage that would be dealt [to | by | to and dealt by]
        ~ / enchanted creature / attacking creatures you control.": a keyword-like ability
        of each permanent it names (:func:`mechanics.text.effects.prevents_static`)."""
        self.need("prevent all")
        combat = bool(self.eat("combat"))
        self.need("damage that would be dealt")
        ways = ("to", "by") if self.eat("to and dealt by") else (self.eat_any("to", "by") or self.fail(),)
        who = self.thing(None)
        if who.quant not in ("self", "attached", "each") or who.players_only:
            self.fail()
        self.need(".")
        self.end()
        kws = tuple(prevents_static(w, combat) for w in ways)
        return Ability("static", effects=(Effect("pump", what=who, keywords=kws),))

    def ability_word(self) -> None:
        """207.2c: an ability word ("Landfall —") has no rules meaning of its own."""
        j = 0
        while self.peek(j).isalpha() and self.peek(j) not in ("when", "whenever", "at"):
            j += 1
        words = " ".join(self.words[self.i:self.i + j])
        if j and self.peek(j) == "—" and (words in ABILITY_WORDS or self.peek(j + 1) in (
                "when", "whenever", "at", "~", "as", "if", "during")):  # (or a flavor word, 207.2d)
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
        elif self.eat("you may exert ~ as it attacks . when you do"):  # 701.43: chosen as it attacks
            event = Event("exerted", Objects("self"))  # (perform), then this reflexive trigger (603.12)
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
        if event.kind in ("blocks-or-blocked", "blocks-self", "blocks-other") or (event.kind == "combat-damage" and not event.to_player):
            # "that creature": the one it blocks, that blocks it, or it dealt combat damage to
            antecedent = Objects("event", ("creature",))
        # "that player": the one dealt damage; "defending player": the one attacked
        self.event_player = event.to_player or (event.kind in ("attacks", "unblocked") and not event.nth) or (
            event.kind == "cast" and event.whose != "you")
        self.event_amount = event.kind == "dealt-damage" or (event.kind == "damage" and not event.to_player)
        self.blocked_self = event.kind == "becomes-blocked" and subject is not None and subject.quant == "self"
        chooses_target = self.at("choose target") or (self.at("choose up to") and self.peek(4) == "target")
        if self.at("choose") and not chooses_target:
            return self.modal(event, cond)  # "choose one —", not "choose [up to one] target ..." (Subtlety)
        effects = self.effects(antecedent)
        return Ability("triggered", effects=effects, event=event, condition=cond)

    def event(self) -> Event:
        if (tapped := self.attempt(self.tapped_for_mana)) is not None:  # 605.1b (:mod:`.mana`)
            return tapped
        if (found := self.attempt(self.player_event)) is not None:  # :mod:`.timing`
            return found
        if self.eat("you cast or copy"):  # :mod:`..compiler.copies` (magecraft)
            spell = self.objects("a") if self.eat_any("a", "an") else self.fail()
            return Event("cast-or-copy", spell=spell)
        caster = self.eat_any("you cast", "a player casts", "an opponent casts")
        if caster:  # 601.2i: "that player" is the caster (Eidolon of the Great Revel)
            spell = self.objects("a") if self.eat_any("a", "an") else self.fail()
            return Event("cast", spell=spell, whose={"a player casts": "each", "an opponent casts": "opponent"}.get(
                caster, "you"))
        if self.eat("you gain life"):
            return Event("gain-life", first=bool(self.eat("for the first time each turn")))
        if self.at("one or more") and (left := self.attempt(self.leave_graveyard)) is not None:
            return left  # :mod:`.graveyard`
        if (found := self.attempt(counter_event, self)) is not None:  # "you get one or more {E}"
            return found
        if self.eat("you draw a card"):
            return Event("draw", Objects("you", ("player",)))
        if self.eat("an opponent draws a card"):
            return Event("draw", Objects("each", ("opponent",)))
        if self.eat("you cycle another card"):
            self.fail()  # a cycle, not any discard: the engine doesn't tell them apart
        found = self.attempt(discard_event, self)
        if found is not None:
            return found
        subject = self.attempt(self.thing, None)
        if subject is None:
            subject = self.objects("a") if self.eat_any("a", "an") else self.fail()
        if subject.quant == "a" and "land" in subject.kinds and subject.controller == "you" and \
                self.eat("enters"):
            return Event("enters", subject)
        if self.eat("enters or leaves the battlefield"):  # two trigger events, one ability each
            return Event("enters|leaves", subject)
        if self.eat("enters or attacks"):  # the same: an ability of each event
            return Event("enters|attacks", subject)
        if self.eat("enters or is put into a graveyard from the battlefield"):  # :mod:`.graveyard`
            return Event("enters|put-into-graveyard", subject, whose="any")
        if self.eat_any("enters", "enter"):
            return Event("enters", subject)
        if self.eat("dies"):
            return Event("dies", subject)
        if not self.at("attacks and") and self.eat("attacks"):
            return Event("attacks", subject)
        if self.eat("blocks ~"):  # 509.3c: "whenever a creature without flanking blocks ~"
            return Event("blocks-self", subject)
        if not self.at("blocks or") and self.eat("blocks"):
            return Event("blocks", subject)
        if self.eat("becomes blocked"):
            return Event("becomes-blocked", subject)
        if self.eat("deals combat damage to a player") or self.eat("deals combat damage to an opponent"):
            return Event("combat-damage", subject, to_player=True)
        if self.eat("leaves the battlefield"):
            return Event("leaves", subject)
        if subject.quant == "a" and "card" in subject.kinds and self.eat("leaves your graveyard"):
            return Event("leaves-graveyard", subject)  # Murktide Regent: each card, wherever it goes
        if self.eat("becomes the target of a spell"):  # 702.21a-like: a BecameTarget event
            kinds = ("spell", "ability") if self.eat("or ability") else ("spell",)
            whose = "you" if self.eat("you control") else "opponent" if self.eat("an opponent controls") else "any"
            first = bool(self.eat("for the first time each turn"))
            return Event("becomes-target", subject, Objects("a", kinds), whose=whose, first=first)
        if self.at("is put into"):
            return self.put_into_graveyard(subject)  # :mod:`.graveyard`
        return self.subject_event(subject)  # :mod:`.timing`

    def activated(self) -> Ability:
        cost = self.costs()
        effects = self.effects(Objects("self"))
        sorcery = once = False
        cond = None
        x_min = 0
        while not self.done():
            if self.eat("activate only as a sorcery ."):
                sorcery = True
            elif self.eat("activate only once each turn ."):
                once = True
            elif self.eat("x can't be 0 .") and "{x}" in cost.mana.lower():
                x_min = 1
            elif cond is None:
                cond, twice = self.restriction()  # :mod:`.timing`
                once = once or twice
            else:
                self.fail()
        return Ability("activated", effects=effects, cost=cost, sorcery=sorcery, once_each_turn=once,
                       condition=cond, x_min=x_min)

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
            sub = type(self)(self.toks[self.i:end])
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
        start = self.i
        cost = self.attempt(self.spell_cost)
        if cost is not None:
            return cost
        if self.at("prevent all"):  # 615: "Prevent all combat damage that would be dealt to ~."
            return self.static_prevention()
        if self.at("if a source") or (self.at("if a") and self.peek(3) == "source") or \
                self.at("if damage would be dealt to ~") or self.at("all damage that would be dealt to"):
            # 614.1a, 614.9 (:mod:`.replacing`)
            return damage_replacement(self)
        found = self.attempt(self.player, None) or self.attempt(self.thing, None)
        if found is not None and found.quant in ("each", "you") and (found.players_only or found.quant == "you") \
                and self.eat("can't gain life ."):
            self.end()  # 119.8: "Players can't gain life.", "Your opponents can't gain life."
            return Ability("static", effects=(Effect("cant-gain-life", who=found),))
        self.i = start
        if self.eat("~ s power and toughness are each equal to"):  # 604.3: a "*" power and toughness
            n = self.amount()
            self.need(".")
            self.end()
            return Ability("static", effects=(Effect("defined-pt", n=n),))
        sentence = next((r for r in RESTRICTION_SENTENCES if self.at(r)), None)
        if sentence is not None:  # 509.1b: "Creatures with power less than ~'s power can't block it."
            self.eat(sentence)
            self.need(".")
            self.end()
            return Ability("static", effects=(Effect("pump", what=Objects("self"),
                                                     keywords=RESTRICTION_SENTENCES[sentence]),))
        if self.at("activated abilities of") or self.at("enchanted creature's activated abilities") or self.at(
                "enchanted permanent's activated abilities"):  # 602.5: "... can't be activated."
            who = Objects("attached") if self.eat_any("enchanted creature's", "enchanted permanent's") else None
            if who is None:
                self.need("activated abilities of")
                who = self.objects("each")
            else:
                self.need("activated abilities")
            self.need("can't be activated .")
            self.end()
            return Ability("static", effects=(Effect("pump", what=who, keywords=(CANT_ACTIVATE,)),))
        lead = None
        if self.at("as long as"):  # "As long as there are seven or more cards in your graveyard, ..."
            lead = self.condition()
            self.need(",")
        elif (turn := self.eat_any("during your turn ,", "during turns other than yours ,")):
            lead = Condition("your-turn", negate=turn != "during your turn ,")  # "During your turn, ~ has first strike"
        who = self.thing(None) if not self.at("other") else self.objects("each")
        if who.quant == "it" and lead is not None:  # "As long as ~ is equipped, it has menace."
            who = Objects("attached" if lead.kind == "attached-is" else "self")
        if who.quant in ("a", "target", "it"):
            self.fail()
        if who.quant == "each" and (entering := self.attempt(others_enter, self, who, lead)) is not None:
            return entering  # 614.1c: "Artifacts your opponents control enter tapped."
        rule = self.restriction_words()
        if rule is not None:  # 509.1b, 508.1d, 502.3: a restriction as a keyword-like ability
            self.eat(rule)
            kws = RESTRICTIONS[rule]
            if self.eat("and has") or self.eat("and have"):  # "can't be blocked and has shroud"
                kws += self.keyword_list()
            self.need(".")
            self.end()
            return Ability("static", effects=(Effect("pump", what=who, keywords=kws),), condition=lead)
        effect = self.static_effect(who)  # :mod:`.grants`
        cond = self.condition() if self.at("as long as") and lead is None else lead
        if cond is None and self.eat("during your turn"):  # "~ has first strike during your turn."
            cond = Condition("your-turn")
        if cond is not None and cond.kind == "has-counters" and cond.what is not None and who.quant != "self":
            self.fail()  # "... as long as it has a counter on it": "it" is the subject, not the source
        self.sentence_end()
        self.end()
        return Ability("static", effects=(effect,), condition=cond)

    def color_choice(self) -> Effect:
        """614.12: after "As ~ enters, choose a color": "[other than red]." """
        other = self.peek() if self.eat("other than") else ""
        if other and other not in COLORS:
            self.fail()
        self.i += bool(other)
        self.need(".")
        return Effect("choose-color", kind=COLORS.get(other, ""))

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
        if self.eat("as ~ enters , you may reveal"):  # 614.12: Choked Estuary and the other "reveal lands"
            self.eat_any("a", "an") or self.fail()
            what = self.objects("a")
            if what.zone != "hand":
                self.fail()
            self.need(". if you don't , ~ enters tapped .")
            self.end()
            return Ability("enters", effects=(Effect("reveal-or-tapped", what=what),))
        if self.at("you may have ~ enter as a copy of"):  # 707.2, 614.1c (:mod:`.clones`)
            return clone(self)
        if self.eat("as ~ enters , choose a color"):  # 614.12
            choice = self.color_choice()
            self.end()
            return Ability("enters", effects=(choice,))
        lead = None
        if self.at("if"):
            lead = self.condition()
            self.need(",")
            lead = Condition(lead.kind, lead.what, lead.n, not lead.negate)  # tapped unless not COND
        if self.eat("~ enters tapped"):
            cond = self.condition() if self.at("unless") and lead is None else lead
            if lead is None and cond is None and self.eat("with"):  # the Vivid lands' charge counters
                n = self.number()
                kind = self.counter_kind()
                self.need("on it .")
                self.end()
                return Ability("enters", effects=(Effect("enter-tapped"), Effect("counters", what=Objects("self"),
                                                                                 n=n, kind=kind)))
            self.need(".")
            tapped = Effect("enter-tapped", condition=cond)
            if self.eat("as it enters , choose a color"):  # the Thriving lands
                choice = self.color_choice()
                self.end()
                return Ability("enters", effects=(tapped, choice))
            self.end()
            return Ability("enters", effects=(tapped,))
        if self.eat("~ enters with") or lead is not None and self.eat("it enters with"):  # "If ~ was kicked, it ..."
            n = self.number()
            kind = self.counter_kind()
            self.need("on it")
            n = self.count_suffix(n)  # "for each ...", ", where X is the number of ..."
            self.need(".")
            self.end()
            cond = None if lead is None else Condition(lead.kind, lead.what, lead.n, not lead.negate)
            return Ability("enters", effects=(Effect("counters", what=Objects("self"), n=n, kind=kind,
                                                     condition=cond),))
        self.fail()
        raise AssertionError

