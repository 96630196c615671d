"""The grammar of copying a spell (707.10): "Copy target instant or sorcery spell. You may
choose new targets for the copy." (an imperative of its own module, imported in the
package's ``__init__``; compiled in :mod:`..compiler.copies`)."""

from __future__ import annotations

from ..tree import Effect, Objects
from .effects import Effects, imperative


@imperative("copy")
def copy_spell(p: Effects, verb: str, antecedent: Objects | None) -> Effect:
    """"Copy target instant or sorcery spell [you control]": ``kind`` "new targets" when
    "You may choose new targets for the copy" follows (707.10c)."""
    what = p.objects()
    if what.quant != "target" or "spell" not in what.kinds or set(what.kinds) - {"instant", "sorcery", "spell"}:
        p.fail()
    new = "new targets" if p.eat(". you may choose new targets for the copy") else ""
    return Effect("copy-spell", what=what, kind=new)
