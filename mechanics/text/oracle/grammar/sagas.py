"""A Saga's chapter abilities (714.2): "I — EFFECTS", "II, III — EFFECTS": a triggered
ability of each chapter number, triggering as lore counters reach it (714.2b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...sagas import ROMAN
from ..tree import Ability, Event, Objects

if TYPE_CHECKING:
    from . import Parser


def at_chapter(p: Parser) -> bool:
    return p.peek() in ROMAN and p.peek(1) in ("—", ",")


def chapter_ability(p: Parser) -> Ability:
    """The chapter numbers, "—", then the effects (the Saga is "~")."""
    numbers = [ROMAN[p.peek()]]
    p.i += 1
    while p.eat(","):
        if p.peek() not in ROMAN:
            p.fail()
        numbers.append(ROMAN[p.peek()])
        p.i += 1
    p.need("—")
    effects = p.effects(Objects("self"))
    return Ability("triggered", effects=effects, event=Event("chapter", step=",".join(map(str, numbers))))
