"""The grammar's permissions to cast a card from another zone (601.3): "You may cast this
card from your graveyard using its blitz ability." (Tenacious Underdog).

A rule of :meth:`~.abilities.Abilities.ability`, in a module of its own so the keyword
mechanics' grammar stays apart from the other areas.
"""

from __future__ import annotations

from ..tree import Ability
from .core import Core


class Permissions(Core):
    """Rules for abilities that let a card be cast from elsewhere."""

    def cast_permission(self) -> Ability:
        """"You may cast ~ from your graveyard using its KEYWORD ability.": the keyword's
        alternative cost (118.9), paid casting it from that graveyard."""
        self.need("you may cast ~ from your graveyard using its")
        keyword = self.peek()
        self.i += 1
        self.need("ability .")
        self.end()
        return Ability("cast-from", keyword=keyword, arg="graveyard")
