"""Journalled games from the command line: list them (``games``), resume one,
keep a copy under a name (``save``) and play on from it (``load``)."""

from __future__ import annotations

import argparse
import sys

from . import disabled, plugins_recipe


def journal_warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def open_journalled(opener, name: str | None, args: argparse.Namespace) -> int:  # noqa: ANN001
    """Open a journalled game (``opener``: ``open_or_resume`` or ``load`` of
    mechanics.io.games) with the user's card pool and plugins and run the TUI on it;
    with ``--print``, only print its position (read-only: nothing is written)."""
    from mechanics import make_plugin_manager
    from mechanics.store.carddb import load_user_pool

    kw = {"pool": load_user_pool(), "plugins": make_plugin_manager(disabled=disabled(args)),
          "warn": journal_warn}
    if getattr(args, "print", False):
        from mechanics.io.games import find_game, find_save
        from mechanics.io.replay import resume

        where = find_save(name) if opener.__name__ == "load" else find_game(name)
        game = resume(where, repair=getattr(args, 'repair', False), **kw)
        print(f"# game {where.name} ({where})")
        print(game.snapshot(), end="")
        d = game.pending
        print(f"# {d.prompt}" if d is not None else "# game over" if game.state.over else "")
        return 0
    from tui.app import make_app

    game, journal = opener(name, repair=getattr(args, 'repair', False), **kw)
    deck = journal.directory / "p1.deck"
    app = make_app(str(deck) if deck.exists() else None, game.state.seed,
                   plugins=plugins_recipe(args), pool=game.pool, game=game, journal=journal)
    app.run()
    return app.return_code or 0  # 1 when the app ended on an error


def games(args: argparse.Namespace) -> int:
    """List the journalled games (unfinished ones only unless --all) and the saves."""
    from mechanics.io.games import list_games, list_saves

    games, saves = list_games(finished=args.all), list_saves()
    for i, g in enumerate(games, 1):
        print(f"{i:>3}. {g.line()}")
    if not games:
        print("no unfinished games" if not args.all else "no games")
    if saves:
        print("saves:")
        for g in saves:
            print(f"     {g.line()}")
    return 0


def resume(args: argparse.Namespace) -> int:
    """Resume an unfinished game where it stopped (the newest one by default)."""
    from mechanics.io.games import open_or_resume

    return open_journalled(open_or_resume, args.game, args)


def save(args: argparse.Namespace) -> int:
    """Keep a copy of a game (the newest unfinished one by default) under a name."""
    from mechanics.io.games import check_name, find_game, save

    check_name(args.name)
    target = save(find_game(args.game, only_unfinished=args.game is None), args.name,
                  overwrite=args.force)
    print(f"saved as '{args.name}' ({target})")
    return 0


def load(args: argparse.Namespace) -> int:
    """Play on from a saved game (as a new game: the save stays as it is)."""
    from mechanics.io.games import load

    return open_journalled(load, args.name, args)
