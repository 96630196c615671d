"""A game's undo history: each action played and the pickled state before it.

Why not a list: a long game (or a churn of play/undo/redo) kept every snapshot in
memory, 5 GB after a few minutes.  :class:`History` keeps the newest snapshots in
memory up to :data:`MEMORY` bytes and spills older ones, compressed, to an
anonymous temporary file (deleted by the system when the process ends); an undo
truncates the file too, so churn doesn't grow it.  Undo and redo read one
snapshot, whatever the history's length.
"""

from __future__ import annotations

import sys
import tempfile
import zlib
from typing import IO, Any

#: bytes of snapshots kept in memory; older ones go to the spill file
MEMORY = 64 * 2**20


class History:
    """Actions and the state before each, indexed like a list of ``(action, snapshot)``."""

    def __init__(self, memory: int | None = None) -> None:
        self.memory = MEMORY if memory is None else memory
        self.actions: list[Any] = []
        self._snaps: list[bytes | tuple[int, int]] = []  # in memory, or (offset, size) spilled
        self._spilled = 0  # the snapshots before this index are in the file
        self._held = 0  # bytes of snapshots in memory
        self._file: IO[bytes] | None = None
        self._shares_file = False  # a fork's: it reads the file, never writes or cuts it

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> tuple[Any, bytes]:
        return self.actions[i], self._load(self._snaps[i])

    def __iter__(self):  # noqa: ANN204
        return (self[i] for i in range(len(self)))

    def fork(self) -> History:
        """A copy to try an action on and throw away (``Game.probe``): the same entries,
        reading the same spill file, which it never writes or cuts."""
        twin = History(sys.maxsize)
        twin.actions, twin._snaps = list(self.actions), list(self._snaps)
        twin._spilled, twin._held = self._spilled, self._held
        twin._file, twin._shares_file = self._file, True
        return twin

    def append(self, action: Any, before: bytes) -> None:
        self.actions.append(action)
        self._snaps.append(before)
        self._held += len(before)
        while self._held > self.memory and self._spilled < len(self._snaps) - 1:
            self._spill()

    def pop(self, n: int) -> tuple[list[Any], bytes]:
        """Remove the last ``n`` actions; return them and the state before the first."""
        first = self._load(self._snaps[-n])
        taken = self.actions[-n:]
        self.truncate(len(self) - n)
        return taken, first

    def truncate(self, n: int) -> None:
        """Keep the first ``n`` entries."""
        for snap in self._snaps[n:]:
            if isinstance(snap, bytes):
                self._held -= len(snap)
        if n < self._spilled:  # the file ends where the first removed one began
            offset = self._snaps[n][0]
            if not self._shares_file:
                self._file.truncate(offset)
                self._file.seek(offset)
            self._spilled = n
        del self.actions[n:], self._snaps[n:]

    def _spill(self) -> None:
        i = self._spilled
        data = self._snaps[i]
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="stackfish-undo-")
        packed = zlib.compress(data, 1)
        offset = self._file.tell()
        self._file.write(packed)
        self._snaps[i] = (offset, len(packed))
        self._held -= len(data)
        self._spilled = i + 1

    def _load(self, snap: bytes | tuple[int, int]) -> bytes:
        if isinstance(snap, bytes):
            return snap
        offset, size = snap
        end = self._file.tell()
        self._file.seek(offset)
        data = self._file.read(size)
        self._file.seek(end)
        return zlib.decompress(data)
