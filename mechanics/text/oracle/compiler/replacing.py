"""Static replacement effects on damage, compiled (:mod:`..grammar.replacing`): a
:class:`~mechanics.abilities.abilities.Replacement` on ``damage`` whose op is the damage
about to be dealt (``target``, ``n``, ``source``, ``combat``), applied by
:meth:`mechanics.rules.primitives.Primitives.replace` before prevention (616.1: with more
than one, the affected player or controller orders them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ...effects import UNPREVENTABLE
from .. import select
from ..tree import Ability, Effect, Objects
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game

#: what a replacement does to the damage: its new amount
_AMOUNT: dict[str, Callable[[int, int], int]] = {
    "double": lambda n, k: 2 * n, "triple": lambda n, k: 3 * n, "plus": lambda n, k: n + k,
    "prevent": lambda n, k: max(0, n - k), "counter": lambda n, k: 0, "counters": lambda n, k: 0}


def damage_replacement(e: Effect, text: str) -> ab.Replacement:
    """614.1a: "it deals double that damage instead"; 615.1a: "prevent N of that damage",
    "prevent that damage and remove a +1/+1 counter from ~" (the counter is removed even
    if the damage can't be prevented, 615.12: then only the prevention doesn't apply)."""
    if e.kind == "redirect":
        return _redirect(e, text)
    to, by = _recipient(e.what), e.who
    noncombat, amount, k = "noncombat" in e.keywords, _AMOUNT[e.kind], e.n.value
    prevents = e.kind in ("prevent", "counter")
    if e.n.x or e.n.count:
        raise Unsupported("prevent X of that damage")

    def applies(game: Game, src: Any, op: dict) -> bool:
        if noncombat and op["combat"] or op["n"] <= 0:
            return False
        you = game.controller_of(src.id)
        if by is not None and not _source_fits(game, by, op["source"], you):
            return False
        if e.condition is not None and not src.counters.get("+1/+1", 0):
            return False  # "while it has a +1/+1 counter on it"
        return to(game, src, op["target"], you)

    def apply(game: Game, src: Any, op: dict) -> dict:
        if e.kind == "counters":  # 614.1a: the damage primitive puts them, from the same source
            op["counters"] = (e.then[0].kind, op["n"])
        if not (prevents and any(x.kind == UNPREVENTABLE for x in game.state.effects)):
            op["n"] = amount(op["n"], k)
        if e.kind == "counter" and src.counters.get("+1/+1", 0):
            game.remove_counters(src.id, "+1/+1", 1)
        return op
    return ab.Replacement(text, on="damage", applies=applies, apply=apply)


def _source_fits(game: Game, by: Objects, source: int | None, you: str) -> bool:
    """"a [red] source [you control]": a permanent, a spell or a card (its characteristics)."""
    ch = game.chars(source) if source is not None else None
    if ch is None:
        return False
    if by.controller == "you" and game.controller_of(source) != you:
        return False
    return not by.colors or bool(set(by.colors) & set(ch.colors))


def _recipient(d: Objects | None) -> Callable[[Game, Any, Any, str], bool]:
    """Whether the damage's recipient is one the sentence names."""
    if d is None:
        raise Unsupported("damage to (whom)")
    if d.quant == "self":
        return lambda game, src, t, you: t == src.id
    if d.quant == "attached":
        return lambda game, src, t, you: t == src.attached_to
    if d.quant == "you":
        return lambda game, src, t, you: t == you
    players = {"player", "opponent"} & set(d.kinds)
    objs = replace(d, quant="a", kinds=tuple(k for k in d.kinds if k not in ("player", "opponent")))

    def fits(game: Game, src: Any, t: Any, you: str) -> bool:
        if isinstance(t, str):  # "a player", "an opponent", "you and other permanents you control"
            return ("player" in players and (d.controller != "you" or t == you)) or (
                "opponent" in players and t in game.opponents(you))
        return bool(objs.kinds) and select.matches(game, objs, t, you, src.id)
    return fits


def _redirect(e: Effect, text: str) -> ab.Replacement:
    """614.9: the damage is dealt to the new recipient instead (once, 614.5: not when the
    damage is already dealt to it, nor when it has left the battlefield)."""
    to, dest = _recipient(e.what), e.then[0].what

    def new(game: Game, src: Any) -> Any:
        if dest.quant == "self":
            return src.id
        held = src.attached_to if src.attached_to is not None and src.attached_to >= 0 else None
        if dest.quant == "it":  # "its controller": the enchanted creature's
            return game.controller_of(held) if held is not None else None
        return held

    def applies(game: Game, src: Any, op: dict) -> bool:
        where = new(game, src)
        return where is not None and where != op["target"] and op["n"] > 0 and \
            to(game, src, op["target"], game.controller_of(src.id))

    def apply(game: Game, src: Any, op: dict) -> dict:
        op["target"] = new(game, src)
        return op
    return ab.Replacement(text, on="damage", applies=applies, apply=apply)


def dies_replacement(node: Ability, text: str) -> ab.Replacement:
    """614.1a: "If a creature ... would die, exile it instead" (:func:`..grammar.replacing.dies_replacement`):
    a :class:`~mechanics.abilities.abilities.Replacement` on ``dies``, the zone it goes to."""
    e = node.effects[0]
    what = replace(e.what, states=tuple(s for s in e.what.states if s != "damaged-by-you"))
    by_you = "damaged-by-you" in e.what.states

    def applies(game: Game, src: Any, op: dict[str, Any]) -> bool:
        you, oid = game.controller_of(src.id), op["obj"]
        ref = tuple(game.state.objs[oid].ref)
        if by_you and not any(r == ref and c == you for r, _, c in game.state.turn_flags.get("damaged_by", ())):
            return False  # 'dealt damage this turn by a source you controlled' (the damage primitive's record)
        return select.matches(game, what, oid, you, src.id)

    def apply(game: Game, src: Any, op: dict[str, Any]) -> dict[str, Any]:
        return {**op, "zone": e.dest}
    return ab.Replacement(text, on="dies", applies=applies, apply=apply)
