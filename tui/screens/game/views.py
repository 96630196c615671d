"""Rendering glue of the game screen: every view re-rendered from the game.

The rows and lines come from :mod:`tui.render`; this only puts them in their
widgets.  The one piece of rules work a view needs, which hand cards are
playable, is computed once per game revision, never once per repaint.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from ...render import (
    battlefield_rows,
    hand_rows,
    human,
    playable_names,
    player_lines,
    session_line,
    stack_rows,
    status_line,
)
from ...widgets import CommandLine, GameLog, Panel


class Views:
    """The status line, players, panels and logs of :class:`GameScreen`."""

    _playable: tuple[tuple, set[str]] | None = None
    _notices_shown: tuple[Any, int] = (None, 0)  # the game, and how many of its notices were said

    def refresh_views(self) -> None:
        """Re-render every view from the game."""
        game = self.game
        me = human(game)
        self.query_one("#status", Static).update(status_line(game, self.size.width or 80))
        session = self.app.session
        session.note(game, me)
        players = player_lines(game, self.size.width or 80)
        if session.games > 1 or session.kills:  # a line once there is something to compare
            players.append("\n")
            players.append_text(session_line(session))
        self.query_one("#players", Static).update(players)
        self.query_one("#battlefield", Panel).show(battlefield_rows(game))
        stack = self.query_one("#stack", Panel)
        stack.border_title = f"Stack ({len(game.state.stack)})" if game.state.stack else "Stack"
        narrow = (self.size.width or 80) < 120  # one line an item: three triggers fit at 80x24
        stack.show(stack_rows(game, stack.scrollable_content_region.width if narrow else 0))
        hand = self.query_one("#hand", Panel)
        hand.border_title = f"Hand {me} ({len(game.state.players[me].hand)})"
        hand.show(hand_rows(game, me, self.playable(game, me)))
        for log in self.query(GameLog):
            log.show(game.log)
        self.query_one(CommandLine).game = game
        self.show_saving()
        seen = self._notices_shown[1] if self._notices_shown[0] is game else 0
        if len(game.notices) > seen:  # a plugin failed while the screen was drawn
            self.say("; ".join(game.notices[seen:]), error=True)
        self._notices_shown = (game, len(game.notices))

    def playable(self, game: Any, me: str) -> set[str]:
        """:func:`playable_names` (legal actions: rules work), computed once per game
        revision (``game.revision``, bumped by every write to the state)."""
        key = (id(game), game.revision, me)
        if self._playable is None or self._playable[0] != key:
            self._playable = (key, playable_names(game, me))
        return self._playable[1]
