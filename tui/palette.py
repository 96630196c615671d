"""Colours with meaning, and the marks that say the same without colour.

A card's name is tinted by its colour (white, blue, black, red, green, gold for
several, colourless, land), a mana cost is a row of coloured mana symbols, and
life, poison and rad counters each have a mark of their own.  There are two
palettes, for dark and light themes (the app picks by ``App.current_theme.dark``),
each colour chosen for a contrast of at least 4.5:1 against the theme's
backgrounds (``tests/tui/test_contrast.py`` checks the screenshots).  Every
colour comes with a glyph or a word too, so the screen reads the same with
``NO_COLOR`` (Textual then draws in grey) or on a monochrome terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

#: marks that carry a meaning without colour
TAPPED = "↷"
PHASED = "◌"
SICK = "z"
ATTACHED = "└"
LIFE, POISON, RAD = "♥", "☠", "☢"
PLAYER_MARKS = {"poison": POISON, "rad": RAD}

#: mana symbols as Scryfall draws them: pale discs with a dark letter, the same on
#: dark and light themes (the letter is at least 9:1 against each disc)
PIPS = {
    "W": Style(color="#111111", bgcolor="#F8F6D8", bold=True),
    "U": Style(color="#111111", bgcolor="#C1D7E9", bold=True),
    "B": Style(color="#111111", bgcolor="#BAB1AB", bold=True),
    "R": Style(color="#111111", bgcolor="#E49977", bold=True),
    "G": Style(color="#111111", bgcolor="#A3C095", bold=True),
    "generic": Style(color="#111111", bgcolor="#CCC2C0", bold=True),
}


@dataclass(frozen=True)
class Palette:
    """The styles of one theme brightness: name tints by colour key, the muted style of
    tapped and secondary text, and the player counters' marks."""

    tints: dict[str, str]
    muted: str
    life: str
    poison: str
    rad: str
    accent: str

    def tint(self, key: str, bold: bool = False) -> Style:
        return Style(color=self.tints[key], bold=bold)

    @property
    def dim(self) -> Style:
        """Secondary or inactive text: grey, but still 4.5:1 (never the ``dim`` attribute,
        which terminals draw too faint)."""
        return Style(color=self.muted)

    def counter(self, kind: str) -> Style:
        return Style(color=getattr(self, kind, self.accent), bold=True)


DARK = Palette(
    tints={"W": "#F0E2A8", "U": "#6CB8F5", "B": "#C3ABE0", "R": "#F5866B", "G": "#77CC77",
           "gold": "#E8C15A", "colourless": "#B8C2CC", "land": "#D2AE8A"},
    muted="#9A9A9A", life="#FF8A8A", poison="#9BE564", rad="#F5D547", accent="#FFB454",
)
LIGHT = Palette(
    tints={"W": "#6B5000", "U": "#0A4F8F", "B": "#4B2E6B", "R": "#9E2418", "G": "#1A5E28",
           "gold": "#6E4A00", "colourless": "#3F4A55", "land": "#66401F"},
    muted="#505050", life="#9E2418", poison="#1A5E28", rad="#6E4A00", accent="#8A3B00",
)


def palette(app: Any) -> Palette:
    """The palette for the app's current theme (dark unless the theme says light)."""
    theme = getattr(app, "current_theme", None)
    return LIGHT if theme is not None and not theme.dark else DARK


def colour_key(types: set[str] | frozenset[str], colors: set[str] | frozenset[str]) -> str:
    """Which tint a card's name takes: a (non-creature) land, one of the five colours,
    gold for several, colourless for none."""
    if "Land" in types and "Creature" not in types:
        return "land"
    if len(colors) > 1:
        return "gold"
    return next(iter(colors)) if colors else "colourless"


def mana_text(cost: Sequence[str]) -> Text:
    """A mana cost as coloured symbols, one cell each (``{1}{G}{G}`` -> ``1GG``, the G
    discs green); a hybrid or Phyrexian symbol keeps its slash (``G/U``) on the disc of
    its first colour.  Without colour it still reads as the cost."""
    out = Text()
    for sym in cost:
        out.append(sym, style=PIPS.get(sym[0], PIPS["generic"]))
    return out
