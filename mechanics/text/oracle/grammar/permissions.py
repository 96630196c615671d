"""The grammar's permissions to cast a card another way: from another zone (601.3: "You
may cast this card from your graveyard using its blitz ability.", Tenacious Underdog), at
another time (601.3e: "You may cast this spell as though it had flash if you pay {2} more
to cast it.", Rout) or
for an alternative cost (118.9: "You may sacrifice two Mountains rather than pay this
spell's mana cost.", Fireblast).

A rule of :meth:`~.abilities.Abilities.ability`, in a module of its own so the keyword
mechanics' grammar stays apart from the other areas.
"""

from __future__ import annotations

from ..tree import Ability, Cost
from .descriptors import Descriptors


class Permissions(Descriptors):
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

    def as_though_flash(self) -> Ability:
        """601.3e: "[If COND,] you may cast ~ as though it had flash [if you pay {2} more to
        cast it | if COND]." (``cost``: the mana it then costs more)."""
        cond = self.condition() if self.at("if") else None
        if cond is not None:
            self.need(",")
        self.need("you may cast ~ as though it had flash")
        more = ""
        if cond is None and self.eat("if you pay"):
            more = self.mana_symbols()
            self.need("more to cast it")
        elif cond is None and self.at("if"):
            cond = self.condition()
        self.need(".")
        self.end()
        return Ability("flash", cost=Cost(mana=more), condition=cond)

    def alternative_cost(self) -> Ability:
        """"[If COND,] you may COSTS rather than pay ~'s mana cost.": the costs' words, read
        by :func:`~..keywords.alternative_cost` as a keyword's are."""
        cond = None
        if self.at("if"):
            cond = self.condition()
            self.need(",")
        self.need("you may")
        start = self.i
        while not self.at("rather than pay ~ s mana cost ."):
            if self.done():
                self.i = start  # not this rule's sentence: the words after "you may" are unread
                self.fail()
            self.i += 1
        words = [t.text for t in self.toks[start:self.i]]
        self.need("rather than pay ~ s mana cost .")
        self.end()
        if not words:
            self.fail()
        return Ability("alternative-cost", arg=" ".join(words).replace(" ,", ","), condition=cond)
