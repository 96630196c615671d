"""What the compiled text's effects share with the rules: keyword-like abilities the rules
check (blocking, attacking, untapping), the objects an Aura may enchant, and the
resolvers of the keyword actions the grammar reads (explore, scry, surveil) and of
"unless ... pays".

Every resolver acts through the resolution context (608.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Resolver
from ..model.state import Decision

if TYPE_CHECKING:
    from ..play.context import Ctx
    from ..play.game import Game

#: keyword-like abilities of "This creature can't be blocked.", "This creature can't
#: block.", "This creature can block only creatures with flying." and "This creature
#: can't be blocked by creatures with power 2 or less." (checked by blocking, 509.1b)
UNBLOCKABLE, CANT_BLOCK, BLOCKS_ONLY_FLYERS = "unblockable", "can't block", "can block only creatures with flying"
NOT_BY_POWER_2 = "can't be blocked by creatures with power 2 or less"
#: ... of "Enchanted creature can't attack or block, and its activated abilities can't be
#: activated." and "Activated abilities of artifacts can't be activated." (602.5: mana
#: abilities too)
CANT_ACTIVATE = "its activated abilities can't be activated"
#: ... of "This creature can't be blocked except by creatures with flying [or reach]." and
#: "Creatures with power less than this creature's power can't block it." (509.1b)
ONLY_BY_FLYING, ONLY_BY_FLYING_OR_REACH = ("can't be blocked except by creatures with flying",
                                           "can't be blocked except by creatures with flying or reach")
NOT_BY_LESS_POWER = "can't be blocked by creatures with less power"
#: ... of "This creature can't be blocked except by three or more creatures." (509.1b, as menace)
BY_THREE_OR_MORE = "can't be blocked except by three or more creatures"
#: ... of "This creature can't be blocked by more than one creature." (509.1b)
BY_ONE_AT_MOST = "can't be blocked by more than one creature"
#: ... of "Enchanted creature can't attack [or block]." (checked by attacking, 508.1c)
CANT_ATTACK = "can't attack"
#: ... of "[~ / Target creature] can attack [this turn] as though it didn't have defender."
#: (checked by attacking: defender doesn't stop it, 702.3b)
DESPITE_DEFENDER = "can attack as though it didn't have defender"
#: ... of "[~ / Target creature] must be blocked [this turn] if able.", "All creatures able to
#: block ~ do so." and "[~ / Target creature] blocks [each combat / this turn] if able."
#: (checked as blockers are declared, 509.1c: :mod:`mechanics.play.blocks`)
MUST_BE_BLOCKED = "must be blocked if able"
LURE = "all creatures able to block it do so"
BLOCKS_IF_ABLE = "blocks each combat if able"
#: ... of "This creature attacks each combat if able." (checked by attacking, 508.1d)
ATTACKS_IF_ABLE = "attacks each combat if able"
#: ... of "[Target creature / This creature] can't be the target of spells or abilities [your
#: opponents control] [this turn]." (checked as targets are chosen, 115.4, like hexproof and shroud)
UNTARGETABLE = "can't be the target of spells or abilities"
UNTARGETABLE_BY_OPPONENTS = "can't be the target of spells or abilities your opponents control"
#: ... of "[This creature / Enchanted creature] doesn't untap during ... untap step." (502.3)
DOESNT_UNTAP = "doesn't untap"
#: ... of "You may choose not to untap ~ during your untap step." (502.3: asked as it would untap)
MAY_NOT_UNTAP = "may choose not to untap"
#: the choice an exiled card carries when an effect lets its owner play it ("Exile the top
#: card of your library. You may play that card this turn."): ``turn:T`` (until the end of
#: turn T) or ``turns:K`` (until the end of its owner's K-th turn); checked as a card is
#: cast or played (:func:`mechanics.play.castable.may_play_from_exile`)
PLAY_FROM_EXILE = "may play"
#: the kind of a prevention effect, "Prevent all combat damage that would be dealt this turn."
#: (615.1a; its params: :mod:`mechanics.rules.prevention`)
PREVENT = "prevent damage"
#: the kind of the effect of "Damage can't be prevented this turn." (615.12)
UNPREVENTABLE = "damage can't be prevented"
#: the kind of the effect of "Players can't gain life this turn." (119.8; its ``players``)
CANT_GAIN_LIFE = "can't gain life"


def prevents_static(direction: str, combat: bool) -> str:
    """The keyword-like ability of "Prevent all [combat] damage that would be dealt to/by
    ~" (``direction`` "to" or "by"); its combat form for combat damage, either for all."""
    return f"prevent all {'combat ' * combat}damage dealt {direction} it"


