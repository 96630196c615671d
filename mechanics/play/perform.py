"""What each action does: validation (601.2, 602.2, 305, 508, 509) and effect.

:func:`perform` is called by :meth:`Game.play` inside its snapshot, so any
:class:`IllegalActionError` raised here leaves the game unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import (
    AltCost,
    HandAbility,
    SpellAbility,
)
from ..abilities.modes import check_modes, mode_text
from ..model import actions as A
from ..model.cards import parse_cost
from ..model.errors import IllegalActionError
from ..model.mana import (
    parse_mana,
)
from ..model.state import AbilityRef, Decision, StackItem
from ..rules import sba
from ..text.effects import (
    CANT_ACTIVATE,
)
from . import mana_abilities, setup, stops
from .blocks import broken_requirement
from .castable import find_castable, find_in_hand
from .costs import (
    alt_allowed,
    alternative_cost,
    cast_costs,
    flashback_cost,
    permitted_alt,
    suspend_instance,
    total_cost,
)
from .declare import attack, attack_requirements, block
from .flash import cast_any_time, sorcery_time
from .manual import MANUAL
from .payment import pay

if TYPE_CHECKING:
    from collections.abc import Callable

    from .game import Game


def perform(game: Game, action: A.Action) -> None:
    st = game.state
    if st.proc is not None:
        if not isinstance(action, (A.Choose, A.Order)):
            raise IllegalActionError(f"a decision is pending: {st.decision.prompt}; answer it with 'choose'")
        game.answer(action)
        return
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(f"'{action.command}' is not an action a game can apply")
    if (st.decision is not None and not action.setup and not action.manual
            and type(action) not in DECISION_ANSWERS):
        raise IllegalActionError(f"a decision is pending: {st.decision.prompt}")
    if st.over and not (action.setup or action.manual):
        raise IllegalActionError("the game is over")
    handler(game, action)
    if not action.setup and handler is not _pass:
        game.advance()  # (a pass ran the game on itself: pass_round and declare_nothing end in advance())


# ====================================================================== rules actions


def _pass(game: Game, a: A.Pass) -> None:
    st = game.state
    d = st.decision
    if d is not None:
        if d.kind not in ("attackers", "blockers"):
            raise IllegalActionError(f"a decision is pending: {d.prompt}")
        if d.kind == "attackers":
            attack_requirements(game, d.player, ())
        elif broken := broken_requirement(game, d.player, []):
            raise IllegalActionError(broken)  # 509.1c: a requirement no block obeys
        game.declare_nothing()
        return
    if st.priority is None:
        game.advance()
        if st.priority is None:
            raise IllegalActionError("no player has priority")
    game.pass_round()


def _resolve(game: Game, a: A.Resolve) -> None:
    """Pass until the top object has resolved, or (``all``) until the stack is empty,
    triggers put on it meanwhile included; a decision on the way stops it."""
    st = game.state
    if not st.stack:
        raise IllegalActionError("the stack is empty")
    top = st.stack[-1].id
    guard = 0
    while st.stack and (a.all or any(s.id == top for s in st.stack)) and guard < 10_000:
        guard += 1
        if st.decision is not None or st.over or game.pending is None:
            return
        game.pass_round()


def _autopass(game: Game, a: A.Autopass) -> None:
    game.player(a.player)
    stops.autopass(game, a.player, a.stops)


def _goto(game: Game, a: A.Goto) -> None:
    if a.player:
        game.player(a.player)
    game.go_to(a.step, a.player)


def _sorcery_timing(game: Game, player: str, what: str) -> None:
    """307.1/305.1: main phase of their own turn, empty stack (:func:`sorcery_time`), or
    the error that says which is missing."""
    if sorcery_time(game, player):
        return
    st = game.state
    if st.step not in ("main1", "main2") or not game.on_turn(player):
        raise IllegalActionError(f"{what} only in your own main phase (it is {st.active}'s {st.step})")
    raise IllegalActionError(f"{what} only when the stack is empty")


def _play_land(game: Game, a: A.PlayLand) -> None:
    oid, card = find_castable(game, a.player, a.card)
    if not card.is_type("Land"):
        raise IllegalActionError(f"'{card.name}' is not a land; cast it with 'cast'")
    _need_priority(game, a.player)
    _sorcery_timing(game, a.player, "a land can be played")
    p = game.player(a.player)
    if p.lands_played >= 1:
        raise IllegalActionError(f"{a.player} has already played a land this turn (305.2)")
    p.lands_played += 1
    game.state.objs[oid].name = card.name  # 712: a modal double-faced card's face, as played
    game.move(oid, "battlefield")
    if game.keep_log:
        game.note(f"{a.player} plays {card.name}")


def _need_priority(game: Game, player: str) -> None:
    game.player(player)
    if game.state.priority != player and not game.has_priority(player):  # (holding it: its own seat)
        game.take_priority(player)


def _cast(game: Game, a: A.Cast) -> None:
    oid, card = find_castable(game, a.player, a.card)
    zone = game.state.objs[oid].zone
    flashback = flashback_cost(game, card.name) if zone == "graveyard" else ""
    costs = cast_costs(game, card.name)
    if a.kicked and not any(c.kicker for c in costs):
        raise IllegalActionError(f"'{card.name}' has no kicker; leave out 'kicked'")
    alt = _chosen_alternative(game, a, oid, card, flashback) if a.alt or zone != "hand" else None
    if card.is_type("Land"):
        raise IllegalActionError(f"'{card.name}' is a land; play it with 'play'")
    if not (card.mana_cost or (alt and not alt.additional) or flashback or a.free):  # 118.6: no mana cost
        raise IllegalActionError(f"'{card.name}' has no mana cost: it can't be cast unless something lets it "
                                 "be cast without paying it or for an alternative cost (118.6)")
    _need_priority(game, a.player)
    if not sorcery_time(game, a.player) and not cast_any_time(game, a.player, card):  # 307.1; 702.8a, 601.3e
        _sorcery_timing(game, a.player, f"'{card.name}' can be cast")
    _check_x(card.cost, a.x, card.name)
    spells = game.behaviour(card.name).of(SpellAbility)  # (read once for its modes, targets and division)
    modal = spells[0].modal if spells else None
    modes = check_modes(game, a.player, card.name, a.modes, modal)  # 601.2b: modes, then targets
    specs = game.spell_target_specs(card.name, modes, spells)
    targets = _targets(game, None, a.player, specs, a.targets, card.name)
    divided = divide_damage(game, a.player, card.name, targets, a.x, spells[0].divide if spells else None)
    extra = [*costs, alt] if alt else costs
    for c in extra:  # 601.2f: additional costs, all paid or none
        why = unpayable(game, a.player, oid, c)
        if why:
            raise IllegalActionError(why)
    delved: list[tuple[int, int]] = []
    convoked = [] if a.free else pay(game, a.player, total_cost(game, a.player, card, flashback, a.kicked, alt),
                                     a.x, card, delved=delved)
    paid: dict[str, Any] = {}
    for c in extra:
        paid.update(_pay_other_costs(game, a.player, oid, c))
    st = game.state
    if convoked:  # 702.51c: "each creature that convoked it" (the spell, then the permanent)
        st.turn_flags.setdefault("convoked", {})[oid] = [st.objs[o].ref for o in convoked]
    if delved:  # 702.66a: the cards exiled with it
        st.turn_flags.setdefault("delved", {})[oid] = delved
    cast_from = st.objs[oid].zone
    game.move(oid, "stack")
    st.turn_flags.setdefault("kicked", {})[oid] = a.kicked  # "if it was kicked" (702.33d)
    data: dict[str, Any] = {"modes": modes} if modes else {}
    data.update(paid)
    if cast_from != "hand":
        data["from"] = cast_from
    if flashback:
        data["flashback"] = True
    if alt:
        data["alt"] = alt.name
    if divided:
        data["divided"] = divided
    st.objs[oid].name = card.name  # 709.3, 712, 715.3: the spell has the chosen face's characteristics
    item = StackItem(st.new_id(), "spell", a.player, oid, st.objs[oid].epoch, "spell", card.name,
                     targets, a.x, data, timestamp=st.tick())
    st.stack.append(item)
    st.passes = 0
    st.priority = game.seat_of(a.player)
    if game.keep_log:  # (the line's words cost more than the rest of casting a spell)
        game.note(f"{a.player} casts {card.name}" + " (kicked)" * a.kicked + " with flashback" * bool(flashback)
                  + ("" if alt is None else f" paying its {a.alt} cost too" if alt.additional
                     else f" for its {a.alt} cost")
                  + mode_text(modal, modes)
                  + _target_text(game, targets)
                  + (" dividing its damage " + ", ".join(map(str, divided)) if divided else ""))
    game.spell_cast(item)  # (announces the writes above)
    game.became_targets(item)


def _chosen_alternative(game: Game, a: A.Cast, oid: int, card: Any, flashback: str) -> AltCost | None:
    """The alternative cost ``a`` casts the spell for (``with KEYWORD``), or None: from its
    owner's hand, or from where a permission says, and only one (118.9a: not with
    flashback, nor without paying)."""
    zone = game.state.objs[oid].zone
    needed = permitted_alt(game, card.name, zone) if zone != "hand" and not flashback else ""
    if needed and a.alt != needed:
        raise IllegalActionError(f"'{card.name}' may be cast from its owner's {zone} only for its {needed} "
                                 f"cost (601.3): add 'with {needed}'")
    if not a.alt:
        return None
    alt = alternative_cost(game, card.name, a.alt)
    if alt is None:
        have = ", ".join(c.name for c in cast_costs(game, card.name, AltCost)) or "none"
        raise IllegalActionError(f"'{card.name}' has no {a.alt} cost (its alternative costs: {have}); "
                                 f"leave out 'with {a.alt}'")
    if flashback or a.free or (zone != "hand" and a.alt != needed):
        raise IllegalActionError(f"'with {a.alt}' casts a spell from its owner's hand, paying one "
                                 "alternative cost (118.9a)")
    if not alt_allowed(game, a.player, alt, oid):
        raise IllegalActionError(f"'{card.name}' may be cast for its {a.alt} cost only when its condition "
                                 f"holds ({alt.text})")
    return alt


def _suspend(game: Game, a: A.SuspendCard) -> None:
    """702.62a: "If you could begin to cast this card by putting it onto the stack from your
    hand, you may pay [cost] and exile it with N time counters on it."  A special action
    (116.2f): it doesn't use the stack; the suspend plugin's triggers do the rest."""
    oid = find_in_hand(game, a.player, a.card)
    card = game.card(game.state.objs[oid].name)
    found = suspend_instance(game, card.name)
    if found is None:
        raise IllegalActionError(f"'{card.name}' has no suspend (or no loaded plugin implements it)")
    n, cost = found
    _need_priority(game, a.player)
    if not (card.is_type("Instant") or "flash" in card.keywords):
        _sorcery_timing(game, a.player, f"'{card.name}' can be suspended")
    pay(game, a.player, parse_cost(cost))
    game.move(oid, "exile")
    game.put_counters(oid, "time", n)
    game.note(f"{a.player} suspends {card.name} with {n} time counters")


def spell_divides(game: Game, name: str) -> Any:
    """The spell's ``divide(x)`` (the damage it divides as it is cast, 601.2d), or None."""
    spells = game.behaviour(name).of(SpellAbility)
    return spells[0].divide if spells else None


