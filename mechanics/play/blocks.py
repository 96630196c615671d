"""Declaring blockers (509.1): which creature may block which attacker (509.1b: evasion
and blocking restrictions), how many must block one (menace), and the requirements a
declaration must obey (509.1c: "must be blocked if able", "All creatures able to block ~ do
so", "blocks each combat if able").

509.1c asks for the most requirements obeyed without breaking a restriction; here a
declaration is refused when a requirement is broken that a creature left unblocking (or
blocking an attacker no requirement asks for) could have obeyed, and
:func:`required_blocks` makes a declaration that obeys them for the autopilot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.prevention import protected
from ..text.effects import (
    BLOCKS_IF_ABLE,
    BLOCKS_ONLY_FLYERS,
    BY_THREE_OR_MORE,
    CANT_BLOCK,
    LURE,
    MUST_BE_BLOCKED,
    NOT_BY_LESS_POWER,
    NOT_BY_POWER_2,
    ONLY_BY_FLYING,
    ONLY_BY_FLYING_OR_REACH,
    UNBLOCKABLE,
)

if TYPE_CHECKING:
    from .game import Game


#: (forbids(attacker, blocker), why): evasion abilities and blocking restrictions (509.1b)
_BLOCK_RULES: tuple[tuple[Any, str], ...] = (
    (lambda a, b: a.has(UNBLOCKABLE), "it can't be blocked (509.1b)"),
    (lambda a, b: b.has(CANT_BLOCK), "the blocker can't block (509.1b)"),
    (lambda a, b: protected(a, b), "it has protection from the blocker's color (702.16e)"),
    (lambda a, b: a.has("flying") and not (b.has("flying") or b.has("reach")), "it has flying (702.9b)"),
    (lambda a, b: b.has(BLOCKS_ONLY_FLYERS) and not a.has("flying"),
     "the blocker can block only creatures with flying (509.1b)"),
    (lambda a, b: a.has("fear") and not ("Artifact" in b.types or "B" in b.colors), "it has fear (702.36b)"),
    (lambda a, b: a.has("intimidate") and not ("Artifact" in b.types or a.colors & b.colors),
     "it has intimidate (702.13b)"),
    (lambda a, b: a.has("shadow") != b.has("shadow"), "shadow blocks and is blocked only by shadow (702.28b)"),
    (lambda a, b: a.has("horsemanship") and not b.has("horsemanship"), "it has horsemanship (702.31b)"),
    (lambda a, b: a.has(NOT_BY_POWER_2) and b.power is not None and b.power <= 2,
     "it can't be blocked by creatures with power 2 or less (509.1b)"),
    (lambda a, b: a.has(ONLY_BY_FLYING) and not b.has("flying"),
     "it can't be blocked except by creatures with flying (509.1b)"),
    (lambda a, b: a.has(ONLY_BY_FLYING_OR_REACH) and not (b.has("flying") or b.has("reach")),
     "it can't be blocked except by creatures with flying or reach (509.1b)"),
    (lambda a, b: a.has(NOT_BY_LESS_POWER) and (b.power or 0) < (a.power or 0),
     "creatures with power less than its power can't block it (509.1b)"),
)


#: landwalk keywords (702.14) and the land type each looks for
LANDWALKS = {f"{t.lower()}walk": t for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")}


def block_restriction(game: Game, ach: Any, bch: Any) -> str | None:
    """Why this blocker can't block this attacker (509.1b), or None: restrictions on the
    attacker (flying, fear, "can't be blocked" ...) and on the blocker ("can't block")."""
    why = next((why for forbids, why in _BLOCK_RULES if forbids(ach, bch)), None)
    for walk in LANDWALKS.keys() & ach.keywords if why is None else ():
        # 702.14c: unblockable while the defending player (the blocker's) controls such a land
        if any(LANDWALKS[walk] in game.chars(i).subtypes for i in game.permanents(bch.controller)):
            return f"it has {walk} (702.14c)"
    return why


def fewest_blockers(ach: Any) -> int:
    """How many creatures must block this attacker if any do: 2 with menace (702.111b), 3
    for "can't be blocked except by three or more creatures" (509.1b), else 1."""
    return 3 if ach.has(BY_THREE_OR_MORE) else 2 if ach.has("menace") else 1


def _can(game: Game, b: int, att: int) -> bool:
    """Whether ``b`` may block ``att`` alone as far as restrictions go (509.1b)."""
    ach, bch = game.chars(att), game.chars(b)
    return ach is not None and bch is not None and block_restriction(game, ach, bch) is None


def _attackers(game: Game, player: str) -> list[int]:
    team = game.state.team_of(player)
    return [o.id for o in game.battlefield_objs() if o.attacking in team]


def broken_requirement(game: Game, player: str, pairs: list[tuple[int, int]]) -> str:
    """Why this declaration of ``(blocker, attacker)`` pairs breaks a requirement it could
    have obeyed (509.1c), or ""."""
    attackers = _attackers(game, player)
    if not attackers:
        return ""
    able = [o for p in game.state.team_of(player) for o in game.can_block_with(p)]
    blocks = dict(pairs)  # blocker -> attacker
    asked = {a for a in attackers if game.chars(a).has(MUST_BE_BLOCKED) or game.chars(a).has(LURE)}
    free = [b for b in able if blocks.get(b) not in asked]  # could be moved to obey one
    for att in attackers:
        ch = game.chars(att)
        if ch.has(LURE):
            for b in able:
                if blocks.get(b) != att and b in free and _can(game, b, att):
                    return f"'{game.describe(b)}' is able to block '{game.describe(att)}' and must (509.1c)"
        if ch.has(MUST_BE_BLOCKED) and att not in blocks.values():
            if sum(1 for b in free if _can(game, b, att)) >= fewest_blockers(ch):
                return f"'{game.describe(att)}' must be blocked if able (509.1c)"
    for b in able:
        if b not in blocks and game.chars(b).has(BLOCKS_IF_ABLE) and any(
                _can(game, b, a) and fewest_blockers(game.chars(a)) == 1 for a in attackers):
            return f"'{game.describe(b)}' blocks each combat if able (509.1c)"
    return ""


def required_blocks(game: Game, player: str) -> list[tuple[int, int]]:
    """A declaration that obeys the requirements (none when nothing is required): each
    creature able to block a lure blocks it, then one (two for menace) blocks each
    attacker that must be blocked, then each creature that blocks if able blocks."""
    attackers = _attackers(game, player)
    able = [o for p in game.state.team_of(player) for o in game.can_block_with(p)]
    blocks: dict[int, int] = {}
    for att in attackers:
        if game.chars(att).has(LURE):
            blocks |= {b: att for b in able if b not in blocks and _can(game, b, att)}
    for att in attackers:
        ch = game.chars(att)
        if ch.has(MUST_BE_BLOCKED) and att not in blocks.values():
            fit = [b for b in able if b not in blocks and _can(game, b, att)]
            if len(fit) >= fewest_blockers(ch):
                blocks |= {b: att for b in fit[:fewest_blockers(ch)]}
    for b in able:
        if b not in blocks and game.chars(b).has(BLOCKS_IF_ABLE):
            att = next((a for a in attackers if _can(game, b, a) and fewest_blockers(game.chars(a)) == 1), None)
            if att is not None:
                blocks[b] = att
    return list(blocks.items())
