"""SVG snapshots of the main screen (pytest-textual-snapshot).

Regenerate with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after
checking the HTML diff report.
"""

from __future__ import annotations

from tui_helpers import simic_app

# keep the hand, go to the first main phase, play a Forest, cast Experiment One
# (it waits on the stack), then look at the board
PRESS = ["enter", "n", "n", "enter", "end", "c"]


class TestMainScreen:
    def test_main_screen_80x24(self, snap_compare):
        """The game screen fits a classic terminal: a land played, a spell on the stack."""
        assert snap_compare(simic_app(seed=1), press=PRESS, terminal_size=(80, 24))

    def test_main_screen_160x50(self, snap_compare):
        """The same position on a large terminal, with the wide layout and a taller log."""
        assert snap_compare(simic_app(seed=1), press=PRESS, terminal_size=(160, 50))
