"""The grammar of what happens when a creature an effect named dies this turn: "If that
creature would die this turn, exile it instead." (Lava Coil: a replacement effect on that
object, 614.1a) and "When that creature dies this turn, EFFECTS." (Searing Blood: a
delayed triggered ability, 603.7), after the effect that named the creature."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative

#: who the creature that died was, in the delayed ability's effects ("its controller")
DIED = Objects("event", ("creature",))


@imperative("if that creature would die this turn , exile it instead")
def exile_if_dies(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """614.1a: "If that creature would die this turn, exile it instead.": the creature the
    earlier effect named is exiled instead of being put into a graveyard from the
    battlefield, until the turn ends (514.2); a new object (400.7) isn't that creature."""
    _creature(p, antecedent)
    return Effect("exile-if-dies", what=Objects("it", ref=antecedent), until="eot")


@imperative("if a creature dealt damage this way would die this turn , exile it instead")
def exile_if_dealt_dies(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """614.1a: Anger of the Gods: the creatures the earlier damage of this spell or ability
    was dealt to (``kind`` dealt) are exiled instead of dying this turn."""
    if antecedent is None:
        p.fail()
    return Effect("exile-if-dies", what=Objects("it", ref=antecedent), until="eot", kind="dealt")


@imperative("when that creature dies this turn ,")
def when_dies(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """603.7: "When that creature dies this turn, ~ deals 3 damage to the creature's
    controller.": a delayed triggered ability created as the effect resolves, triggering
    once (603.7c) if that creature dies before the turn ends; its effects (``then``) act
    on the creature that died ("its controller": its controller as it died, 608.2h)."""
    _creature(p, antecedent)
    then = [p.effect(DIED)]
    while p.eat("and") or p.eat(", then") or p.eat(", and"):
        then.append(p.effect(DIED))
    return Effect("when-dies", what=Objects("it", ref=antecedent), then=tuple(then), until="eot")


def _creature(p: Effects, antecedent: Objects | None) -> None:
    """"That creature" must be the object the earlier effect named, not a player (Burn
    the Accursed's "... and 2 damage to that creature's controller" names both)."""
    if antecedent is None or antecedent.players_only or "player" in antecedent.kinds:
        p.fail()
