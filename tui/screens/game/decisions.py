"""Pending decisions: the dialog that answers one, and the game-over box.

A decision other than priority (mulligan, attackers, blockers, trigger order, a
choice during resolution) opens its dialog as soon as it is pending; the answer
becomes the scenario action that makes it (``Keep``, ``Attack``, ``Order``...).
Esc leaves it pending (``d`` reopens it), and a ``goto`` it interrupted carries on
once it is answered.
"""

from __future__ import annotations

from typing import Any

from textual import work

from mechanics import actions as A

from ...palette import palette
from ...render import (
    card_label,
    display_names,
    hand_order,
    option_label,
    option_ref,
    preferred_first,
    session_line,
)
from ..dialogs import ChooseDialog, MulliganDialog, OrderDialog, TextDialog


class Decisions:
    """Opening, answering and re-opening the pending decision of :class:`GameScreen`."""

    def maybe_decide(self, force: bool = False) -> None:
        """Open the dialog for the pending decision, or the game-over box."""
        game = self.game
        if self.app.screen is not self:
            return
        if game.state.over:
            if not self.over_shown:
                self.over_shown = True
                self.show_game_over()
            return
        self.over_shown = False
        d = game.pending
        if d is None or d.kind == "priority":
            self.ask_star_pt()
            return
        key = (d.kind, d.player, d.prompt, len(game.history or []))
        if (key == self.suppressed and not force) or self.deciding:
            return
        self.deciding = True
        self.decide(key)

    @work(exclusive=True, group="decision")
    async def decide(self, key: tuple) -> None:
        game = self.game
        d = game.pending
        try:
            if d is None or d.kind == "priority":
                return
            action = await self.ask_decision(game, d)
        except Exception as exc:  # never a traceback: report it in the status line
            self.report_bug(exc)
            return
        finally:
            self.deciding = False
        if action is None:
            self.suppressed = key
            self.say(f"decide: {d.prompt} (d: dialog)")
            return
        self.suppressed = None
        if d.kind == "mulligan":  # a game's first move is from the hand (in a browser the
            self.query_one("#hand").focus()  # page's own focus events may have moved it)
        if self.goto is None:
            self.move(action)
        elif self.play(action, keep_goto=True):
            self.resume_goto()

    def resume_goto(self) -> None:
        """Carry on with a ``goto`` (t, g) that a decision interrupted, as the scenario
        runner does after answering an order decision."""
        if self.goto is None:
            return
        action, start = self.goto
        game = self.game
        d = game.pending
        if d is None or d.kind != "priority":
            return
        if game.steps_began(start, action.step, action.player or None):
            self.goto = None
        else:
            self.play(action, keep_goto=True)

    async def docked(self, dialog: Any) -> Any:
        """Wait for a docked dialog's answer, the objects it is about marked on the board."""
        mat = self.query_one("#battlefield")
        mat.mark(dialog.about())
        try:
            return await self.app.push_screen_wait(dialog)
        finally:
            mat.mark(set())

    async def ask_decision(self, game: Any, d: Any) -> A.Action | None:
        """The dialog for a decision, and the action its answer makes: docked beside the
        board (its objects marked) for all but the mulligan."""
        wait = self.app.push_screen_wait
        names = display_names(game)
        label = lambda o: option_label(game, o, names)  # noqa: E731
        ref = lambda o: option_ref(game, o)  # noqa: E731
        if d.kind == "mulligan":
            cards = hand_order(game, list(d.options))
            pal = palette(self.app)
            hand = [card_label(game.card(game.state.objs[o].name), pal) for o in cards]
            res = await wait(MulliganDialog(d.prompt, hand, d.min))
            if res == "decks":
                self.action_decks()
            if res in (None, "decks"):
                return None
            if res == "mulligan":
                return A.Mulligan(d.player)
            if not d.min:
                return A.Keep(d.player)
            bottom = await wait(ChooseDialog("Bottom", f"put {d.min} on the bottom of your library"
                                             + (" (none checked)" if d.min > 1 else ""),
                                             [(game.state.objs[o].name, text)
                                              for o, text in zip(cards, hand, strict=True)],
                                             d.min, d.min))
            return None if bottom is None else A.Keep(d.player, tuple(bottom))
        if d.kind == "attackers":
            res = await self.docked(ChooseDialog(
                "Attack", d.prompt + " (all checked)", [(o, label(o)) for o in d.options],
                0, len(d.options), preselect=True, multi=True, docked=True))
            if not res:
                return None if res is None else A.Pass()
            walkers = [o for p in game.opponents(d.player) for o in game.permanents(p)
                       if "Planeswalker" in game.chars(o).types]
            attacks = []
            for o in res:  # 508.1b: a player, or a planeswalker that player controls
                what = [""]
                if walkers:
                    what = await self.docked(ChooseDialog(
                        "Attack", f"{label(o)} attacks",
                        [("", "the defending player"), *((w, label(w)) for w in walkers)], 1, 1,
                        docked=True))
                    if what is None:
                        return None
                attacks.append((ref(o), ref(what[0]) if what[0] != "" else ""))
            return A.Attack(d.player, tuple(attacks))
        if d.kind == "blockers":
            pairs = [(b, a) for b in game.can_block_with(d.player) for a in d.options]
            res = await self.docked(ChooseDialog(
                "Block", d.prompt, [((b, a), f"{label(b)} blocks {label(a)}") for b, a in pairs],
                0, max(1, len(pairs)), docked=True))
            if res is None:
                return None
            return A.Block(d.player, tuple((ref(b), ref(a)) for b, a in res)) if res else A.Pass()
        if d.kind == "order":
            texts = d.data.get("triggers", [])
            items = [(o, f"{label(o)}: {texts[i] if i < len(texts) else ''}")
                     for i, o in enumerate(d.options)]
            res = await self.docked(OrderDialog("Order triggers", d.prompt, items, docked=True))
            return None if res is None else A.Order(tuple(ref(o) for o in res))
        labels = d.data.get("labels", {}) if isinstance(d.data, dict) else {}  # e.g. a mode's text
        options = preferred_first(game, d.player, list(d.options), d.prompt) \
            if d.kind == "targets" else list(d.options)
        prompt = d.prompt + (" (none checked)" if d.max > 1 else "")
        res = await self.docked(ChooseDialog(d.kind.capitalize(), prompt,
                                             [(o, labels.get(o) or label(o)) for o in options],
                                             d.min, d.max, docked=True))
        return None if res is None else A.Choose(tuple(ref(o) for o in res))

    def decision_pending(self) -> bool:
        """True (and the decision's dialog opens) when a decision must be answered first."""
        d = self.game.pending
        if d is None or d.kind == "priority":
            return False
        self.maybe_decide(force=True)
        return True

    def action_decide(self) -> None:
        d = self.game.pending
        if d is None or d.kind == "priority":
            if self.game.state.over:
                self.over_shown = False
                self.maybe_decide()
            else:
                self.say("no decision is pending")
            return
        self.maybe_decide(force=True)

    def show_game_over(self) -> None:
        st = self.game.state
        losers = [p for p, pl in st.players.items() if pl.lost]
        text = "\n".join([
            f"{', '.join(losers) or 'nobody'} lost: " +
            "; ".join(f"{p} at {st.players[p].life} life" for p in losers),
            f"winner: {st.winner or 'nobody'}",
            f"kill turn: {st.kill_turn}" + (f" ({st.winner}'s turn {st.kill_turn}, game turn {st.turn})"
                                            if st.winner else ""),
            session_line(self.app.session).plain,
        ])
        self.say(f"game over: {st.winner or 'nobody'} wins, kill turn {st.kill_turn}")

        def done(choice: str | None) -> None:
            if choice == "undo":
                self.action_undo()
            elif choice == "restart":
                self.restart()
            elif choice == "decks":
                self.action_decks()
            elif choice == "quit":
                self.app.exit()

        self.app.push_screen(TextDialog("Game over", text, {
            "R": ("restart", "new game"), "u": ("undo", "undo"), "D": ("decks", "decks"),
            "q": ("quit", "quit")}), done)
