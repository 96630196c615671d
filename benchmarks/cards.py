"""Measure the card database on a real Scryfall bulk file (a script, not a test).

    python benchmarks/cards.py [--coverage] [BULK.json]

BULK.json defaults to ``../shared/data/oracle-cards.json`` beside the repository.
The import runs in a fresh subprocess so that its peak memory is the child's own
``resource.getrusage(RUSAGE_SELF).ru_maxrss`` (the whole process: interpreter,
ijson and SQLite). Lookups and searches are then timed in this process against
the imported database.

Targets for the 34,632-card file: import < 30 s, peak < 200 MB, lookup < 1 ms.

The last section, *coverage*, counts the cards of the bulk file that the engine plus the
loaded plugins automate outright (no line of their text is left to the player), and lists
the most common lines nothing implements: the to-do list. ``--coverage`` prints only it.

Every figure after the import comes from a *report*: a function taking the open
:class:`~mechanics.store.carddb.CardDb` and returning ``(label, value)`` rows. To add a
figure, write such a function and append it to ``REPORTS``.
"""

from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SRC = REPO.parent / "shared" / "data" / "oracle-cards.json"
sys.path.insert(0, str(REPO))

from mechanics.store.carddb import CardDb, import_bulk  # noqa: E402

IMPORT_TARGET_S, MEMORY_TARGET_MB, LOOKUP_TARGET_US = 30.0, 200.0, 1000.0
LOOKUPS = 10_000
QUERIES = ("flying", "draw a card", "destroy target creature", "counter target spell",
           "Lightning Bolt", "sacrifice an artifact: add", "xyzzy")

Row = tuple[str, str]


def verdict(value: float, target: float) -> str:
    return "ok" if value < target else f"MISSED (target {target:g})"


def peak_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024  # bytes vs KiB


def child_import(src: str, db_path: str) -> None:
    """Run in the subprocess: import, then print the figures as one JSON line."""
    before = peak_rss_mb()
    start = time.perf_counter()
    result = import_bulk(src, db_path)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "cards": int(result), "skipped": result.skipped,
                      "duplicates": result.duplicates, "rss_before_mb": before, "peak_mb": peak_rss_mb()}))


def measure_import(src: Path, db_path: Path) -> list[Row]:
    proc = subprocess.run([sys.executable, __file__, "--child-import", str(src), str(db_path)],
                          capture_output=True, text=True, check=False)
    if proc.returncode:
        sys.exit(f"import failed:\n{proc.stderr.strip()}")
    fig = json.loads(proc.stdout.strip().splitlines()[-1])
    return [
        ("bulk file", f"{src} ({src.stat().st_size / 1e6:.1f} MB)"),
        ("import time", f"{fig['seconds']:.2f} s  {verdict(fig['seconds'], IMPORT_TARGET_S)}"),
        ("peak memory", f"{fig['peak_mb']:.1f} MB ru_maxrss of a fresh subprocess "
                        f"({fig['rss_before_mb']:.1f} MB before the import)  "
                        f"{verdict(fig['peak_mb'], MEMORY_TARGET_MB)}"),
        ("cards imported", f"{fig['cards']:,} (skipped {fig['skipped']:,}, "
                           f"duplicate printings {fig['duplicates']:,})"),
        ("database size", f"{db_path.stat().st_size / 1e6:.1f} MB"),
    ]


def lookup_times(db: CardDb, names: list[str]) -> list[float]:
    times = []
    for name in names:
        start = time.perf_counter_ns()
        card = db.lookup(name)
        times.append((time.perf_counter_ns() - start) / 1000)
        assert card is not None, name
    return sorted(times)


def measure_lookup(db: CardDb) -> list[Row]:
    rng = random.Random(0)
    names = rng.choices(db.names(), k=LOOKUPS)
    rows = []
    for label, asked in (("exact names", names), ("lower-cased names", [n.lower() for n in names])):
        times = lookup_times(db, asked)
        mean, p99 = statistics.fmean(times), times[int(len(times) * 0.99)]
        rows.append((f"lookup, {label}", f"mean {mean:.1f} µs, p99 {p99:.1f} µs, max {times[-1]:.0f} µs "
                                         f"over {len(times):,}  {verdict(p99, LOOKUP_TARGET_US)}"))
    return rows


def measure_search(db: CardDb) -> list[Row]:
    rows = []
    for query in QUERIES:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            hits = db.search(query)
            best = min(best, time.perf_counter() - start)
        rows.append((f"search {query!r}", f"{best * 1000:.2f} ms, {len(hits)} hits (limit 20)"))
    return rows


REPORTS: list[Callable[[CardDb], list[Row]]] = [measure_lookup, measure_search]
TODO_LINES = 15


def measure_coverage(src: Path) -> list[Row]:
    """Cards automated outright: ``build_behaviour(...).manual`` is False with ``Game().hooks``."""
    from mechanics.model.cards import CardDef
    from mechanics.play.game import Game
    from mechanics.text.build import build_behaviour

    hooks = Game().hooks
    with open(src, encoding="utf-8") as f:
        cards = [c for c in json.load(f) if isinstance(c, dict) and c.get("name")]
    missing: Counter[str] = Counter()
    automated = two_part = 0
    for c in cards:
        behaviour = build_behaviour(CardDef.from_scryfall(c), hooks.keywords, hooks.scripts)
        if behaviour.manual:
            missing.update(set(behaviour.missing))
        else:
            automated += 1
            two_part += " // " in c["name"]  # CardDef is the front face: the other half is not judged
    failed = ", ".join(sorted(hooks.pm.stackfish_errors)) or "none"
    rows = [("plugins loaded", ", ".join(sorted(n for n, p in hooks.pm.list_name_plugin() if p)) or "none"),
            ("plugins that failed to load", failed),
            ("automated outright", f"{automated:,} of {len(cards):,} cards "
                                   f"({100 * automated / max(1, len(cards)):.1f}%)"),
            ("  of which two-part cards", f"{two_part:,} (split, adventure, modal: front face only)")]
    for i, (line, n) in enumerate(missing.most_common(TODO_LINES), 1):
        rows.append((f"to do #{i}: {n:,} cards", line))
    return rows


def print_rows(rows: list[Row]) -> None:
    for label, value in rows:
        print(f"  {label:<36} {value}")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child-import"]:
        child_import(argv[1], argv[2])
        return 0
    coverage_only = argv[:1] == ["--coverage"]
    argv = argv[1:] if coverage_only else argv
    src = Path(argv[0]) if argv else DEFAULT_SRC
    if not src.is_file():
        print(f"bulk file not found: {src}\nusage: python benchmarks/cards.py [BULK.json] "
              "(a Scryfall oracle-cards or default-cards file)", file=sys.stderr)
        return 2
    if coverage_only:
        print("coverage")
        print_rows(measure_coverage(src))
        return 0
    with tempfile.TemporaryDirectory(prefix="stackfish-bench-") as tmp:
        db_path = Path(tmp) / "cards.sqlite3"
        print("import")
        print_rows(measure_import(src, db_path))
        with CardDb(db_path) as db:
            for report in REPORTS:
                print(report.__name__.removeprefix("measure_"))
                print_rows(report(db))
    print("coverage")
    print_rows(measure_coverage(src))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
