"""The ``stackfish`` command: play, run scenarios, check decks, list plugins.

Every user error ends in one clear line (``FILE:LINE: message`` where there is
a file) and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources


def _script(args: argparse.Namespace) -> int:
    from mechanics.scenario import run

    code = run(args.file, out=lambda m: print(m, file=sys.stderr))
    if code == 0 and not args.quiet:
        print(f"{args.file}: ok")
    return code


def _demo(args: argparse.Namespace) -> int:
    """Play the bundled demo scenario and print its game log."""
    from mechanics.errors import SourceError
    from mechanics.scenario import run_checked

    path = str(resources.files("mechanics").joinpath("data/demo.scenario"))
    try:
        game = run_checked(path)
    except SourceError as exc:
        print(exc, file=sys.stderr)
        return 2
    print("\n".join(game.log))
    return 0


def _deck_check(args: argparse.Namespace) -> int:
    from mechanics.cards import load_bundled_pool
    from mechanics.decks import read_deck, resolve_names
    from mechanics.errors import DeckError

    pool = load_bundled_pool()
    try:
        deck = resolve_names(read_deck(args.file), lambda n: pool.get(n).name if n in pool else None,
                             pool.names())
    except DeckError as exc:
        print(exc, file=sys.stderr)
        return 2
    main = sum(e.count for e in deck.main)
    side = sum(e.count for e in deck.sideboard)
    print(f"{args.file}: {deck.format} deck, {main} main, {side} sideboard")
    return 0


def _plugins(args: argparse.Namespace) -> int:
    from mechanics.plugin_manager import list_plugins, make_plugin_manager

    for p in list_plugins(make_plugin_manager(disabled=args.disable_plugin or ())):
        if p["error"]:
            print(f"{p['name']}: FAILED to load: {p['error']}")
        else:
            print(f"{p['name']} {p['version']} ({p['source']}): {', '.join(p['hooks'])}")
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="stackfish", description="Goldfish Magic decks in the terminal.")
    ap.add_argument("--disable-plugin", action="append", metavar="NAME", help="turn a plugin off")
    sub = ap.add_subparsers(dest="command")
    p = sub.add_parser("script", help="run a scenario file (exit 0 ok, 1 failed expectation, 2 error)")
    p.add_argument("file")
    p.add_argument("-q", "--quiet", action="store_true")
    p.set_defaults(func=_script)
    p = sub.add_parser("demo", help="play the bundled demo scenario and print the log")
    p.set_defaults(func=_demo)
    deck = sub.add_parser("deck", help="deck lists").add_subparsers(dest="deck_command", required=True)
    p = deck.add_parser("check", help="read a deck list in any common format and report it")
    p.add_argument("file")
    p.set_defaults(func=_deck_check)
    p = sub.add_parser("plugins", help="list the loaded plugins and any that failed")
    p.set_defaults(func=_plugins)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    func = getattr(args, "func", _demo)
    try:
        return func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
