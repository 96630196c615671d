"""The Game: one decision interface over the whole rules engine.

``game.pending`` says who must decide what, ``game.legal_actions`` lists what
may be done, ``game.play(action)`` validates and applies an action (an illegal
one raises :class:`IllegalActionError` and changes nothing), ``game.undo()``
takes it back.  The TUI, the scenario runner, the SSH sessions and the
autopilot all drive a game through these.

Between decisions the game runs by itself (:meth:`Game.advance`): state-based
actions (704.3), putting triggered abilities on the stack (603.3), passing
priority for goldfish players, resolving the stack when everyone has passed,
and moving through steps and their turn-based actions.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

from ..abilities import grants
from ..abilities.abilities import Behaviour
from ..model import events as ev
from ..model.actions import Action, parse_action
from ..model.cards import CardDef, CardPool, normalise_name
from ..model.errors import BadReferenceError, IllegalActionError, PluginError, StackfishError
from ..model.oracle import load_bundled_pool
from ..model.state import Decision, Obj, Player, StackItem, State
from ..plugin_api.isolation import WATCHDOG, HookTimedOut, rule_error, timed_out
from ..plugin_api.plugin_manager import Awake, Hooks, make_plugin_manager
from ..rules.combat import CombatRules
from ..rules.layers import Chars, base_chars, compute, counter_pt, defined_pt, updated_for
from ..rules.primitives import Primitives
from ..rules.priority import PriorityRules, Seating
from ..rules.refs import References
from ..rules.spells import SpellPrimitives
from ..rules.status import StatusPrimitives
from ..rules.tally import TALLIES
from ..rules.triggers import NOT_SCANNED, AbilityIndex, TriggerRules, lists
from ..rules.turn import TurnRules
from ..text import scripts  # noqa: F401 - scripts register the bundled cards
from ..text.build import build_behaviour, manual_phrases
from ..text.oracle.tokens import token_card
from .castable import castable_faces
from .context import Ctx, Suspend
from .history import History
from .legal import can_act, generate, is_legal
from .notation import from_snapshot, snapshot
from .perform import perform
from .stops import at_stop

#: the state a new game's :meth:`Game.reset` replaces: no log, no events, seed 0 (never written)
_BEFORE = State()


class Game(Primitives, SpellPrimitives, StatusPrimitives, TurnRules, CombatRules, TriggerRules, PriorityRules, References):
    """A game of Magic: state, a pending decision, legal actions, play and undo.

    Args:
        players: how many players (p1, p2, ...), each at 20 life.
        seed: the seed of the game's own random number generator.
        pool: the card pool (the bundled one by default).
        plugins: a pluggy PluginManager (``make_plugin_manager()`` by default).
        history: keep a snapshot per action for undo and atomic actions; the
            autopilot turns it off for speed and answers decisions through ``policy``.
        policy: ``policy(game, decision) -> answer`` for decisions taken at once.
        base_dir: where ``deck`` paths in actions are relative to.
        log: keep the log lines (``game.log``); a batch simulation, which shows none,
            turns it off and the events' lines are never written.
    """

    def __init__(self, players: int = 2, seed: int = 0, pool: CardPool | None = None,
                 plugins: Any = None, history: bool = True, policy: Any = None,
                 base_dir: str = ".", log: bool = True) -> None:
        self.pool = pool if pool is not None else load_bundled_pool()
        self.pm = plugins if plugins is not None else make_plugin_manager()
        self.hooks = Hooks.of(self.pm)
        self.policy = policy
        self.base_dir = base_dir
        self.history: History | None = History() if history else None
        self.redo_stack: list[Action] = []
        self.events: list[ev.Event] = []
        self.unrecorded = 0  # the events not recorded, nothing noticing their kind (noticing)
        self.log: list[str] = []
        self.keep_log = log
        self._behaviours: dict[str, Behaviour] = {}
        self._manual: dict[str, list[str]] = {}
        self._cards: dict[str, CardDef] = {}
        self._chars: dict[int, Chars] | None = None
        self._plain_chars = False  # see changed()
        self._seating: dict[str, Seating] = {}  # by active player, see seating()
        self._seat_of: tuple[int, dict[str, str] | None] = (-1, None)  # see seat_of()
        self._abilities: AbilityIndex | None = None  # see ability_index(): dropped with _chars
        self._scanned: tuple[Any, int, Awake | None] = NOT_SCANNED  # see plugins_awake()
        self.woken: frozenset[Any] = frozenset()
        """The sleeping plugins an event woke in this game (``Hooks.wakes``), for good."""
        self.revision = 0
        """Counts writes to the state, each announced by :meth:`changed`, the one place
        that bumps it: the key of the caches of derived data that read the whole state
        (legal actions, mana sources, the TUI's playable cards)."""
        self.board_revision = 0
        """Counts the writes to objects and players (all but the turn's bookkeeping,
        ``changed(board=False)``): the key of the caches that read only those
        (state-based actions, the name index).  The characteristics are dropped by
        :meth:`changed`, except plain ones on a write they never read
        (``characteristics=False``); the ability index is kept per characteristics dict."""
        self.sba_revision = 0
        """Counts the writes to what state-based actions read (``changed(sba=False)`` says
        a write isn't one, unless it drops the characteristics, which they read too): the
        key of a check that found nothing to do (:func:`mechanics.rules.sba.check`)."""
        self.sba_checked = -1  # the sba_revision at which a check last found nothing to do
        self.sba_touched: set[int] | None = None
        """The objects written since the last check of state-based actions, when every write
        since said which (``changed(only=...)``); None: any may have changed."""
        self.sba_others: list[int] = []
        """The permanents whose state-based actions depend on others' (an Aura, a Saga), as
        the last check found them: a check of the touched objects looks at them too."""
        self.seats_revision = 0
        """Counts the writes to who is in the game, their teams and who passes by itself
        (``changed(seats=True)``): with the active player, the key of the seating."""
        self.memo: dict[str, Any] = {}
        """Derived data kept between writes (the characteristics memo, the name index,
        mana sources, state-based-action checks), by purpose.  Everything in it can be
        recomputed from the state: :meth:`forget` clears it."""
        self.policy_memory: dict[str, Any] = {}
        """What a ``policy`` remembers between its decisions (the autopilot: the
        abilities it used this turn).  Not derived from the state: never cleared."""
        self._answers: list[Action] = []
        self.step_log: list[tuple[int, str, str, int]] = []
        """Each step as it began: ``(len(events) then, step, active player, turn)``, the
        record the questions about steps read (``steps_began``, ``turn_began_at``):
        StepBegan is an event only when something notices it (a log, a trigger)."""
        self.steps_watched: dict[str, tuple[str, list[str]]] = {}  # go_to's step: (the seat it waits for, who began it)
        self.departing: list[tuple[int, int]] = []  # refs leaving together (move_all)
        self.entering: list[ev.ZoneChanged] | None = None  # enters events held back (move_all)
        self.observers: list[Any] = []
        """Called after each successful ``play`` with the action, and after ``undo``
        with ``("undo", n)`` (the journal, mechanics/io/journal.py)."""
        self.plugin_errors: dict[str, int] = {}
        """Actions refused because a plugin (or, as ``""``, the engine) raised, or a
        plugin broke the API's contract (a ``PluginError``)."""
        self.notices: list[str] = []
        """Plugin failures outside an action (a display hint), for the TUI to show."""
        WATCHDOG.ensure()
        self.state = _BEFORE  # (what reset reads of the state it replaces)
        self.reset(players, seed)

    # ================================================================ setup
    def reset(self, players: int, seed: int | None = None) -> None:
        """Empty every zone and seat N players at 20 life (the ``players`` command)."""
        st = self.state
        seed = st.seed if seed is None else seed
        fresh = State(seed=seed, rng=random.Random(seed))
        fresh.players = {f"p{i}": Player(f"p{i}") for i in range(1, players + 1)}
        fresh.teams = [[p] for p in fresh.players]
        self.state = fresh
        self.changed(seats=True)

    def card(self, name: str) -> CardDef:
        """The facts of the card or face named ``name`` (memoised: the pool's lookup
        normalises the name).  A face's name gives that face (708-712: an object that is a
        transformed permanent, or a spell cast as a card's other half, has that face's
        characteristics); the card's own name gives its front face."""
        card = self._cards.get(name)
        if card is None:
            card = self.pool.get(name) or token_card(name) or grants.quoted_card(name)
            if card is None:
                raise BadReferenceError(self.unknown_card(name))
            key = normalise_name(name)
            card = next((f for f in card.faces if normalise_name(f.name) == key), card)
            self._cards[name] = card
        return card

    def unknown_card(self, name: str) -> str:
        near = self.pool.suggest(name)
        hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        return f"unknown card '{name}'{hint}"

    def behaviour(self, name: str) -> Behaviour:
        """The card's abilities and unimplemented lines, cached by name (and built once
        for all the games of the same plugins: ``hooks.behaviours``)."""
        b = self._behaviours.get(name)
        if b is not None:
            return b
        if (granted := grants.split(name)) is not None:  # with quoted abilities (613.1f)
            b = self._behaviours[name] = grants.merged(self.behaviour(granted[0]),
                                                       [self.behaviour(g) for g in granted[1]])
            return b
        hooks, card = self.hooks, self.card(name)
        b = hooks.behaviours.get(card)
        if b is None:
            b = hooks.behaviours[card] = build_behaviour(card, hooks.keywords, hooks.scripts)
        self._behaviours[name] = b
        return b

    def manual_phrases(self, name: str) -> list[str]:
        """What the player must do by hand for this card, every face (cached by name)."""
        found = self._manual.get(name)
        if found is None:
            card = self.card(name)  # an unknown name is an error
            whole = self.pool.get(name) or card  # every face of it; a token the compiler made: its facts
            found = self._manual[name] = manual_phrases(whole, self.hooks.keywords, self.hooks.scripts)
        return found

    def castable_faces(self, oid: int) -> list[str]:
        """The faces of card ``oid`` its owner may cast or play from where it is (708-712, 715)."""
        return castable_faces(self, oid)

    def is_manual(self, name: str) -> bool:
        return bool(self.manual_phrases(name))

    # ================================================================ reading
    def changed(self, characteristics: bool = True, board: bool = True, seats: bool = False,
                sba: bool = True, only: tuple[int, ...] | None = None) -> None:
        """Announce a write to the state: bumps ``revision``, which every cache of derived
        data is keyed on.  Every write calls it (or a primitive that does).

        ``characteristics=False`` says the change touched only what plain
        characteristics (:func:`~mechanics.rules.layers.compute`) never read: tapped,
        damage, life, mana, combat, cards moving between zones other than the
        battlefield.  Plain characteristics are then kept; any others, which a
        static ability's condition may read, are computed again.

        ``board=False`` says the write touched only the turn's bookkeeping: the turn and
        the active player, the step, priority and passes, lands played, mana pools, the
        pending decision, the stack's and the triggers' order; objects and the players'
        life, counters and zones are unchanged, and so is ``board_revision``.  ``seats=True`` says it
        changed who is in the game, the teams or a goldfish, which the seating
        (``seats_revision``) reads.  ``sba=False`` (with ``board``) says it touched
        nothing a state-based action reads but, perhaps, the characteristics (704.5: life,
        poison, damage, counters, attachments, permanents and tokens moving, the stack):
        tapping, combat, paying mana, a card moving between hidden zones; the checks
        (``sba_revision``, bumped too when the characteristics are dropped) are then kept.
        ``only`` (with ``characteristics=False``) says the write touched no object but
        these (their counters, damage or zone) and, perhaps, the players' life: the next
        check of state-based actions looks at these objects and those whose actions
        depend on others' (``sba_touched``, :func:`mechanics.rules.sba.check`)."""
        self.revision += 1
        if seats:
            self.seats_revision += 1
        if board:
            self.board_revision += 1
            if characteristics or not self._plain_chars:
                self._chars = self._abilities = None  # (the ability index reads them)
                self.sba_revision += 1  # (state-based actions read them)
                self.sba_touched = None  # (any permanent's characteristics may differ)
            elif sba:
                self.sba_revision += 1
                if only is None:
                    self.sba_touched = None
                elif self.sba_touched is not None:
                    self.sba_touched.update(only)

    def forget(self) -> None:
        """Drop every cache of derived data, to be computed again from the state (after
        a plugin is turned off; a test compares the answers before and after)."""
        self.memo.clear()
        self._behaviours.clear()
        self._seating, self._abilities, self._scanned = {}, None, NOT_SCANNED
        self.changed(seats=True)

    def take_found(self, other: Game) -> None:
        """Take what ``other`` (of the same pool and plugins) found of its cards, for this
        game whose objects are the same cards: their facts and behaviours by name, the
        plugins they wake and their graveyard abilities (:meth:`plugins_awake`,
        :func:`~mechanics.rules.graveyard.yard_abilities`: both read the objects' names
        alone), instead of looking them up again.  A batch's games of one deck are set
        up so (:mod:`mechanics.ai.simulate`)."""
        st, n = self.state, self.state.newest_obj()
        self._cards.update(other._cards)
        self._behaviours.update(other._behaviours)
        seen_state, seen, view = other._scanned
        if seen_state is other.state and seen == n and self.woken == other.woken:
            self._scanned = (st, n, view)
        yard = other.memo.get("yard_abilities")
        if yard is not None and yard[0] is other.state and yard[1] == n:
            self.memo["yard_abilities"] = (st, *yard[1:])

    def awake(self) -> Awake:
        """The plugins awake in this game and what they listen to, kept while no object
        joins the game (:meth:`plugins_awake`; the ability index has them too)."""
        index = self._abilities
        return index.plugins if index is not None else self.plugins_awake()

    def wake(self, plugins: list[Any]) -> Awake:
        """Wake ``plugins`` for the rest of the game (an event they wake on happened)."""
        self.woken = self.woken | frozenset(plugins)
        self._abilities = None
        self._scanned = NOT_SCANNED
        return self.awake()

    def counter_put(self, kind: str) -> None:
        """A counter of ``kind`` was put on a player or a permanent (every writer of
        counters says so: ``put_counters`` and the set-up commands): it wakes the sleeping
        plugins waiting for that kind (``register_interest(counters=...)``)."""
        woken = self.awake().counter_wakers.get(kind)
        if woken:
            self.wake(woken)

    def seeing(self, chars: dict[int, Chars], read: Callable[..., Any], *args: Any) -> Any:
        """``read(self, *args)`` answered with characteristics from ``chars``: a static
        ability's condition is checked against the layers applied so far (613.1,
        mechanics/rules/layers.py)."""
        saved = self._chars, self._abilities
        self._chars, self._abilities = chars, None
        try:
            return read(self, *args)
        finally:
            self._chars, self._abilities = saved

    def all_chars(self) -> dict[int, Chars]:
        if self._chars is None:
            self._chars, self._plain_chars = compute(self)
        return self._chars

    def changed_one(self, oid: int) -> None:
        """Announce a write to object ``oid`` alone (as :meth:`changed`): it entered or
        left the battlefield, or its counters changed.  Plain characteristics are updated
        for it alone (:func:`~mechanics.rules.layers.updated_for`), and the ability index
        is kept unless it lists something of it; other characteristics are computed again."""
        kept = self._chars
        chars = updated_for(self, oid, kept) if kept is not None and self._plain_chars else None
        if chars is None:
            self.changed()
            return
        was, now = kept.get(oid), chars.get(oid)
        self.changed(characteristics=False, only=(oid,))
        self._chars = chars
        if was is not None and lists(was) or now is not None and lists(now):
            self._abilities = None

    def chars(self, oid: int | None) -> Chars | None:
        """An object's characteristics: after layers on the battlefield, printed elsewhere.
        A phased-out permanent has none (it is treated as though it doesn't exist)."""
        known = self._chars  # the common case first: a permanent whose characteristics are computed
        if known is not None and (ch := known.get(oid)) is not None:
            return ch
        if oid is None:
            return None
        obj = self.state.objs.get(oid)
        if obj is None:
            return None
        if obj.zone == "battlefield":
            return (self._chars or self.all_chars()).get(oid)
        ch = base_chars(self, obj)
        defined_pt(self, obj, ch)  # 604.3: in every zone
        return ch

    def view(self, oid: int) -> Chars:
        """Characteristics for display and scenario references, which see phased-out
        permanents: a phased-out one shows its own values and counters (702.26d)."""
        ch = self.chars(oid)
        if ch is None:
            obj = self.state.objs[oid]
            ch = base_chars(self, obj)
            defined_pt(self, obj, ch)
            if ch.power is not None:
                for kind, n in obj.counters.items():
                    dp, dt = counter_pt(kind)
                    ch.power, ch.toughness = ch.power + dp * n, ch.toughness + dt * n
        return ch

    def obj(self, oid: int) -> Obj:
        return self.state.objs[oid]

    def permanents(self, controller: str | None = None, creature: bool = False) -> list[int]:
        """Phased-in permanents (702.26b), optionally one player's, optionally creatures
        (kept while the characteristics are the same dict, which they read alone)."""
        chars = self.all_chars()
        kept = self.memo.get("permanents")
        if kept is None or kept[0] is not chars:
            kept = self.memo["permanents"] = (chars, {})
        out = kept[1].get((controller, creature))
        if out is None:
            out = kept[1][controller, creature] = [
                oid for oid, ch in chars.items()
                if (not controller or ch.controller == controller) and (not creature or ch.is_creature)]
        return list(out)

    def controller_of(self, oid: int) -> str:
        ch = self.chars(oid)
        return ch.controller if ch else self.state.objs[oid].controller

    def opponents(self, player: str) -> list[str]:
        team = self.state.team_of(player)
        return [p for p in self.state.players if p not in team and not self.state.players[p].lost]

    def remember(self, obj: Obj) -> None:
        """Record last known information as it leaves the battlefield (608.2h, 113.7a)."""
        ch = self.chars(obj.id)
        if ch is None:
            return
        self.state.lki[obj.ref] = _known(obj, ch)

    def look(self, oid: int, epoch: int) -> dict[str, Any] | None:
        """The object now if it is still the same object on the battlefield, else its
        last known information (608.2h)."""
        obj = self.state.objs.get(oid)
        if obj is not None and obj.epoch == epoch and obj.zone == "battlefield":
            ch = self.chars(oid)
            if ch is not None:
                return _known(obj, ch)
        return self.state.lki.get((oid, epoch))

    def player(self, name: str) -> Player:
        try:
            return self.state.players[name]
        except KeyError:
            raise BadReferenceError(f"no player '{name}' (players: {', '.join(self.state.players)})") from None

    # ================================================================ events and log
    def emit(self, event: ev.Event, battlefield: bool = False) -> None:
        """Record an event, then count it (:mod:`~mechanics.rules.tally`), log it and
        collect the triggered abilities it causes (603.2): an event of a kind that none of
        these notices (the kept ability index says which: every kind when a log is kept)
        costs its record alone.  ``battlefield``: a ZoneChanged to or from the battlefield,
        which is always looked at (603.10a: what leaves looks back; revolt counts it; enters
        and dies abilities), while other moves are noticed only when something hears them.
        The primitives ask :meth:`noticing` before building an event of the kinds that
        nothing hears in most games."""
        self.events.append(event)  # (the state's n_events is written as it is saved: play)
        index = self._abilities
        if battlefield or index is None or event.kind in index.noticed:
            self._notice(event)

    def noticing(self, kind: str, n: int = 1) -> bool:
        """Whether :meth:`emit` looks at an event of this kind, asked before building one
        that nothing hears in most games (Tapped, Untapped, Drew, LifeChanged, a move between
        zones other than the battlefield): when it doesn't (a game keeping no log), the event is neither
        built nor recorded, only counted in ``unrecorded`` (what "if you do" counts too;
        ``n``: so many events of the kind)."""
        if kind in (self._abilities or self.ability_index()).noticed:
            return True
        self.unrecorded += n
        return False

    def _notice(self, event: ev.Event) -> None:
        """What :meth:`emit` does with an event something may notice."""
        count = TALLIES.get(event.kind)
        if count is not None:
            count(self.state, event)
            if not self._plain_chars:  # a static ability's condition may read the counts
                self._chars = self._abilities = None  # (as changed(characteristics=False))
                self.sba_revision += 1
                self.sba_touched = None
        if self.keep_log:
            line = self.hooks.describe(self, event)
            if line:
                self.note(line)
        self.collect_triggers(event, self.ability_index())

    def note(self, line: str) -> None:
        if not self.keep_log:
            return
        self.log.append(line)

    def hook(self, hook_name: str, /, **kw: Any) -> Any:
        return self.hooks.call(hook_name, **kw)

    def ctx(self, item: StackItem | None = None, player: str | None = None) -> Ctx:
        return Ctx(self, item, player)

    # ================================================================ decisions
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for; ``kind == 'priority'`` when it is a pass."""
        waiting = self.waiting_for()
        if not isinstance(waiting, str):
            return waiting
        st = self.state
        what = "resolve the top of the stack" if st.stack else f"go on from {st.step}"
        return Decision("priority", waiting, f"{waiting} has priority ({what})")

    def waiting_for(self) -> Decision | str | None:
        """What :attr:`pending` describes, without building a priority Decision: the
        decision the game waits for, else the player with priority, else None (the game
        is over, or runs by itself: untap and cleanup)."""
        st = self.state
        if st.over:
            return None
        return st.decision if st.decision is not None else st.priority

    def ask(self, decision: Decision) -> Any:
        """A choice inside an action: the next recorded answer, the policy's, or suspend."""
        if self._answers:
            answer = self._answers.pop(0)
            return self.interpret(decision, answer)
        if self.policy is not None:
            return self.policy(self, decision)
        raise Suspend(decision)

    def interpret(self, d: Decision, answer: Action) -> Any:
        """Turn a ``choose`` answer into option values, checking it is allowed."""
        refs = getattr(answer, "refs", ())
        values = []
        for r in refs:
            if r in d.options:
                values.append(r)
                continue
            # a word among options that are all words (modes, colours, players) is
            # not a reference to resolve: it is simply not one of them
            got = self.resolve_ref(r) if any(isinstance(o, int) for o in d.options) else r
            if got not in d.options:
                raise IllegalActionError(f"'{r}' is not one of the choices: {self.option_text(d)}")
            values.append(got)
        if len(values) != len(set(map(str, values))):
            raise IllegalActionError("the same choice is listed twice")
        if not d.min <= len(values) <= d.max:
            need = str(d.min) if d.min == d.max else f"{d.min} to {d.max}"
            raise IllegalActionError(f"choose {need} for: {d.prompt}")
        return values

    def option_text(self, d: Decision) -> str:
        return ", ".join(self.describe(o) if isinstance(o, int) else str(o) for o in d.options)

    # ================================================================ play and undo
    def play(self, action: Action | str) -> None:
        """Validate and apply an action; on any error restore the state and re-raise."""
        if isinstance(action, str):
            action = parse_action(action)
        history = self.history
        before = self._saved() if history is not None else None
        try:
            if before is None:  # (no history: nothing to restore, no recorded answers to replay)
                try:
                    self.perform(action)
                except Suspend:
                    raise IllegalActionError("a decision is needed but this game keeps no history") from None
            else:
                self._run(action, [], len(history), before)
        except BaseException as exc:
            if before is not None:
                self._restore(before)
            if isinstance(exc, HookTimedOut):
                raise timed_out(self, action, exc) from exc
            if isinstance(exc, PluginError):  # a plugin broke the API's contract: counted too
                self.plugin_errors[exc.plugin] = self.plugin_errors.get(exc.plugin, 0) + 1
            elif isinstance(exc, Exception | SystemExit) and not isinstance(exc, StackfishError):
                raise rule_error(self, action, exc) from exc  # a rule bug or a plugin's exception
            raise
        if history is not None:
            history.append(action, before)
        if self.redo_stack:
            self.redo_stack.clear()
        for observer in self.observers:
            observer(action)

    def _run(self, action: Action, answers: list[Action], index: int, before: bytes) -> None:
        """Perform an action of a game keeping history, with the answers recorded for its
        decisions so far; a decision it needs next suspends it (the state as before it)."""
        self._answers = list(answers)
        try:
            self.perform(action)
        except Suspend as s:
            self._restore(before)
            self.state.decision = s.decision
            self.state.proc = {"index": index, "action": str(action),
                               "answers": [str(a) for a in answers]}
            self.changed(board=False)
        finally:
            self._answers = []

    def perform(self, action: Action) -> None:
        """Apply an action's effect and run the game on to the next decision."""
        perform(self, action)

    def answer(self, action: Action) -> None:
        """A ``choose`` for a suspended action: run that action again with the answer."""
        st = self.state
        proc, decision = st.proc, st.decision
        self.interpret(decision, action)  # refuse an illegal answer now
        answers = [parse_action(a) for a in proc["answers"]] + [action]
        before = self.history[proc["index"]][1]
        self._restore(before)
        self._run(parse_action(proc["action"]), answers, proc["index"], before)

    def probe(self) -> Game:
        """A disposable twin to try an action on (``action in game.legal_actions``): the
        same cards, plugins and policy, a copy of the state, history, events and log, its
        own caches and no observers (a probe is not a move: no journal line)."""
        twin = copy.copy(self)
        twin.state = pickle.loads(self._saved())
        twin.history = None if self.history is None else self.history.fork()
        twin.redo_stack, twin.events, twin.log = list(self.redo_stack), list(self.events), list(self.log)
        twin.step_log = list(self.step_log)
        twin.observers, twin.plugin_errors = [], dict(self.plugin_errors)
        twin.memo, twin.policy_memory, twin.departing = {}, copy.deepcopy(self.policy_memory), []
        twin.steps_watched = {}  # (a go_to of this game watches its own steps)
        twin._chars = twin._abilities = None
        twin.sba_touched = None if self.sba_touched is None else set(self.sba_touched)  # (with sba_checked)
        twin._scanned = NOT_SCANNED
        twin._seating = {}
        return twin

    def _saved(self) -> bytes:
        """The state pickled, with how many events, steps and log lines go with it (written
        here rather than at each event: :meth:`_restore` cuts the lists back to them)."""
        st = self.state
        st.n_events, st.n_steps, st.log_len = len(self.events), len(self.step_log), len(self.log)
        return pickle.dumps(st, pickle.HIGHEST_PROTOCOL)

    def _restore(self, data: bytes) -> None:
        self.state = pickle.loads(data)
        del self.events[self.state.n_events:]
        del self.step_log[self.state.n_steps:]
        del self.log[self.state.log_len:]
        self.changed(seats=True)

    def undo(self, n: int = 1) -> list[Action]:
        """Take back the last n actions; returns them (latest last)."""
        if self.history is None:
            raise IllegalActionError("this game keeps no history to undo")
        if n < 1 or n > len(self.history):
            raise IllegalActionError(f"there are {len(self.history)} actions to undo, not {n}")
        taken, before = self.history.pop(n)
        self._restore(before)
        self.redo_stack.extend(reversed(taken))
        for observer in self.observers:
            observer(("undo", n))
        return taken

    def redo(self) -> Action:
        if not self.redo_stack:
            raise IllegalActionError("nothing to redo")
        action = self.redo_stack.pop()
        keep, self.redo_stack = self.redo_stack, []  # (play clears the redo stack)
        self.play(action)
        self.redo_stack = keep
        return action

    @property
    def journal(self) -> list[Action]:
        return list(self.history.actions) if self.history is not None else []

    # ================================================================ legal actions
    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def can_act(self, player: str) -> bool:
        """Whether ``player`` holds priority with something to do but pass (:func:`can_act`)."""
        return can_act(self, player)

    def at_stop(self, player: str, stops: tuple[str, ...]) -> bool:
        """Whether ``autopass PLAYER STOPS`` would pass nothing now (smart stops)."""
        return at_stop(self, player, stops)

    # ================================================================ describing the game
    def snapshot(self) -> str:
        return snapshot(self)

    def __repr__(self) -> str:
        return f"Game.from_snapshot({self.snapshot()!r})"

    @classmethod
    def from_snapshot(cls, text: str, **kw: Any) -> Game:
        return from_snapshot(cls, text, **kw)


class LegalActions:
    """A lazy view of the legal actions: supports ``in``, ``len`` and iteration."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._kept: tuple[int, list[Action]] | None = None  # len()'s list, for list(view)

    def __iter__(self) -> Iterator[Action]:
        kept, self._kept = self._kept, None
        if kept is not None and kept[0] == self._stamp():
            return iter(kept[1])
        return generate(self.game)

    def _stamp(self) -> int:
        return self.game.revision

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and is_legal(self.game, action)

    def __len__(self) -> int:
        # list(view) asks len() and then iterates: keep the list for that next iteration
        # (only while the game is unchanged) instead of generating it twice
        items = list(iter(self))
        self._kept = (self._stamp(), items)
        return len(items)

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(map(str, self))}>"


def _known(obj: Obj, ch: Any) -> dict[str, Any]:
    """What last known information keeps of a permanent (608.2h): its characteristics,
    counters and the choices it entered with (an alternative cost paid for it, 118.9)."""
    return {"name": ch.name, "power": ch.power, "toughness": ch.toughness, "controller": ch.controller,
            "types": sorted(ch.types), "copy_of": ch.card.name, "abilities": ch.abilities_name, "counters": dict(obj.counters),
            "keywords": sorted(ch.keywords), "choices": dict(obj.choices)}
