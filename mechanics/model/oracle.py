"""The bundled oracle: every real card (34,632), compressed, read when first named.

Why: a player pastes any real deck list and expects it to load with no download, yet
start-up must stay fast.  ``data/oracle.cards`` (written by ``tools/build_pool.py``
from a Scryfall-shaped oracle file) holds:

- ``ORACLE2``, the length of the header, then the header: a small xz-compressed JSON
  object with each block's first lookup key (cards are sorted by it), each block's
  compressed length, and the faces' names of two-part and double-faced cards;
- the blocks: xz-compressed runs of 1024 cards, a line each: the full name, a tab, and
  a compact Scryfall-shaped JSON object.

:class:`BundledPool` reads the header on the first lookup and a block (~2 ms) the first
time one of its cards is named; every card found is kept, so later lookups are
dictionary hits.  Blocks, rather than one stream (which compresses to 1.2 MB, not 1.5),
keep the first lookups fast: a game's first frame names a dozen cards.  A card is found
by its full name (``A // B``) or either face's name (709.4, 712); failing that, by its
name without punctuation, when that names one card alone (deck lists vary in commas).
"""

from __future__ import annotations

import bisect
import difflib
import json
import lzma
from collections.abc import Iterable, Iterator
from importlib import resources

from .cards import TOKENS, CardDef, CardPool, face_names, normalise_name

MAGIC = b"ORACLE2\n"
LENGTH_BYTES = 4
RESOURCE = "data/oracle.cards"
_XZ = {"preset": 9 | lzma.PRESET_EXTREME}


def pack(cards: list[dict], per_block: int) -> bytes:
    """The ``oracle.cards`` bytes for Scryfall-shaped ``cards`` (used by the build tool)."""
    cards = sorted(cards, key=lambda c: normalise_name(c["name"]))
    blocks = []
    for i in range(0, len(cards), per_block):
        lines = [c["name"] + "\t" + json.dumps({k: v for k, v in c.items() if k != "name"},
                                               ensure_ascii=False, separators=(",", ":"))
                 for c in cards[i:i + per_block]]
        blocks.append(lzma.compress("\n".join(lines).encode(), **_XZ))
    # a card's own name wins over a face's, a front face's over a back face's (Fire // Ice, Start // Fire)
    keys = {normalise_name(c["name"]) for c in cards}
    faces = [(i, normalise_name(face), normalise_name(c["name"])) for c in cards
             for i, face in enumerate(face_names(c["name"])) if " // " in c["name"]]
    aliases = {face: key for _, face, key in sorted(faces, key=lambda f: -f[0]) if face not in keys}
    header = {"firsts": [normalise_name(c["name"]) for c in cards[::per_block]],
              "lengths": [len(b) for b in blocks], "aliases": aliases}
    head = lzma.compress(json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode(), **_XZ)
    return MAGIC + len(head).to_bytes(LENGTH_BYTES, "big") + head + b"".join(blocks)


def _key(name: str) -> str:
    """:func:`normalise_name` of an oracle name (single-spaced, straight apostrophes):
    for the plain ASCII ones, which most are, that is its case-folded form."""
    return name.casefold() if name.isascii() and "`" not in name else normalise_name(name)


def loose_key(name: str) -> str:
    """A name without its punctuation: how a list that writes ``Polukranos, Reborn`` still
    finds ``Polukranos Reborn`` (only when one card alone has that key)."""
    return " ".join("".join(ch if ch.isalnum() else " " for ch in normalise_name(name)).split())


