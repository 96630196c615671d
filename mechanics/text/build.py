"""A card's behaviour from its facts: scripts, keywords, oracle templates.

A card's :class:`~mechanics.abilities.abilities.Behaviour` comes from three
places, in order:

1. a script registered by card name (:data:`~mechanics.abilities.abilities.SCRIPTS`,
   filled by :mod:`mechanics.text.scripts` and by plugins through ``register_cards``);
2. keyword lines whose every keyword the engine or a loaded plugin implements
   (:func:`mechanics.text.keyword_lines.parse_keywords`: "Flying, toxic 1");
3. oracle templates (:mod:`mechanics.text.templates`): common lines whose whole
   meaning the engine does, recognised by their wording.

A card with a line none of these cover is *manual*: it plays, its text is
shown, and the player applies the rest by hand.  Nothing is half-implemented
silently.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..abilities.abilities import SCRIPTS, Ability, Activated, Behaviour, ScriptFn, text_lines
from ..abilities.keywords import Keyword
from ..model.cards import BASIC_LAND_MANA, CardDef
from .keyword_lines import parse_keywords
from .templates import keyword_abilities, template_abilities


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
        out.abilities += fn(card)
    for group in ability_groups(text_lines(card)):
        line = "\n".join(group)
        instances = parse_keywords(line, known_keywords)
        built = [keyword_abilities(name, arg) for name, arg in instances or ()]
        if instances is not None and None not in built:
            out.keywords += instances
            out.abilities += [ab for abilities in built for ab in abilities]
            continue
        if fn is not None:
            continue  # the script owns every non-keyword line
        found = template_abilities(card, line)
        if found is None:
            out.missing += group
        else:
            out.abilities += found
    return out


def ability_groups(lines: list[str]) -> list[list[str]]:
    """The text's lines, one list an ability: a modal ability's "choose one —" line
    with the "•" lines of its modes after it (700.2), any other line alone."""
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("•") and out and out[-1][0].endswith("—"):
            out[-1].append(line)
        else:
            out.append([line])
    return out
