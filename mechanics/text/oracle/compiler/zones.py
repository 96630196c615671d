"""Zone-move verbs: ``if-it``, effects that happen only if the card an earlier effect
acted on fits a descriptor ("Exile target card from a graveyard. If it was a creature
card, ..."), and ``token-copy``, a token that's a copy of an object (707.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import select
from ..tree import Effect, Objects
from .descriptors import Env, Run, Unsupported, each_of, objects
from .effects import effects, verb
from .verbs import Count

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("if-it")
def if_it(env: Env, e: Effect, n: Count) -> Run:
    d = e.what
    cards = _acted_on(env, d.ref)
    then = effects(env, e.then)

    def run(ctx: Ctx) -> None:
        fit = sum(select.matches(ctx.game, d, o, ctx.controller, None) for o in cards(ctx))
        for _ in range(fit if e.kind == "each" else min(fit, 1)):  # "For each creature card exiled this way"
            then(ctx)
    return run


def _acted_on(env: Env, d: Objects | None) -> Any:
    """The card the earlier effect acted on, wherever it is now: a target as it was chosen
    (the effect moved it, so it is no longer the targeted object, 400.7)."""
    if d is not None and d.quant in ("self", "it"):
        return objects(env, d)
    if d is None or d.quant != "target":  # "up to two target cards": those chosen (the last targets)
        raise Unsupported("if it was (not a target)")
    i, many = env.target(d), d.count

    def card(ctx: Ctx) -> list[int]:
        refs = ctx.item.targets if ctx.item is not None else ()
        return [r[0] for r in refs[i + ctx.offset:i + ctx.offset + many] if isinstance(r, (tuple, list))]
    return card


@verb("token-copy")
def token_copy(env: Env, e: Effect, n: Count) -> Run:
    """707.2: the token copies the object's copiable values: the card it is, or the card a
    copy effect made it (layer 1); a card in a graveyard, as that card ("a copy of it"
    after it died)."""
    def make(ctx: Ctx, o: Any) -> None:
        ch = ctx.game.chars(o) if isinstance(o, int) else None
        if ch is None:
            return
        made = ctx.create_token(ctx.controller, ch.card.name, n(ctx), copy_of=ch.card.name)
        if ctx.item is not None:  # "Sacrifice it at the beginning of the next end step": these tokens
            ctx.item.data["made"] = list(made)
        if e.keywords:  # 707.9b: "except it has haste", an exception to the copy (layer 1)
            ctx.add_effect("1", "copy", made, {"copy_of": ch.card.name, "keywords": e.keywords}, until="")
    return each_of(env, e.what, make)
