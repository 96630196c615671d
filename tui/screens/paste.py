"""Paste a deck list, see what is wrong with it as you type, and save it as your own deck.

Over SSH a player cannot copy a deck file to the server; pasting a list from
Arena, MTGO, Moxfield, Archidekt, Cockatrice, Forge or XMage into this screen
is how they bring one.  The list is checked (:func:`tui.library.check_deck`)
a moment after the typing stops, in a thread: an unknown card's "did you mean"
compares it with every card's name.  Ctrl+S saves it in the player's decks
directory (asking before replacing a deck of the same name); the screen
returns ``(name, path, check)`` to the start screen, or None for Esc.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Static, TextArea
from textual.worker import get_current_worker

from mechanics.model.errors import StackfishError

from ..library import (
    DeckCheck,
    DeckExists,
    check_deck,
    deck_name,
    save_deck,
    size_warning,
    suggested_name,
)
from .dialogs import ConfirmDialog

FORMATS = "Arena, MTGO, Moxfield, Archidekt, Cockatrice, Forge or XMage"
SHOWN = 5
"""Problems listed at once (the rest are counted): the screen must fit 24 rows."""


def report(check: DeckCheck) -> Text:
    """The counts, then each problem as ``line N: message`` (at most :data:`SHOWN`)."""
    out = Text(f"{check.main} main, {check.sideboard} sideboard", style="bold")
    if check.format:
        out.append(f"  ({check.format} list)", style="dim")
    n = len(check.problems)
    if n:
        out.append(f"  {n} problem{'s' if n != 1 else ''}:", style="bold red")
    for line, message in check.problems[:SHOWN]:
        out.append(f"\nline {line}: " if line else "\n", style="red")
        out.append(message)
    if n > SHOWN:
        out.append(f"\n... and {n - SHOWN} more", style="dim")
    if not n:
        out.append("  ready: ctrl+s saves it", style="green")
    if warning := size_warning(check.main):
        out.append(f"\nwarning: {warning}", style="yellow")
    return out


class DeckText(TextArea):
    """The list: ctrl+j (a line feed, what a paste without bracketed paste may send
    for a new line, e.g. ``tmux send-keys -l``) starts a new line, as enter does.
    Handled with the typed characters, not as a binding, which would run after them."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "ctrl+j" and not self.read_only:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            self._replace_via_keyboard("\n", start, end)
            return
        await super()._on_key(event)


class PasteDeckScreen(Screen):
    """A name, the pasted list, and the list's problems; ctrl+s saves, esc cancels."""

    BINDINGS = [Binding("ctrl+s", "save", "Save"), Binding("escape", "cancel", "Cancel")]
    # not priority bindings: those run as the key arrives, before the keys typed
    # ahead of it reach the fields (ctrl+s right after a name would miss the name)
    DEBOUNCE = 0.3
    """Seconds of no typing before the list is checked again."""
    DEFAULT_CSS = """
    PasteDeckScreen { align: center middle; }
    PasteDeckScreen .paste { width: 100%; max-width: 110; height: 100%; max-height: 40;
                             border: heavy $accent; border-title-align: left; padding: 0 1; }
    PasteDeckScreen .name-row { height: 1; margin-bottom: 1; }
    PasteDeckScreen .name-row Static { width: auto; }
    PasteDeckScreen #deck-name { width: 1fr; }
    PasteDeckScreen #deck-text { height: 1fr; min-height: 4; }
    PasteDeckScreen #deck-report { height: auto; max-height: 7; margin-top: 1; }
    PasteDeckScreen .keys { height: 1; color: $text-muted; }
    """

    def __init__(self, pool: Any = None) -> None:
        """``pool``: the card pool to check names against (the player's, loaded in
        the checking thread, unless given)."""
        super().__init__()
        self.pool = pool
        self.suggestions: dict[str, str] = {}
        """Unknown-card messages by name, kept across checks."""
        self.checked: tuple[str, DeckCheck] | None = None
        """The last text checked and what was found."""
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="paste") as v:
            v.border_title = "Paste a deck"
            with Horizontal(classes="name-row"):
                yield Static("Name: ")
                yield Input(placeholder="type one after pasting (tab from the list)",
                            id="deck-name", compact=True, max_length=64)
                yield Static("", id="saved-as")
            yield DeckText(id="deck-text", show_line_numbers=True, soft_wrap=False,
                           placeholder=f"Paste a deck list here ({FORMATS}).")
            yield Static(Text("The list is checked as you type.", style="dim"), id="deck-report")
            yield Static("ctrl+s save   esc cancel   tab next field   f7 select all", classes="keys")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """The name as it will be saved (letters, digits, - and _), shown as it is typed."""
        name = deck_name(event.value)
        self.query_one("#saved-as", Static).update(
            Text(f"  saved as: {name or '(letters or digits needed)'}", style="dim")
            if event.value and name != event.value else "")

    @property
    def text(self) -> str:
        return self.query_one(TextArea).text

    def say(self, message: Text | str) -> None:
        self.query_one("#deck-report", Static).update(message)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        """Check the list once the typing (or a paste's keys) pauses."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(self.DEBOUNCE, self.check_now)

    def check_now(self) -> None:
        self._timer = None
        if self.text.strip():
            self.check_in_thread(self.text)
        else:
            self.checked = None
            self.say(Text("The list is checked as you type.", style="dim"))

    @work(thread=True, exclusive=True, group="check")
    def check_in_thread(self, text: str) -> None:
        found = self.check(text)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show, text, found)

    def check(self, text: str) -> DeckCheck:
        """``text`` checked against the pool (a pool that cannot load is the problem)."""
        try:
            if self.pool is None:
                from mechanics.store.carddb import load_user_pool

                self.pool = load_user_pool()
            return check_deck(text, self.pool, self.suggestions)
        except StackfishError as exc:
            return DeckCheck(problems=((0, str(exc)),))

    def show(self, text: str, found: DeckCheck) -> None:
        if text != self.text:  # a newer check is on its way
            return
        self.checked = (text, found)
        self.say(report(found))
        name = self.query_one("#deck-name", Input)
        if not name.value:
            name.value = suggested_name(text)

    def action_save(self) -> None:
        """Save the list if it is a deck with no problem and has a name."""
        text, name = self.text, deck_name(self.query_one("#deck-name", Input).value)
        found = self.checked[1] if self.checked and self.checked[0] == text else self.check(text)
        self.checked = (text, found)
        if not text.strip():
            return self.say(Text("Paste a deck list first.", style="bold red"))
        if not found.ok:
            self.say(report(found).append("\nFix these to save the deck.", style="bold"))
            return self.query_one(TextArea).focus()
        if not name:  # the focus stays: one tab from the list reaches the name
            return self.say(Text("Give the deck a name: tab to the name field.", style="bold red"))
        self.write(name, text, found, overwrite=False)

    def write(self, name: str, text: str, found: DeckCheck, overwrite: bool) -> None:
        try:
            path = save_deck(name, text, overwrite=overwrite)
        except DeckExists:
            def answer(yes: bool | None) -> None:
                if yes:
                    self.write(name, text, found, overwrite=True)
            self.app.push_screen(ConfirmDialog(f"You already have a deck named '{name}'. "
                                               "Replace it with this list?", "Replace deck"),
                                 answer)
            return
        except (StackfishError, OSError) as exc:
            self.say(Text(f"Not saved: {exc}", style="bold red"))
            return
        self.dismiss((name, str(path), found))

    def action_cancel(self) -> None:
        self.dismiss(None)
