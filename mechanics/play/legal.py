"""Legal actions, enumerated lazily (the rules actions only, not the sandbox).

:func:`generate` yields what the pending decision allows: for a priority
decision, pass, each playable land, each castable spell with each legal
choice of modes (700.2) and target, each activatable ability; for a
declaration or a choice, its answers (for "any number of" choices: none, all,
and each single option, since the full power set is too large to list).  :func:`is_legal` tries the action on
a copy of the state, which is exact and needs no second set of rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Activated, AltCost, HandAbility
from ..abilities.modes import mode_sets, spell_modal
from ..model import actions as A
from ..model.cards import parse_cost
from ..model.errors import RuleError, StackfishError
from ..model.mana import plan
from ..model.state import StackItem
from .blocks import block_restriction, fewest_blockers, required_blocks
from .castable import castable_faces
from .costs import (
    alt_allowed,
    cast_costs,
    flashback_cost,
    permitted_alt,
    suspend_instance,
    total_cost,
)
from .flash import cast_any_time, sorcery_time
from .mana_abilities import automatic
from .payment import payers
from .perform import unpayable

if TYPE_CHECKING:
    from .game import Game


def is_legal(game: Game, action: A.Action) -> bool:
    """Whether ``play`` would apply the action now: tried on a probe (the game itself
    is untouched).  A refusal, a reference to nothing or a line that doesn't parse is
    "not legal"; an internal error (a :class:`RuleError`) is raised, not taken for one."""
    try:
        game.probe().play(action)
        return True
    except RuleError:
        raise
    except StackfishError:
        return False


def generate(game: Game) -> Iterator[A.Action]:
    d = game.pending
    if d is None:
        return
    if d.kind == "priority":
        yield A.Pass()
        yield from _priority_actions(game, d.player)
    elif d.kind == "attackers":
        able = set(game.can_attack_with(d.player))  # a manual tap since the step began counts
        must = game.must_attack(d.player)  # 508.1d: these are in every legal declaration
        if not must:
            yield A.Pass()
        attackers = [o for o in d.options if o in able]
        if attackers:
            yield A.Attack(d.player, tuple((game.ref_for(o), "") for o in attackers))
        if len(attackers) > 1:
            for o in attackers:
                if not must or must == [o]:
                    yield A.Attack(d.player, ((game.ref_for(o), ""),))
    elif d.kind == "blockers":
        required = required_blocks(game, d.player)  # 509.1c: obeyed by every legal declaration
        if required:
            yield A.Block(d.player, tuple((game.ref_for(b), game.ref_for(a)) for b, a in required))
            return
        yield A.Pass()
        st = game.state
        attackers = [o for o in d.options if o in st.objs and st.objs[o].attacking]
        for b in game.can_block_with(d.player):
            bch = game.chars(b)
            for att in attackers:
                ach = game.chars(att)
                if ach is not None and bch is not None and (
                        fewest_blockers(ach) > 1 or  # 702.111b: one blocker alone can't block it
                        block_restriction(game, ach, bch)):
                    continue
                yield A.Block(d.player, ((game.ref_for(b), game.ref_for(att)),))
    elif d.kind == "order":
        yield A.Order(tuple(_ref(game, o) for o in d.options))
        yield A.Order(tuple(_ref(game, o) for o in reversed(d.options)))
    elif d.kind == "mulligan":
        hand = [game.state.objs[o].name for o in d.options]
        yield A.Keep(d.player, tuple(hand[-d.min:]) if d.min else ())
        if game.state.players[d.player].mulligans < 7:  # as setup.mulligan refuses an 8th
            yield A.Mulligan(d.player)
    else:
        yield from _choices(game, d)


def _ref(game: Game, o: object) -> str:
    return game.ref_for(o) if isinstance(o, int) else str(o)


def _choices(game: Game, d) -> Iterator[A.Action]:  # noqa: ANN001
    opts = [_ref(game, o) for o in d.options]
    seen = set()
    sizes = [d.min] if d.min == d.max else sorted({d.min, 1, d.max} & set(range(d.min, d.max + 1)))
    for size in sizes:
        if size > len(opts):
            continue
        combos = itertools.combinations(opts, size) if size <= 1 or size == len(opts) else [tuple(opts[:size])]
        for c in combos:
            if c not in seen:
                seen.add(c)
                yield A.Choose(tuple(c))


def can_act(game: Game, player: str) -> bool:
    """Whether ``player``, holding priority, has something to do but pass: a land to
    play, a spell to cast or an ability to activate other than a mana ability (605)."""
    d = game.pending
    if d is None or d.kind != "priority" or d.player != player:
        return False
    return next(_priority_actions(game, player, mana=False), None) is not None


def _priority_actions(game: Game, player: str, mana: bool = True) -> Iterator[A.Action]:
    st = game.state
    p = st.players[player]
    main = sorcery_time(game, player)
    from_hand = {face: o for o in p.hand for face in castable_faces(game, o)}
    names = dict.fromkeys(face for o in (*p.hand, *p.graveyard, *p.exile) for face in castable_faces(game, o))
    for name in names:
        card = game.card(name)
        if card.is_type("Land"):
            if main and p.lands_played < 1:
                yield A.PlayLand(player, name)
            continue
        fast = cast_any_time(game, player, card)  # 702.8a, 601.3e
        costs = cast_costs(game, name)
        alt = "" if name in from_hand else flashback_cost(game, name)  # 702.34a
        if not (fast or main) or any(unpayable(game, player, -1, c) for c in costs):
            continue
        ways = [(k, w.name if w else "") for w in _ways(game, player, card, alt, from_hand.get(name))
                for k in (False, True)  # 702.33: kicked too, if it can be paid
                if not k or (any(c.kicker for c in costs) and _affordable(
                    game, player, total_cost(game, player, card, alt, True, w), card))]
        if not ways:
            continue
        modal = spell_modal(game, name)
        for modes in mode_sets(game, None, modal)[:20] if modal else [()]:  # 700.2: each legal choice
            specs = game.spell_target_specs(name, modes)
            if not specs:
                yield from (A.Cast(player, name, modes=modes, kicked=k, alt=w) for k, w in ways)
                continue
            options = [game.target_options(None, s) for s in specs]
            for combo in itertools.islice(itertools.product(*options), 50):
                yield from (A.Cast(player, name, tuple(_ref(game, t) for t in combo), modes=modes, kicked=k,
                                   alt=w) for k, w in ways)
    yield from _hand_abilities(game, player, main)
    yield from _suspends(game, player, main)
    chars = game.all_chars()
    for oid in game.permanents(player):
        obj, ch = st.objs[oid], chars[oid]  # game.chars(oid): a phased-in permanent's
        for n, ab in enumerate(() if ch.no_abilities else ch.behaviour.of(Activated), 1):
            if ab.tap and (obj.tapped or (ch.is_creature and obj.sick and not ch.has("haste"))):
                continue
            if ab.mana and (not mana or ("Land" in ch.types and automatic(ab))):
                continue  # lands pay costs automatically; tapping one for nothing is noise
            if ab.sorcery and not main:
                continue
            if not _affordable(game, player, parse_cost(ab.cost), x=ab.x_min, source=oid):  # "X can't be 0": X = 1
                continue
            if ab.remove_counters and obj.counters.get(ab.remove_counters[0], 0) < ab.remove_counters[1]:
                continue
            if unpayable(game, player, oid, ab):
                continue
            ref = game.ref_for(oid)
            if ab.targets:
                for t in game.target_options(None, ab.targets[0])[:50]:
                    if ab.equip and t == oid:
                        continue
                    yield A.Activate(player, ref, n, (_ref(game, t),), x=ab.x_min)
            else:
                yield A.Activate(player, ref, n, x=ab.x_min)


def _ways(game: Game, player: str, card: Any, flashback: str, oid: int | None) -> list[AltCost | None]:
    """How the spell can be paid for now: its mana cost (None; flashback's from a graveyard),
    and each alternative cost (118.9) when it is cast from the hand (``oid``: the card
    there); from a graveyard that permits it, only the permitted one (601.3)."""
    permitted = "" if oid is not None or flashback else permitted_alt(game, card.name, "graveyard")
    alts = [c for c in cast_costs(game, card.name, AltCost)
            if (oid is not None or c.name == permitted) and (card.mana_cost or not c.additional)]
    own = [None] if (card.mana_cost and not permitted) or flashback else []  # 118.6: no mana cost, no paying it
    return [w for w in [*own, *alts] if _affordable(game, player, total_cost(game, player, card, flashback, alt=w), card)
            and (w is None or (not unpayable(game, player, -1 if oid is None else oid, w)
                               and alt_allowed(game, player, w, -1 if oid is None else oid)))]


def _suspends(game: Game, player: str, main: bool) -> Iterator[A.Action]:
    """Suspending a card in the hand (702.62a, a special action): when it could be cast, its
    suspend cost paid."""
    for name in dict.fromkeys(game.state.objs[o].name for o in game.state.players[player].hand):
        found = suspend_instance(game, name)
        card = game.card(name)
        if found and (main or card.is_type("Instant") or "flash" in card.keywords) and _affordable(
                game, player, parse_cost(found[1])):
            yield A.SuspendCard(player, name)


def _hand_abilities(game: Game, player: str, main: bool) -> Iterator[A.Action]:
    """Abilities of cards in the player's hand (cycling, 702.29a) and graveyard ("Exile
    this card from your graveyard:"): any time they have priority (as a sorcery: ``main``)."""
    for zone in ("hand", "graveyard"):
        first = {}
        for oid in getattr(game.state.players[player], zone):
            first.setdefault(game.state.objs[oid].name, oid)
        for name, oid in first.items():
            for n, ab in enumerate(HandAbility.of(game.behaviour(name), zone), 1):
                if not (main or not ab.sorcery) or not _affordable(game, player, parse_cost(ab.cost)) or \
                        unpayable(game, player, oid, ab):
                    continue
                ref = game.ref_for(oid)
                if not ab.targets:
                    yield A.Activate(player, ref, n)
                    continue
                probe = StackItem(0, "activated", player, oid, game.state.objs[oid].epoch, "", ab.text)
                for t in game.target_options(probe, ab.targets[0])[:50]:
                    yield A.Activate(player, ref, n, (_ref(game, t),))


def _affordable(game: Game, player: str, cost: tuple[str, ...], card: Any = None, x: int = 0,
                source: int | None = None) -> bool:
    return not cost or plan(cost, x, payers(game, player, card, source)) is not None
