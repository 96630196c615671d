"""Turn structure (500-514), the combat steps (506-511) and the stack's resolution (608).

Mixed into :class:`mechanics.play.game.Game`.  Each step begins with its
turn-based actions (703.4), then the active player gets priority; when all
players pass with an empty stack the step ends (500.2), mana empties (500.4)
and the next step begins.  ``go_to`` (every player passes until a step) ends in one
loop each step in which nothing happens (:meth:`TurnRules.pass_steps`), the steps
with nothing to do but begin (:data:`PLAIN_STEPS`) at the cost of their record.
Who can attack or block and how combat damage is dealt are :mod:`.combat`'s.  What it
uses of the rest of the game is named in ``TurnNeeds`` (``protocols.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities.abilities import SpellAbility
from ..model import events as ev
from ..model.state import NEXT_UNTAP, STEPS, Decision, StackItem, next_turn, while_present
from ..plugin_api.plugin_manager import UNTAP_OPERATIONS
from ..text.effects import (
    DOESNT_UNTAP,
    MAY_NOT_UNTAP,
)
from . import sba
from .graveyard import STEP, yard_step_triggers
from .layers import lasts, still_controlled
from .primitives import Primitives

if TYPE_CHECKING:
    from ..play.game import Game
    from .triggers import AbilityIndex

NO_PRIORITY = frozenset(("untap", "cleanup"))
#: the step after each in a turn (500.1), None after the last
NEXT_STEP = dict(zip(STEPS, (*STEPS[1:], None), strict=True))
#: steps whose end may be followed by something else than the next step, or ends combat
ENDS_WITH_A_CHECK = frozenset(("damage", "endcombat", "cleanup"))
#: the steps skipped when no creature attacks (508.8)
COMBAT_DAMAGE_STEPS = frozenset(("blockers", "damage"))


class TurnRules:
    """Steps, combat and resolution."""

    # ---------------------------------------------------------------- steps
    def end_step(self: Game) -> None:
        """The step ends (500.2) and the next one begins."""
        nxt = self.close_step()
        if nxt is not None:
            self.begin_step(nxt)

    def close_step(self: Game, pools: bool = True) -> str | None:
        """The step ends: mana empties (500.4; ``pools=False``: no mana can be in them),
        combat ends (511.3) and a new turn begins after the last step; the step to begin
        next, or None when this one is followed by another of its kind, begun here
        (510.4, 514.3a)."""
        st = self.state
        if pools:
            emptied = False
            for p in st.players.values():  # 500.4: mana empties at the end of each step and phase
                if p.mana:
                    p.mana.clear()
                    emptied = True
            if emptied:
                self.changed(board=False)
        step = st.step
        nxt = PLAIN_END.get(step)
        if nxt is not None:
            return nxt  # (nothing else ends with it)
        if step in ENDS_WITH_A_CHECK:
            if step == "damage" and st.turn_flags.get("first_strike_step"):
                st.turn_flags["first_strike_step"] = False
                self.begin_step("damage")  # 510.4: the regular combat damage step follows
                return None
            if step == "endcombat" and st.combat:  # 511.3: all creatures are removed from combat
                for obj in [o for o in self.battlefield_objs() if o.attacking or o.blocking]:
                    self.remove_from_combat(obj)  # (the others are in no combat)
                st.combat = False
                self.changed(characteristics=False, sba=False)
            if step == "cleanup" and st.turn_flags.get("cleanup_again"):
                st.turn_flags["cleanup_again"] = False
                self.begin_step("cleanup")  # 514.3a
                return None
        nxt = NEXT_STEP[step]
        if nxt is None:
            self.begin_turn()
            return "untap"
        if nxt in COMBAT_DAMAGE_STEPS and not (st.combat and any(st.objs[o].attacking for o in st.battlefield)):
            return "endcombat"  # 508.8: no attackers, skip declare blockers and damage
        return nxt

    def pass_steps(self: Game, limit: int) -> int:
        """Every player passes priority in succession in this step and in each next one
        until something happens (:meth:`go_to`): the step ends, and so does each next step
        whose beginning wrote nothing a state-based action reads (``sba_revision``, the
        characteristics), triggered nothing (603.2) and asked no one anything: its
        turn-based actions (703.4) did nothing or only what no rule looks at before a
        player would get priority (untapping, drawing), so no state-based action (704.3),
        trigger (603.3) or end of a "for as long as" effect (611.2b) can be new, and each
        player would pass again (117.3d, 117.4).  The step ``go_to`` waits for begins as
        any other, announced to it.  How many steps ended, at most ``limit`` (go_to's guard
        against a game that never reaches its step: goldfish alone, nothing happening).

        What may hear a step begin is worked out once for the run (:meth:`loud_steps`):
        a step nothing hears begins with its turn-based actions alone
        (:meth:`open_step`), one with none (:data:`PLAIN_STEPS`) or none to do now
        (:data:`IDLE`) with its record alone; after the first step,
        no player having had priority and no turn-based action adding mana, the pools
        are empty as each step ends (500.4)."""
        st = self.state
        log, events = self.step_log, self.events
        index = loud = quiet = idle = None
        for passed in range(1, limit + 1):
            sba = self.sba_revision  # as go_to's last check found it (dropping the characteristics bumps it)
            nxt = self.close_step(passed == 1)
            if nxt is None:
                return passed  # the step began again (510.4, 514.3a)
            if index is None or self.sba_revision != sba:  # (what the step's end wrote may be heard)
                index = self.ability_index()
                loud = self.loud_steps(index)
                quiet, idle = PLAIN_STEPS - loud, IDLE.keys() - loud
            while nxt in quiet or nxt in idle and IDLE[nxt](self):
                log.append((len(events), nxt, st.active, st.turn))  # (logged as open_step does)
                nxt = QUIET_NEXT[nxt]  # (pools empty, no combat to end, not the turn's last step)
            heard = nxt in loud
            if (self.open_step(nxt, None if heard else index) or self.sba_revision != sba
                    or st.pending_triggers or st.decision is not None or st.over):
                self.changed(board=False)  # the step, priority and the step's decision, if any
                return passed
            if heard:  # (what heard it may have woken a plugin: Game.wake)
                index = None
        self.changed(board=False)
        return limit

    def loud_steps(self: Game, index: AbilityIndex) -> frozenset[str]:
        """The steps whose beginning something may hear (603.2, 603.7) or a ``go_to``
        waits for: every step while a delayed trigger waits or something notices
        StepBegan (a log, a trigger), else those the ability index lists as heard."""
        if self.state.delayed or "StepBegan" in index.noticed:
            return ALL_STEPS
        return index.steps_heard | self.steps_watched.keys()

    def begin_turn(self: Game) -> None:
        """A new turn: the next player (or team, 805) in turn order becomes active; its
        first step, untap, is for the caller to begin."""
        st = self.state
        nxt = self.seating().after[st.active]  # the next seat in turn order (101.4, 805.5)
        cast = st.turn_flags.get("cast")
        cast = sum(cast.get(p, 0) for p in st.team_of(st.active)) if cast else 0
        team = st.team_of(nxt)
        if st.effects:  # "until your next turn" is over (611.2)
            ending = {next_turn(p) for p in team}
            if any(e.until in ending for e in st.effects):
                st.effects = [e for e in st.effects if e.until not in ending]
                self.changed()
        st.active = nxt
        st.turn += 1
        st.turn_flags = {"cast_last_turn": cast}  # 726.3a: what the previous turn's active player cast
        for p in team:
            st.players[p].turns += 1
            st.players[p].lands_played = 0
        self.changed(board=False)  # the active player, the turn's counts

    def begin_step(self: Game, step: str) -> None:
        """The step begins (:meth:`open_step`), announced."""
        self.open_step(step)
        self.changed(board=False)  # the step, priority and the step's decision, if any

    def open_step(self: Game, step: str, unheard: AbilityIndex | None = None) -> bool:
        """The step begins: it is logged (``step_log``, which :meth:`steps_began` and
        :meth:`turn_began_at` read; a StepBegan event when something notices the kind: a
        game's log, a trigger that hears it), its turn-based actions (703.4) are done, then
        its "at the beginning of" abilities trigger (603.2, 603.7); the caller announces it
        (``changed``).  Whether it is the step a ``go_to`` waits for (in the turn of the
        seat it waits for).  ``unheard``: the ability index in which the caller found
        nothing that may hear this step begin (:meth:`loud_steps`): while its turn-based
        actions leave that index and no delayed trigger, nothing is looked for; when they
        don't, what hears it is, and True says the caller's index is out of date."""
        st = self.state
        st.step = step
        st.passes = 0
        st.priority = None if step in NO_PRIORITY else st.active
        self.step_log.append((len(self.events), step, st.active, st.turn))
        action = STEP_ACTIONS.get(step)  # turn-based actions (703.4)
        if unheard is not None:
            if action is not None:
                action(self)
                if self._abilities is not unheard or st.delayed:  # (dropped, or a plugin woken: Game.wake)
                    self.step_heard(step, self.ability_index())
                    return True  # (the caller's index is out of date)
            return False
        index = self.ability_index()
        if "StepBegan" in index.noticed:
            self.emit(ev.StepBegan(step, st.active, st.turn))
        if action is not None:
            action(self)
            index = self.ability_index()
        return self.step_heard(step, index)

    def step_heard(self: Game, step: str, index: AbilityIndex) -> bool:
        """What hears the step begin, its turn-based actions done (:meth:`open_step`):
        its "at the beginning of" abilities and delayed triggers (603.2, 603.7), and a
        ``go_to`` waiting for it (in the turn of the seat it waits for): whether one is."""
        st = self.state
        if step in index.steps_heard:
            self.step_triggers(step, index)
        if st.delayed:
            self.delayed_triggers(step)  # 603.7
        watch = self.steps_watched.get(step)  # (the seat go_to waits for, the active players it saw)
        if watch is None or watch[0] and watch[0] != self.seat_of(st.active):
            return False
        watch[1].append(st.active)
        return True

    def step_triggers(self: Game, step: str, index: AbilityIndex) -> None:
        """"At the beginning of [step]" abilities (603.2): the plugins', the permanents'
        and the graveyard cards'."""
        if step in index.plugins.steps:
            for trig in self.hooks.step_begin(self, step):  # plugins: "at the beginning of"
                self.queue_trigger(**trig)
        for oid, idx, ab, ch in index.steps:
            if ab.step == step and (ab.step_whose == "each" or
                                    self.seat_of(ch.controller) == self.seat_of(self.state.active)):
                self.add_trigger(oid, ch, idx, ab, {"step": step})
        if index.yard and (yard := index.yard.get(STEP)):
            yard_step_triggers(self, step, yard)

    def _step_untap(self: Game) -> None:
        """502: phasing first (a plugin), then the active team's players decide which of
        their permanents untap and untap them all at once (502.3); no one gets priority.
        Only permanents tapped or summoning sick have anything to do in it; the plugins'
        untap hooks are asked only when an awake plugin implements them."""
        st = self.state
        objs = st.objs
        team = st.team_of(st.active)
        if "untap_begin" in self.awake().hooks:
            for p in team:
                for op in self.hooks.untap_begin(self, p):
                    UNTAP_PRIMITIVES[op[0]](self, *op[1:])
        asks = "untap_permanent" in self.awake().hooks
        untapping = []
        for oid, ch in self.all_chars().items():  # (the phased-in permanents, 702.26b)
            if ch.controller not in team:
                continue
            obj = objs[oid]
            if obj.tapped or obj.sick:
                obj.sick = False  # 302.6: continuously controlled since this turn began
                if obj.tapped and not (ch.keywords and ch.has(DOESNT_UNTAP)) and not (
                        asks and self.hooks.untap_permanent(self, obj) is False) and not (
                        ch.keywords and ch.has(MAY_NOT_UNTAP) and self._kept_tapped(oid)):  # (keyword-like)
                    untapping.append(oid)
        self.untap_all(untapping)
        if not st.effects:
            return
        # "its controller's next untap step" is over (502.3)
        ended = [e for e in st.effects if e.until == NEXT_UNTAP and any(
            objs[o].epoch == ep and (ch := self.chars(o)) is not None and ch.controller in team
            for o, ep in e.affected)]
        if ended:
            st.effects = [e for e in st.effects if all(e is not x for x in ended)]
            self.changed()

    def _kept_tapped(self: Game, oid: int) -> bool:
        """502.3: "You may choose not to untap ~ during your untap step": its controller's
        choice (the autopilot keeps it tapped while an effect lasts as long as it remains
        tapped, 611.2b)."""
        obj = self.state.objs[oid]
        holding = while_present(obj, tapped=True)
        keep = any(e.until == holding for e in self.state.effects)
        pick = self.ask(Decision("choose", self.controller_of(oid), f"untap {self.describe(oid)}? (you may "
                                 "choose not to untap it)", ("untap", "keep tapped"), 1, 1,
                                 {"what": "may-untap", "default": ["keep tapped" if keep else "untap"]}))
        return bool(pick) and pick[0] == "keep tapped"

    def _step_draw(self: Game) -> None:
        st = self.state
        # 103.8a-b: in a two-player game (or Two-Headed Giant) the starting player
        # (team) skips their first draw; 103.8c: in other multiplayer games nobody does
        two_sided = len(st.teams) == 2
        for p in st.team_of(st.active):
            player = st.players[p]
            if st.turn_flags.get("skip_draw") or (two_sided and player.turns == 1 and st.turn <= 1
                                                   and p in st.team_of(st.first_turn_player)):
                continue
            self.draw(p)

    def _step_main1(self: Game) -> None:
        """714.3b: as the precombat main phase begins, the active player puts a lore counter
        on each Saga they control (its chapter abilities trigger, 714.2b): the Sagas are
        those at that moment, all of them found before any counter is put."""
        sagas = _sagas(self)
        if sagas:
            chars, active = self.all_chars(), self.seat_of(self.state.active)
            for oid in [o for o in sagas if self.seat_of(chars[o].controller) == active]:
                self.put_counters(oid, "lore", 1)

    def _step_attackers(self: Game) -> None:
        """508.1; with shared team turns the active team makes one combined attack
        with the creatures of all its players (805.10b)."""
        st = self.state
        team = st.team_of(st.active)
        deciders = _attack_deciders(self)
        if not deciders:
            return  # goldfish declare no attackers
        able = [o for p in team for o in self.can_attack_with(p)]
        if not able:
            return
        st.decision = Decision("attackers", deciders[0], f"{deciders[0]}: declare attackers (or pass)",
                               tuple(able), 0, 999)

    def _step_blockers(self: Game) -> None:
        """509.1; a defending team makes one combined block (805.10d)."""
        st = self.state
        attacking = st.team_of(st.active)
        for p, player in st.players.items():
            if player.auto or player.lost or p in attacking:
                continue  # (a goldfish declares no blockers)
            team = st.team_of(p)
            attackers = tuple(o.id for o in self.battlefield_objs() if o.attacking in team)
            if attackers and any(self.can_block_with(q) for q in team):
                st.decision = Decision("blockers", p, f"{p}: declare blockers (or pass)",
                                       attackers, 0, 999)
                return
        self.declare_blocks([])  # no player can or will block: none are declared

    def declare_blocks(self: Game, pairs: list[tuple[int, int]]) -> None:
        """509.1: the declared ``(blocker, attacker)`` pairs block; BlockersDeclared, then
        BecameBlocked once for each attacker blocked, however many block it (509.1h).
        BlockersDeclared is built only when noticed (``Game.noticing``): nothing counts it."""
        st = self.state
        if not pairs:
            if self.noticing("BlockersDeclared"):
                self.emit(ev.BlockersDeclared(()))
            return
        for b, att in pairs:
            st.objs[b].blocking.append(att)
            st.objs[att].blocked = True
        self.changed()
        if self.noticing("BlockersDeclared"):
            self.emit(ev.BlockersDeclared(tuple(pairs)))
        for att in dict.fromkeys(att for _, att in pairs):
            self.emit(ev.BecameBlocked(att, tuple(self.blockers_of(att))))

    def _step_damage(self: Game) -> None:
        """510: the creatures in combat deal combat damage, in a combat damage step of their
        own first when one of them has first strike or double strike (510.4)."""
        st = self.state
        fighters = [(o, self.chars(o.id)) for o in self.battlefield_objs() if o.attacking or o.blocking]
        first = not st.turn_flags.get("first_strike_done") and any(
            ch is not None and ch.keywords and (ch.has("first strike") or ch.has("double strike"))
            for _, ch in fighters)
        if first:
            st.turn_flags["first_strike_done"] = True
            st.turn_flags["first_strike_step"] = True
        self.combat_damage(first, fighters)

    def _step_cleanup(self: Game) -> None:
        """514.1-2: discard to hand size, then damage wears off and "until end of
        turn" effects end (phased-out permanents included).  Called again after each
        discard decision is answered."""
        st = self.state
        for p in st.team_of(st.active):  # shared team turns: the whole team is active (805.4)
            extra = len(st.players[p].hand) - 7
            if extra > 0 and not st.players[p].lost:
                chosen = self.ask_discard(p, extra)
                if chosen is None:
                    return
                for oid in chosen:
                    self.move(oid, "graveyard")
        self.finish_cleanup()

    continue_cleanup = _step_cleanup

    def finish_cleanup(self: Game) -> None:
        """514.2, then 514.3a: if state-based actions are performed or triggered
        abilities wait, the active player gets priority and another cleanup step
        follows (see end_step)."""
        st = self.state
        objs = st.objs
        healed = [o for o in st.battlefield if objs[o].damage or objs[o].deathtouch_damage]
        for oid in healed:
            objs[oid].damage, objs[oid].deathtouch_damage = 0, False
        lasting = [e for e in st.effects if e.until != "eot"] if st.effects else st.effects
        if len(lasting) != len(st.effects):
            st.effects = lasting
            self.changed()
        elif healed:
            self.changed(characteristics=False)  # damage: plain characteristics don't read it
        performed = False
        while st.decision is None and not st.over and sba.check(self):
            performed = True
        if (performed or st.pending_triggers) and not st.over:
            st.priority = st.active
            st.passes = 0
            st.turn_flags["cleanup_again"] = True
            self.changed(board=False)

    def ask_discard(self: Game, player: str, n: int) -> list[int] | None:
        st = self.state
        hand = st.players[player].hand
        d = Decision("discard", player, f"{player}: discard {n} (hand size is 7)", tuple(hand), n, n,
                     {"default": hand[-n:]})
        if st.players[player].auto:
            return hand[-n:]
        if self.policy is not None:
            return list(self.policy(self, d))
        st.decision = d
        st.priority = None
        self.changed(board=False)
        return None

    def expire_effects(self: Game) -> None:
        """611.2b: "for as long as" effects end when their condition stops being true;
        a phased-out object counts as gone (702.26f)."""
        st = self.state
        keep = [e for e in st.effects if lasts(self, e)]
        if any(e.controlled_by() for e in keep):  # "for as long as you control ~"
            chars = self.all_chars()
            keep = [e for e in keep if still_controlled(e, chars)]
        if len(keep) != len(st.effects):
            st.effects = keep
            self.changed()

    def steps_since_entered(self: Game, oid: int, step: str, player: str | None = None) -> int:
        """How many times ``step`` began (in ``player``'s turns, when given) since the
        permanent ``oid`` entered the battlefield as the object it is (400.7): 1 in the
        first such step after it entered, the one a "next end step" (603.7) or "since the
        beginning of your last upkeep" (echo, 702.30a) means; -1 if it never entered."""
        obj, events = self.state.objs[oid], self.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.kind == "ZoneChanged" and e.obj == oid and e.epoch == obj.epoch:
                return self.steps_began(i + 1, step, player)
        return -1

    def steps_began(self: Game, since: int, step: str, player: str | None = None) -> int:
        """How many times ``step`` began (in the turns of ``player``'s seat, when given)
        after the first ``since`` events of ``game.events`` (the step log)."""
        began = 0
        for at, name, active, _ in reversed(self.step_log):
            if at < since:
                break
            if name == step and (player is None or self.seat_of(active) == self.seat_of(player)):
                began += 1
        return began

    def turn_began_at(self: Game) -> int:
        """Where this turn's events begin in ``game.events``: at its first step's
        beginning; for a turn set by hand (a scenario's ``turn``) before any of its
        steps began, at the last step's beginning (0 when no step began)."""
        turn, first = self.state.turn, None
        for at, _, _, began_in in reversed(self.step_log):
            if began_in != turn:
                return at if first is None else first
            first = at
        return first or 0

    # ---------------------------------------------------------------- resolving
    def resolve_top(self: Game) -> None:
        """608: resolve the top object of the stack."""
        st = self.state
        item = st.stack[-1]
        if item.targets and all(self.live_target(item, i) is None for i in range(len(item.targets))):
            self.note(f"{item.text or self.describe(item.source)} has no legal target and is removed")
            st.stack.pop()  # 608.2b
            if item.kind == "spell" and item.source is not None:
                self.spell_card_away(item)
            self.changed()
            return
        if item.kind == "spell":
            self.resolve_spell(item)
        else:
            self.resolve_ability(item)

    def resolve_spell(self: Game, item: StackItem) -> None:
        st = self.state
        if item.source is None:  # a copy of a spell (707.10): resolves, then ceases to exist
            for ab in self.behaviour(item.data["copy_of"]).of(SpellAbility):
                if ab.resolve:
                    ab.resolve(self.ctx(item))
            if item in st.stack:
                st.stack.remove(item)
            self.changed()
            return
        obj = st.objs[item.source]
        card = self.card(obj.name)
        if "Instant" in card.types or "Sorcery" in card.types:
            for ab in self.behaviour(obj.name).of(SpellAbility):
                if ab.resolve:
                    ab.resolve(self.ctx(item))
            if item in st.stack:
                st.stack.remove(item)
            if obj.zone == "stack" and obj.epoch == item.source_epoch:
                self.spell_card_away(item, resolved=True)  # 608.2n
            return
        st.stack.remove(item)
        if "Aura" in card.subtypes and item.targets:
            target = self.ctx(item).target(0)
            obj.choices = {}
            self.move(obj.id, "battlefield", controller=item.controller)
            if target is not None:
                self.attach(obj.id, target)
        else:  # 107.3m: its X; 118.9: the alternative cost paid for it, which its keyword's rules read
            choices = {"x": str(item.x)} if item.x else {}
            if item.data.get("alt"):
                choices["alt"] = item.data["alt"]
            if item.data.get("counters"):  # 614.1c: "that creature enters with an additional +1/+1 counter"
                choices["counters"] = ";".join(f"{k}={n}" for k, n in item.data["counters"].items())
            self.move(obj.id, "battlefield", controller=item.controller, choices=choices)

    def resolve_ability(self: Game, item: StackItem) -> None:
        st = self.state
        ab = self.ability(item.handler)
        resolved = True
        if ab is not None:
            cond = getattr(ab, "condition", None)
            if cond is not None and not cond(self, item):
                resolved = False  # 603.4: intervening "if" false on resolution
                self.note(f"{self.describe(item.source)}: {item.text} does nothing")
            elif ab.resolve:
                ab.resolve(self.ctx(item))
        else:
            result = self.hooks.resolve_item(self, item, self.ctx(item))
            if result is None:
                self.note(f"nothing resolves {item.handler}; is its plugin disabled?")
            elif isinstance(result, dict):
                item.data.update(result)  # what happened, for AbilityResolved (e.g. evolved)
        if item in st.stack:
            st.stack.remove(item)
        self.changed(characteristics=False, only=())  # the stack (714.4 reads it: a Saga's), no object
        if resolved:
            self.emit(ev.AbilityResolved(item.id, item.handler, item.controller, item.source,
                                         dict(item.data)))

    # ---------------------------------------------------------------- helpers for steps
    def go_to(self: Game, step: str, player: str = "") -> None:
        """Pass until ``step`` next begins (in a turn of ``player``'s seat, when given) with
        its triggers on the stack, or a decision."""
        st = self.state
        began: list[str] = []  # the active player each time ``step`` began in the seat's turn (step_heard)
        watch = (self.seat_of(player) if player else "", began)
        outer, self.steps_watched = self.steps_watched, {step: watch}
        try:
            guard = 0
            while not st.over and guard < 10_000:
                guard += 1
                if began:
                    return
                d = st.decision  # what game.pending reports, without building a priority Decision
                if d is not None and d.kind in ("attackers", "blockers") and not (
                        d.kind == "attackers" and self.must_attack(d.player)):
                    self.declare_nothing()  # passing through combat, like ``pass``
                    continue
                if d is not None:
                    return  # a decision on the way: the caller shows it (the runner: an error)
                if st.effects:
                    self.expire_effects()  # 611.2b, as before anyone gets priority
                if st.priority is None or st.pending_triggers or sba.check(self):
                    # untap and cleanup end by themselves; state-based actions and triggers
                    # come before a player gets priority (704.3, 603.3): the advance loop
                    self.advance()
                    continue
                if st.stack:
                    self.pass_round()
                    continue
                # everyone passes in succession with the stack empty and nothing to check
                # between their passes (no state-based action, no trigger: the same state each
                # time one would get priority, 117.5): the step ends (117.4, 500.2), with no
                # priority passed around a round nobody acts in (the next step begins with none)
                guard += self.pass_steps(10_000 - guard)
        finally:
            self.steps_watched = outer

    def declare_nothing(self: Game) -> None:
        """Answer a declare attackers/blockers decision with no creatures (508.8)."""
        st = self.state
        kind = st.decision.kind
        st.decision = None
        self.changed(board=False)
        if kind == "attackers":
            if self.noticing("AttackersDeclared"):  # (none attacked: nothing to count)
                self.emit(ev.AttackersDeclared(()))
        else:
            self.declare_blocks([])
        self.advance()

    def pass_round(self: Game) -> None:
        """Every player passes priority once in turn (the ``pass`` command)."""
        st = self.state
        seats = len(self.seats())
        for _ in range(seats - st.passes):
            before = (len(self.step_log), len(st.stack), st.stack[-1].id if st.stack else None)
            self.pass_priority()
            self.advance()
            if st.decision is not None or st.over:
                return
            if (len(self.step_log), len(st.stack), st.stack[-1].id if st.stack else None) != before:
                return  # a new step began (first-strike damage, 514.3a cleanup) or the stack moved


#: each step's turn-based actions (703.4), by step name
STEP_ACTIONS = {name[len("_step_"):]: fn for name, fn in vars(TurnRules).items()
                if name.startswith("_step_")}
#: every step: those something may hear begin while anything may (:meth:`TurnRules.loud_steps`)
ALL_STEPS = frozenset(STEPS)
#: the steps whose end is followed by the next step and nothing else (500.2: no pools
#: emptied but by the first step's end in a run, :meth:`TurnRules.close_step`), each with that step
PLAIN_END = {step: nxt for step, nxt in NEXT_STEP.items()
             if nxt is not None and step not in ENDS_WITH_A_CHECK and nxt not in COMBAT_DAMAGE_STEPS}
#: the steps with no turn-based action at their beginning or end, and priority (upkeep,
#: beginning of combat, postcombat main, end): nothing happens in them but what triggers
PLAIN_STEPS = frozenset(STEPS) - STEP_ACTIONS.keys() - NO_PRIORITY - ENDS_WITH_A_CHECK - COMBAT_DAMAGE_STEPS


def _sagas(game: Game) -> list[int]:
    """The Sagas on the battlefield (714.3b's), kept with the characteristics."""
    chars = game.all_chars()
    kept = game.memo.get("sagas")
    if kept is None or kept[0] is not chars:
        kept = game.memo["sagas"] = (chars, [o for o, ch in chars.items() if "Saga" in ch.subtypes])
    return kept[1]


def _attack_deciders(game: Game) -> list[str]:
    """The active team's players who declare its attackers (508.1): not a goldfish, still in."""
    st = game.state
    return [p for p in st.team_of(st.active) if not st.players[p].auto and not st.players[p].lost]


def _draws_nothing(game: Game) -> bool:
    """Whether each player of the active team is a goldfish with no library, who draws
    nothing (:meth:`Primitives.draw`: a goldfish draws what its library holds)."""
    players = game.state.players
    for p in game.state.team_of(game.state.active):
        if players[p].library or not players[p].auto:
            return False
    return True


#: the steps whose turn-based actions may have nothing to do in a turn, each with the test
#: that says they have none as the step begins (what they read changes only by what a run
#: of steps stops or looks again for: a declaration, a permanent entering, a new turn), so
#: that it begins as a plain step, its record alone: no Saga to put a lore counter on
#: (714.3b), a team of goldfish that declares no attackers (508.1) and, no creature in
#: combat, no declare blockers or combat damage step (508.8) nor any to remove from combat
#: (511.3), a goldfish team with no cards to draw (504.1)
IDLE = {"main1": lambda game: not _sagas(game),
        "attackers": lambda game: not game.state.combat and not _attack_deciders(game),
        "endcombat": lambda game: not game.state.combat,
        "draw": _draws_nothing}
#: the step after a plain or idle one: after idle attackers, none attack (508.8)
QUIET_NEXT = {**NEXT_STEP, "attackers": "endcombat"}


#: the primitive each operation an ``untap_begin`` hook may ask for runs (the names are
#: checked at the plugin boundary: mechanics/plugin_api/plugin_manager.py)
UNTAP_PRIMITIVES = {name: getattr(Primitives, name) for name in UNTAP_OPERATIONS}
