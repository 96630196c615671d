#!/usr/bin/env python3
"""Build the bundled oracle ``mechanics/data/oracle.cards`` (every real card, compressed).

Run by hand (not by tests) when a newer oracle file is at hand::

    python tools/build_pool.py path/to/oracle-cards.json [--per-block N]

The source is a Scryfall-shaped JSON array of card objects (Scryfall's
``oracle-cards-*.json`` bulk file, or the reshaped oracle corpus).  Each card
keeps the fields the engine reads (the importer's: ``mechanics.store.carddb``) minus
``color_identity``; tokens, emblems and art cards are skipped, and the first card
of a name wins.  The file format and why it is split into blocks: see
:mod:`mechanics.model.oracle`.  Prints the card count, the size and the block count.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mechanics.model.oracle import RESOURCE, pack  # noqa: E402
from mechanics.store.carddb import FACE_JOINS, _strip  # noqa: E402 - the importer's fields

DEFAULT_OUTPUT = ROOT / "mechanics" / RESOURCE
NOT_CARDS = {"token", "double_faced_token", "art_series", "emblem"}
DROP = {"color_identity", "object"}
PER_BLOCK = 1024  # ~2 ms to read a block; fewer, bigger blocks compress better


def slim(card: dict) -> dict:
    """The engine's fields of a card; a card with faces keeps cost, type and text on them."""
    out = {k: v for k, v in _strip(card).items() if k not in DROP and v not in ("", [])}
    if out.get("layout") == "normal":
        del out["layout"]  # the default
    if "card_faces" in out:
        for field, _ in FACE_JOINS:
            out.pop(field, None)
    return out


def build(source: Path, output: Path, per_block: int) -> int:
    cards: dict[str, dict] = {}
    for card in json.loads(source.read_text(encoding="utf-8")):
        if card.get("layout") not in NOT_CARDS and card.get("name"):
            cards.setdefault(card["name"], slim(card))
    data = pack(list(cards.values()), per_block)
    output.write_bytes(data)
    print(f"wrote {len(cards)} cards to {output}: {len(data):,} bytes, "
          f"{-(-len(cards) // per_block)} blocks of {per_block}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="Scryfall-shaped JSON array of cards")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="file to write")
    parser.add_argument("--per-block", type=int, default=PER_BLOCK, help="cards per compressed block")
    args = parser.parse_args(argv)
    return build(args.source, args.output, args.per_block)


if __name__ == "__main__":
    sys.exit(main())
