"""Triggered abilities (603) and targets (115): collecting, ordering and placing.

Mixed into :class:`mechanics.play.game.Game`.  Triggers are collected from each
event (and, for things leaving the battlefield, looking back, 603.10a), held
until a player would receive priority, then put on the stack in APNAP order,
each player ordering their own (603.3b) and choosing targets (603.3d).
What it uses of the rest of the game is named in ``TriggerNeeds`` (``protocols.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..abilities.abilities import (
    Activated,
    Behaviour,
    ManaTrigger,
    Replacement,
    SpellAbility,
    SpellCost,
    Target,
    Triggered,
    text_lines,
)
from ..abilities.modes import mode_targets, trigger_modes
from ..model import events as ev
from ..model.state import AbilityRef, Decision, StackItem
from ..text.effects import CANT_ACTIVATE, ENCHANTABLE, UNTARGETABLE, UNTARGETABLE_BY_OPPONENTS
from .graveyard import STEP, Listening, yard_abilities, yard_triggers
from .layers import Chars
from .prevention import protected
from .tally import TALLIES

if TYPE_CHECKING:
    from ..model.cards import CardDef
    from ..play.game import Game
    from ..plugin_api.plugin_manager import Awake

#: the target requirements' kinds (115.1) a player may be chosen for, and a permanent
PLAYER_KINDS = frozenset(("any", "player", "opponent"))
PERMANENT_KINDS = frozenset(("any", "creature", "permanent", "creature-you-control", "permanent-you-control"))

_COUNTERS = attrgetter("counters")

#: ``Game._scanned`` before any look (:meth:`TriggerRules.plugins_awake`): no state seen
NOT_SCANNED: tuple[Any, int, Awake | None] = (None, 0, None)


class AbilityIndex(NamedTuple):
    """Which permanents' abilities to look at for an event, a step or a replacement
    (from ``ability_index``)."""

    by_event: dict[str, list[tuple[int, int, Triggered, Chars]]]  # event kind -> abilities
    steps: list[tuple[int, int, Triggered, Chars]]  # "at the beginning of" abilities
    replacements: dict[str, list[tuple[int, Chars, list[Replacement]]]]  # by what they replace
    plugins: Awake  # the plugins awake and what they listen to (plugins_awake)
    mana_triggers: list[tuple[int, Chars, ManaTrigger]]  # triggered mana abilities (605.1b)
    heard: frozenset[str]  # the event kinds any of these (or a look back, 603.10a) hears
    yard: dict[str, Listening]  # the game's abilities that trigger in a graveyard (:mod:`.graveyard`)
    noticed: Set[str] = frozenset()  # the kinds ``Game.emit`` looks at: heard, counted (tally), logged
    steps_heard: frozenset[str] = frozenset()  # the steps whose beginning any of these hears


class TriggerRules:
    """Triggers and targets."""

    # ================================================================ triggers
    def collect_triggers(self: Game, event: ev.Event, index: AbilityIndex) -> None:
        """Triggered abilities of permanents (and look-back ones of what left), and
        those plugins propose for this event kind (``index``: the ability index now)."""
        kind = event.kind
        if kind == "SpellCast" and self.state.delayed:  # "When you next cast ..." (603.7c)
            self.cast_delayed(event)
        if kind not in index.heard:
            return  # nothing on the battlefield, no look back and no plugin hears it
        listening = index.by_event.get(kind)
        if listening:
            objs = self.state.objs
            for oid, idx, ab, ch in listening:
                data = ab.match(self, objs[oid], event)
                if data is None:
                    continue
                for one in data if isinstance(data, list) else (data,):  # once for each (509.3f)
                    self.add_trigger(oid, ch, idx, ab, one)
        if index.yard and (yard := index.yard.get(kind)):
            yard_triggers(self, event, yard)
        if kind == "ZoneChanged" and event.from_zone == "battlefield":
            st = self.state
            self.departed_triggers(event)
            if st.delayed and event.to_zone == "graveyard":
                self.delayed_deaths(event)
            info = st.lki.get((event.obj, event.old_epoch))
            if info:  # 603.10a: leaves-the-battlefield abilities look back in time
                name = info.get("abilities", info["copy_of"])  # with what effects granted it (613.1f)
                for idx, ab in enumerate(self.behaviour(name).abilities):
                    if isinstance(ab, Triggered) and ab.look_back and kind in ab.events:
                        data = ab.match(self, st.objs[event.obj], event)
                        handler = str(AbilityRef(name, idx))
                        probe = StackItem(0, "triggered", info["controller"], event.obj,
                                          event.old_epoch, handler, ab.text, data=data or {})
                        if data is not None and (ab.condition is None or ab.condition(self, probe)):
                            self.queue_trigger(handler, event.obj,  # 603.4: intervening "if"
                                               event.old_epoch, info["controller"], ab.text,
                                               data)
        if kind in index.plugins.event_kinds:
            for trig in self.hooks.collect(self, event):
                self.queue_trigger(**trig)

    def cast_delayed(self: Game, event: ev.Event) -> None:
        """603.7c: a delayed triggered ability waiting for its controller's next spell of a
        kind this turn ("When you next cast a creature spell this turn") triggers once, on
        that spell; one of an earlier turn is gone."""
        st = self.state
        card = self.card(st.objs[event.source].name)
        keep = []
        for d in st.delayed:
            if d["step"] != "cast" or (d["data"]["turn"] == st.turn and (d["controller"] != event.controller or not any(
                    card.is_type(k.capitalize()) for k in d["data"]["kinds"]))):
                keep.append(d)
            elif d["data"]["turn"] == st.turn:
                self.queue_trigger(d["handler"], d["source"], d["epoch"], d["controller"], d["text"],
                                   {"spell": event.item})
        if len(keep) != len(st.delayed):
            st.delayed = keep
            self.changed(board=False)

    def delayed_triggers(self: Game, step: str) -> None:
        """603.7: delayed triggered abilities waiting for this step trigger, once each
        (603.7c); "your next upkeep" waits for its controller's."""
        st = self.state
        if step == "cleanup":  # 514.2: "When that creature dies this turn" ends with the turn
            st.delayed = [d for d in st.delayed if d["step"] != "dies"]
        due = [d for d in st.delayed if d["step"] == step or (
            d["step"] == f"{step}:you" and self.seat_of(d["controller"]) == self.seat_of(st.active))]
        if not due:
            return
        st.delayed = [d for d in st.delayed if all(d is not x for x in due)]
        for d in due:
            self.queue_trigger(d["handler"], d["source"], d["epoch"], d["controller"], d["text"], d["data"])

    def delayed_deaths(self: Game, event: ev.ZoneChanged) -> None:
        """603.7: "When that creature dies this turn, ...": a delayed ability watching that
        object triggers once (603.7c) as it dies; "its controller" is its controller as it
        died (608.2h).  It ends with the turn (:meth:`delayed_triggers` at cleanup)."""
        st = self.state
        watch = [event.obj, event.old_epoch]
        due = [d for d in st.delayed if d["step"] == "dies" and d["watch"] == watch]
        info = st.lki.get((event.obj, event.old_epoch))
        if not due or not info or "Creature" not in info.get("types", ()):
            return
        st.delayed = [d for d in st.delayed if all(d is not x for x in due)]
        for d in due:
            self.queue_trigger(d["handler"], d["source"], d["epoch"], d["controller"], d["text"],
                               {**d["data"], "obj": event.obj, "controller": info["controller"]})

    def linked_returns(self: Game) -> bool:
        """610.3: what was exiled "until ~ leaves the battlefield" returns once that
        permanent has left the battlefield, before anyone gets priority.
        True when something was done."""
        st = self.state
        due = []
        for d in st.delayed:
            if d["step"] == "leaves":
                oid, epoch = d["watch"]
                obj = st.objs.get(oid)
                if obj is None or obj.epoch != epoch or obj.zone != "battlefield":
                    due.append(d)
        if not due:
            return False
        st.delayed = [d for d in st.delayed if all(d is not x for x in due)]
        for d in due:
            item = StackItem(0, "triggered", d["controller"], d["source"], d["epoch"], d["handler"],
                             d["text"], data=d["data"])
            self.ability(d["handler"]).resolve(self.ctx(item))
        self.changed()
        return True

    def departed_triggers(self: Game, event: ev.ZoneChanged) -> None:
        """603.10a: objects that left in the same simultaneous move (``move_all``) still
        see this one leave, as they last existed."""
        st = self.state
        for oid, epoch in self.departing:
            obj, info = st.objs.get(oid), st.lki.get((oid, epoch))
            if oid == event.obj or obj is None or obj.epoch == epoch or not info:
                continue  # itself, or not moved yet (then it is still on the battlefield)
            name = info.get("abilities", info["copy_of"])
            for idx, ab in enumerate(self.behaviour(name).abilities):
                if isinstance(ab, Triggered) and not ab.look_back and event.kind in ab.events \
                        and ab.zone == "battlefield":
                    data = ab.match(self, obj, event)
                    if data is not None:
                        self.queue_trigger(str(AbilityRef(name, idx)), oid, epoch,
                                           info["controller"], ab.text, data)

    def ability_index(self: Game) -> AbilityIndex:
        """The triggered abilities of the permanents, by event kind and for steps, their
        replacement effects and the plugins awake, kept with the characteristics: a
        write that drops them (:meth:`Game.changed`) drops it, and so does an object
        joining the game, which is such a write, and a plugin waking (:meth:`Game.wake`)."""
        index = self._abilities
        if index is not None:
            return index
        index = AbilityIndex({}, [], {}, self.plugins_awake(), [], frozenset(), yard_abilities(self))
        by_event = index.by_event
        for oid, ch in self.all_chars().items():
            listed = () if ch.no_abilities else _listed(ch.behaviour)
            if not listed:
                continue
            triggered, replacing, mana_triggers = listed
            for idx, ab in triggered:
                for kind in ab.events:
                    by_event.setdefault(kind, []).append((oid, idx, ab, ch))
                if ab.step:
                    index.steps.append((oid, idx, ab, ch))
            for on, abilities in replacing:
                index.replacements.setdefault(on, []).append((oid, ch, abilities))
            index.mana_triggers.extend((oid, ch, ab) for ab in mana_triggers)
        index = self._abilities = _heard(index, self.keep_log)
        return index

    def plugins_awake(self: Game) -> Awake:
        """What the plugins awake in this game listen to (``Hooks.view``): each object that
        joined the game since the last look (a new state, after undo, is looked at whole)
        may wake sleeping plugins: kept while none joins (a name changes only to another
        face of the same card, whose text woke the same plugins)."""
        st, hooks = self.state, self.hooks
        seen_state, seen, view = self._scanned
        newest = st.newest_obj()
        if seen_state is st and seen == newest:
            return view
        asleep = view.asleep if view is not None else frozenset()
        if seen_state is not st:
            seen, asleep = 0, frozenset(hooks.words) - self.woken
            if asleep and hooks.counter_wakes:  # (a restored state: counters put before)
                had = {k for c in filter(None, map(_COUNTERS, chain(st.players.values(), st.objs.values())))
                       for k in c}  # (in C: a fifth of the comprehension's time, measured side by side)
                self.woken |= {p for k in had for p in hooks.counter_wakes.get(k, ()) if p in asleep}
                asleep -= self.woken
        if asleep:
            left = set(asleep)
            for name in {obj.copy_of or obj.name for obj in st.joined_since(seen)}:
                left -= hooks.woken_by(self, name)
            asleep = frozenset(left)
        view = hooks.view(asleep)
        self._scanned = (st, newest, view)
        return view

    def add_trigger(self: Game, oid: int, ch: Chars, idx: int, ab: Triggered, data: dict) -> None:
        handler = str(AbilityRef(ch.abilities_name, idx))
        item = StackItem(0, "triggered", ch.controller, oid, self.state.objs[oid].epoch,
                         handler, ab.text, data=data)
        if ab.condition is not None and not ab.condition(self, item):
            return  # 603.4: an intervening "if" false now means it doesn't trigger
        self.queue_trigger(handler, oid, self.state.objs[oid].epoch, ch.controller, ab.text, data)

    def queue_trigger(self: Game, handler: str, source: int | None, epoch: int, controller: str,
                      text: str, data: dict | None = None, kind: str = "triggered") -> None:
        """Hold a triggered ability until a player would next get priority (603.3)."""
        self.state.pending_triggers.append({
            "handler": handler, "source": source, "epoch": epoch, "controller": controller,
            "text": text, "data": data or {}, "kind": kind,
            "ts": self.state.objs[source].timestamp if source in self.state.objs else 0,
        })
        self.changed(board=False)

    def place_triggers(self: Game) -> None:
        """603.3b: APNAP order; each player orders their own (script default:
        their sources' timestamp order).  Then choose targets (603.3d)."""
        st = self.state
        by_team: dict[str, list[dict]] = {}
        for t in st.pending_triggers:
            by_team.setdefault(self.seat_of(t["controller"]), []).append(t)
        for seat in [s[0] for s in self.seats()] + [k for k in by_team if k not in
                                                    [s[0] for s in self.seats()]]:
            group = by_team.get(seat)
            if not group:
                continue
            if not all(t.get("ordered") for t in group):  # keep an order the player chose
                group.sort(key=lambda t: t["ts"])
            if len(group) > 1 and not all(t.get("ordered") for t in group):
                if not self.order_triggers(seat, group):
                    return  # waiting for the order decision
                ids = {id(t) for t in group}  # identity: two triggers may be equal dicts
                group = [t for t in st.pending_triggers if id(t) in ids]
            placed: set[int] = set()
            try:
                for t in group:
                    if not self.put_trigger_on_stack(t):
                        return  # waiting for targets
                    placed.add(id(t))
            finally:
                st.pending_triggers = [t for t in st.pending_triggers if id(t) not in placed]
                self.changed(board=False)  # and an order or targets decision

    def order_triggers(self: Game, seat: str, group: list[dict]) -> bool:
        """Ask the seat to order its simultaneous triggers; True when already done."""
        st = self.state
        if st.players[seat].auto or self.order_cannot_matter(group):
            for t in group:
                t["ordered"] = True
            return True
        if self.policy is not None:
            order = self.policy(self, Decision("order", seat, "order triggers",
                                               tuple(t["source"] for t in group), len(group),
                                               len(group), {"triggers": group}))
            self.reorder_triggers(group, order or [t["source"] for t in group])
            return True
        st.decision = Decision(
            "order", seat, f"{seat}: order {len(group)} triggered abilities "
            "(first listed goes on the stack first)",
            tuple(t["source"] for t in group), len(group), len(group),
            {"triggers": [t["text"] for t in group], "default": [t["source"] for t in group]})
        return False

    def order_cannot_matter(self: Game, group: list[dict]) -> bool:
        """Whether simultaneous triggers are interchangeable (603.3b asks for an order
        only to let it matter): the same ability of the same card (or of copies of one
        card), with no targets or modes to choose."""
        st = self.state
        names = {st.objs[t["source"]].name if t["source"] in st.objs else t["source"] for t in group}
        return (len({t["handler"] for t in group}) == 1 and len(names) == 1
                and not self.targets_of(group[0]["handler"])
                and getattr(self.ability(group[0]["handler"]), "modal", None) is None)

    def reorder_triggers(self: Game, group: list[dict], sources: list[Any]) -> None:
        """Put a seat's triggers in the given order of their sources (first listed goes
        on the stack first); a source listed once stands for all its triggers."""
        st = self.state
        left = Counter(sources)
        buckets: dict[Any, list[dict]] = {}
        for t in group:
            buckets.setdefault(t["source"], []).append(t)
        ordered: list[dict] = []
        for src in sources:
            mine = buckets.get(src, [])
            left[src] -= 1
            take = mine[:1] if left[src] else mine  # listed again later: one now
            ordered += take
            del mine[:len(take)]
        taken = {id(t) for t in ordered}  # identity: two triggers may be equal dicts
        ordered += [t for t in group if id(t) not in taken]
        for t in ordered:
            t["ordered"] = True
        ids = {id(t) for t in group}
        st.pending_triggers = [t for t in st.pending_triggers if id(t) not in ids] + ordered

    def put_trigger_on_stack(self: Game, t: dict) -> bool:
        st = self.state
        if not trigger_modes(self, t):  # 603.3c: modes first, then targets
            return st.decision is None  # removed (no mode could be chosen), or waiting
        specs = self.targets_of(t["handler"], t["data"].get("modes", ()))
        targets: tuple[Any, ...] = tuple(t.get("targets", ()))
        if specs and not targets:
            item = StackItem(0, t["kind"], t["controller"], t["source"], t["epoch"], t["handler"],
                             t["text"], data=t["data"])
            choices = self.target_options(item, specs[0])
            many = specs[0].max > 1  # "any number of" targets: 0 to max (115.1d)
            if many and "targets" in t:
                pass  # chosen already (possibly none)
            elif many:
                cap = (t.get("data") or {}).get("max_targets", specs[0].max)  # "up to X": X from the event
                hi = max(0, min(specs[0].max, cap, len(choices)))
                if not choices or st.players[t["controller"]].auto:
                    targets = ()  # a goldfish (or no choice at all) picks none
                elif self.policy is not None:
                    targets = tuple(self.policy(self, Decision("targets", t["controller"], t["text"],
                                                               tuple(choices), 0, hi)))
                else:
                    st.decision = Decision("targets", t["controller"],
                                           f"choose any number of targets for "
                                           f"{self.describe(t['source'])}: {t['text']}",
                                           tuple(choices), 0, hi, {"trigger": t})
                    return False
            elif not choices:
                self.note(f"{self.describe(t['source'])}: {t['text']} has no legal target "
                          "and is removed from the stack")
                return True  # 603.3d: no legal target, removed from the stack
            elif specs[0].optional and self.policy is not None and not st.players[t["controller"]].auto:
                targets = tuple(self.policy(self, Decision("targets", t["controller"], t["text"],  # "up to one"
                                                           tuple(choices), 0, 1, {"what": "up to one"})))
            elif len(choices) == 1 or st.players[t["controller"]].auto:
                targets = (choices[0],)
            elif self.policy is not None:
                targets = tuple(self.policy(self, Decision("targets", t["controller"], t["text"],
                                                           tuple(choices), 1, 1)))
            else:
                st.decision = Decision("targets", t["controller"],
                                       f"choose a target for {self.describe(t['source'])}: {t['text']}",
                                       tuple(choices), 1, 1, {"trigger": t})  # the same dict: pickling keeps it shared
                return False
        item = StackItem(st.new_id(), t["kind"], t["controller"], t["source"], t["epoch"],
                         t["handler"], t["text"], tuple(self.target_ref(x) for x in targets),
                         data=t["data"], timestamp=st.tick())
        st.stack.append(item)
        self.changed(characteristics=False, only=())  # the stack (714.4: a Saga's, checked always), no object
        self.note(f"{self.describe(t['source']) if t['source'] else 'Rules'} triggers: {t['text']}")
        self.became_targets(item)
        return True

    # ================================================================ abilities
    def ability(self: Game, handler: str) -> Any:
        """The Ability object a handler names, or None for plugin handlers."""
        ref = AbilityRef.parse(handler)
        return self.behaviour(ref.card).abilities[ref.index] if ref is not None else None

    def targets_of(self: Game, handler: str, modes: tuple[int, ...] = ()) -> tuple[Target, ...]:
        ab = self.ability(handler)
        return mode_targets(ab, modes) if ab is not None else ()

    def target_ref(self: Game, t: int | str) -> Any:
        return t if isinstance(t, str) else self.state.objs[t].ref

    def became_targets(self: Game, item: StackItem) -> None:
        """Emit BecameTarget for each object the new stack item targets (702.21a), once
        even when two of its modes target it (115.3)."""
        for t in dict.fromkeys(item.targets):
            if not isinstance(t, str):
                self.emit(ev.BecameTarget(item.id, t[0], t[1], item.controller))

    def target_options(self: Game, item: StackItem | None, spec: Target) -> list[int | str]:
        """Every legal choice for a target requirement (115): phased-out permanents
        can't be targeted (702.26b), hexproof ones not by opponents (702.11)."""
        controller = item.controller if item else self.state.active
        out: list[int | str] = []
        if spec.kind in PLAYER_KINDS:
            out += [p for p in self.state.players if self._player_targetable(item, spec, p, controller)]
        if spec.kind in PERMANENT_KINDS:
            source = self._source_chars(item) if item is not None else None
            out += [oid for oid, ch in self.all_chars().items()
                    if self._permanent_targetable(item, spec, oid, ch, controller, source)]
        if spec.kind == "spell":
            out += [s.source for s in self.state.stack if s.kind == "spell" and s.source is not None and
                    (item is None or s.id != item.id)]
        if spec.kind == "graveyard":  # "target creature card from your graveyard" (115.1: a card in a zone)
            owners = [controller] if spec.controller == "you" else list(self.state.players)
            if spec.controller == "defending":  # "from defending player's graveyard": whom it attacks
                owners = [p] if item is not None and (p := item.data.get("player")) in self.state.players else []
            out += [o for p in owners for o in self.state.players[p].graveyard
                    if not (spec.other and item is not None and item.source == o)]  # "another target ... card"
        if spec.filter is not None:
            out = [o for o in out if spec.filter(self, o)]
        return out

    def is_target_option(self: Game, item: StackItem | None, spec: Target, t: int | str) -> bool:
        """Whether ``t`` is among :meth:`target_options`, a player or a permanent judged
        alone (a target checked as a spell is cast or resolves, 601.2c, 608.2b)."""
        controller = item.controller if item else self.state.active
        if isinstance(t, str):
            ok = spec.kind in PLAYER_KINDS and t in self.state.players and \
                self._player_targetable(item, spec, t, controller)
        elif spec.kind in PERMANENT_KINDS:
            ch = self.all_chars().get(t)
            ok = ch is not None and self._permanent_targetable(
                item, spec, t, ch, controller, self._source_chars(item) if item is not None else None)
        else:
            return t in self.target_options(item, spec)
        return ok and (spec.filter is None or spec.filter(self, t))

    def _player_targetable(self: Game, item: StackItem | None, spec: Target, p: str, controller: str) -> bool:
        """A player as a choice for ``spec`` (its kind, not its filter)."""
        return not self.state.players[p].lost and (spec.kind != "opponent" or p in self.opponents(controller)) \
            and not ("player_untargetable" in self.awake().hooks  # (no awake plugin: no call)
                     and self.hook("player_untargetable", game=self, player=p, item=item))

    def _permanent_targetable(self: Game, item: StackItem | None, spec: Target, oid: int, ch: Chars,
                              controller: str, source: Chars | None) -> bool:
        """A phased-in permanent as a choice for ``spec`` (its kind, not its filter);
        ``source``: the characteristics of what ``item`` comes from."""
        if not self.fits_kind(spec, ch, controller):
            return False
        if spec.controller == "defending" and (item is None or ch.controller != item.data.get("player")):
            return False  # "target creature defending player controls" (506.3d): the attacked player's
        if (ch.has("hexproof") or ch.has(UNTARGETABLE_BY_OPPONENTS)) and ch.controller != controller \
                or ch.has("shroud") or ch.has(UNTARGETABLE):
            return False
        if item is not None and protected(ch, source):
            return False  # 702.16b: not the target of a spell or ability from such a source
        if spec.other and item is not None and item.source == oid:
            return False  # "other target ..."
        # 301.5c: an Equipment can't equip itself; other abilities may target their source
        return not (item is not None and item.source == oid and getattr(self.ability(item.handler), "equip", False))

    def _source_chars(self: Game, item: StackItem) -> Any:
        """The characteristics of what a spell or ability comes from (a spell being
        cast: its card)."""
        if item.source is not None:
            return self.chars(item.source)
        if item.kind == "spell" and item.text:
            from ..model.state import Obj
            from .layers import base_chars

            return base_chars(self, Obj(-1, self.card(item.text).name, item.controller, item.controller, "stack"))
        return None

    def live_target(self: Game, item: StackItem, i: int) -> Any:
        """608.2b: a target is illegal if it changed zones or no longer qualifies (kept
        for the game's revision: the check before a spell resolves, then its effect, ask
        the same)."""
        kept = self.memo.get("live_target")
        if kept is None or kept[0] != self.revision or kept[1] is not item:
            kept = self.memo["live_target"] = (self.revision, item, {})
        found = kept[2].get(i, kept)
        if found is kept:
            found = kept[2][i] = self._live_target(item, i)
        return found

    def _live_target(self: Game, item: StackItem, i: int) -> Any:
        t = item.targets[i]
        modes = item.data.get("modes", ())
        specs = self.targets_of(item.handler, modes) if item.kind != "spell" else self.spell_targets(item)
        if i < len(specs):
            spec = specs[i]
        elif specs and specs[-1].max > 1:  # the rest of an "any number of" requirement
            spec = specs[-1]
        else:
            spec = Target()
        if isinstance(t, str):
            return t if self.is_target_option(item, spec, t) else None
        oid, epoch = t
        obj = self.state.objs.get(oid)
        if obj is None or obj.epoch != epoch:
            return None
        if 0 <= spec.same_player_as < len(item.targets) and \
                self.controller_of(oid) != self.player_of_target(item.targets[spec.same_player_as]):
            return None  # no longer controlled by the player of the earlier target (608.2b)
        return oid if self.is_target_option(item, spec, oid) else None

    def player_of_target(self: Game, t: Any) -> str | None:
        """A chosen target's player: the player, or a permanent's controller (as it last
        existed if it has left, 608.2h)."""
        if isinstance(t, str):
            return t
        oid, epoch = t
        info = self.look(oid, epoch)
        return info.get("controller") if info else None

    def spell_targets(self: Game, item: StackItem) -> tuple[Target, ...]:
        name = self.state.objs[item.source].name if item.source in self.state.objs else \
            item.data.get("copy_of", "")
        return self.spell_target_specs(name, item.data.get("modes", ()))

    def spell_target_specs(self: Game, name: str, modes: tuple[int, ...] = (),
                           spells: list[SpellAbility] | None = None) -> tuple[Target, ...]:
        """What a spell targets: its spell ability's targets (a modal spell's: those of
        the chosen ``modes``, 700.2), or an Aura's enchant (303.4a).  ``spells``: its
        behaviour's spell abilities, when the caller has read them already."""
        beh = self.behaviour(name)
        if spells is None:
            spells = beh.of(SpellAbility)
        if spells:
            return mode_targets(spells[0], modes)
        found = beh.derived.get("enchant")
        if found is None:
            found = beh.derived["enchant"] = _enchant(self.card(name))
        return found

    @staticmethod
    def fits_kind(spec: Target, ch: Chars, controller: str) -> bool:
        """Whether a permanent is of a target requirement's kind (not its filter)."""
        if spec.kind in ("creature", "creature-you-control") and not ch.is_creature:
            return False
        if spec.kind == "any" and not (ch.is_creature or "Planeswalker" in ch.types):
            return False  # 115.4: "any target" is a creature, player, planeswalker or battle
        if (spec.kind.endswith("-you-control") or spec.controller == "you") and ch.controller != controller:
            return False
        if spec.controller == "opponent" and ch.controller == controller:
            return False
        return spec.kind in PERMANENT_KINDS

    def activated(self: Game, oid: int) -> list[Activated]:
        """The activated abilities of a permanent that may be activated (none when an effect
        says its activated abilities can't be, 602.5)."""
        ch = self.chars(oid)
        return [] if ch is None or ch.no_abilities or ch.has(CANT_ACTIVATE) else ch.behaviour.of(Activated)


