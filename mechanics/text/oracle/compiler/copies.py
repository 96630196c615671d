"""Copies of spells, compiled: "Copy target instant or sorcery spell. You may choose new
targets for the copy." (707.10) and magecraft's "Whenever you cast or copy an instant or
sorcery spell" (the engine's ``SpellCopied`` event, each copy put on the stack)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..tree import Effect, Event
from .descriptors import Env, Run, Unsupported, each_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game

Match = tuple[tuple[str, ...], Callable[..., Any], bool]


@verb("copy-spell")
def copy_target_spell(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """707.10: a copy of the target spell, its controller the ability's, with the spell's
    targets, X and modes (707.10); "You may choose new targets for the copy" (707.10c)."""
    card = env.card.name if env.card is not None else "the copy"

    def act(ctx: Ctx, o: Any) -> None:
        game = ctx.game
        item = next((i for i in game.state.stack if i.kind == "spell" and i.source == o), None)
        if item is None:
            return
        name = game.state.objs[o].name
        ctx.copy_spell(name, ctx.controller, item.targets, item.x, tuple(item.data.get("modes", ())),
                       f"{card}: the target of the copy of {name}" if e.kind else "")
    return each_of(env, e.what, act)


def copy_match(ev: Event, base: Callable[[Event], Match]) -> Match | None:
    """"Whenever you cast or copy an instant or sorcery spell": the "cast" event's match
    (``base`` reads it) on SpellCast, and on SpellCopied the copied card's types; None
    for the other events."""
    if ev.kind != "cast-or-copy":
        return None
    d = ev.spell
    if d is None or set(d.kinds) - {"instant", "sorcery", "spell"} or d.non or d.colors or d.controller:
        raise Unsupported("whenever you cast or copy (a spell of a kind)")
    types = {k.capitalize() for k in d.kinds if k != "spell"}
    _, on_cast, _ = base(replace(ev, kind="cast"))

    def match(game: Game, obj: Any, event: Any) -> dict | None:
        if event.kind == "SpellCast":
            return on_cast(game, obj, event)
        if event.controller != game.controller_of(obj.id):
            return None
        return {} if not types or types & game.card(event.name).types else None
    return ("SpellCast", "SpellCopied"), match, False
