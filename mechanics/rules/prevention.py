"""Prevention effects (615): "Prevent all [combat] damage that would be dealt [to X] [by Y]
this turn", "Prevent the next N damage that would be dealt to any target this turn".

A resolved prevention effect is a continuous effect of kind
:data:`~mechanics.text.effects.PREVENT` (no layer)
whose ``params`` say what it covers: ``combat`` (combat damage only), ``to`` (the
players and object refs it protects, None for any), ``by`` (the sources whose damage it
prevents, None for any) and ``left`` (a shield's damage still to prevent, 615.7; None for
all).  :func:`prevented` applies them as damage would be dealt (615.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.effects import PREVENT

if TYPE_CHECKING:
    from ..play.game import Game


def prevented(game: Game, target: int | str, n: int, source: int | None, combat: bool) -> int:
    """The damage left of ``n`` after the prevention effects that cover it.  Shields are
    used up in the order they were made (616.1: the affected player would choose)."""
    objs = game.state.objs
    hit = target if isinstance(target, str) else objs[target].ref
    by = objs[source].ref if source is not None and source in objs else None
    for e in game.state.effects:
        if n <= 0:
            break
        if e.kind != PREVENT or e.params["left"] == 0:
            continue
        p = e.params
        if p["combat"] and not combat or p["to"] is not None and hit not in p["to"] or \
                p["by"] is not None and by not in p["by"]:
            continue
        cut = n if p["left"] is None else min(n, p["left"])  # 615.1a: all of it
        n -= cut
        if p["left"] is not None:
            e.params = {**p, "left": p["left"] - cut}  # 615.7: the shield is used up by what it prevented
        game.note(f"{cut} damage to {game.describe(target) if isinstance(target, int) else target} is prevented")
    return n
