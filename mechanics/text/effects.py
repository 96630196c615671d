"""Effect phrases: what the sentences of rules text do, shared by spells, triggered
and activated abilities and the modes of modal ones (:mod:`mechanics.text.templates`).

:func:`effect` reads one phrase ("draw a card", "~ deals 3 damage to any target",
"destroy target artifact" ...) as its target requirements and a resolver, or None
when the engine doesn't know it; the tables say which objects "target X" and
"Enchant X" name.  Every resolver acts through the resolution context (608.2), and
one that targets does nothing if its target is no longer legal (608.2b).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Resolver, Target
from ..model.cards import CardDef
from ..model.state import Decision

if TYPE_CHECKING:
    from ..play.context import Ctx
    from ..play.game import Game

#: keyword-like abilities of "This creature can't be blocked.", "This creature can't
#: block.", "This creature can block only creatures with flying." and "This creature
#: can't be blocked by creatures with power 2 or less." (checked by blocking, 509.1b)
UNBLOCKABLE, CANT_BLOCK, BLOCKS_ONLY_FLYERS = "unblockable", "can't block", "can block only creatures with flying"
NOT_BY_POWER_2 = "can't be blocked by creatures with power 2 or less"
#: ... of "This creature attacks each combat if able." (checked by attacking, 508.1d)
ATTACKS_IF_ABLE = "attacks each combat if able"
#: ... of "[This creature / Enchanted creature] doesn't untap during ... untap step." (502.3)
DOESNT_UNTAP = "doesn't untap"
#: keywords a static or "gains" effect may grant: the engine checks each on the object's
#: characteristics (plugins' keywords work through abilities of the card's own text)
GRANTABLE = frozenset({"flying", "reach", "trample", "first strike", "double strike", "vigilance", "haste",
                       "defender", "deathtouch", "lifelink", "menace", "hexproof", "shroud",
                       "indestructible"})
PT_CHANGE = r"([+-]\d+)/([+-]\d+)"  # a power/toughness change: "+1/+0"
_DRAWN = {"a card": 1, "two cards": 2, "three cards": 3}


def types_of(game: Game, o: Any) -> set[str]:
    ch = game.chars(o) if isinstance(o, int) else None
    return ch.types if ch is not None else set()


#: "Destroy/Exile/Return target X" for these X: (target kind, filter on the object or None)
DESTROYABLE: dict[str, tuple[str, Callable[[Game, Any], bool] | None]] = {
    "creature": ("creature", None),
    "permanent": ("permanent", None),
    "artifact": ("permanent", lambda g, o: "Artifact" in types_of(g, o)),
    "enchantment": ("permanent", lambda g, o: "Enchantment" in types_of(g, o)),
    "artifact or enchantment": ("permanent", lambda g, o: bool({"Artifact", "Enchantment"} & types_of(g, o))),
    "land": ("permanent", lambda g, o: "Land" in types_of(g, o)),
    "nonland permanent": ("permanent", lambda g, o: "Land" not in types_of(g, o)),
    "nonartifact creature": ("creature", lambda g, o: "Artifact" not in types_of(g, o)),
    "nonblack creature": ("creature", lambda g, o: "B" not in g.chars(o).colors),
    "creature with flying": ("creature", lambda g, o: g.chars(o).has("flying")),
    "tapped creature": ("creature", lambda g, o: g.state.objs[o].tapped),
    "creature or planeswalker": ("permanent", lambda g, o: bool({"Creature", "Planeswalker"} & types_of(g, o))),
}
def _any_type(*types: str) -> Callable[[Game, Any], bool]:
    """A target filter: the object has one of these card types."""
    wanted = set(types)
    return lambda g, o: bool(wanted & types_of(g, o))


#: "Enchant X" (303.4a, 702.5a): what an Aura targets as a spell and may stay attached to
#: (sba 704.5m), as a target kind and a filter.  Not yet: players, and "an opponent controls".
ENCHANTABLE: dict[str, tuple[str, Callable[[Game, Any], bool] | None]] = {
    **{k: DESTROYABLE[k] for k in ("creature", "permanent", "artifact", "enchantment", "land",
                                   "nonland permanent", "creature or planeswalker", "nonblack creature",
                                   "tapped creature", "creature with flying")},
    "creature you control": ("creature-you-control", None),
    "land you control": ("permanent-you-control", DESTROYABLE["land"][1]),
    "artifact you control": ("permanent-you-control", DESTROYABLE["artifact"][1]),
    "artifact or creature": ("permanent", _any_type("Artifact", "Creature")),
    "creature or land": ("permanent", _any_type("Creature", "Land")),
    "creature or enchantment": ("permanent", _any_type("Creature", "Enchantment")),
    "planeswalker": ("permanent", _any_type("Planeswalker")),
    "artifact, creature, or planeswalker": ("permanent", _any_type("Artifact", "Creature", "Planeswalker")),
    "creature or Vehicle": ("permanent", lambda g, o: "Creature" in types_of(g, o) or "Vehicle" in g.chars(o).subtypes),
    **{t: ("permanent", lambda g, o, t=t: t in g.chars(o).subtypes)
       for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")},
}
_COUNTERABLE: dict[str, Callable[[Game, Any], bool] | None] = {
    "spell": None,
    "creature spell": lambda g, o: "Creature" in types_of(g, o),
    "noncreature spell": lambda g, o: "Creature" not in types_of(g, o),
}


Effect = tuple[tuple[Target, ...], Resolver]


def _on_target(target: Target, run: Callable[[Ctx, Any], None]) -> Effect:
    """Do ``run(ctx, target)`` if the target is still legal (608.2b)."""
    def resolve(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is not None:
            run(ctx, t)
    return (target,), resolve


def _on_self(run: Callable[[Ctx, Any], None]) -> Effect:
    """Do ``run(ctx, source)`` if the source is still the same permanent (400.7)."""
    def resolve(ctx: Ctx) -> None:
        if ctx.source is not None:
            run(ctx, ctx.source)
    return (), resolve


_UNTIL_EOT = re.compile(rf"(target creature|~) (?:gets {PT_CHANGE})?( and )?(?:gains ([a-z ,]+?))? until end of turn")
_CANT_THIS_TURN = re.compile(r"(target creature|~) can't (block|be blocked) this turn")


def _pump_or_grant(phrase: str) -> Effect | None:
    """"Target creature / ~ gets +N/+N [and] gains KEYWORDS until end of turn", or "can't
    block / can't be blocked this turn" (509.1b, the keyword-like abilities of blocking)."""
    if m := _CANT_THIS_TURN.fullmatch(phrase):
        who, pt, words = m.group(1), None, [CANT_BLOCK if m.group(2) == "block" else UNBLOCKABLE]
    elif (m := _UNTIL_EOT.fullmatch(phrase)) and (m.group(2) or m.group(5)):
        who, pt = m.group(1), (int(m.group(2)), int(m.group(3))) if m.group(2) else None
        words = re.split(r", and |, | and ", m.group(5)) if m.group(5) else []
        if bool(m.group(4)) != bool(pt and words) or any(w not in GRANTABLE for w in words):
            return None
    else:
        return None
    run = _pump_and_grant(pt, tuple(words))
    return _on_self(run) if who == "~" else _on_target(Target("creature", "target creature"), run)


