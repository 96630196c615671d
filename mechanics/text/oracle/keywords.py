"""Keyword abilities the grammar reads on a keyword line (702), as engine abilities.

One-sentence keywords are their reminder text, compiled like any other text
(:data:`SPELLED_OUT`); the others are built here: ward (702.21), crew (702.122), equip (702.6),
cycling (702.29), kicker (702.33), flashback (702.34), protection (702.16).  Keywords
the engine checks on an object's characteristics (flying, infect ...) or that a
plugin implements (evolve, cascade ...) need no ability of their own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...abilities import abilities as ab
from ...abilities.abilities import Triggered
from ...abilities.keywords import Keyword
from ...model.cards import parse_cost
from ...model.mana import format_cost
from ...model.state import Decision
from ..scripts import enters_self

if TYPE_CHECKING:
    from ...play.context import Ctx
    from ...play.game import Game

#: 101.2: counter effects leave such a spell on the stack (spells.counter_item)
CANT_BE_COUNTERED = "This spell can't be countered."

#: keywords that are one sentence of rules text: their reminder text, compiled like any
SPELLED_OUT = {
    "battle cry": "Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn.",  # 702.91a
    "undying": "When ~ dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
               "owner's control with a +1/+1 counter on it.",  # 702.93a
    "persist": "When ~ dies, if it had no -1/-1 counters on it, return it to the battlefield under its "
               "owner's control with a -1/-1 counter on it.",  # 702.79a
    "flanking": "Whenever a creature without flanking blocks ~, the blocking creature gets -1/-1 until end "
                "of turn.",  # 702.25a (each instance triggers: 702.25b)
    "prowess": "Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn.",  # 702.108a
    "bloodthirst": "If an opponent was dealt damage this turn, ~ enters with {} +1/+1 counters on it.",  # 702.54a
    "affinity for artifacts": "~ costs {{1}} less to cast for each artifact you control.",  # 702.41a
    # numbered ones the registry reads ("Afterlife 2": ENGINE_KEYWORDS)
    "afterlife": "When ~ dies, create {} 1/1 white and black Spirit creature tokens with flying.",  # 702.135a
    "soulshift": "When ~ dies, you may return target Spirit card with mana value {} or less from your "
                 "graveyard to your hand.",  # 702.46a
    "modular": "~ enters with {} +1/+1 counters on it.\nWhen ~ dies, you may put a +1/+1 counter on target "
               "artifact creature for each +1/+1 counter on ~.",  # 702.43a
    "mobilize": "Whenever ~ attacks, create {} tapped and attacking 1/1 red Warrior creature tokens. Sacrifice "
                "them at the beginning of the next end step.",  # 702.181a
}


def equip(ctx: Ctx) -> None:
    """702.6a: attach this Equipment to target creature you control."""
    t, src = ctx.target(0), ctx.source
    if t is not None and src is not None:
        ctx.attach(src, t)


def crew(n: int) -> ab.Activated:
    """702.122a: "Crew N" means "Tap any number of untapped creatures you control with total
    power N or greater: This permanent becomes an artifact creature until end of turn"
    (layer 4; its printed power and toughness apply then)."""
    def run(ctx: Ctx) -> None:
        if ctx.source is not None:
            ctx.add_effect("4", "crewed", [ctx.source], {"types": ("Artifact", "Creature")})
            ctx.note(f"{ctx.game.describe(ctx.source)} becomes an artifact creature until end of turn")
    return ab.Activated(f"Crew {n}", resolve=run, crew=n)


def partner_with(partner: str) -> Triggered:
    """702.124j: "When this permanent enters, target player may search their library for a
    card named [name], reveal it, put it into their hand, then shuffle."  That player
    chooses (a search may find nothing, 701.23b)."""
    def run(ctx: Ctx) -> None:
        who = ctx.target(0)
        if who is None:
            return
        game = ctx.game
        named = tuple(o for o in game.state.players[who].library if game.state.objs[o].name == partner)
        pick = ctx.choose(Decision("choose", who, f"search your library for {partner} (choose none to find "
                                   "nothing)", named, 0, min(1, len(named)), {"what": "search"})) if named else ()
        for o in pick:
            ctx.note(f"{who} finds {game.describe(o)}")
            ctx.move(o, "hand")
        ctx.shuffle(who)
    return Triggered(f"Partner with {partner}", ("ZoneChanged",), enters_self, run,
                     (ab.Target("player", "target player"),))


def unearth(cost: str) -> list[ab.Ability]:
    """702.84a: "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the
    battlefield. It gains haste. Exile it at the beginning of the next end step. If it
    would leave the battlefield, exile it instead of putting it anywhere else. Activate
    only as a sorcery."  The permanent remembers it was unearthed (``choices["alt"]``):
    its haste is the keyword's ``grants``, the exile instead is in the move primitive,
    and the delayed exile a trigger of the next end step (603.7)."""
    def back(ctx: Ctx) -> None:
        if ctx.source is not None:  # still that card in the graveyard (400.7)
            ctx.move(ctx.source, "battlefield", choices={"alt": "unearth"})

    def next_end(game: Game, item: Any) -> bool:
        obj = game.state.objs[item.source]
        return obj.zone == "battlefield" and obj.choices.get("alt") == "unearth" and \
            game.steps_since_entered(item.source, "end") == 1

    def exile(ctx: Ctx) -> None:
        if ctx.source is not None:
            ctx.move(ctx.source, "exile")
    return [ab.HandAbility(f"Unearth {cost}", cost, back, zone="graveyard", sorcery=True, stays=True),
            Triggered("Unearth: exile it at the beginning of the next end step", step="end", step_whose="each",
                      condition=next_end, resolve=exile)]


def shock_land(ctx: Ctx, obj: Any) -> None:
    """"As ~ enters, you may pay 2 life. If you don't, it enters tapped." (614.12)."""
    if ctx.game.state.players[obj.controller].life >= 2:  # 119.4: only with that much life
        paid = ctx.choose(Decision("choose", obj.controller, f"{obj.name}: pay 2 life, or it enters "
                                   "tapped (choose none)", ("pay 2 life",), 0, 1))
        if paid:
            ctx.lose_life(obj.controller, 2)
            return
    ctx.enter_tapped(obj.id)


#: keywords followed by a cost
COSTED_KEYWORDS = ("kicker", "flashback", "equip", "cycling", "ward")


def keyword_abilities(name: str, arg: Any, spec: Keyword | None = None) -> list[ab.Ability] | None:
    """The abilities the engine builds for one instance of a registered keyword (``spec``):
    ward's triggered ability from its cost, an alternative cost (118.9) for a keyword that
    takes one, and what it grants as long as the permanent was cast that way; none for
    the others (the rules check them where they apply, plugins' triggers come from their
    hooks).  None when the engine can't do this instance (a cost it doesn't pay), so the
    line is read by the grammar."""
    out: list[ab.Ability] = [granted(name, spec.grants)] if spec and spec.grants else []
    if spec and spec.enters_with:  # 614.1c: "This permanent enters with N time counters on it"
        n = arg[0] if isinstance(arg, tuple) else int(arg)
        out.append(ab.EntersWith(f"{name.capitalize()} {n}",
                                 lambda ctx, obj: ctx.put_counters(obj.id, spec.enters_with, n)))
    if spec and spec.takes in ("alternative cost", "additional cost"):
        alt = alternative_cost(name, str(arg))
        return None if alt is None else [replace(alt, additional=spec.takes == "additional cost"), *out]
    if name == "crew":
        return [crew(int(arg))]
    if name == "partner with":
        return [partner_with(str(arg))]
    if name == "unearth":
        return [*unearth(str(arg)), *out]
    if name != "ward":
        return out
    cost = str(arg or "")
    words = cost.lower().rstrip(".").split()
    if len(words) == 3 and words[0] == "pay" and words[1].isdigit() and words[2] == "life":
        return [ward("", int(words[1]))]
    symbols = parse_cost(cost)
    if symbols and format_cost(symbols) == cost.upper() and all(s.isdigit() or s in "WUBRGC" for s in symbols):
        return [ward(cost)]
    return None


#: when a keyword's alternative cost may be paid, read by the grammar's conditions
WHEN = {"spectacle": "if an opponent lost life this turn"}  # 702.137a

#: "Exile a white card from your hand": the color words of an alternative cost
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def alternative_cost(name: str, cost: str) -> ab.AltCost | None:
    """The alternative cost (118.9) of a keyword's instance: its comma-separated parts are
    mana ("{2}{B}{B}"), "Pay N life", "Discard a card", "Sacrifice two Mountains", "Return an
    Island you control to its owner's hand" and "Exile a COLOR card from your hand" (Evoke of the Incarnations, 702.74a), joined by commas or
    "and"; None for any other part."""
    mana, life, pitch, discard, sacrifice, bounce = "", 0, None, 0, (None, 1), None
    for part in cost.rstrip(".").replace(" and ", ", ").split(", "):
        words = part.lower().split()
        symbols = parse_cost(part)
        if symbols and format_cost(symbols) == part.upper() and "X" not in symbols:
            mana = part
        elif len(words) == 3 and words[:1] == ["pay"] and words[1].isdigit() and words[2] == "life":
            life = int(words[1])
        elif len(words) == 7 and words[2] in _COLORS and " ".join(words[:2] + words[3:]) == \
                "exile a card from your hand":
            pitch = (f"a {words[2]} card", _colored(_COLORS[words[2]]))
        elif words == ["discard", "a", "card"]:
            discard = 1
        elif len(words) == 3 and words[0] == "sacrifice" and words[1] in _HOW_MANY:
            n, kind = _HOW_MANY[words[1]], part.split()[2]
            sacrifice = ((" ".join(part.split()[1:]), _of_kind(kind[:-1] if n > 1 and kind.endswith("s") else kind)),
                         n)
        elif words[:2] in (["return", "a"], ["return", "an"]) and words[3:] == "you control to its owner's hand".split():
            bounce = (" ".join(part.split()[1:3]) + " you control", _of_kind(part.split()[2]))
        else:
            return None
    sep = " " if mana and not (life or pitch or discard or sacrifice[0] or bounce) else "—"
    return ab.AltCost(f"{name.capitalize()}{sep}{cost}", name, mana or "{0}", life, pitch, discard, *sacrifice,
                      bounce_other=bounce)


def granted(name: str, keywords: tuple[str, ...]) -> ab.Static:
    """"As long as this permanent's NAME cost was paid, it has haste" (blitz 702.152a,
    dash 702.109a): a static ability of the card, on the permanent that remembers it was
    cast that way (``choices["alt"]``, which it keeps while it stays on the battlefield)."""
    def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
        return src.id == obj.id and obj.choices.get("alt") == name
    return ab.Static(f"as long as it was cast with {name}: {', '.join(keywords)}", "6", applies,
                     {"keywords": keywords})


#: "sacrifice two Mountains": how many
_HOW_MANY = {"a": 1, "an": 1, "two": 2, "three": 3}


def _of_kind(kind: str) -> Any:
    """A permanent of a card type ("artifact") or subtype ("Mountain") its controller sacrifices."""
    def fits(game: Game, player: str, oid: int, source: int) -> bool:
        ch = game.chars(oid)
        return ch is not None and (kind.capitalize() in ch.types or kind in ch.subtypes)
    return fits


def _colored(color: str) -> Any:
    def fits(game: Game, player: str, oid: int, spell: int) -> bool:
        return oid != spell and color in game.card(game.state.objs[oid].name).colors
    return fits


def costed(card: Any, kw: str, cost: str, life: int, text: str) -> list[ab.Ability] | None:
    """A keyword with a cost ("Equip {2}", "Cycling—Pay 2 life.", "Ward {2}", "Kicker
    {R}"), or None when the engine doesn't do it for this card."""
    if "{X}" in cost.upper():
        return None
    if kw == "kicker" and not life:  # 702.33a
        return [ab.CastCost(text, kicker=cost)]
    if kw == "flashback" and not life and card.types & {"Instant", "Sorcery"}:  # 702.34a
        return [ab.CastCost(text, flashback=cost)]
    if kw == "ward":  # 702.21a
        return [ward(cost, life)]
    if kw == "equip" and not life and card.is_type("Artifact") and "Equipment" in card.subtypes:  # 702.6a
        return [ab.Activated(text, cost=cost, sorcery=True, equip=True, resolve=equip,
                             targets=(ab.Target("creature-you-control", "creature you control"),))]
    if kw == "cycling":  # 702.29a: "{COST}, Discard this card: Draw a card."
        return [ab.HandAbility(text, cost, lambda ctx: ctx.draw(ctx.controller, 1), life)]
    return None


def ward(cost: str = "", life: int = 0) -> Triggered:
    """702.21a: "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays COST" (a
    mana cost, N life: only with that much life, 119.4, or "discard N": only with N cards
    in hand, of that player's choice); paid or not as it resolves."""
    discard = int(cost.split()[1]) if cost.startswith("discard ") else 0
    price = f"{life} life" if life else f"discard {discard} card{'s' * (discard > 1)}" if discard else cost

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if (event.obj == obj.id and event.epoch == obj.epoch
                and event.controller in game.opponents(game.controller_of(obj.id))):
            return {"item": event.item, "player": event.controller}
        return None

    def paid(ctx: Ctx, who: str) -> bool:
        if discard:
            hand = tuple(ctx.game.state.players[who].hand)
            if len(hand) < discard:
                return False
            for c in ctx.choose(Decision("choose", who, f"ward: discard {discard}", hand, discard, discard,
                                         {"what": "discard"})):
                ctx.move(c, "graveyard")
            return True
        if not life:
            return ctx.pay(who, cost)
        if ctx.game.state.players[who].life < life:
            return False
        ctx.lose_life(who, life)
        return True

    def run(ctx: Ctx) -> None:
        item = next((i for i in ctx.game.state.stack if i.id == ctx.item.data["item"]), None)
        if item is None:
            return  # it already left the stack
        who = ctx.item.data["player"]
        pick = ctx.choose(Decision("choose", who, f"ward: pay {price}, or the spell or ability "
                                   "is countered? (yes/no)", ("yes", "no"), 1, 1,
                                   {"what": "may", "default": ["yes"]}))
        if pick and pick[0] == "yes" and paid(ctx, who):
            return
        ctx.note(f"ward: {ctx.game.describe(item.source) if item.source else item.text} is countered")
        ctx.counter_item(item.id)

    text = f"Ward—Pay {life} life." if life else f"Ward—Discard {discard}." if discard else f"Ward {cost}"
    return Triggered(text, ("BecameTarget",), match, run)