def divide_damage(game: Game, player: str, name: str, targets: tuple, x: int, divide: Any) -> tuple[int, ...]:
    """601.2d: the damage a spell divides among its targets (its ``divide``, :func:`spell_divides`),
    announced as it is cast: at least 1 to each, the player choosing each target's share
    but the last's (which takes the rest).  Empty for a spell that divides nothing."""
    if divide is None:
        return ()
    total, k = divide(x), len(targets)
    if not 0 < k <= total:
        raise IllegalActionError(f"'{name}' divides {total} damage: choose 1 to {total} targets, each dealt "
                                 f"at least 1 (601.2d); got {k}")
    shares: list[int] = []
    for i, t in enumerate(targets[:-1]):
        left = total - sum(shares)
        most = left - (k - 1 - i)
        who = t if isinstance(t, str) else game.describe(t[0])
        pick = game.ask(Decision("choose", player, f"{name}: damage to {who} (1 to {most}; {left} left to divide)",
                                 tuple(str(v) for v in range(1, most + 1)), 1, 1,
                                 {"what": "divide", "target": t if isinstance(t, str) else t[0],
                                  "default": ["1"]})) if most > 1 else ["1"]
        shares.append(int(pick[0]))
    return (*shares, total - sum(shares))


def _check_x(cost: tuple[str, ...], x: int, what: str) -> None:
    """107.3, 601.2b: X is a number chosen for an {X} in the cost, zero or more."""
    if x < 0:
        raise IllegalActionError(f"X can't be negative (got {x})")
    if x and "X" not in cost:
        raise IllegalActionError(f"'{what}' has no {{X}} in its cost; leave out 'x {x}'")


