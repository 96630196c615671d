"""The engine's primitives: every change to a game goes through one of these.

Each primitive applies the replacement effects that apply to it (614, with
the affected player choosing their order, 616.1), changes the state, and
emits an event from which triggered abilities are collected (603.2).
Mixed into :class:`mechanics.play.game.Game`; what it uses of the rest of the game
is named in ``PrimitivesNeeds`` (``protocols.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import EntersWith
from ..model import events as ev
from ..model.cards import face_names
from ..model.errors import IllegalActionError
from ..model.state import (
    EXILED_IF_DIES,
    PLAYER_ZONES,
    Decision,
    Effect,
    Obj,
)
from ..text.effects import CANT_GAIN_LIFE
from .prevention import prevented, protected  # noqa: F401 - protected: the rules' name for it
from .tally import drew, life_changed

if TYPE_CHECKING:
    from ..play.game import Game
    from .layers import Chars

#: the kind of a regeneration shield effect (701.19); its layer "-" is no layer
REGENERATE = "regenerate"


class Primitives:
    """Mixed into :class:`mechanics.play.game.Game`."""

    # ---------------------------------------------------------------- zones
    def move(self: Game, oid: int, zone: str, player: str | None = None,
             bottom: bool = False, controller: str | None = None,
             choices: dict[str, str] | None = None, transformed: bool = False) -> int:
        """Move an object to a zone (a new object, 400.7); returns its id.  ``choices``
        are the new object's choices made before it enters (X of a resolving permanent
        spell, 107.3m), which its enters-with abilities read.  ``transformed``: it
        enters the battlefield with its back face up (712); a card that isn't a
        transforming double-faced card stays where it is."""
        st = self.state
        obj = st.objs[oid]
        back = None
        if transformed and (back := self._back_face(obj.name)) is None:
            self.note(f"{self.describe(oid)} can't enter transformed: it stays in {obj.zone}")
            return oid
        old_zone, old_epoch = obj.zone, obj.epoch
        if old_zone == "battlefield":
            if obj.choices.get("alt") == "unearth" or (
                    zone == "graveyard" and obj.choices.get(EXILED_IF_DIES) == str(st.turn)):
                zone = "exile"  # 702.84a: "If it would leave the battlefield, exile it instead" (614.1a);
                # Lava Coil: "If that creature would die this turn, exile it instead" (614.1a)
            elif zone == "graveyard" and "dies" in self.ability_index().replacements \
                    and (ch := self.chars(oid)) is not None and ch.is_creature:  # 700.4: it would die
                zone = self.replace("dies", {"obj": oid, "zone": zone}, obj.controller)["zone"]
            if obj.ref not in st.lki:  # move_all recorded it before anything moved
                self.remember(obj)
            self._leave_battlefield(obj)
            if zone == "graveyard" and "Creature" in st.lki.get(obj.ref, {}).get("types", ()):
                st.turn_flags["creature_died"] = True  # 700.4: for "if a creature died this turn"
                st.turn_flags.setdefault("died", []).append(obj.ref)  # "for each creature that died this turn"
        self.remove_from_zone(obj)
        obj.epoch = old_epoch + 1
        obj.zone = zone
        obj.timestamp = st.tick()
        obj.tapped = obj.phased_out = obj.sick = False
        obj.damage, obj.deathtouch_damage, obj.counters = 0, False, {}
        obj.controller = controller or player or obj.owner
        if not obj.token:
            obj.copy_of = None
        obj.choices = dict(choices) if choices else {}
        if zone == "battlefield":
            obj.sick = True
            if back:
                obj.name = back
            st.battlefield.append(oid)
            if self.card(obj.name).is_type("Land"):  # "if you had a land enter ... this turn" (landfall)
                entered = st.turn_flags.setdefault("land_entered", [])
                if obj.controller not in entered:
                    entered.append(obj.controller)
        elif zone != "stack":
            card = self.card(obj.name)
            if card.name != card.full_name:  # 712.8: a double-faced card shows its front
                obj.name = face_names(card.full_name)[0]
            lst = getattr(st.players[player or obj.owner], zone)
            lst.append(oid) if (bottom or zone != "library") else lst.insert(0, oid)
        battlefield = "battlefield" in (old_zone, zone)
        if battlefield:
            self.changed_one(oid)
        else:  # (a token anywhere but the battlefield ceases to exist, 704.5d)
            self.changed(characteristics=False, sba=obj.token)
        if zone == "battlefield":  # 614.1c, 707.5: it enters already a copy, with its counters
            self._entered(obj)
        if not battlefield and not self.noticing("ZoneChanged"):
            return oid  # a move elsewhere than the battlefield nothing hears (emit)
        event = ev.ZoneChanged(oid, obj.epoch, obj.name, obj.owner, obj.controller,
                               old_zone, zone, old_epoch, obj.token)
        if self.entering is not None and zone == "battlefield":
            self.entering.append(event)  # move_all: announced once all of them are there
        else:
            self.emit(event, battlefield)
        return oid

    def move_all(self: Game, oids: list[int], zone: str) -> None:
        """Move objects at the same time (704.3: state-based actions): their last known
        information is taken before any moves, and each one's leaves-the-battlefield
        abilities see the others leave (603.10a); permanents entering together are all on
        the battlefield before any enters event, so each one's abilities see the others
        enter (603.6a), whatever the order of ``oids``."""
        st = self.state
        leaving = [oid for oid in oids if st.objs[oid].zone == "battlefield"]
        for oid in leaving:
            self.remember(st.objs[oid])
        self.departing = [st.objs[oid].ref for oid in leaving]
        self.entering = [] if zone == "battlefield" else None
        try:
            for oid in oids:
                self.move(oid, zone)
            entered = self.entering or []
        finally:
            self.departing, self.entering = [], None
        for event in entered:
            self.emit(event, True)

    def remove_from_zone(self: Game, obj: Obj) -> None:
        st, zone = self.state, obj.zone
        if zone == "battlefield":
            st.battlefield.remove(obj.id)
        elif zone == "stack":
            st.stack[:] = [s for s in st.stack if not (s.kind == "spell" and s.source == obj.id)]
        elif zone in PLAYER_ZONES:
            try:
                getattr(st.players[obj.owner], zone).remove(obj.id)  # (400.3: its owner's, unless put elsewhere)
                return
            except ValueError:
                pass
            for p in st.players.values():
                lst = getattr(p, zone)
                if obj.id in lst:
                    lst.remove(obj.id)

    def _leave_battlefield(self: Game, obj: Obj) -> None:
        self.remove_from_combat(obj)
        obj.attached_to = None
        held = []
        for other in self.state.objs.values():  # 704.5m/n: SBAs deal with what was attached
            if other.attached_to == obj.id and other.zone == "battlefield":
                other.attached_to = -1
                held.append(other.id)
            if other.attacked == obj.id:  # 506.4c: still attacking, but nothing to damage
                other.attacked = -1
        if held and obj.ref in self.state.lki:  # "when enchanted creature dies": what it had
            self.state.lki[obj.ref]["attached"] = held

    def _entered(self: Game, obj: Obj) -> None:
        """As it enters: "enters with" abilities and enter replacements (614.1c).
        When one makes it a copy (Clone), the copied card's apply instead (614.12)."""
        name = obj.copy_of or obj.name
        if self.behaviour(name).of(EntersWith):  # (none: nothing to apply)
            seen: set[str] = set()
            while name not in seen:
                seen.add(name)
                for ab in self.behaviour(name).of(EntersWith):
                    ab.apply(self.ctx(), obj)
                    if (obj.copy_of or obj.name) != name:
                        break
                name = obj.copy_of or obj.name
        card = self.card(name)
        if card.loyalty and card.is_type("Planeswalker"):  # 306.5b: with its printed loyalty
            self.put_counters(obj.id, "loyalty", card.loyalty)
        if "Saga" in card.subtypes:  # 714.3a: a Saga enters with a lore counter
            self.put_counters(obj.id, "lore", 1)
        if "counters" in obj.choices:
            for spec in filter(None, obj.choices["counters"].split(";")):  # as the spell was marked
                kind, _, n = spec.partition("=")
                self.put_counters(obj.id, kind, int(n))
        # 614.1c: other permanents' "enters with" replacement effects (Master Biomancer):
        # each adds counters and types to the op; it enters with them (122.6, 613.1d)
        if not self.replaces("enters"):
            return
        plain = {"obj": obj.id, "counters": {}, "subtypes": ()}
        op = self.replace("enters", plain, obj.controller)
        if op is plain:  # no replacement effect applied (each applies to a copy)
            return
        if op.get("transformed"):  # it enters transformed (a daybound permanent at night, 702.145b)
            self.turn_face(obj.id, "transform")
        if op.get("tapped") and not obj.tapped:  # "Artifacts your opponents control enter tapped"
            obj.tapped = True  # how it enters, not an event: it never "becomes tapped" (614.1c)
            self.changed(characteristics=False)
            self.note(f"{self.describe(obj.id)} enters tapped")
        if op["subtypes"]:
            self.add_effect("4", "enters-as", [obj.id], {"subtypes": tuple(op["subtypes"])}, until="")
        for kind, n in op["counters"].items():
            self.put_counters(obj.id, kind, n)

    def battlefield_objs(self: Game) -> list[Obj]:
        """The objects on the battlefield, phased out or not, oldest object first."""
        return list(map(self.state.objs.__getitem__, sorted(self.state.battlefield)))

    def attacks(self: Game, oid: int, player: str, walker: int | None = None) -> None:
        """The creature attacks ``player`` (and the planeswalker ``walker``, 508.1b):
        declared as an attacker (508.1) or put onto the battlefield attacking (508.4), not
        blocked yet (509.1h: decided anew each combat).  The combat has creatures in it
        (``State.combat``) until it ends (511.3)."""
        obj = self.state.objs[oid]
        obj.attacking, obj.attacked, obj.blocked = player, walker, False
        self.state.combat = True

    def remove_from_combat(self: Game, obj: Obj) -> None:
        """506.4: it stops attacking or blocking (none is outside a combat with attackers);
        an attacker blocked in it (509.1h) no longer is blocked by its blockers."""
        if not self.state.combat:
            return
        blocked = obj.attacking is not None and obj.blocked
        obj.attacking = obj.attacked = None
        obj.blocking = []
        if blocked:
            for other in self.battlefield_objs():  # only permanents are in combat (506.4)
                if obj.id in other.blocking:
                    other.blocking.remove(obj.id)

    def create_emblem(self: Game, player: str, name: str) -> int:
        """114.1: ``player`` gets an emblem (named by its abilities' text) in the command zone."""
        st = self.state
        oid = st.new_id()
        st.objs[oid] = Obj(oid, name, player, player, "command", st.tick())
        st.emblems.append(oid)
        self.changed()
        self.note(f"{player} gets an emblem with {name.removeprefix('Emblem ')}")
        return oid

    def day_night(self: Game, value: str) -> None:
        """726.2: it becomes day or night (the daybound plugin says when, 726.3)."""
        self.state.day_night = value
        self.changed()
        self.note(f"it becomes {value}")

    def put_onto_battlefield(self: Game, name: str, controller: str, token: bool = False,
                             copy_of: str | None = None) -> Obj:
        """Create a new object directly on the battlefield (tokens and setup)."""
        st = self.state
        oid = st.new_id()
        obj = Obj(oid, name, controller, controller, "battlefield", st.tick(), token=token,
                  copy_of=copy_of, sick=True)
        st.objs[oid] = obj
        st.battlefield.append(oid)
        self.changed()
        return obj

    def create_token(self: Game, controller: str, name: str, n: int = 1,
                     copy_of: str | None = None) -> list[int]:
        """Create tokens (111), applying replacement effects such as Doubling Season."""
        op = self.replace("tokens", {"player": controller, "name": name, "n": n,
                                     "copy_of": copy_of}, controller)
        made = []
        for _ in range(op["n"]):
            obj = self.put_onto_battlefield(op["name"], controller, token=True,
                                            copy_of=op["copy_of"])
            made.append(obj)
            self._entered(obj)  # 614.1c: "enters with" applies before the enter event
        for obj in made:  # 603.6a: tokens made together see each other enter
            self.emit(ev.TokenCreated(obj.id, obj.name, controller))
            self.emit(ev.ZoneChanged(obj.id, obj.epoch, obj.name, controller, controller,
                                     "", "battlefield", -1, True), True)
        return [obj.id for obj in made]

    def _back_face(self: Game, name: str) -> str | None:
        """The back face's name of a transforming double-faced card (712), else None."""
        whole = self.pool.get(self.card(name).full_name)
        ok = whole is not None and whole.layout == "transform" and len(whole.faces) == 2
        return whole.faces[1].name if ok else None

    def turn_face(self: Game, oid: int, action: str) -> bool:
        """Transform (712: a transforming double-faced card turns to its other face) or flip
        (710: a flip card turns 180 degrees, once): the same object, with the other face's
        characteristics.  Any other card, or one whose other face's text is unknown, doesn't."""
        obj = self.state.objs[oid]
        card = self.card(obj.name)
        whole = self.pool.get(card.full_name)
        layout = "flip" if action == "flip" else "transform"
        names = face_names(card.full_name)
        if obj.zone != "battlefield" or whole is None or whole.layout != layout or len(whole.faces) != 2 \
                or (action == "flip" and card.name != names[0]):  # a flipped card stays flipped
            self.note(f"{self.describe(oid)} can't {action}")
            return False
        before = self.describe(oid)
        obj.name = whole.faces[1].name if card.name == names[0] else whole.faces[0].name
        self.changed()
        self.note(f"{before} {action}s into {obj.name}")
        return True

    def enter_copy(self: Game, oid: int, copy_of: str) -> None:
        """707.5/706: an object enters as a copy (Clone): its copiable values change."""
        self.state.objs[oid].copy_of = copy_of
        self.changed()

    def destroy(self: Game, oid: int, regenerate: bool = True) -> bool:
        """701.7: destroy a permanent (not an indestructible one); a regeneration shield
        replaces it unless "it can't be regenerated" (701.19c)."""
        obj = self.state.objs[oid]
        ch = self.chars(oid)
        if obj.zone != "battlefield" or (ch and ch.has("indestructible")):
            return False
        if self.shielded(oid):
            return False
        if regenerate and self.regenerated(oid):  # 701.19a: a regeneration shield replaces it
            return False
        self.move(oid, "graveyard")
        return True

    def shielded(self: Game, oid: int) -> bool:
        """122.1c: "If a permanent with a shield counter on it would be dealt damage or
        destroyed, instead remove a shield counter from it."  Applied before a regeneration
        shield (616.1: of two, the one that keeps the most for its controller)."""
        if not self.state.objs[oid].counters.get("shield"):
            return False
        self.remove_counters(oid, "shield", 1)
        self.note(f"{self.describe(oid)}: a shield counter is removed instead")
        return True

    def regenerate(self: Game, oid: int) -> None:
        """701.19a: "Regenerate it": a shield for this turn, used the next time the
        permanent would be destroyed (614.8)."""
        self.add_effect("-", REGENERATE, [oid], {}, until="eot")

    def regenerated(self: Game, oid: int) -> bool:
        """Use a regeneration shield on ``oid`` in place of destroying it, if it has one:
        tap it, remove all damage from it and remove it from combat (701.19a)."""
        st = self.state
        obj = st.objs[oid]
        shield = next((e for e in st.effects if e.kind == REGENERATE and obj.ref in e.affected), None)
        if shield is None:
            return False
        st.effects = [e for e in st.effects if e is not shield]
        obj.damage, obj.deathtouch_damage = 0, False
        self.remove_from_combat(obj)
        self.tap(oid)
        self.changed()
        self.note(f"{self.describe(oid)} regenerates (tapped, damage removed, out of combat)")
        return True

    def sacrifice(self: Game, oid: int) -> None:
        self.move(oid, "graveyard")

    def sacrifice_all(self: Game, oids: list[int]) -> None:
        """Sacrifice permanents at the same time (701.21a: "sacrifices all permanents in
        the pile"): each one's leaves-the-battlefield abilities see the others leave."""
        self.move_all(oids, "graveyard")

    def exile_until(self: Game, oid: int, designation: str, player: str) -> int:
        """Exile an object until an opponent of ``player`` gets ``designation`` (Palace
        Jailer: "until an opponent becomes the monarch"; :meth:`designate` returns it,
        610.3c).  Returns its id in exile."""
        gone = self.move(oid, "exile")
        self.state.exiled_until.append({"obj": self.state.objs[gone].ref, "designation": designation,
                                        "player": player})
        return gone

    def designate(self: Game, player: str, name: str) -> None:
        """``player`` gets a designation only one player has at a time, taking it from
        whoever had it (724.1, 724.3: "you become the monarch")."""
        if self.state.designations.get(name) == player:
            return
        self.state.designations[name] = player
        self.changed(characteristics=False)
        self.note(f"{player} becomes the {name}")
        back = [e for e in self.state.exiled_until if e["designation"] == name and player in self.opponents(e["player"])]
        self.state.exiled_until = [e for e in self.state.exiled_until if e not in back]
        for e in back:  # 610.3c: the exiled card returns under its owner's control at once
            oid, epoch = e["obj"]
            obj = self.state.objs.get(oid)
            if obj is not None and obj.epoch == epoch and obj.zone == "exile":
                self.move(oid, "battlefield", controller=obj.owner)

    def draw(self: Game, player: str, n: int = 1) -> None:
        p = self.state.players[player]
        n = min(n, len(p.library)) if p.auto else n
        for i in range(n):
            if not p.library:
                if not p.auto:  # a goldfish with no cards does nothing, not even lose
                    p.drew_from_empty = True  # 704.5b
                    self.changed()
                return
            oid = p.library[0]
            drew(self.state, player)  # the turn's count of draws a condition may read (tally), announced by the move
            self.move(oid, "hand", player)
            if self.noticing("Drew"):
                self.emit(ev.Drew(player, oid, i, n))

    def mill(self: Game, player: str, n: int) -> list[int]:
        """701.17: put the top N cards into the graveyard, all at once (as many as there are)."""
        p = self.state.players[player]
        cards = p.library[:max(0, n)]
        for oid in cards:
            self.move(oid, "graveyard", player, bottom=True)
        nonland = sum(1 for oid in cards if not self.card(self.state.objs[oid].name).is_type("Land"))
        self.emit(ev.Milled(player, tuple(cards), nonland))
        return cards

    def shuffle(self: Game, player: str) -> None:
        self.state.shuffle(self.state.players[player].library)
        self.changed()
        self.note(f"{player} shuffles")

    # ---------------------------------------------------------------- counters
    def put_counters(self: Game, target: int | str, kind: str, n: int,
                     source_item: int | None = None) -> int:
        """Put counters on a permanent (id) or a player (name); returns how many were put."""
        if n <= 0:
            return 0
        holder = self._holder(target)
        affected = target if isinstance(target, str) else self.controller_of(target)
        op = self.replace("counters", {"target": target, "kind": kind, "n": n}, affected)
        n = op["n"]
        if n <= 0:
            return 0
        holder.counters[kind] = holder.counters.get(kind, 0) + n
        self.changed() if isinstance(target, str) else self.changed_one(target)
        self.counter_put(kind)
        obj_id, player = (None, target) if isinstance(target, str) else (target, None)
        self.emit(ev.CountersPut(kind, n, obj_id, player, source_item))
        return n

    def remove_counters(self: Game, target: int | str, kind: str, n: int) -> int:
        holder = self._holder(target)
        n = min(n, holder.counters.get(kind, 0))
        if n <= 0:
            return 0
        holder.counters[kind] -= n
        if not holder.counters[kind]:
            del holder.counters[kind]
        self.changed() if isinstance(target, str) else self.changed_one(target)
        obj_id, player = (None, target) if isinstance(target, str) else (target, None)
        self.emit(ev.CountersRemoved(kind, n, obj_id, player))
        return n

    def _holder(self: Game, target: int | str) -> Any:
        return self.state.players[target] if isinstance(target, str) else self.state.objs[target]

    def replaces(self: Game, on: str) -> bool:
        """Whether a replacement effect may apply to an event of kind ``on`` (614): a
        permanent has one for it or an awake plugin collects some (the ability index
        says which).  When none may, the event happens as it is."""
        index = self.ability_index()
        return on in index.replacements or "replacement_collect" in index.plugins.hooks

    def replace(self: Game, on: str, op: dict[str, Any], affected: str) -> dict[str, Any]:
        """Apply each replacement effect that applies, once (614.5), in the order the
        affected player or controller chooses when more than one applies (616.1); none
        when none may (:meth:`replaces`)."""
        if not self.replaces(on):
            return op
        used: set[str] = set()
        while True:
            found = [(key, fn) for key, fn in self.replacements(on, op) if key not in used]
            if not found:
                return op
            if len(found) > 1:
                names = tuple(key for key, _ in found)
                pick = self.ask(Decision(
                    "choose", affected, f"choose which replacement effect applies first ({on})",
                    names, 1, 1, {"what": "replacement", "default": [names[0]]}))[0]
                found = [f for f in found if f[0] == pick] or found
            key, fn = found[0]
            used.add(key)
            op = fn(dict(op))

    def replacements(self: Game, on: str, op: dict[str, Any]) -> list[tuple[str, Any]]:
        """Replacement effects that apply to this primitive: (key, apply) pairs, from
        permanents' abilities and from plugins."""
        out: list[tuple[Any, Any]] = []
        for oid, ch, mine in self.ability_index().replacements.get(on, ()):
            src = self.state.objs[oid]
            for i, ab in enumerate(mine):
                if ab.applies(self, src, op):
                    # the permanent itself is the choice (``choose "Hardened Scales"``) unless
                    # it has several replacement effects for this kind of event
                    key: Any = oid if len(mine) == 1 else f"{ch.name}#{self.ordinal(oid)}:{i}"
                    out.append((key, lambda o, ab=ab, src=src: ab.apply(self, src, o)))
        return out + self.hooks.replacements(self, on, op)

    # ---------------------------------------------------------------- phasing (702.26)
    def phase_out(self: Game, oid: int, _indirect: bool = False) -> None:
        """702.26: treated as though it doesn't exist; not a zone change.  Auras and
        Equipment attached to it phase out indirectly with it (702.26g)."""
        obj = self.state.objs[oid]
        if obj.phased_out or obj.zone != "battlefield":
            return
        obj.phased_under = self.controller_of(oid)  # 702.26a: the controller now
        obj.phased_out, obj.phased_indirectly = True, _indirect
        self.remove_from_combat(obj)
        self.changed()
        self.emit(ev.PhasedOut(oid, _indirect))
        for other in list(self.state.objs.values()):
            if other.attached_to == oid and other.zone == "battlefield":
                self.phase_out(other.id, _indirect=True)

    def phase_in(self: Game, oid: int, _indirect: bool = False) -> None:
        obj = self.state.objs[oid]
        if not obj.phased_out:
            return
        obj.phased_out = obj.phased_indirectly = False
        self.changed()
        self.emit(ev.PhasedIn(oid, _indirect))
        for other in list(self.state.objs.values()):
            if other.attached_to == oid and other.phased_indirectly:
                self.phase_in(other.id, _indirect=True)

    # ---------------------------------------------------------------- damage and life
    def damage(self: Game, target: int | str, n: int, source: int | None = None,
               combat: bool = False) -> None:
        """Deal damage (120): to a player it is life loss, to a creature it is marked, from a
        planeswalker it removes that many loyalty counters (120.3c).
        Prevention and replacement effects (615, 614; on ``"damage"``) apply first."""
        if n > 0 and self.replaces("damage"):
            hurt = target if isinstance(target, str) else self.controller_of(target)
            op = self.replace("damage", {"target": target, "n": n, "source": source, "combat": combat}, hurt)
            n, target = op["n"], op["target"]  # 614.9: "is dealt to ~ instead" redirects it
            if op.get("counters") and not isinstance(target, str):  # 614.1a: counters instead (Soul-Scar Mage)
                self.put_counters(target, *op["counters"])
        src = self.chars(source) if source is not None else None  # what deals it, read once
        if n > 0:
            n = prevented(self, target, n, source, combat, src)  # 615, protection's among them (702.16e)
        if n <= 0 or not isinstance(target, str) and self.shielded(target):  # 122.1c
            return
        player = target if isinstance(target, str) else None
        hooked = "damage_results" in self.awake().hooks  # (the plugins' hooks read the event)
        dealt = ev.DamageDealt(n, source, None if player else target, player, combat) \
            if hooked or self.noticing("DamageDealt") else None  # (else nothing reads it: not built)
        results = lifelink(src, n)  # proposed (120.3), and the awake plugins' that propose some
        if hooked:
            results += self.hooks.damage_results(self, dealt)
        default = ("instead",) not in results
        if player is not None:
            self.state.turn_flags.setdefault("damaged_players", []).append(player)  # bloodthirst (702.54a)
            if dealt is not None:
                self.emit(dealt)
            if default:
                self.lose_life(player, n)  # 120.3a
        else:
            obj, ch = self.state.objs[target], self.chars(target)
            walker = ch is not None and "Planeswalker" in ch.types
            self.state.turn_flags.setdefault("damaged_objects", []).append(obj.ref)  # "was dealt damage this turn"
            if source is not None and source in self.state.objs:  # "a creature dealt damage by ~ this turn",
                # "... this turn by a source you controlled": the source and its controller as it dealt it
                self.state.turn_flags.setdefault("damaged_by", []).append(
                    (tuple(obj.ref), tuple(self.state.objs[source].ref), self.controller_of(source)))
            if default and (not walker or ch.is_creature):  # 120.3e: marked on a creature
                obj.damage += n
                src = self.chars(source) if source is not None else None
                if src and src.has("deathtouch"):
                    obj.deathtouch_damage = True
                self.changed(characteristics=False, only=(target,))
            if default and walker:
                self.remove_counters(target, "loyalty", n)  # 120.3c: loyalty counters removed
            if dealt is not None:
                self.emit(dealt)
        for op in results:
            if op[0] != "instead":
                getattr(self, op[0])(*op[1:])

    def keyword_instances(self: Game, oid: int, name: str) -> list[Any]:
        """The instances of the keyword ``name`` the permanent ``oid`` has, one entry
        each (702.x: each instance triggers or counts separately): the number N of a
        numbered keyword ("Toxic 2" -> 2), the cost of one that takes a cost, None for
        one that takes nothing.  From its rules text (a copy's is what it copies); a
        keyword an effect grants counts as one instance without a number."""
        ch = self.chars(oid)
        if ch is None or ch.no_abilities:
            return []
        found = [arg for kw, arg in ch.behaviour.keywords if kw == name]
        return found or ([None] if name in ch.keywords else [])

    def _life_holder(self: Game, player: str) -> list[str]:
        """810.9: with a shared life total a team's players change life together."""
        st = self.state
        return st.team_of(player) if st.shared_life else [player]

    def lose_life(self: Game, player: str, n: int) -> None:
        self._change_life(player, -n)

    def gain_life(self: Game, player: str, n: int) -> None:
        self._change_life(player, n)

    def _change_life(self: Game, player: str, n: int) -> None:
        if n > 0 and any(e.kind == CANT_GAIN_LIFE and player in e.params["players"] for e in self.state.effects):
            return  # 119.8: an effect that would make a player who can't gain life gain life doesn't
        if n and self.replaces("life"):  # "your life total can't change" (Teferi's Protection)
            n = self.replace("life", {"player": player, "n": n}, player)["n"]
        if not n:
            return
        for p in self._life_holder(player):
            self.state.players[p].life += n
        life_changed(self.state, player, n)  # the turn's count, which a condition may read (tally)
        self.changed(characteristics=False, only=())
        if self.noticing("LifeChanged"):
            self.emit(ev.LifeChanged(player, n))

    # ---------------------------------------------------------------- effects
    def add_effect(self: Game, layer: str, kind: str, affected: list[int], params: dict[str, Any],
                   until: str = "eot", source: int | None = None) -> Effect:
        """Start a continuous effect from a resolving spell or ability (611.2).
        Phased-out permanents are not included (702.26e)."""
        st = self.state
        refs = tuple(st.objs[i].ref for i in affected if not st.objs[i].phased_out)
        src = st.objs[source].ref if source is not None else None
        e = Effect(st.new_id(), layer, kind, refs, params, st.tick(), until, src)
        st.effects.append(e)
        self.changed()
        return e

    def pump(self: Game, oid: int, p: int, t: int, until: str = "eot") -> None:
        last = self.state.effects[-1] if self.state.effects else None
        obj = self.state.objs[oid]
        if (last is not None and last.kind == "pump" and last.source is None and last.until == until
                and last.affected == (obj.ref,) and not obj.phased_out):
            # Two sourceless pumps of one permanent in a row are one effect: layer 7c adds
            # them up whatever their order (613.4c), so a long game of pumps (or a churn of
            # pump, undo, redo) keeps one effect instead of thousands to copy and apply.
            p0, t0 = last.params["pt"]
            last.params = {"pt": (p0 + p, t0 + t)}
            self.changed()
        else:
            self.add_effect("7c", "pump", [oid], {"pt": (p, t)}, until)
        self.note(f"{self.describe(oid)} gets {p:+d}/{t:+d}" + (" until end of turn" if until == "eot" else
                  f" until {until.removeprefix('turn:')}'s next turn" if until.startswith("turn:") else ""))

    def add_mana(self: Game, player: str, symbols: list[str]) -> None:
        if not symbols:
            return
        self.state.players[player].mana += symbols
        self.changed(board=False)  # a mana pool: the turn's bookkeeping (emptied as steps end, 500.4)

    def keyword_action(self: Game, name: str, player: str, **kw: Any) -> Any:
        """Perform a keyword action a plugin implements (proliferate, 701.34)."""
        result = self.hook("keyword_action", game=self, name=name, ctx=self.ctx(player=player),
                           player=player, args=kw)
        if result is None:
            raise IllegalActionError(f"no loaded plugin implements the keyword action '{name}'")
        return result


def lifelink(src: Chars | None, amount: int) -> list[tuple]:
    """702.15b: damage dealt by a source with lifelink (``src``: its characteristics) causes
    its controller to gain that much life (``amount``), in addition to its other results:
    the engine's own ``damage_results``."""
    return [("gain_life", src.controller, amount)] if src and src.has("lifelink") else []
