"""The autopilot's choices in the middle of an action (:mod:`.autopilot`): what
:func:`policy` answers when ``Game(policy=policy)`` asks instead of suspending, and the
picks the autopilot's own actions share (targets, modes, damage divided, crew).

- Searches take as many cards as allowed, lands first, then the costliest; a
  look at the top N takes as many as allowed into hand or play, the costliest
  first, and puts away (bottom, graveyard) as few as it must; a
  discard the autopilot chooses from an opponent's hand takes the costliest card.
- Decisions: proliferate chooses its own permanents with helpful counters,
  the opponent's with harmful ones, and opponents; evolve triggers are ordered
  so that as many evolve as possible; protection from the color of one's choice
  takes the color of the opponent's spell on the stack, else of most of their
  permanents; a source of one's choice is the opponent's spell on the stack, else
  their biggest creature; "you may" says yes; others take the
  decision's default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..abilities.modes import mode_sets
from ..model.state import Decision, StackItem
from ..rules.triggers import PLAYER_KINDS
from .intent import harmful

BAD_COUNTERS = frozenset({"-1/-1", "poison", "rad", "stun", "time", "age", "depletion", "bounty",
                          "doom", "blight", "shield-of-opponent"})



def policy(game: Any, decision: Decision) -> list[Any]:
    """Answer a decision taken while an action runs: a list of chosen options."""
    kind = decision.kind
    data = decision.data if isinstance(decision.data, dict) else {}
    if kind == "order":
        return order_triggers(game, decision)
    if kind == "targets":
        t = pick_target(game, decision.player, list(decision.options), decision.prompt)
        if data.get("what") == "up to one" and harmful(decision.prompt) and (  # none rather than one's own
                t == decision.player or (isinstance(t, int) and game.controller_of(t) == decision.player)):
            return []
        return [t]
    if kind == "modes":  # a modal trigger (700.2b)
        t = data["trigger"]
        probe = StackItem(0, t["kind"], t["controller"], t["source"], t["epoch"], t["handler"], t["text"])
        modal = game.ability(t["handler"]).modal
        sets = mode_sets(game, probe, modal)
        return [str(n) for n in pick_modes(game, decision.player, modal, sets, probe) or sets[0]]
    what = data.get("what")
    if kind == "discard" or what == "discard":  # a discard (a cost, connive, looting): the least wanted
        return discard(game, decision.player, list(decision.options), decision.min)
    if what == "proliferate":
        return proliferate_choice(game, decision.player, decision.options)
    if what == "may":
        return ["yes"] if "yes" in decision.options else list(data.get("default") or [])
    if what == "phase out":
        return []
    if what == "dig" and data.get("dest") not in ("hand", "battlefield"):
        return list(decision.options[:decision.min])  # keep the top as it is: put away no more than it must
    if what in ("search", "discard-chosen", "pick", "dig"):  # the best cards: lands first for a search, else the costliest
        def worth(o: Any) -> tuple:
            card = game.card(game.state.objs[o].name)
            return (what == "search" and card.is_type("Land"), card.mana_value)
        return sorted(decision.options, key=worth, reverse=True)[:max(decision.max, 1)]
    if what == "target":  # a target chosen while a spell is cast mid-resolution (cascade)
        return [pick_target(game, decision.player, list(decision.options), data.get("text", ""))]
    if what == "crew":  # 702.122a: the creatures that can't attack anyway first, then the smallest
        return crew_choice(game, list(decision.options), data["power"])
    if what == "pitch":  # a card exiled from the hand (evoke's cost): the cheapest
        return [min(decision.options, key=lambda o: game.card(game.state.objs[o].name).mana_value)]
    if what == "divide":  # 601.2d: a creature its lethal damage, a player as much as it can
        t = data.get("target")
        return [str(min(len(decision.options), _lethal(game, t) if isinstance(t, int) else len(decision.options)))]
    if what == "source":  # "a source of your choice": an opponent's spell on the stack, else their biggest
        theirs = [o for o in decision.options if game.controller_of(o) != decision.player]
        on_stack = {i.source for i in game.state.stack}
        return [max(theirs or decision.options, key=lambda o: (o in on_stack, _size(game, o)))]
    if what == "color":  # protection from the color of one's choice
        return [threat_color(game, decision.player, decision.options)]
    if what == "rummage":  # "discard up to N, then draw that many": the lands it no longer needs
        lands = sum(1 for o in game.permanents(decision.player) if game.card(game.state.objs[o].name).is_type("Land"))
        spare = [o for o in decision.options if game.card(game.state.objs[o].name).is_type("Land")]
        return spare[:decision.max] if lands >= 4 else []
    if what == "put-back":  # Brainstorm: the cards least wanted, as for a discard
        return discard(game, decision.player, list(decision.options), decision.min)
    if what == "pile":  # 700.3: piles as even in worth as can be, so the other player loses half
        return split_piles(game, list(decision.options))[0]
    if what == "pile-choice":  # sacrifice the pile worth less
        first, second = data["piles"]
        return ["1" if _worth(game, first) <= _worth(game, second) else "2"]
    if what in ("sacrifice", "tap"):  # a cost or an edict: the least of what fits
        return sorted(decision.options, key=lambda o: (_size(game, o), game.card(game.state.objs[o].name).mana_value))[:max(1, decision.min)]
    default = data.get("default")
    if default:
        return list(default)
    n = decision.min if decision.min else min(1, decision.max, len(decision.options))
    if what == "copy" and decision.options:  # Clone: the biggest creature
        best = max(decision.options, key=lambda o: _size(game, o))
        return [best]
    return list(decision.options[:n])


def threat_color(game: Any, player: str, options: Iterable[str]) -> str:
    """The color the opponents threaten most: their spells on the stack first, then their
    permanents (the first option when they show none)."""
    names = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    seen: Counter[str] = Counter()
    for item in game.state.stack:
        ch = game.chars(item.source) if item.controller != player and item.source is not None else None
        seen.update({names[c]: 100 for c in (ch.colors if ch else ())})
    for o in game.permanents():
        if game.controller_of(o) != player:
            seen.update(names[c] for c in game.chars(o).colors)
    options = list(options)
    return max(options, key=lambda c: seen[c]) if seen else options[0]


def divided_targets(game: Any, player: str, spec: Any, total: int) -> list[Any]:
    """601.2d: the targets to divide ``total`` damage among: the opponents' creatures it
    can kill, cheapest first, then an opponent for the rest (the last target takes it)."""
    opts = game.target_options(None, spec)
    theirs = sorted((o for o in opts if isinstance(o, int) and game.controller_of(o) != player
                     and game.chars(o).is_creature), key=lambda o: _lethal(game, o))
    face = next((o for o in opts if isinstance(o, str) and o in game.opponents(player)), None)
    out: list[Any] = []
    left = total
    for o in theirs:
        need = _lethal(game, o)
        if need <= left and len(out) < spec.max:
            out.append(o)
            left -= need
    if left and face is not None and len(out) < spec.max:
        out.append(face)
    return out


def _lethal(game: Any, oid: int) -> int:
    """The damage that would destroy a creature (at least 1)."""
    ch = game.chars(oid)
    return max(1, (ch.toughness or 0) - game.state.objs[oid].damage) if ch is not None else 1


def _worth(game: Any, oids: Iterable[Any]) -> int:
    """What permanents are worth to their controller: their size and mana values."""
    return sum(_size(game, o) + game.card(game.state.objs[o].name).mana_value for o in oids)


def split_piles(game: Any, oids: list[Any]) -> tuple[list[Any], list[Any]]:
    """Two piles of near-equal worth: the worthiest first, each to the lighter pile."""
    piles: tuple[list[Any], list[Any]] = ([], [])
    for o in sorted(oids, key=lambda o: _worth(game, [o]), reverse=True):
        piles[_worth(game, piles[0]) > _worth(game, piles[1])].append(o)
    return piles


def pick_modes(game: Any, player: str, modal: Any, sets: list[tuple[int, ...]],
               probe: Any = None) -> tuple[int, ...] | None:
    """The legal choice of modes that does most (:func:`_mode_worth`), or None when
    each would hurt ``player``."""
    worth = {n: _mode_worth(game, player, modal.modes[n - 1], probe) for s in sets for n in s}
    good = [s for s in sets if all(worth[n] > 0 for n in s)]
    return max(good, key=lambda s: sum(worth[n] for n in s), default=None)


def _mode_worth(game: Any, player: str, mode: Any, probe: Any) -> int:
    """4 for damage to an opponent (3 to each opponent), 2 for harm to their
    permanents, 1 for anything else that helps, 0 when its best target would be one's own for harm (or the
    opponent's for help)."""
    if not mode.targets:
        return 3 if "each opponent" in mode.text else 1
    t = pick_target(game, player, game.target_options(probe, mode.targets[0]), mode.text)
    mine = t == player or (isinstance(t, int) and game.controller_of(t) == player)
    if not harmful(mode.text):
        return int(mine)
    if mine:
        return 0
    return 4 if isinstance(t, str) and "damage" in mode.text else 2


