"""The resolution context handed to card scripts and plugins.

A spell or ability resolves by calling methods of a :class:`Ctx`; each one is
an engine primitive that applies replacement effects, emits an event and so
is logged, undoable and replayable.  Nothing else may change the game.

Choices made while resolving (proliferate's "any number of", a replacement
order, Clone's creature) go through :meth:`Ctx.choose`.  In an interactive
game the engine then suspends the action: it restores the state from before
the action and waits for a ``choose`` answer, after which it runs the action
again from the start with the answers so far (a deterministic replay, since
the RNG is part of the state).  With a policy (the autopilot) the answer is
asked for at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.cards import parse_cost
from ..model.errors import IllegalActionError
from ..model.state import Decision, StackItem
from .perform import pay

if TYPE_CHECKING:
    from .game import Game


class Suspend(Exception):  # noqa: N818 - control flow, not an error
    """Raised inside an action when a decision is needed that has no answer yet."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class Ctx:
    """What a resolving spell or ability can see and do."""

    #: where the resolving mode's targets start among the item's (a modal spell's
    #: targets are its chosen modes', in order: :func:`mechanics.abilities.modes.run_modes`)
    offset = 0

    def __init__(self, game: Game, item: StackItem | None = None, controller: str | None = None):
        self.game = game
        self.item = item
        self.controller = controller or (item.controller if item else game.state.active)

    # ------------------------------------------------------------ reading
    @property
    def source(self) -> int | None:
        """The source object's id, if it is still the same object (400.7)."""
        if self.item is None or self.item.source is None:
            return None
        obj = self.game.state.objs.get(self.item.source)
        return obj.id if obj is not None and obj.epoch == self.item.source_epoch else None

    def target(self, i: int = 0) -> Any:
        """The i-th target if it is still legal (608.2b), else None."""
        i += self.offset
        if self.item is None or i >= len(self.item.targets):
            return None
        return self.game.live_target(self.item, i)

    def lki(self, obj: int, epoch: int) -> dict[str, Any] | None:
        """The object as it last existed on the battlefield (608.2h), or now."""
        return self.game.look(obj, epoch)

    # ------------------------------------------------------------ deciding
    def choose(self, decision: Decision) -> Any:
        return self.game.ask(decision)

    def remember_choice(self, obj: int, value: str, key: str = "choice") -> None:
        """Record a choice made as a permanent enters (a creature type, a color;
        614.12).  It is part of that object: it lasts while it stays on the
        battlefield, phased out included (702.26d), and is what the ``choose``
        word of the ``battlefield`` setup command sets."""
        o = self.game.state.objs[obj]
        o.choices = {**o.choices, key: value}
        self.game.changed()
        self.game.note(f"{self.game.describe(obj)}: chosen {value}")

    def enter_tapped(self, obj: int) -> None:
        """"This enters tapped" (614.1c, 614.12): the permanent is tapped as it enters.
        It is how it enters, not an event: it never "becomes tapped" (no Tapped event)."""
        o = self.game.state.objs[obj]
        o.tapped = True
        self.game.changed(characteristics=False)
        self.game.note(f"{self.game.describe(obj)} enters tapped")

    def pay(self, player: str, cost: str) -> bool:
        """Pay a mana cost while resolving ("you may pay {3}. If you do, ..."): from
        the pool, then untapped lands (601.2g-h, 118.3).  Returns False, changing
        nothing, when the player can't pay it."""
        try:
            pay(self.game, player, parse_cost(cost))
        except IllegalActionError:
            return False
        self.game.note(f"{player} pays {cost}")
        return True

    # ------------------------------------------------------------ doing
    def __getattr__(self, name: str) -> Any:
        """Primitives are the game's: damage, draw, put_counters, create_token, ..."""
        if name in PRIMITIVES:
            return getattr(self.game, name)
        raise AttributeError(name)


PRIMITIVES = frozenset({
    "damage", "draw", "gain_life", "lose_life", "put_counters", "remove_counters",
    "create_token", "destroy", "sacrifice", "move", "mill", "tap", "untap", "phase_out",
    "phase_in", "pump", "add_effect", "keyword_action", "attach", "shuffle", "add_mana",
    "counter_item", "copy_spell", "enter_copy", "emit", "note", "queue_trigger", "regenerate",
})