def _pump_and_grant(pt: tuple[int, int] | None, keywords: tuple[str, ...]) -> Callable[[Ctx, Any], None]:
    """"gets +N/+N and gains KEYWORDS until end of turn" (611.2a; layers 7c and 6)."""
    def run(ctx: Ctx, o: Any) -> None:
        if pt is not None:
            ctx.pump(o, *pt)
        if keywords:
            ctx.add_effect("6", "abilities", [o], {"keywords": keywords})
            ctx.note(f"{ctx.game.describe(o)} gains {', '.join(keywords)} until end of turn")
    return run


def _pump_yours(p: int, t: int) -> Resolver:
    """611.2c: the creatures affected are those you control as it resolves."""
    def run(ctx: Ctx) -> None:
        for o in ctx.game.permanents(ctx.controller, creature=True):
            ctx.pump(o, p, t)
    return run


def _tap_enchanted(ctx: Ctx, aura: Any) -> None:
    """"Tap enchanted creature": the permanent this Aura is attached to now, if any."""
    to = ctx.game.state.objs[aura].attached_to
    if to is not None and to >= 0:
        ctx.tap(to)


def _attach_source(ctx: Ctx, creature: Any) -> None:
    """"Attach it to target creature you control": only if it is still on the battlefield."""
    if ctx.source is not None:
        ctx.attach(ctx.source, creature)


def _discard(ctx: Ctx, player: str) -> None:
    """701.8a: the player discards a card of their choice, if they have any."""
    hand = tuple(ctx.game.state.players[player].hand)
    if hand:
        pick = ctx.choose(Decision("choose", player, "discard a card", hand, 1, 1, {"what": "discard"}))
        ctx.move(pick[0], "graveyard")


