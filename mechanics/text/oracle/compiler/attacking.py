"""Creatures put onto the battlefield attacking (508.4) and effects done once for each
opponent (the grammar: :mod:`..grammar.attacking`).

508.4: a creature put onto the battlefield attacking was never declared as an attacker
("whenever ~ attacks" doesn't trigger for it); its controller chooses which player (or
planeswalker of that player) it attacks unless the effect says; one put so outside
combat, or under the control of a player who isn't attacking, isn't attacking (506.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....model.state import Decision
from ..tree import Effect
from .descriptors import Env, Run
from .effects import effects, verb

if TYPE_CHECKING:
    from collections.abc import Callable

    from ....play.context import Ctx

#: the steps in which an attacking creature can be put onto the battlefield (506.1)
_ATTACKING_STEPS = ("attackers", "blockers", "damage", "endcombat")


@verb("for-each-opponent")
def each_opponent(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """"For each opponent, EFFECT": the effect for each opponent in turn order, "that
    player" (the item's ``player``) being that one."""
    run = effects(env, e.then)

    def each(ctx: Ctx) -> None:
        if ctx.item is None:
            return
        was = ctx.item.data.get("player")
        for opponent in ctx.game.opponents(ctx.controller):
            ctx.item.data["player"] = opponent
            run(ctx)
        ctx.item.data["player"] = was
    return each


def enter_attacking(ctx: Ctx, made: list[Any], dest: str) -> None:
    """The tokens ``made`` enter attacking (``dest`` of the token effect: "attacking", an
    opponent of the controller's choice; "attacking:player", the item's ``player``;
    "attacking:player+", that player or a planeswalker they control)."""
    game, you = ctx.game, ctx.controller
    st = game.state
    if st.step not in _ATTACKING_STEPS or you not in st.team_of(st.active):
        return  # 506.3: no combat, or not the attacking player's: they enter tapped, not attacking
    if dest == "attacking":
        players = game.opponents(you)
    else:
        player = ctx.item.data.get("player") if ctx.item is not None else None
        players = [player] if player is not None else []
    options: list[Any] = list(players)
    if dest != "attacking:player":  # 508.4: or a planeswalker of that player
        options += [o for o in st.battlefield if game.controller_of(o) in players
                    and (ch := game.chars(o)) is not None and "Planeswalker" in ch.types]
    if not options:
        return
    for o in made:
        pick = options[0] if len(options) == 1 else ctx.choose(Decision(
            "choose", you, f"{game.describe(o)} enters attacking: which player or planeswalker it attacks",
            tuple(options), 1, 1, {"what": "attacked", "default": [options[0]]}))[0]
        game.attacks(o, pick if isinstance(pick, str) else game.controller_of(pick),
                     pick if isinstance(pick, int) else None)
    game.changed(characteristics=False)
    ctx.note(f"{', '.join(game.describe(o) for o in made)} {'enters' if len(made) == 1 else 'enter'} attacking")
