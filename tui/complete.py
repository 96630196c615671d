"""Tab completion for the command line: commands first, then card names and words.

Pure functions (no Textual), so they are tested directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from mechanics.actions import REGISTRY, quote
from mechanics.state import STEPS, ZONES

#: commands the command line understands besides the actions
EXTRA_COMMANDS = ("undo", "redo", "expect", "expect-error")
#: option words used inside actions
WORDS = ("target", "all", "tapped", "token", "sick", "counter", "attached-to", "as", "free",
         "none", "x", "->", "life", "count", "pt", "in")


def commands() -> list[str]:
    return sorted(set(REGISTRY) | set(EXTRA_COMMANDS))


def words_for(game: Any) -> list[str]:
    """Words that may follow a command: players, steps, zones, aliases, card names."""
    st = game.state
    return sorted(set(st.players) | set(STEPS) | set(ZONES) | set(st.aliases) | set(WORDS)
                  | set(game.pool.names()))


def _partial(line: str) -> tuple[int, str, bool]:
    """Where the word being typed starts, its text without a leading quote, and
    whether it was opened with a quote."""
    if line.count('"') % 2 == 1:
        start = line.rfind('"')
        return start, line[start + 1:], True
    start = max(line.rfind(" "), line.rfind("\t")) + 1
    return start, line[start:], False


def _matches(pool: Iterable[str], part: str) -> list[str]:
    key = part.casefold()
    return [w for w in pool if w.casefold().startswith(key)]


def complete(line: str, game: Any) -> tuple[str, list[str]]:
    """Complete the last word of ``line``.

    Returns the new line and the candidates (several when the word is ambiguous;
    the line is then extended to their common prefix).
    """
    start, part, quoted = _partial(line)
    first_word = not line[:start].strip()
    pool: Iterable[str] = commands() if first_word else words_for(game)
    found = _matches(pool, part)
    if not quoted and not first_word:
        # an unquoted card name with spaces: try the last few words together
        for k in (4, 3, 2):
            s = start
            for _ in range(k - 1):
                s = line.rfind(" ", 0, max(0, s - 1)) + 1
            if s < start and line[:s].strip():
                more = _matches(pool, line[s:])
                if more:
                    start, part, found, quoted = s, line[s:], more, True
                    break
    if not found:
        return line, []
    if len(found) == 1:
        word = found[0]
        done = word if first_word else quote(word)
        return line[:start] + done + " ", found
    prefix = os.path.commonprefix([w.casefold() for w in found])
    text = found[0][:len(prefix)]
    if len(text) <= len(part):
        return line, found
    needs_quote = quoted or " " in text
    return line[:start] + ('"' if needs_quote else "") + text, found
