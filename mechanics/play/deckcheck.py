"""What a deck asks the player to do by hand, known before playing it.

:func:`deck_report` counts the main deck's card copies the engine and the loaded
plugins automate, and lists each manual card with the phrases nothing implements
(:meth:`~mechanics.play.game.Game.manual_phrases`).  ``stackfish deck check`` prints it
(``--json``: :meth:`DeckReport.to_json`) and the TUI's deck screen shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..store.decks import DeckList
    from .game import Game

#: the mark the TUI and ``deck check`` put beside a card played by hand
MANUAL_MARK = "✎"


@dataclass(frozen=True)
class ManualCard:
    """``count`` copies of a card of which ``missing`` is done by hand."""

    name: str
    count: int
    missing: tuple[str, ...]


@dataclass(frozen=True)
class DeckReport:
    """The main deck's card copies, how many are automated, and the manual cards."""

    cards: int
    automated: int
    manual: tuple[ManualCard, ...]

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "automated": self.automated,
                "manual": [{"name": m.name, "count": m.count, "missing": list(m.missing)}
                           for m in self.manual]}

    def summary(self) -> str:
        kinds = len(self.manual)
        return (f"{self.automated} of {self.cards} main-deck cards automated"
                + (f"; {self.cards - self.automated} played by hand ({kinds} card{'s' * (kinds != 1)})"
                   if kinds else ""))

    def marked(self) -> list[str]:
        """Each manual card, marked: ``✎ 4 Tarmogoyf``."""
        return [f"{MANUAL_MARK} {m.count} {m.name}" for m in self.manual]

    def lines(self) -> list[str]:
        """The summary, then each manual card and, indented, each phrase it leaves."""
        out = [self.summary()]
        for m, mark in zip(self.manual, self.marked(), strict=True):
            out += [mark, *(f"    {p}" for p in m.missing)]
        return out


def deck_report(deck: DeckList, game: Game) -> DeckReport:
    """The report of ``deck`` (names resolved against ``game``'s pool) with ``game``'s plugins."""
    counts: dict[str, int] = {}
    for entry in deck.main:
        counts[entry.name] = counts.get(entry.name, 0) + entry.count
    manual = tuple(ManualCard(game.card(name).full_name, n, tuple(game.manual_phrases(name)))
                   for name, n in counts.items() if game.is_manual(name))  # "Fire // Ice": both halves
    total = sum(counts.values())
    return DeckReport(total, total - sum(m.count for m in manual), manual)
