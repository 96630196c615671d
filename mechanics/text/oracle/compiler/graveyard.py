"""Cards put into a graveyard, compiled: the events of :mod:`..grammar.graveyard`.

"Whenever a nontoken creature is put into your graveyard from the battlefield" is a
permanent's trigger on what left the battlefield as it last existed (603.10a); "your
graveyard": the card's owner is the ability's controller (404.2).  "When this card is
put into your graveyard from your library" (Narcomoeba) and "... from anywhere" are
abilities of the card in the graveyard: they trigger on the object that exists just
after the event (603.6d), the card there (``Triggered.zone``, :mod:`mechanics.rules.graveyard`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Condition, Event, Objects
from .conditions import Check, kind
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game

Match = tuple[tuple[str, ...], Callable[..., Any], bool]


def in_graveyard(ev: Event) -> bool:
    """Whether the trigger is an ability of the card in its graveyard (603.6d): its own
    move there from a zone other than the battlefield alone."""
    return ev.kind == "put-into-graveyard" and ev.origin != "battlefield" and ev.subject is not None \
        and ev.subject.quant == "self"


@kind("in-graveyard")
def in_your_graveyard(cond: Condition) -> Check:
    """"if this card is in your graveyard" (603.4): the same card, in its owner's graveyard."""
    def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
        obj = game.state.objs.get(source) if source is not None else None
        return obj is not None and obj.zone == "graveyard" and obj.owner == you and epoch in (-1, obj.epoch)
    return check


def works_in_graveyard(ev: Event, cond: Condition | None) -> bool:
    """Whether a trigger is an ability of the card in its graveyard (603.6d, 113.6k): its
    own move there from a zone other than the battlefield, or "if this card is in your
    graveyard" (603.4)."""
    while cond is not None:
        if cond.kind == "in-graveyard" and not cond.negate:
            return True
        cond = cond.also
    return in_graveyard(ev)


def _owner_ok(game: Game, whose: str, owner: str, you: str) -> bool:
    return whose == "any" or (owner == you if whose == "you" else owner in game.opponents(you))


def _from(ev: Event, event: Any) -> bool:
    return event.to_zone == "graveyard" and (ev.origin == "anywhere" or event.from_zone == ev.origin)


def graveyard_match(ev: Event, lki_matches: Callable[..., bool]) -> Match | None:
    """A put-into-graveyard event as (event kinds, ``match``, look-back); None for the
    others.  ``lki_matches(game, d, event, you, source)``: what left the battlefield fit
    ``d`` as it last existed."""
    if ev.kind == "leave-graveyard":
        return ("ZoneChanged",), _left(ev.spell), False
    if ev.kind != "put-into-graveyard":
        return None
    d, whose = ev.subject, ev.whose
    if d is None or d.quant not in ("self", "a"):
        raise Unsupported(f"when {d.quant if d else ''} is put into a graveyard")
    if d.quant == "self":
        if ev.origin == "battlefield":  # 603.10a: it looks back, as "dies" does
            def died(game: Game, obj: Any, event: Any) -> dict | None:
                info = game.state.lki.get((event.obj, event.old_epoch)) or {}
                if event.obj != obj.id or not _from(ev, event) or not _owner_ok(
                        game, whose, event.owner, info.get("controller", event.owner)):
                    return None
                return {"moved": "graveyard"}
            return ("ZoneChanged",), died, True

        def own(game: Game, obj: Any, event: Any) -> dict | None:  # the card in the graveyard
            if event.obj != obj.id or event.epoch != obj.epoch or not _from(ev, event) or not _owner_ok(
                    game, whose, event.owner, obj.owner):
                return None
            return {}
        return ("ZoneChanged",), own, False
    if set(d.states) - {"token", "nontoken"} or d.power or d.toughness or d.mana_value or d.with_keyword:
        raise Unsupported("is put into a graveyard (a state it had)")
    card = replace(d, zone="graveyard", controller="", other=False)

    def other(game: Game, obj: Any, event: Any) -> dict | None:
        if not _from(ev, event):
            return None
        you = game.controller_of(obj.id)
        if not _owner_ok(game, whose, event.owner, you) or (d.other and event.obj == obj.id):
            return None
        if event.from_zone == "battlefield" and not lki_matches(game, d, event, you, obj.id):
            return None
        if event.from_zone != "battlefield" and d.controller or "card" in d.kinds and event.token:
            return None  # "a creature you control" is a permanent's; a token isn't a card (108.2)
        return {"obj": event.obj} if select.matches(game, card, event.obj, you, obj.id) else None
    return ("ZoneChanged",), other, False


def _left(d: Objects | None) -> Callable[..., dict | None]:
    """"Whenever one or more [creature] cards leave your graveyard": once for the cards
    that leave together, before anyone gets priority again (the ability isn't already
    waiting to be put on the stack)."""
    kinds = replace(d, controller="", zone="battlefield") if d is not None and set(d.kinds) - {"card"} else None

    def left(game: Game, obj: Any, event: Any) -> dict | None:
        if event.from_zone != "graveyard" or event.owner != game.controller_of(obj.id):
            return None
        if kinds is not None and not select.matches(game, kinds, event.obj, event.owner, obj.id):
            return None
        if any(t["source"] == obj.id and t["data"].get("left") for t in game.state.pending_triggers):
            return None
        return {"left": True}
    return left
