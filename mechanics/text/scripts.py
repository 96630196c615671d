"""Scripts for the bundled cards whose text the oracle-text compiler doesn't read.

Each script maps a card's facts to its abilities (:mod:`mechanics.abilities`)
and acts only through the resolution context.  Cards of a mechanic (evolve,
phasing, proliferate, rad) are scripted in that mechanic's plugin instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import (
    Ability,
    Activated,
    EntersWith,
    Replacement,
    SpellAbility,
    Static,
    Target,
    Triggered,
    script,
)
from ..model.cards import CardDef
from ..model.state import while_present

if TYPE_CHECKING:
    from ..play.context import Ctx

ANY = Target("any", "any target")
CREATURE = Target("creature", "target creature")


# ---------------------------------------------------------------------- helpers


def deal(n: int) -> Any:
    def run(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is not None:
            ctx.damage(t, n, source=ctx.item.source)
    return run


def pump_target(p: int, t: int) -> Any:
    def run(ctx: Ctx) -> None:
        obj = ctx.target(0)
        if obj is not None:
            ctx.pump(obj, p, t)
    return run


def you_control(game: Any, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    return ch.controller == src_ch.controller


def enters_self(game: Any, obj: Any, event: Any) -> dict | None:
    """"When this enters": this object moved onto the battlefield just now."""
    if event.obj == obj.id and event.to_zone == "battlefield" and event.epoch == obj.epoch:
        return {}
    return None


def counter_replacement(who: str, kinds: tuple[str, ...] | None, change: Any) -> Replacement:
    """Counters put on a permanent ``who`` ("you control" / "another you control") or,
    with ``kinds`` None, any counter kind; ``change(n) -> n``."""

    def applies(game: Any, src: Any, op: dict) -> bool:
        target = op["target"]
        if isinstance(target, str) or (kinds is not None and op["kind"] not in kinds):
            return False
        ch = game.chars(target)
        if ch is None or game.controller_of(src.id) != ch.controller:
            return False
        if who == "creature" and not ch.is_creature:
            return False
        return True

    return Replacement(on="counters", applies=applies,
                       apply=lambda game, src, op: {**op, "n": change(op["n"])})


# ---------------------------------------------------------------------- burn and pump


@script("Lightning Bolt")
def _bolt(card: CardDef) -> list[Ability]:
    return [SpellAbility(card.oracle_text, deal(3), (ANY,))]


@script("Shock")
def _shock(card: CardDef) -> list[Ability]:
    return [SpellAbility(card.oracle_text, deal(2), (ANY,))]


@script("Giant Growth")
def _giant_growth(card: CardDef) -> list[Ability]:
    return [SpellAbility(card.oracle_text, pump_target(3, 3), (CREATURE,))]


# ---------------------------------------------------------------------- tokens and copies


@script("Raise the Alarm")
def _raise_the_alarm(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        ctx.create_token(ctx.controller, "Soldier Token", 2)
    return [SpellAbility(card.oracle_text, run)]


# ---------------------------------------------------------------------- counters and tokens replaced


@script("Hardened Scales")
def _hardened_scales(card: CardDef) -> list[Ability]:
    return [counter_replacement("creature", ("+1/+1",), lambda n: n + 1)]


@script("Doubling Season")
def _doubling_season(card: CardDef) -> list[Ability]:
    tokens = Replacement(on="tokens", applies=lambda g, src, op: op["player"] == g.controller_of(src.id),
                         apply=lambda g, src, op: {**op, "n": op["n"] * 2})
    return [tokens, counter_replacement("permanent", None, lambda n: n * 2)]


@script("Corpsejack Menace")
def _corpsejack(card: CardDef) -> list[Ability]:
    return [counter_replacement("creature", ("+1/+1",), lambda n: n * 2)]


@script("Master Biomancer")
def _master_biomancer(card: CardDef) -> list[Ability]:
    """614.1c: each other creature you control enters with +1/+1 counters equal to this
    creature's power (read as it enters) and as a Mutant in addition to its types."""

    def applies(game: Any, src: Any, op: dict) -> bool:
        ch = game.chars(op["obj"])
        return (op["obj"] != src.id and ch is not None and ch.is_creature
                and ch.controller == game.controller_of(src.id))

    def apply(game: Any, src: Any, op: dict) -> dict:
        power = max(0, game.chars(src.id).power or 0)
        counters = dict(op["counters"])
        if power:
            counters["+1/+1"] = counters.get("+1/+1", 0) + power
        return {**op, "counters": counters, "subtypes": (*op["subtypes"], "Mutant")}

    return [Replacement(card.oracle_text, on="enters", applies=applies, apply=apply)]


