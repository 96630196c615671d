"""The grammar of clones (707.2, 614.1c): "You may have ~ enter as a copy of any creature on
the battlefield[, except ...]" (compiled in :mod:`..compiler.clones`)."""

from __future__ import annotations

from ..tree import Ability, CopyExcept, Effect
from .core import Core
from .words import OBJECT_TYPES


def clone(p: Core) -> Ability:
    """"You may have ~ enter as a copy of any artifact or creature on the battlefield", "...
    of a creature you control", then 707.9's exceptions."""
    p.need("you may have ~ enter as a copy of")
    if not p.eat_any("any", "a", "an"):
        p.fail()
    what = p.objects("a")  # type: ignore[attr-defined]
    if what.zone != "battlefield":
        p.fail()
    p.eat("on the battlefield")
    found = exceptions(p) if p.eat(", except") else None
    p.need(".")
    p.end()  # type: ignore[attr-defined]
    return Ability("enters", effects=(Effect("clone", what=what, except_=found),))


def exceptions(p: Core) -> CopyExcept:
    """707.9a: "it's a Bird in addition to its other types", "it has flying [and haste]",
    "it's 7/7", "it enters with an additional +1/+1 counter on it", joined by "and"."""
    types: list[str] = []
    subtypes: list[str] = []
    keywords: tuple[str, ...] = ()
    pt = None
    counters = 0
    while True:
        if p.eat("it's"):
            if p.peek().count("/") == 1 and all(n.isdigit() for n in p.peek().split("/")):
                a, b = p.peek().split("/")
                pt = (int(a), int(b))
                p.i += 1
            else:
                p.eat_any("a", "an")
                while p.peek() in OBJECT_TYPES or p.text()[:1].isupper():
                    if p.peek() in OBJECT_TYPES:
                        types.append(p.peek().capitalize())
                    else:
                        subtypes.append(p.text())
                    p.i += 1
                if not types and not subtypes or not p.eat("in addition to its other types"):
                    p.fail()
        elif p.eat("it has") or p.eat("has"):
            keywords += p.keyword_list()  # type: ignore[attr-defined]
        elif p.eat("it enters with an additional +1/+1 counter on it"):
            counters += 1
        else:
            p.fail()
        if not (p.eat(", and") or p.eat("and") or p.eat(",")):
            break
    return CopyExcept(tuple(types), tuple(subtypes), keywords, pt, counters)
