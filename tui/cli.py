"""The ``stackfish`` command: play, run scenarios, check decks, list plugins.

Every user error ends in one clear line (``FILE:LINE: message`` where there is
a file) and a non-zero exit code, never a traceback.  This module builds the
parser and runs play, script, demo, simulate, compile, plugins and serve; the card and
saved-game commands live in :mod:`tui.commands`.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import resources

from mechanics.model.errors import StackfishError

from . import commands
from .commands import cards as card_commands
from .commands import games as game_commands


def _script(args: argparse.Namespace) -> int:
    from mechanics import Game
    from mechanics.io.scenario import run, scenario_pool

    try:  # `deck p1 FILE` may name any imported card; --cards adds test cards
        pool = scenario_pool(args.cards or ())
    except StackfishError as exc:
        print(exc, file=sys.stderr)
        return 2
    code = run(args.file, game_factory=lambda **kw: Game(pool=pool, plugins=commands.plugins_recipe(args)(), **kw),
               out=lambda m: print(m, file=sys.stderr))
    if code == 0 and not args.quiet:
        print(f"{args.file}: ok")
    return code


def _demo(args: argparse.Namespace) -> int:
    """Play the bundled demo scenario and print its game log."""
    from mechanics import Game
    from mechanics.io.scenario import run_checked
    from mechanics.model.errors import SourceError

    path = str(resources.files("mechanics").joinpath("data/demo.scenario"))
    try:
        game = run_checked(path, lambda **kw: Game(plugins=commands.plugins_recipe(args)(), **kw))
    except SourceError as exc:
        print(exc, file=sys.stderr)
        return 2
    print("\n".join(game.log))
    return 0


def _play(args: argparse.Namespace) -> int:
    """Open the TUI on a goldfish game of a deck; with no deck, in a terminal, the
    start screen first if there is something to choose (see :func:`_start`)."""
    from tui.app import bundled_deck, make_app

    deck = getattr(args, "deck", None)
    if deck is None and sys.stdin.isatty() and sys.stdout.isatty():
        chosen = _start(args, games_too=getattr(args, "command", None) != "play")
        if not isinstance(chosen, str):
            return chosen
        deck = chosen
    deck = deck or bundled_deck()
    seed = getattr(args, "seed", None)
    if seed is None:
        import random

        seed = random.randrange(1, 10_000)
    from mechanics.store.carddb import load_user_pool

    try:
        app = make_app(deck, seed, commands.plugins_recipe(args), pool=load_user_pool(), journal=True)
    except OSError as exc:
        print(f"{deck}: {exc}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0  # 1 when the app ended on an error


def _start(args: argparse.Namespace, games_too: bool) -> int | str:
    """The start screen (plain ``stackfish`` lists the unfinished games too) when there
    is something to choose: an unfinished game or a deck of the player's own; else the
    bundled Simic deck at once (``D`` in the game opens the deck screen).
    Returns the path of the deck to play, else the exit status (resumed and played, or quit)."""
    from mechanics.io.games import open_or_resume, unfinished
    from tui.app import bundled_deck
    from tui.library import user_decks
    from tui.screens.start import StartApp

    games = []
    if games_too:
        try:
            games = unfinished()
        except StackfishError:
            pass
    if not games and not user_decks():
        return bundled_deck()
    choice = StartApp(games).run()
    if choice is None:
        return 0
    if isinstance(choice, str):
        return choice
    return game_commands.open_journalled(open_or_resume, choice.id, args)


def _simulate(args: argparse.Namespace) -> int:
    """Play many seeded goldfish games with the autopilot; report the kill turns of one
    deck, or compare several (or variants of one: --vary, --swap) on the same seeds."""
    import json

    from mechanics.ai import report, variants
    from mechanics.ai.simulate import Deck, _worker_setup, compare

    if args.n < 1 or args.jobs < 1 or args.turns < 1:
        print("-n, --jobs and --turns must be 1 or more", file=sys.stderr)
        return 2
    if (args.vary or args.swap) and len(args.deck) != 1:
        print("--vary and --swap make variants of one deck list: give one", file=sys.stderr)
        return 2
    disabled = commands.disabled(args)
    try:
        decks = [Deck(d) for d in args.deck]
        if args.vary or args.swap:
            pool = _worker_setup(disabled)["pool"]
            decks = [v for spec in args.vary or () for v in variants.vary(args.deck[0], spec, pool)]
            decks += [v for spec in args.swap or () for v in variants.swap(args.deck[0], spec, pool)
                      if v.note != "as listed" or not any(d.note == "as listed" for d in decks)]
        show = sys.stderr.isatty() and not (args.json or args.csv) and args.n >= 50
        bar = commands.progress_bar(sys.stderr, "simulating") if show else None
        results = compare(decks, args.n, args.seed, args.jobs, bar, max_turns=args.turns,
                          disabled=disabled, cluster=args.cluster)
    except OSError as exc:
        print(f"{getattr(exc, 'filename', None) or args.deck[0]}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if args.csv:
        print(report.records_csv(results), end="")
    elif args.json:
        data = results[0].to_json() if len(results) == 1 else report.comparison_json(results)
        print(json.dumps(data, indent=2))
    else:
        print(results[0].render() if len(results) == 1 else report.render_comparison(results))
    if args.plot is not None:
        from tui import plots

        if args.plot == "-":
            import shutil

            print(plots.terminal(results, width=min(100, shutil.get_terminal_size().columns)))
        else:
            plots.write(results, args.plot)
            print(f"charts written to {args.plot}", file=sys.stderr)
    from mechanics import compiled

    print(compiled.engine_line(), file=sys.stderr)  # (stdout stays the report, --json, --csv)
    return 1 if any(r.errors for r in results) else 0  # games that failed are a failure


def _compile(args: argparse.Namespace) -> int:
    """Compile the engine's hot modules with Cython (``stackfish[fast]``) into the user's
    cache (:mod:`mechanics.compiled`); ``--status``: say which are compiled and current."""
    import time

    from mechanics import compiled

    current, stale, missing = compiled.status()
    total = len(current) + len(stale) + len(missing)
    if args.status:
        print(f"{len(current)} of {total} engine modules compiled and current in {compiled.cache_dir()}")
        for label, names in (("edited since their build (run as Python)", stale), ("never built", missing)):
            if names:
                print(f"{label}: {', '.join(n.removeprefix('mechanics.') for n in names)}")
        if compiled.pure():
            print("STACKFISH_PURE is set: the engine runs as Python here")
        return 0
    if not stale and not missing:
        print(f"all {total} engine modules are compiled and current ({compiled.cache_dir()})")
        return 0
    print(f"compiling {len(stale) + len(missing)} engine modules with Cython into {compiled.cache_dir()} "
          "(a few minutes)...", file=sys.stderr)
    start = time.monotonic()
    try:
        done = compiled.build(jobs=args.jobs)
    except compiled.BuildError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"compiled {len(done)} modules in {time.monotonic() - start:.0f} s: {total} of {total} "
          "current; `stackfish simulate` uses them (STACKFISH_PURE=1: pure Python)")
    return 0


def _plugins(args: argparse.Namespace) -> int:
    from mechanics import list_plugins, make_plugin_manager

    for p in list_plugins(make_plugin_manager(disabled=commands.disabled(args))):
        if p["error"]:
            print(f"{p['name']}: FAILED to load: {p['error']}")
        else:
            print(f"{p['name']} {p['version']} ({p['source']}): {', '.join(p['hooks'])}")
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="stackfish", description="Goldfish Magic decks in the terminal.")
    ap.add_argument("--disable-plugin", action="append", metavar="NAME", help="turn a plugin off")
    ap.add_argument("--hook-timeout", type=float, metavar="SECONDS",
                    help="stop a plugin hook that runs longer and turn the plugin off "
                         "(STACKFISH_HOOK_TIMEOUT; 2; 0: no limit)")
    sub = ap.add_subparsers(dest="command")
    p = sub.add_parser("script", help="run a scenario file (exit 0 ok, 1 failed expectation, 2 error)")
    p.add_argument("file")
    p.add_argument("-q", "--quiet", action="store_true")
    p.add_argument("--cards", action="append", metavar="FILE",
                   help="a card file (JSON array of Scryfall-shaped cards) the scenario may use")
    p.set_defaults(func=_script)
    p = sub.add_parser("play", help="goldfish a deck in the terminal UI")
    p.add_argument("deck", nargs="?", help="a deck list file (any common format); "
                   "without one, choose or paste a deck first if you have "
                   "decks of your own, else the bundled Simic deck")
    p.add_argument("--seed", type=int, help="the game's random seed (default: a random one)")
    p.set_defaults(func=_play)
    p = sub.add_parser("demo", help="play the bundled demo scenario and print the log")
    p.set_defaults(func=_demo)
    deck = sub.add_parser("deck", help="deck lists").add_subparsers(dest="deck_command", required=True)
    p = deck.add_parser("check", help="read a deck list in any common format; say which cards "
                        "are automated and what the others leave to the player")
    p.add_argument("file")
    p.add_argument("--json", action="store_true",
                   help='print {"cards", "automated", "manual": [{"name", "count", "missing"}]}')
    p.set_defaults(func=card_commands.deck_check)
    cards = sub.add_parser("cards", help="the card database and which cards are automated",
                           description="Without a sub-command: list the bundled cards (as 'list').")
    which = cards.add_mutually_exclusive_group()
    which.add_argument("--manual", dest="only", action="store_const", const="manual",
                       help="only manual cards, each with the lines nothing implements")
    which.add_argument("--automated", dest="only", action="store_const", const="automated",
                       help="only fully automated cards")
    cards.set_defaults(func=card_commands.cards_list)
    cards_sub = cards.add_subparsers(dest="cards_command")
    p = cards_sub.add_parser("import", help="import a Scryfall bulk file (oracle-cards-*.json)")
    p.add_argument("file")
    p.set_defaults(func=card_commands.cards_import)
    p = cards_sub.add_parser("search", help="search imported cards' names and oracle text")
    p.add_argument("text", nargs="+")
    p.add_argument("-n", "--limit", type=int, default=20, help="at most this many cards (20)")
    p.set_defaults(func=card_commands.cards_search)
    p = cards_sub.add_parser("list", help="list the bundled cards; manual ones with their missing lines")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--manual", dest="only", action="store_const", const="manual", default=argparse.SUPPRESS)
    which.add_argument("--automated", dest="only", action="store_const", const="automated",
                       default=argparse.SUPPRESS)
    p.set_defaults(func=card_commands.cards_list)
    p = cards_sub.add_parser("coverage", help="how many bundled cards are automated; the phrases that stop the rest")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--top", type=int, default=20, help="how many phrases (20)")
    p.set_defaults(func=card_commands.cards_coverage)
    p = sub.add_parser("simulate", help="play many goldfish games with an autopilot; kill-turn "
                       "statistics; compare decks", description="One deck: kill-turn and by-turn "
                       "statistics. Several decks, or variants of one (--vary, --swap): each plays "
                       "the same seeds and each pair's difference in mean kill turn is given with "
                       "its 95% confidence interval (docs/simulate.md).")
    p.add_argument("deck", nargs="+", help="deck list files (two or more are compared)")
    p.add_argument("-n", type=int, default=1000, help="how many games per deck (1000)")
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (1)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="processes to spread games over (1)")
    p.add_argument("--turns", type=int, default=20, help="give up after this many of p1's turns (20)")
    p.add_argument("--vary", action="append", metavar="CARD=LOW..HIGH",
                   help='variants with each count of a card, e.g. "Forest=15..19" or "Forest=15,17"')
    p.add_argument("--swap", action="append", metavar="OLD=NEW",
                   help='the deck and a variant with every OLD replaced by NEW')
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the results and every game's record as JSON")
    out.add_argument("--csv", action="store_true", help="one CSV row per game (with by-turn records)")
    p.add_argument("--plot", nargs="?", const="-", metavar="FILE",
                   help="charts: in the terminal (plotext), or to FILE.svg / FILE.png")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play on a Dask cluster, e.g. tcp://HOST:8786 (stackfish[cluster])")
    p.set_defaults(func=_simulate)
    p = sub.add_parser("compile", help="compile the rules engine with Cython for faster simulate "
                       "(stackfish[fast] and a C compiler)", description="Compile the engine's "
                       "hot modules with Cython into your cache directory: games on about a "
                       "quarter less CPU. A module edited since runs as Python until you "
                       "compile again; STACKFISH_PURE=1 runs it all as Python (docs/simulate.md).")
    p.add_argument("--status", action="store_true", help="say which modules are compiled and current")
    p.add_argument("--jobs", "-j", type=int, help="compiler processes (default: every core)")
    p.set_defaults(func=_compile)
    p = sub.add_parser("plugins", help="list the loaded plugins and any that failed")
    p.set_defaults(func=_plugins)
    p = sub.add_parser("games", help="list unfinished games (and saves) that can be resumed")
    p.add_argument("-a", "--all", action="store_true", help="finished games too")
    p.set_defaults(func=game_commands.games)
    p = sub.add_parser("resume", help="resume an unfinished game where it stopped")
    p.add_argument("game", nargs="?", help="a game id, id prefix or number from 'stackfish "
                   "games', or a journal file (default: the newest unfinished game)")
    p.add_argument("--print", action="store_true", help="print the position instead of playing")
    p.add_argument("--repair", action="store_true", help="a damaged journal: continue from its "
                   "last good action (the whole file is kept as journal.scenario.torn)")
    p.set_defaults(func=game_commands.resume)
    p = sub.add_parser("save", help="keep a copy of a game under a name")
    p.add_argument("name")
    p.add_argument("--game", help="which game (default: the newest unfinished one)")
    p.add_argument("-f", "--force", action="store_true", help="replace a save of that name")
    p.set_defaults(func=game_commands.save)
    p = sub.add_parser("load", help="play on from a saved game")
    p.add_argument("name")
    p.add_argument("--print", action="store_true", help="print the position instead of playing")
    p.add_argument("--repair", action="store_true", help="a damaged journal: continue from its "
                   "last good action")
    p.set_defaults(func=game_commands.load)
    p = sub.add_parser("serve", help="host goldfish games over ssh or in a browser",
                       description="Each SSH session plays its own game in the terminal UI. "
                                   "Players connect with `ssh -p PORT NAME@HOST` "
                                   "(or `ssh -t -p PORT NAME@HOST play DECKNAME`). "
                                   "With --web, each browser tab plays its own game "
                                   "(textual-serve: pip install 'stackfish[web]'; no login).")
    p.add_argument("--ssh", action="store_true", help="serve over SSH (asyncssh)")
    p.add_argument("--web", action="store_true", help="serve to a browser (textual-serve)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=None,
                   help="port to listen on (2222 for ssh, 8000 for web)")
    p.add_argument("--authorized-keys", metavar="FILE",
                   help="public keys allowed to log in, each ending with its player's name "
                        "(~/.ssh/authorized_keys)")
    p.add_argument("--host-key", metavar="FILE",
                   help="the server's private host key (generated in the data directory)")
    for option, default, what in (
            ("--max-sessions", 20, "games at once; the next connection is turned away"),
            ("--max-per-address", 10, "connections at once from one address"),
            ("--max-startups", 4, "unauthenticated connections at once from one address"),
            ("--max-users", 1000, "player directories; a new player beyond them is turned away")):
        p.add_argument(option, type=int, default=default, metavar="N", help=f"{what} ({default})")
    p.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS",
                   help="save and close a session idle this long (1800; 0 never)")
    p.add_argument("--open", action="store_true",
                   help="any SSH key may play, under a name made from its fingerprint "
                        "(prints a warning)")
    p.add_argument("--allow-root", action="store_true",
                   help="run even as root (the games would run as root too)")
    p.set_defaults(func=_serve)
    return ap


def _serve(args: argparse.Namespace) -> int:
    """``serve --web`` (tui/web.py) or ``serve --ssh`` (tui/ssh)."""
    if args.web:
        from .web import main_web

        return main_web(args)
    from .ssh import main_serve

    args.port = 2222 if args.port is None else args.port
    return main_serve(args)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.hook_timeout is not None:  # (the environment reaches simulate's workers too)
        from mechanics import WATCHDOG

        os.environ["STACKFISH_HOOK_TIMEOUT"] = str(max(0.0, args.hook_timeout))
        WATCHDOG.limit = max(0.0, args.hook_timeout)
    func = getattr(args, "func", _play)
    try:
        return func(args)
    except StackfishError as exc:  # every user error: one line, exit 2, no traceback
        print(exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `stackfish cards | head`: the reader has gone, stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
