"""References to objects in scenario lines and generated actions.

Mixed into :class:`mechanics.play.game.Game`.  A reference is an alias, a player, a
card name (the oldest object with it in the first zone that has one), ``"Name"#N``
or ``zone:Name#N``; :meth:`References.ref_for` writes the reference that names
exactly one object, and :meth:`References.resolve_ref` reads one back, with an
error that says what exists when it names nothing.

No rule of the game of its own: it names objects by what the rules say they are.
A name is the characteristic after layers on the battlefield (613, so a copy goes
by the name it copies, 707.2), a card that changes zones is a new object (400.7)
and counts among those in its new zone, and a token that has ceased to exist
(111.7) keeps its last known name as the source of its abilities (113.7a).
What it needs from the rest of the game: ``ReferenceNeeds`` in ``protocols.py``.
"""

from __future__ import annotations

import functools
from operator import attrgetter
from typing import TYPE_CHECKING

from ..model.errors import AmbiguousReferenceError, BadReferenceError

if TYPE_CHECKING:
    from ..model.state import Obj
    from ..play.game import Game


_TIMESTAMP = attrgetter("timestamp")  # (objects oldest first)
#: the zones a name refers to, in the order a bare name looks at them
ZONE_ORDER = ("battlefield", "stack", "hand", "graveyard", "exile", "library")
_ZONE_INDEX = {z: i for i, z in enumerate(ZONE_ORDER)}


@functools.lru_cache(maxsize=4096)
def _fold(name: str) -> str:
    """A name compared case-insensitively (references are)."""
    return name.casefold()


