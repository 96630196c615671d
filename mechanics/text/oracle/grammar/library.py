"""The grammar of looking at and revealing the top of a library (401, 701.16 reveal):
"Look at the top five cards of your library. Put one of them into your hand and the
rest on the bottom of your library in any order", "reveal the top card of your library
and put that card into your hand", "... If it's a land card, put it onto the battlefield.
Otherwise, put that card into your hand", "... then put them back in any order".

One rule reads the look and every sentence saying where those cards go, as one
``dig`` effect (:class:`~..tree.Dig`): the cards are known only to that effect, so the
sentences that move them belong to it.
"""

from __future__ import annotations

from dataclasses import replace

from ..tree import Dig, Effect, Number, Objects, Pick
from .effects import Effects, imperative
from .words import NUMBERS

#: the looked-at cards, for "its mana value" after the effect
THOSE = Objects("dug", ("card",), zone="library")
#: where a picked card goes: the words, and (dest, tapped)
_DESTS = (("into your hand", "hand"), ("onto the battlefield tapped", "battlefield-tapped"),
          ("onto the battlefield", "battlefield"), ("into your graveyard", "graveyard"),
          ("on the bottom of your library", "bottom"), ("on top of your library", "top"))
#: where the rest go, longest first: the words, and :attr:`Dig.rest`
_REST = (("on the bottom of your library in any order", "bottom"),
         ("on the bottom of your library in a random order", "random"),
         ("on the bottom of your library", "bottom"), ("on the bottom in any order", "bottom"),
         ("on the bottom in a random order", "random"), ("into your graveyard", "graveyard"),
         ("on top of your library in any order", "top"), ("on top in any order", "top"),
         ("back in any order", "top"), ("into your hand", "hand"))


@imperative("look at the top", "reveal the top")
def dig(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"look at / reveal the top N cards of your (target player's) library" and the
    sentences that put them somewhere (:func:`_one`, :func:`_many`)."""
    n = _top_cards(p)
    p.need("of")
    if p.eat("your library"):
        who = Objects("you", ("player",))
    elif p.eat("target player's library") or p.eat("target opponent's library"):
        who = Objects("target", (p.peek(-2).removesuffix("'s"),))
    else:
        p.fail()
    if n.x:  # "the top X cards of your library, where X is the number of ..."
        p.need(", where x is")
        n = p.amount()
    reveal = verb.startswith("reveal")
    if p.done() or p.at(". ") and not (p.at(". if") or p.at(". put") or p.at(". you may") or p.at(". then")):
        picks, rest = [], ""  # "Look at the top card of target player's library.": a look, nothing moves
    elif n.value == 1:
        picks, rest = _one(p)
    else:
        picks, rest = _many(p)
    if who.quant != "you" and (picks or rest not in ("top", "")):
        p.fail()  # the picks go to "your" zones: only from your own library
    return Effect("dig", who=who, n=n, what=THOSE, dig=Dig(tuple(picks), rest, reveal))


def _top_cards(p: Effects) -> Number:
    """After "the top": "card" (one) or "N cards"."""
    if p.eat("card"):
        return Number(1)
    n = p.number()
    p.need("cards")
    return n


def _one(p: Effects) -> tuple[list[Pick], str]:
    """The top card: "and put that card into your hand", ". If it's a land card, [you
    may] put it onto the battlefield [tapped]. [Otherwise, put that card into your hand]"."""
    if p.eat("and put that card") or p.eat("and put it"):
        return [Pick(None, _dest(p))], ""
    if p.at(".") and not p.at(". if it's"):  # Mishra's Bauble: a look only, the card stays on top
        return [], ""
    p.need(". if it's")
    p.eat_any("a", "an")
    what = p.objects("a")
    p.need(",")
    optional = bool(p.eat("you may"))
    p.eat("reveal it and")
    p.need("put it")
    pick = _pick(what, _dest(p), optional)
    if p.eat(". otherwise , put that card") or p.eat(". otherwise , put it"):
        return [pick], _rest(p)
    if p.eat(". if you don't put the card into your hand ,"):
        if p.eat("you may put it"):  # the card left: the player's choice
            return [pick, _pick(None, _dest(p), True)], ""
        p.need("put it")
        return [pick], _rest(p)
    return [pick], ""  # a card not put elsewhere stays on top