class Oracle:
    """The bundled oracle file: its header, read on first use, and each block as read."""

    def __init__(self, data: bytes | None = None) -> None:
        self._data = data
        self._firsts: list[str] | None = None  # each block's first lookup key
        self._aliases: dict[str, str] = {}  # a face's lookup key -> its card's
        self._offsets: list[int] = []
        self._blocks: dict[int, dict[str, CardDef | bytes]] = {}  # lookup key -> card, or its line
        self._loose_keys: dict[str, str] | None = None

    def _header(self) -> list[str]:
        data = self._data
        if data is None:
            data = self._data = resources.files("mechanics").joinpath(RESOURCE).read_bytes()
        if not data.startswith(MAGIC):
            raise ValueError(f"mechanics/{RESOURCE} is not a bundled oracle file; rebuild it with tools/build_pool.py")
        at = len(MAGIC) + LENGTH_BYTES
        size = int.from_bytes(data[len(MAGIC):at], "big")
        header = json.loads(lzma.decompress(data[at:at + size]))
        self._aliases = header["aliases"]
        self._offsets = [at + size]
        for length in header["lengths"]:
            self._offsets.append(self._offsets[-1] + length)
        self._firsts = header["firsts"]
        return self._firsts

    def _block(self, b: int) -> dict[str, CardDef | bytes]:
        found = self._blocks.get(b)
        if found is None:
            assert self._data is not None
            text = lzma.decompress(self._data[self._offsets[b]:self._offsets[b + 1]])
            found = self._blocks[b] = {_key(line[:line.index(b"\t")].decode()): line
                                       for line in text.split(b"\n")}
        return found

    def lookup(self, name: str) -> CardDef | None:
        """The card with this full name or face name (any case, accents optional)."""
        firsts = self._firsts if self._firsts is not None else self._header()
        key = normalise_name(name)
        key = self._aliases.get(key, key)
        block = self._block(max(0, bisect.bisect_right(firsts, key) - 1))
        found = block.get(key)
        if found is None:
            loose = self._loose().get(loose_key(key))
            return self.lookup(loose) if loose is not None else None
        if isinstance(found, bytes):
            full, _, body = found.decode().partition("\t")
            found = block[key] = CardDef.from_scryfall({"name": full, **json.loads(body)})
        return found

    def _loose(self) -> dict[str, str]:
        """Full names by :func:`loose_key`, where only one card has that key (reads every name)."""
        if self._loose_keys is None:
            seen: dict[str, str | None] = {}
            for full in self.names():
                for name in {full, *face_names(full)}:
                    k = loose_key(name)
                    seen[k] = full if seen.get(k, full) == full else None
            self._loose_keys = {k: v for k, v in seen.items() if v is not None}
        return self._loose_keys

    def mentioning(self, words: list[str]) -> list[str]:
        """The full names of the cards whose text has one of ``words`` (lower case) in it:
        each block's lines are searched as they are, and only matches are read."""
        firsts = self._firsts if self._firsts is not None else self._header()
        out = []
        for b in range(len(firsts)):
            for line in self._block(b).values():
                if isinstance(line, CardDef):
                    text = " ".join(f.oracle_text for f in line.faces or (line,)).lower()
                    full = line.full_name
                else:
                    text, full = line.decode().lower(), line[:line.index(b"\t")].decode()
                if any(w in text for w in words):
                    out.append(full)
        return out

    def names(self) -> list[str]:
        """Every card's full name (reads every block: slow, once)."""
        firsts = self._firsts if self._firsts is not None else self._header()
        out = []
        for b in range(len(firsts)):
            for line in self._block(b).values():
                out.append(line.full_name if isinstance(line, CardDef) else line[:line.index(b"\t")].decode())
        return out


ORACLE = Oracle()


class BundledPool(CardPool):
    """The tokens, any cards added, then every bundled card (read when first named)."""

    def __init__(self, oracle: Oracle = ORACLE) -> None:
        super().__init__(TOKENS)
        self.oracle = oracle
        self._names: list[str] | None = None

    def get(self, name: str) -> CardDef | None:
        found = self._by_key.get(name) or super().get(name)
        if found is None:
            found = self.oracle.lookup(name)
            if found is not None:
                self._by_key[name] = found  # the exact spelling: the next lookup is one dict hit
        return found

    def names(self) -> list[str]:
        """Every card's name (a two-faced card's front face's), tokens and added cards too."""
        if self._names is None:
            self._names = sorted({face_names(n)[0] for n in self.oracle.names()})
        return sorted({*self._names, *(c.name for c in super().__iter__())})

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest card names of all (reads every name: slow the first time); those
        with the same first letter first, as a typo seldom changes it (34,000 names)."""
        keys = {normalise_name(x): x for x in self.names()}
        key = normalise_name(name)
        found = difflib.get_close_matches(key, [k for k in keys if k[:1] == key[:1]], n=n, cutoff=0.5) \
            or difflib.get_close_matches(key, list(keys), n=n, cutoff=0.5)
        return [keys[k] for k in found]

    def mentioning(self, words: Iterable[str]) -> Iterator[CardDef]:
        words, own = list(words), list(super().__iter__())  # the tokens and cards added first
        yield from CardPool(own).mentioning(words)
        keys = {normalise_name(c.name) for c in own}
        for full in self.oracle.mentioning(words):
            card = self.get(full)
            if card is not None and normalise_name(card.name) not in keys:
                yield card

    def __iter__(self):  # noqa: ANN204 - iterator of unique CardDefs; reads every card (slow)
        own = {c.name: c for c in super().__iter__()}
        yield from own.values()
        for name in self.names():
            card = None if name in own else self.get(name)
            if card is not None and card.name == name:
                yield card

    def __len__(self) -> int:
        return len(self.names())


def load_bundled_pool() -> BundledPool:
    """The card pool shipped with the product: every real card, and the tokens cards make.
    Pools share the oracle (its index and the cards read), not the cards added to them."""
    return BundledPool()