@script("Winding Constrictor")
def _winding_constrictor(card: CardDef) -> list[Ability]:
    """Counters on an artifact or creature you control, or on you: one more."""

    def applies(game: Any, src: Any, op: dict) -> bool:
        you = game.controller_of(src.id)
        target = op["target"]
        if isinstance(target, str):
            return target == you
        ch = game.chars(target)
        return ch is not None and ch.controller == you and bool({"Artifact", "Creature"} & ch.types)

    return [Replacement(on="counters", applies=applies,
                        apply=lambda g, src, op: {**op, "n": op["n"] + 1})]


# ---------------------------------------------------------------------- layers


@script("Crusade")
def _crusade(card: CardDef) -> list[Ability]:
    return [Static(card.oracle_text, "7c",
                   lambda g, src, o, ch, sch: ch.is_creature and "W" in ch.colors, {"pt": (1, 1)})]


@script("Kird Ape")
def _kird_ape(card: CardDef) -> list[Ability]:
    def has_forest(game: Any, src: Any) -> bool:
        you = game.controller_of(src.id)
        return any("Forest" in game.chars(o).subtypes for o in game.permanents(you))
    return [Static(card.oracle_text, "7c", lambda g, src, o, ch, sch: o.id == src.id, {"pt": (1, 2)},
                   condition=has_forest)]