def _drain(who: str, loss: int, gain: int) -> Effect:
    """"Each/target opponent (target player) loses N life [and you gain M life]" (119.3)."""
    def lose(ctx: Ctx, players: list[str]) -> None:
        for p in players:
            ctx.lose_life(p, loss)
        if gain:
            ctx.gain_life(ctx.controller, gain)
    if who == "each opponent":
        return (), lambda ctx: lose(ctx, ctx.game.opponents(ctx.controller))
    kind = who.split()[1]
    return _on_target(Target(kind, who), lambda ctx, p: lose(ctx, [p]))


def _opponents_discard(ctx: Ctx) -> None:
    """"Each opponent discards a card": each chooses, in turn order (101.4)."""
    for p in ctx.game.opponents(ctx.controller):
        _discard(ctx, p)


def _explore(ctx: Ctx) -> None:
    """701.44a: reveal the top card of your library; a land goes to your hand, otherwise
    the creature gets a +1/+1 counter (also when no card is revealed, an empty library;
    not if it has left the battlefield) and you may put the card into your graveyard."""
    top = ctx.game.state.players[ctx.controller].library[:1]
    if top:
        ctx.note(f"{ctx.controller} reveals {ctx.game.describe(top[0])}")
        if "Land" in types_of(ctx.game, top[0]):
            ctx.move(top[0], "hand")
            return
    if ctx.source is not None:
        ctx.put_counters(ctx.source, "+1/+1", 1, source_item=ctx.item.id)
    if top:
        if ctx.choose(Decision("choose", ctx.controller, "explore: put the revealed card into your graveyard? "
                               "(choose none to keep it on top)", tuple(top), 0, 1, {"what": "explore"})):
            ctx.move(top[0], "graveyard")


def _loot(ctx: Ctx) -> None:
    """"Draw a card, then discard a card"."""
    ctx.draw(ctx.controller, 1)
    _discard(ctx, ctx.controller)


#: "scry N" (701.22a) and "surveil N" (701.25a): where the cards not kept on top go, and
#: the verb for the log
_LOOK_AWAY = {"scry": ("on the bottom", "scries"), "surveil": ("into your graveyard", "surveils")}


def _look_at_top(verb: str, n: int) -> Resolver:
    """Look at the top N cards of your library, put any number of them on the bottom
    (scry) or into your graveyard (surveil) and the rest back on top, each group in any
    order (chosen one card at a time)."""
    away, does = _LOOK_AWAY[verb]

    def ordered(ctx: Ctx, cards: list[int], where: str) -> list[int]:
        out, left = [], list(cards)
        while len(left) > 1:
            pick = ctx.choose(Decision("choose", ctx.controller, f"{verb}: the next card to put {where}",
                                       tuple(left), 1, 1, {"what": verb}))[0]
            out.append(pick)
            left.remove(pick)
        return out + left

    def run(ctx: Ctx) -> None:
        seen = tuple(ctx.game.state.players[ctx.controller].library[:n])
        if not seen:
            return
        gone = ctx.choose(Decision("choose", ctx.controller, f"{verb} {n}: the cards to put {away} "
                                   "(choose none to keep them all on top)", seen, 0, len(seen), {"what": verb}))
        for c in reversed(ordered(ctx, [c for c in seen if c not in gone], "on top")):
            ctx.move(c, "library")  # the first chosen ends on top
        if verb == "scry":
            for c in ordered(ctx, list(gone), away):
                ctx.move(c, "library", bottom=True)
        else:
            for c in gone:
                ctx.move(c, "graveyard")
        ctx.note(f"{ctx.controller} {does} {n}: {len(seen) - len(gone)} on top, {len(gone)} {away}")
    return run


def _pays(ctx: Ctx, player: str, cost: str) -> bool:
    """"Unless its controller pays COST": that player chooses, and pays if they can (118.12)."""
    offer = f"pay {cost}"
    if not ctx.choose(Decision("choose", player, f"{offer}? (choose none not to pay)", (offer,), 0, 1)):
        return False
    return ctx.pay(player, cost)


def _damage_opponents(n: int) -> Resolver:
    def run(ctx: Ctx) -> None:
        for p in ctx.game.opponents(ctx.controller):
            ctx.damage(p, n, source=ctx.item.source)
    return run


