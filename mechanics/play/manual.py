"""Manual actions: the player doing by hand what the engine doesn't (moving a card,
drawing, milling, counters, tapping, pumping, tokens, damage), from the TUI's manual
menu or a scenario line.  They bypass the rules' timing but not the objects: each
names a permanent or player that must exist where the action needs it.

They implement no CR section: they stand in for the rules a card flagged manual
leaves to the player, outside priority (117) and casting (601).  Each goes through
the engine's primitive for it (mechanics/rules/primitives.py), so replacement
effects (614) still apply and triggered abilities (603.2) still trigger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import actions as A
from ..model.errors import IllegalActionError

if TYPE_CHECKING:
    from .game import Game

_COUNTERS_GO = "; counters go on permanents and players"


def _move(game: Game, a: A.Move) -> None:
    oid = game.resolve_obj(a.obj)
    game.move(oid, a.zone, a.player or None, bottom=a.bottom, controller=a.player or None)
    where = "the bottom of the library" if a.bottom else a.zone
    game.note(f"(manual) {game.describe(oid)} moved to {where}")


def _move_together(game: Game, a: A.MoveTogether) -> None:
    oids = [game.resolve_obj(ref) for ref in a.objs]
    if len(set(oids)) != len(oids):
        raise IllegalActionError("an object is named twice")
    game.move_all(oids, a.zone)
    game.note(f"(manual) {', '.join(game.describe(o) for o in oids)} moved together to {a.zone}")


def _draw(game: Game, a: A.Draw) -> None:
    game.player(a.player)
    game.draw(a.player, a.n)


def _mill(game: Game, a: A.Mill) -> None:
    game.player(a.player)
    game.mill(a.player, a.n)


def _shuffle(game: Game, a: A.Shuffle) -> None:
    game.player(a.player)
    game.shuffle(a.player)


def _add_counter(game: Game, a: A.AddCounter) -> None:
    if a.n < 0:
        raise IllegalActionError("the number of counters can't be negative")
    game.put_counters(_on_battlefield(game, a.target, True, _COUNTERS_GO), a.kind, a.n)


def _remove_counter(game: Game, a: A.RemoveCounter) -> None:
    if a.n < 0:
        raise IllegalActionError("the number of counters can't be negative")
    game.remove_counters(_on_battlefield(game, a.target, True, _COUNTERS_GO), a.kind, a.n)


def _on_battlefield(game: Game, ref: str, players: bool = False, why: str = "") -> Any:
    """The permanent (or, with ``players``, the player) ``ref`` names; an object in
    another zone is refused, ``why`` saying what the action needs."""
    t = game.resolve_ref(ref, players=players)
    if isinstance(t, int) and game.state.objs[t].zone != "battlefield":
        raise IllegalActionError(f"'{ref}' is not on the battlefield{why}")
    return t


def _pump(game: Game, a: A.Pump) -> None:
    game.pump(_on_battlefield(game, a.obj), a.power, a.toughness)


def _set_pt(game: Game, a: A.SetPT) -> None:
    """604.3: the player gives a ``*`` creature the value its ability would (layer 7a)."""
    oid = _on_battlefield(game, a.obj)
    if not game.chars(oid).card.star_pt:
        raise IllegalActionError(f"'{a.obj}' has no * power or toughness to set (604.3)")
    game.state.objs[oid].choices["pt"] = (a.power, a.toughness)
    game.changed()
    game.note(f"(manual) {game.describe(oid)} is {a.power}/{a.toughness}")


def _tap(game: Game, a: A.Tap) -> None:
    game.tap(_on_battlefield(game, a.obj))


def _untap(game: Game, a: A.Untap) -> None:
    game.untap(_on_battlefield(game, a.obj))


def _phase_out(game: Game, a: A.PhaseOut) -> None:
    game.phase_out(_on_battlefield(game, a.obj))


def _phase_in(game: Game, a: A.PhaseIn) -> None:
    game.phase_in(_on_battlefield(game, a.obj))


def _turn_face(game: Game, a: A.Transform) -> None:
    """A transforming double-faced card's or a flip card's other face (712, 710), by hand."""
    what = "flip" if isinstance(a, A.Flip) else "transform"
    if not game.turn_face(_on_battlefield(game, a.obj), what):
        raise IllegalActionError(f"'{a.obj}' can't {what}: it isn't a {what} card whose faces are known")


def _token(game: Game, a: A.Token) -> None:
    game.player(a.player)
    card = game.card(a.card)
    made = game.create_token(a.player, card.name)
    if a.alias and made:
        game.state.aliases[a.alias] = made[0]


def _damage(game: Game, a: A.Damage) -> None:
    game.damage(_on_battlefield(game, a.target, players=True), a.n)


MANUAL = {
    A.Move: _move, A.MoveTogether: _move_together, A.Draw: _draw, A.Mill: _mill, A.Shuffle: _shuffle, A.AddCounter: _add_counter,
    A.RemoveCounter: _remove_counter, A.Pump: _pump, A.SetPT: _set_pt, A.Tap: _tap, A.Untap: _untap,
    A.PhaseOut: _phase_out, A.PhaseIn: _phase_in, A.Transform: _turn_face, A.Flip: _turn_face, A.Token: _token, A.Damage: _damage,
}
