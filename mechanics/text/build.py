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
silently.  :func:`manual_phrases` says what, for every face of a card: the one
answer the deck check, ``cards --manual``, the TUI and ``expect X manual`` read.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..abilities.abilities import SCRIPTS, Ability, Activated, Behaviour, ScriptFn, text_lines
from ..abilities.keywords import Keyword
from ..model.cards import BASIC_LAND_MANA, CardDef
from .keyword_lines import parse_keywords
from .templates import by_hand, keyword_abilities, template_abilities


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
            out.abilities += by_hand(card, line)
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


#: what a face or half whose text the card data lacks asks of the player
UNKNOWN_TEXT = ("its text is not in the bundled card data (it holds the front face of this layout); "
                "import a Scryfall bulk file with every face: stackfish cards import FILE")


def manual_phrases(card: CardDef, known_keywords: Mapping[str, Keyword] | Collection[str],
                   scripts: dict[str, ScriptFn] | None = None) -> list[str]:
    """Everything on ``card`` the player must do by hand; empty when it is automated.

    For each face of a card with several (708-712: every face must be automated for
    the card to be), the phrases :func:`build_behaviour` leaves (``Face: phrase``),
    and each face or half whose text the card data lacks (:data:`UNKNOWN_TEXT`).
    Today's templates recognise whole lines, so a phrase is a whole line of text; a
    text compiler that knows where it stopped reading can answer with less."""
    named = " // " in card.full_name
    out = []
    for face in card.faces or (card,):
        missing = build_behaviour(face, known_keywords, scripts).missing
        out += [f"{face.name}: {p}" if named else p for p in missing]
    return out + [f"{name}: {UNKNOWN_TEXT}" for name in card.unknown_faces]
