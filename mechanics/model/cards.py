"""Card facts: Scryfall-shaped data parsed into frozen :class:`CardDef` values.

Card facts use Scryfall's field names (``name``, ``mana_cost``, ``type_line``,
``oracle_text``, ``power``, ``toughness``, ``keywords``, ``card_faces``) so a
user's Scryfall bulk file loads as it is.  Behaviour is not here: it comes
from keywords (engine or plugins) and scripts registered by card name
(:mod:`mechanics.text.scripts`).
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .errors import SourceError

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
COLORS = "WUBRG"
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_SYMBOL = re.compile(r"\{([^}]*)\}")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'"})


def parse_cost(text: str) -> tuple[str, ...]:
    """Split a mana cost such as ``{2}{G}{U}`` into its symbols ``('2', 'G', 'U')``."""
    return tuple(s.upper() for s in _SYMBOL.findall(text or ""))


def mana_value(symbols: Iterable[str]) -> int:
    """The mana value of a cost (202.3): numbers count their value, X counts 0."""
    total = 0
    for s in symbols:
        if s.isdigit():
            total += int(s)
        elif s not in ("X", "Y", "Z"):
            total += 1
    return total


def normalise_name(name: str) -> str:
    """The key names are looked up by: no accents, straight apostrophes, casefolded,
    single spaces (``Lim-Dul's Vault`` finds ``Lim-Dûl's Vault``)."""
    name = name.translate(_APOSTROPHES)
    if not name.isascii():
        text = unicodedata.normalize("NFKD", name)
        name = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(name.casefold().split())


def face_names(name: str) -> list[str]:
    """The names of a card's faces or halves: ``["Fire", "Ice"]`` for ``Fire // Ice``."""
    return name.split(" // ")


def _stat(value: Any) -> int | None:
    """A printed power, toughness or loyalty: ``1+*`` counts its number, ``*`` 0; a
    characteristic-defining ability gives the rest (604.3, :attr:`CardDef.star_pt`)."""
    if value is None:
        return None
    text = str(value).replace("*", "").rstrip("+-") or "0"
    try:
        return int(text)
    except ValueError:
        return 0


