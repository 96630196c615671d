"""Mana costs and automatic payment from the pool and untapped lands.

Paying a cost (601.2g-h) is a small matching problem: each colored symbol
needs a source that can make that color, generic mana takes what is left.
Sources are mana in the pool first, then untapped lands with mana abilities
(605), then mana creatures and artifacts that can tap for mana.  The
search is exhaustive but tiny (a few symbols, a few lands).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import parse_cost
from .errors import IllegalActionError

Source = tuple[object, str]  # (what pays: ('pool', index) or a land id, colors it can make)


@lru_cache(maxsize=4096)
def needs(cost: tuple[str, ...], x: int = 0) -> tuple[tuple[str, ...], int]:
    """Split cost symbols into colored requirements, those allowing the fewest colors
    first, and a generic amount (kept per cost: every decision asks again)."""
    colored, generic = [], 0
    for s in cost:
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            generic += x
        elif "/" in s:
            a, _, b = s.partition("/")
            if a.isdigit():  # {2/W}: pay the color here, generic is not modelled
                colored.append(b)
            elif b == "P":  # Phyrexian mana: paid with its color here
                colored.append(a)
            else:
                colored.append(a + b)
        else:
            colored.append(s)
    return tuple(sorted(colored, key=len)), generic


def plan(cost: Sequence[str], x: int, sources: list[Source]) -> list[object] | None:
    """Choose which sources pay the cost, or None if they cannot.

    Sources are tried in the order given (pool mana first, then lands making
    the fewest colors), so the plan keeps flexible lands untapped.
    """
    found = assignment(cost, x, sources)
    return None if found is None else [sources[j][0] for j, _ in found]


def assignment(cost: Sequence[str], x: int, sources: list[Source]) -> list[tuple[int, str]] | None:
    """:func:`plan` with what each source pays: ``(index in sources, the colors of the
    symbol it pays)``, ``""`` for generic mana; None if the sources can't pay.  Each
    colored symbol, in order, takes the first source that can pay it and leaves the rest
    payable (a depth-first search in the sources' order, without recursion: its first
    try, each symbol the first source left that can pay it, is most often the answer);
    generic mana the first sources left."""
    colored, generic = needs(tuple(cost), x)
    if len(colored) + generic > len(sources):
        return None  # each source pays one mana
    used: list[int] = []
    i = start = 0
    while i < len(colored):
        need = colored[i]
        for j, (_, makes) in enumerate(sources[start:] if start else sources, start):
            if (need in makes if len(need) == 1 else any(c in makes for c in need)) and j not in used:
                used.append(j)
                i, start = i + 1, 0
                break
        else:  # no source left for this symbol: the one before tries its next source
            if not used:
                return None
            start = used.pop() + 1
            i -= 1
    paid = list(zip(used, colored, strict=True))
    if generic:  # the first sources left (enough: counted above)
        for j in range(len(sources)):
            if j not in used:
                paid.append((j, ""))
                generic -= 1
                if not generic:
                    break
    return paid


def phyrexian_life(cost: tuple[str, ...], x: int, sources: list[Source], life: int) -> tuple[tuple[str, ...], int]:
    """107.4f: each Phyrexian symbol ({W/P}) is paid with its color or with 2 life: with the
    mana while the sources can pay the whole cost, else with life, one symbol at a time,
    as long as the player has that much life (119.4).  The cost left and the life to pay."""
    phyrexian = _phyrexian(cost)
    if not phyrexian:
        return cost, 0
    rest, paid = list(cost), 0
    for s in phyrexian:
        if assignment(tuple(rest), x, sources) is not None or life < paid + 2:
            break
        rest.remove(s)
        paid += 2
    return tuple(rest), paid


@lru_cache(maxsize=4096)
def _phyrexian(cost: tuple[str, ...]) -> tuple[str, ...]:
    """The cost's Phyrexian symbols (kept per cost: every payment asks)."""
    return tuple(s for s in cost if s.upper().endswith("/P"))


def reduced(cost: Sequence[str], k: int) -> tuple[str, ...]:
    """The cost with its generic part reduced by ``k`` (601.2f: a cost reduction lowers
    only the generic mana it can, never colored mana)."""
    out = []
    for s in cost:
        if s.isdigit() and k > 0:
            cut = min(k, int(s))
            k -= cut
            if int(s) > cut:
                out.append(str(int(s) - cut))
        else:
            out.append(s)
    return tuple(out)


def increased(cost: Sequence[str], k: int) -> tuple[str, ...]:
    """The cost with ``k`` more generic mana (601.2f: a cost increase)."""
    generic = sum(int(s) for s in cost if s.isdigit()) + k
    return ((str(generic),) if generic else ()) + tuple(s for s in cost if not s.isdigit())


def format_cost(symbols: Sequence[str]) -> str:
    return "".join("{%s}" % s for s in symbols)


def format_pool(pool: Sequence[str]) -> str:
    """A mana pool as the player reads it: ``{G}{G}``, mana that may be spent only on
    some things (106.6; kept as ``G@ability``) marked ``{G}*``."""
    return "".join("{%s}*" % m.partition("@")[0] if "@" in m else "{%s}" % m for m in pool)


MAX_MANA = 10_000  # mana added by one line: the pool is a list, copied with every undo snapshot


def parse_mana(text: str) -> list[str]:
    """``{G}{G}{U}`` as pool symbols; generic numbers become colorless mana."""
    out: list[str] = []
    for s in parse_cost(text):
        n = 1 if not s.isdigit() else int(s) if len(s) <= 6 else MAX_MANA + 1  # (not int() of 10^5 digits)
        if len(out) + n > MAX_MANA:
            raise IllegalActionError(f"at most {MAX_MANA:,} mana at once, not '{text}'")
        out += ["C"] * n if s.isdigit() else [s]
    return out
