"""A busy board for the playmat's snapshots and checks: lands tapped and not, creatures
with counters, an aura on its host, a token, a phased-out creature, a sick one, an
opponent with permanents of its own, and three evolve triggers on the stack."""

from __future__ import annotations

import plugins.evolve
from mechanics import actions as A
from tui.app import bundled_deck, make_app

BOARD = [
    'battlefield p1 Forest', 'battlefield p1 Forest tapped', 'battlefield p1 Forest tapped',
    'battlefield p1 Island', 'battlefield p1 Island tapped',
    'battlefield p1 "Cloudfin Raptor" counter +1/+1=2',
    'battlefield p1 "Experiment One" counter +1/+1=1 tapped',
    'battlefield p1 "Shambleshark" counter +1/+1=1',
    'battlefield p1 "Grizzly Bears" as bear',
    'battlefield p1 Rancor attached-to bear',
    'battlefield p1 "Llanowar Elves" token tapped',
    'battlefield p1 "Watchful Radstag" as stag',
    'phase-out stag',
    'battlefield p1 "Hardened Scales"',
    'battlefield p2 Swamp', 'battlefield p2 Swamp tapped',
    'battlefield p2 "Vampire Nighthawk"',
    'counter p1 rad 3', 'counter p2 poison 2', 'life p2 14',
    'hand p1 "Kalonian Tusker"', 'mana p1 {G}{G}{1}',
]


def busy_game(app) -> None:
    """Put the busy board on ``app``'s game (kept hand, p1's first main phase) and cast
    Kalonian Tusker, which resolves: three evolve creatures trigger (their order is
    then pending)."""
    game = app.game
    game.play("keep p1")
    game.play("goto main1 p1")
    for line in BOARD:
        game.play(line)
    game.play('cast p1 "Kalonian Tusker"')
    game.play("pass")


def busy_app(seed: int = 1, order: bool = False):
    """An app whose game is the busy board; with ``order`` the triggers' order is
    answered (three triggers on the stack), else it is the pending decision.  The app
    stops at every priority (full control), so the triggers stay for the picture."""
    app = make_app(bundled_deck(), seed, plugins=[plugins.evolve])
    app.stops = ("full-control",)
    busy_game(app)
    if order:
        d = app.game.pending
        app.game.play(A.Order(tuple(app.game.ref_for(o) for o in d.options)))
    return app
