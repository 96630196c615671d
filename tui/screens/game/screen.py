"""The game screen itself: its layout, its key bindings and ``play``.

Only this screen calls ``game.play`` (through :meth:`GameScreen.play`); every
view is re-rendered from the game afterwards.  Errors from the engine go to the
status line, never a traceback.  The ``@on`` message handlers are here because
Textual collects them only from classes that are widgets, not from the mixins.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from mechanics import actions as A
from mechanics.model.errors import StackfishError

from ...render import human
from ...widgets import CommandLine, GameLog, Message, Panel, Playmat
from ..dialogs import ConfirmDialog
from .casting import Casting
from .command import Commands
from .decisions import Decisions
from .keys import KeyActions
from .manual import ManualMenu
from .views import Views

#: how often the game screen tries again to write a journal that could not be written
SAVE_RETRY_SECONDS = 2.0


class GameScreen(KeyActions, Casting, ManualMenu, Decisions, Commands, Views, Screen):
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
        Binding("D", "decks", "Decks", show=False),  # the footer is full at 80 columns
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
        self.pt_asked: set[tuple[int, int]] = set()  # */* creatures whose P/T was asked (604.3)
        self.goto: tuple[A.Goto, int] | None = None  # a goto to resume after a decision
        self.deciding = False  # a decision's dialog is open (or about to be)
        self.over_shown = False

    @property
    def game(self) -> Any:
        return self.app.game

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="unsaved")  # shown while the journal can't be written
        with Horizontal(id="body"):
            yield Playmat("Battlefield", "no permanents", id="battlefield")
            with Vertical(id="side"):
                with VerticalScroll(id="cardpane") as pane:  # a wide screen's card pane
                    pane.border_title = "Card"
                    yield Static(id="card")
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
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.after_change())
        self.say(f"seed {self.game.state.seed} · ? help · D decks · : command line")
        self.refresh_views()  # (after: a plugin failing to draw says so instead)
        self.select_playable()
        self.call_after_refresh(self.maybe_decide)
        self.set_interval(SAVE_RETRY_SECONDS, self.retry_saving)

    def retry_saving(self) -> None:
        """While the game isn't saved, try again now and then (space may have returned)."""
        if self.app.not_saved() and self.app.retry_saving():
            self.say("the game is saved again")
        self.show_saving()

    def show_saving(self) -> None:
        """The persistent 'not saved' mark, for as long as the journal can't be written."""
        reason = self.app.not_saved()
        mark = self.query_one("#unsaved", Static)
        mark.display = bool(reason)
        if reason:
            mark.update(f"NOT SAVED: {reason} · the game goes on; retrying")

    def on_resize(self) -> None:
        self.refresh_views()  # the status and players lines are cut to the width
        panel = self.focused if isinstance(self.focused, Panel) else None
        self.call_after_refresh(self.show_card, panel.selected_id if panel else None)
        for log in self.query(GameLog):  # the one just shown by the new layout: at its end
            self.call_after_refresh(log.scroll_end, animate=False)

    # ------------------------------------------------------------------ messages
    @on(Panel.Highlighted)
    def row_highlighted(self, event: Panel.Highlighted) -> None:
        event.stop()
        self.show_card(event.row_id)

    @on(Panel.Selected)
    def row_selected(self, event: Panel.Selected) -> None:
        event.stop()
        if not event.row_id:
            self.say(f"the {event.panel.id} is empty: nothing to select"
                     + (" (space: pass, t: your next turn)" if event.panel.id == "stack"
                        else ""), error=True)
        elif event.panel.id == "stack":
            self.action_pass()
        else:
            self.action_cast()

    @on(CommandLine.Closed)
    def command_closed(self) -> None:
        self.query_one("#hand").focus()

    @on(CommandLine.Completions)
    def command_completions(self, event: CommandLine.Completions) -> None:
        self.show_completions(event.found)

    @on(CommandLine.Entered)
    def command_entered(self, event: CommandLine.Entered) -> None:
        self.query_one("#hand").focus()
        self.run_line(event.line)

    def on_key(self, event) -> None:  # noqa: ANN001
        """A key that isn't one of the game's says so (the bindings answer the rest)."""
        if event.is_printable and event.key not in self.active_bindings:
            self.say(f"'{event.character}' is not a key of the game screen: ? lists them",
                     error=True)

    # ------------------------------------------------------------------ status line
    def say(self, text: str, error: bool = False) -> None:
        self.query_one(Message).say(text, error)

    @work(exclusive=True, group="dialog")
    async def dialog_flow(self, flow: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Run ``flow(*args)``, a flow of dialogs (cast, activate, manual), in a worker:
        it waits for each answer.  An unexpected exception becomes a status line."""
        try:
            await flow(*args)
        except Exception as exc:  # never a traceback
            self.report_bug(exc)

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

    def move(self, action: A.Action) -> bool:
        """A player's move (a key, a dialog's answer): play it, then pass for them while
        they have nothing to do or are not at one of their stops (smart stops)."""
        if not self.play(action):
            return False
        self.autopass(str(action))
        self.select_playable()
        return True

    def select_playable(self) -> None:
        """Unless the hand's selection is on a card the player can play, move it to the
        first one (the hand marks them with ``+``): enter then plays on."""
        hand = self.query_one("#hand", Panel)
        rows = hand.rows
        if hand.cursor is None or not rows[hand.cursor].text.plain.startswith("+"):
            playable = [i for i, r in enumerate(rows) if r.text.plain.startswith("+")]
            if playable:
                hand.select_index(playable[0])

    def autopass(self, did: str) -> None:
        """Play ``autopass`` (one action, so one undo) unless the engine says the human
        player is at a stop already (:meth:`mechanics.Game.at_stop`)."""
        game = self.game
        me = human(game)
        stops = self.app.stops
        if self.goto is not None or game.at_stop(me, stops):
            return
        if self.play(A.Autopass(me, stops), keep_goto=True):
            st = game.state
            where = f"turn {st.turn} {st.step}" if not st.over else "game over"
            self.say(f"> {did} · passed to {where}")

    def offer_disable(self, plugin: str) -> None:
        """A plugin that made actions fail repeatedly (a RuleError naming it): offer to
        turn it off for this game (the journal records it, so a resume does too)."""
        from mechanics import OFFER_DISABLE_AFTER, disable_plugin

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
