"""The autopilot: a simple player for batch goldfishing (``stackfish simulate``).

It drives a :class:`~mechanics.play.game.Game` through the same interface as any
player: :func:`choose` looks at ``game.pending`` and returns one action for
``game.play``; :func:`policy` answers the decisions taken in the middle of an
action (``Game(history=False, policy=policy)`` asks it at once instead of
suspending).  It builds its action from the state rather than listing
``game.legal_actions`` (the tests check each one is in it); every action it
plays is a line of the scenario language.  The rules are deliberately plain:

- London mulligan (103.5) on lands and spells: keep 2 to 5 lands in the seven
  drawn, anything after two mulligans; put back what is most out of balance.
- One land a turn, the basic land type whose color the hand needs most.
- Cast what the mana allows, highest mana value first; burn and other harmful
  spells at the opponent (its creatures for "target creature"), pump spells on
  an attacking creature during combat, X spells with the largest X.  A modal
  spell or trigger takes the modes that do most: damage to an opponent, then
  harm to their permanents, then the rest, never one that would hurt oneself.
- Attack with everything that can, every turn.
- Searches take as many cards as allowed, lands first, then the costliest; a
  discard the autopilot chooses from an opponent's hand takes the costliest card.
- Decisions: proliferate chooses its own permanents with helpful counters,
  the opponent's with harmful ones, and opponents; evolve triggers are ordered
  so that as many evolve as possible; "you may" says yes; others take the
  decision's default.

Playing many games with it is :mod:`mechanics.ai.simulate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..abilities.abilities import Activated
from ..abilities.modes import mode_sets, spell_modal
from ..model import actions as A
from ..model.cards import BASIC_LAND_MANA, parse_cost
from ..model.mana import plan
from ..model.state import Decision, StackItem
from ..play.perform import cast_costs, flashback_cost, mana_sources, payers, total_cost, unpayable

ME = "p1"
OPPONENT = "p2"
COMBAT = ("combat", "attackers", "blockers", "damage", "endcombat")
BAD_COUNTERS = frozenset({"-1/-1", "poison", "rad", "stun", "time", "age", "depletion", "bounty",
                          "doom", "blight", "shield-of-opponent"})
_HARMFUL = ("damage", "destroy", "exile", "loses", "lose ", "-1/-1", "counter target", "sacrifice",
            "return target", "tap target", "mill", "rad counter", "poison", "gets -", "fights")
_HELPFUL = ("gets +", "+1/+1 counter", "gains", "have ", "untap", "hexproof", "indestructible",
            "proliferate", "attach", "double")


# ====================================================================== decisions mid-action


def policy(game: Any, decision: Decision) -> list[Any]:
    """Answer a decision taken while an action runs: a list of chosen options."""
    kind = decision.kind
    data = decision.data if isinstance(decision.data, dict) else {}
    if kind == "order":
        return order_triggers(game, decision)
    if kind == "targets":
        return [pick_target(game, decision.player, list(decision.options), decision.prompt)]
    if kind == "modes":  # a modal trigger (700.2b)
        t = data["trigger"]
        probe = StackItem(0, t["kind"], t["controller"], t["source"], t["epoch"], t["handler"], t["text"])
        modal = game.ability(t["handler"]).modal
        sets = mode_sets(game, probe, modal)
        return [str(n) for n in pick_modes(game, decision.player, modal, sets, probe) or sets[0]]
    if kind == "discard":
        return discard(game, decision.player, list(decision.options), decision.min)
    what = data.get("what")
    if what == "proliferate":
        return proliferate_choice(game, decision.player, decision.options)
    if what == "may":
        return ["yes"] if "yes" in decision.options else list(data.get("default") or [])
    if what == "phase out":
        return []
    if what in ("search", "discard-chosen", "pick"):  # the best cards: lands first for a search, else the costliest
        def worth(o: Any) -> tuple:
            card = game.card(game.state.objs[o].name)
            return (what == "search" and card.is_type("Land"), card.mana_value)
        return sorted(decision.options, key=worth, reverse=True)[:max(decision.max, 1)]
    if what == "target":  # a target chosen while a spell is cast mid-resolution (cascade)
        return [pick_target(game, decision.player, list(decision.options), data.get("text", ""))]
    if what == "put-back":  # Brainstorm: the cards least wanted, as for a discard
        return discard(game, decision.player, list(decision.options), decision.min)
    if what == "pile":  # 700.3: piles as even in worth as can be, so the other player loses half
        return split_piles(game, list(decision.options))[0]
    if what == "pile-choice":  # sacrifice the pile worth less
        first, second = data["piles"]
        return ["1" if _worth(game, first) <= _worth(game, second) else "2"]
    if what == "sacrifice":  # a cost or an edict: the least of what fits
        return sorted(decision.options, key=lambda o: (_size(game, o), game.card(game.state.objs[o].name).mana_value))[:max(1, decision.min)]
    default = data.get("default")
    if default:
        return list(default)
    n = decision.min if decision.min else min(1, decision.max, len(decision.options))
    if what == "copy" and decision.options:  # Clone: the biggest creature
        best = max(decision.options, key=lambda o: _size(game, o))
        return [best]
    return list(decision.options[:n])


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
    if not _harmful(mode.text):
        return int(mine)
    if mine:
        return 0
    return 4 if isinstance(t, str) and "damage" in mode.text else 2


def _size(game: Any, oid: Any) -> int:
    ch = game.chars(oid) if isinstance(oid, int) else None
    if ch is None or ch.power is None:
        return 0
    return ch.power + ch.toughness


def _harmful(text: str) -> bool:
    """Whether an effect's text reads as bad for what it targets (the default)."""
    low = text.lower()
    return not (any(w in low for w in _HELPFUL) and not any(w in low for w in _HARMFUL))


