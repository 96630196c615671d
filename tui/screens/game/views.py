"""Rendering glue of the game screen: every view re-rendered from the game.

The rows and lines come from :mod:`tui.render`, :mod:`tui.playmat` and
:mod:`tui.cardpane`, in the palette of the app's theme (:mod:`tui.palette`);
this only puts them in their widgets.  The one piece of rules work a view needs,
which hand cards are playable, is computed once per game revision, never once per
repaint.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from ...cardpane import card_text
from ...palette import palette
from ...playmat import mat_rows
from ...render import Row, hand_rows, human, playable_names, session_line, stack_rows, status_line
from ...widgets import CommandLine, GameLog, Panel, Playmat


class Views:
    """The status line, playmat, panels, card pane and logs of :class:`GameScreen`."""

    _playable: tuple[tuple, set[str]] | None = None
    _notices_shown: tuple[Any, int] = (None, 0)  # the game, and how many of its notices were said

    def refresh_views(self) -> None:
        """Re-render every view from the game."""
        game = self.game
        me = human(game)
        pal = palette(self.app)
        self.query_one("#status", Static).update(status_line(game, self.size.width or 80, pal))
        session = self.app.session
        session.note(game, me)
        rows = mat_rows(game, pal, self.size.width or 80)
        if session.games > 1 or session.kills:  # a line once there is something to compare
            rows.append(Row(None, session_line(session, pal)))
        self.query_one("#battlefield", Playmat).show(rows)
        stack = self.query_one("#stack", Panel)
        stack.border_title = f"Stack ({len(game.state.stack)})" if game.state.stack else "Stack"
        narrow = (self.size.width or 80) < 120  # one line an item: three triggers fit at 80x24
        stack.show(stack_rows(game, pal, stack.scrollable_content_region.width if narrow else 0))
        hand = self.query_one("#hand", Panel)
        hand.border_title = f"Hand {me} ({len(game.state.players[me].hand)})"
        hand.show(hand_rows(game, me, self.playable(game, me), pal))
        for log in self.query(GameLog):
            log.show(game.log)
        self.query_one(CommandLine).game = game
        panel = self.focused if isinstance(self.focused, Panel) else None
        self.show_card(panel.selected_id if panel else None)
        self.show_saving()
        seen = self._notices_shown[1] if self._notices_shown[0] is game else 0
        if len(game.notices) > seen:  # a plugin failed while the screen was drawn
            self.say("; ".join(game.notices[seen:]), error=True)
        self._notices_shown = (game, len(game.notices))

    def show_card(self, row_id: str | None) -> None:
        """The card pane (shown on wide screens): the selected card's whole text."""
        pane = self.query_one("#card", Static)
        if not pane.parent.display:  # narrow: hidden (a resize to wide shows it again)
            return
        oid = self.card_of(row_id)
        if oid is None:
            pane.update(Text("select a card: its text, P/T and what changes it show here",
                             style=palette(self.app).dim))
            return
        pane.update(card_text(self.game, oid, palette(self.app)))

    def card_of(self, row_id: str | None) -> int | None:
        """The object a row is about: a permanent, a hand card, a stack object's source."""
        if not row_id or not row_id[1:].isdigit():
            return None
        kind, i = row_id[0], int(row_id[1:])
        if kind == "s":
            item = next((s for s in self.game.state.stack if s.id == i), None)
            return item.source if item is not None else None
        return i if kind in "oh" and i in self.game.state.objs else None

    def playable(self, game: Any, me: str) -> set[str]:
        """:func:`playable_names` (legal actions: rules work), computed once per game
        revision (``game.revision``, bumped by every write to the state)."""
        key = (id(game), game.revision, me)
        if self._playable is None or self._playable[0] != key:
            self._playable = (key, playable_names(game, me))
        return self._playable[1]
