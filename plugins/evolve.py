"""Evolve (Comprehensive Rules 702.100) and the cards that care about evolving.

702.100a  Evolve is a triggered ability: "Whenever a creature you control
          enters, if that creature's power is greater than this creature's
          power and/or that creature's toughness is greater than this
          creature's toughness, put a +1/+1 counter on this creature."
          Power is compared with power and toughness with toughness.
702.100b  A creature "evolves" when one or more +1/+1 counters are put on it
          as a result of its evolve ability resolving (Watchful Radstag,
          Renegade Krasis: once per resolution, however many counters a
          replacement effect such as Hardened Scales made it put).
702.100c  A noncreature permanent has no power or toughness to beat: it never
          evolves.
702.100d  Each instance of evolve triggers separately.

The "if" is an intervening if (603.4): the comparison is made when the
creature enters (no trigger at all when neither stat is greater) and again as
the ability resolves, with the entering creature's last known information if
it has left the battlefield (608.2h).  If the evolve creature itself has left,
the ability does nothing (400.7).  Phased-out permanents neither see creatures
enter nor evolve (702.26b).

Watchful Radstag's token is a copy of its copiable values (707.2): copy
effects count (a Clone that copied it makes a Radstag), counters, damage and
other effects don't; if the Radstag has left the battlefield its last known
copiable values are used.

Hooks propose, the engine applies: this module never assigns to the game's
state; it returns trigger dicts and acts through the resolution ``ctx``.
"""

from __future__ import annotations

from typing import Any

from mechanics import AbilityRef, Activated, Decision, Static, Target, Triggered, hookimpl
from mechanics import events as ev

HANDLER = "evolve"
RULE = "702.100"

# ---------------------------------------------------------------------- helpers


def greater(power: int | None, toughness: int | None, than_p: int | None,
            than_t: int | None) -> bool:
    """702.100a: power > power or toughness > toughness (None: no such stat, 702.100c)."""
    if power is None or toughness is None or than_p is None or than_t is None:
        return False
    return power > than_p or toughness > than_t


def instances(game: Any, oid: int, ch: Any) -> int:
    """How many instances of evolve ``oid`` has (702.100d): its own, plus one per
    static ability granting evolve to it (Tyranid Prime)."""
    n = 1 if "evolve" in ch.card.keywords else 0
    for src, sch in game.all_chars().items():
        if sch.no_abilities:
            continue
        for ab in sch.behaviour.of(Static):
            if "evolve" not in ab.params.get("keywords", ()):
                continue
            if ab.condition is not None and not ab.condition(game, game.obj(src)):
                continue
            if ab.applies(game, game.obj(src), game.obj(oid), ch, sch):
                n += 1
    return max(n, 1)


def _evolve_triggers(game: Any, event: ev.ZoneChanged) -> list[dict]:
    st = game.state
    obj = st.objs.get(event.obj)
    if obj is None or obj.epoch != event.epoch or obj.zone != "battlefield":
        return []
    entering = game.chars(event.obj)
    if entering is None or not entering.is_creature:
        return []
    out = []
    for oid in game.permanents(entering.controller, creature=True):
        if oid == event.obj:
            continue
        ch = game.chars(oid)
        if "evolve" not in ch.keywords:
            continue
        if not greater(entering.power, entering.toughness, ch.power, ch.toughness):
            continue  # 603.4: neither stat greater, evolve doesn't trigger at all
        for i in range(instances(game, oid, ch)):
            out.append({
                "handler": HANDLER, "source": oid, "epoch": st.objs[oid].epoch,
                "controller": ch.controller,
                "text": f"evolve: {entering.name} entered ({entering.power}/{entering.toughness})"
                        " - if it has greater power or toughness, put a +1/+1 counter on this",
                "data": {"entered": event.obj, "epoch": event.epoch, "instance": i + 1},
            })
    return out


# Abilities that trigger once per counter put (Fathom Mage): a card script can only
# trigger once per event, so this plugin proposes one trigger per counter and the
# engine resolves each with the card's own ability (handler ``ability:NAME:IDX``).
FATHOM_MAGE = "Whenever a +1/+1 counter is put on this creature, you may draw a card."


