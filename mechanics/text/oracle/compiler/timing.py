"""When, compiled: the trigger events and conditions of :mod:`..grammar.timing`.

Events (603.2): "~ or another Ally you control enters", "your second spell each turn"
and "your second card each turn" (the turn's counts of :mod:`mechanics.rules.tally`),
"~ deals damage to an opponent", "a creature you control deals combat damage to a
player" (510.3a: one trigger for each creature), "enchanted creature deals damage",
"when enchanted or equipped creature dies" (the Aura or Equipment is still on the
battlefield as it dies: state-based actions put the Aura away afterwards, 704.5m),
"~ blocks or becomes blocked by a creature" (509.3c, 509.3f: once for each creature),
battalion, "attacks and isn't blocked", "deals combat damage to a creature".
Conditions: threshold, delirium, revolt, raid, "before attackers are declared".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Condition, Event, Objects
from .conditions import Check, kind
from .damaged import deals_damage, dealt_damage
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game

Match = tuple[tuple[str, ...], Callable[..., Any], bool]


def timing_match(ev: Event, base: Callable[[Event], Match]) -> Match | None:
    """The events of :mod:`..grammar.timing` as :func:`.triggers.trigger_match` returns
    them (``base`` is that function, for the part of an event it reads); None for the others."""
    subject = ev.subject
    if ev.or_self:
        return _or_self(ev, base)
    if ev.first:
        return _first(ev, base)
    if ev.kind == "dealt-damage":
        return ("DamageDealt",), dealt_damage(ev), False
    if ev.kind == "damage" and not ev.to_player and subject is not None:  # "whenever ~ deals damage"
        return ("DamageDealt",), deals_damage(ev), False
    if ev.kind == "you-attack":  # "Whenever you attack [with N or more creatures]" (508.1)
        return ("AttackersDeclared",), (lambda g, o, e: {} if sum(
            g.controller_of(a) == g.controller_of(o.id) for a in e.attackers) >= max(ev.nth, 1) else None), False
    if ev.kind == "attacks" and ev.nth:  # battalion: "~ and at least two other creatures attack"
        _, alone, _ = base(replace(ev, nth=0))

        def battalion(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            many = sum(1 for a in event.attackers if game.controller_of(a) == you) >= ev.nth
            return alone(game, obj, event) if many else None
        return ("AttackersDeclared",), battalion, False
    if ev.kind == "attacks" and subject is not None and subject.quant == "attached":  # "enchanted creature attacks"
        return ("AttackersDeclared",), (lambda g, o, e: {"obj": o.attached_to, "player": g.state.objs[
            o.attached_to].attacking} if o.attached_to is not None and o.attached_to in e.attackers else None), False
    if ev.kind == "unblocked" and subject is not None and subject.quant in ("self", "attached"):
        return ("BlockersDeclared",), _unblocked(subject.quant == "self"), False
    if ev.kind == "combat-damage" and not ev.to_player and subject is not None and subject.quant == "self":
        return ("DamageDealt",), _dealt_to_creature, False
    if ev.nth:
        kinds, match, back = base(replace(ev, nth=0))
        key = "cast" if ev.kind == "cast" else "drawn"

        def nth(game: Game, obj: Any, event: Any) -> dict | None:
            got = match(game, obj, event)
            you = game.controller_of(obj.id)
            count = game.state.turn_flags.get(key, {}).get(you, 0)  # counted by mechanics.rules.tally
            return got if got is not None and count == ev.nth else None
        return kinds, nth, back
    if ev.kind in ("damage", "combat-damage") and subject is not None and (
            ev.kind == "damage" or subject.quant != "self"):
        return ("DamageDealt",), _dealt(ev), False
    if ev.kind == "dies" and subject is not None and subject.quant == "attached":
        return ("ZoneChanged",), _attached_dies, False
    if ev.kind == "blocks-or-blocked" and subject is not None and subject.quant in ("self", "attached"):
        return ("BlockersDeclared",), _blocks_or_blocked(subject.quant == "self", ev.spell), False
    if ev.kind == "blocks-or-blocked-once" and subject is not None and subject.quant in ("self", "attached"):
        return ("BlockersDeclared",), _blocks_or_blocked_once(subject.quant == "self"), False
    if ev.kind in ("blocks", "becomes-blocked") and subject is not None and subject.quant == "a":
        return _any_blocks(ev.kind == "blocks", subject)
    if ev.kind == "blocks-self" and subject is not None:
        return ("BlockersDeclared",), _blocked_by(subject), False
    return None


def _or_self(ev: Event, base: Callable[[Event], Match]) -> Match:
    """"~ or another Ally you control enters": the other's event, or the source's own."""
    kinds, other, _ = base(replace(ev, or_self=False))
    _, own, _ = base(replace(ev, subject=Objects("self"), or_self=False))

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        got = other(game, obj, event)
        if got is None and own(game, obj, event) is not None:
            got = {"obj": obj.id}  # "it" is the source then
        return got
    return kinds, match, False


def _first(ev: Event, base: Callable[[Event], Match]) -> Match:
    """"... for the first time each turn": the event's first time this turn, counted as
    the events happen (:mod:`mechanics.rules.tally`): a player gaining life, an object
    becoming the target of a spell or ability (of its controller's, with "you control")."""
    if ev.kind not in ("gain-life", "becomes-target") or (ev.kind == "becomes-target" and ev.whose == "opponent"):
        raise Unsupported(f"whenever {ev.kind} for the first time each turn")
    kinds, match, back = base(replace(ev, first=False))

    def first(game: Game, obj: Any, event: Any) -> dict | None:
        got = match(game, obj, event)
        if got is None:
            return None
        if ev.kind == "gain-life":
            key, who = "gained", event.player
        else:
            key = "targeted"
            who = f"{event.obj}:{event.epoch}" + (f":{event.controller}" if ev.whose == "you" else "")
        return got if game.state.turn_flags.get(key, {}).get(who, 0) == 1 else None
    return kinds, first, back


def _dealt(ev: Event) -> Callable[..., dict | None]:
    d, combat, opponent = ev.subject, ev.kind == "combat-damage", ev.to_opponent

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if event.player is None or (combat and not event.combat) or event.source is None:
            return None
        you = game.controller_of(obj.id)
        if opponent and event.player not in game.opponents(you):
            return None
        if d.quant == "self":
            ok = event.source == obj.id
        elif d.quant == "attached":
            ok = event.source == obj.attached_to
        else:
            ok = select.matches(game, d, event.source, you, obj.id)
        return {"obj": event.source, "player": event.player} if ok else None
    return match


def _unblocked(itself: bool) -> Callable[..., dict | None]:
    """509.1h: "attacks and isn't blocked", as the blockers are declared."""
    def match(game: Game, obj: Any, event: Any) -> dict | None:
        att = obj.id if itself else obj.attached_to
        o = game.state.objs.get(att) if att is not None else None
        return {"obj": att, "player": o.attacking} if o is not None and o.attacking and not o.blocked else None
    return match


def _dealt_to_creature(game: Game, obj: Any, event: Any) -> dict | None:
    """510.3a: "~ deals combat damage to a creature": "that creature" is the one dealt it."""
    return {"obj": event.obj} if event.combat and event.source == obj.id and event.obj is not None else None


def _attached_dies(game: Game, obj: Any, event: Any) -> dict | None:
    if event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return None
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    if "Creature" not in info.get("types", ()) or obj.id not in info.get("attached", ()):
        return None
    return {"obj": event.obj}


def _blocks_or_blocked(itself: bool, other: Objects | None) -> Callable[..., list[dict] | None]:
    """One trigger for each creature it (or the creature it enchants or equips) blocks or
    that blocks it ("by a non-Wall creature": each that fits); "that creature" is that one."""
    def match(game: Game, obj: Any, event: Any) -> list[dict] | None:
        me = obj.id if itself else obj.attached_to
        hits = [a for b, a in event.blocks if b == me] + [b for b, a in event.blocks if a == me]
        you = game.controller_of(obj.id)
        return [{"obj": o} for o in hits if other is None or select.matches(game, other, o, you, obj.id)] or None
    return match


def _blocks_or_blocked_once(itself: bool) -> Callable[..., dict | None]:
    """509.3c, 509.3d: "Whenever ~ [enchanted creature] blocks or becomes blocked": once."""
    def match(game: Game, obj: Any, event: Any) -> dict | None:
        me = obj.id if itself else obj.attached_to
        hit = me is not None and any(me in pair for pair in event.blocks)
        return {"obj": me} if hit else None
    return match


def _any_blocks(blocks: bool, d: Objects) -> Match:
    """"Whenever a creature [you control] blocks" (once for each such blocker, 509.3c) /
    "becomes blocked" (509.3d: once for each such attacker, however many block it);
    "that creature" / "it" is that one."""
    def blocked(game: Game, obj: Any, event: Any) -> list[dict] | None:
        you = game.controller_of(obj.id)
        hits = dict.fromkeys(b if blocks else a for b, a in event.blocks)  # in order, once each
        return [{"obj": o} for o in hits if select.matches(game, d, o, you, obj.id)] or None
    return ("BlockersDeclared",), blocked, False


def _blocked_by(d: Objects) -> Callable[..., list[dict] | None]:
    """509.3c: "Whenever a creature without flanking blocks ~": once for each such creature
    that blocks it; "the blocking creature" is that one."""
    def match(game: Game, obj: Any, event: Any) -> list[dict] | None:
        you = game.controller_of(obj.id)
        hits = [{"obj": b} for b, a in event.blocks if a == obj.id and select.matches(game, d, b, you, obj.id)]
        return hits or None
    return match


@kind("self-in-combat")
def in_combat(cond: Condition) -> Check:
    """"as long as it's attacking / blocking" (506.4: an attacking or blocking creature)."""
    attacking = cond.what_kind == "attacking"

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        return obj is not None and obj.zone == "battlefield" and bool(obj.attacking if attacking else obj.blocking)
    return check


@kind("graveyard-cards")
def threshold(cond: Condition) -> Check:
    what = cond.what

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        cards = game.state.players[you].graveyard
        if what is not None:  # "N or more instant and/or sorcery cards in your graveyard"
            return sum(select.matches(game, what, o, you, source) for o in cards) >= cond.n
        return len(cards) >= cond.n
    return check


@kind("graveyard-types")
def delirium(cond: Condition) -> Check:
    """Card types (205.2a) among the cards in your graveyard: an artifact creature counts two."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        types: set[str] = set()
        for o in game.state.players[you].graveyard:
            types |= set(game.card(game.state.objs[o].name).types)
        return len(types & _CARD_TYPES) >= cond.n
    return check


_CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                         "Planeswalker", "Sorcery"})


@kind("before-attackers")
def before_attackers(cond: Condition) -> Check:
    """"Activate only during your turn, before attackers are declared" (508)."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        st = game.state
        return game.on_turn(you) and st.step in ("untap", "upkeep", "draw", "main1", "combat")
    return check


@kind("your-upkeep")
def your_upkeep(cond: Condition) -> Check:
    """"Activate only during your upkeep" (503)."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return game.on_turn(you) and game.state.step == "upkeep"
    return check


@kind("gained-life", "opponent-lost-life")
def life_this_turn(cond: Condition) -> Check:
    """"if you gained life this turn", "if an opponent lost life this turn" (rules/tally.py)."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        if cond.kind == "gained-life":
            return game.state.turn_flags.get("gained", {}).get(you, 0) > 0
        lost = game.state.turn_flags.get("lost", {})
        return any(lost.get(p, 0) for p in game.opponents(you))
    return check


@kind("revolt", "raid")
def this_turn_flag(cond: Condition) -> Check:
    """Revolt: a permanent you controlled left the battlefield this turn; raid: you
    attacked this turn (:mod:`mechanics.rules.tally`)."""
    key = "left_battlefield" if cond.kind == "revolt" else "attacked_by"

    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        return you in game.state.turn_flags.get(key, ())
    return check
