#!/usr/bin/env python3
"""Build the bundled card pool ``mechanics/data/cards.json``.

Run by hand (not by tests) whenever ``tools/pool_names.txt`` changes::

    python tools/build_pool.py path/to/oracle-cards.json

The source is any Scryfall-shaped JSON array of card objects (Scryfall's
``oracle-cards-*.json`` bulk file, or the reshaped test corpus).  The card
names to keep are read from ``tools/pool_names.txt``: one exact Oracle name
per line, two-faced cards by their full ``"Front // Back"`` name, ``#``
comments and blank lines ignored.

Each output card keeps only these fields, when present in the source:
object, name, layout, mana_cost, type_line, oracle_text, power, toughness,
loyalty, keywords, color_identity, card_faces (faces keep the same subset),
plus a ``colors`` field derived from the mana cost symbols (W U B R G, in
that order; a hybrid symbol such as ``{G/U}`` counts both colours; cards with
``card_faces`` use the first face's mana cost).

The output is a JSON array sorted by name with one card object per line, so
that diffs stay readable.  The script exits non-zero, listing every missing
name, if any name in the list is not found in the source; nothing is written
in that case.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_NAMES = ROOT / "tools" / "pool_names.txt"
DEFAULT_OUTPUT = ROOT / "mechanics" / "data" / "cards.json"

FIELDS = (
    "object",
    "name",
    "layout",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "keywords",
    "color_identity",
    "card_faces",
)
FACE_FIELDS = (
    "object",
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
)
COLOR_ORDER = "WUBRG"
SYMBOL = re.compile(r"\{([^}]*)\}")


def read_names(path: Path) -> list[str]:
    """Return the card names listed in ``path`` (comments and blanks skipped)."""
    names: list[str] = []
    seen: set[str] = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line in seen:
            raise SystemExit(f"{path}: duplicate name {line!r}")
        seen.add(line)
        names.append(line)
    return names


def colors_from_cost(mana_cost: str | None) -> list[str]:
    """Colours named by the symbols of a mana cost, in WUBRG order.

    Every part of a symbol counts, so hybrid ``{G/U}`` gives G and U and
    Phyrexian ``{U/P}`` gives U.
    """
    found: set[str] = set()
    for symbol in SYMBOL.findall(mana_cost or ""):
        for part in symbol.upper().split("/"):
            if part in COLOR_ORDER:
                found.add(part)
    return [c for c in COLOR_ORDER if c in found]


def slim(card: dict) -> dict:
    """Keep only the pool fields of a source card and add ``colors``."""
    out = {key: card[key] for key in FIELDS if key in card and card[key] is not None}
    if "card_faces" in out:
        out["card_faces"] = [
            {key: face[key] for key in FACE_FIELDS if key in face and face[key] is not None}
            for face in out["card_faces"]
        ]
        cost = out["card_faces"][0].get("mana_cost") if out["card_faces"] else None
        if not cost:
            cost = card.get("mana_cost")
    else:
        cost = card.get("mana_cost")
    out["colors"] = colors_from_cost(cost)
    return out


def build(source: Path, names_path: Path, output: Path) -> int:
    names = read_names(names_path)
    with source.open(encoding="utf-8") as fh:
        cards = json.load(fh)
    by_name: dict[str, dict] = {}
    for card in cards:
        # Skip non-card objects (tokens, art series, ...) sharing a name.
        if card.get("layout") in {"token", "double_faced_token", "art_series", "emblem"}:
            continue
        by_name.setdefault(card["name"], card)

    missing = [name for name in names if name not in by_name]
    if missing:
        print(f"error: {len(missing)} name(s) not found in {source}:", file=sys.stderr)
        for name in missing:
            print(f"  {name}", file=sys.stderr)
        return 1

    pool = sorted((slim(by_name[name]) for name in names), key=lambda c: c["name"])
    lines = [json.dumps(card, ensure_ascii=False, separators=(",", ":")) for card in pool]
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    print(f"wrote {len(pool)} cards to {output}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="Scryfall-shaped JSON array of cards")
    parser.add_argument("--names", type=Path, default=DEFAULT_NAMES, help="card name list")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="pool file to write")
    args = parser.parse_args(argv)
    return build(args.source, args.names, args.output)


if __name__ == "__main__":
    sys.exit(main())