def _enchant(card: CardDef) -> tuple[Target, ...]:
    """An Aura's enchant (303.4a) as a target requirement (read once per behaviour by
    :meth:`TriggerRules.spell_target_specs`: the state-based actions ask at every check,
    704.5m)."""
    if "Aura" not in card.subtypes or "enchant" not in card.keywords:
        return ()
    what = next((ln for ln in text_lines(card) if ln.startswith("Enchant ")), "").removeprefix("Enchant ")
    kind, keep = ENCHANTABLE.get(what, ("permanent", None))  # other wordings: the card is manual
    return (Target(kind, f"{what} to enchant", keep),)


def _listed(behaviour: Behaviour) -> tuple[list[tuple[int, Triggered]], list[tuple[str, list[Replacement]]],
                                           list[ManaTrigger]] | tuple[()]:
    """What :meth:`TriggerRules.ability_index` lists of a permanent with these abilities:
    its triggered abilities that trigger on the battlefield (with their positions), its
    replacement effects by what they replace and its triggered mana abilities; ``()``
    when none (derived once per behaviour: its abilities don't change once built)."""
    found = behaviour.derived.get("ability_index")
    if found is None:
        triggered, replacing, mana = [], {}, []
        for idx, ab in enumerate(behaviour.abilities):
            if isinstance(ab, Replacement):
                replacing.setdefault(ab.on, []).append(ab)
            elif isinstance(ab, ManaTrigger):
                mana.append(ab)
            if isinstance(ab, Triggered) and not ab.look_back and ab.zone == "battlefield":
                triggered.append((idx, ab))  # (113.6k: a graveyard ability is :mod:`.graveyard`'s)
        found = (triggered, list(replacing.items()), mana) if triggered or replacing or mana else ()
        behaviour.derived["ability_index"] = found
    return found


