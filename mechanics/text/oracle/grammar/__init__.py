"""The grammar: a recursive-descent parser from tokens to the tree of :mod:`..tree`.

:class:`Parser` is the cursor of :mod:`.core` (peek, eat, attempt, fail) with the
rules of each area mixed in, one module an area so each stays short:
:mod:`.descriptors` (numbers, objects, players, conditions), :mod:`.timing` (conditions
of the turn and the graveyard, more trigger events, activation restrictions),
:mod:`.effects` (effect
sentences, subject-verb effects), :mod:`.imperatives` (the imperative verbs, one
registered function a verb) and :mod:`.abilities` (keyword lines, triggered,
activated, modal, static, "enters" abilities, costs); the word lists are in
:mod:`.words`.
"""

from __future__ import annotations

from . import (  # noqa: F401 - register the imperative verbs
    attacking,
    chance,
    choices,
    combat,
    copies,
    damage,
    dies,
    facts,
    imperatives,
    library,
    mana,
    reveal,
    reveals,
    stack,
    zones,
)
from .abilities import Abilities
from .core import NoParse, ParseError
from .graveyard import GraveyardEvents
from .mana import ManaEvents
from .timing import Timing

__all__ = ["NoParse", "ParseError", "Parser"]


class Parser(Abilities, ManaEvents, Timing, GraveyardEvents):
    """The parser of one ability's tokens: every rule of the grammar."""
