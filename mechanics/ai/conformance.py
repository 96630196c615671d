"""Conformance of a plugin: its read-only hooks leave the game unchanged.

"Hooks propose, the engine applies."  :func:`check_plugin` plays a game with the
plugin's own keyword cards (the cards of the pool whose text has a keyword the
plugin registered, and the creatures it scripts: found through its
registration, no list to keep) on both
sides of a combat, then calls every read-only hook the plugin implements on
every event of the kinds it registered interest in, and on the game's state
before and after, and fails if the game changed.  During the game itself the
engine refuses a read-only hook that calls a primitive
(:mod:`mechanics.plugin_api.hookcheck`); this check also catches direct assignment.

stackfish's own test suite runs it for every loaded plugin; a plugin package's
tests call it the same way (``check_plugin("rampage", card_files)``).
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable
from typing import Any

from ..model.actions import parse_action
from ..model.cards import read_card_file
from ..model.errors import PluginError, StackfishError
from ..model.oracle import load_bundled_pool
from ..play.game import Game
from ..plugin_api.plugin_manager import make_plugin_manager
from . import autopilot

#: at most this many of a plugin's keyword cards take part (one per keyword first)
MAX_CARDS = 6


def keyword_cards(game: Any, plugin: Any, pool: Any) -> list[str]:
    """The names of the creature cards of ``pool`` with a keyword ``plugin`` registered, one
    per keyword first (so each keyword is exercised), then the others and the creatures it
    scripts (``register_cards``), at most :data:`MAX_CARDS`."""
    mine = {k for k, p in game.hooks.keyword_plugins.items() if p is plugin}
    scripted = {c for c, p in game.hooks.card_plugins.items() if p is plugin}
    cards = {c.name: c for c in pool.mentioning(mine)}  # every real card: read only those
    cards.update({c: pool.get(c) for c in scripted if pool.get(c) is not None})
    by_keyword: dict[str, list[str]] = {}
    for card in sorted(cards.values(), key=lambda c: c.name):
        if not card.is_type("Creature") or card.power is None:
            continue
        for name, _ in game.behaviour(card.name).keywords:
            if name in mine:
                by_keyword.setdefault(name, []).append(card.name)
        if card.name in scripted:
            by_keyword.setdefault("", []).append(card.name)
    firsts = [names[0] for names in by_keyword.values()]
    rest = [n for names in by_keyword.values() for n in names[1:]]
    return list(dict.fromkeys(firsts + rest))[:MAX_CARDS]


def play_combat(game: Any, names: list[str]) -> None:
    """Two combats of p1's copies of the cards: the first attacks alone, unblocked; then
    all attack, and p2's copies and two bears block what they can.  The game stops at
    a decision, or in p1's second main phase."""
    lines = ["turn p1 main1", "library p1 " + "Forest " * 10, "library p2 " + "Forest " * 10,
             'battlefield p2 "Grizzly Bears"', 'battlefield p2 "Grizzly Bears"']
    for i, name in enumerate(names):
        lines += [f'battlefield p1 "{name}" as k{i}', f'battlefield p2 "{name}" as d{i}']
    for line in lines:
        game.play(parse_action(line))
    mine = {game.state.aliases[f"k{i}"] for i in range(len(names))}
    able = [game.ref_for(o) for o in game.can_attack_with("p1") if o in mine]
    if not able or not (_try(game, "goto attackers") and _try(game, f"attack p1 {able[0]}")
                        and _try(game, "goto blockers") and _try(game, "pass")
                        and _try(game, "goto main2") and _try(game, "goto attackers p1")):
        return
    attackers = " ".join(game.ref_for(o) for o in game.can_attack_with("p1") if o in mine)
    if not attackers or not _try(game, f"attack p1 {attackers}") or not _try(game, "goto blockers"):
        return
    if game.pending is not None and game.pending.kind == "blockers":
        blockers = [game.ref_for(o) for o in game.can_block_with("p2")]
        for pair in [" ".join(f"{b} k0" for b in blockers)] + [f"{b} k{i}" for b in blockers
                                                                for i in range(len(names))]:
            if _try(game, f"block p2 {pair}"):
                break
        else:
            _try(game, "pass")
    _try(game, "goto main2")


def _try(game: Any, line: str) -> bool:
    """Play a line; False when the rules refuse it.  A plugin's contract breach (a
    :class:`PluginError`: a hook that called a primitive, a bad result) fails the check."""
    try:
        game.play(parse_action(line))
    except PluginError:
        raise
    except StackfishError:
        return False
    return True


def check_plugin(name: str, card_files: Iterable[Any] = (), plugins: Any = None) -> None:
    """Raise AssertionError when the plugin ``name``'s read-only hooks change the game
    (a :class:`PluginError` when the engine catches it first, during the game).

    Args:
        name: the plugin's name (its entry-point name).
        card_files: card files whose cards join the bundled ones (your test cards:
            pass ``pytestconfig.getini("stackfish_cards")``).
        plugins: the plugin manager (``make_plugin_manager()`` by default).
    """
    pm = plugins if plugins is not None else make_plugin_manager()
    pm.check_pending()
    plugin = pm.get_plugin(name)
    assert plugin is not None, f"no plugin '{name}' is loaded"
    pool = load_bundled_pool()
    for path in card_files:
        for card in read_card_file(str(path)):
            pool.add(card)
    game = Game(plugins=pm, pool=pool, policy=autopilot.policy)  # answers orders and targets
    play_combat(game, keyword_cards(game, plugin, game.pool))
    calls = read_only_calls(game, game.hooks.interest(plugin))
    before = pickle.dumps(game.state)
    for hook_name, kwargs in calls:
        impl = getattr(plugin, hook_name, None)
        if impl is not None:
            impl(game=game, **kwargs)
            assert pickle.dumps(game.state) == before, (
                f"plugin '{name}': {hook_name}({', '.join(kwargs)}) changed the game; hooks "
                "propose, the engine applies")


def read_only_calls(game: Any, interest: dict[str, set[str]]) -> list[tuple[str, dict]]:
    """Every read-only hook with arguments from the game played: the events of the
    registered kinds (still about objects that exist), every damage dealt, the steps,
    each permanent and player."""
    objs = game.state.objs
    events = [e for e in game.events if getattr(e, "obj", None) in (None, *objs)]
    calls: list[tuple[str, dict]] = [("trigger_collect", {"event": e}) for e in events
                                     if e.kind in interest["events"]]
    calls += [("damage_results", {"damage": e}) for e in events if e.kind == "DamageDealt"]
    calls += [("step_begin", {"step": s}) for s in interest["steps"]]
    calls += [(hook, {"player": p}) for p in game.state.players for hook in ("untap_begin",)]
    for oid in game.permanents():
        calls += [("untap_permanent", {"obj": objs[oid]}),
                  ("display_hints", {"obj": oid, "player": None})]
    calls += [("display_hints", {"obj": None, "player": p}) for p in game.state.players]
    for p in game.state.players:
        calls += [("replacement_collect", {"on": on, "op": op}) for on, op in (
            ("counters", {"target": p, "kind": "poison", "n": 1}),
            ("life", {"player": p, "n": -1}),
            ("damage", {"target": p, "n": 1, "source": None, "combat": False}),
            ("tokens", {"player": p, "name": "Soldier Token", "n": 1, "copy_of": None}))]
        calls.append(("player_untargetable", {"player": p, "item": None}))
    return calls
