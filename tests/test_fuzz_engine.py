"""Stateful fuzzing of the rules engine: random legal play in a goldfish game.

A hypothesis state machine starts a goldfish game of a bundled deck from a
random seed and plays random actions from ``game.legal_actions`` (sometimes a
manual sandbox action, sometimes ``undo``), checking after every step that:

- cards are conserved: every object is in exactly one zone list (a player's
  library/hand/graveyard/exile, the battlefield, or the stack as a spell) and
  that list agrees with ``obj.zone``; each player keeps the same non-token
  cards; a card in a player's zone is owned by that player (400.3);
- no counter (on an object or a player), damage or life-loss bookkeeping is
  negative;
- every listed legal action applies without an error (an
  ``IllegalActionError`` for a listed action is a bug: ``legal_actions``
  offered something ``play`` refuses);
- an illegal (refused) action changes nothing;
- ``undo()`` restores the exact prior position;
- replaying ``game.journal`` into a fresh Game reproduces the position.

The budget (games and steps per game) is the hypothesis settings profile's:
``ci`` in every run of the suite, ``deep`` on request (tests/conftest.py).
"""

from __future__ import annotations

import difflib
import os
import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import mechanics
from mechanics.model.actions import Action
from mechanics.model.errors import IllegalActionError, StackfishError
from mechanics.model.events import LifeChanged
from mechanics.play.game import Game

DATA = os.path.join(os.path.dirname(mechanics.__file__), "data")
DECKS = ["decks/red-aggro.txt", "decks/simic-evolve.txt"]
SETUP = 4  # seed, goldfish, deck, start: never undone by the machine


def fingerprint(game: Game) -> str:
    """The snapshot plus what it leaves out: the pending decision, the stack's
    items and the triggers waiting to be put on it."""
    st_ = game.state
    stack = [(s.kind, s.handler, s.controller, s.source, s.targets, s.x) for s in st_.stack]
    trig = [(t["handler"], t["source"], t["controller"]) for t in st_.pending_triggers]
    d = st_.decision
    return "\n".join([
        game.snapshot(),
        f"pending: {game.pending!r}" if d is None else
        f"decision: {d.kind} {d.player} {d.prompt} {d.options} {d.min}-{d.max}",
        f"priority: {st_.priority} passes {st_.passes} over {st_.over} winner {st_.winner}",
        f"stack: {stack}", f"triggers: {trig}",
        f"lands played: {[p.lands_played for p in st_.players.values()]}",
        f"mana: {[p.mana for p in st_.players.values()]}",
    ])


def diff(want: str, got: str) -> str:
    return "\n".join(difflib.unified_diff(want.splitlines(), got.splitlines(), "expected", "got",
                                           lineterm="", n=1))


def check_invariants(game: Game, cards: dict[str, set[int]]) -> None:
    st_ = game.state
    seen: dict[int, str] = {}

    def place(oid: int, where: str) -> None:
        assert oid not in seen, f"object {oid} is in {seen[oid]} and in {where}"
        seen[oid] = where

    for name, p in st_.players.items():
        for zone in ("library", "hand", "graveyard", "exile"):
            for oid in getattr(p, zone):
                place(oid, f"{name}'s {zone}")
                obj = st_.objs.get(oid)
                assert obj is not None, f"{name}'s {zone} lists a missing object {oid}"
                assert obj.zone == zone, f"{obj.name} ({oid}) is listed in {zone}, says {obj.zone}"
                assert obj.owner == name, f"{obj.name} ({oid}) owned by {obj.owner} is in {name}'s {zone}"
        # life-loss bookkeeping: 20 plus every recorded life change (119.3, 120.3a), and a
        # player at 0 or less life has lost once state-based actions are checked (704.5a)
        changes = sum(e.amount for e in game.events if isinstance(e, LifeChanged) and e.player == name)
        assert p.life == 20 + changes, f"{name} is at {p.life} life after life changes of {changes}"
        if game.pending is not None and game.pending.kind == "priority":
            assert p.life > 0 or p.lost, f"{name} is at {p.life} life and has not lost"
        for kind, n in p.counters.items():
            assert n >= 0, f"{name} has {n} {kind} counters"
    for oid in st_.battlefield:
        place(oid, "battlefield")
        assert st_.objs[oid].zone == "battlefield", f"{oid} on the battlefield says {st_.objs[oid].zone}"
    for item in st_.stack:
        if item.kind == "spell":
            place(item.source, "stack")
            assert st_.objs[item.source].zone == "stack"
    for oid, obj in st_.objs.items():
        assert oid == obj.id
        assert oid in seen, f"{obj.name} ({oid}, zone {obj.zone}) is in no zone list"
        for kind, n in obj.counters.items():
            assert n >= 0, f"{obj.name} has {n} {kind} counters"
        assert obj.damage >= 0, f"{obj.name} has {obj.damage} damage"
    for name, ids in cards.items():
        now = {o for o, obj in st_.objs.items() if obj.owner == name and not obj.token}
        assert now == ids, f"{name}'s cards changed: lost {sorted(ids - now)}, gained {sorted(now - ids)}"


