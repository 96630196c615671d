"""A card's whole story as styled text: the card pane (wide screens) and ``i``'s dialog.

Name (tinted by colour) and mana symbols, type line, oracle text, then what it is
now: power/toughness against the printed values and what changes them (counters,
continuous effects with their sources, what is attached), loyalty, damage, zone
and controller, and whether the engine plays all of its text or which phrases are
played by hand.  Only reading: ``game.view``, the object's fields, the game's
effects and ``game.manual_phrases``.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from .palette import Palette, colour_key, mana_text

BOLD = Style(bold=True)
_UNTIL = {"eot": "until end of turn", "": ""}


def effect_words(params: dict) -> str:
    """What a continuous effect does, in a few words."""
    out = []
    if "pt" in params:
        p, t = params["pt"]
        out.append(f"{p:+d}/{t:+d}")
    if "set_pt" in params:
        out.append("base P/T %d/%d" % tuple(params["set_pt"]))
    if "keywords" in params:
        out.append("gains " + ", ".join(sorted(params["keywords"])))
    if "types" in params or "subtypes" in params:
        out.append("is " + " ".join(sorted(params.get("types", ())) + sorted(params.get("subtypes", ()))))
    if "controller" in params:
        out.append(f"controlled by {params['controller']}")
    if params.get("lose_all_abilities"):
        out.append("loses all abilities")
    if "copy_of" in params:
        out.append(f"is a copy of {params['copy_of']}")
    return ", ".join(out) or "an effect"


def modifiers(game: Any, oid: int) -> list[str]:
    """What changes a permanent now: its counters, the continuous effects on it (with
    their sources and how long they last) and what is attached to it."""
    st = game.state
    obj = st.objs[oid]
    out = [f"{kind} counter ×{n}" for kind, n in sorted(obj.counters.items()) if n]
    for e in st.effects:
        if obj.ref in e.affected:
            # the engine records the source of some effects only (not a pump's spell)
            src = f" from {game.describe(e.source[0])}" if e.source else " from a spell or ability"
            until = _UNTIL.get(e.until, "while its source stays")
            out.append(f"{effect_words(e.params)}{src}" + (f", {until}" if until else ""))
    for other in st.battlefield:
        if st.objs[other].attached_to == oid:
            out.append(f"attached: {game.describe(other)}")
    return out


def card_text(game: Any, oid: int, pal: Palette) -> Text:
    """Everything about a card (an object) and its current state."""
    obj = game.state.objs[oid]
    ch = game.view(oid)
    card = ch.card
    out = Text()
    out.append(ch.name, style=pal.tint(colour_key(ch.types, ch.colors), bold=True))
    if card.cost:
        out.append("  ")
        out.append_text(mana_text(card.cost))
    out.append(f"\n{card.type_line}", style=pal.dim)
    if card.oracle_text:
        out.append(f"\n\n{card.oracle_text}")
    if ch.power is not None:
        out.append(f"\n\n{ch.power}/{ch.toughness}", style=BOLD)
        if ch.modified or (ch.power, ch.toughness) != (card.power, card.toughness):
            out.append(f"  printed {card.power}/{card.toughness}", style=pal.dim)
    loyalty = obj.counters.get("loyalty", card.loyalty) if obj.zone == "battlefield" else card.loyalty
    if loyalty is not None:  # 306.5b: a planeswalker's loyalty is its loyalty counters
        out.append(f"\nloyalty {loyalty}", style=BOLD)
    if obj.zone == "battlefield":
        mods = modifiers(game, oid)
        if mods:
            out.append("\nchanged by:", style=pal.dim)
            for m in mods:
                out.append(f"\n  • {m}")
        if obj.damage:
            out.append(f"\ndamage {obj.damage}", style=Style(color=pal.life, bold=True))
    if ch.keywords:
        out.append("\nkeywords: " + ", ".join(sorted(ch.keywords)), style=pal.dim)
    out.append(f"\n{obj.zone} · owner {obj.owner} · controller {ch.controller}", style=pal.dim)
    missing = game.manual_phrases(obj.copy_of or obj.name)
    if missing:
        out.append("\nmanual: ", style=Style(color=pal.accent, bold=True))
        out.append("the engine doesn't run these; play them by hand:")
        for line in missing:
            out.append(f"\n  ✎ {line}", style=Style(italic=True))
    else:
        out.append("\nautomated: the engine plays all of its text", style=pal.dim)
    return out
