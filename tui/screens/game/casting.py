"""Casting a spell and activating an ability from the selection (``c``, ``a``, enter).

A land in hand is played; anything else asks its modes first when it is modal
(700.2, 601.2b: the modes whose targets can be chosen), then its targets, one
dialog a target spec, then X when the cost has one, and ends in a single ``Cast``
or ``Activate`` action: the engine checks everything else (mana, timing).
"""

from __future__ import annotations

from mechanics import actions as A
from mechanics import choosable, how_many, spell_modal
from mechanics.model.cards import parse_cost
from mechanics.model.state import StackItem

from ...render import human, option_labels, option_ref, preferred_first
from ..dialogs import ChooseDialog, NumberDialog


class Casting:
    """The cast and activate flows of :class:`GameScreen`."""

    def action_cast(self) -> None:
        if self.decision_pending():
            return
        sel = self.selected()
        if sel is None:
            self.say("select a card in your hand or a permanent first (tab/arrows)", error=True)
        elif sel[0] == "h":
            self.dialog_flow(self.cast, sel[1])
        elif sel[0] == "o":
            self.dialog_flow(self.activate, sel[1])
        else:
            self.action_pass()

    def action_activate(self) -> None:
        if self.decision_pending():
            return
        sel = self.selected()
        if sel is None or sel[0] != "o":
            # `a` is not attack (a player used to other clients may think so): say which is
            self.say("select a permanent to activate first (to attack: g, or A for all)",
                     error=True)
            return
        self.dialog_flow(self.activate, sel[1])

    async def cast(self, oid: int) -> None:
        """Play the land, or cast the spell, in hand."""
        game = self.game
        me = human(game)
        faces = game.castable_faces(oid) or [game.state.objs[oid].name]
        if len(faces) > 1:  # 709.3, 712, 715.3: a half, a face or an Adventure
            faces = await self.app.push_screen_wait(ChooseDialog(
                "Cast", "which face or half?", [(f, f) for f in faces], 1, 1))
            if not faces:
                return
        card = game.card(faces[0])
        if card.is_type("Land"):
            self.move(A.PlayLand(me, card.name))
            return
        probe = StackItem(0, "spell", me, None, 0, "spell", card.name)
        modes = await self.ask_modes(f"Cast {card.name}", probe, card.name)
        if modes is None:
            return
        answer = await self.ask_targets_and_x(f"Cast {card.name}", probe,
                                              game.spell_target_specs(card.name, modes), card.cost,
                                              card.oracle_text)
        if answer is not None:
            self.move(A.Cast(me, card.name, *answer, modes=modes))

    async def ask_modes(self, title: str, probe: StackItem, name: str) -> tuple[int, ...] | None:
        """A modal spell's modes, from those that can be chosen (700.2a); () for a spell
        that isn't modal, None when cancelled or too few can be chosen."""
        modal = spell_modal(self.game, name)
        if modal is None:
            return ()
        able = choosable(self.game, probe, modal)
        if len(able) < modal.least:
            self.say(f"no mode of {name} can be chosen: they have no legal target (700.2a)", error=True)
            return None
        res = await self.app.push_screen_wait(ChooseDialog(
            title, f"choose {how_many(modal)}", [(n, modal.modes[n - 1].text) for n in able],
            modal.least, min(modal.most, len(able))))
        if res is None:
            self.say("cancelled")
            return None
        return tuple(sorted(res))

    async def activate(self, oid: int) -> None:
        """Activate an ability of a permanent (asking which one when it has several)."""
        game = self.game
        me = human(game)
        abilities = game.activated(oid)
        name = game.name_of(oid)
        if not abilities:
            self.say(f"{name} has no activated ability", error=True)
            return
        n = 1
        if len(abilities) > 1:
            res = await self.app.push_screen_wait(ChooseDialog(
                f"Activate {name}", "which ability?",
                [(i + 1, ab.text or ab.cost) for i, ab in enumerate(abilities)]))
            if not res:
                return
            n = res[0]
        ab = abilities[n - 1]
        obj = game.state.objs[oid]
        probe = StackItem(0, "activated", me, oid, obj.epoch, "", ab.text)
        answer = await self.ask_targets_and_x(f"Activate {name}", probe, ab.targets,
                                              parse_cost(ab.cost), ab.text)
        if answer is not None:
            self.move(A.Activate(me, game.ref_for(oid), n, *answer))

    async def ask_targets_and_x(self, title: str, probe: StackItem, specs: tuple,
                                cost: tuple[str, ...], text: str) -> tuple[tuple[str, ...], int] | None:
        """The targets (one dialog a spec, the likely target first for what ``text``
        does), then X when the cost has one: the last two fields of a Cast or
        Activate; None when cancelled or a target has no option."""
        targets = await self.ask_targets(title, probe, specs, text)
        if targets is None:
            return None
        if "X" not in cost:
            return tuple(targets), 0
        x = await self.app.push_screen_wait(NumberDialog(title, "X ="))
        if x is None:
            self.say("cancelled")
            return None
        return tuple(targets), x

    async def ask_targets(self, title: str, probe: StackItem, specs: tuple,
                          text: str) -> list[str] | None:
        game = self.game
        out: list[str] = []
        for spec in specs:
            options = preferred_first(game, probe.controller, game.target_options(probe, spec), text)
            if not options:
                if spec.optional:
                    continue
                self.say(f"no legal target: {spec.text}", error=True)
                return None
            res = await self.docked(ChooseDialog(
                title, f"choose {spec.text}", option_labels(game, options),
                0 if spec.optional else 1, 1, docked=True))
            if res is None:
                self.say("cancelled")
                return None
            out += [option_ref(game, o) for o in res]
        return out