def types_of(game: Game, o: Any) -> set[str]:
    """The card types of an object (none for a player)."""
    ch = game.chars(o) if isinstance(o, int) else None
    return ch.types if ch is not None else set()


#: the permanents of the Enchant X lines below: (target kind, filter on the object or None)
DESTROYABLE: dict[str, tuple[str, Callable[[Game, Any], bool] | None]] = {
    "creature": ("creature", None),
    "permanent": ("permanent", None),
    "artifact": ("permanent", lambda g, o: "Artifact" in types_of(g, o)),
    "enchantment": ("permanent", lambda g, o: "Enchantment" in types_of(g, o)),
    "land": ("permanent", lambda g, o: "Land" in types_of(g, o)),
    "nonland permanent": ("permanent", lambda g, o: "Land" not in types_of(g, o)),
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


def explore(ctx: Ctx) -> None:
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


#: "scry N" (701.22a) and "surveil N" (701.25a): where the cards not kept on top go, and
#: the verb for the log
_LOOK_AWAY = {"scry": ("on the bottom", "scries"), "surveil": ("into your graveyard", "surveils")}


def look_at_top(verb: str, n: int) -> Resolver:
    """Look at the top N cards of your library, put any number of them on the bottom
    (scry) or into your graveyard (surveil) and the rest back on top, each group in any
    order (chosen one card at a time)."""
    away, does = _LOOK_AWAY[verb]

    def run(ctx: Ctx) -> None:
        seen = tuple(ctx.game.state.players[ctx.controller].library[:n])
        if not seen:
            return
        gone = ctx.choose(Decision("choose", ctx.controller, f"{verb} {n}: the cards to put {away} "
                                   "(choose none to keep them all on top)", seen, 0, len(seen), {"what": verb}))
        to_top(ctx, verb, [c for c in seen if c not in gone])
        if verb == "scry":
            to_bottom(ctx, verb, list(gone))
        else:
            for c in gone:
                ctx.move(c, "graveyard")
        ctx.note(f"{ctx.controller} {does} {n}: {len(seen) - len(gone)} on top, {len(gone)} {away}")
    return run


def ordered(ctx: Ctx, verb: str, cards: list[int], where: str) -> list[int]:
    """The cards in the order the player chooses, one card at a time (none asked for
    one card)."""
    out, left = [], list(cards)
    while len(left) > 1:
        pick = ctx.choose(Decision("choose", ctx.controller, f"{verb}: the next card to put {where}",
                                   tuple(left), 1, 1, {"what": verb}))[0]
        out.append(pick)
        left.remove(pick)
    return out + left


def to_top(ctx: Ctx, verb: str, cards: list[int]) -> None:
    """Put cards on top of their owners' libraries in any order: the first chosen ends on top."""
    for c in reversed(ordered(ctx, verb, cards, "on top")):
        ctx.move(c, "library")


def to_bottom(ctx: Ctx, verb: str, cards: list[int]) -> None:
    """Put cards on the bottom of their owners' libraries in any order: the first chosen
    goes first."""
    for c in ordered(ctx, verb, cards, "on the bottom"):
        ctx.move(c, "library", bottom=True)


def pays(ctx: Ctx, player: str, cost: str) -> bool:
    """"Unless its controller pays COST": that player chooses, and pays if they can (118.12)."""
    offer = f"pay {cost}"
    if not ctx.choose(Decision("choose", player, f"{offer}? (choose none not to pay)", (offer,), 0, 1)):
        return False
    return ctx.pay(player, cost)
