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
- One land a turn, the basic land type whose color the hand needs most; with
  none in the hand, landcycling (702.29e) for one.
- Cast what the mana allows, highest mana value first (cards in exile an effect
  lets it play count as in hand); burn and other harmful
  spells at the opponent (its creatures for "target creature"; damage divided
  among targets kills what it can and the rest goes to the opponent), pump spells on
  an attacking creature during combat, X spells with the largest X.  A modal
  spell or trigger takes the modes that do most: damage to an opponent, then
  harm to their permanents, then the rest, never one that would hurt oneself.
  An alternative cost only when the mana cost can't be paid: a spell's (one
  sacrificing lands only with each opponent at 6 life or less), one giving haste
  (dash, blitz), or evoke when the card's enters ability draws or removes an
  opponent's permanent (the card exiled for it is the cheapest that fits); buyback when the mana
  pays it too.  Suspend (702.62a) with the mana left once nothing else
  can be cast; before combat, an ability of a card in the graveyard the mana
  alone pays (unearth, "{2}{B}: Return this card from your graveyard to the
  battlefield"; 113.6k).  A clone copies the biggest creature it may.
- Attack with everything that can, every turn; crew a Vehicle first (702.122)
  when it hits harder than its crew would.
- The choices made in the middle of an action (targets, modes, searches, discards,
  orders of triggers, piles, colors) are :mod:`.decisions`'.

Playing many games with it is :mod:`mechanics.ai.simulate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from ..abilities.abilities import Activated, AltCost, Triggered
from ..abilities.modes import mode_sets
from ..model import actions as A
from ..model.cards import BASIC_LAND_MANA, parse_cost
from ..model.mana import phyrexian_life, plan
from ..model.state import Decision
from ..play.blocks import required_blocks
from ..play.castable import may_play_from_exile
from ..play.costs import alt_allowed, alternative_cost, cast_costs, total_cost
from ..play.payment import mana_sources, payers, paying
from ..play.perform import crew_options, unpayable
from .decisions import (
    crew_choice,
    divided_targets,
    order_triggers,
    pick_modes,
    pick_target,
    policy,
    target_of,
)
from .intent import harmful
from .known import kinds, known

ME = "p1"
OPPONENT = "p2"
COMBAT = ("combat", "attackers", "blockers", "damage", "endcombat")


# ====================================================================== the player


def choose(game: Any) -> A.Action | None:
    """The autopilot's next action for the pending decision (``game.pending``), or None
    when none is pending (``game.waiting_for``: a priority decision is answered without
    building the :class:`Decision` that ``game.pending`` would describe it with)."""
    d = game.waiting_for()
    if d is None or isinstance(d, str):
        return None if d is None else priority(game, d)
    if d.kind == "mulligan":
        return mulligan(game, d)
    if d.kind == "attackers":
        return _made(A.Attack, d.player, tuple([(game.ref_for(o), "") for o in d.options])) if d.options else PASS
    if d.kind == "blockers":  # no blocks, but those the rules require (509.1c)
        required = required_blocks(game, d.player)
        return A.Block(d.player, tuple((game.ref_for(b), game.ref_for(a)) for b, a in required)) if required \
            else PASS
    if d.kind == "order":
        return A.Order(tuple(_ref(game, o) for o in order_triggers(game, d)))
    if d.kind != "priority":
        return A.Choose(tuple(_ref(game, o) for o in policy(game, d)))
    return priority(game, d.player)


def _ref(game: Any, o: Any) -> str:
    return game.ref_for(o) if isinstance(o, int) else str(o)


def mulligan(game: Any, d: Decision) -> A.Action:
    st = game.state
    p = st.players[d.player]
    names = [st.objs[o].name for o in d.options]
    facts = known(game)
    lands = sum(1 for n in names if facts[n].land)
    if p.mulligans < 2 and not 2 <= lands <= 5:
        return _made(A.Mulligan, d.player)
    if p.mulligans == 2 and not 1 <= lands <= 5:
        return _made(A.Mulligan, d.player)
    # put back p.mulligans cards: keep about 3 lands in 7 (at least 2), costly spells first
    hand = list(names)
    bottom: list[str] = []
    for _ in range(d.min):
        kept = len(hand) - 1
        want = max(2, round(kept * 3 / 7))
        have = sum(1 for n in hand if facts[n].land)
        if have > want:
            pick = _most_common([n for n in hand if facts[n].land])
        else:
            spells = [n for n in hand if not facts[n].land]
            pick = (max(spells, key=lambda n: game.card(n).mana_value) if spells else
                    _most_common(hand))
        hand.remove(pick)
        bottom.append(pick)
    return _made(A.Keep, d.player, tuple(bottom))


def _most_common(names: list[str]) -> str:
    return Counter(names).most_common(1)[0][0]


def priority(game: Any, player: str) -> A.Action:
    """With priority: land, spells, abilities, or move on to the next point of interest.
    The searches for what no card of the game offers (:func:`kinds`: suspend, landcycling,
    a graveyard ability) or no permanent has (activated abilities) are not run."""
    st = game.state
    if st.stack:
        return PASS
    if not game.on_turn(player):
        return _goto("main1", player)  # (not its turn)
    step = st.step
    if step == "main1" or step == "main2":
        main1 = step == "main1"
        rare = kinds(game)
        if not st.players[player].lands_played:
            land = land_to_play(game, player) or (land_to_cycle(game, player) if "cycling" in rare else None)
            if land is not None:
                return land
        abilities = activated_abilities(game)
        fetch = ability_to_activate(game, player, fetch=True) if abilities else None
        if fetch is not None:  # a fetch land's search, for mana now
            return fetch
        spell = spell_to_cast(game, player, sorcery_speed=True, rare=rare) or (
            card_to_suspend(game, player) if "suspend" in rare else None) or (
            card_to_unearth(game, player) if main1 and "yard" in rare else None)
        if spell is not None:
            return spell
        crew = vehicle_to_crew(game, player) if main1 and abilities else None
        if crew is not None:
            return crew
        if not main1 and abilities:
            ability = ability_to_activate(game, player)
            if ability is not None:
                return ability
        return _ATTACKERS if main1 else _goto("main1", player)
    if step in COMBAT:
        if (step == "attackers" or step == "blockers") and st.combat and "pump" in (rare := kinds(game)) and any(
                st.objs[o].attacking for o in st.battlefield):  # (State.combat: else no creature attacks)
            pump = spell_to_cast(game, player, sorcery_speed=False, combat=True, rare=rare)
            if pump is not None:
                return pump
        return _MAIN2
    return _goto("main1", player)


PASS = A.Pass()


def _made(make: Callable[..., A.Action], *args: Any) -> Any:
    """``make(*args)``, made once: an action is a frozen value, and the autopilot's recur
    game after game (the same Goto, the same land played, the same Bolt at the opponent)."""
    key = (make, *args)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= 4096:
            _MADE.clear()
        found = _MADE[key] = make(*args)
    return found


_MADE: dict[tuple, A.Action] = {}


def _goto(step: str, player: str = "") -> A.Goto:
    """``A.Goto(step, player)``, made once."""
    return _made(A.Goto, step, player)


def _cast(player: str, name: str, targets: tuple[str, ...], x: int, kicked: bool, how: str) -> A.Cast:
    """A cast of one card, its fields by position (what :func:`_made` keeps it by)."""
    return A.Cast(player, name, targets, x, kicked=kicked, alt=how)


_ATTACKERS, _MAIN2 = _goto("attackers"), _goto("main2")


def land_to_play(game: Any, player: str) -> A.Action | None:
    st = game.state
    p = st.players[player]
    if p.lands_played >= 1:
        return None
    objs, cards = st.objs, known(game)
    lands: list[str] = []
    for o in (*p.hand, *_from_exile(game, p)) if p.exile else p.hand:
        name = objs[o].name
        if cards[name].land and name not in lands:
            lands.append(name)
    if not lands:
        return None
    if len(lands) == 1:
        return _made(A.PlayLand, player, lands[0])
    # the color the hand's spells need most and the lands on the battlefield make least
    need: dict[str, int] = {}
    for o in p.hand:
        for c in cards[objs[o].name].pips:
            need[c] = need.get(c, 0) + 1
    for oid, ch in game.all_chars().items():
        if ch.controller == player and "Land" in ch.types:
            for c in _makes(game, oid):
                need[c] = need.get(c, 0) - 2

    def score(name: str) -> tuple:
        card = game.card(name)
        makes = {BASIC_LAND_MANA.get(s) for s in card.subtypes} - {None}
        enters_tapped = "enters tapped" in card.oracle_text or "enters the battlefield tapped" in \
            card.oracle_text
        return (max((need.get(c, 0) for c in makes), default=-99), not enters_tapped, len(makes))

    return _made(A.PlayLand, player, max(lands, key=score))


_ORDER = attrgetter("order")

#: words of a typecycling keyword that find a land (702.29e: "Swampcycling", "Basic landcycling")
_LAND_WORDS = {"land", *(t.lower() for t in BASIC_LAND_MANA)}


def land_to_cycle(game: Any, player: str) -> A.Action | None:
    """With no land to play this turn: a landcycling ability of a card in the hand
    (702.29e), for a land next turn."""
    st = game.state
    p = st.players[player]
    if p.lands_played:
        return None
    cards = known(game)
    for oid in p.hand:
        for n, ab in enumerate(cards[st.objs[oid].name].hand, 1):
            words = set(ab.text.lower().removesuffix(ab.cost.lower()).replace("cycling", "").split())
            if words & _LAND_WORDS and plan(parse_cost(ab.cost), 0, mana_sources(game, player)) is not None:
                return A.Activate(player, game.ref_for(oid), n)
    return None


def _from_exile(game: Any, p: Any) -> list[int]:
    """The player's exiled cards an effect lets them play now ("you may play that card this turn")."""
    return [o for o in p.exile if may_play_from_exile(game, game.state.objs[o])] if p.exile else []


def _makes(game: Any, oid: int) -> str:
    return "".join(ab.mana for ab in game.activated(oid) if ab.mana and ab.tap)


def spell_to_cast(game: Any, player: str, sorcery_speed: bool, combat: bool = False,
                  rare: frozenset[str] | None = None) -> A.Action | None:
    """The castable spell of highest mana value (with its targets and X), or None.
    In combat only helpful instants that target a creature (pumps).  ``rare``: the game's
    :func:`kinds` when the caller has them."""
    st = game.state
    p = st.players[player]
    exiled = _from_exile(game, p) if p.exile else ()
    if not p.hand and not p.graveyard and not exiled:
        return None
    objs, facts, rare = st.objs, known(game), kinds(game) if rare is None else rare
    in_hand = dict.fromkeys([objs[o].name for o in (*p.hand, *exiled)] if exiled else [objs[o].name for o in p.hand])
    flashback, permitted = {}, {}
    if "graveyard" in rare:
        for n in dict.fromkeys([objs[o].name for o in p.graveyard]):
            k = facts[n]
            if k.flashback:
                flashback[n] = k.flashback
            elif k.from_graveyard:  # 601.3
                permitted[n] = k.from_graveyard
    cards = []
    for name in (dict.fromkeys([*in_hand, *flashback, *permitted]) if flashback or permitted else in_hand):
        k = facts[name]
        if k.land or not (k.fast or sorcery_speed) or combat != k.pump and (combat or k.instant):
            continue  # pumps in combat, burn in the main phase
        cards.append(k)
    if not cards:
        return None
    if not mana_sources(game, player) and not ("alts" in rare and any(facts[objs[o].name].alts for o in p.hand)):
        return None  # (after casting, the lands are often all tapped; evoke needs no mana)
    if "costs" in rare:
        cards = [k for k in cards if not k.costs or not any(unpayable(game, player, -1, c) for c in k.costs)]
    cards.sort(key=_ORDER)
    for k in cards:
        card = k.card
        x = 0
        mine, alt, other = True, "", None
        if (flashback or permitted) and card.name not in in_hand:  # from a graveyard
            mine, alt = False, flashback.get(card.name, "")
            other = None if alt else alternative_cost(game, card.name, permitted[card.name])
        cost, able = total_cost(game, player, card, alt, alt=other), payers(game, player, card)
        if "X" in cost:
            x = _max_x(cost, able)
            if x < 1:
                continue
        elif other is not None:  # from a graveyard, only for the permitted cost
            if unpayable(game, player, -1, other) or not alt_allowed(game, player, other, -1) or plan(
                    cost, 0, able) is None:
                continue
        elif paying(game, cost, 0, able) is None or not (card.mana_cost or alt):  # 118.6: no mana cost
            other = alternative(game, player, card, able) if k.alts else None
            if other is None:
                continue
        kicked = bool(k.costs) and any(c.kicker for c in k.costs) and "X" not in cost and plan(
            total_cost(game, player, card, alt, True, other), 0, able) is not None
        if other is None and mine and "X" not in cost and k.alts:
            other = buyback(game, player, card, able, kicked)
        how = other.name if other else ""
        modal = k.modal
        if modal is not None:
            modes = pick_modes(game, player, modal, mode_sets(game, None, modal))
            if modes is None:
                continue
            targets = tuple(_ref(game, pick_target(game, player, game.target_options(None, t),
                                                   modal.modes[n - 1].text))
                            for n in modes for t in modal.modes[n - 1].targets)
            return A.Cast(player, card.name, targets, x, modes=modes, kicked=kicked, alt=how)
        specs, text, helpful = k.specs, card.oracle_text, k.helpful
        if k.divide is not None:
            targets = divided_targets(game, player, specs[-1], k.divide(x))
            if targets:
                return A.Cast(player, card.name, tuple(_ref(game, t) for t in targets), x, kicked=kicked)
            continue
        if specs:
            targets = []
            chosen: list[Any] = []
            ok = True
            for s in specs:
                if 0 <= s.same_player_as < len(chosen):  # "... that player controls" (601.2c)
                    whose = chosen[s.same_player_as]
                    whose = whose if isinstance(whose, str) else game.controller_of(whose)
                    opts = [o for o in game.target_options(None, s)
                            if not isinstance(o, str) and game.controller_of(o) == whose]
                    t = pick_target(game, player, opts, text) if opts else None
                else:
                    t = target_of(game, player, s, text)
                if t is None:
                    ok = s.optional
                    break
                if helpful and not isinstance(t, str) and game.controller_of(t) != player:
                    ok = False
                    break
                if not helpful and (t == player or (isinstance(t, int) and
                                                    game.controller_of(t) == player)):
                    ok = False  # never burn oneself
                    break
                chosen.append(t)
                targets.append(_ref(game, t))
            if not ok:
                continue
            return _made(_cast, player, card.name, tuple(targets), x, kicked, how)
        return _made(_cast, player, card.name, (), x, kicked, how)
    return None


def card_to_unearth(game: Any, player: str) -> A.Action | None:
    """Before combat, an ability of a card in the graveyard the mana allows: unearth
    (702.84a: it attacks with haste before it is exiled), "{2}{B}: Return this card from
    your graveyard to the battlefield" (113.6k).  Not one with a target, or that sacrifices,
    taps or discards something else (a player's call)."""
    st = game.state
    cards = known(game)
    for oid in st.players[player].graveyard:
        for n, ab in enumerate(cards[st.objs[oid].name].yard, 1):
            if ab.targets or ab.sacrifice_other or ab.tap_other or ab.discard or unpayable(game, player, oid, ab):
                continue
            if plan(parse_cost(ab.cost), 0, mana_sources(game, player)) is not None:
                return A.Activate(player, game.ref_for(oid), n)
    return None


def buyback(game: Any, player: str, card: Any, able: list, kicked: bool) -> Any:
    """An optional additional cost of mana only (buyback, 702.27a) the mana also pays: the
    spell comes back to cast again."""
    return next((w for w in cast_costs(game, card.name, AltCost)
                 if w.additional and not (w.life or w.discard or w.sacrifice_other or w.exile_other)
                 and plan(total_cost(game, player, card, "", kicked, w), 0, able) is not None), None)


def card_to_suspend(game: Any, player: str) -> A.Action | None:
    """A card in the hand to suspend (702.62a) with the mana left once nothing else can be
    cast: the one with the fewest time counters."""
    objs, cards = game.state.objs, known(game)
    found = {}
    for oid in game.state.players[player].hand:
        name = objs[oid].name
        if cards[name].suspend:
            found[name] = cards[name].suspend
    able = [n for n, (_, cost) in found.items() if plan(parse_cost(cost), 0, mana_sources(game, player)) is not None]
    return A.SuspendCard(player, min(able, key=lambda n: (found[n][0], n))) if able else None


def vehicle_to_crew(game: Any, player: str) -> A.Action | None:
    """Before combat, crew a Vehicle that can attack when it hits harder than the creatures
    that would crew it instead of attacking (those with summoning sickness cost nothing)."""
    st = game.state
    seen = set()
    for oid, controller, n, ab, ch in activated_abilities(game):
        if controller != player or not ab.crew or oid in seen:
            continue
        seen.add(oid)  # (its first crew ability)
        obj = st.objs[oid]
        if ch.is_creature or obj.tapped or obj.sick or unpayable(game, player, oid, ab):
            continue
        crew = crew_choice(game, list(crew_options(game, player, oid)), ab.crew)
        lost = sum(game.chars(o).power or 0 for o in crew if not st.objs[o].sick)
        if (ch.power or 0) > lost:
            return A.Activate(player, game.ref_for(oid), n)
    return None


def alternative(game: Any, player: str, card: Any, able: list) -> Any:
    """An alternative cost (118.9) to cast ``card`` from the hand for, when its mana cost
    can't be paid: for an instant or sorcery any the player can pay (one that sacrifices
    permanents only when each opponent is at 6 life or less: Fireblast finishes); for a
    permanent one that gives haste (dash, blitz: it attacks at once), or any for a card
    whose enters-the-battlefield ability is worth it (an evoked creature is sacrificed as
    it enters: it is cast for that ability, :func:`_worth_entering`)."""
    hand = [o for o in game.state.players[player].hand if game.state.objs[o].name == card.name]
    payable = [w for w in cast_costs(game, card.name, AltCost) if hand and not w.additional
               and not unpayable(game, player, hand[0], w)
               and alt_allowed(game, player, w, hand[0]) and plan(total_cost(game, player, card, alt=w), 0, able)
               is not None]
    hasty = [w for w in payable if "haste" in getattr(game.hooks.keywords.get(w.name), "grants", ())]
    if card.types & {"Instant", "Sorcery"}:  # Fireblast, Force of Will: lands only to finish
        endgame = all(game.state.players[o].life <= 6 for o in game.opponents(player))
        payable = [w for w in payable if not w.sacrifice_other or endgame]
        return payable[0] if payable else None
    return (hasty or payable)[0] if hasty or (payable and _worth_entering(game, player, card)) else None


def _worth_entering(game: Any, player: str, card: Any) -> bool:
    """Whether the card's enters-the-battlefield ability is worth a card now: it draws
    cards (Mulldrifter), or it removes an opponent's permanent (Solitude on a blocker); an
    opponent's hand (Grief) doesn't slow a goldfish down."""
    enters = [ab for ab in game.behaviour(card.name).of(Triggered) if "ZoneChanged" in ab.events and " enters" in ab.text]
    if not enters:
        return False
    if not enters[0].targets:
        return "draw" in enters[0].text.lower()
    for spec in enters[0].targets:
        options = game.target_options(None, spec)
        t = pick_target(game, player, options, enters[0].text) if options else None
        if not (harmful(enters[0].text) and isinstance(t, int) and game.controller_of(t) != player):
            return False
    return True


def _max_x(cost: tuple[str, ...], sources: list) -> int:
    x = 0
    while x < len(sources) and plan(cost, x + 1, sources) is not None:
        x += 1
    return x


def activated_abilities(game: Any) -> list[tuple[int, str, int, Any, Any]]:
    """The permanents' activated abilities that aren't mana abilities, as
    ``(permanent, controller, number, ability, characteristics)`` (``number`` as
    ``activate`` counts them), kept while the characteristics are the same dict: which
    abilities a permanent has and may activate (602.5) is read from them alone, and the
    autopilot asks at every priority in a main phase."""
    chars = game.all_chars()
    kept = game.memo.get("autopilot_activated")
    if kept is None or kept[0] is not chars:
        found = []
        for oid, ch in chars.items():
            beh = ch.behaviour
            if beh.derived.get("activates", True) and _activates(beh):  # (read once: kept with the abilities)
                found += [(oid, ch.controller, n, ab, ch) for n, ab in enumerate(game.activated(oid), 1)
                          if isinstance(ab, Activated) and not ab.mana]
        kept = game.memo["autopilot_activated"] = (chars, found)
    return kept[1]


def _activates(beh: Any) -> bool:
    """Whether the abilities include an activated one that isn't a mana ability (kept with them)."""
    found = beh.derived.get("activates")
    if found is None:
        found = beh.derived["activates"] = any(not ab.mana for ab in beh.of(Activated))
    return found


def ability_to_activate(game: Any, player: str, fetch: bool = False) -> A.Action | None:
    """A non-mana activated ability not yet used this turn that the mana allows
    (``fetch``: only the searches of lands, "Search your library for a ... card")."""
    st = game.state
    used = None
    for oid, controller, n, ab, ch in activated_abilities(game):
        if controller != player or ("Land" in ch.types) != fetch:
            continue
        if used is None:  # (looked at once a permanent of the kind asked for has one)
            used = game.policy_memory.setdefault("autopilot_used", {})  # this turn
            if used.get("turn") != st.turn:
                used.clear()
                used["turn"] = st.turn
        obj = st.objs[oid]
        if (oid, obj.epoch, n) in used:
            continue
        if fetch and "Search your library" not in ab.text:
            continue
        if ab.remove_counters or ab.put_counters or (ab.loyalty or 0) < 0 or ab.bounce_other or ab.crew or unpayable(
                game, player, oid, ab):
            continue  # spending counters (to regenerate, say), loyalty or a land in play is a player's
            # call; Vehicles are crewed before combat
        if ab.tap and (obj.tapped or (ch.is_creature and obj.sick and not ch.has("haste"))):
            continue
        sources = mana_sources(game, player)
        cost = phyrexian_life(parse_cost(ab.cost), 0, sources, st.players[player].life)[0]  # 107.4f
        if "X" in cost or (cost and plan(cost, 0, sources) is None):
            continue
        if ab.tap and ch.is_creature and not ab.equip:
            continue  # creatures attack rather than tap
        if "return this" in ab.text.lower():
            continue  # bouncing one's own permanent (Batterskull) undoes casting it
        targets: tuple[str, ...] = ()
        if ab.targets:
            on = obj.attached_to if ab.equip and obj.attached_to is not None and obj.attached_to >= 0 else None
            if on is not None and not game.card(st.objs[on].name).toughness:
                continue  # it equips a living weapon's 0/0 Germ, which would die
            opts = [o for o in game.target_options(None, ab.targets[0]) if o != oid or not ab.equip]
            if not opts:
                continue
            helpful = not harmful(ab.text) or ab.equip
            t = pick_target(game, player, opts, ab.text if not ab.equip else "attach")
            if ab.equip and t == on:
                continue  # already there
            mine_t = t == player or (isinstance(t, int) and game.controller_of(t) == player)
            if helpful != mine_t:
                continue
            targets = (_ref(game, t),)
        used[(oid, obj.epoch, n)] = True
        return A.Activate(player, game.ref_for(oid), n, targets)
    return None
