"""Every piece of text in the screenshots is readable: at least 4.5:1 (WCAG AA) against
the background it is drawn on.

The SVG snapshots (``__snapshots__/test_snapshots``, written by Rich's exporter) draw
each run of text as a ``<text>`` whose class names its fill colour, over a ``<rect>``
of its background at the same line and column.  Runs that are only box-drawing or
block characters (borders, scroll bars, the tiles' colour bars) are graphics, not
text, and are left out.  Text the app draws with the ``dim`` attribute would show
here at its blended colour, so it is judged as a terminal draws it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_snapshots"
#: the screenshots of the game screen in the default dark and light themes
SCREENS = sorted(SNAPSHOTS.glob("TestBusyBoard.*.svg")) + sorted(SNAPSHOTS.glob("TestMainScreen.*.svg"))
LINE = 24.4
_CLASS = re.compile(r"\.(terminal-r\d+) \{ fill: (#[0-9a-f]{6})")
_RECT = re.compile(r'<rect fill="(#[0-9a-f]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                   r'height="[\d.]+" shape-rendering="crispEdges"/>')
_TEXT = re.compile(r'<text class="(terminal-r\d+)" x="([\d.]+)" y="([\d.]+)" '
                   r'textLength="[\d.]+" clip-path="[^"]+">([^<]*)</text>')
_GRAPHICS = re.compile(r"^[\s\u2500-\u259f\u2800-\u28ff]*$")


def luminance(hex_colour: str) -> float:
    """Relative luminance (WCAG 2.x)."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_runs(svg: str) -> list[tuple[str, str, str]]:
    """(text, its colour, its background) for every run of text in an SVG screenshot
    (but graphics: borders, bars)."""
    fills = dict(_CLASS.findall(svg))
    rects: dict[int, list[tuple[float, float, str]]] = {}
    for fill, x, y, w in _RECT.findall(svg):
        rects.setdefault(round((float(y) - 1.5) / LINE), []).append((float(x), float(w), fill))
    runs = []
    for cls, x, y, text in _TEXT.findall(svg):
        text = html.unescape(text)
        if _GRAPHICS.match(text):
            continue
        line, left = round((float(y) - 20) / LINE), float(x)
        back = next(f for rx, rw, f in rects[line] if rx - 0.1 <= left < rx + rw - 0.1)
        runs.append((text, fills[cls], back))
    return runs


def test_the_snapshots_this_reads_exist():
    names = {p.name for p in SCREENS}
    for theme in ("dark", "light"):
        for size in ("80x24", "120x40", "160x50"):
            assert f"TestBusyBoard.test_busy_board[textual-{theme}-{size}].svg" in names


def test_contrast_is_measured_as_wcag_does():
    assert round(contrast("#191919", "#121212"), 2) == 1.07  # the old panel titles
    assert round(contrast("#ffffff", "#000000"), 1) == 21.0


@pytest.mark.parametrize("path", SCREENS, ids=lambda p: p.stem)
def test_every_text_run_is_at_least_4_5_to_1(path):
    runs = text_runs(path.read_text(encoding="utf-8"))
    assert len(runs) > 50
    poor = sorted({(round(contrast(fg, bg), 2), text.strip(), fg, bg) for text, fg, bg in runs
                   if contrast(fg, bg) < 4.5})
    assert not poor, "\n".join(f"{c}:1  {t!r} {fg} on {bg}" for c, t, fg, bg in poor)
