"""Case enchantments (719): "To solve — CONDITION." is "At the beginning of your end
step, if this Case is not solved and CONDITION, it becomes solved." (719.3a, an
intervening if, 603.4); "Solved — ABILITY" is an ability that works only while the Case
is solved (719.3b; here its static abilities, the condition "solved" on each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tree import Ability, Condition, Effect, Event
from .core import _with

if TYPE_CHECKING:
    from . import Parser


def case_ability(p: Parser) -> Ability:
    """A Case's "To solve —" or "Solved —" line (raises NoParse for any other line)."""
    if p.eat("to solve —"):
        cond = p.condition_body()
        p.need(".")
        p.end()
        return Ability("triggered", event=Event("step", step="end", whose="you"),
                       condition=Condition("solved", negate=True, also=cond), effects=(Effect("solve"),))
    p.need("solved —")
    node = p.ability(False)
    if node.form != "static":
        p.fail()  # a triggered or activated ability that works only while solved: not done here
    solved = Condition("solved") if node.condition is None else Condition("solved", also=node.condition)
    return _with(node, condition=solved)
