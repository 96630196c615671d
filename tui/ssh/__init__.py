"""``stackfish serve --ssh``: goldfish games for players who connect with any ssh client.

Each SSH session runs the ordinary TUI (``stackfish play [DECK] --seed N``, or
``stackfish resume ID`` when a reconnecting player accepts the offer to resume
their newest unfinished journalled game) as the player its key names, in its own
child process (:mod:`tui.ssh_child`: controlling tty, filesystem fence, memory limit) on its
own pseudo-terminal, with the stock Textual driver.  A session that crashes or
hangs is one process among others: the server and the other sessions never
notice.

- :mod:`.server`: the server, its configuration, ``serve`` and the CLI entry point;
- :mod:`.auth`: the host key, keys bound to player names, the refused forwarding;
- :mod:`.session`: one session, from the channel request to the exit status;
- :mod:`.process`: the game's process on its pty, the bytes both ways, hanging it up;
- :mod:`.users`: each player's directory, decks, games and environment.

See ``docs/ssh.md`` for the security model.
"""

from .server import GameServer, ServeConfig, ServeError, main_serve

__all__ = ["GameServer", "ServeConfig", "ServeError", "main_serve"]
