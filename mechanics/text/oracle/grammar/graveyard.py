"""The grammar of cards going to and leaving a graveyard: "is put into a graveyard from the
battlefield", "is put into your graveyard from anywhere", "... from your library", "one
or more creature cards leave your graveyard" (compiled in :mod:`..compiler.graveyard`)."""

from __future__ import annotations

from ..tree import Event, Objects
from .core import Core

#: where the card comes from, as written
_ORIGINS = {"the battlefield": "battlefield", "anywhere": "anywhere", "your library": "library",
            "a library": "library"}


class GraveyardEvents(Core):
    """Trigger events of a card put into a graveyard."""

    def leave_graveyard(self) -> Event:
        """"one or more [creature] cards leave your graveyard" (compiled once for the cards
        leaving together)."""
        self.need("one or more")
        cards = self.objects("a")  # type: ignore[attr-defined]
        self.need("leave your graveyard")
        return Event("leave-graveyard", spell=cards)

    def put_into_graveyard(self, subject: Objects) -> Event:
        """"[subject] is put into a graveyard / your graveyard from ORIGIN" (700.4: dying
        is from the battlefield; "your graveyard": the card's owner is you, 404.2)."""
        self.need("is put into")
        whose = self.eat_any("a graveyard", "your graveyard", "an opponent's graveyard")
        if not whose or not self.eat("from"):
            self.fail()
        origin = next((o for words, o in _ORIGINS.items() if self.eat(words)), None)
        if origin is None:
            self.fail()
        return Event("put-into-graveyard", subject, origin=origin,
                     whose={"a graveyard": "any", "your graveyard": "you"}.get(whose, "opponent"))
