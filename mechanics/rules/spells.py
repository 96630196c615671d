"""What happens to spells on the stack besides resolving: countered (701.6), a spell's
card leaving the stack (608.2n and the keywords that send it elsewhere), copied
(707.10) and cast without paying its mana cost (cascade, 702.85a; suspend, 702.62a).

Mixed into :class:`mechanics.play.game.Game`, beside the other primitives
(:mod:`.primitives`), whose moves these are made of; what it uses of the rest of the
game is named in ``SpellNeeds`` (``protocols.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import text_lines
from ..model import events as ev
from ..model.cards import face_names
from ..model.state import Decision, StackItem
from ..text.oracle.keywords import CANT_BE_COUNTERED
from .copies import new_targets as copied_targets
from .tally import cast

if TYPE_CHECKING:
    from ..play.game import Game


class SpellPrimitives:
    """Countering, copying and casting for free, and where a spell's card goes."""

    def counter_item(self: Game, item_id: int, dest: str = "") -> None:
        """Counter a spell or ability (701.6): it leaves the stack without resolving,
        unless it is a spell that can't be countered (101.2: the "can't" wins).  ``dest``
        "exile": the countered card is exiled instead of going to its owner's graveyard
        (614.1a: Force of Negation's "exile it instead")."""
        st = self.state
        item = next((s for s in st.stack if s.id == item_id), None)
        if item is None:
            return
        if item.kind == "spell":
            name = st.objs[item.source].name if item.source in st.objs else item.data.get("copy_of", item.text)
            if CANT_BE_COUNTERED in text_lines(self.card(name)):  # a copy has its text too (707.2)
                self.note(f"{name} can't be countered")
                return
        st.stack.remove(item)
        if item.kind == "spell" and item.source is not None:  # a copy just ceases to exist (707.10a)
            if dest == "exile":
                self.move(item.source, "exile")
            else:
                self.spell_card_away(item)
        self.changed()

    def spell_card_away(self: Game, item: Any, resolved: bool = False) -> None:
        """A spell's card leaves the stack (608.2n, 701.6a, 608.2b): to its owner's
        graveyard, or to exile if it was cast with flashback (702.34a) or as an aftermath
        half from the graveyard (702.127a), or if it resolved as an Adventure (715.4: its
        owner may then cast the creature from exile) or with rebound from the hand (702.88a);
        to its owner's hand if it resolved with its buyback cost paid (702.27a)."""
        card = self.card(self.state.objs[item.source].name)
        adventure = resolved and card.layout == "adventure" and card.name != face_names(card.full_name)[0]
        aftermath = card.layout == "aftermath" and item.data.get("from") == "graveyard"
        # 702.88a: rebound exiles a spell cast from the hand as it resolves; the rebound
        # plugin casts it at its owner's next upkeep (the turn count says which is next)
        rebound = resolved and "from" not in item.data and any(
            kw == "rebound" for kw, _ in self.behaviour(card.name).keywords)
        if resolved and item.data.get("alt") == "buyback":  # 702.27a: to its owner's hand instead
            self.move(item.source, "hand")
            return
        self.move(item.source, "exile" if adventure or aftermath or rebound or item.data.get("flashback")
                  else "graveyard")
        if adventure:
            self.state.objs[item.source].choices["adventure"] = True
        if rebound:
            owner = self.state.objs[item.source].owner
            self.state.objs[item.source].choices["rebound"] = str(self.state.players[owner].turns)

    def copy_spell(self: Game, name: str, controller: str, targets: tuple = (), x: int = 0,
                   modes: tuple[int, ...] = (), new_targets: str = "") -> int:
        """707.10: put a copy of the spell ``name`` on the stack (storm, 702.40), with the
        choices made as the original was cast: targets, X and modes (707.10, 700.2).  It
        is a spell with no card (``source`` None, ``data['copy_of']``); it isn't cast, and
        it ceases to exist when it resolves or leaves the stack (707.10a).  With
        ``new_targets`` (the text of the decisions) its controller may choose new targets
        for it (707.10c)."""
        st = self.state
        if new_targets and targets:
            targets = copied_targets(self, name, controller, tuple(targets), tuple(modes), new_targets)
        data: dict[str, Any] = {"copy_of": name, **({"modes": tuple(modes)} if modes else {})}
        item = StackItem(st.new_id(), "spell", controller, None, 0, "spell", name, tuple(targets), x,
                         data, timestamp=st.tick())
        st.stack.append(item)
        self.changed()
        self.note(f"a copy of {name} is put on the stack")
        self.emit(ev.SpellCopied(item.id, name, controller))
        return item.id

    def cast_without_paying(self: Game, oid: int, player: str, alt: str = "") -> bool:
        """Cast a card from where it is without paying its mana cost (cascade, 702.85a):
        its modes and targets are chosen as it is cast (601.2b-c; X is 0, 107.3b), and it
        becomes a spell on the stack, cast (SpellCast).  False, and nothing happens, when it
        can't be cast: a land, or a spell with a required target that has no legal choice.
        ``alt`` names the keyword that casts it (suspend, 702.62a): the permanent it
        becomes remembers it, as for an alternative cost (``choices["alt"]``)."""
        from ..abilities.modes import mode_sets, spell_modal

        st = self.state
        name = st.objs[oid].name
        card = self.card(name)
        if card.is_type("Land"):
            return False
        probe = StackItem(0, "spell", player, None, 0, "spell", name)
        modal = spell_modal(self, name)
        modes: tuple[int, ...] = ()
        if modal is not None:
            sets = mode_sets(self, probe, modal)
            if not sets:
                return False
            labels = tuple("+".join(map(str, s)) for s in sets)
            pick = self.ask(Decision("choose", player, f"choose the modes of {name}", labels, 1, 1,
                                     {"what": "modes", "default": [labels[0]]}))[0]
            modes = tuple(int(n) for n in str(pick).split("+"))
        targets = []
        for spec in self.spell_target_specs(name, modes):
            options = tuple(self.target_options(probe, spec))
            if not options:
                if spec.optional:
                    continue
                return False
            pick = self.ask(Decision("choose", player, f"choose {spec.text} for {name}", options, 1, 1,
                                     {"what": "target", "text": card.oracle_text}))
            targets.append(self.target_ref(pick[0]))
        cast_from = st.objs[oid].zone
        self.move(oid, "stack")
        item = StackItem(st.new_id(), "spell", player, oid, st.objs[oid].epoch, "spell", name,
                         tuple(targets), 0, {"modes": modes} if modes else {}, timestamp=st.tick())
        if alt:
            item.data["alt"] = alt
        if cast_from != "hand":  # as a cast spell records it (rebound: only from the hand, 702.88a)
            item.data["from"] = cast_from
        st.stack.append(item)
        self.changed()
        self.note(f"{player} casts {name} without paying its mana cost")
        self.spell_cast(item)
        self.became_targets(item)
        return True

    def spell_cast(self: Game, item: StackItem) -> None:
        """The spell ``item`` became cast (601.2i), announced: counted for the turn
        (:func:`~.tally.cast`: "your second spell each turn", 726.3a), then its SpellCast
        event, built when noticed (``Game.noticing``: an ability, a plugin or a log hears
        it) or when a delayed ability waits for a spell ("When you next cast", 603.7c:
        looked at then, as a move to the battlefield always is)."""
        st = self.state
        cast(st, item.controller)
        self.changed(characteristics=False, sba=False)  # (a static ability's condition may read the count)
        if st.delayed or self.noticing("SpellCast"):
            self.emit(ev.SpellCast(item.id, item.source, item.controller), battlefield=bool(st.delayed))