def _target_text(game: Game, targets: tuple) -> str:
    if not targets:
        return ""
    return " targeting " + ", ".join(game.describe(t if isinstance(t, str) else t[0]) for t in targets)


def _targets(game: Game, item: StackItem | None, player: str, specs: tuple, refs: tuple[str, ...],
             what: str) -> tuple[Any, ...]:
    if not specs and not refs:
        return ()
    required = [s for s in specs if not s.optional and s.max == 1]
    most = len(specs) - 1 + specs[-1].max if specs else 0  # "any number of" comes last (115.1d)
    if len(refs) < len(required) or len(refs) > most:
        need = " and ".join(s.text for s in specs) or "no targets"
        raise IllegalActionError(f"'{what}' needs {need}; got {len(refs)} target(s)")
    if not refs:
        return ()
    if _named_twice(refs, specs):
        raise IllegalActionError("the same target is named twice for one 'target' (115.3)")
    probe = item or StackItem(0, "spell", player, None, 0, "spell", what)
    out = []
    for i, ref in enumerate(refs):
        spec = specs[min(i, len(specs) - 1)]
        t = game.resolve_ref(ref)
        if not game.is_target_option(probe, spec, t):
            raise IllegalActionError(f"'{ref}' is not a legal target for '{what}' ({spec.text})")
        if spec.other and game.target_ref(t) in out:  # "another target", "up to one other target"
            raise IllegalActionError(f"'{ref}' is already a target of '{what}'; this one is another ({spec.text})")
        if 0 <= spec.same_player_as < len(out) and not isinstance(t, str) and game.controller_of(t) != game.player_of_target(
                out[spec.same_player_as]):  # 601.2c: Searing Blaze's "that player ... controls"
            raise IllegalActionError(f"'{ref}' is not a legal target for '{what}': {spec.text} that "
                                     f"{game.player_of_target(out[spec.same_player_as])} controls")
        out.append(game.target_ref(t))
    return tuple(out)


