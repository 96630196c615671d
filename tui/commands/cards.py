"""``stackfish deck check`` and ``stackfish cards ...``: read a deck list and say
what is automated; import, search and list cards; the coverage figures."""

from __future__ import annotations

import argparse
import sys

from mechanics.model.errors import StackfishError

from . import disabled, progress_bar


def deck_check(args: argparse.Namespace) -> int:
    """Read a deck list; say how many of its cards are automated and what is done by hand
    (every bad line of a list that doesn't load, as the paste screen lists them)."""
    import json

    from mechanics import Game, deck_report, make_plugin_manager
    from mechanics.model.errors import DeckError
    from mechanics.store.carddb import load_user_pool
    from mechanics.store.decks import load_deck
    from mechanics.store.paths import open_regular

    from ..library import check_deck, size_warning

    pool = load_user_pool()  # every real card, and any imported ones
    try:
        deck = load_deck(args.file, pool)
    except DeckError:  # every bad line, as the paste screen lists them, not only the first
        try:  # (not a FIFO: reading one would wait forever)
            with open_regular(args.file) as f:
                found = check_deck(f.read().decode("utf-8", "replace"), pool)
        except OSError:
            found = None  # unreadable: the first error says so
        if found is None or len(found.problems) < 2:
            raise
        for line, message in found.problems:
            print(f"{args.file}:{line}: {message}" if line else f"{args.file}: {message}",
                  file=sys.stderr)
        return 2
    game = Game(pool=pool, plugins=make_plugin_manager(disabled=disabled(args)))
    report = deck_report(deck, game)
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
        return 0
    main = sum(e.count for e in deck.main)
    side = sum(e.count for e in deck.sideboard)
    print(f"{args.file}: {deck.format} deck, {main} main, {side} sideboard")
    for line, note in deck.notes:
        print(f"{args.file}:{line}: note: {note}")
    if warning := size_warning(main):
        print(f"{args.file}: warning: {warning}")
    print("\n".join(report.lines()))
    return 0


def cards_import(args: argparse.Namespace) -> int:
    """Import a Scryfall bulk file into the user's card database."""
    from mechanics.store.carddb import default_db_path, import_bulk

    db_path = default_db_path()
    progress = progress_bar(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = import_bulk(args.file, db_path, progress)
    except StackfishError as exc:
        if progress:
            sys.stderr.write("\n")
        print(exc, file=sys.stderr)
        return 2
    print(f"imported {int(result):,} cards from {args.file} into {db_path} "
          f"({result.skipped:,} skipped, {result.duplicates:,} duplicate printings)")
    return 0


def cards_search(args: argparse.Namespace) -> int:
    """Search names and oracle text of the imported cards: name, cost, type a line."""
    from mechanics.store.carddb import CardDb

    text = " ".join(args.text)
    with CardDb() as db:
        found = db.search(text, args.limit)
    if not found:
        print(f"no card matches {text!r}", file=sys.stderr)
        return 1
    width = max(len(c["name"]) for c in found)
    cost_width = max(len(c.get("mana_cost", "")) for c in found)
    for c in found:
        print(f"{c['name']:<{width}}  {c.get('mana_cost', ''):<{cost_width}}  {c.get('type_line', '')}".rstrip())
    return 0


def cards_list(args: argparse.Namespace) -> int:
    """Every bundled card (34,632), manual ones with the phrases nothing implements."""
    from mechanics import Game, make_plugin_manager

    game = Game(plugins=make_plugin_manager(disabled=disabled(args)))
    only = getattr(args, "only", None)
    shown = manual = 0
    cards = sorted(game.pool, key=lambda c: c.name)
    for card in cards:
        missing = game.manual_phrases(card.name)
        manual += bool(missing)
        if only == "manual" and not missing or only == "automated" and missing:
            continue
        shown += 1
        print(f"{card.name} (manual)" if missing and only is None else card.name)
        for line in missing:
            print(f"    {line}")
    print(f"{manual} manual, {len(cards) - manual} automated of {len(cards)} cards")
    return 0


def cards_coverage(args: argparse.Namespace) -> int:
    """How many bundled cards the engine automates, and what most often stops the rest."""
    import json

    from mechanics import Game, coverage, make_plugin_manager

    game = Game(plugins=make_plugin_manager(disabled=disabled(args)))
    report = coverage(game.pool, game.hooks.keywords, game.hooks.scripts, args.top)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['automated']:,} of {report['cards']:,} bundled cards automated ({report['percent']}%)")
    print(f"the {len(report['phrases'])} most common phrases nothing implements (first unread words):")
    for row in report["phrases"]:
        print(f"  {row['cards']:>6}  {row['phrase']}")
    return 0
