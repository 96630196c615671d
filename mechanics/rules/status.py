"""A permanent's tapped or untapped status (110.5b), exerting it (701.43) and attaching
it (701.3): none of these is a zone change (400.7), the object stays the same.
(Phasing, the other status, is treated as though the permanent doesn't exist:
:mod:`.primitives`.)

Mixed into :class:`mechanics.play.game.Game`, beside the other primitives
(:mod:`.primitives`); what it uses of the rest of the game is named in ``StatusNeeds``
(``protocols.py``).  A tap, an untap and their events are the most frequent writes of a
game (mana, attacks, the untap step): their events are built only when noticed
(``Game.noticing``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..model import events as ev
from ..model.state import NEXT_UNTAP, while_present
from ..text.effects import DOESNT_UNTAP

if TYPE_CHECKING:
    from ..play.game import Game


class StatusPrimitives:
    """Tapping, untapping, exerting and attaching."""

    def tap(self: Game, oid: int) -> None:
        self.tap_all((oid,))

    def tap_all(self: Game, oids: Iterable[int]) -> None:
        """Tap these permanents at once (the lands tapped for one payment, 601.2g-h; the
        attackers, 508.1f), announced together, then each one's Tapped event (when
        noticed, :meth:`Game.noticing`); one already tapped stays as it is."""
        objs = self.state.objs
        tapped = []
        for oid in oids:
            obj = objs[oid]
            if not obj.tapped:
                obj.tapped = True
                tapped.append(oid)
        if not tapped:
            return
        self.changed(characteristics=False, sba=False)
        if self.noticing("Tapped", len(tapped)):
            for oid in tapped:
                self.emit(ev.Tapped(oid))

    def untap(self: Game, oid: int) -> None:
        self.untap_all((oid,))

    def untap_all(self: Game, oids: Iterable[int]) -> None:
        """Untap these permanents at once (502.3: the untap step's), announced together,
        then each one's Untapped event (when noticed, :meth:`Game.noticing`)."""
        st = self.state
        untapped = []
        for oid in oids:
            obj = st.objs[oid]
            if obj.tapped and obj.counters.get("stun"):  # 122.1d: a stun counter is removed instead
                self.remove_counters(oid, "stun", 1)
            elif obj.tapped:
                obj.tapped = False
                untapped.append(obj)
        if not untapped:
            return
        self.changed(characteristics=False, sba=False)
        if st.effects:  # 611.2b: "as long as ~ remains tapped" ends
            ended = {while_present(obj, tapped=True) for obj in untapped}
            if any(e.until in ended for e in st.effects):
                st.effects = [e for e in st.effects if e.until not in ended]
                self.changed()
        if self.noticing("Untapped", len(untapped)):
            for obj in untapped:
                self.emit(ev.Untapped(obj.id))

    def exert(self: Game, oid: int) -> None:
        """701.43a: its controller chooses to have it not untap during their next untap step
        (701.43b: even if it isn't tapped, or was exerted already); 701.43c: only a permanent."""
        obj = self.state.objs[oid]
        if obj.zone != "battlefield":
            return
        self.add_effect("6", "abilities", [oid], {"keywords": (DOESNT_UNTAP,)}, until=NEXT_UNTAP)
        self.note(f"{self.describe(oid)} is exerted")
        self.emit(ev.Exerted(oid))

    def attach(self: Game, oid: int, to: int) -> None:
        self.state.objs[oid].attached_to = to
        self.state.objs[oid].timestamp = self.state.tick()  # 613.7e
        self.changed()
        self.note(f"{self.describe(oid)} is attached to {self.describe(to)}")