def lists(ch: Chars) -> bool:
    """Whether :meth:`TriggerRules.ability_index`, or what is kept with it (the abilities
    changing what spells cost, ``costs.spell_costs``), lists any of this permanent's
    abilities."""
    return not ch.no_abilities and bool(_listed(ch.behaviour) or ch.behaviour.of(SpellCost))


def _heard(index: AbilityIndex, log: bool) -> AbilityIndex:
    """The index with the event kinds something hears: its abilities', the awake
    plugins', the graveyard abilities' of the game's cards, and ZoneChanged (a permanent
    that leaves looks back, 603.10a); and those ``Game.emit`` notices: these and the kinds
    the turn's tallies count (a SpellCast is looked at while a delayed "When you next
    cast" waits, 603.7c: ``Game.spell_cast``), or
    every kind when the game keeps a ``log`` (each event's line), but ZoneChanged when
    only moves to or from the battlefield are heard (``Game.emit`` notices those always);
    and the steps whose beginning its "at the beginning of" abilities and the plugins hear."""
    heard = frozenset((*index.by_event, *index.plugins.event_kinds, *index.yard, "ZoneChanged"))
    steps = {ab.step for _, _, ab, _ in index.steps}
    steps.update(ab.step for listening in index.yard.get(STEP, {}).values() for _, ab in listening)
    noticed = heard | TALLIES.keys()
    if "ZoneChanged" not in index.by_event and "ZoneChanged" not in index.yard and \
            not index.plugins.moves_elsewhere:  # (a move to or from the battlefield is noticed: emit)
        noticed -= {"ZoneChanged"}
    return index._replace(heard=heard, noticed=ev.KINDS if log else noticed,
                          steps_heard=frozenset((*steps, *index.plugins.steps)))
