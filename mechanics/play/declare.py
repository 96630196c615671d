"""Declaring attackers and blockers (508.1, 509.1): the ``attack`` and ``block``
actions.  Which creature may attack or block is the rules' (``can_attack_with``,
``can_block_with``), which blocker may block which attacker and what a declaration
must obey is :mod:`.blocks`'; this module checks a declaration against them, asks
for exert (701.43) as attackers are declared, and declares it."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ..abilities.abilities import Triggered
from ..model import actions as A
from ..model import events as ev
from ..model.errors import IllegalActionError
from ..model.state import Decision
from ..rules.tally import attacked
from ..text.effects import BY_ONE_AT_MOST
from .blocks import block_restriction, broken_requirement, fewest_blockers

if TYPE_CHECKING:
    from .game import Game


def _declaration(game: Game, player: str, kind: str) -> Decision:
    """The pending declare attackers or blockers decision (``kind``, also the name of
    its step) that ``player``'s seat answers (508.1, 509.1)."""
    st = game.state
    d = st.decision
    if st.step != kind:
        raise IllegalActionError(f"{kind} are declared in the declare {kind} step (it is {st.step})")
    if d is None or d.kind != kind:
        raise IllegalActionError(f"no declaration of {kind} is awaited now (it was made, "
                                 f"or no creature could be declared)")
    if game.seat_of(d.player) != game.seat_of(player):
        raise IllegalActionError(f"{d.player} declares {kind}, not {player}")
    return d


def attack_requirements(game: Game, player: str, chosen: Collection[int]) -> None:
    """508.1d: refuse a declaration that leaves out a creature that attacks each combat
    if able and can."""
    missing = game.must_attack(player, chosen)
    if missing:
        raise IllegalActionError(f"'{game.ref_for(missing[0])}' attacks each combat if able (508.1d)")


def attack(game: Game, a: A.Attack) -> None:
    st = game.state
    d = _declaration(game, a.player, "attackers")
    able = [o for p in st.team_of(d.player) for o in game.can_attack_with(p)]  # one team attack (805.10b)
    chosen: dict[int, tuple[str, int | None]] = {}  # attacker -> (the player, the planeswalker) it attacks
    defenders = game.opponents(a.player)
    for ref, target in a.attackers:
        oid = game.resolve_obj(ref)
        if oid not in able:
            why = game.why_cant_attack(oid) or f"{game.controller_of(oid)} controls it"
            raise IllegalActionError(f"'{ref}' can't attack: {why}")
        if oid in chosen:
            raise IllegalActionError(f"'{ref}' is declared as an attacker twice")
        defender = target or (defenders[0] if defenders else "")
        walker = None
        if target and target not in st.players:  # 508.1b: a planeswalker an opponent controls
            walker = game.resolve_obj(target)
            ch = game.chars(walker)
            if ch is None or "Planeswalker" not in ch.types:
                raise IllegalActionError(f"'{target}' is not a player or a planeswalker on the battlefield")
            defender = ch.controller
        if defender not in defenders:
            raise IllegalActionError(f"'{target or defender}' is not an opponent of {a.player} or theirs")
        chosen[oid] = (defender, walker)
    attack_requirements(game, d.player, chosen)
    st.decision = None
    tapping = []
    for oid, (defender, walker) in chosen.items():
        game.attacks(oid, defender, walker)
        if not game.chars(oid).has("vigilance"):
            tapping.append(oid)
    game.tap_all(tapping)  # 508.1f: the chosen creatures without vigilance are tapped
    for oid in chosen:  # 701.43: "You may exert ~ as it attacks": chosen as it is declared
        if _exert_option(game, oid) and game.ask(Decision(
                "choose", a.player, f"exert {game.describe(oid)} as it attacks? (it won't untap during your next "
                "untap step)", ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]})) == ["yes"]:
            game.exert(oid)
    st.turn_flags["attacked"] = st.turn_flags.get("attacked", 0) + len(chosen)  # "N creatures attacked this turn"
    if chosen:
        attacked(st)  # raid (the count a condition may read, announced below)
    game.changed(characteristics=False, sba=False)
    if game.keep_log:  # (the line's words: a batch game keeps none)
        game.note(f"{a.player} attacks with " + ", ".join(
            game.describe(o) + (f" -> {game.describe(w)}" if w is not None else "") for o, (_, w) in chosen.items()))
    if game.noticing("AttackersDeclared"):
        game.emit(ev.AttackersDeclared(tuple(chosen)))


def _exert_option(game: Game, oid: int) -> bool:
    """Whether the attacker has "You may exert ~ as it attacks. When you do, ...": a
    triggered ability of its being exerted (701.43) that says so (derived once per behaviour)."""
    derived = game.chars(oid).behaviour.derived
    found = derived.get("exert_option")
    if found is None:
        found = derived["exert_option"] = any(
            isinstance(t, Triggered) and "Exerted" in t.events and t.text.lower().startswith("you may exert")
            for t in game.chars(oid).behaviour.abilities)
    return found


def block(game: Game, a: A.Block) -> None:
    st = game.state
    _declaration(game, a.player, "blockers")
    team = st.team_of(a.player)
    able = [o for p in team for o in game.can_block_with(p)]  # one combined block (805.10d)
    pairs = []
    for bref, aref in a.blocks:
        b, att = game.resolve_obj(bref), game.resolve_obj(aref)
        if b not in able:
            why = game.why_cant_block(b) or f"{game.controller_of(b)} controls it"
            raise IllegalActionError(f"'{bref}' can't block: {why}")
        if any(b == p[0] for p in pairs):
            raise IllegalActionError(f"'{bref}' can block only one attacker (509.1a)")
        if not st.objs[att].attacking:
            raise IllegalActionError(f"'{aref}' is not attacking")
        if st.objs[att].attacking not in team:
            raise IllegalActionError(f"'{aref}' is attacking {st.objs[att].attacking}, not {a.player} (509.1a)")
        why = block_restriction(game, game.chars(att), game.chars(b))
        if why:
            raise IllegalActionError(f"'{bref}' can't block '{aref}': {why}")
        pairs.append((b, att))
    for att in {p[1] for p in pairs}:
        least = fewest_blockers(game.chars(att))
        if sum(1 for p in pairs if p[1] == att) > 1 and game.chars(att).has(BY_ONE_AT_MOST):
            raise IllegalActionError(f"'{game.describe(att)}' can't be blocked by more than one creature (509.1b)")
        if sum(1 for p in pairs if p[1] == att) < least:
            raise IllegalActionError(f"'{game.describe(att)}' " + ("has menace: block it with two or more" if least == 2
                                     else f"can't be blocked except by {least} or more creatures (509.1b)"))
    broken = broken_requirement(game, a.player, pairs)
    if broken:
        raise IllegalActionError(broken)
    st.decision = None
    game.note(f"{a.player} blocks: " + ", ".join(f"{game.describe(b)} blocks {game.describe(t)}"
                                                 for b, t in pairs))
    game.declare_blocks(pairs)
