"""The grammar of counters as costs (602.1, 118.3, 122): "Remove a +1/+1 counter from
~", "Remove three spore counters from ~ and sacrifice it" (Khalni Heart Expedition,
Quest for the Gravelord).

A cost of removing counters is paid in full or not at all (602.2b, 118.3): the
ability can be activated only while its source has that many counters of that kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .effects import Effects


def remove_cost(p: Effects) -> tuple[tuple[str, int], bool]:
    """After "remove": "N KIND counter(s) from ~ [and sacrifice it]": the kind and how
    many, and whether sacrificing the source is part of the cost too."""
    n = p.number()
    if n.x or n.value < 1:
        p.fail()  # "Remove X storage counters": X is chosen as it is activated (107.3)
    kind = p.counter_kind()
    p.need("from ~")
    sacrifice = bool(p.eat_any("and sacrifice it", "and sacrifice ~"))
    return (kind, n.value), sacrifice
