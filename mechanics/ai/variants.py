"""Variants of one deck list for ``stackfish simulate --vary/--swap`` (deck tuning).

``--vary "Forest=15..19"`` (or ``"Forest=15,17,19"``) makes one variant per count of a card; the deck keeps
its size by taking the difference out of (or adding it to) the spells: for a land,
the land count question (more lands, fewer spells), for a spell the other
spells; one copy at a time from (or to) the card listed most often less the copies
already taken (or added), the earlier-listed first among
equals.  ``--swap "A=B"`` replaces
every copy of A by B.  Each variant says what changed (:attr:`Deck.note`).
"""

from __future__ import annotations

import re
from typing import Any

from ..model.errors import StackfishError
from ..store.decks import DeckList, load_deck
from .simulate import Deck

_VARY = re.compile(r"\s*(.+?)\s*=\s*(\d+)\s*(?:\.\.\s*(\d+)|((?:\s*,\s*\d+)+))?\s*$")
_SWAP = re.compile(r"\s*(.+?)\s*=\s*(.+?)\s*$")


class VariantError(StackfishError):
    """A --vary or --swap that can't make a deck."""


def _main(deck: DeckList) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in deck.main:
        counts[e.name] = counts.get(e.name, 0) + e.count
    return counts


def _text(counts: dict[str, int]) -> str:
    return "".join(f"{n} {name}\n" for name, n in counts.items() if n > 0)


def _name(spec: str, option: str, counts: dict[str, int], pool: Any) -> str:
    card = pool.get(spec)
    if card is None:
        raise VariantError(f"{option}: no card named {spec!r}")
    return card.name


def vary(path: str, spec: str, pool: Any) -> list[Deck]:
    """The variants of ``--vary "NAME=LOW..HIGH"`` (or ``NAME=N,N,...``) of the deck at ``path``."""
    m = _VARY.match(spec)
    if not m:
        raise VariantError(f"--vary {spec!r}: write it as NAME=LOW..HIGH or NAME=N,N,..., "
                           f"e.g. \"Forest=15..19\"")
    low, high = int(m[2]), int(m[3] or m[2])
    if low > high:
        raise VariantError(f"--vary {spec!r}: {low} is more than {high}")
    wanted = [low, *(int(x) for x in m[4].split(",")[1:])] if m[4] else list(range(low, high + 1))
    base = _main(load_deck(path, pool))
    name = _name(m[1], f"--vary {spec!r}", base, pool)
    others = [c for c in base if c != name and not pool.get(c).is_type("Land")]
    size = sum(base.values())
    if max(wanted) > size:
        raise VariantError(f"--vary {spec!r}: the deck has only {size} cards")
    out = []
    for count in dict.fromkeys(wanted):
        counts = dict(base)
        counts[name] = count
        delta = count - base.get(name, 0)  # > 0: take that many others out; < 0: add
        changed: dict[str, int] = {}
        for _ in range(abs(delta)):
            pool_left = [c for c in others if counts[c] > 0] if delta > 0 else others
            if not pool_left:
                raise VariantError(f"--vary {spec!r}: no other spell left to make room for {count} {name}")
            pick = max(pool_left, key=lambda c: (base[c] - abs(changed.get(c, 0)), -others.index(c)))
            counts[pick] -= 1 if delta > 0 else -1
            changed[pick] = changed.get(pick, 0) + (-1 if delta > 0 else 1)
        how = ", ".join(f"{n:+d} {c}" for c, n in changed.items()) or "unchanged"
        out.append(Deck(path, _text(counts), f"{count} {name}",
                        f"{how} (keeps {size} cards)" if changed else f"as listed ({size} cards)"))
    return out


def swap(path: str, spec: str, pool: Any) -> list[Deck]:
    """The deck as listed and with ``--swap "A=B"`` (every A replaced by B)."""
    m = _SWAP.match(spec)
    if not m:
        raise VariantError(f"--swap {spec!r}: write it as OLD=NEW, e.g. \"Lightning Bolt=Chain Lightning\"")
    base = _main(load_deck(path, pool))
    old = _name(m[1], f"--swap {spec!r}", base, pool)
    new = _name(m[2], f"--swap {spec!r}", base, pool)
    if old not in base:
        raise VariantError(f"--swap {spec!r}: the deck has no {old}")
    counts = {(new if c == old else c): 0 for c in base}
    for c, n in base.items():
        counts[new if c == old else c] += n
    return [Deck(path, _text(base), f"{base[old]} {old}", "as listed"),
            Deck(path, _text(counts), f"{base[old]} {new}", f"{base[old]} {old} replaced by {new}")]