def _per_counter_triggers(game: Any, event: ev.CountersPut) -> list[dict]:
    if event.obj is None or event.kind_ != "+1/+1" or event.amount <= 0:
        return []
    ch = game.chars(event.obj)
    if ch is None or ch.no_abilities:
        return []
    out = []
    for idx, ab in enumerate(ch.behaviour.abilities):
        if isinstance(ab, Triggered) and not ab.events and ab.text == FATHOM_MAGE:
            for i in range(event.amount):  # distinct dicts: each is its own trigger
                out.append({"handler": str(AbilityRef(ch.card.name, idx)), "source": event.obj,
                            "epoch": game.obj(event.obj).epoch, "controller": ch.controller,
                            "text": ab.text, "data": {"counter": i + 1}})
    return out


# ---------------------------------------------------------------------- hooks


@hookimpl
def register_keywords(register: Any) -> None:
    register("evolve", RULE)


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("ZoneChanged", "CountersPut"), zones=("battlefield",), words=("evolve",),
             handlers=(HANDLER,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if isinstance(event, ev.ZoneChanged) and event.to_zone == "battlefield":
        return _evolve_triggers(game, event) or None
    if isinstance(event, ev.CountersPut):
        return _per_counter_triggers(game, event) or None
    return None


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> Any:
    if item.handler != HANDLER:
        return None
    src = ctx.source
    me = game.chars(src) if src is not None else None
    if src is None or game.obj(src).zone != "battlefield" or me is None or not me.is_creature:
        ctx.note(f"evolve does nothing: {game.describe(item.source)} is no longer on the "
                 "battlefield (or is phased out or not a creature)")
        return True  # 400.7: a new object, or gone (702.26b, 702.100c)
    info = ctx.lki(item.data["entered"], item.data["epoch"])  # now, or last known (608.2h)
    if info is None or "Creature" not in info["types"] or not greater(
            info["power"], info["toughness"], me.power, me.toughness):
        ctx.note(f"{me.name}: evolve does nothing (neither stat of {info['name'] if info else 'it'}"
                 f" is greater than {me.power}/{me.toughness})")
        return True  # 603.4: the intervening "if" is false on resolution
    if ctx.put_counters(src, "+1/+1", 1, source_item=item.id) > 0:
        return {"evolved": True, "evolve_epoch": game.obj(src).epoch}  # 702.100b
    return True


@hookimpl
def display_hints(game: Any, obj: int | None, player: str | None) -> list[str] | None:
    if obj is None:
        return None
    ch = game.chars(obj)
    if ch is None or not ch.is_creature or "evolve" not in ch.keywords:
        return None
    return [f"evolve {ch.power}/{ch.toughness}"]


# ---------------------------------------------------------------------- cards


def evolves(game: Any, obj: Any, event: Any) -> dict | None:
    """"Whenever this creature evolves" (702.100b): its evolve ability resolved
    and put one or more +1/+1 counters on this very object."""
    if (event.handler == HANDLER and event.source == obj.id and event.data.get("evolved")
            and event.data.get("evolve_epoch") == obj.epoch):
        return {}
    return None


def _copy_token(ctx: Any) -> None:
    """Create a token that's a copy of the source, from its copiable values now or
    as it last existed on the battlefield (707.2, 608.2h)."""
    item = ctx.item
    info = ctx.lki(item.source, item.source_epoch)
    name = info["copy_of"] if info else ctx.game.obj(item.source).name
    ctx.create_token(ctx.controller, name, copy_of=name)


def _radstag(card: Any) -> list:
    text = "Whenever this creature evolves, create a token that's a copy of it."
    return [Triggered(text, ("AbilityResolved",), evolves, _copy_token)]


def _renegade_krasis(card: Any) -> list:
    text = ("Whenever this creature evolves, put a +1/+1 counter on each other creature you "
            "control with a +1/+1 counter on it.")

    def run(ctx: Any) -> None:
        game = ctx.game
        for oid in game.permanents(ctx.controller, creature=True):
            if oid != ctx.item.source and game.obj(oid).counters.get("+1/+1", 0) > 0:
                ctx.put_counters(oid, "+1/+1", 1, source_item=ctx.item.id)

    return [Triggered(text, ("AbilityResolved",), evolves, run)]


def _fathom_mage(card: Any) -> list:
    def run(ctx: Any) -> None:
        pick = ctx.choose(Decision("choose", ctx.controller, "Fathom Mage: draw a card? (yes/no)",
                                   ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
        if pick and pick[0] == "yes":
            ctx.draw(ctx.controller)

    return [Triggered(FATHOM_MAGE, (), None, run)]  # collected per counter, above


def _simic_fluxmage(card: Any) -> list:
    text = "{1}{U}, {T}: Move a +1/+1 counter from this creature onto target creature."

    def run(ctx: Any) -> None:
        src, t = ctx.source, ctx.target(0)
        if src is None or t is None or ctx.game.obj(src).counters.get("+1/+1", 0) < 1:
            return
        if ctx.remove_counters(src, "+1/+1", 1):
            ctx.put_counters(t, "+1/+1", 1, source_item=ctx.item.id)

    return [Activated(text, cost="{1}{U}", tap=True, resolve=run,
                      targets=(Target("creature", "target creature"),))]


def _tyranid_prime(card: Any) -> list:
    text = "Synapse Creature \u2014 Other creatures you control have evolve."

    def applies(game: Any, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
        return obj.id != src.id and ch.is_creature and ch.controller == src_ch.controller

    return [Static(text, "6", applies, {"keywords": ("evolve",)})]


def _pollywog_prodigy(card: Any) -> list:
    text = ("Whenever an opponent casts a noncreature spell with mana value less than this "
            "creature's power, draw a card.")

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        me = game.chars(obj.id)
        if me is None or event.controller not in game.opponents(me.controller):
            return None
        spell = game.card(game.obj(event.source).name)
        if spell.is_type("Creature"):
            return None
        x = next((s.x for s in game.state.stack if s.id == event.item), 0)
        mv = spell.mana_value + x * sum(1 for s in spell.cost if s == "X")  # 202.3e
        return {} if mv < (me.power or 0) else None

    return [Triggered(text, ("SpellCast",), match, lambda ctx: ctx.draw(ctx.controller))]


def _ray_fillet(card: Any) -> list:
    text = ("Whenever a creature you control with a counter on it deals combat damage to a "
            "player, draw a card.")

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        if not event.combat or event.player is None or event.source is None:
            return None
        ch = game.chars(event.source)
        src = game.state.objs.get(event.source)
        if ch is None or not ch.is_creature or ch.controller != game.controller_of(obj.id):
            return None
        return {} if src is not None and any(src.counters.values()) else None

    return [Triggered(text, ("DamageDealt",), match, lambda ctx: ctx.draw(ctx.controller))]


def _plus_counters(game: Any, obj: Any) -> int:
    return obj.counters.get("+1/+1", 0)


def _gyre_sage(card: Any) -> list:
    text = "{T}: Add {G} for each +1/+1 counter on this creature."
    return [Activated(text, tap=True, mana="G", amount=_plus_counters)]  # 605.3: at once


def _experiment_one(card: Any) -> list:
    text = "Remove two +1/+1 counters from this creature: Regenerate it."

    def run(ctx: Any) -> None:
        src = ctx.source
        if src is not None and ctx.game.obj(src).zone == "battlefield":
            ctx.regenerate(src)  # 701.19a: a shield until the end of the turn

    return [Activated(text, remove_counters=("+1/+1", 2), resolve=run)]


CARDS = {
    "Experiment One": _experiment_one,
    "Gyre Sage": _gyre_sage,
    "Watchful Radstag": _radstag,
    "Renegade Krasis": _renegade_krasis,
    "Fathom Mage": _fathom_mage,
    "Simic Fluxmage": _simic_fluxmage,
    "Tyranid Prime": _tyranid_prime,
    "Pollywog Prodigy": _pollywog_prodigy,
    "Ray Fillet, Wave Warrior": _ray_fillet,
}


@hookimpl
def register_cards(register: Any) -> None:
    for name, fn in CARDS.items():
        register(name, fn)