class References:
    """Names, ordinals and references of objects."""

    def ordinal(self: Game, oid: int) -> int:
        """N in ``"Name"#N``: its place among same-named objects in its zone group."""
        same = self._named(self.name_of(oid))
        for group in same:
            if oid in group:
                return group.index(oid) + 1
        return 1

    def name_of(self: Game, oid: int) -> str:
        ch = self.chars(oid)
        if ch:
            return ch.name
        obj = self.state.objs.get(oid)
        if obj is not None:
            return obj.name
        # a token that ceased to exist (111.7) is still the source of its abilities (113.7a)
        return next((info["name"] for (i, _), info in self.state.lki.items() if i == oid), f"#{oid}")

    def describe(self: Game, oid: int | str | None) -> str:
        if oid is None:
            return "no source"
        if isinstance(oid, str):
            return oid
        return self.name_of(oid)

    def ref_for(self: Game, oid: int) -> str:
        """A reference that names exactly this object (for generated actions): its
        alias, its name, ``Name#N``, or ``zone:Name#N`` when another zone comes first."""
        name = self.name_of(oid)
        for alias, i in self.state.aliases.items():
            if i == oid:
                return alias
        obj = self.state.objs.get(oid)
        if obj is not None and obj.zone == "battlefield":  # the first zone a name looks at
            kept = self._names()
            group = self._battlefield_group(kept, name)
            ref = name if len(group) == 1 else f"{name}#{group.index(oid) + 1}"
            kept[3][ref] = oid  # (read back as it is: the autopilot's actions name permanents)
            return ref
        groups = self._named(name)
        first = next((g for g in groups if g), [])
        zone = next(z for z, g in zip(ZONE_ORDER, groups, strict=True) if oid in g)
        group = groups[ZONE_ORDER.index(zone)]
        prefix = "" if group is first else f"{zone}:"
        return f"{prefix}{name}" if len(group) == 1 else f"{prefix}{name}#{group.index(oid) + 1}"

    def _named(self: Game, name: str) -> list[list[int]]:
        """Objects with that name, grouped by zone in reference order, oldest first."""
        return [self._group(name, z) for z in range(len(ZONE_ORDER))]

    def _group(self: Game, name: str, z: int) -> list[int]:
        """The objects with that name in zone ``ZONE_ORDER[z]``, oldest first.  The
        battlefield's are found among the permanents alone, every name's in one look at
        them (a bare name looks there first, and the references the autopilot writes name
        permanents), the other zones' per name in one look at every object."""
        st = self.state
        kept = self._names()
        if z == 0:
            return list(self._battlefield_group(kept, name))
        key = _fold(name)
        found = kept[2].get(key)
        if found is None:
            groups: list[list[Obj]] = [[] for _ in ZONE_ORDER]
            for obj in st.objs.values():
                i = _ZONE_INDEX.get(obj.zone)
                if i and _fold(obj.name) == key:
                    groups[i].append(obj)
            found = kept[2][key] = [[o.id for o in sorted(g, key=_TIMESTAMP)] for g in groups]
        return list(found[z])

    def _names(self: Game) -> list:
        """What names refer to, kept for the game's board_revision (names, zones and the
        order of objects are all written with it): ``[board_revision, the battlefield's
        by name (built when first asked), the other zones' per name, the references
        ref_for wrote of permanents]``."""
        kept = self.memo.get("names_kept")
        if kept is None or kept[0] != self.board_revision:
            kept = self.memo["names_kept"] = [self.board_revision, None, {}, {}]
        return kept

    def _battlefield_group(self: Game, kept: list, name: str) -> list[int] | tuple[()]:
        """The permanents ``name`` refers to, oldest first, from the names ``kept``
        (:meth:`_names`; the battlefield's all found in one look when first asked)."""
        if kept[1] is None:
            kept[1] = self._battlefield_names()
        return kept[1].get(_fold(name), ())

    def _battlefield_names(self: Game) -> dict[str, list[int]]:
        """The permanents each name refers to, oldest first: a permanent goes by its own
        name and by its name after layers (name_of: a copy by the name it copies, 707.2)."""
        st = self.state
        chars = self.all_chars()
        out: dict[str, list[int]] = {}
        for o in sorted(map(st.objs.__getitem__, st.battlefield), key=_TIMESTAMP):
            key = _fold(o.name)
            out.setdefault(key, []).append(o.id)
            ch = chars.get(o.id)
            if ch is not None and ch.name != o.name and (other := _fold(ch.name)) != key:
                out.setdefault(other, []).append(o.id)
        return out

    def resolve_ref(self: Game, ref: str, players: bool = True) -> int | str:
        """An alias, ``p1``, a card name or ``"Name"#N`` to an object id or a player."""
        st = self.state
        if players and ref in st.players:
            return ref
        if ref in st.aliases:
            oid = st.aliases[ref]
            if oid not in st.objs:
                raise BadReferenceError(f"'{ref}' was a token that no longer exists")
            return oid
        kept = self.memo.get("names_kept")
        if kept is not None and kept[0] == self.board_revision and (oid := kept[3].get(ref)) is not None:
            return oid  # what ref_for wrote of a permanent, read back with nothing changed since
        name, n = ref, 0
        if "#" in ref:
            head, _, tail = ref.rpartition("#")
            if tail.isdigit():
                name, n = head, int(tail)
        zone, _, rest = name.partition(":")
        in_zone = zone in ZONE_ORDER and rest
        if in_zone:  # "hand:Forest#2": the objects with that name in that zone
            name = rest
        found = self._group(name, ZONE_ORDER.index(zone)) if in_zone else \
            next((g for z in range(len(ZONE_ORDER)) if (g := self._group(name, z))), [])
        if not found:
            if self.pool.get(name) is None and name not in st.aliases:
                raise BadReferenceError(f"no object or alias '{ref}'; " + self.unknown_card(name).split("; ", 1)[-1]
                                         if self.pool.suggest(name) else f"no object or alias '{ref}'")
            raise BadReferenceError(f"no '{name}' in any zone")
        if n:
            if n > len(found):
                raise BadReferenceError(f"there are only {len(found)} '{name}'; #{n} is out of range")
            return found[n - 1]
        if len(found) > 1:
            zone = st.objs[found[0]].zone
            cands = ", ".join(f'"{name}"#{i + 1}' for i in range(len(found)))
            raise AmbiguousReferenceError(f"'{name}' is ambiguous: {len(found)} in {zone} ({cands})")
        return found[0]

    def resolve_obj(self: Game, ref: str) -> int:
        got = self.resolve_ref(ref, players=False)
        assert isinstance(got, int)
        return got
