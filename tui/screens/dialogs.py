"""Modal dialogs.  Each returns its answer through ``dismiss``; the game screen
turns the answer into an action (``Choose``, ``Order``, ``Attack``, ``Keep``...).

Esc only ever closes a dialog without answering.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from importlib import resources
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from ..widgets.lists import Options, Selections
from ..widgets.panels import Panel


def as_text(label: str | Text) -> Text:
    """A label as Text: a plain string as it is, a styled one (a card's name in its
    colour with its mana symbols) kept."""
    return label if isinstance(label, Text) else Text(label)


class KeyLine(Static):
    """A dialog's line of keys (dim); :meth:`complain` puts a word before it."""

    def __init__(self, hint: str, **kw: Any) -> None:
        super().__init__(Text(hint, style="dim"), classes="keys", **kw)
        self.hint = hint

    def complain(self, text: str) -> None:
        self.update(Text.assemble((text, "bold"), "  ", (self.hint, "dim")))


class HelpKey:
    """``?`` opens the help over any screen (the game's, a dialog, a full-screen view)."""

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("Help"))


class Dialog(HelpKey, ModalScreen):
    """A centred box with a title, closed by Esc.  A key that does nothing here says
    so on the dialog's key line, with the keys that do something.  A ``docked`` one (a
    decision about permanents or the stack) stands at the side instead, over the stack
    and hand, without dimming the screen: the board it is about stays in view."""

    BINDINGS = [Binding("escape", "close", "Close"),
                Binding("question_mark", "help", "Help", show=False)]

    def __init__(self, title: str, docked: bool = False) -> None:
        super().__init__(classes="-docked" if docked else "")
        self.title_text = title

    def about(self) -> set[int]:
        """The objects the dialog's options are (or contain), for the board to mark."""
        values = [v for v, _ in getattr(self, "options", None) or getattr(self, "items", [])]
        flat = [x for v in values for x in (v if isinstance(v, tuple) else (v,))]
        return {x for x in flat if isinstance(x, int)}

    def box(self) -> Vertical:
        v = Vertical(classes="dialog")
        v.border_title = self.title_text
        return v

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event) -> None:  # noqa: ANN001
        lines = self.query(KeyLine)
        if event.is_printable and event.key not in self.active_bindings and lines:
            lines.last().complain(f"'{event.character}' does nothing here:")


class ConfirmDialog(Dialog):
    """A yes/no question: y or enter is yes, n or esc is no."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, title: str = "Confirm") -> None:
        super().__init__(title)
        self.question = question

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(self.question))
            yield KeyLine("y/enter: yes   n/esc: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TextDialog(Dialog):
    """Some text to read (card details, the game's end); enter or esc closes.
    ``keys`` maps extra keys to the value the dialog returns."""

    def __init__(self, title: str, text: str | Text,
                 keys: dict[str, tuple[str, str]] | None = None) -> None:
        super().__init__(title)
        self.text = text
        self.keys = keys or {}

    def compose(self) -> ComposeResult:
        with self.box():
            with VerticalScroll(classes="body"):
                yield Static(as_text(self.text))
            extra = "   ".join(f"{k}: {label}" for k, (_, label) in self.keys.items())
            yield KeyLine(("enter/esc: close   " + extra).strip())

    def on_key(self, event) -> None:  # noqa: ANN001
        if event.key == "enter" or event.character in self.keys:
            event.stop()
            event.prevent_default()  # answered: not a key that "does nothing" (Dialog.on_key)
            self.dismiss(self.keys[event.character][0] if event.key != "enter" else None)


class HelpScreen(Dialog):
    """The key map and the command line's language (``tui/help.md``)."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        text = resources.files("tui").joinpath("help.md").read_text(encoding="utf-8")
        with Vertical(classes="dialog help") as v:
            v.border_title = "Help (esc closes)"
            with VerticalScroll(classes="body"):
                yield Markdown(text)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()


class ChooseDialog(Dialog):
    """Pick between ``low`` and ``high`` of the options.

    With ``high == 1`` it is a plain list (enter picks the highlighted one);
    otherwise a checklist (space toggles, ``*`` toggles all, enter confirms) whose
    entries start checked when ``preselect`` is True or lists their values.
    Returns the chosen values, or None when closed with Esc.
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("asterisk", "toggle_all", "All", show=False),
    ]

    def __init__(self, title: str, prompt: str, options: Sequence[tuple[Any, str]], low: int = 1,
                 high: int = 1, preselect: bool | Collection[Any] = False,
                 multi: bool | None = None, docked: bool = False) -> None:
        super().__init__(title, docked)
        self.prompt = prompt
        self.options = list(options)
        self.low, self.high = low, high
        self.multi = high > 1 if multi is None else multi
        self.preselect = preselect

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(self.prompt), classes="prompt")
            if self.multi:
                pre = self.preselect
                yield Selections(*[Selection(as_text(label), i, pre is True or
                                             (not isinstance(pre, bool) and value in pre))
                                   for i, (value, label) in enumerate(self.options)], id="choices")
                need = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
                keys = f"choose {need}: space toggles, * all, enter confirms, esc closes"
            else:
                opts = [Option(as_text(label), id=str(i)) for i, (_, label) in enumerate(self.options)]
                if self.low == 0:
                    opts.append(Option(Text("(none)", style="italic"), id="none"))
                yield Options(*opts, id="choices")
                keys = "arrows/j/k move, enter chooses, esc closes"
            yield KeyLine(keys, id="dialog-message")

    def on_mount(self) -> None:
        self.query_one("#choices").focus()

    def action_toggle_all(self) -> None:
        if self.multi:
            lst = self.query_one(SelectionList)
            if len(lst.selected) == len(self.options):
                lst.deselect_all()
            else:
                lst.select_all()

    def action_confirm(self) -> None:
        if self.multi:
            picked = sorted(self.query_one(SelectionList).selected)
            if not self.low <= len(picked) <= self.high:
                need = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
                self.query_one(KeyLine).complain(f"choose {need} (you chose {len(picked)}):")
                return
            self.dismiss([self.options[i][0] for i in picked])
            return
        lst = self.query_one(OptionList)
        if lst.highlighted is None:
            return
        opt = lst.get_option_at_index(lst.highlighted)
        self.dismiss([] if opt.id == "none" else [self.options[int(opt.id)][0]])


class OrderDialog(Dialog):
    """Put items in order: J/K (or shift+down/up) move the highlighted item,
    enter confirms.  Returns the values in the chosen order (first listed first)."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("J,shift+down", "move(1)", "Move down"),
        Binding("K,shift+up", "move(-1)", "Move up"),
    ]

    def __init__(self, title: str, prompt: str, options: Sequence[tuple[Any, str]],
                 docked: bool = False) -> None:
        super().__init__(title, docked)
        self.prompt = prompt
        self.items = list(options)

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(self.prompt), classes="prompt")
            yield Panel("", id="choices")
            yield KeyLine("J/K or shift+arrows move, enter confirms, esc closes")

    def on_mount(self) -> None:
        self._show(0)
        self.query_one("#choices").focus()

    def _show(self, at: int) -> None:
        from ..render import Row

        panel = self.query_one(Panel)
        panel.show([Row(str(i), Text(f"{i + 1}. {label}")) for i, (_, label) in enumerate(self.items)])
        panel.select_index(at)

    def action_move(self, delta: int) -> None:
        panel = self.query_one(Panel)
        i = panel.cursor or 0
        j = i + delta
        if 0 <= j < len(self.items):
            self.items[i], self.items[j] = self.items[j], self.items[i]
            self._show(j)

    def action_confirm(self) -> None:
        self.dismiss([v for v, _ in self.items])


