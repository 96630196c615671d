"""Prevention effects (615): "Prevent all [combat] damage that would be dealt [to X] [by Y]
this turn", "Prevent the next N damage that would be dealt to any target this turn".

A resolved prevention effect is a continuous effect of kind
:data:`~mechanics.text.effects.PREVENT` (no layer)
whose ``params`` say what it covers: ``combat`` (combat damage only), ``to`` (the
players and object refs it protects, None for any), ``by`` (the sources whose damage it
prevents, None for any), ``left`` (a shield's damage still to prevent, 615.7; None for
all) and ``once`` (all of the next damage it covers, then no more: "the next time a
source of your choice would deal damage"); ``redirect`` (614.9: "The next 1 damage that would
be dealt to ~ this turn is dealt to target creature instead": the new recipient, a player or
an object ref), ``each`` and ``controller`` (a descriptor read as damage would be dealt).
:func:`prevented` applies them as damage would be dealt (615.1)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..text.effects import PREVENT, UNPREVENTABLE, prevents_static
from ..text.oracle.select import matches, players

if TYPE_CHECKING:
    from ..play.game import Game


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COLOR_WORDS = frozenset(_COLOR_NAMES.values())


def _of_type(card_type: str) -> Callable[[Any], bool]:
    return lambda source: card_type in source.types


#: 702.16a: the qualities protection is from, besides colors and plural subtypes ("Goblins")
_QUALITIES: dict[str, Callable[[Any], bool]] = {
    "everything": lambda s: True,  # 702.16j
    "multicolored": lambda s: len(s.colors) > 1, "monocolored": lambda s: len(s.colors) == 1,
    "colorless": lambda s: not s.colors,
    **{plural: _of_type(t) for plural, t in (("artifacts", "Artifact"), ("creatures", "Creature"),
                                              ("enchantments", "Enchantment"), ("instants", "Instant"),
                                              ("sorceries", "Sorcery"), ("planeswalkers", "Planeswalker"),
                                              ("lands", "Land"))},
}


def protected(ch: Any, source: Any) -> bool:
    """702.16a: whether ``ch`` has protection from a quality ``source`` has: a color, a card
    type, a subtype ("protection from Goblins"), multicolored, everything."""
    if ch is None or source is None:
        return False
    if any(ch.has(f"protection from {_COLOR_NAMES[c]}") for c in source.colors if c in _COLOR_NAMES):
        return True
    for kw in ch.keywords:
        if kw.startswith("protection from ") and (q := kw[16:]) not in _COLOR_WORDS:
            fits = _QUALITIES.get(q)
            if fits(source) if fits is not None else any(q == f"{t.lower()}s" for t in source.subtypes):
                return True
    return False


def prevented(game: Game, target: int | str, n: int, source: int | None, combat: bool, by: Any) -> int:
    """The damage left of ``n`` after what prevents it: protection (702.16e), a permanent's
    "Prevent all [combat] damage that would be dealt to/by ~" (:func:`prevents_static`),
    then the prevention effects that cover it, shields used up in the order they were
    made (616.1: the affected player would choose).  None if "damage can't be prevented"
    this turn (615.12).  ``by``: the source's characteristics (None without one)."""
    effects = game.state.effects
    if effects and any(e.kind == UNPREVENTABLE for e in effects):
        return n
    to = game.chars(target) if isinstance(target, int) else None
    if (to is not None and to.keywords or by is not None and by.keywords) and (  # (all keyword-like)
            protected(to, by) or _shielded(to, "to", combat) or _shielded(by, "by", combat)):
        return 0
    if not effects:
        return n
    objs = game.state.objs
    hit = target if isinstance(target, str) else objs[target].ref
    dealer = objs[source].ref if source is not None and source in objs else None
    for e in effects:
        if n <= 0:
            break
        if e.kind != PREVENT or e.params["left"] == 0:
            continue
        p = e.params
        if p["combat"] and not combat or p["to"] is not None and hit not in p["to"] or \
                p["by"] is not None and dealer not in p["by"]:
            continue
        if "each" in p and not _covers(game, p, target, source):
            continue
        moved = _redirected(game, p.get("redirect"))
        if "redirect" in p and (moved is None or moved == target):
            continue  # 614.9: the new recipient has left: the damage stays where it was
        cut = n if p["left"] is None else min(n, p["left"])  # 615.1a: all of it
        n -= cut
        if p["left"] is not None or p.get("once"):  # 615.7: a shield is used up by what it prevented
            e.params = {**p, "left": 0 if p.get("once") else p["left"] - cut}
        game.note(f"{cut} damage to {game.describe(target) if isinstance(target, int) else target} is "
                  + ("prevented" if moved is None else f"dealt to {game.describe(moved) if isinstance(moved, int) else moved}"))
        if moved is not None:
            game.damage(moved, cut, source, combat)  # "The next 1 damage ... is dealt to Y instead"
    return n


def _redirected(game: Game, ref: Any) -> int | str | None:
    """The recipient a redirection shield names, if it is still there (a player, or the
    same permanent, 400.7)."""
    if ref is None or isinstance(ref, str):
        return ref
    obj = game.state.objs.get(ref[0])
    return obj.id if obj is not None and obj.epoch == ref[1] and obj.zone == "battlefield" else None


def _covers(game: Game, p: dict[str, Any], target: int | str, source: int | None) -> bool:
    """"Prevent all damage that would be dealt this turn to creatures you control" / "by
    creatures your opponents control": the recipients (``each`` "to") or sources ("by")
    that fit the descriptor as the damage would be dealt (611.2c: a rule of the game, not
    locked in as it began), for the effect's ``controller``."""
    way, d = p["each"]
    got = target if way == "to" else source
    if got is None:
        return False
    who = tuple(k for k in d.kinds if k in ("player", "opponent"))
    if isinstance(got, str):
        return bool(who) and got in players(game, replace(d, kinds=who), p["controller"])
    return len(who) < len(d.kinds) and matches(game, d, got, p["controller"], None)


def _shielded(ch: Any, direction: str, combat: bool) -> bool:
    """Whether a permanent's static ability prevents all damage dealt to or by it (or all
    combat damage, when this is)."""
    return ch is not None and (ch.has(prevents_static(direction, False)) or
                               combat and ch.has(prevents_static(direction, True)))
