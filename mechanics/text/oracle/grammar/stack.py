"""The grammar's effects on spells on the stack that keyword cards use: Subtlety's
"choose up to one target creature spell or planeswalker spell. Its owner puts it on
their choice of the top or bottom of their library." (an imperative of its own module,
imported in the package's ``__init__``).
"""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("choose")
def choose_up_to_target(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Choose up to one target ...": the target only (115.1), for the next sentence's "it"
    (:mod:`.choices` reads "Choose target ...")."""
    what = p.objects()
    if what.quant != "target" or not what.up_to:
        p.fail()
    return Effect("choose-target", what=what)
