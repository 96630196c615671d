"""A permanent's replacement effects of damage and of dying (614.1a): "If a source you control would deal
[noncombat] damage to RECIPIENT, it deals double that damage ... instead" / "put that many
-1/-1 counters on that creature instead" (the tree of :mod:`..grammar.replacing`).

Each compiles to a :class:`~mechanics.abilities.abilities.Replacement` on ``damage``: the
engine's damage primitive applies it (once, 614.5; the affected player orders several,
616.1) before prevention.  Counters instead of damage are the op's ``counters``: the
damage becomes 0 and the primitive puts them on the creature, from the same source.
"If a creature dealt damage this turn by a source you controlled would die, exile it
instead" (Etching of Kumano) is a :class:`~mechanics.abilities.abilities.Replacement` on
``dies``: the zone the creature goes to.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from .. import select
from ..tree import Ability, Objects
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game


def damage_replacement(node: Ability, text: str) -> ab.Replacement:
    e = node.effects[0]
    what, which, outcome = e.what, e.kind, e.then[0]
    assert isinstance(what, Objects)
    players = {"player", "opponent"} & set(what.kinds)
    objects = Objects("each", tuple(k for k in what.kinds if k not in players), non=what.non,
                      colors=what.colors, controller=what.controller, states=what.states) \
        if len(players) < len(what.kinds) else None
    if outcome.verb == "counters" and (players or outcome.kind != "-1/-1"):
        raise Unsupported(text)  # counters for damage: -1/-1 on a creature (Soul-Scar Mage)

    def applies(game: Game, src: Any, op: dict[str, Any]) -> bool:
        source, target = op["source"], op["target"]
        you = game.controller_of(src.id)
        if source is None or game.controller_of(source) != you or (which and op["combat"] != (which == "combat")):
            return False
        if isinstance(target, str):
            return bool(players) and ("player" in players or target in game.opponents(you))
        return objects is not None and select.matches(game, objects, target, you, src.id)

    if outcome.verb == "counters":
        def apply(game: Game, src: Any, op: dict[str, Any]) -> dict[str, Any]:
            return {**op, "n": 0, "counters": (outcome.kind, op["n"])}
    else:
        times, plus = outcome.n.times, outcome.n.value

        def apply(game: Game, src: Any, op: dict[str, Any]) -> dict[str, Any]:
            return {**op, "n": op["n"] * times + plus}
    return ab.Replacement(text, on="damage", applies=applies, apply=apply)


def dies_replacement(node: Ability, text: str) -> ab.Replacement:
    e = node.effects[0]
    what = replace(e.what, states=tuple(s for s in e.what.states if s != "damaged-by-you"))
    by_you = "damaged-by-you" in e.what.states

    def applies(game: Game, src: Any, op: dict[str, Any]) -> bool:
        you, oid = game.controller_of(src.id), op["obj"]
        if by_you and [game.state.objs[oid].ref, you] not in game.state.turn_flags.get("damage_from", ()):
            return False  # 'dealt damage this turn by a source you controlled' (the damage primitive's record)
        return select.matches(game, what, oid, you, src.id)

    def apply(game: Game, src: Any, op: dict[str, Any]) -> dict[str, Any]:
        return {**op, "zone": e.dest}
    return ab.Replacement(text, on="dies", applies=applies, apply=apply)