class MulliganDialog(Dialog):
    """Keep or mulligan the hand shown.  Returns ``"keep"`` or ``"mulligan"``, or
    ``"decks"`` for ``D`` (the deck screen, as on the game screen: every game opens
    on this dialog, and a first run's game is the bundled deck, so D works here too)."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("y", "pick('keep')", "Keep", show=False),
        Binding("m", "pick('mulligan')", "Mulligan", show=False),
        Binding("D", "pick('decks')", "Decks", show=False),
    ]

    def __init__(self, prompt: str, hand: list[str | Text], bottom: int) -> None:
        super().__init__("Opening hand")
        self.prompt = prompt
        self.hand = hand
        self.bottom = bottom

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(self.prompt), classes="prompt")
            yield Static(Text("\n").join(Text("  ") + as_text(c) for c in self.hand), classes="hand")
            keep = f"Keep {len(self.hand)}" + (f", put {self.bottom} on the bottom" if self.bottom else "")
            yield Options(Option(Text(keep), id="keep"),
                             Option(Text(f"Mulligan (draw 7, then bottom {self.bottom + 1})"),
                                    id="mulligan"), id="choices")
            yield KeyLine("enter chooses (y keep, m mulligan), D decks, ? help, esc closes")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def action_confirm(self) -> None:
        lst = self.query_one(OptionList)
        self.dismiss(lst.get_option_at_index(lst.highlighted or 0).id)

    def action_pick(self, value: str) -> None:
        self.dismiss(value)


class InputDialog(Dialog):
    """Ask for a line of text (a counter kind, +P/+T, a card name).  Returns the
    stripped text, or None when closed with Esc or left empty."""

    def __init__(self, title: str, prompt: str, placeholder: str = "", value: str = "") -> None:
        super().__init__(title)
        self.prompt = prompt
        self.placeholder = placeholder
        self.value = value

    def compose(self) -> ComposeResult:
        with self.box():
            yield Static(Text(self.prompt), classes="prompt")
            yield self.field()
            yield KeyLine("enter confirms, esc closes")

    def field(self) -> Input:
        return Input(value=self.value, placeholder=self.placeholder, id="text")

    def answer(self, value: str) -> Any:
        return value.strip() or None

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(self.answer(event.value))


class NumberDialog(InputDialog):
    """Ask for a number (X).  Returns an int, or None."""

    def field(self) -> Input:
        return Input(type="integer", id="number")

    def answer(self, value: str) -> int | None:
        try:
            return int(value or "0")
        except ValueError:
            return None
