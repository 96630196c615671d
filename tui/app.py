"""The stackfish TUI: a goldfish game of one deck, as a view over one ``Game``.

:func:`make_app` builds the game outside the app (so a test gets a
deterministic app from a deck file and a seed); :class:`StackfishApp` shows it
through :class:`tui.screens.game.GameScreen`.  The app never decides a rule:
every move is a scenario-language action given to ``game.play``.
"""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from textual.app import App, SystemCommand

from mechanics import Game, make_plugin_manager
from mechanics import actions as A
from mechanics.io.games import GameInfo, open_or_resume
from mechanics.io.journal import Journal, JournalError, setup_floor

from .screens.game import GameScreen
from .stops import load_stops


def bundled_deck(name: str = "simic-evolve.txt") -> str:
    """The path of a deck list shipped with stackfish."""
    return str(resources.files("mechanics").joinpath(f"data/decks/{name}"))


def plugin_manager(plugins: Any = None) -> Any:
    """A fresh plugin manager for a new game, so that turning a plugin off in one game
    (``disable_plugin``, which its journal records) leaves the next game's alone.
    ``plugins``: ``None``, every installed plugin; a callable, what it returns
    (``partial(make_plugin_manager, disabled=...)``); an iterable of plugin objects,
    only those (no entry points), e.g. ``[]`` for none."""
    if plugins is None:
        return make_plugin_manager()
    if callable(plugins):
        return plugins()
    return make_plugin_manager(load_entrypoints=False, extra=list(plugins))


def new_game(deck_path: str, seed: int, plugins: Any = None, pool: Any = None) -> Game:
    """A goldfish game at its mulligan decision: ``seed N``, ``goldfish p2``,
    ``deck p1 FILE``, ``start``.  Raises :class:`StackfishError` for a bad deck.
    ``pool`` is the card pool (the bundled cards by default)."""
    path = os.path.abspath(deck_path)
    game = Game(seed=seed, pool=pool, plugins=plugin_manager(plugins),
                base_dir=os.path.dirname(path))
    for action in (A.Seed(seed), A.Goldfish(("p2",)), A.DeckCmd("p1", path), A.Start()):
        game.play(action)
    return game


@dataclass
class Session:
    """Kill turns across the games of one app run (``R`` starts a new one): game
    number -> the turn the human player won on (an undone win is dropped)."""

    games: int = 1
    kills: dict[int, int] = field(default_factory=dict)

    def note(self, game: Game, me: str) -> None:
        """Record (or, after an undo, forget) the current game's kill turn."""
        st = game.state
        if st.over and st.winner == me and st.kill_turn:
            self.kills[self.games] = st.kill_turn
        else:
            self.kills.pop(self.games, None)

    @property
    def mean(self) -> float | None:
        return sum(self.kills.values()) / len(self.kills) if self.kills else None

    @property
    def best(self) -> int | None:
        return min(self.kills.values()) if self.kills else None


