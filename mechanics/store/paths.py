"""Where stackfish keeps a user's files: one data directory for everything.

``$STACKFISH_DATA_DIR`` if set, else the platform's user data directory
(``~/.local/share/stackfish`` on Linux).  The card database and the game
journals both live there.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """``$STACKFISH_DATA_DIR``, else the platform's user data dir (not created here)."""
    return Path(os.environ.get("STACKFISH_DATA_DIR") or platformdirs.user_data_dir("stackfish"))
