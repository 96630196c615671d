"""The main screen's views: thin widgets that show text rendered from the game.

Each view is refreshed from the game after every change (``show(...)``); none
of them holds game state or decides a rule.  :class:`Panel` draws only the
lines on screen (Textual's line API), so a battlefield of hundreds of
permanents repaints as fast as a few.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Resize
from textual.geometry import Region, Size
from textual.message import Message as TextualMessage
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import RichLog, Static

from ..render import Row

HIGHLIGHT = Style(reverse=True, bold=True)
DIM = Style(dim=True)
PLAIN = Style()
HIGHLIGHT_BLURRED = Style(underline=True)


class Panel(ScrollView, can_focus=True):
    """Rows of text with a selection that keeps its row across refreshes.

    Up/down (or j/k), home/end and page up/down move the selection over the
    rows that have an id (headings have none); enter posts
    :class:`Panel.Selected`.
    """

    BINDINGS = [
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("home", "move(-100000)", "First", show=False),
        Binding("end", "move(100000)", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    class RowMessage(TextualMessage):
        """A message about a row of the panel (its id, or None)."""

        def __init__(self, panel: Panel, row_id: str | None) -> None:
            super().__init__()
            self.panel = panel
            self.row_id = row_id

        @property
        def control(self) -> Panel:
            return self.panel

    class Highlighted(RowMessage):
        """The selection moved to another row, or this panel got the focus."""

    class Selected(RowMessage):
        """Enter was pressed on a row."""

    def __init__(self, title: str, empty: str = "", **kw) -> None:
        super().__init__(**kw)
        self.border_title = title
        self.empty = empty
        self.rows: list[Row] = []
        self.cursor: int | None = None  # index into rows
        self._lines: list[tuple[int, Strip]] = []  # (row index, line)
        self._first_line: list[int] = []  # first line of each row
        self._width = 0
        self._announced: str | None = None
        self._drawn: dict[int, Strip] = {}  # line number -> drawn line (see render_line)
        self._drawn_for: tuple | None = None
        self._base = Style()

    def announce(self, force: bool = False) -> None:
        """Post :class:`Panel.Highlighted` when the selected row changed (or ``force``)."""
        sel = self.selected_id
        if force or sel != self._announced:
            self._announced = sel
            self.post_message(self.Highlighted(self, sel))

    # ---------------------------------------------------------------- reading
    @property
    def selected_id(self) -> str | None:
        """The id of the selected row (``o12``, ``h7``, ``s3``), if any."""
        if self.cursor is None or not 0 <= self.cursor < len(self.rows):
            return None
        return self.rows[self.cursor].id

    @property
    def texts(self) -> list[str]:
        """The plain text of every row (for tests and debugging)."""
        return [r.text.plain for r in self.rows] or [self.empty]

    # ---------------------------------------------------------------- updating
    def show(self, rows: Iterable[Row]) -> None:
        """Replace the rows, keeping the selection on the same id (or the same place)."""
        keep_id, keep_index = self.selected_id, self.cursor
        self.rows = list(rows)
        ids = [r.id for r in self.rows]
        enabled = [i for i, r in enumerate(self.rows) if r.id is not None]
        if keep_id is not None and keep_id in ids:
            self.cursor = ids.index(keep_id)
        elif enabled:
            start = keep_index or 0
            later = [i for i in enabled if i >= start]
            self.cursor = later[0] if later else enabled[-1]
        else:
            self.cursor = None
        self._layout()
        if self.has_focus:
            self.announce()

    def select_index(self, index: int) -> None:
        """Put the selection on a row (the nearest selectable one at or after it)."""
        enabled = [i for i, r in enumerate(self.rows) if r.id is not None]
        if not enabled:
            return
        later = [i for i in enabled if i >= index]
        self.cursor = later[0] if later else enabled[-1]
        self._scroll_to_cursor()
        self.refresh()
        self.announce()

    def _layout(self) -> None:
        width = max(1, self.scrollable_content_region.width)
        self._width = width
        console = self.app.console
        lines: list[tuple[int, Strip]] = []
        first: list[int] = []
        rows = self.rows or [Row(None, Text(self.empty, style="dim"))]
        for i, row in enumerate(rows):
            first.append(len(lines))
            for line in wrap(row.text, width, console):
                segments = list(line.render(console))
                lines.append((i if self.rows else -1, Strip(segments, line.cell_len)))
        self._lines, self._first_line = lines, first
        self.forget_drawn()
        self.virtual_size = Size(width, len(lines))
        self._scroll_to_cursor()
        self.refresh()

    def _scroll_to_cursor(self) -> None:
        if self.cursor is None or not self._first_line:
            return
        top = self._first_line[self.cursor]
        end = (self._first_line[self.cursor + 1] if self.cursor + 1 < len(self._first_line)
               else len(self._lines))
        self.scroll_to_region(Region(0, top, 1, max(1, end - top)), animate=False, force=True,
                              immediate=True)

    def on_resize(self, event: Resize) -> None:
        if self.scrollable_content_region.width != self._width:
            self._layout()

    def on_mount(self) -> None:
        self._layout()

    # ---------------------------------------------------------------- drawing
    def render_line(self, y: int) -> Strip:
        """A line on screen, drawn once per layout, selection and style: repaints
        (a key elsewhere, a scroll bar) copy it."""
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        key = (width, scroll_x, self.cursor, self.has_focus)
        if key != self._drawn_for:
            self._drawn.clear()
            self._drawn_for = key
            self._base = self.rich_style
        n = scroll_y + y
        strip = self._drawn.get(n)
        if strip is None:
            base = self._base
            strip = self.draw_line(n, width, base).crop_extend(scroll_x, scroll_x + width, base)
            self._drawn[n] = strip
        return strip

    def draw_line(self, n: int, width: int, base: Style) -> Strip:
        """Line ``n`` of the content in the panel's style, the selection highlighted."""
        if n >= len(self._lines):
            return Strip.blank(width, base)
        row, strip = self._lines[n]
        strip = strip.apply_style(base)
        if row == self.cursor and row >= 0:
            strip = Strip(Segment.apply_style(
                strip, post_style=HIGHLIGHT if self.has_focus else HIGHLIGHT_BLURRED))
            strip = strip.extend_cell_length(width, base + (HIGHLIGHT if self.has_focus
                                                           else Style()))
        return strip

    def forget_drawn(self) -> None:
        """Drop the drawn lines (the content or the style changed)."""
        self._drawn.clear()
        self._drawn_for = None

    def notify_style_update(self) -> None:
        self.forget_drawn()
        super().notify_style_update()

    def on_focus(self) -> None:
        self.refresh()
        self.announce(force=True)

    def on_blur(self) -> None:
        self.refresh()

    # ---------------------------------------------------------------- keys and mouse
    def action_move(self, delta: int) -> None:
        enabled = [i for i, r in enumerate(self.rows) if r.id is not None]
        if not enabled:
            return
        if self.cursor not in enabled:
            self.cursor = enabled[0]
        else:
            i = enabled.index(self.cursor)
            self.cursor = enabled[max(0, min(len(enabled) - 1, i + delta))]
        self._scroll_to_cursor()
        self.refresh()
        self.announce()

    def action_select(self) -> None:
        """Post :class:`Panel.Selected` for the selected row ("" when there is none, so
        the screen can say why enter did nothing)."""
        self.post_message(self.Selected(self, self.selected_id or ""))

    def on_click(self, event: Click) -> None:
        n = event.y + self.scroll_offset.y
        if 0 <= n < len(self._lines) and self._lines[n][0] >= 0:
            row = self._lines[n][0]
            if self.rows[row].id is not None:
                self.cursor = row
                self.refresh()
                self.announce()