def pick_target(game: Any, player: str, options: list[Any], text: str = "") -> Any:
    """The best of a target requirement's options for ``player``: opponents (and
    their creatures) for harmful effects, one's own biggest creature for helpful ones."""
    harmful = _harmful(text)
    opps = set(game.opponents(player))

    def owner(o: Any) -> str:
        return o if isinstance(o, str) else game.controller_of(o)

    if harmful:
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


# ====================================================================== the player


def choose(game: Any) -> A.Action | None:
    """The autopilot's next action for the pending decision, or None when none is pending."""
    d = game.pending
    if d is None:
        return None
    if d.kind == "mulligan":
        return mulligan(game, d)
    if d.kind == "attackers":
        refs = battlefield_refs(game, d.options)
        return A.Attack(d.player, tuple((r, "") for r in refs)) if refs else A.Pass()
    if d.kind == "blockers":
        return A.Pass()
    if d.kind == "order":
        return A.Order(tuple(_ref(game, o) for o in order_triggers(game, d)))
    if d.kind != "priority":
        return A.Choose(tuple(_ref(game, o) for o in policy(game, d)))
    return priority(game, d.player)


def _ref(game: Any, o: Any) -> str:
    return game.ref_for(o) if isinstance(o, int) else str(o)


def battlefield_refs(game: Any, oids: Iterable[int]) -> list[str]:
    """``game.ref_for`` of permanents, computed for all of them at once: a name when
    only one permanent has it, else ``"Name"#N`` in timestamp order (the battlefield
    is the first zone a name refers to)."""
    st = game.state
    oids = list(oids)
    if st.aliases or any(st.objs[o].zone != "battlefield" for o in oids):
        return [game.ref_for(o) for o in oids]
    groups: dict[str, list[Any]] = {}
    for oid in st.battlefield:
        obj = st.objs[oid]
        for key in {obj.name.casefold(), game.name_of(oid).casefold()}:
            groups.setdefault(key, []).append(obj)
    out = []
    for oid in oids:
        name = game.name_of(oid)
        group = sorted(groups[name.casefold()], key=lambda o: o.timestamp)
        out.append(name if len(group) == 1 else f"{name}#{[o.id for o in group].index(oid) + 1}")
    return out


def mulligan(game: Any, d: Decision) -> A.Action:
    st = game.state
    p = st.players[d.player]
    names = [st.objs[o].name for o in d.options]
    is_land = {n: game.card(n).is_type("Land") for n in set(names)}
    lands = sum(1 for n in names if is_land[n])
    if p.mulligans < 2 and not 2 <= lands <= 5:
        return A.Mulligan(d.player)
    if p.mulligans == 2 and not 1 <= lands <= 5:
        return A.Mulligan(d.player)
    # put back p.mulligans cards: keep about 3 lands in 7 (at least 2), costly spells first
    hand = list(names)
    bottom: list[str] = []
    for _ in range(d.min):
        kept = len(hand) - 1
        want = max(2, round(kept * 3 / 7))
        have = sum(1 for n in hand if is_land[n])
        if have > want:
            pick = _most_common([n for n in hand if is_land[n]])
        else:
            spells = [n for n in hand if not is_land[n]]
            pick = (max(spells, key=lambda n: game.card(n).mana_value) if spells else
                    _most_common(hand))
        hand.remove(pick)
        bottom.append(pick)
    return A.Keep(d.player, tuple(bottom))


