"""Quoted abilities an ability grants (113.2, 613.1f): 'Enchanted land has "{T}: Add
one mana of any color."', 'Creatures you control have "{T}: Add {C}."', 'target
creature gains "When ~ dies, draw a card." until end of turn', a manland's 'becomes a
3/3 ... creature with "Whenever ~ attacks, ..."'.

One mechanism for all: each quoted ability is compiled once as the rules text of a card
of its own (:func:`mechanics.abilities.grants.quoted_card`, ``~`` the object that has it)
and granted by a layer-6 effect listing its name (``{"grants": names}``); the engine
then gives the permanent its own abilities and the granted ones
(:mod:`mechanics.abilities.grants`).  The card is automated only if every quoted
ability compiles (the manual contract), and only for the abilities the engine reads
from a permanent's characteristics once they are granted: triggered, activated (mana
abilities too), replacement and static ones (a static ability applies from layer 6 on,
613.6; one of layer 2 or a characteristic-defining one would have to apply before it
exists, so it stays manual).
"""

from __future__ import annotations

import re

from ....abilities import abilities as ab
from ....abilities.grants import quoted_card
from ..tree import Ability
from .descriptors import Env, Unsupported

#: the abilities that work once granted (read from the permanent's behaviour; a static
#: ability from the layer it is granted in on, 613.6, but not a characteristic-defining one)
_WORKS = (ab.Triggered, ab.Activated, ab.ManaTrigger, ab.Replacement, ab.Static)


def grant_names(env: Env, nodes: tuple[Ability, ...]) -> tuple[str, ...]:
    """The names of the quoted abilities ``nodes`` (their ``text``), each compiled; raises
    :class:`Unsupported` with the first words of one that doesn't."""
    from .. import compile_text  # the package compiles whole cards (it imports this module)

    if env.card is not None and _names_itself(env.card):
        raise Unsupported('"... ~ ..." (the quoted ability names the card granting it)')
    out = []
    for node in nodes:
        name = f'"{node.text}"'
        found = compile_text(quoted_card(name), env.known)
        if found.missing:
            raise Unsupported(f'"{found.phrases[0] if found.phrases else node.text}')
        if not found.abilities or not all(isinstance(a, _WORKS) and getattr(a, "layer", "") not in ("2", "7a")
                                          for a in found.abilities):
            raise Unsupported(f'"{node.text}" (a granted characteristic-defining or control ability)')
        out.append(name)
    return tuple(out)


def lost(loses: tuple[str, ...]) -> dict[str, object]:
    """The layer-6 params of what an effect removes (613.1f): keywords ("loses flying"), or
    every ability ("loses all abilities")."""
    return {"lose_all_abilities": True} if "all abilities" in loses else {"lose_keywords": loses}


def _names_itself(card: object) -> bool:
    """Whether a quoted ability of ``card`` names the card itself ('Equipped creature has
    "{T}, Unattach Heavy Arbalest: ..."'): there its "~" is not the object that has it."""
    text = getattr(card, "oracle_text", "")
    short = card.name.split(",")[0]  # type: ignore[attr-defined]
    return any(re.search(rf"\b{re.escape(short)}\b", q) for q in re.findall(r'"([^"]*)"', text))