def _named_twice(refs: tuple[str, ...], specs: tuple) -> bool:
    """115.3: one object can be the target of each instance of the word "target" (a
    modal spell's modes, say) but only once within one ("any number of targets": the
    last requirement takes the rest of the references)."""
    rest = refs[max(len(specs) - 1, 0):]
    return len(set(rest)) != len(rest)


def _activate(game: Game, a: A.Activate) -> None:
    oid = game.resolve_obj(a.obj)
    obj = game.state.objs[oid]
    if obj.zone in ("hand", "graveyard"):
        return _activate_in_hand(game, a, oid)
    if obj.zone != "battlefield" or obj.phased_out:
        raise IllegalActionError(f"'{a.obj}' is not on the battlefield")
    if game.controller_of(oid) != a.player:
        raise IllegalActionError(f"{a.player} does not control '{a.obj}'")
    abilities = game.activated(oid)
    if not abilities and (ch := game.chars(oid)) is not None and ch.has(CANT_ACTIVATE):
        raise IllegalActionError(f"'{a.obj}': its activated abilities can't be activated (602.5)")
    if not 1 <= a.n <= len(abilities):
        raise IllegalActionError(f"'{a.obj}' has {len(abilities)} activated abilities, not #{a.n}")
    ab = abilities[a.n - 1]
    ch = game.chars(oid)
    if ab.tap:
        if obj.tapped:
            raise IllegalActionError(f"'{a.obj}' is tapped")
        if ch.is_creature and obj.sick and not ch.has("haste"):
            raise IllegalActionError(f"'{a.obj}' has summoning sickness (302.6)")
    if ab.mana and game.state.priority is None:  # 605.3a: only while someone could act
        raise IllegalActionError(f"no player has priority in the {game.state.step} step")
    if not ab.mana:
        _need_priority(game, a.player)
        if ab.sorcery:
            _sorcery_timing(game, a.player, "this ability can be activated")
    handler = str(AbilityRef(ch.abilities_name, ch.behaviour.abilities.index(ab)))
    probe = StackItem(0, "activated", a.player, oid, obj.epoch, handler, ab.text)
    targets = _targets(game, probe, a.player, ab.targets, a.targets, ab.text)
    _check_x(parse_cost(ab.cost), a.x, ab.text)
    if a.x < ab.x_min:
        raise IllegalActionError(f"X can't be less than {ab.x_min} for '{ab.text}' (choose it with 'x N')")
    if ab.remove_counters:  # 602.2b: a cost that can't be paid in full can't be paid
        kind, n = ab.remove_counters
        if obj.counters.get(kind, 0) < n:
            raise IllegalActionError(f"'{a.obj}' doesn't have {n} {kind} counters to remove")
    why = unpayable(game, a.player, oid, ab)
    if why:
        raise IllegalActionError(why)
    if ab.tap:  # 602.2b: {T} first, so that paying the mana doesn't tap this land for it
        game.tap(oid)
    pay(game, a.player, parse_cost(ab.cost), a.x, source=oid)
    if ab.remove_counters:
        game.remove_counters(oid, *ab.remove_counters)
    paid = _pay_other_costs(game, a.player, oid, ab)
    if ab.loyalty is not None:  # 606.4: the cost; 606.3: once this turn
        game.state.turn_flags.setdefault("loyalty", []).append(obj.ref)
        if ab.loyalty > 0:
            game.put_counters(oid, "loyalty", ab.loyalty)
        elif ab.loyalty < 0:
            game.remove_counters(oid, "loyalty", -ab.loyalty)
    epoch = obj.epoch  # the source as it was: once sacrificed it is a new object (400.7)
    if ab.sacrifice:  # 602.2b, 701.21a: a cost, paid before the ability goes on the stack
        game.sacrifice(oid)
    if ab.mana:  # 605.3: mana abilities resolve at once
        mana_abilities.produce(game, a.player, (oid, epoch), handler, ab, ch.name)
        return
    _stack_ability(game, a.player, (oid, epoch), ch.name, handler, ab.text, targets, a.x, paid)


