"""What each rules mixin needs from the rest of the game, named in one place.

:class:`mechanics.play.game.Game` combines seven mixins, each a set of rules
written as methods over the one game: :class:`~.primitives.Primitives` (the
changes, 614, 400.7), :class:`~.spells.SpellPrimitives` (701.6, 707.10),
:class:`~.turn.TurnRules` (500-514, 608), :class:`~.combat.CombatRules` (506-511),
:class:`~.triggers.TriggerRules` (603, 115), :class:`~.priority.PriorityRules`
(117, 805.5) and :class:`~.refs.References` (how scenario lines name objects).
A mixin's code may use its own methods and, on ``self``, only the members its
protocol below names (``tests/test_rules_protocols.py`` reads the code and checks
both that, and that ``Game`` has every member with a signature that fits), so a
reader sees each mixin's coupling here and a rename breaks a test, not a game.

The attributes are the game's (set in ``Game.__init__``); the methods say
whose they are in a comment.  The rules' plain functions (``sba.check``,
``layers.compute``) take the whole game and are not covered here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..abilities.abilities import Behaviour, Target, Triggered
    from ..model import events as ev
    from ..model.cards import CardDef, CardPool
    from ..model.state import Decision, Effect, Obj, StackItem, State
    from ..play.context import Ctx
    from ..plugin_api.plugin_manager import Awake, Hooks
    from .layers import Chars
    from .priority import Seating
    from .triggers import AbilityIndex


class GameCore(Protocol):
    """The game's state and what every rule changing it uses: cards, characteristics,
    events and the log (all ``Game``'s own)."""

    state: State
    hooks: Hooks

    def card(self, name: str) -> CardDef: ...
    def behaviour(self, name: str) -> Behaviour: ...
    def chars(self, oid: int | None) -> Chars | None: ...
    def changed(self, characteristics: bool = True, board: bool = True,
                seats: bool = False, sba: bool = True, only: tuple[int, ...] | None = None) -> None: ...
    def emit(self, event: ev.Event, battlefield: bool = False) -> None: ...
    def note(self, line: str) -> None: ...


class PrimitivesNeeds(GameCore, Protocol):
    """What :class:`~.primitives.Primitives` uses beyond its own methods."""

    departing: list[tuple[int, int]]  # the refs move_all moves together (for TriggerRules)
    entering: list[ev.ZoneChanged] | None  # the enters events move_all holds back (603.6a)
    pool: CardPool  # every face of a card (turn_face: 712, 710)

    def ask(self, decision: Decision) -> Any: ...
    def changed_one(self, oid: int) -> None: ...  # Game: a write to one object (entering, leaving, counters)
    def counter_put(self, kind: str) -> None: ...  # Game: wakes the plugins waiting for this kind of counter
    def controller_of(self, oid: int) -> str: ...
    def opponents(self, player: str) -> list[str]: ...  # designate: "until an opponent becomes"
    def noticing(self, kind: str, n: int = 1) -> bool: ...  # Game: emit looks at this kind (else it is not built)
    def tap(self, oid: int) -> None: ...  # StatusPrimitives (regenerate, 701.19c)
    def ctx(self, item: StackItem | None = None, player: str | None = None) -> Ctx: ...
    def hook(self, hook_name: str, /, **kw: Any) -> Any: ...
    def remember(self, obj: Obj) -> None: ...
    def ability_index(self) -> AbilityIndex: ...  # TriggerRules
    def awake(self) -> Awake: ...  # Game (the plugins' damage_results hooks)
    def describe(self, oid: int | str | None) -> str: ...  # References
    def ordinal(self, oid: int) -> int: ...  # References


class SpellNeeds(Protocol):
    """What :class:`~.spells.SpellPrimitives` uses beyond its own methods: the state,
    the cards, the one move a card makes, and the targets a spell cast for free chooses."""

    state: State

    def card(self, name: str) -> CardDef: ...
    def behaviour(self, name: str) -> Behaviour: ...
    def changed(self, characteristics: bool = True, board: bool = True,
                seats: bool = False, sba: bool = True, only: tuple[int, ...] | None = None) -> None: ...
    def emit(self, event: ev.Event, battlefield: bool = False) -> None: ...
    def noticing(self, kind: str, n: int = 1) -> bool: ...  # Game: emit looks at this kind (SpellCast)
    def note(self, line: str) -> None: ...
    def ask(self, decision: Decision) -> Any: ...  # Game
    def move(self, oid: int, zone: str, player: str | None = None, bottom: bool = False,
             controller: str | None = None, choices: dict[str, str] | None = None,
             transformed: bool = False) -> int: ...  # Primitives
    def became_targets(self, item: StackItem) -> None: ...  # TriggerRules
    def spell_target_specs(self, name: str, modes: tuple[int, ...] = ()) -> tuple[Target, ...]: ...  # TriggerRules
    def target_options(self, item: StackItem | None, spec: Target) -> list[int | str]: ...  # TriggerRules
    def target_ref(self, t: int | str) -> Any: ...  # TriggerRules


class StatusNeeds(Protocol):
    """What :class:`~.status.StatusPrimitives` uses beyond its own methods."""

    state: State

    def changed(self, characteristics: bool = True, board: bool = True,
                seats: bool = False, sba: bool = True, only: tuple[int, ...] | None = None) -> None: ...
    def emit(self, event: ev.Event, battlefield: bool = False) -> None: ...
    def noticing(self, kind: str, n: int = 1) -> bool: ...  # Game: emit looks at this kind (else it is not built)
    def note(self, line: str) -> None: ...
    def describe(self, oid: int | str | None) -> str: ...  # References
    def remove_counters(self, target: int | str, kind: str, n: int) -> int: ...  # Primitives
    def add_effect(self, layer: str, kind: str, affected: list[int], params: dict[str, Any],
                   until: str = "eot", source: int | None = None) -> Effect: ...  # Primitives


class TriggerNeeds(GameCore, Protocol):
    """What :class:`~.triggers.TriggerRules` uses beyond its own methods."""

    policy: Any  # answers decisions at once (the autopilot), or None
    departing: list[tuple[int, int]]  # set by Primitives.move_all
    _abilities: Any  # ability_index's cache (an AbilityIndex or None)
    _scanned: tuple[Any, int, Any]  # plugins_awake's: state, the newest object seen, the Awake view
    woken: frozenset[Any]  # the plugins an event woke
    keep_log: bool  # the game describes each event: emit notices every kind
    revision: int  # live_target: a target's legality is kept for it
    memo: dict[str, Any]  # derived data kept between writes (live_target's)

    def all_chars(self) -> dict[int, Chars]: ...
    def hook(self, hook_name: str, /, **kw: Any) -> Any: ...
    def opponents(self, player: str) -> list[str]: ...
    def describe(self, oid: int | str | None) -> str: ...  # References
    def seat_of(self, player: str) -> str: ...  # PriorityRules
    def seats(self) -> list[list[str]]: ...  # PriorityRules
    def ctx(self, item: StackItem | None = None, player: str | None = None) -> Ctx: ...
    def controller_of(self, oid: int) -> str: ...  # Game
    def look(self, oid: int, epoch: int) -> dict[str, Any] | None: ...  # Game (608.2h)
    def awake(self) -> Awake: ...  # Game (whether a plugin may make a player untargetable)


class TurnNeeds(GameCore, Protocol):
    """What :class:`~.turn.TurnRules` uses beyond its own methods."""

    policy: Any  # answers decisions at once (the autopilot), or None
    events: list[ev.Event]
    step_log: list[tuple[int, str, str, int]]  # each step as it began (record_step); ``pass`` counts it
    steps_watched: dict[str, tuple[str, list[str]]]  # go_to's step: the seat it waits for, who began it
    sba_revision: int  # pass_steps: whether a step's beginning wrote what state-based actions read
    _abilities: Any  # ability_index's cache: open_step asks whether turn-based actions dropped it

    def ctx(self, item: StackItem | None = None, player: str | None = None) -> Ctx: ...
    def seating(self) -> Seating: ...  # PriorityRules (the next seat in turn order, who passes by itself)
    def awake(self) -> Awake: ...  # Game (the plugins' untap hooks)
    def all_chars(self) -> dict[int, Chars]: ...  # expire_effects: "for as long as you control ~" (611.2b)
    def delayed_triggers(self, step: str) -> None: ...  # TriggerRules (603.7)
    def attach(self, oid: int, to: int) -> None: ...  # StatusPrimitives
    def battlefield_objs(self) -> list[Obj]: ...  # Primitives
    def draw(self, player: str, n: int = 1) -> None: ...  # Primitives
    def move(self, oid: int, zone: str, player: str | None = None, bottom: bool = False,
             controller: str | None = None, choices: dict[str, str] | None = None,
             transformed: bool = False) -> int: ...  # Primitives
    def put_counters(self, target: int | str, kind: str, n: int,
                     source_item: int | None = None) -> int: ...  # Primitives (a Saga's lore, 714.3b)
    def remove_from_combat(self, obj: Obj) -> None: ...  # Primitives
    def untap_all(self, oids: Iterable[int]) -> None: ...  # StatusPrimitives
    def noticing(self, kind: str, n: int = 1) -> bool: ...  # Game: emit looks at this kind (BlockersDeclared)
    def spell_card_away(self, item: StackItem, resolved: bool = False) -> None: ...  # SpellPrimitives
    def ability(self, handler: str) -> Any: ...  # TriggerRules
    def ability_index(self) -> AbilityIndex: ...  # TriggerRules
    def live_target(self, item: StackItem, i: int) -> Any: ...  # TriggerRules (608.2b)
    def add_trigger(self, oid: int, ch: Chars, idx: int, ab: Triggered, data: dict) -> None: ...  # TriggerRules
    def queue_trigger(self, handler: str, source: int | None, epoch: int, controller: str,
                      text: str, data: dict | None = None,
                      kind: str = "triggered") -> None: ...  # TriggerRules
    def advance(self) -> None: ...  # PriorityRules
    def pass_priority(self) -> None: ...  # PriorityRules
    def seat_of(self, player: str) -> str: ...  # PriorityRules
    def seats(self) -> list[list[str]]: ...  # PriorityRules
    def describe(self, oid: int | str | None) -> str: ...  # References
    def ask(self, decision: Decision) -> Any: ...  # Game ("you may choose not to untap", 502.3)
    def controller_of(self, oid: int) -> str: ...  # Game
    def can_attack_with(self, player: str) -> list[int]: ...  # CombatRules
    def must_attack(self, player: str, chosen: Collection[int] = ()) -> list[int]: ...  # CombatRules
    def can_block_with(self, player: str) -> list[int]: ...  # CombatRules
    def blockers_of(self, attacker: int) -> list[int]: ...  # CombatRules
    def combat_damage(self, first_strike: bool, fighters: list[tuple[Obj, Chars | None]]) -> None: ...  # CombatRules


class CombatNeeds(Protocol):
    """What :class:`~.combat.CombatRules` uses beyond its own methods: it reads the game
    and deals combat damage through the one primitive that deals damage."""

    state: State
    memo: dict[str, Any]  # derived data kept between writes (the attack candidates, by characteristics)

    def chars(self, oid: int | None) -> Chars | None: ...  # Game
    def all_chars(self) -> dict[int, Chars]: ...  # Game
    def permanents(self, controller: str | None = None, creature: bool = False) -> list[int]: ...  # Primitives
    def battlefield_objs(self) -> list[Obj]: ...  # Primitives
    def damage(self, target: int | str, n: int, source: int | None = None,
               combat: bool = False) -> None: ...  # Primitives


class PriorityNeeds(Protocol):
    """What :class:`~.priority.PriorityRules` uses beyond its own methods: the state,
    its seating cache, and one step of each other rule the advance loop runs."""

    state: State
    _seating: dict[str, Seating]  # seating()'s cache, by active player
    _seat_of: tuple[int, dict[str, str] | None]  # seat_of()'s, by seats_revision
    seats_revision: int  # its key

    def changed(self, characteristics: bool = True, board: bool = True,
                seats: bool = False, sba: bool = True, only: tuple[int, ...] | None = None) -> None: ...
    def expire_effects(self) -> None: ...  # TurnRules (611.2b)
    def end_step(self) -> None: ...  # TurnRules (500.2)
    def resolve_top(self) -> None: ...  # TurnRules (608)
    def place_triggers(self) -> None: ...  # TriggerRules (603.3)
    def linked_returns(self) -> bool: ...  # TriggerRules (610.3)


class ReferenceNeeds(Protocol):
    """What :class:`~.refs.References` uses beyond its own methods: the state, the
    characteristics (names change on the battlefield), the card pool for a suggestion,
    and the game's memo for its name index."""

    state: State
    pool: CardPool
    memo: dict[str, Any]
    board_revision: int  # the name index's key

    def chars(self, oid: int | None) -> Chars | None: ...
    def all_chars(self) -> dict[int, Chars]: ...
    def unknown_card(self, name: str) -> str: ...