class EngineMachine(RuleBasedStateMachine):
    """Random legal play in a goldfish game of one bundled deck."""

    deck = DECKS[0]

    @initialize(seed=st.integers(0, 2**20))
    def start(self, seed: int) -> None:
        self.game = Game(base_dir=DATA)
        for line in (f"seed {seed}", "goldfish p2", f"deck p1 {self.deck}", "start"):
            self.game.play(line)
        self.cards = {name: {o for o, obj in self.game.state.objs.items() if obj.owner == name}
                      for name in self.game.state.players}
        self.prints = [fingerprint(self.game)]  # the position after each action kept
        self.rng = random.Random(seed)

    def _play(self, action: Action | str, listed: bool) -> bool:
        game = self.game
        before = fingerprint(game)
        n_hist = len(game.history)
        try:
            game.play(action)
        except IllegalActionError as exc:
            assert not listed, (f"legal_actions listed '{action}' but play refused it: {exc}\n"
                                f"{before}")
            assert fingerprint(game) == before, f"refused '{action}' changed the game"
            assert len(game.history) == n_hist
            return False
        except StackfishError as exc:  # a notation error of a generated manual action
            assert not listed, f"legal_actions listed '{action}' but play raised {exc!r}"
            assert fingerprint(game) == before
            return False
        assert len(game.history) == n_hist + 1
        self.prints.append(fingerprint(game))
        return True

    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        acts = list(self.game.legal_actions)
        if not acts:
            assert self.game.pending is None
            return
        self._play(data.draw(st.sampled_from(acts), label="action"), listed=True)

    @rule(data=st.data(), n=st.integers(2, 12))
    def legal_run(self, data: st.DataObject, n: int) -> None:
        """Several legal actions, preferring ones that do something."""
        for _ in range(n):
            acts = list(self.game.legal_actions)
            if not acts:
                return
            busy = [a for a in acts if a.command != "pass"]
            pool = busy if busy and data.draw(st.booleans(), label="busy") else acts
            self._play(data.draw(st.sampled_from(pool), label="action"), listed=True)

    @rule()
    def every_listed_action(self) -> None:
        """Each listed legal action applies, and undo takes it back exactly."""
        game = self.game
        before = fingerprint(game)
        for a in list(game.legal_actions):
            self._play(a, listed=True)
            self.prints.pop()
            game.undo()
            after = fingerprint(game)
            assert after == before, f"undo after '{a}' did not restore the position:\n{diff(before, after)}"

    @precondition(lambda self: len(self.game.history) > SETUP)
    @rule(n=st.integers(1, 3))
    def undo(self, n: int) -> None:
        n = min(n, len(self.game.history) - SETUP)
        self.game.undo(n)
        del self.prints[-n:]
        after = fingerprint(self.game)
        assert after == self.prints[-1], (f"undo {n} did not restore the position:\n"
                                          f"{diff(self.prints[-1], after)}")

    @rule(data=st.data())
    def manual(self, data: st.DataObject) -> None:
        game = self.game
        st_ = game.state
        objs = sorted(st_.objs)
        perms = list(st_.battlefield)
        ref = game.ref_for
        forms = ["draw p1", "mill p1 2", "shuffle p1", "damage p2 3", "damage p1 2",
                 'token p1 "Grizzly Bears"', "add-counter p2 poison 1", "remove-counter p2 poison 2",
                 "mana p1 {R}{G}"]
        if perms:
            pick = data.draw(st.sampled_from(perms), label="permanent")
            r = ref(pick)
            forms += [f"tap {r}", f"untap {r}", f"add-counter {r} +1/+1 2",
                      f"add-counter {r} -1/-1", f"remove-counter {r} +1/+1 3",
                      f"pump {r} +1/-1", f"damage {r} 1", f"move {r} graveyard", f"move {r} hand",
                      f"phase-out {r}", f"phase-in {r}", f"move {r} library"]
        if objs:
            pick = data.draw(st.sampled_from(objs), label="object")
            r = ref(pick)
            forms += [f"move {r} battlefield", f"move {r} exile", f"move {r} graveyard"]
        line = data.draw(st.sampled_from(forms), label="manual")
        self._play(line, listed=False)

    @invariant()
    def conserved(self) -> None:
        check_invariants(self.game, self.cards)

    def teardown(self) -> None:
        game = getattr(self, "game", None)
        if game is None:
            return
        replay = Game(base_dir=DATA)
        for a in game.journal:
            replay.play(a)
        got, want = fingerprint(replay), fingerprint(game)
        assert got == want, f"replaying the journal gave another position:\n{diff(want, got)}"


class EvolveMachine(EngineMachine):
    deck = DECKS[1]


@pytest.mark.parametrize("machine", [EngineMachine, EvolveMachine], ids=["red-aggro", "simic-evolve"])
def test_fuzz_engine(machine: type[EngineMachine]) -> None:
    """The budget is the settings profile's (tests/conftest.py): ``ci`` by default,
    ``--hypothesis-profile deep`` for a long run."""
    run_state_machine_as_test(machine, settings=settings())
