"""Conditions ("if you control three or more artifacts", "as long as it's your turn")
as checks the engine calls when an ability triggers, resolves or applies."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import select
from ..tree import Condition
from .descriptors import Unsupported, registrar

if TYPE_CHECKING:
    from ....play.game import Game

#: ``check(game, controller, source, epoch=-1) -> bool``
Check = Callable[..., bool]
#: more condition kinds: ``make(condition) -> check`` (registered with :func:`kind`)
KINDS: dict[str, Callable[[Condition], Check]] = {}


#: ``@kind("name", ...)``: register how the conditions of those kinds compile
kind = registrar(KINDS, "condition")


def condition(cond: Condition | None) -> Callable[..., bool] | None:
    """A condition as ``check(game, controller, source, epoch)`` (``epoch``: the source's
    as the ability triggered, for what it was as it last existed, 603.10a)."""
    if cond is None:
        return None
    if cond.kind in ("control", "control-at-most"):
        what, n, most = cond.what, cond.n, cond.kind == "control-at-most"

        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            have = sum(1 for o in game.permanents(you) if select.matches(game, what, o, you, source))
            return have <= n if most else have >= n
    elif cond.kind == "your-turn":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return game.on_turn(you)
    elif cond.kind == "creature-died":  # morbid: a creature died this turn (700.4)
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return bool(game.state.turn_flags.get("creature_died"))
    elif cond.kind == "kicked":  # 702.33d: "if it was kicked"
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return bool(game.state.turn_flags.get("kicked", {}).get(source))
    elif cond.kind == "no-counters":  # undying, persist: "if it had no +1/+1 counters on it"
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            info = game.look(source, epoch) if source is not None else None
            return not (info or {}).get("counters", {}).get(cond.what_kind, 0)
    elif cond.kind == "opponent-damaged":  # bloodthirst (702.54a)
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            hurt = game.state.turn_flags.get("damaged_players", ())
            return any(p in hurt for p in game.opponents(you))
    elif cond.kind == "opponents":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return len(game.opponents(you)) >= cond.n
    elif cond.kind == "a-player-life-at-most":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return any(p.life <= cond.n for p in game.state.players.values() if not p.lost)
    elif cond.kind == "attacked":  # "N or more creatures attacked this turn" (508.1)
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return game.state.turn_flags.get("attacked", 0) >= cond.n
    elif cond.kind == "solved":  # 719.3b: a Case's designation
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            obj = game.state.objs.get(source) if source is not None else None
            return obj is not None and obj.zone == "battlefield" and "solved" in obj.choices
    elif cond.kind == "life-at-least":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return game.state.players[you].life >= cond.n
    elif cond.kind in KINDS:
        check = KINDS[cond.kind](cond)
    else:
        raise Unsupported(f"if {cond.kind}")
    if cond.negate:
        check = _negated(check)
    if cond.also is not None:  # "... and COND"
        check = _both(check, condition(cond.also))
    return check


def _negated(check: Callable[..., bool]) -> Callable[..., bool]:
    return lambda g, y, s, e=-1: not check(g, y, s, e)


def _both(one: Callable[..., bool], two: Callable[..., bool]) -> Callable[..., bool]:
    return lambda g, y, s, e=-1: one(g, y, s, e) and two(g, y, s, e)
