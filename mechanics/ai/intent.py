"""Whether an effect's text reads as harm or help for what it targets.

One judgement for the two places that guess a target: the autopilot picks an
opponent's object for harm and its own for help, and the TUI's target dialog
lists the likely side first (never choosing for the player).  It reads the words
of the effect; an effect that reads as neither counts as harm, the usual case for
a targeted spell.
"""

from __future__ import annotations

from functools import lru_cache

HARMFUL = ("damage", "destroy", "exile", "loses", "lose ", "-1/-1", "counter target", "sacrifice",
           "return target", "tap target", "mill", "rad counter", "poison", "gets -", "fights",
           "discard", "owner's hand", "can't attack", "can't block", "doesn't untap")
HELPFUL = ("gets +", "+1/+1 counter", "gains", "have ", "untap", "hexproof", "indestructible",
           "proliferate", "attach", "double", "enchant", "draw")


@lru_cache(maxsize=4096)
def harmful(text: str) -> bool:
    """Whether an effect's text reads as bad for what it targets (the default):
    a prevention shield helps (615) unless it prevents the damage its target deals."""
    low = text.lower()
    if low.startswith("prevent") or ": prevent" in low:
        return "dealt by" in low
    return not (any(w in low for w in HELPFUL) and not any(w in low for w in HARMFUL))