def effect(card: CardDef, phrase: str) -> Effect | None:
    """What one effect phrase does (``phrase``: a sentence of the card's text with ``~``
    for the card, lower-cased first letter, no final period), or None if unknown.
    "It" is the source of a triggered ability ("When ~ enters, it deals ...")."""
    if m := re.fullmatch(r"draw (a card|two cards|three cards)", phrase):
        n = _DRAWN[m.group(1)]
        return (), lambda ctx: ctx.draw(ctx.controller, n)
    if m := re.fullmatch(r"(scry|surveil) (\d+)", phrase):
        return (), _look_at_top(m.group(1), int(m.group(2)))
    if m := re.fullmatch(r"you gain (\d+) life", phrase):
        n = int(m.group(1))
        return (), lambda ctx: ctx.gain_life(ctx.controller, n)  # 113.7a: even if the source left
    if m := re.fullmatch(r"(?:~|it) deals (\d+) damage to (any target|each opponent|target ([a-z]+))", phrase):
        n = int(m.group(1))
        if m.group(2) == "each opponent":
            return (), _damage_opponents(n)
        kind = m.group(3) or "any"
        if kind not in ("any", "creature", "player", "opponent"):
            return None
        return _on_target(Target(kind, m.group(2)), lambda ctx, t: ctx.damage(t, n, source=ctx.item.source))
    if m := re.fullmatch(r"(each opponent|target opponent|target player) loses (\d+) life(?: and you gain (\d+) life)?",
                         phrase):
        return _drain(m.group(1), int(m.group(2)), int(m.group(3) or 0))
    if phrase == "each opponent discards a card":
        return (), _opponents_discard
    if found := _pump_or_grant(phrase):
        return found
    if m := re.fullmatch(rf"creatures you control get {PT_CHANGE} until end of turn", phrase):
        return (), _pump_yours(int(m.group(1)), int(m.group(2)))
    if m := re.fullmatch(r"put a \+1/\+1 counter on (target creature|~)", phrase):
        run = lambda ctx, o: ctx.put_counters(o, "+1/+1", 1, source_item=ctx.item.id)  # noqa: E731
        return _on_target(Target("creature", "target creature"), run) if m.group(1) != "~" else _on_self(run)
    simple: dict[str, Effect] = {
        "tap target creature": _on_target(Target("creature", "target creature"), lambda ctx, o: ctx.tap(o)),
        "untap ~": _on_self(lambda ctx, o: ctx.untap(o)),
        "regenerate ~": _on_self(lambda ctx, o: ctx.regenerate(o)),  # 701.19a
        "return ~ to its owner's hand": _on_self(lambda ctx, o: ctx.move(o, "hand")),
        "draw a card, then discard a card": ((), _loot),
        "~ explores": ((), _explore),
    }
    if phrase in simple:
        return simple[phrase]
    if phrase in ("transform ~", "flip ~") and card.layout == phrase.split()[0]:  # 712, 710
        return _on_self(lambda ctx, o: ctx.turn_face(o, phrase.split()[0]))
    if phrase == "attach it to target creature you control" and "Equipment" in card.subtypes:
        return _on_target(Target("creature-you-control", "target creature you control"), _attach_source)
    if phrase == "tap enchanted creature" and "Aura" in card.subtypes:
        return _on_self(_tap_enchanted)
    if (m := re.fullmatch(r"(destroy|exile|untap) target ([a-z ]+)", phrase)) and m.group(2) in DESTROYABLE:
        kind, keep = DESTROYABLE[m.group(2)]
        run = {"destroy": lambda ctx, o: ctx.destroy(o), "exile": lambda ctx, o: ctx.move(o, "exile"),
               "untap": lambda ctx, o: ctx.untap(o)}[m.group(1)]
        return _on_target(Target(kind, f"target {m.group(2)}", keep), run)
    if m := re.fullmatch(r"return target (creature|permanent|nonland permanent) to its owner's hand", phrase):
        kind, keep = ("creature", None) if m.group(1) == "creature" else DESTROYABLE[m.group(1)]
        return _on_target(Target(kind, f"target {m.group(1)}", keep), lambda ctx, o: ctx.move(o, "hand"))
    m = re.fullmatch(r"counter target ([a-z ]+?)(?: unless its controller pays \{(\d+)\})?", phrase)
    if m and m.group(1) in _COUNTERABLE:
        tax = f"{{{m.group(2)}}}" if m.group(2) else ""

        def counter(ctx: Ctx, o: Any) -> None:
            item = next((i for i in ctx.game.state.stack if i.kind == "spell" and i.source == o), None)
            if item is not None and not (tax and _pays(ctx, item.controller, tax)):
                ctx.counter_item(item.id)
        return _on_target(Target("spell", f"target {m.group(1)}", _COUNTERABLE[m.group(1)]), counter)
    return None


def sentence(text: str) -> str:
    """An effect sentence as :func:`effect` reads it: first letter lower-cased."""
    return text[:1].lower() + text[1:]