def unpayable(game: Game, player: str, oid: int, ab: Any) -> str:
    """Why the costs of ``ab`` besides mana and {T} can't be paid now, or "" (602.2b,
    119.4: life only with that much life; 602.5b: once each turn; 606.3: a loyalty ability)."""
    life = game.state.players[player].life
    if ab.life and life < ab.life:
        return f"{player} can't pay {ab.life} life with {life}"
    if ab.once and (oid, game.state.objs[oid].epoch, ab.text) in game.state.turn_flags.get("once", ()):
        return "this ability can be activated only once each turn (602.5b)"
    if getattr(ab, "only_if", None) is not None and not ab.only_if(game, player, oid):
        return f"{ab.text.rsplit('Activate only', 1)[-1].strip(' .') or 'its condition'}: not now (602.5b)"
    if getattr(ab, "loyalty", None) is not None and (why := _loyalty_refused(game, game.state.objs[oid], ab)):
        return why
    if (energy := getattr(ab, "energy", 0)) and game.state.players[player].counters.get("energy", 0) < energy:
        return f"{player} has fewer than {energy} energy counters to pay (107.14)"
    if ab.discard and len([c for c in game.state.players[player].hand if c != oid]) < ab.discard:
        return f"{player} has no card to discard"
    if ab.sacrifice_other and len(_options(game, player, oid, ab.sacrifice_other)) < getattr(ab, "sacrifices", 1):
        return f"{player} has no {ab.sacrifice_other[0]} to sacrifice"
    tapping = getattr(ab, "tap_other", None)
    if tapping and len(_tap_options(game, player, oid, ab)) < tapping[2]:
        return f"{player} has no {tapping[2]} untapped {tapping[0]} to tap"
    if (bounce := getattr(ab, "bounce_other", None)) and not _options(game, player, oid, bounce):
        return f"{player} has no {bounce[0]} to return to its owner's hand"
    if (exiling := getattr(ab, "exile_graveyard", None)) and len(_graveyard_options(game, player, oid, exiling)) < \
            exiling[2]:
        return f"{player} has fewer than {exiling[2]} {exiling[0]} in their graveyard to exile"
    if getattr(ab, "exile_other", None) and not _exile_options(game, player, oid, ab):
        return f"{player} has no {ab.exile_other[0]} in hand to exile"
    crew = getattr(ab, "crew", 0)
    if crew and sum(game.chars(o).power or 0 for o in crew_options(game, player, oid)) < crew:
        return f"{player}'s untapped creatures have less than {crew} total power to crew it (702.122a)"
    return ""


