"""Hook specifications: the seams where a mechanic plugin joins the engine.

Hooks are grouped by the phase of the game that calls them and named
``<area>_<event>``.  Always called with keyword arguments; new arguments may
be added, none is ever renamed or removed.

The contract: **hooks propose, the engine applies.**  A hook never assigns to
the game's state.  It returns values (triggers, operations, a badge) or acts
through the :class:`mechanics.play.context.Ctx` the engine hands it, whose every
method is a logged, undoable primitive.  The engine refuses a read-only hook
that calls a primitive, and what hooks register and return is checked at the
boundary (:mod:`mechanics.plugin_api.hookcheck`: a ``PluginError`` naming the
plugin and hook); the conformance check (``mechanics.check_plugin``) catches a
hook that assigns to the state.

Reference with examples: ``docs/plugins.md``.
"""

from __future__ import annotations

from typing import Any

import pluggy

PROJECT = "stackfish"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# ---------------------------------------------------------------------- registration


@hookspec
def register_keywords(register: Any) -> None:
    """Declare the keyword abilities this plugin implements.

    Called once when a game's plugins are loaded.  Call ``register(name, rule)``
    for each keyword (lower case, as in Scryfall's ``keywords``), e.g.
    ``register("evolve", "702.100")``, and ``register(name, rule, takes="number")``
    for one written with a number ("Toxic 2"), ``takes="cost"`` for one with a
    cost ("Ward {2}"), ``takes="alternative cost"`` for one whose cost is paid
    rather than the mana cost (118.9: "Evoke {2}{U}"; the engine offers ``cast ...
    with evoke``), ``takes="number and cost"`` ("Suspend 3—{2}{B}{B}");
    ``grants=("haste",)``: keywords the permanent has as long as it was cast that
    way (blitz, 702.152a); ``enters_with="time"``: a numbered keyword's permanent
    enters with N counters of that kind (vanishing, 702.63a).  A card whose whole
    text is keywords that some loaded
    plugin registered is automated with no per-card code; the plugin reads each
    instance and its N with ``game.keyword_instances(obj, name)``.

    Returns: None.  Implemented by: plugins/evolve.py, plugins/phasing.py,
    plugins/exalted.py, plugins/toxic.py, plugins/evoke.py, plugins/suspend.py.
    """


@hookspec
def register_counter_kinds(register: Any) -> None:
    """Declare counter kinds: ``register(kind, on, rule)`` where ``on`` is
    ``"player"``, ``"permanent"`` or ``"both"``.

    Mechanics meet through this registry rather than imports: proliferate asks
    the game which kinds exist.  Returns: None.  Implemented by: plugins/rad.py.
    """


@hookspec
def register_cards(register: Any) -> None:
    """Give behaviour to cards: ``register(name, script)`` where ``script(card)``
    returns a list of :mod:`mechanics.abilities` values.

    Called once per game.  Returns: None.  Implemented by: plugins/evolve.py
    (Watchful Radstag), plugins/proliferate.py.
    """


@hookspec
def register_interest(register: Any) -> None:
    """Say which event kinds and steps this plugin wants to hear about:
    ``register(events=("ZoneChanged",), steps=("main1",))``.

    :func:`trigger_collect` is then called only for those event kinds and
    :func:`step_begin` only for those steps, which keeps a goldfish game fast.
    ``words=("living weapon",)`` makes the plugin sleep in a game with no card
    whose name or text has one of them (its game-time hooks are not called) until
    one joins, an event of a kind in ``wakes=(...)`` happens or a counter of a kind in
    ``counters=(...)`` is put on something.  ``zones=("battlefield",)`` hears a
    ZoneChanged only from or to those zones; ``handlers=("evolve",)`` asks
    :func:`resolve_item` only for items with those handlers (docs/plugins.md).
    Returns: None.  Implemented by: plugins/evolve.py, plugins/rad.py.
    """


# ---------------------------------------------------------------------- untap step


@hookspec
def untap_begin(game: Any, player: str) -> list[tuple] | None:
    """First thing in ``player``'s untap step (502.1), before anything untaps.

    Args:
        game: the game (read only).
        player: the player whose untap step it is (each player of the active
            team under shared team turns).

    Returns: operations for the engine to apply, in order, as tuples naming a
    primitive and its arguments: ``("phase_out", obj_id)``, ``("phase_in",
    obj_id)``, ``("day_night", "night")`` (726.2), ``("turn_face", obj_id,
    "transform")``.  None means nothing to do.  Implemented by: plugins/phasing.py,
    plugins/daybound.py.
    """


@hookspec(firstresult=True)
def untap_permanent(game: Any, obj: Any) -> bool | None:
    """Whether ``obj`` untaps during its controller's untap step (502.3).

    Returns: False to keep it tapped; None to let the rules decide.
    Stops at the first non-None result.
    """


