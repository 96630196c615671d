"""Priority (117) and the loop that runs a game between decisions.

Mixed into :class:`mechanics.play.game.Game`.  :meth:`PriorityRules.advance` checks
state-based actions (704.3), puts waiting triggers on the stack (603.3), passes
priority for goldfish seats and ends steps; :meth:`PriorityRules.pass_priority`
resolves the top of the stack or ends the step when every seat has passed in
succession (117.4).  Teams that share turns pass as one seat (805.5), and who
sits where is kept in a :class:`Seating` until it changes.  What it uses of the
rest of the game is named in ``PriorityNeeds`` (``protocols.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..model.errors import IllegalActionError
from . import sba

if TYPE_CHECKING:
    from ..play.game import Game


class Seating(NamedTuple):
    """Who sits where for priority (805.5), from :meth:`Game.seating`."""

    revision: int  # the game's seats_revision they are for
    active: str  # the active player they are for (seats start from them)
    seats: list[list[str]]  # the teams still in, in turn order from the active one
    seat_of: dict[str, str]  # each player's seat: their team's first player still in
    present: dict[str, list[str]]  # each player's team, those still in
    after: dict[str, str]  # the next seat in turn order after each player's
    goldfish: dict[str, bool]  # whether each player's seat passes by itself (all goldfish)
    only_goldfish: bool  # whether every player still in is a goldfish


class PriorityRules:
    """Priority, seats and the advance loop."""

    def advance(self: Game) -> None:
        """Run the game until a player must decide (704.3, 603.3, 117.3)."""
        st = self.state
        while not st.over and st.decision is None:
            if st.effects:
                self.expire_effects()
            if st.delayed and self.linked_returns():  # 610.3
                continue
            if sba.check(self):
                continue
            if st.over:
                return
            if st.pending_triggers:
                self.place_triggers()
                continue
            if st.priority is None:
                self.end_step()
                continue
            seating = self.seating()
            if seating.goldfish.get(st.priority, False):
                if seating.only_goldfish:
                    return  # only goldfish are left: nobody would ever stop the game
                self.pass_priority()
                continue
            return

    def pass_priority(self: Game) -> None:
        """117.4: when all pass in succession the top resolves or the step ends.

        When every seat still to receive priority in this round cannot act
        (:meth:`can_act`), the round ends at once: nothing happens between their
        passes, so state-based actions (704.3) and triggers (117.5) found nothing new
        before each would get priority, and each would pass (117.3d).  A goldfish's
        priority in each step of a turn costs nothing then."""
        st = self.state
        seating = self.seating()
        if seating.present.get(st.priority, True):
            st.passes += 1  # 800.4a, 800.4j: priority held by one who left moves on, uncounted
        if st.passes < len(seating.seats) and not st.pending_triggers and not st.over and \
                st.decision is None and self.rest_pass(seating) and not sba.check(self):
            st.passes = len(seating.seats)
        if st.passes >= len(seating.seats):
            st.passes = 0
            if st.stack:  # mana stays in pools until the step ends (500.4, in end_step)
                self.resolve_top()
                st.priority = st.active
            else:
                self.end_step()
        else:
            st.priority = seating.after.get(st.priority, st.priority)
        self.changed(board=False)

    def can_act(self: Game, player: str) -> bool:
        """Whether ``player`` could ever do anything with priority: False when their seat
        passes by itself (all of it goldfish) or they have left the game.

        The one place that says so: :meth:`pass_priority` skips the priority of seats
        that cannot act, and a user interface's automatic passing (smart stops) asks
        this first, then whether ``game.legal_actions`` offers more than passing."""
        seating = self.seating()
        return bool(seating.present.get(player)) and not seating.goldfish.get(player, False)

    def rest_pass(self: Game, seating: Seating) -> bool:
        """Whether every seat still to get priority in this round after the one that
        holds it (which has passed) cannot act."""
        seat = self.state.priority
        for _ in range(len(seating.seats) - self.state.passes):
            seat = seating.after.get(seat, seat)
            if seating.present.get(seat) and not seating.goldfish.get(seat, False):  # can_act
                return False
        return True

    def seats(self: Game) -> list[list[str]]:
        """Who passes priority in turn: teams (805.5), in turn order from the active one."""
        return self.seating().seats

    def seat_of(self: Game, player: str) -> str:
        """The seat a player passes priority with: their team's first player still in;
        without teams, themselves (kept for the ``seats_revision``: None then)."""
        revision, seat_of = self._seat_of
        if revision != self.seats_revision:
            seat_of = self.seating().seat_of
            if all(seat == p for p, seat in seat_of.items()):
                seat_of = None
            self._seat_of = (self.seats_revision, seat_of)
        return player if seat_of is None else seat_of.get(player, player)

    def on_turn(self: Game, player: str) -> bool:
        """Whether it is ``player``'s turn: theirs, or their team's (805.4: a team's players
        share their turns)."""
        active = self.state.active
        return player == active or self.seat_of(player) == self.seat_of(active)

    def seating(self: Game) -> Seating:
        """Seats, each player's seat and team still in, the next seat and who passes by
        itself, kept for the game's ``seats_revision`` and the active player (the turns
        alternate between two seatings)."""
        st = self.state
        kept = self._seating.get(st.active)
        if kept is not None and kept.revision == self.seats_revision:
            return kept
        other = next((s for s in self._seating.values() if s.revision == self.seats_revision), None)
        present = {p: [q for q in st.team_of(p) if not st.players[q].lost] for p in st.players} \
            if other is None else other.present
        seats: list[list[str]] = []
        for p in st.turn_order():
            if present[p] and present[p] not in seats:
                seats.append(present[p])
        if other is not None:  # (the other active player's: all but the order of seats is the same)
            kept = self._seating[st.active] = other._replace(active=st.active, seats=seats)
            return kept
        seat_of = {p: team[0] if team else p for p, team in present.items()}
        heads = [s[0] for s in seats]
        names = list(st.players)
        after = {}
        for i, player in enumerate(names):
            after[player] = next((seat_of[p] for p in names[i + 1:] + names[:i + 1]
                                  if seat_of[p] in heads and seat_of[p] != seat_of[player]),
                                 heads[0] if heads else player)
        goldfish = {p: all(st.players[q].auto for q in team) for p, team in present.items()}
        only = all(pl.auto or pl.lost for pl in st.players.values())
        kept = self._seating[st.active] = Seating(self.seats_revision, st.active, seats, seat_of,
                                                  present, after, goldfish, only)
        return kept

    def has_priority(self: Game, player: str) -> bool:
        st = self.state
        return st.priority is not None and self.seat_of(player) == self.seat_of(st.priority)

    def take_priority(self: Game, player: str) -> None:
        """Let a player act who would get priority before the round ends (the others
        in between pass), as a script writes ``cast p2 ...`` in response."""
        st = self.state
        if st.decision is not None:
            raise IllegalActionError(f"a decision is pending: {st.decision.prompt}")
        if st.priority is None:
            raise IllegalActionError("no player has priority now")
        seats = [s[0] for s in self.seats()]
        want = self.seat_of(player)
        have = self.seat_of(st.priority)
        if want == have:
            return
        if want not in seats:
            raise IllegalActionError(f"{player} cannot act: they have left the game")
        gap = (seats.index(want) - seats.index(have)) % len(seats)
        if st.passes + gap >= len(seats):
            raise IllegalActionError(f"{player} has already passed priority this round")
        st.passes += gap
        st.priority = want
        self.changed(board=False)