@dataclass(frozen=True)
class CardDef:
    """The printed facts of one card (its front face for two-faced cards)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    layout: str = "normal"
    full_name: str = ""
    types: frozenset[str] = field(default=frozenset(), compare=False)
    subtypes: tuple[str, ...] = field(default=(), compare=False)
    supertypes: frozenset[str] = field(default=frozenset(), compare=False)
    cost: tuple[str, ...] = field(default=(), compare=False)
    #: the printed power or toughness has a ``*``: an ability defines it (604.3)
    star_pt: bool = False
    #: every face of a card with several (the first is this one): 708-712
    faces: tuple[CardDef, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        left, _, right = self.type_line.partition("\u2014")
        words = left.split()
        object.__setattr__(self, "supertypes", frozenset(w for w in words if w in SUPERTYPES))
        object.__setattr__(self, "types", frozenset(w for w in words if w not in SUPERTYPES))
        object.__setattr__(self, "subtypes", tuple(right.split()))
        object.__setattr__(self, "cost", parse_cost(self.mana_cost))
        if not self.full_name:
            object.__setattr__(self, "full_name", self.name)

    @cached_property
    def mana_value(self) -> int:  # (kept: the autopilot sorts and compares cards by it at every decision)
        return mana_value(self.cost)

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @cached_property
    def unknown_faces(self) -> list[str]:
        """The names of the faces or halves whose text this data lacks (the bundled oracle
        has only the front of split, adventure, modal double-faced and flip cards); kept,
        so not to be modified."""
        known = {f.name for f in self.faces} | {self.name}
        return [n for n in face_names(self.full_name) if n not in known]

    @classmethod
    def from_scryfall(cls, card: Mapping[str, Any]) -> CardDef:
        """Build a CardDef from a Scryfall card object: for a card with ``card_faces``, its
        first face, with every face (the first included) in ``faces``."""
        faces = [f for f in card.get("card_faces") or () if isinstance(f, Mapping)]
        if not faces:
            return cls._face(card, {**card, "name": face_names(str(card.get("name", "")))[0]},
                             card.get("keywords") or ())
        defs = tuple(cls._face(card, {**card, **{k: f.get(k) for k in FACE_FIELDS}}, _face_keywords(card, f))
                     for f in faces)
        # a back face without a cost or colours given: its colour indicator is the front's (204)
        defs = (defs[0], *(d if d.cost or "colors" in f else replace(d, colors=defs[0].colors)
                           for d, f in zip(defs[1:], faces[1:], strict=True)))
        return replace(defs[0], faces=defs)

    @classmethod
    def _face(cls, card: Mapping[str, Any], face: Mapping[str, Any], keywords: Iterable[str]) -> CardDef:
        cost = face.get("mana_cost") or ""
        colors = face.get("colors")
        if colors is None:
            colors = [c for c in COLORS if c in "".join(parse_cost(cost))]
        kws = frozenset(str(k).lower() for k in keywords)
        if "devoid" in kws:
            colors = []  # 702.114a: a characteristic-defining ability, so in every zone (604.3)
        return cls(
            name=str(face.get("name") or ""),
            full_name=str(card.get("name", "")),
            mana_cost=cost,
            type_line=str(face.get("type_line") or ""),
            oracle_text=str(face.get("oracle_text") or ""),
            star_pt="*" in f"{face.get('power')}{face.get('toughness')}",
            power=_stat(face.get("power")),
            toughness=_stat(face.get("toughness")),
            loyalty=_stat(face.get("loyalty")),
            keywords=kws,
            colors=frozenset(colors),
            layout=str(card.get("layout") or "normal"),
        )


#: what each face of a Scryfall card object has of its own
FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "colors")


def _face_keywords(card: Mapping[str, Any], face: Mapping[str, Any]) -> list[str]:
    """A card's ``keywords`` are every face's: a face has those its own text names."""
    text = str(face.get("oracle_text") or "").lower()
    return [k for k in card.get("keywords") or () if str(k).lower() in text]


class CardPool:
    """Card definitions by name, with forgiving lookup and suggestions."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._by_key: dict[str, CardDef] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        self._by_key[normalise_name(card.name)] = card
        self._by_key.setdefault(normalise_name(card.full_name), card)
        self._by_key.setdefault(normalise_name(card.name.split(" // ")[0]), card)  # a deck names the front

    def get(self, name: str) -> CardDef | None:
        return self._by_key.get(normalise_name(name))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __iter__(self):  # noqa: ANN204 - iterator of unique CardDefs
        return iter({c.name: c for c in self._by_key.values()}.values())

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def names(self) -> list[str]:
        return sorted(c.name for c in self)

    def mentioning(self, words: Iterable[str]) -> Iterator[CardDef]:
        """The cards whose rules text (any face's) has one of ``words`` (lower case) in it."""
        words = list(words)
        return (c for c in self if any(w in f.oracle_text.lower() for f in c.faces or (c,) for w in words))

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest card names, for 'did you mean' messages."""
        keys = difflib.get_close_matches(normalise_name(name), list(self._by_key), n=n, cutoff=0.5)
        return list(dict.fromkeys(self._by_key[k].name for k in keys))


#: tokens that cards create (111.4): their facts, as the card that makes them says
TOKENS = [
    CardDef("Soldier Token", type_line="Token Creature \u2014 Soldier", power=1, toughness=1,
            colors=frozenset("W")),
    CardDef("Beast Token", type_line="Token Creature \u2014 Beast", power=3, toughness=3,
            colors=frozenset("G")),
    CardDef("Zombie Mutant Token", type_line="Token Creature \u2014 Zombie Mutant", power=2,
            toughness=2, colors=frozenset("B")),
]


def read_card_file(path: str) -> list[CardDef]:
    """The cards of a card file: a JSON array of Scryfall-shaped card objects, such as a
    plugin's made-up test cards.  Raises :class:`SourceError` naming the file and the
    offending entry."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(path, 0, f"cannot read the card file: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SourceError(path, exc.lineno, f"not JSON: {exc.msg}") from None
    if not isinstance(data, list):
        raise SourceError(path, 0, "a card file is a JSON array of card objects "
                                   '([{"name": ..., "type_line": ..., "oracle_text": ...}])')
    out = []
    for i, card in enumerate(data):
        if not isinstance(card, dict) or not card.get("name"):
            raise SourceError(path, 0, f"card #{i + 1} is not an object with a \"name\"")
        out.append(CardDef.from_scryfall(card))
    return out
