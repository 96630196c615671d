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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
COLORS = "WUBRG"
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_SYMBOL = re.compile(r"\{([^}]*)\}")


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
    """The key names are looked up by: case-folded, curly apostrophes straightened."""
    return " ".join(name.replace("\u2019", "'").replace("\u2018", "'").split()).casefold()


def _stat(value: Any) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return 0  # '*' and friends: characteristic-defining abilities are not automated


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

    def __post_init__(self) -> None:
        left, _, right = self.type_line.partition("\u2014")
        words = left.split()
        object.__setattr__(self, "supertypes", frozenset(w for w in words if w in SUPERTYPES))
        object.__setattr__(self, "types", frozenset(w for w in words if w not in SUPERTYPES))
        object.__setattr__(self, "subtypes", tuple(right.split()))
        object.__setattr__(self, "cost", parse_cost(self.mana_cost))
        if not self.full_name:
            object.__setattr__(self, "full_name", self.name)

    @property
    def mana_value(self) -> int:
        return mana_value(self.cost)

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @classmethod
    def from_scryfall(cls, card: Mapping[str, Any]) -> CardDef:
        """Build a CardDef from a Scryfall card object (first face of two-faced cards)."""
        face = dict(card)
        faces = card.get("card_faces") or []
        if faces and isinstance(faces[0], Mapping):
            face = {**card, **{k: v for k, v in faces[0].items() if v not in (None, "")}}
        cost = face.get("mana_cost") or ""
        colors = card.get("colors")
        if colors is None:
            colors = [c for c in COLORS if c in "".join(parse_cost(cost))]
        keywords = frozenset(str(k).lower() for k in card.get("keywords") or ())
        if "devoid" in keywords:
            colors = []  # 702.114a: a characteristic-defining ability, so in every zone (604.3)
        return cls(
            name=str(face.get("name", card.get("name", ""))),
            full_name=str(card.get("name", "")),
            mana_cost=cost,
            type_line=str(face.get("type_line") or ""),
            oracle_text=str(face.get("oracle_text") or ""),
            power=_stat(face.get("power")),
            toughness=_stat(face.get("toughness")),
            loyalty=_stat(face.get("loyalty")),
            keywords=keywords,
            colors=frozenset(colors),
            layout=str(card.get("layout") or "normal"),
        )


class CardPool:
    """Card definitions by name, with forgiving lookup and suggestions."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._by_key: dict[str, CardDef] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        self._by_key[normalise_name(card.name)] = card
        self._by_key.setdefault(normalise_name(card.full_name), card)

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


def load_bundled_pool() -> CardPool:
    """The card pool shipped with the product (``mechanics/data/cards.json``) and tokens."""
    text = resources.files("mechanics").joinpath("data/cards.json").read_text("utf-8")
    return CardPool([*(CardDef.from_scryfall(c) for c in json.loads(text)), *TOKENS])


def read_card_file(path: str) -> list[CardDef]:
    """The cards of a card file: a JSON array of Scryfall-shaped card objects, such as a
    plugin's made-up test cards.  Raises :class:`SourceError` naming the file and the
    offending entry."""
    from .errors import SourceError

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
