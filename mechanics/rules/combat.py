"""Who can attack and block, and combat damage (506-511).

Mixed into :class:`mechanics.play.game.Game`.  The combat steps' turn-based actions
(declaring attackers and blockers, the damage step) are :mod:`.turn`'s; what they ask
of a creature (can it attack, must it, can it block) and how combat damage is assigned
and dealt (510.1-510.4) live here, asked by the steps, the legal actions and the
autopilot alike.  What it uses of the rest of the game is named in ``CombatNeeds``
(``protocols.py``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ..model.state import Obj
from ..text.effects import ATTACKS_IF_ABLE, CANT_ATTACK, CANT_BLOCK, DESPITE_DEFENDER

if TYPE_CHECKING:
    from ..play.game import Game
    from .layers import Chars


class CombatRules:
    """Attack and block restrictions and requirements, and combat damage."""

    def can_attack_with(self: Game, player: str) -> list[int]:
        """``player``'s creatures that can be declared as attackers now (508.1a)."""
        objs = self.state.objs
        return [o for o, haste, _ in self.attack_candidates(player) if not _unready(objs[o], haste)]

    def attack_candidates(self: Game, player: str) -> list[tuple[int, bool, bool]]:
        """``player``'s creatures that no characteristic keeps from attacking (702.3b
        defender, 508.1c "can't attack"), each with whether it has haste (302.6) and whether
        it attacks each combat if able (508.1d).  They read the characteristics alone, so
        they are kept with them (a keyword-less creature has none to look at); whether one
        is tapped or summoning sick is read each time it is asked (:func:`_unready`)."""
        chars = self.all_chars()
        kept = self.memo.get("attack_candidates")
        if kept is None or kept[0] is not chars:
            kept = self.memo["attack_candidates"] = (chars, {})
        found = kept[1].get(player)
        if found is None:
            found = kept[1][player] = [
                (o, "haste" in kw, ATTACKS_IF_ABLE in kw) if kw else (o, False, False)
                for o, ch in chars.items() if ch.controller == player and ch.is_creature
                and (not (kw := ch.keywords) or not _restricted(ch))]
        return found

    def why_cant_attack(self: Game, oid: int) -> str:
        """Why a creature can't be declared as an attacker, whoever controls it; "" when
        it can (508.1a untapped, 302.6 summoning sickness, 702.3b defender, 508.1c)."""
        ch, obj = self.chars(oid), self.state.objs[oid]
        if obj.zone != "battlefield" or ch is None or not ch.is_creature:
            return _not_a_creature(obj)
        return _unready(obj, ch.has("haste")) or _restricted(ch)

    def must_attack(self: Game, player: str, chosen: Collection[int] = ()) -> list[int]:
        """508.1d: the creatures of ``player``'s attacking seat that attack each combat if
        able, can attack, and are not among ``chosen`` (no attack costs exist here)."""
        objs = self.state.objs
        return [o for p in self.state.team_of(player) for o, haste, must in self.attack_candidates(p)
                if must and o not in chosen and not _unready(objs[o], haste)]

    def can_block_with(self: Game, player: str) -> list[int]:
        """The blockers decision's options: ``player``'s creatures that can block."""
        return [o for o in self.permanents(player, creature=True) if not self.why_cant_block(o)]

    def why_cant_block(self: Game, oid: int) -> str:
        """Why a creature can't be declared as a blocker at all, whoever controls it; ""
        when it can (509.1a untapped, 509.1b "can't block")."""
        ch, obj = self.chars(oid), self.state.objs[oid]
        if obj.zone != "battlefield" or ch is None or not ch.is_creature:
            return _not_a_creature(obj)
        if obj.tapped:
            return "it is tapped (509.1a)"
        if ch.has(CANT_BLOCK):
            return "an ability or effect says it can't block (509.1b)"
        return ""

    def combat_damage(self: Game, first_strike: bool, fighters: list[tuple[Obj, Chars | None]]) -> None:
        """510: the attacking and blocking creatures (``fighters``, with their
        characteristics) that deal damage in this step assign it, then all of it is dealt at
        once (510.2); trample assigns lethal damage to blockers and the rest to the player
        (702.19).  Assigning it changes nothing (510.1), so the fighters are listed once."""
        st = self.state
        done = st.turn_flags.get("first_strike_done")
        assigned: list[tuple[int, int | str, int]] = []
        by_blockers = []
        for obj, ch in fighters:
            if ch is None or ch.power <= 0 or not _strikes(ch, first_strike, done):
                continue
            power = ch.power
            if not obj.attacking:
                by_blockers.append((obj.id, obj.blocking[0], power))
                continue
            # 510.1c: to the player or planeswalker it attacks; one that left takes none
            attacked = obj.attacking if obj.attacked is None else obj.attacked
            if not obj.blocked:
                if attacked != -1:
                    assigned.append((obj.id, attacked, power))
                continue
            blockers = self.blockers_of(obj.id)
            for b in blockers:
                bch = self.chars(b)
                lethal = 1 if ch.has("deathtouch") else max(0, bch.toughness - st.objs[b].damage)
                give = min(power, lethal) if (b != blockers[-1] or ch.has("trample")) else power
                if give:
                    assigned.append((obj.id, b, give))
                power -= give
            if power > 0 and ch.has("trample") and attacked != -1:  # the rest to the player (702.19b-c, e)
                assigned.append((obj.id, attacked, power))
        for src, target, n in assigned + by_blockers:  # (the attackers' first, then the blockers')
            self.damage(target, n, source=src, combat=True)

    def blockers_of(self: Game, attacker: int) -> list[int]:
        blocking = [o for o in self.battlefield_objs() if attacker in o.blocking and not o.phased_out]
        return [o.id for o in sorted(blocking, key=lambda o: o.timestamp)]


def _strikes(ch: Chars, first_strike: bool, done: bool) -> bool:
    """510.4: whether a creature deals combat damage in this step: in a first-strike step
    (``first_strike``) one with first strike or double strike; in the regular one, one
    without first strike, with double strike, or any when no first-strike step came before
    (``done`` says one did).  A creature with no keyword has neither."""
    fs = bool(ch.keywords) and (ch.has("first strike") or ch.has("double strike"))
    if first_strike:
        return fs
    return not fs or ch.has("double strike") or not done


def _unready(obj: Obj, haste: bool) -> str:
    """Why a creature's status keeps it from attacking now: tapped (508.1a), or summoning
    sick without haste (302.6); "" when it doesn't."""
    if obj.tapped:
        return "it is tapped (508.1a)"
    if obj.sick and not haste:
        return "it has summoning sickness (302.6)"
    return ""


def _restricted(ch: Chars) -> str:
    """Why a creature's characteristics keep it from attacking: defender (702.3b) unless it
    can attack as though it didn't have it, "can't attack" (508.1c); "" when they don't."""
    if ch.has("defender") and not ch.has(DESPITE_DEFENDER):
        return "it has defender (702.3b)"
    if ch.has(CANT_ATTACK):
        return "it can't attack (508.1c)"
    return ""


def _not_a_creature(obj: Obj) -> str:
    """Why an object is not a creature that can attack or block."""
    if obj.zone != "battlefield":
        return f"it is in the {obj.zone}, not on the battlefield"
    if obj.phased_out:
        return "it is phased out (702.26b)"
    return "it is not a creature"
