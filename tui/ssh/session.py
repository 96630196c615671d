"""One SSH session: a player's game, from the channel request to the exit status.

Only a PTY session running the game is accepted (a shell request, or an exec
request of ``play [DECK]``); other commands and subsystems (sftp) are refused.
The session checks the server has room, finds the deck by name, offers to
resume the player's newest unfinished game, then runs the game
(:class:`tui.ssh.process.GameProcess`; with no deck named, as plain ``stackfish``:
the deck screen first if the player has decks of their own, else the bundled
Simic deck, with ``D`` for the deck screen, where a deck can be pasted).  Whatever goes wrong stays in this session:
one line to the player, never a failure of the server or another session.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from .process import GameProcess
from .users import bundled_decks, find_deck, parse_command, unfinished_games, user_decks, user_dir

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("stackfish.ssh")

# Leave the alternate screen, show the cursor, reset colours, stop mouse and
# bracketed-paste reporting, pop the kitty keyboard mode: what a TUI that was
# killed never got to undo.
TERMINAL_RESET = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
                  b"\x1b[?2004l\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l\r\n")


def cli_has(command: str) -> bool:
    """Whether ``stackfish COMMAND`` exists (the child runs the same CLI)."""
    import argparse

    from tui.cli import parser

    for action in parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return command in action.choices
    return False


class GameSession(GameProcess, asyncssh.SSHServerSession):
    """One SSH session channel: a PTY running ``stackfish play``."""

    def __init__(self, server: GameServer, username: str, peer: str = "?") -> None:
        super().__init__()
        self.server = server
        self.username = username
        self.peer = peer
        self.chan: Any = None
        self.deck_name: str | None = None
        self.pty = False
        self.task: asyncio.Task | None = None
        self.closed = False
        self.reason = ""
        self.last_input = time.monotonic()
        self._answer: asyncio.Future | None = None

    # --- channel requests
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.pty = True
        if term_size:
            self.set_size(*term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        parsed = parse_command(command)
        if parsed is None:
            log.warning("%s: refused exec %r addr=%s", self.username, command[:80], self.peer)
            return False
        self.deck_name = parsed[1]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("%s: refused subsystem %r addr=%s", self.username, subsystem[:40], self.peer)
        return False

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    # --- the client
    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self._answer is not None and not self._answer.done() and data:
            self._answer.set_result(data[:1])
            return
        self.to_child(data)

    def eof_received(self) -> bool:
        return True  # keep the channel open; the game ends when the child exits

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def connection_lost(self, exc: Exception | None) -> None:
        """The client went (closed, killed, network): hang up the child."""
        self.closed = True
        if not self.reason:
            self.reason = "client disconnected"
        if self._answer is not None and not self._answer.done():
            self._answer.cancel()
        self.hang_up()

    def shut_down(self) -> None:
        """The server is stopping: end the session (the game is saved per action)."""
        self.reason = "the server is shutting down"
        if self._answer is not None and not self._answer.done():
            self._say("\nstackfish: the server is shutting down.\n", reset=True)
            self._end(1)
            self._answer.cancel()
        self.hang_up()

    def _say(self, text: str, reset: bool = False) -> None:
        if self.closed:
            return
        with contextlib.suppress(Exception):
            self.chan.write_stderr((TERMINAL_RESET if reset else b"")
                                   + text.replace("\n", "\r\n").encode())

    def _end(self, status: int) -> None:
        if not self.closed:
            with contextlib.suppress(Exception):
                self.chan.exit(status)
        self.closed = True

    # --- the session's life
    async def _run(self) -> None:
        srv = self.server
        try:
            if not self.pty:
                log.warning("%s: refused a session without a terminal addr=%s", self.username,
                            self.peer)
                self._say("stackfish: the game needs a terminal: connect with `ssh -t`.\n")
                return self._end(1)
            if srv.closing:
                self._say("stackfish: the server is shutting down.\n")
                return self._end(1)
            if len(srv.sessions) >= srv.config.max_sessions:
                self._say(f"stackfish: the server is full ({srv.config.max_sessions} games "
                          "in progress); please try again later.\n")
                log.warning("%s: refused addr=%s: the server is full", self.username, self.peer)
                return self._end(1)
            srv.sessions.add(self)  # counted from here: the resume question included
            try:
                udir = user_dir(srv.data_dir, self.username, srv.config.max_users)
                if udir is None:
                    log.warning("%s: refused addr=%s: %d players already", self.username,
                                self.peer, srv.config.max_users)
                    self._say("stackfish: the server has no room for new players.\n")
                    return self._end(1)
                deck = None
                if self.deck_name is not None:
                    deck = find_deck(self.deck_name, udir)
                    if deck is None:
                        log.warning("%s: refused play %r addr=%s: no such deck", self.username,
                                    self.deck_name[:64], self.peer)
                        names = sorted(set(bundled_decks()) | set(user_decks(udir)))
                        self._say(f"stackfish: no deck named {self.deck_name[:64]!r}; "
                                  f"choose one of: {', '.join(names)}\n")
                        return self._end(2)
                args = await self._offer_resume(udir)
                if self.closed:
                    return None
                status = await self._play(udir, args or self.play_args(deck))
            finally:
                srv.sessions.discard(self)
            if self.reason and self.reason != "client disconnected":
                self._say(f"stackfish: {self.reason}; your game is saved.\n", reset=True)
            elif status != 0:
                self._say(f"stackfish: the game ended unexpectedly (status {status}).\n",
                          reset=True)
            self._end(status if status >= 0 else 128 - status)
        except Exception:  # one session's failure never reaches the server
            log.exception("%s: session failed addr=%s", self.username, self.peer)
            self._say("stackfish: internal error; the operator's log says more.\n", reset=True)
            self._end(1)

    def play_args(self, deck: str | None) -> list[str]:
        """``stackfish play DECK``; with no deck named, the deck screen first if the
        player has decks of their own, else the bundled Simic deck (``D``: the deck
        screen, where the player can also paste a deck of their own)."""
        return ["play", *([deck] if deck else []), "--seed", str(random.randrange(1, 10_000))]

    async def _offer_resume(self, udir: Path) -> list[str] | None:
        """The player's newest unfinished game, if any: ask whether to resume it
        (Enter or y: ``stackfish resume ID``; n: a new game)."""
        mine = [s for s in self.server.sessions if s is not self and s.username == self.username]
        leaving = [s.task for s in mine if s.closed and s.task is not None]
        if leaving:  # a dropped connection of this player: let its game finish saving
            await asyncio.wait(leaving, timeout=self.server.config.hangup_grace + 1)
        if any(not s.closed for s in mine):
            return None  # the same player is playing elsewhere: that game is live, start anew
        games = unfinished_games(udir)
        if not games or not cli_has("resume"):
            return None
        g = games[0]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.modified))
        last = f", last: {g.last[:60]}" if g.last else ""
        self.chan.write(f"\r\nWelcome back, {self.username}. You have an unfinished game "
                        f"from {when} ({g.actions} actions{last}).\r\n"
                        "Resume it? [Y/n] ".encode())
        self._answer = asyncio.get_running_loop().create_future()
        timeout = self.server.config.idle_timeout or None
        try:
            key = await asyncio.wait_for(self._answer, timeout)
        except TimeoutError:
            self._say(f"\nstackfish: idle for {timeout:g} seconds, session closed.\n")
            self._end(0)
            return None
        except asyncio.CancelledError:
            if self.closed:
                return None
            raise
        finally:
            self._answer = None
        if key in (b"\x03", b"\x04", b"q"):
            log.info("%s: left at the resume question addr=%s", self.username, self.peer)
            self.chan.write(b"\r\n")
            self._end(0)
            return None
        resume = key not in (b"n", b"N")
        self.chan.write(b"resuming\r\n" if resume else b"new game\r\n")
        return ["resume", g.id] if resume else None
