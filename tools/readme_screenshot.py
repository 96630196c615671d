"""Regenerate the README's picture of the game (``docs/game.svg``).

It is the SVG snapshot of ``tests/tui/test_snapshots.py::TestReadme`` (mid-game at
100x30, evolve triggers on the stack): this updates that snapshot, then copies it,
so the picture is always a screen the tests have checked.  A test
(``test_readme_picture_is_the_snapshot``) fails when the two differ.

    python tools/readme_screenshot.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests/tui/__snapshots__/test_snapshots/TestReadme.test_game_100x30.svg"
PICTURE = ROOT / "docs/game.svg"


def main() -> int:
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-n", "0",
                            "tests/tui/test_snapshots.py::TestReadme", "--snapshot-update"],
                           cwd=ROOT)
    if code != 0 or not SNAPSHOT.exists():
        print("the snapshot test failed: no picture", file=sys.stderr)
        return 1
    shutil.copyfile(SNAPSHOT, PICTURE)
    print(f"wrote {PICTURE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
