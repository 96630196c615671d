"""Smart stops: passing priority for a player who has nothing to do (``autopass``).

Arena and MTGO pass for a player until a step where they both want to stop and
can act; stackfish does the same with one action, ``autopass PLAYER STOP...``,
so a journal replays it exactly and one undo takes it back.  A stop is a step
of the player's own turn (``main1``) or ``their-STEP`` of an opponent's
(``their-end``).  The player stops at a decision (a dialog), and where they can act (117.3:
what they could do with priority) at a stop with an empty stack or when an
opponent's spell or ability is on top of the stack (not their own, as Arena),
and at their next turn's first main phase whatever they hold, so passing never
runs through turns on its own.  ``attackers`` is the declaration itself: left
out, the player declares no attackers (508.1) unless some creature must attack.
``full-control`` stops whenever the player gets priority (nothing is passed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

#: the stops a player expects: their main phases, declaring attackers, and the
#: opponent's end step (where an instant is cast; only when they can act, as always)
DEFAULT_STOPS = ("main1", "attackers", "main2", "their-end")


def stop_name(game: Game, player: str) -> str:
    """The current step as ``player`` names it among their stops."""
    step = game.state.step
    return step if game.on_turn(player) else f"their-{step}"


def at_stop(game: Game, player: str, stops: tuple[str, ...], turn: int | None = None) -> bool:
    """Whether ``autopass`` stops for ``player`` now (``turn``: the turn it began in)."""
    st = game.state
    d = game.pending
    if st.over or d is None or d.player != player:
        return True
    if d.kind == "attackers":
        return "attackers" in stops or bool(game.must_attack(player))
    if d.kind != "priority" or "full-control" in stops:
        return True
    if turn is not None and st.turn != turn and stop_name(game, player) == "main1":
        return True
    if not game.can_act(player):
        return False
    if st.stack:  # a response: to an opponent's spell or ability, not to one's own
        return game.seat_of(st.stack[-1].controller) != game.seat_of(player)
    return stop_name(game, player) in stops


def autopass(game: Game, player: str, stops: tuple[str, ...]) -> None:
    """Pass for ``player`` (and declare no attackers) until :func:`at_stop`."""
    turn = game.state.turn
    for _ in range(10_000):
        if at_stop(game, player, stops, turn):
            return
        if game.state.decision is not None:
            game.declare_nothing()  # the attackers declaration, not a stop
        else:
            game.pass_round()
