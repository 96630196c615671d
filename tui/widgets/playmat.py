"""The playmat widget: the rows of :func:`tui.playmat.mat_rows` laid out in a grid.

It is a :class:`Panel` (the same selection, keys and line API): a header or a
lane label is one line across the width; a lane's tiles flow left to right in
columns as wide as the panel allows, an attachment under its host.  Compact
(fewer than 36 rows on screen) a tile is one line; roomy, two (name and P/T,
then counters and states), with a label over each lane and a blank line between
rows of tiles.  The lines are composed once per change; a repaint only copies
them, so hundreds of permanents cost no more than a few.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.events import Click, Resize
from textual.geometry import Region, Size
from textual.strip import Strip

from ..playmat import SEP, Gap, Lane, Rule, Tile
from ..render import Row
from .panels import HIGHLIGHT_BLURRED, Panel

#: the narrowest a tile gets before the lane drops to fewer columns
MIN_TILE = {1: 16, 2: 26}
ROOMY_ROWS = 36
MARKED = Style(bold=True, underline=True)
BOLD_OFF = Style(bold=False)


def fit(parts: list[Text], width: int, sep: Text) -> Text:
    """As many whole ``parts`` as fit in ``width``, separated by ``sep``, and ``…``
    when some are left out: a badge is never cut mid-word."""
    out = Text()
    for i, part in enumerate(parts):
        add = (sep.cell_len if out.cell_len else 0) + part.cell_len
        rest = i + 1 < len(parts)
        if out.cell_len + add + (2 if rest else 0) > width:
            if out.cell_len + 1 <= width:
                out.append(" …" if out.cell_len and out.cell_len + 2 <= width else "…",
                           style=sep.style)
            return out
        if out.cell_len:
            out.append_text(sep)
        out.append_text(part)
    return out


def cut(text: Text, width: int) -> Text:
    """``text`` in ``width`` cells, cut between two fields (at a double space or a
    ``·``) and ended with ``…`` when it is longer: never mid-word."""
    if text.cell_len <= width:
        return text.copy()
    plain = text.plain[:width - 1]
    at = max(plain.rfind("  "), plain.rfind(" · "))
    out = text[:at if at > 0 else width - 1]
    out.append("…" if at <= 0 else " …", style=BOLD_OFF)
    return out


class Playmat(Panel):
    """The battlefield: players' headers, lanes and tiles (see the module docstring)."""

    def __init__(self, title: str, empty: str = "", **kw) -> None:
        super().__init__(title, empty, **kw)
        self._boxes: list[tuple[int, int, int, int]] = []  # per row: x, y, width, height
        self._spans: list[list[tuple[int, int, int]]] = []  # per line: (x0, x1, row)
        self.marked: set[int] = set()
        """Objects a decision is about (a docked dialog's options), drawn marked."""
        self.sep = Text(SEP)

    def mark(self, oids: set[int]) -> None:
        """Mark the objects a decision is about (an empty set clears the marks)."""
        if oids != self.marked:
            self.marked = set(oids)
            self._layout()

    @property
    def selection(self) -> Style:
        """The selected tile: the theme's foreground as its background (reverse video
        of the tile as a whole, whatever colours its parts have)."""
        v = self.app.theme_variables
        return Style(color=v["background"], bgcolor=v["foreground"], bold=True)

    @property
    def roomy(self) -> bool:
        return self.app.size.height >= ROOMY_ROWS

    # ---------------------------------------------------------------- layout
    def _layout(self) -> None:
        width = max(1, self.scrollable_content_region.width)
        self._width = width
        console = self.app.console
        height = 2 if self.roomy else 1
        lines: list[Text] = []
        spans: list[list[tuple[int, int, int]]] = []
        boxes = [(0, 0, 0, 0)] * len(self.rows)
        rows = self.rows or [Row(None, Text(self.empty, style="dim"))]
        gap: int | None = None
        i = 0
        while i < len(rows):
            row = rows[i]
            if isinstance(row, Tile):
                j = i
                while j < len(rows) and isinstance(rows[j], Tile):
                    j += 1
                self._grid(list(range(i, j)), width, height, lines, spans, boxes)
                if height == 2 and j < len(rows) and not isinstance(rows[j], Rule):
                    lines.append(Text())
                    spans.append([])
                i = j
                continue
            if isinstance(row, Lane) and height == 1:
                i += 1
                continue
            if isinstance(row, Gap):  # the table's middle: pushes the player's side down
                gap = len(lines)
                i += 1
                continue
            text = cut(row.text, width)
            if isinstance(row, Rule):
                text.append(" " + "─" * max(0, width - text.cell_len - 1), style=self.sep.style)
            lines.append(text)
            spans.append([])
            i += 1
        if gap is not None:  # the human player's side at the bottom, next to the hand (when it fits)
            fill = max(0, self.scrollable_content_region.height - len(lines))
            lines[gap:gap] = [Text() for _ in range(fill)]
            spans[gap:gap] = [[] for _ in range(fill)]
            boxes = [(x, y + fill if y >= gap else y, w, h) for x, y, w, h in boxes]
        self._lines = [(-1, Strip(list(t.render(console)), t.cell_len)) for t in lines]
        self._spans, self._boxes = spans, boxes
        self.forget_drawn()
        self.virtual_size = Size(width, len(lines))
        self._scroll_to_cursor()
        self.refresh()

    def _grid(self, idx: list[int], width: int, height: int, lines: list[Text],
              spans: list[list[tuple[int, int, int]]], boxes: list) -> None:
        """Lay out one lane's tiles: units (a tile and its attachments) in columns."""
        if not any(self.rows[i].details for i in idx):
            height = 1  # a lane of tiles with nothing under their names: one line each
        natural = max(self._natural(self.rows[i], height) for i in idx)
        cols = max(1, width // max(MIN_TILE[height], natural))
        tile_w = width // cols
        units: list[list[int]] = []
        for i in idx:
            if self.rows[i].depth and units:
                units[-1].append(i)
            else:
                units.append([i])
        for start in range(0, len(units), cols):
            if start and height == 2:  # rows of two-line tiles: a blank line between
                lines.append(Text())
                spans.append([])
            chunk = units[start:start + cols]
            tall = max(len(u) for u in chunk) * height
            top = len(lines)
            for _ in range(tall):
                lines.append(Text())
                spans.append([])
            for c, unit in enumerate(chunk):
                x = c * tile_w
                for k, i in enumerate(unit):
                    y = top + k * height
                    for n, text in enumerate(self._tile_lines(self.rows[i], tile_w - 1, height)):
                        line = lines[y + n]
                        line.append(" " * (x - line.cell_len))
                        line.append_text(text)
                        spans[y + n].append((x, x + tile_w - 1, i))
                    boxes[i] = (x, y, tile_w - 1, height)

    def _natural(self, t: Tile, height: int) -> int:
        """The width a tile needs to show all it says (bar and gap included)."""
        if height == 1:
            return t.text.cell_len + 3
        details = sum(d.cell_len for d in t.details) + len(SEP) * max(0, len(t.details) - 1)
        return max(t.name.cell_len + t.pt.cell_len + 1, details + 3) + 3

    def _tile_lines(self, t: Tile, w: int, height: int) -> list[Text]:
        """A tile's one or two lines, each exactly ``w`` cells wide."""
        marked = t.oid in self.marked
        bar = Text("▶" if marked else "▌", style=t.bar + (MARKED if marked else Style()))
        pt = t.pt
        name_w = max(1, w - 1 - (pt.cell_len + 1 if pt else 0))
        name = t.name.copy()
        if marked:
            name.stylize(MARKED)
        if height == 1:
            head = name.copy()
            if pt:
                head.append(" ")
                head.append_text(pt)
            if t.details and head.cell_len + len(SEP) < w - 1:
                head.append_text(self.sep)
                head.append_text(fit(t.details, w - 1 - head.cell_len, self.sep))
            head.truncate(w - 1, overflow="ellipsis", pad=True)
            return [bar + head]
        name.truncate(name_w, overflow="ellipsis", pad=True)
        first = bar + name
        if pt:
            first.append(" ")
            first.append_text(pt)
        second = Text(" " * (3 if not t.depth else 4)) + fit(t.details, w - 4, self.sep)
        second.truncate(w - 1, pad=True)
        first.truncate(w, pad=True)
        return [first, Text("▌", style=t.bar) + second]

    def _scroll_to_cursor(self) -> None:
        if self.cursor is None or not 0 <= self.cursor < len(self._boxes):
            return
        x, y, w, h = self._boxes[self.cursor]
        if not any(r.id for r in self.rows[:self.cursor]):  # the first tile: the top too
            h, y = h + y, 0
        if h:
            self.scroll_to_region(Region(0, y, 1, h), animate=False, force=True, immediate=True)

    # ---------------------------------------------------------------- drawing
    def draw_line(self, n: int, width: int, base: Style) -> Strip:
        if n >= len(self._lines):
            return Strip.blank(width, base)
        strip = self._lines[n][1].apply_style(base).extend_cell_length(width, base)
        for x0, x1, row in self._spans[n]:
            if row == self.cursor:  # the tile but its colour bar, in one uniform style
                x0 += 1
                segs = strip.crop(x0, x1)
                if self.has_focus:
                    segs = Segment.remove_color(segs)
                hl = self.selection if self.has_focus else HIGHLIGHT_BLURRED
                inner = Strip(Segment.apply_style(segs, post_style=hl), x1 - x0)
                strip = Strip.join([strip.crop(0, x0), inner, strip.crop(x1, width)])
        return strip

    def on_resize(self, event: Resize) -> None:
        self._layout()  # the height too: the middle of the table fills it

    def on_click(self, event: Click) -> None:
        n = event.y + self.scroll_offset.y
        if 0 <= n < len(self._spans):
            for x0, x1, row in self._spans[n]:
                if x0 <= event.x + self.scroll_offset.x < x1:
                    self.cursor = row
                    self.refresh()
                    self.announce()
