"""The grammar's effects: sentences of effects, an effect with a subject ("~ deals 3
damage to any target"), and an imperative one ("Draw a card") through the table of
:mod:`.imperatives`.

An imperative verb is a function registered with :func:`imperative` under its first
words; :meth:`Effects.imperative` eats the longest registered phrase the text starts
with and calls its rule, which then owns the sentence (a failure inside it fails the
imperative reading; the subject-verb reading is tried next).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..tree import Ability, Effect, Number, Objects, TokenSpec
from .core import NoParse, _with
from .counters import gets_energy
from .grants import Grants
from .words import (
    FROZEN,
    FROZEN_WHILE_TAPPED,
    GRANTABLE,
    NUMBERS,
    RESTRICTIONS,
    RESTRICTIONS_LONGEST_FIRST,
    THIS_TURN,
)

#: an imperative rule: ``rule(parser, phrase, antecedent)``, called with ``phrase`` eaten
Rule = Callable[["Effects", str, "Objects | None"], Effect]
#: first word -> (phrase, rule), longest phrase first (so "gain control of" before "gain")
IMPERATIVES: dict[str, list[tuple[str, Rule]]] = {}


def imperative(*phrases: str) -> Callable[[Rule], Rule]:
    """Register an imperative rule for the sentences starting with any of ``phrases``."""
    def register(rule: Rule) -> Rule:
        for phrase in phrases:
            rules = IMPERATIVES.setdefault(phrase.split()[0], [])
            if any(known == phrase for known, _ in rules):
                raise ValueError(f"imperative {phrase!r} is read twice")
            rules.append((phrase, rule))
            rules.sort(key=lambda r: -len(r[0].split()))  # stable: equal lengths keep their order
        return rule
    return register


#: more player verbs: ``rule(parser, who, antecedent)``, tried in order after the ones of
#: :meth:`Effects.player_verb` ("each player reveals the top card of their library")
PlayerRule = Callable[["Effects", Objects, "Objects | None"], Effect]
PLAYER_VERBS: list[PlayerRule] = []


def player_verb(rule: PlayerRule) -> PlayerRule:
    """Register a rule for a player's verb after its subject (:data:`PLAYER_VERBS`)."""
    PLAYER_VERBS.append(rule)
    return rule


#: 106.7: "one mana of any type that a land you control could produce" and the like, as the
#: marks :func:`mechanics.play.mana_abilities.makes` reads
_PRODUCIBLE = {"one mana of any type that a land you control could produce": "+",
               "one mana of any color that a land you control could produce": "=",
               "one mana of any color that a land an opponent controls could produce": "-",
               "one mana of any type that land produced": "^"}  # a triggered mana ability's (605.1b)


#: verbs whose effect may name a second descriptor after "and" (:meth:`Effects.more_objects`)
_OBJECT_VERBS = frozenset({"destroy", "exile", "tap", "untap", "bounce", "damage", "control"})


