"""Oracle-text coverage on real decks and on every real card (a dev script, not a test).

    python benchmarks/coverage.py [--top N] [--decks DIR] [BULK.json]

BULK.json defaults to ``../shared/data/oracle-cards.json`` beside the repository and
DIR to ``../shared/decks/real``.  Prints, for each deck list of DIR, the share of its
card copies the engine automates; the share of all the bulk file's cards; and the
most common first unparsed phrases (the compiler's to-do list), by cards and by copies
in the decks.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = next((p / "shared" for p in REPO.parents if (p / "shared").is_dir()), REPO.parent / "shared")
sys.path.insert(0, str(REPO))

from mechanics import Game  # noqa: E402
from mechanics.model.cards import CardDef, CardPool, normalise_name  # noqa: E402
from mechanics.model.oracle import loose_key  # noqa: E402
from mechanics.store.decks import read_deck  # noqa: E402
from mechanics.text.build import build_behaviour, manual_phrases  # noqa: E402


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bulk", nargs="?", default=str(SHARED / "data" / "oracle-cards.json"))
    ap.add_argument("--decks", default=str(SHARED / "decks" / "real"))
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--show", action="store_true", help="list each deck's manual cards")
    args = ap.parse_args(argv)
    with open(args.bulk, encoding="utf-8") as f:
        raw = [c for c in json.load(f) if isinstance(c, dict) and c.get("name")]
    cards = [CardDef.from_scryfall(c) for c in raw]
    pool = CardPool(cards)
    hooks = Game().hooks
    slowest = 0.0
    for path in sorted(Path(args.decks).glob("*.txt")):  # a deck's cards, compiled cold (what `play` adds)
        start = time.process_time()
        for e in read_deck(path).main:
            if (card := pool.get(e.name)) is not None:
                build_behaviour(card, hooks.keywords, hooks.scripts)
        slowest = max(slowest, time.process_time() - start)
    print(f"compiling a real deck's cards: at most {1000 * slowest:.1f} ms of CPU (budget 50 ms)")
    start = time.process_time()
    behaviours = {c.name: manual_phrases(c, hooks.keywords, hooks.scripts) for c in cards}  # every face
    took = time.process_time() - start
    by_key = {normalise_name(c.name): c.name for c in pool}
    loose = Counter(loose_key(c.name) for c in pool)  # a deck's "Polukranos, Reborn", as decks load
    by_loose = {loose_key(c.name): c.name for c in pool if loose[loose_key(c.name)] == 1}
    deck_missing: Counter[str] = Counter()
    total = auto = 0
    for path in sorted(Path(args.decks).glob("*.txt")):
        deck = read_deck(path)
        n = a = 0
        manual = []
        for e in deck.main:
            card = pool.get(e.name)
            name = card.name if card else by_key.get(normalise_name(e.name)) or by_loose.get(loose_key(e.name), e.name)
            b = behaviours.get(name)
            n += e.count
            if b is not None and not b:
                a += e.count
            else:
                manual.append((e.count, name, "; ".join(b) if b is not None else "unknown card"))
                if b:
                    deck_missing[b[0]] += e.count
        total, auto = total + n, auto + a
        print(f"{path.name:<36} {a:>3}/{n:<3} copies automated ({100 * a / max(1, n):.0f}%)")
        if args.show:
            for count, name, why in manual:
                print(f"      {count} {name}: {why}")
    print(f"{'real decks':<36} {auto}/{total} copies ({100 * auto / max(1, total):.1f}%)")
    done = sum(not b for b in behaviours.values())
    print(f"{'all cards':<36} {done}/{len(cards)} ({100 * done / len(cards):.1f}%); "
          f"compiled in {took:.1f} s of CPU ({1e6 * took / len(cards):.0f} µs a card; budget 1000 µs)")
    print("most common unparsed phrases over all cards:")
    first: Counter[str] = Counter(b[0] for b in behaviours.values() if b)
    for phrase, n in first.most_common(args.top):
        print(f"  {n:>5}  {phrase}")
    print("most common unparsed phrases in the decks (by copies):")
    for phrase, n in deck_missing.most_common(args.top):
        print(f"  {n:>5}  {phrase}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
