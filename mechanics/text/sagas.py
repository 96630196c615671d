"""Sagas (714): the chapter numbers of a Saga's chapter abilities, read from its text
("I — ...", "II, III — ..."), for the rules that count lore counters against its final
chapter (714.4) and for the grammar's chapter abilities."""

from __future__ import annotations

import re
from typing import Any

ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7}
#: a chapter ability's line (714.2a): its chapter numbers, then "—"
_CHAPTER = re.compile(r"^((?:I|II|III|IV|V|VI|VII)(?:, (?:I|II|III|IV|V|VI|VII))*) — ", re.MULTILINE)


def final_chapter(card: Any) -> int:
    """714.2c: the greatest chapter number of the Saga's chapter abilities (0: none)."""
    found = [ROMAN[n.lower()] for m in _CHAPTER.finditer(card.oracle_text or "") for n in m.group(1).split(", ")]
    return max(found, default=0)
