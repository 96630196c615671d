"""What a batch of games says: :class:`Results` (one deck's games) and the reports of
``stackfish simulate``, as text, JSON and CSV.

One deck: the kill turn (restricted mean and median with 95% intervals, the share
killed by turns 3-8), mulligans, and by-turn statistics (land drops, spells on
curve, mana spent, damage, kill turn by lands in the opening hand).  Several decks
(or variants of one, :mod:`.variants`): each deck's line, then each pair's
difference in mean kill turn, paired by seed.  :mod:`.stats` has the formulas and
how games without a kill enter them.
"""

from __future__ import annotations

import csv
import io
import os
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .stats import (
    Estimate,
    comparison_sentence,
    mean_ci,
    median_ci,
    paired_ci,
    restricted,
    share_ci,
)

MAX_TURNS = 20
BY_TURN = ("lands", "spells", "mana", "top", "damage")  # GameResult's by-turn records
BY_TURNS = (3, 4, 5, 6, 7, 8)  # "killed by turn t" shares
LAND_DROPS = 6  # turns 1..6
CURVE = 4  # turns 1..4
SHOW_ERRORS = 5  # errors listed in a report


@dataclass
class Results:
    """The games of one deck: ``games`` (:class:`~.simulate.GameResult`) in seed order."""

    deck: str
    n: int
    seed: int
    jobs: int
    games: list[Any] = field(default_factory=list)
    seconds: float = 0.0
    max_turns: int = MAX_TURNS
    label: str = ""  # the name shown (the file's stem unless a variant's)
    note: str = ""  # how a variant was built

    @property
    def name(self) -> str:
        return self.label or os.path.splitext(os.path.basename(self.deck))[0]

    @property
    def played(self) -> list[Any]:
        """The games that ran to their end: a game that raised an error is no statistic
        (not a game without a kill); it is listed in :attr:`errors`."""
        return [g for g in self.games if not g.error]

    @property
    def kill_turns(self) -> list[int | None]:
        return [g.kill_turn for g in self.played]

    @property
    def mulligans(self) -> list[int]:
        return [g.mulligans for g in self.played]

    @property
    def errors(self) -> list[str]:
        return [g.error for g in self.games if g.error]

    @property
    def kills(self) -> list[int]:
        return sorted(k for k in self.kill_turns if k is not None)

    @property
    def no_kill(self) -> int:
        return sum(1 for k in self.kill_turns if k is None)

    @property
    def restricted(self) -> list[int]:
        """Kill turns with a game without one counted as ``max_turns + 1`` (:mod:`.stats`)."""
        return restricted(self.kill_turns, self.max_turns)

    def mean_ci(self) -> Estimate:
        return mean_ci(self.restricted)

    def median_ci(self) -> Estimate:
        return median_ci(self.restricted)

    @property
    def mean(self) -> float | None:
        return self.mean_ci().value if self.kills else None

    @property
    def median(self) -> float | None:
        return self.median_ci().value if self.kills else None

    def percentile(self, q: float) -> int | None:
        """The q-th percentile (nearest rank) of the kill turns, no kill counted as after the cap."""
        k = sorted(self.restricted)
        if not self.kills:
            return None
        v = k[max(0, -(-q * len(k) // 100) - 1)]
        return int(v) if v <= self.max_turns else None

    def killed_by(self, turn: int) -> Estimate:
        return share_ci(sum(1 for k in self.kills if k <= turn), len(self.played))

    @property
    def mulligan_rate(self) -> float:
        return sum(1 for m in self.mulligans if m) / len(self.mulligans) if self.mulligans else 0.0

    @property
    def histogram(self) -> dict[int, int]:
        c = Counter(self.kills)
        if not c:
            return {}
        return {t: c.get(t, 0) for t in range(min(c), max(c) + 1)}

    @property
    def games_per_second(self) -> float:
        return self.n / self.seconds if self.seconds else 0.0

    # ------------------------------------------------------------ by turn (item: per-turn statistics)
    def reached(self, turn: int) -> list[Any]:
        """The games in which p1 began turn ``turn``."""
        return [g for g in self.played if g.turns >= turn]

    def land_drop(self, turn: int) -> Estimate:
        """The chance of having ``turn`` lands after turn ``turn``, among games that reached it."""
        games = self.reached(turn)
        return share_ci(sum(1 for g in games if g.lands[turn - 1] >= turn), len(games))

    def on_curve(self, turn: int) -> Estimate:
        """The chance of casting a spell of mana value ``turn`` or more on turn ``turn``."""
        games = self.reached(turn)
        return share_ci(sum(1 for g in games if g.top[turn - 1] >= turn), len(games))

    def mana_spent(self, turn: int) -> Estimate | None:
        games = self.reached(turn)
        return mean_ci([g.mana[turn - 1] for g in games]) if games else None

    def damage_by(self, turn: int) -> Estimate | None:
        """Mean damage by the end of ``turn``; a game over before it keeps its final damage."""
        games = [g for g in self.played if g.turns]
        return mean_ci([g.damage[min(turn, g.turns) - 1] for g in games]) if games else None

    def by_opening_lands(self) -> dict[int, tuple[int, Estimate]]:
        """Restricted mean kill turn by the lands in the kept hand: {lands: (games, mean)}."""
        groups: dict[int, list[int]] = {}
        for g, k in zip(self.played, self.restricted, strict=True):
            groups.setdefault(g.opening_lands, []).append(k)
        return {n: (len(v), mean_ci(v)) for n, v in sorted(groups.items())}

    def median_text(self) -> str:
        """The median and its interval; a bound past the cap reads ">CAP" (censored)."""
        m, cap = self.median_ci(), self.max_turns
        if m.value > cap:
            return f">{cap}"
        return f"{m.value:g} ({m.lo:g}-{m.hi:g})" if m.hi <= cap else f"{m.value:g} ({m.lo:g} to >{cap})"

    def censoring_note(self) -> str:
        return (f"games without a kill by turn {self.max_turns} count as turn {self.max_turns + 1} in "
                f"means (a restricted mean, a lower bound on the true mean)")

    # ------------------------------------------------------------ output
    def summary_json(self) -> dict[str, Any]:
        mean, median = self.mean_ci(), self.median_ci()
        return {
            "deck": self.deck, "name": self.name, "note": self.note, "games": self.n, "seed": self.seed,
            "jobs": self.jobs, "max_turns": self.max_turns,
            "kill_turn": {
                "mean": self.mean, "median": self.median,
                "restricted_mean": mean.to_json(), "median_ci": median.to_json(),
                "percentiles": {str(q): self.percentile(q) for q in (10, 25, 50, 75, 90)},
                "histogram": {str(t): c for t, c in self.histogram.items()},
                "killed_by": {str(t): self.killed_by(t).to_json() for t in BY_TURNS},
            },
            "censoring": self.censoring_note(),
            "no_kill": self.no_kill,
            "mulligan_rate": self.mulligan_rate,
            "mulligans": dict(sorted(Counter(self.mulligans).items())),
            "by_turn": {
                "land_drop": {str(t): self.land_drop(t).to_json() for t in range(1, LAND_DROPS + 1)},
                "on_curve": {str(t): self.on_curve(t).to_json() for t in range(1, CURVE + 1)},
                "mana_spent": {str(t): e.to_json() for t in range(1, 9) if (e := self.mana_spent(t))},
                "damage": {str(t): e.to_json() for t in range(1, 9) if (e := self.damage_by(t))},
            },
            "by_opening_lands": {str(n): {"games": c, "restricted_mean": e.to_json()}
                                 for n, (c, e) in self.by_opening_lands().items()},
            "errors": len(self.errors),
            "first_errors": self.errors[:SHOW_ERRORS],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }

    def to_json(self) -> dict[str, Any]:
        """The summary and every game's record."""
        return {**self.summary_json(), "records": [g.to_json() for g in self.games]}

    def render(self, width: int = 40) -> str:
        """The report as text: kill turn with intervals, histogram, by-turn statistics."""
        lines = [f"{self.n:,} games of {self.name} (seed {self.seed}, "
                 f"{self.jobs} job{'s' if self.jobs != 1 else ''})"]
        if self.note:
            lines.append(self.note)
        if self.kills:
            pct = ", ".join(f"p{q} {self.percentile(q) or '-'}" for q in (10, 25, 75, 90))
            lines.append(f"kill turn: mean {self.mean_ci().text()}, median {self.median_text()} "
                         f"(95% CI)")
            lines.append(f"percentiles: {pct}")
        else:
            lines.append("kill turn: no game killed")
        lines.append(histogram_text(self.histogram, len(self.played), width))
        lines.append("killed by turn " + ", ".join(f"{t}: {self.killed_by(t).value:.0%}" for t in BY_TURNS))
        lines.append(f"no kill by turn {self.max_turns}: {self.no_kill} "
                     f"({self.no_kill / max(1, len(self.played)):.1%})" + (f"; {self.censoring_note()}"
                                                                  if self.no_kill else ""))
        lines.append(f"mulligan rate: {self.mulligan_rate:.1%}")
        lines.append(self.render_by_turn())
        if self.errors:
            lines.append(f"FAILED: {len(self.errors)} of {self.n} games raised an error "
                         "(left out of every figure above); the first:")
            lines += [f"  {e}" for e in self.errors[:SHOW_ERRORS]]
        lines.append(f"time: {self.seconds:.2f} s ({self.games_per_second:,.0f} games/s)")
        return "\n".join(line for line in lines if line)

    def render_by_turn(self) -> str:
        """By-turn statistics and the kill turn by lands kept, in tables under 72 columns."""
        turns = range(1, 9)
        out = [f"{'by turn (games going on)':<24}" + "".join(f"{t:>5}" for t in turns)]

        def row(label: str, values: list[str], width: int = 5) -> None:
            out.append(f"{label:<24}" + "".join(f"{v:>{width}}" for v in values))

        row("land drop made", [f"{self.land_drop(t).value:.0%}" if t <= LAND_DROPS and self.reached(t)
                               else "" for t in turns])
        row("spell of mana value >= t", [f"{self.on_curve(t).value:.0%}" if t <= CURVE and self.reached(t)
                                         else "" for t in turns])
        row("mana spent (mean)", [f"{e.value:.1f}" if (e := self.mana_spent(t)) else "" for t in turns])
        row("damage so far (all)", [f"{e.value:.1f}" if (e := self.damage_by(t)) else "" for t in turns])
        groups = self.by_opening_lands()
        if groups:
            row("lands in the kept hand", [str(n) for n in groups], 6)
            row("  games", [str(c) for c, _ in groups.values()], 6)
            row("  mean kill turn", [f"{e.value:.2f}" for _, e in groups.values()], 6)
            often = [n for n, (c, _) in groups.items() if c >= 30]
            if often:
                best = min(often, key=lambda n: groups[n][1].value)
                out.append(f"fastest with {best} lands in the kept hand (of the counts kept 30+ times)")
        return "\n".join(out)


def histogram_text(hist: dict[int, int], total: int, width: int = 40) -> str:
    if not hist:
        return ""
    top = max(hist.values()) or 1
    out = [f"{'':<8}  {'':<{width}} {'games':>6} {'share':>6} {'by then':>7}"]
    so_far = 0
    for turn, count in hist.items():
        so_far += count
        bar = "#" * round(count / top * width)
        out.append(f"turn {turn:>2} | {bar:<{width}} {count:>6} {count / max(1, total):6.1%} "
                   f"{so_far / max(1, total):7.1%}")
    return "\n".join(out)


# ====================================================================== several decks


def pairs(results: list[Results]) -> list[tuple[Results, Results, Estimate]]:
    """Each pair (a, b) with the paired difference b - a in restricted mean kill turn."""
    return [(a, b, paired_ci(a.restricted, b.restricted)) for a, b in combinations(results, 2)]


def render_comparison(results: list[Results]) -> str:
    """One line per deck, then each pair's difference in a sentence."""
    width = max(len(r.name) for r in results)
    by = "".join(f"{'<=' + str(t):>6}" for t in BY_TURNS)
    lines = [f"{len(results)} decks, the same {results[0].n:,} seeds each "
             f"(seed {results[0].seed}); 95% confidence intervals",
             f"{'deck':<{width}}  {'mean kill turn':<18} {'median':<10}{by}  no kill  mulligans"]
    for r in results:
        shares = "".join(f"{r.killed_by(t).value:>6.0%}" for t in BY_TURNS)
        lines.append(f"{r.name:<{width}}  {r.mean_ci().text():<18} {r.median_text():<10}{shares}"
                     f"  {r.no_kill:>7}  {r.mulligan_rate:>9.1%}")
    notes = [f"{r.name}: {r.note}" for r in results if r.note]
    lines += notes
    if any(r.no_kill for r in results):
        lines.append(results[0].censoring_note())
    for a, b, diff in pairs(results):
        lines.append(comparison_sentence(a.name, b.name, diff, a.n))
    errors = [e for r in results for e in r.errors]
    if errors:
        lines.append(f"FAILED: {len(errors)} games raised an error (left out of every figure "
                     "above); the first:")
        lines += [f"  {e}" for e in errors[:SHOW_ERRORS]]
    seconds = sum(r.seconds for r in results)
    lines.append(f"time: {seconds:.2f} s ({sum(r.n for r in results) / max(seconds, 1e-9):,.0f} games/s)")
    return "\n".join(lines)


def comparison_json(results: list[Results]) -> dict[str, Any]:
    return {"decks": [r.to_json() for r in results],
            "pairs": [{"a": a.name, "b": b.name, "mean_difference": d.to_json(),
                       "sentence": comparison_sentence(a.name, b.name, d, a.n)}
                      for a, b, d in pairs(results)]}


def records_csv(results: list[Results]) -> str:
    """One row per game and deck; by-turn records in columns ``lands_1`` ... up to the
    longest game (empty after a game's end)."""
    longest = max((g.turns for r in results for g in r.games), default=0)
    head = ["deck", "seed", "kill_turn", "mulligans", "opening_lands", "turns"] + \
        [f"{k}_{t}" for k in BY_TURN for t in range(1, longest + 1)] + ["error"]
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(head)
    for r in results:
        for g in r.games:
            cells: list[Any] = [r.name, g.seed, "" if g.kill_turn is None else g.kill_turn, g.mulligans,
                                g.opening_lands, g.turns]
            for k in BY_TURN:
                values = list(getattr(g, k))
                cells += values + [""] * (longest - len(values))
            out.writerow(cells + [g.error])
    return buf.getvalue()