def crew_options(game: Game, player: str, oid: int) -> tuple[int, ...]:
    """The creatures that can crew the Vehicle ``oid``: its controller's other untapped
    creatures (702.122a; summoning sickness doesn't matter, 302.6: not their own {T})."""
    return tuple(o for o in game.permanents(player, creature=True) if o != oid and not game.state.objs[o].tapped)


def _loyalty_refused(game: Game, obj: Any, ab: Any) -> str:
    """Why this loyalty ability can't be activated now, or "": one of the permanent's loyalty
    abilities was activated this turn (606.3), or it has too few loyalty counters to remove
    (602.2b)."""
    if obj.ref in game.state.turn_flags.get("loyalty", ()):
        return "a loyalty ability of this permanent was activated this turn (606.3)"
    if obj.counters.get("loyalty", 0) < -ab.loyalty:
        return f"it has {obj.counters.get('loyalty', 0)} loyalty, too few to remove {-ab.loyalty}"
    return ""


def _options(game: Game, player: str, oid: int, cost: tuple[str, Callable[..., bool]]) -> tuple[int, ...]:
    """The permanents of ``player`` that can pay a cost of sacrificing, returning or tapping one."""
    fits = cost[1]
    return tuple(o for o in game.permanents(player) if fits(game, player, o, oid))


def _exile_options(game: Game, player: str, oid: int, ab: Any) -> tuple[int, ...]:
    fits = ab.exile_other[1]
    return tuple(o for o in game.state.players[player].hand if fits(game, player, o, oid))


def _graveyard_options(game: Game, player: str, oid: int, exiling: tuple) -> tuple[int, ...]:
    return tuple(o for o in game.state.players[player].graveyard if exiling[1](game, player, o, oid))


def _tap_options(game: Game, player: str, oid: int, ab: Any) -> tuple[int, ...]:
    """What can be tapped for "Tap an untapped creature you control": untapped and fitting,
    the source too (Heritage Druid taps itself) unless its {T} taps it; summoning sickness
    doesn't matter (302.6 is about {T} costs)."""
    return tuple(o for o in _options(game, player, oid, ab.tap_other[:2])
                 if not (o == oid and ab.tap) and not game.state.objs[o].tapped)


