"""The numbers ``stackfish simulate`` reports, with 95% confidence intervals.

Games that never kill within the turn cap (``--turns``, 20) are *censored*: their
kill turn is only known to be later than the cap.  Every mean here is a
**restricted mean**, the mean of ``min(kill turn, cap + 1)``: such a game counts as
turn cap + 1.  That is exactly right for what it says (a deck that never kills
has restricted mean cap + 1, and a deck that kills later is never reported
sooner), and a lower bound on the mean kill turn whenever a game was censored;
the reports say how many were.  Medians and "killed by turn t" shares need no
such convention while they fall within the cap.

Intervals: means and paired differences use Student's t (the differences are per
seed: each deck plays the same seeds, common random numbers, so the noise of the
shuffle cancels); medians the distribution-free order-statistic interval;
shares Wilson's score interval.  Nothing here needs numpy or scipy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def t95(df: int) -> float:
    """Student's t 97.5% quantile for ``df`` degrees of freedom (a Cornish-Fisher
    expansion of the normal one: within 0.2% for df >= 3, exact in the limit)."""
    if df <= 0:
        return math.inf
    if df == 1:
        return 12.706204736174698
    if df == 2:
        return 4.302652729749464
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% confidence interval [lo, hi]."""

    value: float
    lo: float
    hi: float

    def text(self, digits: int = 2) -> str:
        return f"{self.value:.{digits}f} ({self.lo:.{digits}f}-{self.hi:.{digits}f})"

    def to_json(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "lo": round(self.lo, 4), "hi": round(self.hi, 4)}


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean with Student's t interval (zero width when all values are equal)."""
    n = len(values)
    m = statistics.fmean(values)
    if n < 2:
        return Estimate(m, -math.inf, math.inf)
    half = t95(n - 1) * statistics.stdev(values, m) / math.sqrt(n)
    return Estimate(m, m - half, m + half)


def median_ci(values: Sequence[float]) -> Estimate:
    """The median with the order-statistic interval: the sorted values at ranks
    n/2 -+ 1.96 sqrt(n)/2 (binomial, normal approximation), which holds whatever the
    distribution."""
    v = sorted(values)
    n = len(v)
    half = Z95 * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)
    hi = min(n - 1, math.ceil(n / 2 + half))
    return Estimate(statistics.median(v), v[lo], v[hi])


def share_ci(k: int, n: int) -> Estimate:
    """The share k/n with Wilson's score interval."""
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def paired_ci(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean of b - a over paired observations (the same seed), with its t interval."""
    if len(a) != len(b):
        raise ValueError("paired samples differ in length")
    return mean_ci([y - x for x, y in zip(a, b, strict=True)])


def restricted(kill_turns: Sequence[int | None], cap: int) -> list[int]:
    """Each game's kill turn, ``cap + 1`` for one that did not kill by the cap (censored)."""
    return [cap + 1 if k is None else k for k in kill_turns]


def comparison_sentence(a: str, b: str, diff: Estimate, n: int) -> str:
    """The difference of b's restricted mean kill turn from a's, in words."""
    games = f"{n:,} games each"
    if diff.lo == diff.hi == diff.value == 0:
        return f"{b} and {a} kill on the same turn in every game ({games})"
    way = "sooner" if diff.value < 0 else "later"
    if diff.lo <= 0 <= diff.hi:
        return (f"no clear difference: {b} kills {abs(diff.value):.2f} turns {way} than {a}, "
                f"but the 95% CI of b - a, {diff.lo:+.2f} to {diff.hi:+.2f}, includes 0 ({games})")
    lo, hi = sorted((abs(diff.lo), abs(diff.hi)))
    return f"{b} kills {abs(diff.value):.2f} turns {way} than {a}, 95% CI {lo:.2f}-{hi:.2f}; {games}"
