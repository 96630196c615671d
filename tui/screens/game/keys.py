"""What the game screen's keys do (the bindings are in :mod:`.screen`).

Moving through the game (pass, next step, next turn, combat, attack with
everything), undo and redo, the panel selection, the full-screen views and the
app-level keys (help, simulate, new game, the deck screen, quit).  Each key is one
scenario action given to :meth:`GameScreen.play`, or a view: no rule is decided here.
"""

from __future__ import annotations

import os

from mechanics import actions as A
from mechanics.io.games import GameInfo, unfinished
from mechanics.io.replay import JournalDamaged
from mechanics.model.errors import StackfishError

from ...cardpane import card_text
from ...palette import palette
from ...render import human, log_rows, zone_rows
from ...widgets import GameLog, Panel
from ..dialogs import ConfirmDialog, HelpScreen, TextDialog
from ..start import StartScreen
from ..zones import ZoneScreen

PANELS = ("battlefield", "stack", "hand")


class KeyActions:
    """The key actions of :class:`GameScreen`, but casting, manual actions and decisions."""

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

    # ------------------------------------------------------------------ moving on
    def action_pass(self) -> None:
        self.move(A.Pass())

    def action_next_step(self) -> None:
        """With a stack, ``resolve all`` (until it is empty, the triggers put on it
        meanwhile too, unless a decision stops it); else on to the next step."""
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
        self.move(A.Attack(d.player, tuple((game.ref_for(o), "") for o in d.options)))

    # ------------------------------------------------------------------ undo, redo
    def action_undo(self, n: int = 0) -> None:
        """Take back ``n`` actions, or (0) the player's last move: the last action
        that isn't an ``autopass`` and the autopasses after it."""
        game = self.game
        if not n:
            history = game.history or []
            n = 1 + next((i for i, (a, _) in enumerate(reversed(history))
                          if not isinstance(a, A.Autopass)), 0)
            n = min(n, len(history) - self.app.floor) or 1
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
        self.select_playable()

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

    # ------------------------------------------------------------------ views
    def action_info(self) -> None:
        sel = self.selected()
        if sel is None:
            self.say("select a card first (tab/arrows), then i shows it", error=True)
            return
        kind, i = sel
        if kind == "s":
            item = next((s for s in self.game.state.stack if s.id == i), None)
            if item is None or item.source is None:
                return
            i = item.source
        self.app.push_screen(TextDialog(self.game.name_of(i),
                                        card_text(self.game, i, palette(self.app))))

    def action_zone(self, zone: str) -> None:
        game = self.game
        if zone == "log":
            self.app.push_screen(ZoneScreen(f"Log ({len(game.log)} lines)", log_rows(game.log)))
            self.call_after_refresh(lambda: self.app.screen.query_one(Panel).action_move(10**6))
            return
        self.app.push_screen(ZoneScreen(zone.capitalize(), zone_rows(game, zone)))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("Help"))

    # ------------------------------------------------------------------ the app
    def action_simulate(self) -> None:
        """Goldfish this deck 1,000 times with the autopilot, in a worker (the dialog)."""
        from tui.screens.simulate import SimulateDialog

        deck = getattr(self.app, "deck_path", None)
        if not deck:
            self.say("no deck file to simulate for this game", error=True)
            return
        self.app.push_screen(SimulateDialog(deck, seed=self.game.state.seed))

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
        self.show_new_game(f"new game, seed {seed}")

    def action_decks(self) -> None:
        """The deck screen over the game (resume a game, play, paste or simulate a deck),
        after asking: this game's journal keeps it, so it is listed there to resume."""
        app = self.app
        kept = "It is not saved (no journal): it will be lost." if app.journal is None \
            else "It is over." if self.game.state.over \
            else "It stays saved: resume it from the list."

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    games = unfinished(app.games_root())
                except StackfishError:
                    games = []
                app.push_screen(StartScreen(games, app.pool, back=True), self.chosen)

        app.push_screen(ConfirmDialog(f"Leave this game for the deck list? {kept}", "Decks"), done)

    def chosen(self, choice: GameInfo | str | None) -> None:
        """What the deck screen returned: None or this very game, back to it."""
        journal = self.app.journal
        if choice is None or isinstance(choice, GameInfo) and journal and choice.id == journal.id:
            return
        try:
            self.app.open_choice(choice)
        except JournalDamaged as exc:  # actions follow a bad line: offer the last good one
            self.offer_repair(choice, exc)
            return
        except (StackfishError, OSError) as exc:  # a bad deck, a locked or corrupted journal
            self.say(str(exc), error=True)
            return
        self.show_new_game(f"resumed {choice.title or choice.id}" if isinstance(choice, GameInfo)
                           else f"new game: {os.path.basename(choice)}, "
                                f"seed {self.game.state.seed}")

    def offer_repair(self, choice: GameInfo, exc: JournalDamaged) -> None:
        """A damaged journal: continue from its last good action, if the player wants."""
        def done(yes: bool | None) -> None:
            if not yes:
                self.say(str(exc), error=True)
                return
            try:
                self.app.open_choice(choice, repair=True)
            except (StackfishError, OSError) as err:
                self.say(str(err), error=True)
                return
            self.show_new_game(f"resumed {choice.title or choice.id} from line {exc.good}")

        self.app.push_screen(ConfirmDialog(
            f"{exc.message.split(';')[0]} (line {exc.line}). Continue from the last good action "
            f"(line {exc.good})? The whole journal is kept as journal.scenario.torn.",
            "Damaged journal"), done)

    def show_new_game(self, message: str) -> None:
        """The app's game was replaced: forget this one's state and logs, show the new one."""
        self.suppressed = None
        self.goto = None
        self.over_shown = False
        for log in self.query(GameLog):
            log.clear()
            log.shown = 0
        self.after_change()
        self.select_playable()
        self.say(message)  # after the views: not replaced by the opening hand's "decide: ..."