# ---------------------------------------------------------------------- steps


@hookspec
def step_begin(game: Any, step: str) -> list[dict] | None:
    """A step or phase began (its turn-based actions are done).

    Called only for the steps the plugin registered through
    :func:`register_interest`.  Returns triggers to put on the stack the next
    time a player would receive priority, as dicts with the keys of
    ``Game.queue_trigger``: ``handler``, ``source`` (None for a sourceless
    ability), ``epoch``, ``controller``, ``text``, ``data``, ``kind``.
    Implemented by: plugins/rad.py (the rad trigger, 727.1).
    """


# ---------------------------------------------------------------------- triggers


@hookspec
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """An event happened: return the triggered abilities it causes (603.2).

    Called after the primitive that emitted ``event`` has been applied, only
    for event kinds registered through :func:`register_interest`.  Returns a
    list of trigger dicts (see :func:`step_begin`) or None.  An intervening
    "if" (603.4) is checked here and again by :func:`resolve_item`.
    Implemented by: plugins/evolve.py.
    """


# ---------------------------------------------------------------------- resolution


@hookspec(firstresult=True)
def resolve_item(game: Any, item: Any, ctx: Any) -> bool | None:
    """Resolve a stack item whose ``handler`` this plugin owns.

    Act only through ``ctx`` (its methods are the engine's primitives; a
    choice is ``ctx.choose(Decision(...))``).  Returns True when handled, or a
    dict of what happened (it becomes the ``data`` of the ``AbilityResolved``
    event, e.g. ``{"evolved": True}``); None lets another plugin try; anything
    else is a ``PluginError``.  Stops at the first non-None result.
    Implemented by: plugins/evolve.py, plugins/rad.py.
    """


@hookspec(firstresult=True)
def keyword_action(game: Any, name: str, ctx: Any, player: str, args: dict) -> Any:
    """Perform the keyword action ``name`` (701.x) for ``player``.

    Card scripts call it through ``ctx.keyword_action(name, player)``.
    Returns a result (what was done, e.g. the objects and players that got
    counters), or None when this plugin doesn't implement ``name``.
    Stops at the first non-None result.  Implemented by: plugins/proliferate.py.
    """


# ---------------------------------------------------------------------- replacement


@hookspec
def replacement_collect(game: Any, on: str, op: dict) -> list[tuple[str, Any]] | None:
    """Replacement effects (614) that a plugin applies to a primitive.

    ``on`` is ``"counters"``, ``"tokens"``, ``"damage"`` or ``"life"``; ``op``
    describes the primitive (``target``, ``kind``, ``n`` / ``player``, ``name``,
    ``n`` / ``target``, ``n``, ``source``, ``combat`` / ``player``, ``n``).  Returns
    ``(key, apply)`` pairs where ``apply(op) -> op`` returns a changed copy.
    The engine applies each once, asking the affected player for the order
    when several apply (616.1).  None means none.
    """


@hookspec
def damage_results(game: Any, damage: Any) -> list[tuple] | None:
    """What damage does besides its default result (120.3), proposed for the engine
    to apply.

    ``damage`` is the :class:`mechanics.events.DamageDealt` about to be emitted
    (``source``, ``obj`` or ``player``, ``amount``, ``combat``), after prevention
    and replacement.  Returns operations, tuples naming a primitive and its
    arguments, applied after the default result in order:
    ``("put_counters", target, kind, n)`` (toxic's poison counters, 702.164c),
    ``("gain_life", player, n)`` (lifelink, 702.15b, is the engine's own),
    ``("lose_life", player, n)``; and ``("instead",)`` to replace the default
    result (life loss for a player, marked damage for a creature) with the
    others, as infect does (702.90b-c).  None means nothing more.
    Implemented by: plugins/toxic.py.
    """


@hookspec(firstresult=True)
def player_untargetable(game: Any, player: str, item: Any) -> bool | None:
    """Whether ``player`` can't be a target of ``item`` (a stack item, or None while
    a spell is being cast): protection or hexproof of a player (702.16b, 702.11).

    Returns: True when the player can't be targeted; None lets the rules decide.
    Implemented by: plugins/phasing.py (Teferi's Protection).
    """


# ---------------------------------------------------------------------- display


@hookspec
def display_hints(game: Any, obj: int | None, player: str | None) -> list[str] | None:
    """Short badges for the TUI about a permanent (``obj``) or a player.

    Called when the screen is redrawn after a change, never during rules
    work.  Returns strings such as ``"rad 3: mills 3 next main"``, or None.
    Implemented by: plugins/rad.py, plugins/evolve.py.
    """


@hookspec(firstresult=True)
def describe_event(game: Any, event: Any) -> str | None:
    """A line for the game log about an event the engine doesn't describe
    (a plugin's keyword action).  Stops at the first non-None result."""
