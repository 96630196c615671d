"""Emblems (114): "You get an emblem with "..."" (:mod:`..grammar.emblems`).  The emblem is
an object of the command zone (``ctx.create_emblem``) whose rules text is the quoted
abilities, compiled like any card's; only static abilities, which the layers apply from
the command zone (114.4).  An emblem with a triggered or activated ability stays manual."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..grammar import emblems as _grammar  # noqa: F401 - registers its imperative
from ..tokens import emblem_name, token_card
from ..tree import Effect
from .descriptors import Env, Run, Unsupported, players_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("emblem")
def emblem(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    from .. import compile_text  # the package compiles whole cards (it imports this module)

    if any(node.form != "static" for node in e.grants):
        raise Unsupported(f'an emblem with "{" ".join(node.text for node in e.grants)}"')
    name = emblem_name(" ".join(node.text for node in e.grants))
    card = token_card(name)
    if card is None or compile_text(card, env.known).missing:
        raise Unsupported(f"an {name}")
    who = players_of(env, e.who)

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            ctx.create_emblem(p, name)
    return run
