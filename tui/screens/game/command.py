"""The ``:`` command line of the game screen: any scenario-language line, played.

The widget (history, tab completion) is :class:`tui.widgets.CommandLine`, the
completion itself :mod:`tui.complete`; here a finished line becomes what the
scenario runner would make of it: an action to play, ``undo``/``redo``, or an
``expect`` checked against the game (its failure shown, the game unchanged).
In an SSH session (``STACKFISH_SSH_USER`` set) ``deck PLAYER NAME`` takes a
deck's name, the player's own or a bundled one, never a path.
"""

from __future__ import annotations

import dataclasses
import os

from mechanics import actions as A
from mechanics.model.errors import StackfishError
from mechanics.model.words import split_line

from ...complete import EXTRA_COMMANDS
from ...stops import ALL_STOPS, save_stops, stop_label
from ...widgets import CommandLine
from ..dialogs import ChooseDialog


def deck_by_name(action: A.DeckCmd) -> A.DeckCmd:
    """``deck PLAYER NAME`` with NAME one of the player's decks or a bundled one."""
    from ...library import bundled_decks, user_decks

    decks = {**bundled_decks(), **user_decks()}
    if action.path not in decks:
        raise StackfishError(f"over SSH a deck is chosen by name: {', '.join(sorted(decks))}")
    return dataclasses.replace(action, path=decks[action.path])


class Commands:
    """The command line's lines and completions on :class:`GameScreen`."""

    def action_command(self) -> None:
        self.query_one(CommandLine).open()

    def show_completions(self, found: list[str]) -> None:
        """Several completions for the word at the cursor: the first 20 on the status line."""
        self.say(" ".join(found[:20]) + (f" ... ({len(found)} in all)" if len(found) > 20 else ""))

    def run_line(self, line: str) -> None:
        """Run one scenario-language line typed at the command line."""
        try:
            words = split_line(line)
            action = A.parse_action(line) if words and words[0] not in EXTRA_COMMANDS else None
            if isinstance(action, A.DeckCmd) and os.environ.get("STACKFISH_SSH_USER"):
                action = deck_by_name(action)
        except StackfishError as exc:
            self.say(str(exc), error=True)
            return
        if not words:
            return
        cmd = words[0]
        if cmd == "undo":
            self.action_undo(int(words[1]) if len(words) > 1 and words[1].isdigit() else 1)
        elif cmd == "redo":
            self.action_redo()
        elif cmd in ("expect", "expect-error"):
            self.check_expectation(cmd, line, words)
        elif cmd == "stops":
            self.set_stops(words[1:])
        else:
            self.play(action)

    def set_stops(self, words: list[str]) -> None:
        """``stops``: the stops dialog; ``stops STOP...`` (or ``stops none``) sets them."""
        if not words:
            self.action_stops()
            return
        bad = [w for w in words if w not in ALL_STOPS and w != "none"]
        if bad:
            self.say(f"unknown stop '{bad[0]}'; stops are: {' '.join(ALL_STOPS)}", error=True)
            return
        self.keep_stops(tuple(s for s in ALL_STOPS if s in words))

    def action_stops(self) -> None:
        """The stops dialog: a checklist of every step, yours and the opponent's."""
        def done(picked: list[str] | None) -> None:
            if picked is not None:
                self.keep_stops(tuple(picked))

        self.app.push_screen(ChooseDialog(
            "Stops", "stop at the checked steps when you can act (the rest pass for you)",
            [(s, stop_label(s)) for s in ALL_STOPS], 0, len(ALL_STOPS),
            preselect=self.app.stops, multi=True), done)

    def keep_stops(self, stops: tuple[str, ...]) -> None:
        self.app.stops = stops
        error = save_stops(stops)
        self.say(error or f"stops: {' '.join(stops) or 'none'} (saved)", error=bool(error))

    def check_expectation(self, cmd: str, line: str, words: list[str]) -> None:
        """``expect ...`` or ``expect-error ...``: ok, or why not, on the status line."""
        from mechanics.io.scenario import ExpectationFailed, Line, expect, expect_error

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