class GameLog(RichLog):
    """The game log (``game.log``): appends new lines, rewrites after an undo."""

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, max_lines=2000, markup=False, min_width=20, **kw)
        self.border_title = "Log"
        self.shown = 0

    def show(self, lines: list[str]) -> None:
        """Show the log's last lines, each turn's run of steps on one line."""
        if len(lines) == self.shown:
            return
        self.shown = len(lines)
        self.clear()
        for line in compact_log(lines[-400:])[-200:]:
            self.write(Text(line, style=DIM if line.startswith("--") else PLAIN))
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self, event: Resize) -> None:
        """Still at the newest line when the layout gives the log another height (the
        hand beside it grows or shrinks, a game is opened or resumed)."""
        self.call_after_refresh(self.scroll_end, animate=False)


_HANGING = re.compile(r" *(?:(?:\d+\.|top) )?")
"""What a wrapped line's next lines are indented by: its leading spaces (a card's
oracle text under its name) and its number (``2. `` of a numbered list, ``top `` of
the stack's list)."""


def wrap(text: Text, width: int, console: Console) -> list[Text]:
    """``text`` cut into lines of ``width`` cells, a line going on under its own
    start (:data:`_HANGING`) when it wraps."""
    if text.cell_len <= width and "\n" not in text.plain:
        return [text]
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        indent = _HANGING.match(line.plain).end()
        if line.cell_len <= width:
            out.append(line)
        elif indent and indent * 2 <= width:
            pieces = line[indent:].wrap(console, width - indent, overflow="fold")
            out += [(line[:indent] if i == 0 else Text(" " * indent)) + piece
                    for i, piece in enumerate(pieces)]
        else:
            out += line.wrap(console, width, overflow="fold")
    return out


_STEP_LINE = re.compile(r"^-- turn (\d+) \((\S+)\): (\w+)$")


def compact_log(lines: list[str]) -> list[str]:
    """Join consecutive "-- turn N (pX): STEP" lines of one turn into one line."""
    out: list[str] = []
    last: tuple[str, str] | None = None
    for line in lines:
        m = _STEP_LINE.match(line)
        if m and last == (m.group(1), m.group(2)) and out:
            out[-1] += f" {m.group(3)}"
            continue
        out.append(line)
        last = (m.group(1), m.group(2)) if m else None
    return out


class Message(Static):
    """The status line: the last error or hint, never a traceback, on one line: a
    line too long loses its middle, not its end, where the key hint is (``(d: ...)``)."""

    def say(self, text: str, error: bool = False) -> None:
        text = ("error: " if error else "") + text
        self.update(Text(one_line(text, self.size.width - 2 if self.size.width > 2 else 0),
                         style=Style(bold=True) if error else PLAIN))


def one_line(text: str, width: int) -> str:
    """``text`` in ``width`` cells (0: as it is): a trailing ``(...)`` hint is kept whole
    and the words before it are cut with ``…``."""
    text = " ".join(text.split())
    if not width or len(text) <= width:
        return text
    head, sep, hint = text.rpartition(" (")
    tail = sep + hint if sep and hint.endswith(")") and len(hint) + 3 < width // 2 else ""
    body = text[:len(text) - len(tail)]
    return body[:max(0, width - len(tail) - 1)] + "…" + tail