def _many(p: Effects) -> tuple[list[Pick], str]:
    """The top N: ", then put them back in any order", ", then put any number of them
    DEST and the rest REST", ". [You may] put PICK DEST [and the rest REST]", ". You may
    reveal PICK and put it into your hand", each optionally followed by ". [Then] put
    the rest REST"."""
    if p.eat(", then put them"):
        return [], _rest(p)
    if p.eat(", then put"):
        picks = [_pick(_some(p), _dest(p, bottom=True), True)]
    else:
        p.need(".")
        optional = bool(p.eat("you may"))
        if p.eat("reveal"):
            p.x_bound = True  # "with mana value X or less from among them, where X is ..."
            try:
                what = _some(p)
            finally:
                p.x_bound = False
            x = p.amount() if p.eat(", where x is") else None
            if (x is None) != (what.mana_value is None or "x" not in what.mana_value[0]):
                p.fail()  # an X that nothing binds, or a binding of nothing
            if x is not None:  # Knight-Errant of Eos: "... Put the revealed cards into your hand"
                p.need(". put the revealed cards")
                picks = [replace(_pick(what, _dest(p), optional), x=x)]
                return picks, "shuffle" if p.eat(", then shuffle") else ""
            p.need("and put it") if p.at("and put it") else p.need("and put that card")
            picks = [_pick(what, _dest(p), optional)]
        else:
            p.need("put")
            picks = [_pick(_some(p), _dest(p), optional)]
            while not optional and (p.peek(1) in NUMBERS or p.peek(2) in NUMBERS or p.at(", and exile")
                                    or p.at(", put")) and p.eat_any(", and", ",", "and"):
                # "Put one into your hand, one on top of your library, and one ...", "..., put one of
                # them on the bottom of your library, and exile one of them" (Expressive Iteration)
                exile = bool(p.eat("exile"))
                p.eat("put")
                n = p.number().value
                p.eat("of them")
                dest = "exile" if exile else _dest(p)
                picks.append(_pick(Objects("a", ("card",), n, zone="library"), dest, False))
            if picks[-1].dest == "exile" and p.eat(". you may play the exiled card this turn"):
                picks[-1] = replace(picks[-1], play="eot")  # 601.3: the permission rides on the card
    if p.eat("and the rest") or p.eat("and the other"):
        return picks, _rest(p)
    if p.at(". put the rest") or p.at(". then put the rest"):
        p.need(".")
        p.eat("then")
        p.need("put the rest")
        return picks, _rest(p)
    return picks, ""


def _some(p: Effects) -> Objects:
    """Which of the cards: "one of them", "up to two of those cards", "any number of
    them", "a creature card from among them"."""
    up_to = bool(p.eat("up to"))
    if not up_to and p.eat("any number of"):
        what = Objects("a", ("card",), 99, True, zone="library")
    elif (p.peek() in NUMBERS or p.peek().isdigit()) and p.peek(1) == "of":
        what = Objects("a", ("card",), p.number().value, up_to, zone="library")
        p.need("of")
    else:
        most = p.number().value if up_to else 1
        what = replace(p.objects("a"), count=most, up_to=True) if up_to else p.objects()
        if what.zone != "library" or what.quant not in ("a", "each"):
            p.fail()
        if p.eat("revealed this way"):  # "put all Goblin cards revealed this way into your hand"
            return what
        p.need("from among")
    p.eat_any("them", "those cards") or p.fail()
    return what


def _pick(what: Objects | None, dest: str, optional: bool) -> Pick:
    return Pick(what, dest.removesuffix("-tapped"), optional, dest.endswith("-tapped"))


def _dest(p: Effects, bottom: bool = False) -> str:
    """Where picked cards go ("into your hand", "onto the battlefield tapped"); ``bottom``:
    also "on the bottom" (a scry-like "put any number of them on the bottom")."""
    found = next((d for words, d in _DESTS if p.eat(words)), None)
    if found is None and bottom and p.eat("on the bottom"):
        found = "bottom"
    if found is None:
        p.fail()
    return found


def _rest(p: Effects) -> str:
    found = next((r for words, r in _REST if p.eat(words)), None)
    if found is None:
        p.fail()
    return found


@imperative("reveal cards from the top of your library until you reveal")
def reveal_until(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Reveal cards from the top of your library until you reveal a creature card. Put
    that card into your hand and the rest on the bottom of your library in a random order"
    (all of the library revealed if none fits)."""
    p.eat_any("a", "an") or p.fail()
    until = p.objects("a")
    if "card" not in until.kinds:
        p.fail()
    if p.eat(", then put all cards revealed this way"):  # Treasure Hunt
        return Effect("dig", who=Objects("you", ("player",)), what=THOSE,
                      dig=Dig((Pick(None, _dest(p)),), "", True, until))
    p.need(". put that card")
    pick = _pick(until, _dest(p), False)
    if not (p.eat("and the rest") or p.eat("and put all other cards revealed this way")):
        p.fail()
    return Effect("dig", who=Objects("you", ("player",)), what=THOSE,
                  dig=Dig((pick,), _rest(p), True, until))


#: how long an exiled card may be played: the words, and the effect's ``until``
_PLAY_UNTIL = (("this turn", "eot"), ("until end of turn", "eot"), ("until the end of your next turn", "next-turn"))


@imperative("exile the top")
def exile_to_play(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Exile the top card of your library. You may play that card this turn." / "Until the
    end of your next turn, you may play those cards." (the exiled cards may be played, their
    costs paid, until then: :func:`mechanics.play.castable.may_play_from_exile`)."""
    n = _top_cards(p)
    p.need("of your library .")
    until = next((u for words, u in _PLAY_UNTIL if p.eat(words + " ,")), "")
    p.need("you may play")
    p.eat_any("that card", "those cards", "them", "it") or p.fail()
    if not until:
        until = next((u for words, u in _PLAY_UNTIL if p.eat(words)), "")
    if not until:
        p.fail()
    return Effect("exile-to-play", n=n, until=until)
