"""Keyword abilities: the registry.

A keyword is registered by the engine (:data:`ENGINE_KEYWORDS`) or by a plugin
(``register_keywords``) as a :class:`Keyword`.  Some keywords take a number
("Bushido 2", "Toxic 1", "Rampage 3"), some a cost ("Ward {2}", "Ward—Pay 3
life."), some an alternative cost (118.9: "Evoke—Exile a white card from your hand.",
"Blitz—{2}{B}{B}, Pay 2 life."), which the engine offers when the spell is cast
(``cast ... with evoke``), some a number and a cost ("Suspend 3—{2}{B}{B}").  The registry is what a game's ``hooks.keywords`` holds; the text floor
reads keyword lines against it (:func:`mechanics.text.keyword_lines.parse_keywords`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: what a keyword may take after its name
TAKES = ("", "number", "cost", "mana cost", "alternative cost", "additional cost", "number and cost", "name")


@dataclass(frozen=True)
class Keyword:
    """A registered keyword ability: ``name`` (lower case, as in Scryfall's
    ``keywords``), its ``rule`` (702.x) and what it ``takes`` after its name:
    nothing, a ``"number"`` N, a ``"cost"`` (a ``"mana cost"``: mana symbols only, "Echo
    {2}{R}" but not "Echo—Discard a card."), an ``"alternative cost"`` (paid rather than
    the mana cost, 118.9), an ``"additional cost"`` (paid too, if the caster chooses:
    buyback, 702.27a), a ``"number and cost"`` or a card's ``"name"`` (the rest of
    the line: "Partner with Pir, Imaginative Rascal"); what it ``grants``; the counters a
    numbered one ``enters_with``."""

    name: str
    rule: str = ""
    takes: str = ""
    #: keywords the permanent has as long as it was cast with this keyword's alternative
    #: cost or special action (``choices["alt"]``): blitz's and dash's haste (702.152a)
    grants: tuple[str, ...] = ()
    #: a kind of counter the permanent enters with N of (614.1c: vanishing's time counters)
    enters_with: str = ""


_ENGINE = {
    "flying": "702.9", "reach": "702.17", "trample": "702.19", "first strike": "702.7",
    "double strike": "702.4", "vigilance": "702.20", "haste": "702.10", "defender": "702.3",
    "deathtouch": "702.2", "lifelink": "702.15", "menace": "702.111", "hexproof": "702.11",
    "shroud": "702.18", "indestructible": "702.12", "flash": "702.8", "convoke": "702.51",
    "delve": "702.66",  # graveyard cards pay generic mana (payment.payers)
    "improvise": "702.126",  # untapped artifacts pay generic mana (payment.payers)
    "enchant creature": "702.5", "enchant permanent": "702.5",
    # evasion, checked as blockers are declared (perform.block_restriction)
    "fear": "702.36", "intimidate": "702.13", "shadow": "702.28", "horsemanship": "702.31",
    "plainswalk": "702.14", "islandwalk": "702.14", "swampwalk": "702.14", "mountainwalk": "702.14",
    "forestwalk": "702.14",
    "devoid": "702.114",  # a characteristic-defining ability: CardDef has no colors (604.3)
    "changeling": "702.73",  # every creature type, where the compiled text looks (oracle.select)
    "partner": "702.124",  # 702.124a: deck construction (two commanders); nothing to do in a game
}
#: keywords the engine itself implements (702.x); ward's triggered ability is built from
#: its cost (:func:`mechanics.text.oracle.keywords.keyword_abilities`)
ENGINE_KEYWORDS: dict[str, Keyword] = {
    **{name: Keyword(name, rule) for name, rule in _ENGINE.items()},
    "ward": Keyword("ward", "702.21", "cost"),
    # their reminder text, compiled (mechanics.text.oracle.keywords.SPELLED_OUT)
    "crew": Keyword("crew", "702.122", "number"),  # an activated ability (oracle.keywords)
    "partner with": Keyword("partner with", "702.124j", "name"),  # its enters trigger (oracle.keywords)
    # a graveyard ability and a delayed exile (oracle.keywords); "exile it instead" is in move
    "unearth": Keyword("unearth", "702.84", "mana cost", grants=("haste",)),
    # an alternative cost with a condition (oracle.keywords.WHEN): nothing more to its rules
    "spectacle": Keyword("spectacle", "702.137", "alternative cost"),
    # an optional additional cost; a spell whose buyback cost was paid returns to its owner's
    # hand as it resolves (rules.spells.spell_card_away)
    "buyback": Keyword("buyback", "702.27", "additional cost"),
    "afterlife": Keyword("afterlife", "702.135", "number"),
    "soulshift": Keyword("soulshift", "702.46", "number"),
    "modular": Keyword("modular", "702.43", "number"),
    "mobilize": Keyword("mobilize", "702.181", "number"),
}


def variant(name: str) -> Keyword | None:
    """A keyword that is a variant of another, registered by that family rather than by
    name: typecycling (702.29e: "Plainscycling {2}", "Artifact landcycling {2}"), whose
    search the oracle-text compiler reads (:mod:`mechanics.text.oracle`)."""
    if name.endswith("cycling") and name != "cycling":
        return Keyword(name, "702.29e", "cost")
    return None
