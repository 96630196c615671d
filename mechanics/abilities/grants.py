"""Quoted abilities granted to other objects (113.2, 613.1f): how the engine names them.

'Enchanted land has "{T}: Add {G}."', 'Creatures you control have "{T}: Add {C}."',
'target creature gains "When ~ dies, draw a card." until end of turn': the quoted
ability is a rules text of its own, compiled once as the text of a card named by that
text in quotes (:func:`quoted_card`: '"{T}: Add {G}."', ``~`` the object that has it).
A layer-6 effect lists the names of the abilities it grants (params ``grants``); the
permanent's behaviour from then on is named ``NAME+"A"+"B"`` (:func:`with_grants`): its
own abilities, then each granted one in the order granted (:func:`merged`).  A handler
(``AbilityRef``) naming that behaviour finds a granted ability again once the grant
has ended, as it finds a printed one.
"""

from __future__ import annotations

from ..model.cards import CardDef
from .abilities import Behaviour

#: between a card's name and the quoted abilities granted to it
SEP = '+"'


def is_quoted(name: str) -> bool:
    """Whether ``name`` names a quoted ability (not a card)."""
    return len(name) > 1 and name[0] == '"' and name[-1] == '"'


def quoted_card(name: str) -> CardDef | None:
    """The 'card' whose rules text is the quoted ability ``name``, None for another name."""
    return CardDef(name, oracle_text=name[1:-1]) if is_quoted(name) and SEP not in name else None


def with_grants(name: str, grants: tuple[str, ...]) -> str:
    """The name of the behaviour of ``name`` with the quoted abilities ``grants``."""
    return name + "".join("+" + g for g in grants)


def split(name: str) -> tuple[str, tuple[str, ...]] | None:
    """``(card name, granted quoted abilities)`` of a name :func:`with_grants` made, or None."""
    if SEP not in name or is_quoted(name):
        return None
    base, *rest = name.split(SEP)
    return base, tuple('"' + r for r in rest)


def merged(base: Behaviour, granted: list[Behaviour]) -> Behaviour:
    """A permanent's abilities with the granted ones after its own (their indexes unchanged)."""
    return Behaviour([a for b in (base, *granted) for a in b.abilities],
                     list(base.missing), [k for b in (base, *granted) for k in b.keywords], list(base.phrases))
