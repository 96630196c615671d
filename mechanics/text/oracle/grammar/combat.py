"""The grammar of combat effects: "remove it from combat" (506.4: Gustcloak Sentinel's
"untap it and remove it from combat")."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("remove it from combat", "remove that creature from combat", "remove ~ from combat")
def remove_from_combat(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """506.4: the creature stops being an attacking or blocking creature."""
    what = Objects("self") if "~" in verb else Objects("it", ref=antecedent)
    return Effect("remove-from-combat", what=what)