class Effects(Grants):
    """The rules for effect sentences."""

    # ------------------------------------------------------------------ effects
    def effects(self, antecedent: Objects | None = None) -> tuple[Effect, ...]:
        """Effect sentences up to the end: each sentence one or more effects joined by
        ", then", ", and", "and" or ","."""
        out: list[Effect] = []
        sentence = 0  # where this sentence's effects start in ``out``
        self.whole_turn = ""  # the duration it began with, "Until end of turn," (:meth:`effect`)
        while not self.done() and self.peek() != '"' and not self.at("activate only") and not self.at("x can't be 0"):
            self.x_is = None
            e = self.attempt(self.more_damage, out[-1]) if out and self.peek(-1) == "and" else None
            e = e or (self.attempt(self.more_objects, out[-1]) if out and self.peek(-1) == "and" else None)
            if e is None and self.at("if") and (group := self.attempt(self.instead_group, antecedent)):
                out += group[:-1]  # "If COND, E1 and E2 instead.": each replaces the earlier one of its verb
                e = group[-1]
            e = e or self.effect(antecedent)
            if e.instead and e.condition is None:
                self.fail()  # "instead" of what, and when?
            if self.whole_turn and e.verb in ("pump", "becomes") and not e.until:
                e = _with(e, until=self.whole_turn)  # "Until end of turn, A gets +1/+1 and B gets -1/-1."
            if self.x_is is not None:  # "loses X life and you gain X life, where X is ...": every X
                out[sentence:] = [_bind_x(d, self.x_is, strict=False) for d in out[sentence:]]  # of the sentence
            out.append(e)
            # after "Create a token that's a copy of X", "it" is the token (not X)
            antecedent = Objects("made") if e.verb == "token-copy" else e.what or antecedent
            if self.eat("."):
                sentence, self.whole_turn = len(out), ""
                self.eat("then")
                continue
            if self.eat(", then") or self.eat(", and") or self.eat("and") or self.eat(","):
                self.eat("then")
                continue
            if not self.done() and self.peek(-1) != '"':  # (a quoted ability's "." ended the sentence)
                self.fail()
        if not out:
            self.fail()
        return tuple(out)

    def effect(self, antecedent: Objects | None) -> Effect:
        if self.at("until end of turn ,") or self.at("until your next turn ,"):  # 611.2a: "Until end of
            until = self.duration()  # turn, X gets/gains/becomes ...", "Until your next turn, ..."
            self.need(",")
            e = self.effect(antecedent)
            if e.verb not in ("pump", "becomes") or e.until:
                self.fail()
            self.whole_turn = until  # "... and Y gets ...": the rest of the sentence too
            return _with(e, until=until)
        if self.at("if") and (e := self.attempt(self.if_then, antecedent)) is not None:
            return e  # "If this spell was kicked, it deals 4 damage instead." (702.33d)
        if self.at("at the beginning of"):  # 603.7: "At the beginning of the next end step, return ..."
            step = self.next_step()
            self.need(",")
            e = self.effect(antecedent)
            if e.delayed:
                self.fail()
            return _with(e, delayed=step)
        optional = not self.at("you may pay") and bool(self.eat("you may"))
        e = None
        for rule in (self.imperative, self.subject_verb):
            e = self.attempt(rule, antecedent)
            if e is not None:
                break
        if e is None:
            self.fail()
        assert e is not None
        if e.verb == "exile" and self.eat("until ~ leaves the battlefield"):  # 610.3
            e = _with(e, until="leaves")
        if self.at("if it has") and e.what is not None:  # "Destroy target creature if it has mana value 2 or less"
            e = _with(e, what=self.it_has(e.what))  # :mod:`.timing`
        if self.at("at the beginning of") or self.at("at end of combat"):
            e = _with(e, delayed=self.next_step())  # :mod:`.timing`
        if e.verb == "exile" and self.eat("until an opponent becomes the monarch"):  # 610.3c: Palace Jailer
            e = _with(e, verb="exile-until-monarch")
        if e.verb == "damage" and self.eat(". if a player is dealt damage this way ,"):  # Play with Fire
            then = [self.effect(Objects("it", ("player",), ref=e.what))]
            while self.eat("and") or self.eat(", then") or self.eat(", and"):
                then.append(self.effect(Objects("it", ("player",), ref=e.what)))
            e = _with(e, verb="damage-then", then=tuple(then))
        if self.eat("instead"):  # "... instead if COND"; a bare "instead" is :meth:`if_then`'s
            e = _with(e, instead=True, condition=self.condition() if self.at("if") or self.at("unless") else None)
        elif self.at("if") or self.at("unless"):
            e = _with(e, condition=self.condition())
        if self.at(", where x is"):
            self.need(", where x is")
            if self.at("the greatest"):
                self.x_is = self.greatest()
            elif self.eat("the mana value of the exiled card"):  # 607.2a: a linked ability's card
                self.x_is = Number(power_of=Objects("exiled-known", ("card",)), stat="mana value")
            elif self.eat("~ s power"):  # 608.2h: as it last existed if it has left
                self.x_is = Number(power_of=Objects("self"), stat="power")
            else:
                times = 2 if self.eat("twice") else 1
                self.need("the number of")
                self.x_is = replace(self.counted(), times=times)
            e = _bind_x(e, self.x_is)
        if optional:
            e = _with(e, optional=True)
            if (self.at(". if you do ,") or self.at(". when you do ,")) and not e.then:
                # 608.2c: the rest happens only if it did; 603.12: "When you do" triggers then
                reflexive = self.eat(". when you do ,")
                if not reflexive:
                    self.need(". if you do ,")
                then = [self.effect(antecedent)]
                while self.eat(", then") or self.eat("and"):
                    then.append(self.effect(antecedent))
                e = _with(e, then=tuple(then), reflexive=bool(reflexive))
        return e

    def if_then(self, antecedent: Objects | None) -> Effect:
        """"If COND, EFFECT [instead]." after the first sentence (a trigger's own "if" is its
        intervening if, 603.4, read before its effects): checked as it resolves (608.2c);
        with "instead" it replaces the earlier effect of its verb.  "If ~ was kicked, ..."
        (702.33d), "If there are two or more instant and/or sorcery cards in your
        graveyard, ..." (spell mastery)."""
        cond = self.condition()
        self.need(",")
        e = self.effect(antecedent)
        if e.condition is not None:
            self.fail()
        return _with(e, condition=cond)

    def instead_group(self, antecedent: Objects | None) -> list[Effect]:
        """614.1a: "If you had a land enter the battlefield under your control this turn, ~
        deals 3 damage to that player or planeswalker and 3 damage to that creature instead."
        (Searing Blaze): the effects up to "instead", each an "instead" one under the
        condition."""
        cond = self.condition()
        self.need(",")
        end = next((j for j in range(self.i, len(self.toks)) if self.words[j] == "instead"
                    and self.words[j + 1:j + 2] in ([], ["."])), None)
        if end is None:
            self.fail()
        sub = type(self)(self.toks[self.i:end])
        sub.event_player = self.event_player
        try:
            parts = sub.effects(antecedent)
        except NoParse:
            self.far = self.i + sub.far
            raise
        self.i = end + 1
        # "that creature" in a later part is the object of the effect it replaces, not of the part before
        parts = parts[:1] + tuple(_with(e, what=_with(e.what, ref=None)) if e.what is not None and e.what.quant == "it"
                                  and e.what.ref is prev.what else e for prev, e in zip(parts, parts[1:], strict=False))
        return [_with(e, instead=True, condition=cond) for e in parts]

    def more_damage(self, dealt: Effect) -> Effect:
        """"~ deals 2 damage to any target and 3 damage to you", "... to target creature and
        1 damage to that creature's controller", "... and 1 damage to itself": the same
        source's damage to another recipient."""
        if dealt.verb != "damage" or dealt.kind or dealt.who is None:
            self.fail()
        n = self.number()
        self.need("damage to")
        what = dealt.who if self.eat("itself") else self.recipient(dealt.what)
        return Effect("damage", what=what, who=dealt.who, n=self.count_suffix(n))

    def more_objects(self, done: Effect) -> Effect:
        """"Destroy target artifact and target enchantment", "Exile target creature and
        target land", "Destroy all creatures you don't control and all planeswalkers you
        don't control", "deals 2 damage to each creature and each planeswalker": the
        same effect on a second descriptor (its own target, 115.1)."""
        if done.verb not in _OBJECT_VERBS or done.what is None or done.what.quant not in ("target", "each") \
                or done.what.players_only and done.verb != "damage" or done.condition is not None or done.then:
            self.fail()
        if not (self.at("target") or self.at("up to") or self.at("each") or self.at("all") or
                self.at("another target")):
            self.fail()
        what = self.objects()
        if what.quant not in ("target", "each") or what.players_only:
            self.fail()
        return _with(done, what=what)

    def imperative(self, antecedent: Objects | None) -> Effect:
        """An effect without a subject: the rule of the longest registered phrase here."""
        for phrase, rule in IMPERATIVES.get(self.peek(), ()):
            if self.eat(phrase):
                return rule(self, phrase, antecedent)
        self.fail()
        raise AssertionError

    def add_mana(self) -> Effect:
        """"Add {G}", "Add {R} or {G}", "Add {G}{G}", "Add {B}{B}, {B}{G}, or {G}{G}" (one of
        those groups: ``kind`` "options"), "Add one mana of any color"."""
        self.eat("an additional")  # a triggered mana ability's (605.1b)
        for phrase, mark in _PRODUCIBLE.items():  # 106.7: what lands could produce
            if self.eat(phrase):
                return Effect("mana", mana=mark, n=Number(1))
        if self.eat("one mana of any color"):
            return Effect("mana", mana="WUBRG", n=Number(1))
        if self.eat("one mana of the chosen color"):  # "*": the color chosen as it entered (614.12)
            return Effect("mana", mana="*", n=Number(1))
        if self.peek(1) == "mana" and self.peek(2) == "of" and self.peek(4) == "one":  # "two mana of any one color"
            n = self.number()
            self.need("mana of any one color")
            return Effect("mana", mana="WUBRG", n=self.count_suffix(n))
        if self.peek(1) == "mana" and self.peek(2) == "in":  # "two mana in any combination of colors"
            n = self.number()
            self.need("mana in any combination of")
            colors = "WUBRG" if self.eat("colors") else ""
            while not self.at("colors") and self.peek() in ("{w}", "{u}", "{b}", "{r}", "{g}"):  # "{R} and/or {G}"
                colors += self.peek()[1:-1].upper()
                self.i += 1
                if not self.eat("and or"):
                    break
            if len(colors) < 2:
                self.fail()
            return Effect("mana", mana=colors, n=self.count_suffix(n), kind="combination")
        if not self.peek().startswith("{") and self.peek(1) in ("{w}", "{u}", "{b}", "{r}", "{g}", "{c}") \
                and self.peek(2) in (".", ""):  # "Add six {G}."
            n = self.number()
            symbol = self.peek()[1:-1].upper()
            self.i += 1
            return Effect("mana", mana=symbol, n=n)
        groups: list[str] = [""]
        while self.peek().startswith("{") and self.peek()[1:-1] in ("w", "u", "b", "r", "g", "c"):
            groups[-1] += self.peek()[1:-1].upper()
            self.i += 1
            comma = self.eat(",")
            if self.eat("or") or comma:  # ", ", ", or ", " or "
                if self.eat("one mana of the chosen color"):  # "{C} or one mana of the chosen color"
                    groups.append("*")
                    break
                if not self.peek().startswith("{"):
                    self.fail()
                groups.append("")
        if not groups[0]:
            self.fail()
        if len(groups) > 1:
            if all(len(g) == 1 for g in groups):
                return Effect("mana", mana="".join(groups), n=Number(1))
            return Effect("mana", mana="|".join(groups), n=Number(1), kind="options")
        syms = groups[0]
        if len(set(syms)) > 1:  # "Add {G}{U}": both
            return Effect("mana", mana=syms, n=Number(1), kind="all")
        return Effect("mana", mana=syms[0], n=self.count_suffix(Number(len(syms))))

    def token_spec(self) -> TokenSpec:
        """"a 1/1 white Soldier creature token [with flying]", "a Treasure token"."""
        self.eat("tapped")
        tapped = self.peek(-1) == "tapped"
        if self.peek() in ("treasure", "clue", "food", "blood", "map", "gold", "powerstone"):
            name = self.text()
            self.i += 1
            self.need("tokens") if self.peek() == "tokens" else self.need("token")
            return TokenSpec(name, types=("Artifact",), keywords=("tapped",) if tapped else ())
        spec = self.creature(x_ok=True)  # "an X/X ... token" (the create rule binds X)
        self.need("tokens") if self.peek() == "tokens" else self.need("token")
        kws: list[str] = []
        ability = ""
        if self.eat("with"):
            while (kw := self.eat_any(*GRANTABLE)) or (self.at("toxic") and self.peek(1).isdigit()):
                if not kw:  # 702.164a: "toxic 1"
                    kw = f"toxic {self.peek(1)}"
                    self.i += 2
                kws.append(kw)
                if self.at(", where") or not (self.eat(",") and self.eat("and") or self.eat("and") or self.eat(",")):
                    break  # ", where X is ...": the count's, after the token
            if self.peek() == '"':
                ability = self.quoted()
            if not kws and not ability:
                self.fail()
        if not spec.name:
            self.fail()
        if tapped:
            kws.append("tapped")
        return replace(spec, keywords=tuple(kws), ability=ability)

    def quoted(self) -> str:
        """A quoted ability a token has ('"Whenever this token attacks, create a Treasure
        token."'), as text ("~" written "this token"): the token's own rules text."""
        self.need('"')
        words: list[str] = []
        while self.peek() != '"':
            if self.done():
                self.fail()
            w = self.text() if self.text() != "~" else "This token" if not words or words[-1] in (".", ":") \
                else "this token"
            words.append(w if not words or w in ",.:;" else " " + w)
            self.i += 1
        self.need('"')
        return "".join(words)

    def subject_verb(self, antecedent: Objects | None) -> Effect:
        """An effect with a subject: "~ deals 3 damage to any target", "target creature
        gets +3/+3 until end of turn", "each opponent loses 2 life", "you draw a card"."""
        if antecedent is not None and self.peek(-1) == "and" and (rule := self.restriction_this_turn()):
            # "... gets +1/+0 until end of turn and can't be blocked this turn": the same creature
            return Effect("pump", what=Objects("it", ref=antecedent), keywords=RESTRICTIONS[rule], until="eot")
        who = self.attempt(self.player, antecedent)
        if who is None:
            who = self.thing(antecedent)
        if self.eat_any("deals", "deal"):
            if self.eat("damage equal to"):  # "deals damage equal to its power to ..."
                n = self.amount_of(antecedent, who)
                self.need("to")
                return Effect("damage", what=self.recipient(antecedent), who=who, n=n)
            if self.eat("damage to"):  # "deals damage to target creature equal to the number of ..."
                to = self.recipient(antecedent)
                self.need("equal to")
                return Effect("damage", what=to, who=who, n=self.amount_of(antecedent, who))
            n = self.number()
            if self.eat("damage divided as you choose among"):  # 601.2d
                return Effect("damage", what=self.divided_targets(), who=who, n=n, kind="divided")
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
            return self.player_verb(who, antecedent)
        if self.eat_any("gets", "get"):
            pt = self.pt()
            alt = self.pt() if self.eat("or") else None  # Brightling: "+1/-1 or -1/+1"
            kws: tuple[str, ...] = ()
            grants: tuple[Ability, ...] = ()
            if self.eat("and gains") or self.eat("and gain") or self.eat("and has"):
                kws, grants = self.granting()
            until = self.duration()
            if self.at("for each"):  # "-1/-1 ... for each land card": both parts, each times the count
                pt = self.counted_pt(pt)
            e = Effect("pump", what=who, pt=pt, keywords=kws, until=until, grants=grants)
            return e if alt is None else Effect("one-of", what=who, then=(e, _with(e, pt=alt)))
        if self.eat_any("gains", "gain"):
            kws, grants = self.granting()
            return Effect("pump", what=who, keywords=kws, until=self.duration(), grants=grants)
        if self.eat_any("has", "have") and (base := self.base_pt()):  # "has base power and toughness 4/4"
            kws, grants = self.granting() if self.eat("and gains") or self.eat("and gain") else ((), ())
            return Effect("pump", what=who, base_pt=base, keywords=kws, grants=grants, until=self.duration())
        if self.eat_any("loses", "lose"):  # 613.1f: "target creature loses flying until end of turn"
            kws = self.keyword_list()
            return Effect("pump", what=who, loses=kws, until=self.duration())
        if self.eat_any("becomes", "become"):  # 305.7, 613: a manland: "becomes a 3/3 red Elemental creature"
            return self.becomes(who)
        if self.eat_any(*FROZEN):  # 502.3
            return Effect("frozen", what=who, until="next-untap")
        if self.eat(FROZEN_WHILE_TAPPED):
            return Effect("frozen", what=who, until="tapped")
        if self.eat("can't block this turn"):
            return Effect("cant-block", what=who, until="eot")
        if self.eat("can't be blocked this turn"):
            return Effect("unblockable", what=who, until="eot")
        rule = self.restriction_this_turn()
        if rule:  # "Target creature can't be the target of spells or abilities ... this turn."
            return Effect("pump", what=who, keywords=RESTRICTIONS[rule], until="eot")
        if self.eat_any("explores"):  # 701.44a; "explores X times": one explore after another
            if self.at("x times") or self.peek(1) == "times":
                n = self.number()
                self.need("times")
                return Effect("explore", what=who, n=n)
            self.eat("again")  # "It explores, then it explores again."
            return Effect("explore", what=who)
        if self.eat_any("connives", "connive"):  # 701.50: "connives", "connives X, where X is ..."
            return Effect("connive", what=who, n=self.count_suffix(self.number()) if self.at("x") else Number(1))
        if self.eat_any("fights"):
            return Effect("fight", what=self.thing(antecedent), who=who)
        self.fail()
        raise AssertionError

    def restriction_this_turn(self) -> str:
        """A restriction (:data:`RESTRICTIONS`) and "this turn", eaten: the restriction, or ""."""
        for said, r in THIS_TURN.items():  # "attacks this turn if able": "this turn" inside it
            if self.eat(said):
                return r
        rule = next((r for r in RESTRICTIONS_LONGEST_FIRST if self.at(f"{r} this turn")), "")
        if rule:
            self.eat(f"{rule} this turn")
        return rule

    def player_verb(self, who: Objects, antecedent: Objects | None = None) -> Effect:
        """A player's verb after its subject: "each opponent loses 2 life", "you draw a card"."""
        if self.eat_any("draws", "draw"):
            n = self.number()
            self.eat_any("cards", "card") or self.fail()
            return Effect("draw", who=who, n=self.count_suffix(n))
        if self.eat_any("gains", "gain"):
            if who.ref is not None and self.at("life equal to"):  # "its controller gains life equal to its power"
                return Effect("gain-life", who=who, n=self.life_amount(who.ref, who.ref))
            return Effect("gain-life", who=who, n=self.life_amount(antecedent, who))
        if self.eat_any("loses", "lose"):
            return Effect("lose-life", who=who, n=self.life_amount(antecedent, who))
        if who.ref is not None and self.eat("puts it on their choice of the top or bottom of their library"):
            return Effect("bounce", what=who.ref, dest="library-top-or-bottom")  # Subtlety (401.4)
        if self.eat_any("discards", "discard"):
            n = self.number()
            self.eat_any("cards", "card") or self.fail()
            kind = "random" if self.eat("at random") else ""
            return Effect("discard", who=who, n=self.count_suffix(n), kind=kind)
        if self.eat_any("mills", "mill"):
            n = self.number()
            self.eat_any("cards", "card") or self.fail()
            return Effect("mill", who=who, n=n)
        if (got := gets_energy(self, who)) is not None:  # 122.1: "you get {E}{E}"
            return got
        if self.peek(2) == "poison" and self.eat_any("gets", "get"):  # 122.1f
            n = self.number()
            self.need("poison")
            self.eat_any("counters", "counter") or self.fail()
            return Effect("counters", what=who, n=n, kind="poison")
        if who.quant != "you" and self.eat("may search their library for"):  # Path to Exile's "Its controller"
            search = next(rule for phrase, rule in IMPERATIVES["search"] if phrase == "search your library for")
            return _with(search(self, "search your library for", None), who=who, optional=True)
        if self.eat_any("creates", "create"):  # "Its controller creates a 3/3 green Beast creature token"
            made = next(rule for phrase, rule in IMPERATIVES["create"] if phrase == "create")
            return _with(made(self, "create", antecedent), who=who)
        if self.eat("can't gain life this turn"):  # 119.8: Skullcrack's "Players can't gain life this turn."
            return Effect("cant-gain-life", who=who, until="eot")
        if self.eat("become the monarch") or self.eat("becomes the monarch"):  # 724.1
            return Effect("monarch", who=who)
        if who.quant == "each" and self.at("exiles all"):  # Living End: steps, each done by all of them
            return self.each_player_steps(who)
        if self.eat_any("sacrifices", "sacrifice"):  # 701.21a: an edict, the sacrificer's choice
            count = self.number().value if self.peek() in NUMBERS or self.peek().isdigit() else 1
            what = _with(self.objects("a"), count=count)
            if who.quant != "you":
                self.eat("of their choice")
            return Effect("sacrifice", who=who, what=what)
        for rule in PLAYER_VERBS:
            e = self.attempt(rule, self, who, antecedent)
            if e is not None:
                return e
        self.fail()
        raise AssertionError

    def each_player_steps(self, who: Objects) -> Effect:
        """"Each player exiles all creature cards from their graveyard, then sacrifices all
        creatures they control, then puts all cards they exiled this way onto the
        battlefield": steps joined by ", then", each done by every player before the next
        (101.4, 608.2c); "they" is each of them."""
        steps: list[Effect] = []
        while True:
            if self.eat("exiles"):
                what = self.objects()
                self.need("from their graveyard")
                steps.append(Effect("exile", what=_with(what, zone="graveyard")))
            elif self.eat("sacrifices"):
                what = self.objects()
                self.need("they control")
                steps.append(Effect("sacrifice", what=what))
            elif self.eat("puts all cards they exiled this way onto the battlefield"):
                steps.append(Effect("put-exiled", dest="battlefield"))
            else:
                self.fail()
            if not self.eat(", then"):
                break
        if len(steps) < 2:
            self.fail()
        return Effect("each-player-steps", who=who, then=tuple(steps))

    def life_amount(self, antecedent: Objects | None, who: Objects) -> Number:
        """"2 life", "1 life for each ...", "life equal to the number of ...", "life equal to
        its toughness" (119)."""
        if self.eat("life equal to"):
            return self.amount_of(antecedent, who)
        n = self.number()
        self.need("life")
        return self.count_suffix(n)

    def creature(self, x_ok: bool = False) -> TokenSpec:
        """"3/3 red and green Elemental [artifact] creature": a token's or a manland's
        (``x_ok``: "X/X", the X paid, for a manland)."""
        pt = self.peek()
        x = x_ok and pt == "x/x"
        if not x and ("/" not in pt or not all(p.isdigit() for p in pt.split("/"))):
            self.fail()
        p, t = (0, 0) if x else (int(v) for v in pt.split("/"))
        self.i += 1
        colors, subs = self.colors_subtypes()
        types = ["Creature"]
        if self.eat("artifact creature"):
            types = ["Artifact", "Creature"]
        else:
            self.need("creature")
        return TokenSpec(" ".join(subs), p, t, colors, tuple(types), x=x)

    def becomes(self, who: Objects) -> Effect:
        """"becomes a 3/3 red and green Elemental creature [with KEYWORDS] [until end of
        turn]. It's still a land." (the new characteristics in layers 4, 5, 6, 7b)."""
        self.eat_any("a", "an") or self.fail()
        spec = self.creature(x_ok=True)
        kws: tuple[str, ...] = ()
        grants: tuple[Ability, ...] = ()
        if self.eat("with"):
            kws = () if self.at('"') else self.keyword_list()
            if not kws or self.eat("and") or self.at('"'):  # "with menace and "...": the list ate "and"
                grants = self.granted() if self.at('"') else self.fail()
        still = bool(self.eat("that's still a land"))  # "... with haste that's still a land" (Nissa)
        until = self.duration()
        if still:
            pass
        elif self.at(". it's still a land"):
            self.need(". it's still a land")
        elif grants and self.at("it's still a land"):  # the quoted ability ended the sentence
            self.need("it's still a land")
        return Effect("becomes", what=who, token=replace(spec, keywords=kws), until=until, grants=grants)


def _bind_x(e: Effect, n: Number, strict: bool = True) -> Effect:
    """", where X is the number of ...": X in the effect's numbers is that count (``strict``:
    the effect must have an X)."""
    def bound(v: Number) -> Number:
        return replace(n, times=n.times * v.times) if v.x else v
    if not e.n.x and not (e.pt and (e.pt[0].x or e.pt[1].x)):
        if not strict:
            return e
        raise NoParse
    return _with(e, n=bound(e.n), pt=(bound(e.pt[0]), bound(e.pt[1])) if e.pt else None)

