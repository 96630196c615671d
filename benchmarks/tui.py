"""Measure the TUI's responsiveness (a script, not a test).

    python benchmarks/tui.py [--presses N] [--sizes 20,100,300]

Figures, each printed beside its target:

- key to repaint: with 20, 100 and 300 permanents on p1's battlefield (half
  tapped Llanowar Elves, half Forests, plus one Elves with a counter), the
  time from sending a key ``u`` / ``r`` (undo / redo of the last action, which
  changes the game every time) with ``pilot.press`` until the last frame the
  app painted for it (``App._display`` is wrapped to timestamp each frame the
  compositor writes to the headless driver).  This includes the key's handler
  (the undo/redo itself, ``refresh_views`` re-rendering every view) and
  Textual's screen-update timer (frames are at most 60 a second), but not
  the pilot's own idle-waiting sleeps, which a real terminal doesn't have.
  p50/p95 over N (50) presses of the FIRST frame after the key, which shows
  every view re-rendered (target p95 < 30 ms at 300); the LAST frame is
  printed too: Textual repaints the battlefield's scroll bar after the
  layout pass, one update-timer tick (1/60 s) later.
  Also the render path alone for the same board: ``refresh_views()`` plus a
  full compositor render, with no game change.
- start-up to the first frame: ``make_app`` (a new game: deck parsing,
  shuffling, opening hand) until the first screen is mounted and painted in
  ``run_test``, best of 3.  Target < 0.8 s.  Imports are excluded (they are
  printed separately: importing textual and the engine, once).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

t0 = time.perf_counter()
from mechanics.model.actions import parse_action  # noqa: E402
from tui.app import bundled_deck, make_app  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402

IMPORT_S = time.perf_counter() - t0
SIZE = (160, 50)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def press_times(n_perms: int, presses: int) -> tuple[list[float], list[float]]:
    app = make_app(bundled_deck(), seed=1, plugins=[])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # keep
        await pilot.pause()
        game = app.game
        for i in range(n_perms - 1):
            game.play('battlefield p1 "Llanowar Elves" tapped' if i % 2 else "battlefield p1 Forest")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.play(parse_action('battlefield p1 "Llanowar Elves" counter +1/+1=1'))
        await pilot.pause()
        assert len(game.state.battlefield) == n_perms, len(game.state.battlefield)
        frames: list[float] = []
        display = app._display

        def timed_display(*args, **kw):  # noqa: ANN002, ANN003
            display(*args, **kw)
            frames.append(time.perf_counter())

        app._display = timed_display
        times, last = [], []
        for i in range(presses):
            key = "u" if i % 2 == 0 else "r"
            frames.clear()
            t = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            assert frames, "no frame was painted"
            times.append(frames[0] - t)
            last.append(frames[-1] - t)
        app._display = display
        assert len(game.state.battlefield) == n_perms  # an even number of presses: redone
        render = []
        for _ in range(presses):
            t = time.perf_counter()
            screen.refresh_views()
            app.screen._compositor.render_update(full=True)
            render.append(time.perf_counter() - t)
    return times, last, render


async def first_frame() -> float:
    t = time.perf_counter()
    app = make_app(bundled_deck(), seed=1, plugins=[])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--presses", type=int, default=50)
    ap.add_argument("--sizes", default="20,100,300")
    args = ap.parse_args()
    print(f"imports (textual, engine, tui): {IMPORT_S * 1000:.0f} ms (once per process)")
    print("key press (u/r: undo/redo) to the frame showing the new game, run_test headless 160x50:")
    worst = 0.0
    for n in (int(s) for s in args.sizes.split(",")):
        times, last, render = asyncio.run(press_times(n, args.presses))
        p50, p95 = pct(times, 50) * 1000, pct(times, 95) * 1000
        l50, l95 = pct(last, 50) * 1000, pct(last, 95) * 1000
        r50, r95 = pct(render, 50) * 1000, pct(render, 95) * 1000
        print(f"  {n:4d} permanents: p50 {p50:6.1f} ms  p95 {p95:6.1f} ms"
              f"   (last frame p50 {l50:.1f}, p95 {l95:.1f};"
              f" render only p50 {r50:.1f}, p95 {r95:.1f})")
        if n == 300:
            worst = p95
    verdict = "ok" if worst < 30 else "MISSED"
    print(f"  target: p95 < 30 ms at 300 permanents -> {worst:.1f} ms {verdict}")
    frames = [asyncio.run(first_frame()) for _ in range(3)]
    best = min(frames)
    print(f"start-up to first frame (new game + first screen), best of 3: {best * 1000:.0f} ms "
          f"(all: {', '.join(f'{f * 1000:.0f}' for f in frames)} ms)")
    print(f"  target: < 800 ms -> {'ok' if best < 0.8 else 'MISSED'}")
    print(f"  target incl. imports: {(best + IMPORT_S) * 1000:.0f} ms "
          f"{'ok' if best + IMPORT_S < 0.8 else 'MISSED'} (< 800 ms)")
    print(f"(python {sys.version.split()[0]}, mean of all press samples: "
          f"{statistics.mean(times) * 1000:.1f} ms at {n})")


if __name__ == "__main__":
    main()