def _size(game: Any, oid: Any) -> int:
    ch = game.chars(oid) if isinstance(oid, int) else None
    if ch is None or ch.power is None:
        return 0
    return ch.power + ch.toughness


def target_of(game: Any, player: str, spec: Any, text: str) -> Any:
    """:func:`pick_target` among the options of a spell's target requirement ``spec``
    (``game.target_options``), or None when there are none.  For harm, the first opponent
    among them (the options list the players first, in seat order) is found by asking
    whether each opponent may be targeted, without listing the permanents."""
    if spec.kind in PLAYER_KINDS and harmful(text):
        opps = game.opponents(player)
        for p in game.state.players:
            if p in opps and game.is_target_option(None, spec, p):
                return p
    options = game.target_options(None, spec)
    return pick_target(game, player, options, text) if options else None


def pick_target(game: Any, player: str, options: list[Any], text: str = "") -> Any:
    """The best of a target requirement's options for ``player``: opponents (and
    their creatures) for harmful effects, one's own biggest creature for helpful ones."""
    bad = harmful(text)
    opps = set(game.opponents(player))

    def owner(o: Any) -> str:
        return o if isinstance(o, str) else game.controller_of(o)

    if bad:
        for o in options:
            if isinstance(o, str) and o in opps:
                return o
        theirs = [o for o in options if owner(o) in opps]
        if theirs:
            return max(theirs, key=lambda o: _size(game, o))
        return max(options, key=lambda o: _size(game, o))  # forced: the one it hurts least
    mine = [o for o in options if owner(o) == player]
    attacking = [o for o in mine if isinstance(o, int) and game.state.objs[o].attacking]
    pool = attacking or [o for o in mine if isinstance(o, int)] or mine or options
    return max(pool, key=lambda o: _size(game, o))


