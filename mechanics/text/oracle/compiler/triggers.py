"""Trigger events (603.2): an :class:`~..tree.Event` node as the engine event kinds it
listens for and the test that says whether one of them triggers the ability."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Event, Objects
from .copies import copy_match
from .counters import counters_put_match
from .descriptors import Unsupported
from .graveyard import graveyard_match
from .timing import timing_match
from .untapping import turned_match

if TYPE_CHECKING:
    from ....play.game import Game


def _enters(game: Game, obj: Any, event: Any) -> bool:
    return event.to_zone == "battlefield"


def _dies(game: Game, obj: Any, event: Any) -> bool:
    """700.4: from the battlefield to a graveyard, a creature as it last existed."""
    if event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return False
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    return "Creature" in info.get("types", ())


def _lki_matches(game: Game, d: Objects, event: Any, you: str, source: int) -> bool:
    """Whether what left the battlefield fit ``d`` as it last existed (603.10a)."""
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    if d.other and event.obj == source:
        return False
    if "damaged-by-self" in d.states and not select.damaged_by(game, (event.obj, event.old_epoch), source):
        return False  # "Whenever a creature dealt damage by ~ this turn dies"
    if d.controller == "you" and info.get("controller") != you:
        return False
    if d.controller == "opponent" and info.get("controller") not in game.opponents(you):
        return False
    for s in d.states:  # "with a +1/+1 counter on it": the counters it had (608.2h)
        kind = s.partition(":")[2]
        if kind and (info.get("counters", {}).get(kind, 0) > 0) != s.startswith("counter:"):
            return False
    kinds = [k for k in d.kinds if k not in ("permanent",)]
    types = set(info.get("types", ()))
    return not kinds or any(all(w.capitalize() in types for w in k.split()) for k in kinds)  # "artifact creature"


#: zone-change events: (event kind, test on the event, looks back in time)
_MOVES = {"enters": _enters, "dies": _dies,
          "leaves": lambda g, o, e: e.from_zone == "battlefield"}


def trigger_match(ev: Event) -> tuple[tuple[str, ...], Callable[..., dict | None], bool]:
    """603.2: an event node as (event kinds, ``match(game, obj, event)``, look-back)."""
    found = timing_match(ev, trigger_match) or graveyard_match(ev, _lki_matches) or copy_match(ev, trigger_match)
    if found is not None:
        return found
    if ev.kind in ("becomes-tapped", "becomes-untapped"):
        return turned_match(ev)  # :mod:`.untapping`
    if ev.kind == "counters-put":
        return counters_put_match(ev)  # :mod:`.counters`
    if ev.kind == "get-energy":  # "Whenever you get one or more {E}" (122.1)
        return ("CountersPut",), (lambda g, o, e: {} if e.kind_ == "energy" and e.player is not None and
                                  e.player == g.controller_of(o.id) else None), False
    subject = ev.subject
    self_ = subject is not None and subject.quant == "self"
    if subject is not None and subject.quant not in ("self", "a", "each", "you"):
        who = "enchanted or equipped creature" if subject.quant == "attached" else f"{subject.quant} {' '.join(subject.kinds)}"
        raise Unsupported(f"when {who} {ev.kind}")
    if ev.kind in _MOVES:
        moved = _MOVES[ev.kind]
        back = ev.kind != "enters"
        if self_:
            def match(game: Game, obj: Any, event: Any) -> dict | None:
                same = event.obj == obj.id and (event.epoch == obj.epoch if not back else True)
                return {"moved": event.to_zone} if same and moved(game, obj, event) else None
            return ("ZoneChanged",), match, back
        d = subject

        def match(game: Game, obj: Any, event: Any) -> dict | None:
            if not moved(game, obj, event):
                return None
            you = game.controller_of(obj.id)
            if back:
                ok = _lki_matches(game, d, event, you, obj.id)
            else:
                ok = select.matches(game, d, event.obj, you, obj.id)
            return {"obj": event.obj} if ok else None
        return ("ZoneChanged",), match, False
    if ev.kind == "attacks":
        if self_:  # "defending player": the one it attacks (508.1b)
            return ("AttackersDeclared",), (lambda g, o, e: {"player": o.attacking} if o.id in e.attackers
                                            else None), False
        d = subject

        def attacks(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            hit = [a for a in event.attackers if select.matches(game, d, a, you, obj.id)]
            return {"obj": hit[0], "player": game.state.objs[hit[0]].attacking} if hit else None
        return ("AttackersDeclared",), attacks, False
    if ev.kind == "exerted" and self_:  # 701.43: "You may exert ~ as it attacks. When you do, ..."
        return ("Exerted",), lambda g, o, e: {} if e.obj == o.id else None, False
    if ev.kind == "blocks" and self_:  # 509.3c
        return ("BlockersDeclared",), lambda g, o, e: {} if any(b == o.id for b, _ in e.blocks) else None, False
    if ev.kind == "becomes-blocked" and self_:  # 509.3d: once, however many block it
        return ("BecameBlocked",), lambda g, o, e: {} if e.attacker == o.id else None, False
    if ev.kind == "combat-damage" and self_:  # 510.3a
        return ("DamageDealt",), (lambda g, o, e: {"player": e.player} if e.source == o.id and e.player
                                  is not None and e.combat else None), False
    if ev.kind == "becomes-target":
        d, kinds, whose = subject, ev.spell.kinds, ev.whose

        def targeted(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            item = next((i for i in game.state.stack if i.id == event.item), None)
            if item is None or ("ability" not in kinds and item.kind != "spell"):
                return None
            if (whose == "you" and event.controller != you) or (
                    whose == "opponent" and event.controller not in game.opponents(you)):
                return None
            ok = event.obj == obj.id if self_ else select.matches(game, d, event.obj, you, obj.id)
            return {"obj": event.obj, "player": event.controller} if ok else None
        return ("BecameTarget",), targeted, False
    if ev.kind == "cast":
        d, whose = ev.spell, ev.whose

        def cast(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            if whose == "you" and event.controller != you or whose == "opponent" and event.controller not in \
                    game.opponents(you):
                return None
            return {"player": event.controller} if select.matches(game, d, event.source, you, obj.id) else None
        return ("SpellCast",), cast, False
    if ev.kind == "chapter":  # 714.2b: lore counters put on the Saga reach the chapter's number
        numbers = [int(n) for n in ev.step.split(",")]

        def chapter(game: Game, obj: Any, event: Any) -> dict | None:
            if event.obj != obj.id or event.kind_ != "lore":
                return None
            now = game.state.objs[obj.id].counters.get("lore", 0)
            return {} if any(now - event.amount < n <= now for n in numbers) else None
        return ("CountersPut",), chapter, False
    if ev.kind == "gain-life":
        return ("LifeChanged",), (lambda g, o, e: {} if e.amount > 0 and e.player == g.controller_of(o.id)
                                  else None), False
    if ev.kind == "draw":  # "whenever you draw a card" / "an opponent draws a card"
        opp = subject is not None and "opponent" in subject.kinds

        def drew(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            ok = event.player in game.opponents(you) if opp else event.player == you
            return {"obj": event.player} if ok else None
        return ("Drew",), drew, False
    if ev.kind == "discard":  # 701.8a: a card moved from a hand to a graveyard
        d, whose = ev.spell, ev.whose

        def discarded(game: Game, obj: Any, event: Any) -> dict | None:
            if event.from_zone != "hand" or event.to_zone != "graveyard":
                return None
            you = game.controller_of(obj.id)
            if (whose == "you" and event.owner != you) or (whose == "opponent" and event.owner not in
                                                           game.opponents(you)):
                return None
            return {"obj": event.owner} if select.matches(game, d, event.obj, you, obj.id) else None
        return ("ZoneChanged",), discarded, False
    if ev.kind == "leaves-graveyard":  # "Whenever an instant or sorcery card leaves your graveyard"
        card = replace(subject, controller="", zone="battlefield")

        def left(game: Game, obj: Any, event: Any) -> dict | None:
            if event.from_zone != "graveyard" or event.owner != game.controller_of(obj.id):
                return None
            return {"obj": event.obj} if select.matches(game, card, event.obj, event.owner, obj.id) else None
        return ("ZoneChanged",), left, False
    raise Unsupported(f"whenever {ev.kind}")
