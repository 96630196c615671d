"""The game screen: the views of one game and the keys that play it.

Only this screen calls ``game.play``; every view is re-rendered from the game
afterwards.  Errors from the engine go to the status line, never a traceback.
"""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from mechanics import actions as A
from mechanics.errors import StackfishError
from mechanics.events import StepBegan
from mechanics.state import StackItem

from ..render import (
    battlefield_rows,
    card_info,
    card_rows,
    hand_rows,
    human,
    log_rows,
    option_label,
    option_ref,
    playable_names,
    player_lines,
    session_line,
    stack_rows,
    status_line,
    zone_rows,
)
from ..widgets import CommandLine, GameLog, Message, Panel
from .dialogs import (
    ChooseDialog,
    ConfirmDialog,
    HelpScreen,
    InputDialog,
    MulliganDialog,
    NumberDialog,
    OrderDialog,
    TextDialog,
)
from .zones import ZoneScreen

PANELS = ("battlefield", "stack", "hand")


class GameScreen(Screen):
    """Battlefield, stack, hand, players, log and the command line."""

    BINDINGS = [
        Binding("space,p", "pass", "Pass", key_display="spc"),
        Binding("n", "next_step", "Step"),
        Binding("t", "next_turn", "Turn"),
        Binding("g", "combat", "Combat"),
        Binding("A", "attack_all", "Attack"),
        Binding("c", "cast", "Cast"),
        Binding("a", "activate", "Activate", show=False),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo", show=False),
        Binding("colon", "command", "Cmd", key_display=":"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("d", "decide", "Decide", show=False),
        Binding("i", "info", "Card info", show=False),
        Binding("R", "restart", "New game", show=False),
        Binding("m", "manual", "Manual", show=False),
        Binding("S", "simulate", "Simulate", show=False),
        Binding("L", "zone('log')", "Log", show=False),
        Binding("G", "zone('graveyard')", "Graveyard", show=False),
        Binding("X", "zone('exile')", "Exile", show=False),
        Binding("B", "zone('library')", "Library", show=False),
        Binding("tab", "focus_panel(1)", "Next panel", show=False),
        Binding("shift+tab", "focus_panel(-1)", "Previous panel", show=False),
        Binding("left,h", "focus('battlefield')", "Battlefield", show=False),
        Binding("right,l", "focus('hand')", "Hand", show=False),
        Binding("s", "focus('stack')", "Stack", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.suppressed: tuple | None = None  # a decision whose dialog was closed with Esc
        self.goto: tuple[A.Goto, int] | None = None  # a goto to resume after a decision
        self.deciding = False  # a decision's dialog is open (or about to be)
        self.over_shown = False

    @property
    def game(self) -> Any:
        return self.app.game

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="players")
        with Horizontal(id="body"):
            yield Panel("Battlefield", "no permanents", id="battlefield")
            with Vertical(id="side"):
                yield Panel("Stack", "(empty)", id="stack")
                yield Panel("Hand", "(empty)", id="hand")
                yield GameLog(id="sidelog")  # the log on a wide screen
        yield GameLog(id="log")
        yield Message(id="message")
        yield CommandLine(id="cmdline")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        for log in self.query(GameLog):
            log.can_focus = False
        self.query_one(CommandLine).display = False
        self.query_one("#hand").focus()
        self.refresh_views()
        self.say(f"seed {self.game.state.seed} · ? help · : command line")
        self.call_after_refresh(self.maybe_decide)

    def on_resize(self) -> None:
        self.query_one("#status", Static).update(status_line(self.game, self.size.width))
        for log in self.query(GameLog):  # the one just shown by the new layout: at its end
            self.call_after_refresh(log.scroll_end, animate=False)

    # ------------------------------------------------------------------ views
    def refresh_views(self) -> None:
        """Re-render every view from the game."""
        game = self.game
        me = human(game)
        self.query_one("#status", Static).update(status_line(game, self.size.width or 80))
        session = self.app.session
        session.note(game, me)
        players = player_lines(game)
        if session.games > 1 or session.kills:  # a line once there is something to compare
            players.append("\n")
            players.append_text(session_line(session))
        self.query_one("#players", Static).update(players)
        self.query_one("#battlefield", Panel).show(battlefield_rows(game))
        stack = self.query_one("#stack", Panel)
        stack.border_title = f"Stack ({len(game.state.stack)})" if game.state.stack else "Stack"
        stack.show(stack_rows(game))
        hand = self.query_one("#hand", Panel)
        hand.border_title = f"Hand {me} ({len(game.state.players[me].hand)})"
        hand.show(hand_rows(game, me, self.playable(game, me)))
        for log in self.query(GameLog):
            log.show(game.log)
        self.query_one(CommandLine).game = game

    _playable: tuple[tuple, set[str]] | None = None

    def playable(self, game: Any, me: str) -> set[str]:
        """:func:`playable_names` (legal actions: rules work), computed once per game
        revision: the state object (replaced by an undo), the history and the log."""
        key = (id(game), id(game.state), len(game.history or []), len(game.events), me)
        if self._playable is None or self._playable[0] != key:
            self._playable = (key, playable_names(game, me))
        return self._playable[1]

    def say(self, text: str, error: bool = False) -> None:
        self.query_one(Message).say(text, error)

    async def guarded(self, flow: Any) -> Any:
        """Await a dialog flow; an unexpected exception becomes a status line (None)."""
        try:
            return await flow
        except Exception as exc:  # never a traceback
            self.report_bug(exc)
            return None

    def report_bug(self, exc: Exception) -> None:
        """An unexpected exception (an engine or TUI bug): one status line, never a traceback."""
        self.say(f"internal error {type(exc).__name__}: {exc}", error=True)

    # ------------------------------------------------------------------ playing
    def play(self, action: A.Action, keep_goto: bool = False) -> bool:
        """Apply an action; report an error in the status line instead of raising."""
        if not keep_goto:
            self.goto = (action, len(self.game.events)) if isinstance(action, A.Goto) else None
        try:
            self.game.play(action)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            self.offer_disable(getattr(exc, "plugin", ""))
            return False
        except Exception as exc:  # an engine bug: still one line, never a traceback
            self.report_bug(exc)
            return False
        self.say(f"> {action}")
        self.after_change()
        return True

    def offer_disable(self, plugin: str) -> None:
        """A plugin that made actions fail repeatedly (a RuleError naming it): offer to
        turn it off for this game (the journal records it, so a resume does too)."""
        from mechanics.isolation import OFFER_DISABLE_AFTER, disable_plugin

        failures = self.game.plugin_errors.get(plugin, 0) if plugin else 0
        if failures < OFFER_DISABLE_AFTER:
            return

        def done(yes: bool | None) -> None:
            if yes and plugin in self.game.plugin_errors:
                try:
                    disable_plugin(self.game, plugin)
                except StackfishError as exc:
                    self.say(str(exc), error=True)
                    return
                del self.game.plugin_errors[plugin]
                self.say(f"plugin '{plugin}' is off for this game")
                self.refresh_views()

        self.app.push_screen(ConfirmDialog(
            f"The plugin '{plugin}' failed {failures} times. Turn it off for this game? "
            "Its cards and mechanics then have to be handled by hand.", "Plugin error"), done)

    def after_change(self) -> None:
        try:
            self.refresh_views()
        except Exception as exc:  # a display bug must not end the game
            self.say(f"display error {type(exc).__name__}: {exc}", error=True)
        d = self.game.pending
        if d is not None and d.kind != "priority":
            self.say(f"decide: {d.prompt} (d: dialog)")
        self.call_later(self.maybe_decide)

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
        if self.play(action, keep_goto=True):
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
        began = any(isinstance(e, StepBegan) and e.step == action.step and
                    (not action.player or game.seat_of(e.active) == game.seat_of(action.player))
                    for e in game.events[start:])
        if began:
            self.goto = None
        else:
            self.play(action, keep_goto=True)

    async def ask_decision(self, game: Any, d: Any) -> A.Action | None:
        """The dialog for a decision, and the action its answer makes."""
        wait = self.app.push_screen_wait
        label = lambda o: option_label(game, o)  # noqa: E731
        ref = lambda o: option_ref(game, o)  # noqa: E731
        if d.kind == "mulligan":
            hand = [game.state.objs[o].name for o in d.options]
            res = await wait(MulliganDialog(d.prompt, hand, d.min))
            if res is None:
                return None
            if res == "mulligan":
                return A.Mulligan(d.player)
            if not d.min:
                return A.Keep(d.player)
            bottom = await wait(ChooseDialog("Bottom", f"put {d.min} on the bottom of your library",
                                             [(game.state.objs[o].name, game.state.objs[o].name)
                                              for o in d.options], d.min, d.min))
            return None if bottom is None else A.Keep(d.player, tuple(bottom))
        if d.kind == "attackers":
            res = await wait(ChooseDialog("Attack", d.prompt + ": all are selected",
                                          [(o, label(o)) for o in d.options],
                                          0, len(d.options), preselect=True, multi=True))
            if res is None:
                return None
            return A.Attack(d.player, tuple((ref(o), "") for o in res)) if res else A.Pass()
        if d.kind == "blockers":
            pairs = [(b, a) for b in game.can_block_with(d.player) for a in d.options]
            res = await wait(ChooseDialog(
                "Block", d.prompt, [((b, a), f"{label(b)} blocks {label(a)}") for b, a in pairs],
                0, max(1, len(pairs))))
            if res is None:
                return None
            return A.Block(d.player, tuple((ref(b), ref(a)) for b, a in res)) if res else A.Pass()
        if d.kind == "order":
            texts = d.data.get("triggers", [])
            items = [(o, f"{label(o)}: {texts[i] if i < len(texts) else ''}")
                     for i, o in enumerate(d.options)]
            res = await wait(OrderDialog("Order triggers", d.prompt, items))
            return None if res is None else A.Order(tuple(ref(o) for o in res))
        res = await wait(ChooseDialog(d.kind.capitalize(), d.prompt,
                                      [(o, label(o)) for o in d.options], d.min, d.max))
        return None if res is None else A.Choose(tuple(ref(o) for o in res))

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
            elif choice == "quit":
                self.app.exit()

        self.app.push_screen(TextDialog("Game over", text, {
            "R": ("restart", "new game"), "u": ("undo", "undo"), "q": ("quit", "quit")}), done)

    # ------------------------------------------------------------------ selection
    def focused_panel(self) -> Panel | None:
        f = self.focused
        return f if isinstance(f, Panel) else None

    def selected(self) -> tuple[str, int] | None:
        """What the focused panel's selection points at: ``("o", id)``, ``("h", id)``,
        ``("s", stack item id)``."""
        panel = self.focused_panel()
        sel = panel.selected_id if panel else None
        if not sel:
            return None
        return sel[0], int(sel[1:])

    def action_focus_panel(self, delta: int) -> None:
        panel = self.focused_panel()
        i = PANELS.index(panel.id) if panel and panel.id in PANELS else 0
        self.query_one(f"#{PANELS[(i + delta) % len(PANELS)]}").focus()

    def action_focus(self, panel: str) -> None:
        self.query_one(f"#{panel}").focus()

    @on(Panel.Selected)
    def row_selected(self, event: Panel.Selected) -> None:
        event.stop()
        if event.panel.id == "stack":
            self.action_pass()
        else:
            self.action_cast()

    # ------------------------------------------------------------------ actions
    def action_pass(self) -> None:
        self.play(A.Pass())

    def action_next_step(self) -> None:
        if self.game.state.stack:
            if self.play(A.Resolve(all=True)) and not self.game.state.stack:
                self.say("resolved the stack; n again moves to the next step")
            return
        self.play(A.Pass())

    def skip_declaration(self) -> bool:
        """Declare no attackers or blockers when one is pending (what ``pass`` means
        then), so moving on never stalls on a declaration; False if that failed."""
        d = self.game.pending
        if d is not None and d.kind in ("attackers", "blockers"):
            return self.play(A.Pass())
        return True

    def action_next_turn(self) -> None:
        if self.skip_declaration():
            self.play(A.Goto("main1", human(self.game)))

    def action_combat(self) -> None:
        self.play(A.Goto("attackers", human(self.game)))

    def action_attack_all(self) -> None:
        game = self.game
        d = game.pending
        if d is None or d.kind != "attackers":
            me = human(game)
            if game.state.step != "attackers" and not self.play(A.Goto("attackers", me)):
                return
            d = game.pending
        if d is None or d.kind != "attackers":
            self.say("no creature can attack now", error=True)
            return
        self.play(A.Attack(d.player, tuple((game.ref_for(o), "") for o in d.options)))

    def decision_pending(self) -> bool:
        """True (and the decision's dialog opens) when a decision must be answered first."""
        d = self.game.pending
        if d is None or d.kind == "priority":
            return False
        self.maybe_decide(force=True)
        return True

    def action_cast(self) -> None:
        if self.decision_pending():
            return
        sel = self.selected()
        if sel is None:
            self.say("select a card in your hand or a permanent first (tab/arrows)", error=True)
        elif sel[0] == "h":
            self.cast_flow(sel[1])
        elif sel[0] == "o":
            self.activate_flow(sel[1])
        else:
            self.action_pass()

    def action_activate(self) -> None:
        if self.decision_pending():
            return
        sel = self.selected()
        if sel is None or sel[0] != "o":
            self.say("select a permanent on the battlefield first", error=True)
            return
        self.activate_flow(sel[1])

    async def ask_targets(self, title: str, probe: StackItem, specs: tuple) -> list[str] | None:
        game = self.game
        out: list[str] = []
        for spec in specs:
            options = game.target_options(probe, spec)
            if not options:
                if spec.optional:
                    continue
                self.say(f"no legal target: {spec.text}", error=True)
                return None
            res = await self.app.push_screen_wait(ChooseDialog(
                title, f"choose {spec.text}", [(o, option_label(game, o)) for o in options],
                0 if spec.optional else 1, 1))
            if res is None:
                self.say("cancelled")
                return None
            out += [option_ref(game, o) for o in res]
        return out

    async def ask_x(self, title: str, cost: tuple[str, ...]) -> int | None:
        if "X" not in cost:
            return 0
        x = await self.app.push_screen_wait(NumberDialog(title, "X ="))
        if x is None:
            self.say("cancelled")
        return x

    @work(exclusive=True, group="dialog")
    async def cast_flow(self, oid: int) -> None:
        await self.guarded(self._cast_flow(oid))

    async def _cast_flow(self, oid: int) -> None:
        game = self.game
        me = human(game)
        card = game.card(game.state.objs[oid].name)
        if card.is_type("Land"):
            self.play(A.PlayLand(me, card.name))
            return
        probe = StackItem(0, "spell", me, None, 0, "spell", card.name)
        targets = await self.ask_targets(f"Cast {card.name}", probe, game.spell_target_specs(card.name))
        if targets is None:
            return
        x = await self.ask_x(f"Cast {card.name}", card.cost)
        if x is None:
            return
        self.play(A.Cast(me, card.name, tuple(targets), x))

    @work(exclusive=True, group="dialog")
    async def activate_flow(self, oid: int) -> None:
        await self.guarded(self._activate_flow(oid))

    async def _activate_flow(self, oid: int) -> None:
        game = self.game
        me = human(game)
        abilities = game.activated(oid)
        name = game.name_of(oid)
        if not abilities:
            self.say(f"{name} has no activated ability", error=True)
            return
        n = 1
        if len(abilities) > 1:
            res = await self.app.push_screen_wait(ChooseDialog(
                f"Activate {name}", "which ability?",
                [(i + 1, ab.text or ab.cost) for i, ab in enumerate(abilities)]))
            if not res:
                return
            n = res[0]
        ab = abilities[n - 1]
        obj = game.state.objs[oid]
        probe = StackItem(0, "activated", me, oid, obj.epoch, "", ab.text)
        targets = await self.ask_targets(f"Activate {name}", probe, ab.targets)
        if targets is None:
            return
        from mechanics.cards import parse_cost

        x = await self.ask_x(f"Activate {name}", parse_cost(ab.cost))
        if x is None:
            return
        self.play(A.Activate(me, game.ref_for(oid), n, tuple(targets), x))

    def action_undo(self, n: int = 1) -> None:
        game = self.game
        if len(game.history or []) - n < self.app.floor:
            self.say("nothing to undo", error=True)
            return
        try:
            taken = game.undo(n)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        self.suppressed = None
        self.goto = None
        self.say("undid: " + "; ".join(map(str, taken)))
        self.after_change()

    def action_redo(self) -> None:
        try:
            action = self.game.redo()
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        except Exception as exc:
            self.report_bug(exc)
            return
        self.say(f"redid: {action}")
        self.after_change()

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

    def action_info(self) -> None:
        sel = self.selected()
        if sel is None:
            return
        kind, i = sel
        if kind == "s":
            item = next((s for s in self.game.state.stack if s.id == i), None)
            if item is None or item.source is None:
                return
            i = item.source
        self.app.push_screen(TextDialog(self.game.name_of(i), card_info(self.game, i)))

    # ------------------------------------------------------------------ full-screen views
    def action_zone(self, zone: str) -> None:
        game = self.game
        if zone == "log":
            self.app.push_screen(ZoneScreen(f"Log ({len(game.log)} lines)", log_rows(game.log)))
            self.call_after_refresh(lambda: self.app.screen.query_one(Panel).action_move(10**6))
            return
        self.app.push_screen(ZoneScreen(zone.capitalize(), zone_rows(game, zone)))

    # ------------------------------------------------------------------ manual actions
    def action_manual(self) -> None:
        """The menu of manual actions (the sandbox) for the selected object."""
        self.manual_flow()

    @work(exclusive=True, group="dialog")
    async def manual_flow(self) -> None:
        action = await self.guarded(self.ask_manual())
        for one in action if isinstance(action, list) else [action]:
            if one is None or not self.play(one):
                return

    async def ask_manual(self) -> A.Action | list[A.Action] | None:
        """Build manual actions of the scenario language from a few dialogs."""
        game = self.game
        me = human(game)
        wait = self.app.push_screen_wait
        sel = self.selected()
        oid = None
        if sel is not None and sel[0] in ("o", "h"):
            oid = sel[1]
        elif sel is not None and sel[0] == "s":
            item = next((s for s in game.state.stack if s.id == sel[1]), None)
            oid = item.source if item is not None and item.kind == "spell" else None
        ref = game.ref_for(oid) if oid is not None else None
        name = game.name_of(oid) if oid is not None else ""
        options: list[tuple[str, str]] = []
        if ref is not None:
            options += [("move", f"move {name} to a zone"),
                        ("add-counter", f"add counters to {name}"),
                        ("remove-counter", f"remove counters from {name}")]
            if game.state.objs[oid].zone == "battlefield":
                options += [("tap", f"tap {name}"), ("untap", f"untap {name}"),
                            ("pump", f"pump {name} (+P/+T until end of turn)")]
            options += [("top", f"put {name} on top of its owner's library"),
                        ("bottom", f"put {name} on the bottom of its owner's library")]
        options += [("token", f"create a token (for {me})"), ("look", "look at the top N of your library"),
                    ("search", "search your library for a card, then shuffle"),
                    ("draw", "draw N"), ("mill", "mill N"), ("shuffle", "shuffle your library"),
                    ("player-counter", f"add counters to {me}")]
        res = await wait(ChooseDialog("Manual" + (f": {name}" if name else ""),
                                      "what to do by hand (it is recorded as a scenario line)", options))
        if not res:
            return None
        what = res[0]
        if what == "move":
            zone = await wait(ChooseDialog("Move", f"move {name} to", [
                (z, z) for z in ("graveyard", "exile", "hand", "library", "battlefield", "command")
                if z != game.state.objs[oid].zone]))
            return A.Move(ref, zone[0]) if zone else None
        if what in ("top", "bottom"):
            return A.Move(ref, "library", bottom=what == "bottom")
        if what in ("add-counter", "remove-counter", "player-counter"):
            text = await wait(InputDialog("Counters", "KIND [N], e.g. +1/+1 2 or charge",
                                          value="+1/+1 1" if what != "player-counter" else "poison 1"))
            if not text:
                return None
            words = text.split()
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            cls = A.RemoveCounter if what == "remove-counter" else A.AddCounter
            return cls(me if what == "player-counter" else ref, words[0], n)
        if what in ("tap", "untap"):
            return (A.Tap if what == "tap" else A.Untap)(ref)
        if what == "pump":
            text = await wait(InputDialog("Pump", f"{name} gets +P/+T until end of turn", value="+1/+1"))
            return A.Pump.parse([ref, text]) if text else None
        if what == "token":
            text = await wait(InputDialog("Token", "a token copy of which card?", value=name))
            return A.Token(me, game.card(text).name) if text else None
        if what in ("draw", "mill", "look"):
            n = await wait(NumberDialog(what.capitalize(), "N ="))
            if not n or n < 1:
                return None
            if what == "look":
                top = list(game.state.players[me].library[:n])
                self.app.push_screen(ZoneScreen(f"Top {len(top)} of {me}'s library (the top first)",
                                                card_rows(game, top, numbered=True)))
                return None
            return (A.Draw if what == "draw" else A.Mill)(me, n)
        if what == "shuffle":
            return A.Shuffle(me)
        if what == "search":  # a tutor by hand: the card to a zone, then shuffle (701.23)
            library = game.state.players[me].library
            names = sorted({game.state.objs[o].name for o in library})
            pick = await wait(ChooseDialog("Search your library", "the card to take", [(n, n) for n in names]))
            if not pick:
                return None
            zone = await wait(ChooseDialog("Search", f"put {pick[0]} into", [
                (z, z) for z in ("hand", "battlefield", "graveyard", "exile")]))
            if not zone:
                return None
            oid = next(o for o in library if game.state.objs[o].name == pick[0])
            return [A.Move(game.ref_for(oid), zone[0]), A.Shuffle(me)]
        return None

    def action_simulate(self) -> None:
        """Goldfish this deck 1,000 times with the autopilot, in a worker (the dialog)."""
        from tui.screens.simulate import SimulateDialog

        deck = getattr(self.app, "deck_path", None)
        if not deck:
            self.say("no deck file to simulate for this game", error=True)
            return
        self.app.push_screen(SimulateDialog(deck, seed=self.game.state.seed))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("Help"))

    def action_quit(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmDialog("Quit stackfish?", "Quit"), done)

    def action_restart(self) -> None:
        seed = self.game.state.seed + 1

        def done(yes: bool | None) -> None:
            if yes:
                self.restart(seed)

        self.app.push_screen(ConfirmDialog(f"Start a new game with seed {seed}?", "New game"), done)

    def restart(self, seed: int | None = None) -> None:
        seed = self.game.state.seed + 1 if seed is None else seed
        try:
            self.app.new_game(seed)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        self.suppressed = None
        self.over_shown = False
        for log in self.query(GameLog):
            log.clear()
            log.shown = 0
        self.say(f"new game, seed {seed}")
        self.after_change()

    # ------------------------------------------------------------------ command line
    def action_command(self) -> None:
        self.query_one(CommandLine).open()

    @on(CommandLine.Closed)
    def command_closed(self) -> None:
        self.query_one("#hand").focus()

    @on(CommandLine.Completions)
    def command_completions(self, event: CommandLine.Completions) -> None:
        found = event.found
        self.say(" ".join(found[:20]) + (f" ... ({len(found)} in all)" if len(found) > 20 else ""))

    @on(CommandLine.Entered)
    def command_entered(self, event: CommandLine.Entered) -> None:
        self.query_one("#hand").focus()
        self.run_line(event.line)

    def run_line(self, line: str) -> None:
        """Run one scenario-language line typed at the command line."""
        from mechanics.scenario import ExpectationFailed, Line, expect, expect_error

        try:
            words = A.split_line(line)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        if not words:
            return
        cmd = words[0]
        if cmd == "undo":
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            self.action_undo(n)
            return
        if cmd == "redo":
            self.action_redo()
            return
        if cmd in ("expect", "expect-error"):
            try:
                (expect if cmd == "expect" else expect_error)(self.game, Line(0, line, words))
            except ExpectationFailed as exc:
                self.say(exc.message, error=True)
            except StackfishError as exc:
                self.say(str(exc), error=True)
            except Exception as exc:
                self.report_bug(exc)
            else:
                self.say(f"ok: {line}")
                self.refresh_views()
            return
        try:
            action = A.parse_action(line)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        self.play(action)
