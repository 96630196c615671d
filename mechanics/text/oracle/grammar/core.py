"""The parser's machinery: the cursor over the tokens, failure and backtracking.

Each rule is a method that either consumes its words and returns a node or raises
:class:`NoParse`, restoring nothing itself: :meth:`Core.attempt` saves and restores
the position, so alternatives are tried in order.  The furthest position any rule
reached is kept, so a failure names the first words nothing could read
(:class:`ParseError`).  The rules live in the mixins of :mod:`.descriptors`,
:mod:`.effects` and :mod:`.abilities`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ..lexer import Tok

T = TypeVar("T")


class NoParse(Exception):  # noqa: N818 - control flow inside the parser
    """This rule doesn't read the words here."""


class ParseError(Exception):
    """No rule reads the ability; ``phrase`` is the first words nothing read."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


class Core:
    """The cursor over one ability's tokens, and the furthest position any rule reached."""

    def __init__(self, toks: list[Tok]) -> None:
        self.toks = toks
        self.words = [t.word for t in toks]
        self.i = 0
        self.far = 0

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.words[j] if 0 <= j < len(self.words) else ""

    def text(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j].text if j < len(self.toks) else ""

    def at(self, phrase: str) -> bool:
        first, rest = _words(phrase)
        i = self.i
        return i < len(self.words) and self.words[i] == first and (
            not rest or self.words[i + 1:i + 1 + len(rest)] == rest)

    def eat(self, phrase: str) -> bool:
        if self.at(phrase):
            self.i += 1 + len(_words(phrase)[1])
            return True
        return False

    def eat_any(self, *phrases: str) -> str:
        for p in phrases:
            if self.eat(p):
                return p
        return ""

    def need(self, phrase: str) -> None:
        if not self.eat(phrase):
            self.fail()

    def fail(self) -> None:
        self.far = max(self.far, self.i)
        raise NoParse

    def attempt(self, rule: Callable[..., T], *args: object) -> T | None:
        start = self.i
        try:
            return rule(*args)
        except NoParse:
            self.i = start
            return None

    def done(self) -> bool:
        return self.i >= len(self.toks)

    def end(self) -> None:
        if not self.done():
            self.fail()

    def error(self) -> ParseError:
        j = max(self.far, self.i)
        return ParseError(joined(self.toks[j:j + 6]) or "(the end of the ability)")


def joined(toks: list[Tok]) -> str:
    """Tokens as text again (punctuation against the word before it)."""
    return "".join(t.text if t.text in ",.:" or not k else " " + t.text for k, t in enumerate(toks))


@functools.cache
def _words(phrase: str) -> tuple[str, list[str]]:
    first, *rest = phrase.split()
    return first, rest


def _with(e: Any, **kw: object) -> Any:
    """A node like ``e`` with some fields changed (nodes are frozen)."""
    return replace(e, **kw)