def proliferate_choice(game: Any, player: str, options: Iterable[Any]) -> list[Any]:
    """Own permanents and self when their counters help, opponents' permanents and
    opponents when theirs hurt (so: the opponent's poison and rad, one's own +1/+1)."""
    st = game.state
    opps = set(game.opponents(player))
    out = []
    for o in options:
        if isinstance(o, str):
            counters = st.players[o].counters
            owner = o
        else:
            counters = st.objs[o].counters
            owner = game.controller_of(o)
        kinds = {k for k, n in counters.items() if n > 0}
        bad = bool(kinds & BAD_COUNTERS)
        good = bool(kinds - BAD_COUNTERS)
        if (owner in opps and (bad or isinstance(o, str))) or (owner not in opps and good and not bad):
            out.append(o)
    return out


def order_triggers(game: Any, decision: Decision) -> list[Any]:
    """Order simultaneous triggers (first listed goes on the stack first, so it
    resolves last).  Evolve triggers resolve smallest entering creature first, and
    those of creatures whose evolving grows others ("whenever this creature
    evolves") last, so that the most evolve."""
    triggers = (decision.data or {}).get("triggers") or []
    sources = list(dict.fromkeys(decision.options))
    if not triggers or not isinstance(triggers[0], dict):
        return sources

    def resolve_key(src: Any) -> tuple:
        mine = [t for t in triggers if t["source"] == src]
        evolve = any(t["handler"] == "evolve" for t in mine)
        grows = 0
        if evolve and isinstance(src, int):
            ch = game.chars(src)
            if ch is not None and "evolves" in ch.card.oracle_text:
                grows = 1
        entered = 99
        for t in mine:
            e = t.get("data", {}).get("entered")
            if e is not None:
                entered = min(entered, _size(game, e))
        return (grows, 0 if evolve else -1, entered, -_size(game, src))

    by_resolution = sorted(sources, key=resolve_key)  # resolves first ... resolves last
    return list(reversed(by_resolution))


def discard(game: Any, player: str, options: list[int], n: int) -> list[int]:
    """Discard to hand size: extra lands beyond the ones still needed, then the most
    expensive spells."""
    st = game.state
    lands_out = sum(1 for o in game.permanents(player) if "Land" in game.chars(o).types)

    def keep_value(oid: int) -> tuple:
        card = game.card(st.objs[oid].name)
        if card.is_type("Land"):
            return (0 if lands_out >= 6 else 2, 0)
        return (1, -card.mana_value)

    return sorted(options, key=keep_value)[:n]


def crew_choice(game: Any, options: list[int], power: int) -> list[int]:
    """Creatures to tap for crew N (702.122a): summoning-sick ones first (they can't attack),
    then the least powerful, until their total power is N."""
    st = game.state
    chosen: list[int] = []
    for o in sorted(options, key=lambda o: (not st.objs[o].sick, game.chars(o).power or 0)):
        if sum(game.chars(c).power or 0 for c in chosen) >= power:
            break
        chosen.append(o)
    return chosen
