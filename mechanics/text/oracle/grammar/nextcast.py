"""A delayed triggered ability on the next spell cast (603.7): "When you next cast a creature
spell this turn, that creature enters with an additional +1/+1 counter on it." (Kumano
Faces Kakkazan): the effect ``next-cast``, ``what`` the spell ("a creature"), ``kind`` and
``n`` the counters the permanent it becomes enters with (614.1c)."""

from __future__ import annotations

from ..tree import Effect, Number, Objects
from .effects import Effects, imperative


@imperative("when you next cast a", "when you next cast an")
def next_cast(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    kinds = p.kinds()
    if kinds != ["creature", "spell"] or not p.eat("this turn ,"):  # a permanent spell, entering
        p.fail()
    p.need("that creature enters with an additional")
    kind = p.counter_kind()
    p.need("on it")
    return Effect("next-cast", what=Objects("a", ("creature",)), n=Number(1), kind=kind)
