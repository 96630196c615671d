"""Charts of ``stackfish simulate`` results: ``--plot`` in the terminal, ``--plot FILE``.

Two charts, one series per deck: the kill-turn histogram (share of games killing
on each turn) and the by-turn curve (share of games killed by each turn).  In the
terminal they are drawn by plotext (the optional extra ``stackfish[plot]``,
imported only here, when a chart is asked for: ``import mechanics`` and the TUI
don't pay for it).  plotext writes only text and html, so ``FILE.svg`` is written
here by hand (no dependency) and ``FILE.png`` by matplotlib when it is installed
(``stackfish[png]``: heavy, so not a dependency).
"""

from __future__ import annotations

import html
from typing import Any

from mechanics.model.errors import StackfishError

COLORS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f")


def series(results: list[Any]) -> tuple[list[int], dict[str, list[float]], dict[str, list[float]]]:
    """Turns 1..last kill, and per deck the share killing on each turn and killed by it."""
    last = max((max(r.kills) for r in results if r.kills), default=1)
    turns = list(range(1, last + 1))
    on, by = {}, {}
    for r in results:
        n = max(1, len(r.games))
        hist = r.histogram
        on[r.name] = [hist.get(t, 0) / n for t in turns]
        by[r.name] = [sum(1 for k in r.kills if k <= t) / n for t in turns]
    return turns, on, by


CHARTS = ("share of games killing on each turn", "share of games killed by each turn")
"""The two charts' titles: the histogram (bars), the by-turn curve (lines)."""


def terminal(results: list[Any], width: int = 80, height: int = 18) -> str:
    """Both charts drawn with plotext, as text."""
    try:
        import plotext as plt
    except ImportError:
        raise StackfishError("--plot in the terminal needs plotext: pip install 'stackfish[plot]' "
                             "(or --plot FILE.svg)") from None
    turns, on, by = series(results)
    out = []
    for chart, data in enumerate((on, by)):
        plt.clear_figure()
        plt.plot_size(width, height)
        plt.theme("clear")
        draw(plt, chart, turns, data)
        out.append(plt.uncolorize(plt.build()))
    return "\n".join(out)


def draw(plt: Any, chart: int, turns: list[int], data: dict[str, list[float]]) -> None:
    """Chart ``chart`` (0 the histogram, 1 the curve: :data:`CHARTS`) of one
    :func:`series` on a plotext figure: plotext's own (the terminal) or a
    textual-plotext widget's (the TUI's simulate dialog)."""
    plt.title(CHARTS[chart])
    several = len(data) > 1  # a legend then; one deck's chart needs none
    if chart == 0 and several:
        plt.multiple_bar(turns, list(data.values()), labels=list(data))
    elif chart == 0:
        plt.bar(turns, next(iter(data.values())), width=0.6)
    else:
        for name, ys in data.items():
            plt.plot(turns, ys, label=name if several else None, marker="braille")
    plt.xticks(turns)
    plt.xlabel("turn")


def write(results: list[Any], path: str) -> None:
    """Write both charts to ``path``: .svg (no dependency) or .png (matplotlib)."""
    low = path.lower()
    if low.endswith(".svg"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg(results))
    elif low.endswith(".png"):
        _png(results, path)
    else:
        raise StackfishError(f"--plot {path}: write a .svg or .png file (or --plot alone for the terminal)")


def svg(results: list[Any], w: int = 720, h: int = 300) -> str:
    """Both charts, one above the other, as one SVG document."""
    turns, on, by = series(results)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{2 * h + 40}" '
             f'font-family="sans-serif" font-size="12">', '<rect width="100%" height="100%" fill="white"/>']
    for row, data in enumerate((on, by)):
        parts.append(_svg_chart(CHARTS[row], turns, data, row == 0, 0, row * (h + 20), w, h))
    legend = " ".join(f'<tspan fill="{COLORS[i % len(COLORS)]}">&#9632; {html.escape(name)}</tspan>'
                      for i, name in enumerate(on))
    parts.append(f'<text x="10" y="{2 * h + 32}">{legend}</text></svg>')
    return "\n".join(parts)


def _svg_chart(title: str, turns: list[int], data: dict[str, list[float]], bars: bool,
               x0: int, y0: int, w: int, h: int) -> str:
    left, right, top, bottom = 50, 10, 24, 30
    pw, ph = w - left - right, h - top - bottom
    ymax = max((v for ys in data.values() for v in ys), default=0) or 1
    step = pw / max(1, len(turns))

    def x(i: float) -> float:
        return x0 + left + i * step

    def y(v: float) -> float:
        return y0 + top + ph - v / ymax * ph

    out = [f'<text x="{x0 + left}" y="{y0 + 16}" font-weight="bold">{html.escape(title)}</text>',
           f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(len(turns))}" y2="{y(0)}" stroke="black"/>',
           f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(0)}" y2="{y(ymax)}" stroke="black"/>']
    for k in range(5):
        v = ymax * k / 4
        out.append(f'<text x="{x0 + 4}" y="{y(v) + 4:.1f}">{v:.0%}</text>')
    for i, t in enumerate(turns):
        out.append(f'<text x="{x(i + 0.5):.1f}" y="{y0 + h - 12}" text-anchor="middle">{t}</text>')
    for d, (name, ys) in enumerate(data.items()):
        color = COLORS[d % len(COLORS)]
        if bars:
            bw = step * 0.8 / len(data)
            for i, v in enumerate(ys):
                out.append(f'<rect x="{x(i + 0.1) + d * bw:.1f}" y="{y(v):.1f}" width="{bw:.1f}" '
                           f'height="{y(0) - y(v):.1f}" fill="{color}"><title>{html.escape(name)} '
                           f'turn {turns[i]}: {v:.1%}</title></rect>')
        else:
            points = " ".join(f"{x(i + 0.5):.1f},{y(v):.1f}" for i, v in enumerate(ys))
            out.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2"/>')
    return "\n".join(out)


def _png(results: list[Any], path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise StackfishError(f"--plot {path}: a .png needs matplotlib: pip install 'stackfish[png]' "
                             "(or write a .svg, which needs nothing)") from None
    turns, on, by = series(results)
    fig, (a, b) = plt.subplots(2, 1, figsize=(8, 7))
    width = 0.8 / max(1, len(on))
    for d, (name, ys) in enumerate(on.items()):
        a.bar([t - 0.4 + (d + 0.5) * width for t in turns], ys, width, label=name)
        b.plot(turns, by[name], marker="o", label=name)
    a.set_title(CHARTS[0])
    b.set_title(CHARTS[1])
    for ax in (a, b):
        ax.set_xticks(turns)
        ax.set_xlabel("turn")
        ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