@script("Firebreathing")
def _firebreathing(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        src = ctx.source
        if src is not None and ctx.game.obj(src).attached_to not in (None, -1):
            ctx.pump(ctx.game.obj(src).attached_to, 1, 0)
    return [Activated("{R}: Enchanted creature gets +1/+0 until end of turn.", cost="{R}", resolve=run)]


@script("Sower of Temptation")
def _sower(card: CardDef) -> list[Ability]:
    """Gain control of target creature for as long as Sower remains on the battlefield
    (a layer 2 effect; a phased-out Sower ends it, 702.26f)."""

    def run(ctx: Ctx) -> None:
        t, src = ctx.target(0), ctx.source
        if t is None or src is None:
            return
        obj = ctx.game.obj(src)
        ctx.add_effect("2", "control", [t], {"controller": ctx.controller},
                       until=while_present(obj), source=src)
        ctx.game.note(f"{ctx.controller} gains control of {ctx.game.describe(t)}")
    return [Triggered(card.oracle_text.split("\n")[-1], ("ZoneChanged",), enters_self, run, (CREATURE,))]


@script("Ivy Lane Denizen")
def _ivy_lane(card: CardDef) -> list[Ability]:
    def match(game: Any, obj: Any, event: Any) -> dict | None:
        if event.to_zone != "battlefield" or event.obj == obj.id:
            return None
        ch = game.chars(event.obj)
        if ch and ch.is_creature and "G" in ch.colors and ch.controller == game.controller_of(obj.id):
            return {}
        return None

    def run(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is not None:
            ctx.put_counters(t, "+1/+1", 1, source_item=ctx.item.id)
    return [Triggered(card.oracle_text, ("ZoneChanged",), match, run, (CREATURE,))]


# ---------------------------------------------------------------------- enters, dies and leaves triggers


def dies_self(game: Any, obj: Any, event: Any) -> dict | None:
    """"When this creature dies": it went from the battlefield to a graveyard (700.4);
    matched against the object as it last existed (603.10a, ``look_back``)."""
    if event.obj == obj.id and event.from_zone == "battlefield" and event.to_zone == "graveyard":
        return {}
    return None


def leaves_self(game: Any, obj: Any, event: Any) -> dict | None:
    """"When this leaves the battlefield" (603.6c, 603.10a)."""
    if event.obj == obj.id and event.from_zone == "battlefield":
        return {}
    return None


def gain_on_enter(card: CardDef, n: int) -> Triggered:
    def run(ctx: Ctx) -> None:
        ctx.gain_life(ctx.controller, n)  # 113.7a: resolves even if the source has left
    return Triggered(text_line(card, "When this creature enters"), ("ZoneChanged",), enters_self, run)


def text_line(card: CardDef, start: str) -> str:
    return next((ln for ln in card.oracle_text.splitlines() if ln.startswith(start)), card.oracle_text)


@script("Thragtusk")
def _thragtusk(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        ctx.create_token(ctx.controller, "Beast Token")
    return [gain_on_enter(card, 5),
            Triggered(text_line(card, "When this creature leaves"), ("ZoneChanged",), leaves_self, run,
                      look_back=True)]


@script("Attended Knight")
def _attended_knight(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        ctx.create_token(ctx.controller, "Soldier Token")
    return [Triggered(text_line(card, "When this creature enters"), ("ZoneChanged",), enters_self, run)]


@script("Man-o'-War")
def _man_o_war(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is not None:
            ctx.move(t, "hand")
    return [Triggered(card.oracle_text, ("ZoneChanged",), enters_self, run, (CREATURE,))]


@script("Servant of the Scale")
def _servant_of_the_scale(card: CardDef) -> list[Ability]:
    """X is the number of +1/+1 counters on it as it last existed (608.2h)."""

    def enters(ctx: Ctx, obj: Any) -> None:
        ctx.put_counters(obj.id, "+1/+1", 1)

    def run(ctx: Ctx) -> None:
        t = ctx.target(0)
        info = ctx.lki(ctx.item.source, ctx.item.source_epoch) or {}
        if t is not None:
            ctx.put_counters(t, "+1/+1", info.get("counters", {}).get("+1/+1", 0),
                             source_item=ctx.item.id)
    return [EntersWith(text_line(card, "This creature enters"), enters),
            Triggered(text_line(card, "When this creature dies"), ("ZoneChanged",), dies_self, run,
                      (Target("creature-you-control", "target creature you control"),),
                      look_back=True)]


@script("Ball Lightning")
def _ball_lightning(card: CardDef) -> list[Ability]:
    def run(ctx: Ctx) -> None:
        if ctx.source is not None:
            ctx.sacrifice(ctx.source)
    return [Triggered(text_line(card, "At the beginning"), resolve=run, step="end", step_whose="each")]


# ---------------------------------------------------------------------- spells that look back (608.2h)


def move_target_then(zone: str, then: Any) -> Any:
    """Move the target creature, then ``then(ctx, info)`` with the creature as it last
    existed on the battlefield (608.2h): "its controller", "its power"."""

    def run(ctx: Ctx) -> None:
        t = ctx.target(0)
        if t is None:
            return
        ref = ctx.game.obj(t).ref
        ctx.move(t, zone)
        info = ctx.lki(*ref)
        if info:
            then(ctx, info)
    return run


@script("Vapor Snag")
def _vapor_snag(card: CardDef) -> list[Ability]:
    lose = move_target_then("hand", lambda ctx, info: ctx.lose_life(info["controller"], 1))
    return [SpellAbility(card.oracle_text, lose, (CREATURE,))]


@script("Swords to Plowshares")
def _swords(card: CardDef) -> list[Ability]:
    gain = move_target_then("exile", lambda ctx, info: ctx.gain_life(info["controller"],
                                                                      max(0, info["power"] or 0)))
    return [SpellAbility(card.oracle_text, gain, (CREATURE,))]


# ---------------------------------------------------------------------- more continuous effects (613)


@script("Overrun")
def _overrun(card: CardDef) -> list[Ability]:
    """The affected creatures are locked in as it resolves (611.2c)."""

    def run(ctx: Ctx) -> None:
        mine = ctx.game.permanents(ctx.controller, creature=True)
        ctx.add_effect("6", "abilities", mine, {"keywords": ("trample",)})
        ctx.add_effect("7c", "pump", mine, {"pt": (3, 3)})
    return [SpellAbility(card.oracle_text, run)]
