"""Oracle text to tokens: the words of one ability, ready for the grammar.

Reminder text (in parentheses) goes; the card's name, its short name (a legendary
card's name before the comma) and "this creature/artifact/..." become the one word
``~``; words are lower-cased (subtypes keep a capital in :attr:`Tok.text`, for the
grammar to tell "Goblin" from a verb); mana symbols (``{T}``, ``{2}{G}``), numbers,
power/toughness changes (``+1/+1``) and punctuation are tokens of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r"\s*\([^)]*\)")
_SELF = re.compile(r"\b[Tt]his (?:creature|artifact|enchantment|land|Aura|Equipment|Vehicle|permanent|"
                   r"spell|card|Saga|Case|Class|token|Room)\b")
_TOKEN = re.compile(r"""\{[^}]+\}|[+-]?(?:\d+|X)/[+-]?(?:\d+|X)|[+-]\d+|\d+|~|[A-Za-z][\w'-]*|[,.:;—•"]|−""")


@dataclass(frozen=True, slots=True)
class Tok:
    """One token: ``word`` is what the grammar compares (lower case), ``text`` as printed."""

    word: str
    text: str


def self_named(name: str, text: str) -> str:
    """The text with the card's references to itself written ``~``."""
    names = {name, name.split(",")[0], name.split(" // ")[0]} if name else set()
    for n in sorted(names, key=len, reverse=True):
        if n and n in text:
            text = _replace_word(text, n)
    return _SELF.sub("~", text) if "his " in text else text


def _replace_word(text: str, name: str) -> str:
    """``name`` written ``~`` where it stands as a whole word ("Shock", not "Shockwave")."""
    out, i = [], 0
    while (j := text.find(name, i)) >= 0:
        end = j + len(name)
        whole = (j == 0 or not (text[j - 1].isalnum() or text[j - 1] == "_")) and (
            end == len(text) or not (text[end].isalnum() or text[end] == "_"))
        out.append(text[i:j] + ("~" if whole else name))
        i = end
    return "".join(out) + text[i:]


def strip_reminder(text: str) -> str:
    return _REMINDER.sub("", text).strip()


def tokenize(text: str) -> list[Tok]:
    """The tokens of one ability's text (already self-named and without reminder text)."""
    text = text.replace("\u2019", "'").replace("\u2212", "-")
    out = []
    for m in _TOKEN.finditer(text):
        t = m.group()
        out.append(Tok(t.lower(), t))
    return out