class StackfishApp(App):
    """Goldfish one deck: the game screen, its dialogs and the help screen."""

    CSS_PATH = "app.tcss"
    TITLE = "stackfish"
    COMMAND_PALETTE_DISPLAY = "^p"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    def __init__(self, deck_path: str, seed: int = 0, plugins: Any = None,
                 pool: Any = None, game: Game | None = None, journal: Any = False) -> None:
        super().__init__()
        self.deck_path = deck_path
        self.plugins = plugins
        self.pool = pool
        self.game = game if game is not None else new_game(deck_path, seed, plugins, pool)
        self.floor = setup_floor(self.game)
        """Actions that set the game up; undo stops there."""
        self.session = Session()
        """Games played and kill turns in this run of the app."""
        self.stops = load_stops()
        """Where the game stops for the player when they can act (``:stops``)."""
        self.journal = self.start_journal(journal)
        """The game's journal (mechanics/io/journal.py), or None when not journalled."""

    def start_journal(self, journal: Any) -> Any:
        """``journal``: a :class:`Journal` already attached, True for a new one in the
        data dir (or a games directory path for one there), False/None for none."""
        self.journal_error = ""
        self.wanted_journal = journal if not isinstance(journal, Journal) else False
        if journal is None or journal is False or isinstance(journal, Journal):
            return journal or None
        root = None if journal is True else journal
        try:
            return Journal.create(self.game, root, title=f"{os.path.basename(self.deck_path)} "
                                  f"seed {self.game.state.seed}")
        except JournalError as exc:  # an unwritable data dir: play on, and say so
            self.journal_error = exc.reason
            return None

    def not_saved(self) -> str:
        """Why the game is not being saved (the journal can't be written), or ``""``."""
        if self.journal is not None:
            return self.journal.error
        return self.journal_error

    def retry_saving(self) -> bool:
        """Try again to write the journal (space may have returned, the data dir been
        made writable): the lines a failed write left, or a journal that could not be
        created, with every action so far.  Whether the game is saved now."""
        if self.journal is not None:
            return self.journal.retry()
        if self.journal_error:
            self.journal = self.start_journal(self.wanted_journal)
        return not self.journal_error

    def new_game(self, seed: int) -> None:
        """Replace the game with a fresh one of the same deck (and a new journal)."""
        self.replace_game(new_game(self.deck_path, seed, self.plugins, self.pool), self.deck_path)
        self.session.games += 1

    def open_choice(self, choice: GameInfo | str, repair: bool = False) -> None:
        """Play what the deck screen chose instead of this game (its journal keeps it,
        so it can be resumed later): a deck's path, a new game of it with a random
        seed; or an unfinished game, resumed (``repair``: a damaged journal from its last
        good action).  Raises :class:`StackfishError` (a bad
        deck, a locked or corrupted journal) or OSError, leaving this game as it was."""
        if isinstance(choice, str):
            seed = random.randrange(1, 10_000)
            self.replace_game(new_game(choice, seed, self.plugins, self.pool), choice)
        else:
            game, journal = open_or_resume(choice.id, root=self.games_root(), pool=self.pool,
                                           plugins=plugin_manager(self.plugins), repair=repair)
            deck = journal.directory / "p1.deck"
            self.replace_game(game, str(deck) if deck.exists() else bundled_deck(), journal)
        self.session = Session()

    def games_root(self) -> Any:
        """Where this app's journals are: a games directory, or None for the data dir's."""
        return self.journal.directory.parent if self.journal is not None else None

    def replace_game(self, game: Game, deck_path: str, journal: Journal | None = None) -> None:
        """Show ``game`` of ``deck_path`` with ``journal`` (a new one if the app
        journals its games) instead of the current game, whose journal is closed."""
        old = self.journal
        self.game, self.deck_path = game, deck_path
        self.floor = setup_floor(game)
        self.journal = journal or self.start_journal(old is not None and self.games_root())
        if old is not None:
            old.close()

    def get_system_commands(self, screen: Any) -> Iterable[SystemCommand]:
        """The command palette (ctrl+p): the theme (dark, light and Textual's others;
        the board's palette follows whether it is dark), a screenshot, the keys."""
        for command in super().get_system_commands(screen):
            if command.title in ("Theme", "Screenshot", "Keys"):
                yield command

    def on_mount(self) -> None:
        self.push_screen(GameScreen())
        # what start-up built (modules, the card pool, the widgets) lives as long as the
        # app: out of the collector's full passes, which otherwise pause a key by 50 ms+
        self.call_after_refresh(gc.freeze)


def make_app(deck_path: str | None = None, seed: int = 0,
             plugins: Iterable[Any] | Any = None, pool: Any = None, game: Game | None = None,
             journal: Any = False) -> StackfishApp:
    """Build the app for a deck file (the bundled Simic evolve deck by default) and a
    seed; ``plugins`` as for :func:`plugin_manager` (``[]`` for none, in tests);
    ``pool`` the card pool (the bundled cards by default); ``game`` a game to show
    instead (a resumed one); ``journal`` as for :meth:`StackfishApp.start_journal`."""
    return StackfishApp(deck_path or bundled_deck(), seed, plugins, pool, game, journal)