def _most_common(names: list[str]) -> str:
    return Counter(names).most_common(1)[0][0]


def priority(game: Any, player: str) -> A.Action:
    """With priority: land, spells, abilities, or move on to the next point of interest."""
    st = game.state
    if st.stack:
        return A.Pass()
    mine = game.seat_of(st.active) == game.seat_of(player)
    if mine and st.step in ("main1", "main2"):
        land = land_to_play(game, player)
        if land is not None:
            return land
        fetch = ability_to_activate(game, player, fetch=True) if _has_fetch(game, player) else None
        if fetch is not None:  # a fetch land's search, for mana now
            return fetch
        spell = spell_to_cast(game, player, sorcery_speed=True)
        if spell is not None:
            return spell
        if st.step == "main2":
            ability = ability_to_activate(game, player)
            if ability is not None:
                return ability
        return A.Goto("attackers") if st.step == "main1" else A.Goto("main1", player)
    if mine and st.step in COMBAT:
        if st.step in ("attackers", "blockers") and any(
                st.objs[o].attacking for o in st.battlefield):
            pump = spell_to_cast(game, player, sorcery_speed=False, combat=True)
            if pump is not None:
                return pump
        return A.Goto("main2")
    return A.Goto("main1", player)


def land_to_play(game: Any, player: str) -> A.Action | None:
    st = game.state
    p = st.players[player]
    if p.lands_played >= 1:
        return None
    lands = [n for n in dict.fromkeys(st.objs[o].name for o in p.hand) if game.card(n).is_type("Land")]
    if not lands:
        return None
    if len(lands) == 1:
        return A.PlayLand(player, lands[0])
    # the color the hand's spells need most and the lands on the battlefield make least
    need: Counter = Counter()
    for o in p.hand:
        card = game.card(st.objs[o].name)
        if not card.is_type("Land"):
            for sym in card.cost:
                for c in sym:
                    if c in "WUBRG":
                        need[c] += 1
    for oid in game.permanents(player):
        ch = game.chars(oid)
        if "Land" in ch.types:
            for c in _makes(game, oid):
                need[c] -= 2

    def score(name: str) -> tuple:
        card = game.card(name)
        makes = {BASIC_LAND_MANA.get(s) for s in card.subtypes} - {None}
        enters_tapped = "enters tapped" in card.oracle_text or "enters the battlefield tapped" in \
            card.oracle_text
        return (max((need[c] for c in makes), default=-99), not enters_tapped, len(makes))

    return A.PlayLand(player, max(lands, key=score))


def _makes(game: Any, oid: int) -> str:
    return "".join(ab.mana for ab in game.activated(oid) if ab.mana and ab.tap)