def _pay_other_costs(game: Game, player: str, oid: int, ab: Any) -> dict[str, Any]:
    """Pay life, discard, exile, crew and sacrifice costs (602.2b), choosing what to
    sacrifice, exile or discard.  Returns what the spell or ability remembers of them:
    ``sacrificed``, the permanent sacrificed (its id and epoch: "the sacrificed creature's
    power", 608.2h)."""
    paid: dict[str, Any] = {}
    if ab.life:
        game.lose_life(player, ab.life)
    if ab.once:
        game.state.turn_flags.setdefault("once", []).append((oid, game.state.objs[oid].epoch, ab.text))
    if getattr(ab, "energy", 0):  # 107.14
        game.remove_counters(player, "energy", ab.energy)
    if getattr(ab, "exert", False):  # 701.43a
        game.exert(oid)
    if putting := getattr(ab, "put_counters", None):  # "Put a -1/-1 counter on this creature"
        game.put_counters(oid, *putting)
    if exiling := getattr(ab, "exile_graveyard", None):  # "Exile two cards from your graveyard"
        options, n = _graveyard_options(game, player, oid, exiling), exiling[2]
        pick = options if len(options) == n else game.ask(Decision(
            "choose", player, f"exile {n} {exiling[0]} from your graveyard (a cost)", options, n, n,
            {"what": "exile-graveyard"}))
        for o in pick:
            game.move(o, "exile")
    if ab.discard:
        hand = tuple(c for c in game.state.players[player].hand if c != oid)  # not the spell being cast
        for c in game.ask(Decision("choose", player, "discard a card (a cost)", hand, ab.discard, ab.discard,
                                   {"what": "discard"})):
            game.move(c, "graveyard")
    if getattr(ab, "exile_other", None):  # "Exile a white card from your hand" (evoke, 702.74a)
        options = _exile_options(game, player, oid, ab)
        pick = game.ask(Decision("choose", player, f"exile {ab.exile_other[0]} from your hand (a cost)",
                                 options, 1, 1, {"what": "pitch"}))
        game.move(pick[0], "exile")
    if getattr(ab, "crew", 0):
        _tap_crew(game, player, oid, ab.crew)
    if ab.sacrifice_other:
        options, n = _options(game, player, oid, ab.sacrifice_other), getattr(ab, "sacrifices", 1)
        pick = options if len(options) == n else game.ask(Decision(
            "choose", player, f"sacrifice {ab.sacrifice_other[0]} (a cost)", options, n, n, {"what": "sacrifice"}))
        paid["sacrificed"] = game.state.objs[pick[0]].ref
        for o in pick:
            game.sacrifice(o)
    if bounce := getattr(ab, "bounce_other", None):
        options = _options(game, player, oid, bounce)
        pick = options if len(options) == 1 else game.ask(Decision(
            "choose", player, f"return {bounce[0]} to its owner's hand (a cost)", options, 1, 1,
            {"what": "return-cost"}))
        game.move(pick[0], "hand")
    if getattr(ab, "tap_other", None):
        options, n = _tap_options(game, player, oid, ab), ab.tap_other[2]
        pick = options if len(options) == n else game.ask(Decision(
            "choose", player, f"tap {n} untapped {ab.tap_other[0]} (a cost)", options, n, n, {"what": "tap"}))
        for o in pick:
            game.tap(o)
    return paid


def _tap_crew(game: Game, player: str, oid: int, n: int) -> None:
    """Crew N's cost (702.122a): the chosen creatures, with total power N or more, tap."""
    options = crew_options(game, player, oid)
    pick = game.ask(Decision("choose", player, f"crew {n}: tap untapped creatures with total power {n} or "
                             "more", options, 1, len(options), {"what": "crew", "power": n}))
    power = sum(game.chars(o).power or 0 for o in pick)
    if power < n:
        raise IllegalActionError(f"the creatures chosen to crew have total power {power}, less than {n} (702.122a)")
    for o in pick:
        game.tap(o)


def _activate_in_hand(game: Game, a: A.Activate, oid: int) -> None:
    """An ability of a card in its owner's hand (cycling, 702.29a) or graveyard ("Exile this
    card from your graveyard:"): discarding or exiling the card is part of the cost
    (701.8a), so the ability resolves without it; unearth's card stays (702.84a)."""
    obj = game.state.objs[oid]
    zone = obj.zone
    if obj.owner != a.player or oid not in getattr(game.state.players[a.player], zone):
        raise IllegalActionError(f"'{a.obj}' is not in {a.player}'s {zone}")
    ch = game.chars(oid)
    abilities = HandAbility.of(ch.behaviour, zone)
    if not 1 <= a.n <= len(abilities):
        raise IllegalActionError(f"'{a.obj}' has {len(abilities)} abilities that work in a {zone}, not #{a.n}")
    ab = abilities[a.n - 1]
    _need_priority(game, a.player)
    if ab.sorcery:
        _sorcery_timing(game, a.player, "this ability can be activated")
    why = unpayable(game, a.player, oid, ab)  # 119.4 life, 602.5b "Activate only if", other costs
    if why:
        raise IllegalActionError(why)
    handler = str(AbilityRef(ch.abilities_name, ch.behaviour.abilities.index(ab)))
    probe = StackItem(0, "activated", a.player, oid, obj.epoch, handler, ab.text)
    targets = _targets(game, probe, a.player, ab.targets, a.targets, ab.text)  # 602.2b: before the costs
    pay(game, a.player, parse_cost(ab.cost))
    paid = _pay_other_costs(game, a.player, oid, ab)
    epoch = obj.epoch
    if not ab.stays:
        game.move(oid, "graveyard" if zone == "hand" else "exile")
    _stack_ability(game, a.player, (oid, epoch), ch.name, handler, ab.text, targets, data=paid)


