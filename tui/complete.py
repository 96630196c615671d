"""Tab completion for the command line: commands first, then the words their
forms take where the word stands.

What a word after a command may be comes from the action's declarations in
:mod:`mechanics.model.actions` (each field's keyword and kind of word), so a new
option is offered without a change here.  Pure functions (no Textual), so they
are tested directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import MISSING
from typing import Any

from mechanics import spell_modal
from mechanics.io.scenario import STATES
from mechanics.model.actions import REGISTRY, Action
from mechanics.model.errors import NotationError
from mechanics.model.state import STEPS, ZONES
from mechanics.model.words import quote, slots, split_line

#: commands the command line understands besides the actions
EXTRA_COMMANDS = ("undo", "redo", "expect", "expect-error", "stops")
#: words of ``expect`` lines (not actions, so not declared) besides names
EXPECT_WORDS = ("life", "count", "counter", "pt", "in", *STATES)


def commands() -> list[str]:
    return sorted(set(REGISTRY) | set(EXTRA_COMMANDS))


def expected(cls: type[Action], words: list[str]) -> tuple[set[str], set[str]]:
    """What may follow ``words`` (the words after the command) in a ``cls`` line:
    the kinds of word (``player``, ``object``...) and the fixed words.

    A keyword's value comes after it; the args come in order, and until the
    required ones are given nothing else may (a keyword there is read as the
    arg); then the keywords not yet given and the rest's words.
    """
    form = slots(cls)
    keyed = {s.key: s for _, _, s in form if s.key}
    valued = {k for k, s in keyed.items() if s.kind != "flag"}
    if words and words[-1] in valued:
        return {keyed[words[-1]].what}, set()
    placed = sum(w not in keyed and (i == 0 or words[i - 1] not in valued)
                 for i, w in enumerate(words))
    kinds: set[str] = set()
    args = [(default, s) for _, default, s in form if s.kind == "arg"]
    for default, s in args[placed:]:
        kinds.add(s.what)
        if default is MISSING:
            return kinds, set()
    fixed = {k for k, s in keyed.items() if s.kind == "repeated" or k not in words}
    for _, _, s in form:
        if s.kind == "rest":
            kinds.add(s.what)
            fixed.update(s.fixed)
    return kinds, fixed


def words_for(game: Any, before: str) -> list[str]:
    """Words that may stand after ``before`` (the line up to the word being typed):
    those its action's form takes there; after ``expect`` and the like, any name,
    player, step or zone."""
    st = game.state
    names = set(game.pool.names())
    kinds = {"player": set(st.players), "step": set(STEPS), "zone": set(ZONES),
             "card": names, "object": names | set(st.aliases)}
    kinds["ref"] = kinds["object"] | kinds["player"]
    try:
        words = split_line(before)
    except NotationError:
        words = []
    cls = REGISTRY.get(words[0]) if words else None
    if cls is None:
        return sorted(set(EXPECT_WORDS).union(*kinds.values()))
    wanted, fixed = expected(cls, words[1:])
    if "mode" in wanted:
        kinds["mode"] = _modes(game, words[2] if len(words) > 2 else "")
    return sorted(fixed.union(*(kinds.get(k, ()) for k in wanted)))


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
    pool: Iterable[str] = commands() if first_word else words_for(game, line[:start])
    found = _matches(pool, part)
    if not quoted and not first_word:
        # an unquoted card name with spaces: try the last few words together
        for k in (4, 3, 2):
            s = start
            for _ in range(k - 1):
                s = line.rfind(" ", 0, max(0, s - 1)) + 1
            if s < start and line[:s].strip():
                before = words_for(game, line[:s])
                if found and line[s:start].strip().casefold() in {w.casefold() for w in before}:
                    break  # after a whole name ("Shock", not "Shock Troops"), the next word's words
                more = _matches(before, line[s:])
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


def _modes(game: Any, name: str) -> set[str]:
    """The mode numbers of a modal spell (``cast p1 "Card" mode N``, 700.2)."""
    modal = spell_modal(game, name) if game.pool.get(name) is not None else None
    return {str(n) for n in range(1, len(modal.modes) + 1)} if modal else set()
