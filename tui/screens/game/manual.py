"""The manual-actions menu (``m``): the sandbox, for what the engine doesn't automate.

Every entry builds lines of the scenario language (``move``, ``counter``,
``tap``, ``pump``, ``token``, ``draw``...) from a few dialogs and plays them,
so a manual action is journalled and undone like any other.  Looking at the
top of the library only shows cards and plays nothing.
"""

from __future__ import annotations

from typing import Any

from mechanics import NotationError
from mechanics import actions as A

from ...render import card_rows, human
from ..dialogs import ChooseDialog, InputDialog, NumberDialog
from ..zones import ZoneScreen

MOVE_ZONES = ("graveyard", "exile", "hand", "library", "battlefield", "command")
SEARCH_ZONES = ("hand", "battlefield", "graveyard", "exile")


def menu(game: Any, oid: int | None, me: str) -> list[tuple[str, str]]:
    """The menu's entries (key, label): those for the object ``oid`` first, if any."""
    options: list[tuple[str, str]] = []
    if oid is not None:
        name = game.name_of(oid)
        options += [("move", f"move {name} to a zone"),
                    ("add-counter", f"add counters to {name}"),
                    ("remove-counter", f"remove counters from {name}")]
        if game.state.objs[oid].zone == "battlefield":
            options += [("tap", f"tap {name}"), ("untap", f"untap {name}"),
                        ("pump", f"pump {name} (+P/+T until end of turn)")]
            if game.chars(oid).card.star_pt:
                options.append(("set-pt", f"set {name}'s */* power and toughness"))
        options += [("top", f"put {name} on top of its owner's library"),
                    ("bottom", f"put {name} on the bottom of its owner's library")]
    options += [("token", f"create a token (for {me})"), ("look", "look at the top N of your library"),
                ("search", "search your library for a card, then shuffle"),
                ("draw", "draw N"), ("mill", "mill N"), ("shuffle", "shuffle your library"),
                ("player-counter", f"add counters to {me}")]
    return options


class ManualMenu:
    """The ``m`` menu of :class:`GameScreen`."""

    def action_manual(self) -> None:
        """The menu of manual actions (the sandbox) for the selected object."""
        self.dialog_flow(self.manual)

    async def manual(self) -> None:
        action = await self.ask_manual()
        for one in action if isinstance(action, list) else [action]:
            if one is None or not self.play(one):
                return

    def manual_object(self) -> int | None:
        """What the menu acts on: the selected permanent or hand card, or the card of
        the selected spell on the stack."""
        sel = self.selected()
        if sel is not None and sel[0] in ("o", "h"):
            return sel[1]
        if sel is not None and sel[0] == "s":
            item = next((s for s in self.game.state.stack if s.id == sel[1]), None)
            return item.source if item is not None and item.kind == "spell" else None
        return None

    async def ask_manual(self) -> A.Action | list[A.Action] | None:
        """Build manual actions of the scenario language from a few dialogs."""
        game = self.game
        me = human(game)
        wait = self.app.push_screen_wait
        oid = self.manual_object()
        ref = game.ref_for(oid) if oid is not None else None
        name = game.name_of(oid) if oid is not None else ""
        res = await wait(ChooseDialog("Manual" + (f": {name}" if name else ""),
                                      "what to do by hand (it is recorded as a scenario line)",
                                      menu(game, oid, me)))
        if not res:
            return None
        what = res[0]
        if what == "move":
            zone = await wait(ChooseDialog("Move", f"move {name} to", [
                (z, z) for z in MOVE_ZONES if z != game.state.objs[oid].zone]))
            return A.Move(ref, zone[0]) if zone else None
        if what in ("top", "bottom"):
            return A.Move(ref, "library", bottom=what == "bottom")
        if what in ("add-counter", "remove-counter", "player-counter"):
            text = await wait(InputDialog("Counters", "KIND [N], e.g. +1/+1 2 or charge",
                                          value="+1/+1 1" if what != "player-counter" else "poison 1"))
            if not text:
                return None
            words = text.split()
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            cls = A.RemoveCounter if what == "remove-counter" else A.AddCounter
            return cls(me if what == "player-counter" else ref, words[0], n)
        if what in ("tap", "untap"):
            return (A.Tap if what == "tap" else A.Untap)(ref)
        if what == "pump":
            text = await wait(InputDialog("Pump", f"{name} gets +P/+T until end of turn", value="+1/+1"))
            return A.Pump.parse([ref, text]) if text else None
        if what == "set-pt":
            await self.set_pt(oid)
            return None
        if what == "token":
            text = await wait(InputDialog("Token", "a token copy of which card?", value=name))
            return A.Token(me, game.card(text).name) if text else None
        if what in ("draw", "mill", "look"):
            return await self.ask_count(what, me)
        if what == "shuffle":
            return A.Shuffle(me)
        if what == "search":
            return await self.ask_search(me)
        return None

    def ask_star_pt(self) -> None:
        """604.3: a */* creature of the player's whose ability the engine doesn't compute
        has an unknown power and toughness: ask for them once (esc: later, with m)."""
        game = self.game
        for oid in game.permanents(human(game), creature=True):
            obj = game.state.objs[oid]
            if game.chars(oid).pt_by_hand and obj.ref not in self.pt_asked:
                self.pt_asked.add(obj.ref)
                self.dialog_flow(self.set_pt, oid)
                return

    async def set_pt(self, oid: int) -> None:
        game = self.game
        name = game.name_of(oid)
        text = await self.app.push_screen_wait(InputDialog(
            "Power and toughness", f"{name} is P/T (its * ability, 604.3: {game.card(name).oracle_text})",
            value="1/1"))
        if text:
            try:
                self.play(A.SetPT.parse([game.ref_for(oid), text]))
            except NotationError as exc:  # "3/4" was expected
                self.say(str(exc), error=True)

    async def ask_count(self, what: str, me: str) -> A.Action | None:
        """Draw or mill N; or look at the top N of the library (a view, no action)."""
        game = self.game
        n = await self.app.push_screen_wait(NumberDialog(what.capitalize(), "N ="))
        if not n or n < 1:
            return None
        if what == "look":
            top = list(game.state.players[me].library[:n])
            self.app.push_screen(ZoneScreen(f"Top {len(top)} of {me}'s library (the top first)",
                                            card_rows(game, top, numbered=True)))
            return None
        return (A.Draw if what == "draw" else A.Mill)(me, n)

    async def ask_search(self, me: str) -> list[A.Action] | None:
        """A tutor by hand: the card to a zone, then shuffle (701.23)."""
        game = self.game
        wait = self.app.push_screen_wait
        library = game.state.players[me].library
        names = sorted({game.state.objs[o].name for o in library})
        pick = await wait(ChooseDialog("Search your library", "the card to take", [(n, n) for n in names]))
        if not pick:
            return None
        zone = await wait(ChooseDialog("Search", f"put {pick[0]} into", [(z, z) for z in SEARCH_ZONES]))
        if not zone:
            return None
        oid = next(o for o in library if game.state.objs[o].name == pick[0])
        return [A.Move(game.ref_for(oid), zone[0]), A.Shuffle(me)]
