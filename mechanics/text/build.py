"""A card's behaviour from its facts: scripts, keywords, the oracle-text compiler.

A card's :class:`~mechanics.abilities.abilities.Behaviour` comes from, in order:

1. a script registered by card name (:data:`~mechanics.abilities.abilities.SCRIPTS`,
   filled by :mod:`mechanics.text.scripts` and by plugins through ``register_cards``);
2. keyword lines whose every keyword the engine or a loaded plugin implements
   (:func:`mechanics.text.keyword_lines.parse_keywords`: "Flying, toxic 1");
3. the oracle-text compiler (:mod:`mechanics.text.oracle`), for every other line.

A card with a line none of these cover is *manual*: it plays, its text is
shown, and the player applies the rest by hand.  Nothing is half-implemented
silently.  :func:`manual_phrases` says what, for every face of a card: the one
answer the deck check, ``cards --manual``, the TUI and ``expect X manual`` read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any

from ..abilities.abilities import SCRIPTS, Ability, Activated, Behaviour, ScriptFn, text_lines
from ..abilities.keywords import Keyword
from ..model.cards import BASIC_LAND_MANA, CardDef
from .oracle import ability_groups, compile_card, instance_abilities


def intrinsic_abilities(card: CardDef) -> list[Ability]:
    """Abilities the rules give without text: basic land types' mana (305.6)."""
    colors = "".join(BASIC_LAND_MANA[t] for t in card.subtypes if t in BASIC_LAND_MANA)
    return [Activated(text="{T}: Add {%s}." % c, tap=True, mana=c) for c in colors]


def build_behaviour(card: CardDef, known_keywords: Mapping[str, Keyword] | Collection[str],
                    scripts: dict[str, ScriptFn] | None = None) -> Behaviour:
    """Work out a card's behaviour (see the module docstring for the order)."""
    scripts = SCRIPTS if scripts is None else scripts
    out = Behaviour(intrinsic_abilities(card))
    fn = scripts.get(card.name)
    if fn is not None:
        out.abilities += fn(card)  # the script owns every non-keyword line
    compiled = compile_card(card, ability_groups(text_lines(card)), known_keywords)
    out.keywords += compiled.keywords
    if fn is not None:
        out.abilities += [a for name, arg in compiled.keywords
                          for a in instance_abilities(card, name, arg, known_keywords) or ()]
        return out
    out.abilities += compiled.abilities
    out.missing += compiled.missing
    out.phrases += compiled.phrases
    return out


#: what a face or half whose text the card data lacks asks of the player
UNKNOWN_TEXT = ("its text is not in the bundled card data (it holds the front face of this layout); "
                "import a Scryfall bulk file with every face: stackfish cards import FILE")


def manual_phrases(card: CardDef, known_keywords: Mapping[str, Keyword] | Collection[str],
                   scripts: dict[str, ScriptFn] | None = None) -> list[str]:
    """Everything on ``card`` the player must do by hand; empty when it is automated.

    For each face of a card with several (708-712: every face must be automated for
    the card to be), the phrases :func:`build_behaviour` leaves (``Face: phrase``),
    and each face or half whose text the card data lacks (:data:`UNKNOWN_TEXT`).  A
    phrase is where the oracle-text compiler stopped reading: the first words of the
    ability that nothing read."""
    named = " // " in card.full_name
    out = []
    for face in card.faces or (card,):
        beh = build_behaviour(face, known_keywords, scripts)
        out += [f"{face.name}: {p}" if named else p for p in beh.phrases or beh.missing]
    return out + [f"{name}: {UNKNOWN_TEXT}" for name in card.unknown_faces]


def coverage(cards: Any, known_keywords: set[str], scripts: dict, top: int = 20) -> dict[str, Any]:
    """How many of ``cards`` are automated (every ability of every face compiled, scripted
    or a known keyword: :func:`mechanics.text.build.manual_phrases`) and the ``top`` most
    common first unparsed phrases of the others."""
    total = automated = 0
    phrases: Counter[str] = Counter()
    for card in cards:
        total += 1
        found = manual_phrases(card, known_keywords, scripts)
        if found:
            phrases.update(set(found))
        else:
            automated += 1
    return {"cards": total, "automated": automated, "manual": total - automated,
            "percent": round(100 * automated / max(1, total), 1),
            "phrases": [{"phrase": p, "cards": n} for p, n in phrases.most_common(top)]}
