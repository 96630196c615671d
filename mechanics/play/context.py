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

CR sections: resolving a spell or ability (608.2: its source and targets checked
again, 400.7 and 608.2b; last known information, 608.2h), choices remembered as an
object enters (614.12), paying costs while resolving (601.2g-h, 118.3), and the
keyword actions its methods perform (701: destroy, sacrifice, mill, counter,
regenerate; 707.10 copying a spell).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.cards import parse_cost
from ..model.errors import IllegalActionError
from ..model.state import Decision, StackItem
from .payment import pay

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
        """Ask the player a :class:`Decision`; returns the chosen options (the answer
        recorded so far, the autopilot's, or the game waits for a ``choose``)."""
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
        nothing, when the player can't pay it.  ``{E}``: an energy counter the player
        removes (107.14)."""
        energy = cost.upper().count("{E}")
        if energy > self.game.state.players[player].counters.get("energy", 0):
            return False
        try:
            pay(self.game, player, parse_cost(cost.upper().replace("{E}", "")))
        except IllegalActionError:
            return False
        if energy:
            self.game.remove_counters(player, "energy", energy)
        self.game.note(f"{player} pays {cost}")
        return True

    # ------------------------------------------------------------ doing
    def __getattr__(self, name: str) -> Any:
        """Primitives are the game's: damage, draw, put_counters, create_token, ..."""
        if name in PRIMITIVES:
            return getattr(self.game, name)
        raise AttributeError(name)


#: the engine primitives a resolving ability calls as ``ctx.NAME(...)``: each applies
#: replacement effects, emits its event, and is logged, undoable and replayable.  The
#: plugin reference (docs/plugins.md) is generated from this table and the signatures.
PRIMITIVES: dict[str, str] = {
    "damage": "deal damage (120); prevention and replacement apply, then its results (damage_results)",
    "draw": "the player draws n cards (121)",
    "gain_life": "the player gains n life (119)",
    "lose_life": "the player loses n life (119)",
    "put_counters": "put n counters of a kind on a permanent (id) or player (name); returns how many",
    "remove_counters": "remove up to n counters of a kind; returns how many",
    "create_token": "create n tokens by name (111), or copies of a card (copy_of); returns their ids",
    "destroy": "destroy a permanent (701.8): not if indestructible; a regeneration shield replaces it",
    "sacrifice": "sacrifice a permanent (701.21)",
    "sacrifice_all": "sacrifice permanents at the same time (701.21a, 603.10a)",
    "designate": "the player gets a designation one player has at a time (724: 'monarch'), from whoever had it",
    "exile_until": "exile an object until an opponent of the player gets a designation (610.3c); returns its id",
    "move": "move an object to a zone; it becomes a new object (400.7); returns its id",
    "mill": "mill n cards (701.17), all at once; returns their ids",
    "tap": "tap a permanent",
    "day_night": "it becomes day or night (726.2)",
    "create_emblem": "the player gets an emblem (114) named by its abilities' text; returns its id",
    "untap": "untap a permanent",
    "exert": "exert a permanent (701.43): it won't untap during its controller's next untap step",
    "phase_out": "phase a permanent out, with what is attached to it (702.26)",
    "phase_in": "phase a permanent in (702.26)",
    "pump": "+p/+t until end of turn (layer 7c)",
    "add_effect": "start a continuous effect in a layer (611.2) until end of turn or a condition",
    "keyword_action": "perform a keyword action a plugin implements (701.x): proliferate",
    "attach": "attach an Aura or Equipment to a permanent",
    "shuffle": "shuffle the player's library",
    "add_mana": "add mana symbols to the player's pool",
    "counter_item": "counter a spell or ability on the stack (701.6)",
    "copy_spell": "put a copy of a spell on the stack (707.10); new_targets: the text of the choice of "
                  "new targets for it (707.10c); returns its item's id",
    "enter_copy": "the object enters as a copy of a card (707.5)",
    "emit": "record an event of the plugin's own (an Event subclass) and collect its triggers; "
            "battlefield=True only for a ZoneChanged to or from the battlefield (always looked at)",
    "note": "add a line to the game log",
    "queue_trigger": "hold a triggered ability until a player would next get priority (603.3)",
    "regenerate": "give a permanent a regeneration shield for this turn (701.19a)",
    "cast_without_paying": "cast a card from where it is without paying its mana cost (cascade, 702.85a); "
                           "False, changing nothing, when it can't be cast; alt: the keyword casting it "
                           "(suspend), which the permanent it becomes remembers (choices['alt'])",
    "turn_face": "transform (712) or flip (710) a permanent to its other face; False if it can't",
}

#: what a hook may read of the game, besides the hook's own arguments: ``game.NAME``.
#: Reading never changes the game; the reference (docs/plugins.md) is generated from
#: this table and the signatures.
QUERIES: dict[str, str] = {
    "state": "the game state: players (life, counters, hand, library, lost, auto), objs, stack, "
             "active, step, turn; read only",
    "obj": "an object by id: zone, epoch, tapped, counters, damage, attacking (the player it "
           "attacks), blocking (the attackers it blocks), blocked, attached_to, token",
    "chars": "an object's characteristics after layers: name, power, toughness, types, subtypes, "
             "colors, keywords, controller, card, behaviour; None if phased out",
    "all_chars": "every permanent's characteristics, by id",
    "permanents": "the ids of the phased-in permanents, one player's, creatures only",
    "controller_of": "who controls an object",
    "opponents": "a player's opponents still in the game",
    "keyword_instances": "one entry per instance of a keyword on a permanent: its N, its cost, or None",
    "blockers_of": "the ids of the creatures blocking an attacker",
    "steps_since_entered": "how many times a step began (in one player's turns) since a permanent entered: "
                           "1 in the first after it (its \"next end step\", 603.7); -1 if it never entered",
    "look": "an object as it is now if unchanged, else its last known information (608.2h)",
    "describe": "an object or player as the log names them",
    "card": "a card's printed facts by name (CardDef)",
    "behaviour": "a card's abilities, keyword instances and unimplemented lines, by name",
    "events": "every event so far, oldest first (StepBegan among them only when something notices "
              "it: the step questions below read the step log; without a log, Tapped, Untapped, Drew, "
              "LifeChanged and moves elsewhere than the battlefield only when something notices their kind)",
    "steps_began": "how many times a step began (in one player's seat's turns) after the first N "
                   "events: steps_began(len(game.events) before, step)",
    "turn_began_at": "where this turn's events begin in game.events: game.events[game.turn_began_at():] "
                     "is what happened this turn",
    "pool": "the card pool (iterable of CardDef)",
    "policy": "the autopilot answering decisions at once, or None in an interactive game",
    "spell_target_specs": "a spell's target requirements (Target) by card name and chosen modes",
    "target_options": "every legal choice for a target requirement of a stack item (115)",
    "target_ref": "what a stack item keeps for a chosen target: a player, or an object's (id, epoch)",
}
