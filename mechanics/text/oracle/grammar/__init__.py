"""The grammar: a recursive-descent parser from tokens to the tree of :mod:`..tree`.

:class:`Parser` is the cursor of :mod:`.core` (peek, eat, attempt, fail) with the
rules of each area mixed in, one module an area so each stays short:
:mod:`.descriptors` (numbers, objects, players, conditions), :mod:`.effects` (effect
sentences, subject-verb effects), :mod:`.imperatives` (the imperative verbs, one
registered function a verb) and :mod:`.abilities` (keyword lines, triggered,
activated, modal, static, "enters" abilities, costs); the word lists are in
:mod:`.words`.
"""

from __future__ import annotations

from . import choices, facts, imperatives  # noqa: F401 - registers the imperative verbs
from .abilities import Abilities
from .core import NoParse, ParseError

__all__ = ["NoParse", "ParseError", "Parser"]


class Parser(Abilities):
    """The parser of one ability's tokens: every rule of the grammar."""