def spell_to_cast(game: Any, player: str, sorcery_speed: bool, combat: bool = False) -> A.Action | None:
    """The castable spell of highest mana value (with its targets and X), or None.
    In combat only helpful instants that target a creature (pumps)."""
    st = game.state
    p = st.players[player]
    if not p.hand:
        return None
    sources = mana_sources(game, player)
    if not sources:
        return None  # (first: after casting, the lands are often all tapped)
    cards = []
    flashback = {n: cost for n in dict.fromkeys(st.objs[o].name for o in p.graveyard)
                 if (cost := flashback_cost(game, n))}
    for name in dict.fromkeys([*(st.objs[o].name for o in p.hand), *flashback]):
        card = game.card(name)
        if card.is_type("Land") or any(unpayable(game, player, -1, c) for c in cast_costs(game, name)):
            continue
        fast = card.is_type("Instant") or "flash" in card.keywords
        if not (fast or sorcery_speed):
            continue
        cards.append(card)
    if not cards:
        return None
    cards.sort(key=lambda c: (-c.mana_value, c.name))
    for card in cards:
        x = 0
        alt = "" if any(st.objs[o].name == card.name for o in p.hand) else flashback[card.name]
        cost, able = total_cost(game, player, card, alt), payers(game, player, card)
        if "X" in cost:
            x = _max_x(cost, able)
            if x < 1:
                continue
        elif plan(cost, 0, able) is None:
            continue
        kicked = any(c.kicker for c in cast_costs(game, card.name)) and "X" not in cost and plan(
            total_cost(game, player, card, alt, kicked=True), 0, able) is not None
        modal = spell_modal(game, card.name)
        if modal is not None:
            modes = None if combat else pick_modes(game, player, modal, mode_sets(game, None, modal))
            if modes is None:
                continue
            targets = tuple(_ref(game, pick_target(game, player, game.target_options(None, t),
                                                   modal.modes[n - 1].text))
                            for n in modes for t in modal.modes[n - 1].targets)
            return A.Cast(player, card.name, targets, x, modes=modes, kicked=kicked)
        specs = game.spell_target_specs(card.name)
        text = card.oracle_text
        helpful = not _harmful(text)
        if specs:
            spec = specs[0]
            is_pump = helpful and spec.kind in ("creature", "creature-you-control", "permanent", "any")
            if combat != is_pump and card.is_type("Instant"):
                continue  # pumps in combat, burn in the main phase
            if combat and not is_pump:
                continue
            targets = []
            ok = True
            for s in specs:
                opts = game.target_options(None, s)
                if not opts:
                    ok = s.optional
                    break
                t = pick_target(game, player, opts, text)
                if helpful and not isinstance(t, str) and game.controller_of(t) != player:
                    ok = False
                    break
                if not helpful and (t == player or (isinstance(t, int) and
                                                    game.controller_of(t) == player)):
                    ok = False  # never burn oneself
                    break
                targets.append(_ref(game, t))
            if not ok:
                continue
            return A.Cast(player, card.name, tuple(targets), x, kicked=kicked)
        if combat:
            continue
        return A.Cast(player, card.name, (), x, kicked=kicked)
    return None


def _max_x(cost: tuple[str, ...], sources: list) -> int:
    x = 0
    while x < len(sources) and plan(cost, x + 1, sources) is not None:
        x += 1
    return x


def _has_fetch(game: Any, player: str) -> bool:
    """Whether the player has a land with a "Search your library" ability (the names that
    do are kept per game: each name's abilities never change)."""
    kept = game.memo.setdefault("fetch_lands", {})
    for oid in game.state.battlefield:
        name = game.state.objs[oid].name
        if name not in kept:
            kept[name] = any("Search your library" in ab.text and not ab.mana
                             for ab in game.behaviour(name).of(Activated))
        if kept[name] and game.state.objs[oid].controller == player:
            return True
    return False


def ability_to_activate(game: Any, player: str, fetch: bool = False) -> A.Action | None:
    """A non-mana activated ability not yet used this turn that the mana allows
    (``fetch``: only the searches of lands, "Search your library for a ... card")."""
    st = game.state
    used = game.policy_memory.setdefault("autopilot_used", {})  # this turn
    if used.get("turn") != st.turn:
        used.clear()
        used["turn"] = st.turn
    for oid in game.permanents(player):
        obj, ch = st.objs[oid], game.chars(oid)
        if ("Land" in ch.types) != fetch:
            continue
        for n, ab in enumerate(game.activated(oid), 1):
            if not isinstance(ab, Activated) or ab.mana or (oid, obj.epoch, n) in used:
                continue
            if fetch and "Search your library" not in ab.text:
                continue
            if ab.remove_counters or (ab.loyalty or 0) < 0 or ab.bounce_other or unpayable(game, player, oid, ab):
                continue  # spending counters (to regenerate, say), loyalty or a land in play is a player's call
            if ab.tap and (obj.tapped or (ch.is_creature and obj.sick and not ch.has("haste"))):
                continue
            cost = parse_cost(ab.cost)
            if "X" in cost or (cost and plan(cost, 0, mana_sources(game, player)) is None):
                continue
            if ab.tap and ch.is_creature and not ab.equip:
                continue  # creatures attack rather than tap
            targets: tuple[str, ...] = ()
            if ab.targets:
                opts = [o for o in game.target_options(None, ab.targets[0]) if o != oid or not ab.equip]
                if not opts:
                    continue
                helpful = not _harmful(ab.text) or ab.equip
                t = pick_target(game, player, opts, ab.text if not ab.equip else "attach")
                mine_t = t == player or (isinstance(t, int) and game.controller_of(t) == player)
                if helpful != mine_t:
                    continue
                targets = (_ref(game, t),)
            used[(oid, obj.epoch, n)] = True
            return A.Activate(player, game.ref_for(oid), n, targets)
    return None
