"""Where stackfish keeps a user's files: one data directory for everything.

``$STACKFISH_DATA_DIR`` if set, else the platform's user data directory
(``~/.local/share/stackfish`` on Linux).  The card database and the game
journals both live there.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

import platformdirs


def data_dir() -> Path:
    """``$STACKFISH_DATA_DIR``, else the platform's user data dir (not created here)."""
    return Path(os.environ.get("STACKFISH_DATA_DIR") or platformdirs.user_data_dir("stackfish"))


def open_regular(path: str | os.PathLike) -> BinaryIO:
    """Open a file the user named for reading in binary, refusing anything but a regular
    file: reading a FIFO blocks until someone writes to it, a device may never end.
    Raises OSError (``strerror`` says which)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # (opening a FIFO blocks too)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a FIFO, a device or a directory)")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
