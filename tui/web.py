"""``stackfish serve --web``: the game in a browser, through textual-serve.

Each browser tab gets its own ``stackfish play`` process (the same app as in a
terminal), whose screen textual-serve streams to the page over a websocket.
textual-serve has no login: whoever reaches the port plays, on this user's data
directory, so the server listens on 127.0.0.1 unless told otherwise and warns
when it is told.  It is an optional extra: ``pip install 'stackfish[web]'``.
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

LOCAL = ("127.0.0.1", "localhost", "::1")
PORT = 8000


def command(args: Any) -> str:
    """The command each browser session runs: this Python's ``stackfish play``."""
    words = [sys.executable, "-m", "tui.cli"]
    for name in getattr(args, "disable_plugin", None) or ():
        words += ["--disable-plugin", name]
    return shlex.join([*words, "play"])


def main_web(args: Any) -> int:
    """``stackfish serve --web [--host H] [--port N]``: serve until interrupted."""
    try:
        from textual_serve.server import Server
    except ImportError:
        print("stackfish serve --web needs textual-serve: pip install 'stackfish[web]'",
              file=sys.stderr)
        return 2
    port = args.port or PORT
    if args.host not in LOCAL:
        print(f"warning: serving on {args.host}:{port} with no login: anyone who can reach it "
              "plays on your stackfish data (journals, decks); use --host 127.0.0.1 (the "
              "default) or an SSH tunnel", file=sys.stderr)
    print(f"stackfish: open http://{args.host}:{port} in a browser (ctrl+c stops)", file=sys.stderr)
    try:
        Server(command(args), host=args.host, port=port, title="stackfish").serve()
    except KeyboardInterrupt:
        return 130
    return 0