def _stack_ability(game: Game, player: str, source: tuple[int, int], name: str, handler: str, text: str,
                   targets: tuple = (), x: int = 0, data: dict[str, Any] | None = None) -> None:
    """Put an activated ability of ``source`` (its id and epoch as activated) on the stack
    (602.2a); its controller gets priority."""
    st = game.state
    item = StackItem(st.new_id(), "activated", player, *source, handler, text, targets, x, dict(data or {}),
                     timestamp=st.tick())
    st.stack.append(item)
    st.passes = 0
    st.priority = game.seat_of(player)
    game.changed(board=False)
    game.note(f"{player} activates {name}: {text}")
    game.became_targets(item)


def _mana(game: Game, a: A.AddMana) -> None:
    game.add_mana(a.player, parse_mana(a.cost))  # a valid cost: the action's parse checked it


def _choose(game: Game, a: A.Choose) -> None:
    st = game.state
    d = st.decision
    if d is None:
        raise IllegalActionError("no decision is pending")
    values = game.interpret(d, a)
    st.decision = None
    game.changed(board=False)
    if d.kind == "targets":
        t = d.data["trigger"]  # the waiting trigger itself (shared with pending_triggers)
        t["targets"] = tuple(values)
    elif d.kind == "modes":  # 700.2b: a modal trigger's modes, before its targets
        d.data["trigger"]["data"]["modes"] = tuple(sorted(int(v) for v in values))
    elif d.kind == "discard":
        for oid in values:
            game.move(oid, "graveyard")
        game.continue_cleanup()
    elif d.data.get("what") == "legend":
        for oid in d.options:
            if oid not in values:
                game.move(oid, "graveyard")
    else:
        raise IllegalActionError(f"'choose' does not answer: {d.prompt}")


def _order(game: Game, a: A.Order) -> None:
    st = game.state
    d = st.decision
    if d is None or d.kind != "order":
        raise IllegalActionError("no order-of-triggers decision is pending")
    sources = [game.resolve_ref(r) for r in a.refs]
    for s in sources:
        if s not in d.options:
            raise IllegalActionError(f"'{game.describe(s)}' has no triggered ability waiting to be ordered")
    group = [t for t in st.pending_triggers if game.seat_of(t["controller"]) == d.player]
    st.decision = None
    game.reorder_triggers(group, sources)
    game.changed(board=False)


def _mulligan(game: Game, a: A.Mulligan) -> None:
    setup.mulligan(game, a.player)


def _keep(game: Game, a: A.Keep) -> None:
    setup.keep(game, a.player, a.bottom)


def _concede(game: Game, a: A.Concede) -> None:
    p = game.player(a.player)
    p.lost, p.loss_reason = True, "conceded"
    game.note(f"{a.player} concedes")
    game.changed(seats=True)
    sba.left_game(game, a.player)


def _setup(name: str):  # noqa: ANN202 - setup handlers live in mechanics.play.setup
    def run(game: Game, a: A.Action) -> None:
        getattr(setup, name)(game, a)

    return run


HANDLERS = {
    A.Pass: _pass, A.Autopass: _autopass, A.Resolve: _resolve, A.Goto: _goto, A.PlayLand: _play_land, A.Cast: _cast,
    A.SuspendCard: _suspend, A.Activate: _activate, A.AddMana: _mana, A.Attack: attack, A.Block: block,
    A.Choose: _choose, A.Order: _order, A.Mulligan: _mulligan, A.Keep: _keep,
    A.Concede: _concede, **MANUAL,
    A.Players: _setup("players"), A.Teams: _setup("teams"), A.Seed: _setup("seed"),
    A.DeckCmd: _setup("deck"), A.LibraryCmd: _setup("zone_cards"), A.HandCmd: _setup("zone_cards"),
    A.GraveyardCmd: _setup("zone_cards"), A.ExileCmd: _setup("zone_cards"),
    A.BattlefieldCmd: _setup("battlefield"), A.Life: _setup("life"),
    A.PlayerCounter: _setup("player_counter"), A.TurnCmd: _setup("turn"),
    A.Start: _setup("start"), A.Goldfish: _setup("goldfish"),
}
DECISION_ANSWERS = {A.Pass, A.Autopass, A.Attack, A.Block, A.Choose, A.Order, A.Mulligan, A.Keep, A.Concede}
