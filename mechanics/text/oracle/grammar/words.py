"""The grammar's vocabulary: number words, colours, card types, keywords, restrictions.

The word lists the rules of :mod:`.descriptors`, :mod:`.effects` and :mod:`.abilities`
compare tokens with, kept apart from the rules so a new keyword or restriction is one
entry here.
"""

from __future__ import annotations

from ...effects import (
    ATTACKS_IF_ABLE,
    BLOCKS_IF_ABLE,
    BLOCKS_ONLY_FLYERS,
    BY_ONE_AT_MOST,
    BY_THREE_OR_MORE,
    CANT_ACTIVATE,
    CANT_ATTACK,
    CANT_BLOCK,
    DESPITE_DEFENDER,
    DOESNT_UNTAP,
    LURE,
    MAY_NOT_UNTAP,
    MUST_BE_BLOCKED,
    NOT_BY_LESS_POWER,
    NOT_BY_POWER_2,
    ONLY_BY_FLYING,
    ONLY_BY_FLYING_OR_REACH,
    UNBLOCKABLE,
    UNTARGETABLE,
    UNTARGETABLE_BY_OPPONENTS,
)

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLOR_NAMES = tuple(COLORS)
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery",
              "battle", "permanent", "spell", "card", "player", "opponent")
PLURAL = {t + "s": t for t in CARD_TYPES if t not in ("sorcery",)} | {"sorceries": "sorcery"}
#: the card types an object has (205.2a), which one descriptor may name together: "artifact creature"
OBJECT_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
#: keywords an effect may grant and a static ability may give (the engine checks each)
GRANTABLE = ("flying", "reach", "trample", "first strike", "double strike", "vigilance", "haste",
             "defender", "deathtouch", "lifelink", "menace", "hexproof", "shroud", "indestructible",
             "infect", "wither",
             # evasion (702.36 fear, 702.13 intimidate, 702.28 shadow, 702.31 horsemanship, 702.14
             # landwalk): checked as blockers are declared (mechanics.play.perform.block_restriction)
             "fear", "intimidate", "shadow", "horsemanship", "plainswalk", "islandwalk", "swampwalk",
             "mountainwalk", "forestwalk")
#: 702.16a: what protection may be from besides a color and a plural subtype (the engine's
#: :func:`mechanics.rules.prevention.protected` reads each)
PROTECTION_QUALITIES = ("artifacts", "creatures", "enchantments", "instants", "sorceries", "planeswalkers",
                        "lands", "everything", "multicolored", "monocolored", "colorless")
#: "gains protection from the color of your choice": the color is chosen as the effect resolves
PROTECTION_OF_CHOICE = "protection from the color of your choice"
STATES = ("attacking or blocking", "tapped", "untapped", "attacking", "blocking", "legendary", "basic",
          "nonbasic", "token", "nontoken")
STEPS = {"upkeep": "upkeep", "end step": "end", "combat": "combat", "draw step": "draw",
         "precombat main phase": "main1", "postcombat main phase": "main2"}


#: keywords a keyword line may hold (besides the engine's and plugins' own, which
#: :func:`mechanics.abilities.keyword_line` leaves out before the grammar sees the line)
KEYWORDS = ("affinity for artifacts", "battle cry", "undying", "persist", "bloodthirst", "protection from white",
            "protection from blue", "protection from black", "protection from red",
            "protection from green", "flying", "haste", "trample", "vigilance", "reach", "first strike",
            "double strike", "deathtouch", "lifelink", "menace", "hexproof", "indestructible", "defender",
            "flash", "prowess", "infect", "wither", "flanking")
#: restrictions and requirements a permanent has, as keyword-like abilities the rules check
#: (:mod:`mechanics.text.effects`): the words after the subject
RESTRICTIONS = {
    "can't block": (CANT_BLOCK,), "can't be blocked": (UNBLOCKABLE,),
    "can't attack or block": (CANT_ATTACK, CANT_BLOCK), "can't attack": (CANT_ATTACK,),
    "can block only creatures with flying": (BLOCKS_ONLY_FLYERS,),
    "can't be blocked by creatures with power 2 or less": (NOT_BY_POWER_2,),
    "can't be blocked except by creatures with flying": (ONLY_BY_FLYING,),
    "can't be blocked except by three or more creatures": (BY_THREE_OR_MORE,),
    "can't be blocked by more than one creature": (BY_ONE_AT_MOST,),
    "can't be blocked except by creatures with flying or reach": (ONLY_BY_FLYING_OR_REACH,),
    "attacks each combat if able": (ATTACKS_IF_ABLE,),
    "can attack as though it didn't have defender": (DESPITE_DEFENDER,),
    "attack each combat if able": (ATTACKS_IF_ABLE,),  # "Creatures your opponents control attack ..."
    "must be blocked if able": (MUST_BE_BLOCKED,), "blocks each combat if able": (BLOCKS_IF_ABLE,),
    "can't be the target of spells or abilities your opponents control": (UNTARGETABLE_BY_OPPONENTS,),
    "can't be the target of spells or abilities": (UNTARGETABLE,),
    "doesn't untap during your untap step": (DOESNT_UNTAP,),
    "doesn't untap during its controller's untap step": (DOESNT_UNTAP,),
    "can't attack or block , and its activated abilities can't be activated": (CANT_ATTACK, CANT_BLOCK,
                                                                               CANT_ACTIVATE),
    "can't block , and its activated abilities can't be activated": (CANT_BLOCK, CANT_ACTIVATE),
}
#: restrictions and requirements an effect gives "this turn", said with "this turn" inside
#: them: the words, and the restriction of :data:`RESTRICTIONS` they are
THIS_TURN = {"can attack this turn as though it didn't have defender": "can attack as though it didn't have defender",
             "attacks this turn if able": "attacks each combat if able",
             "must be blocked this turn if able": "must be blocked if able",
             "blocks this turn if able": "blocks each combat if able"}
#: restrictions whose sentence names the permanent last: the whole sentence, its restriction
RESTRICTION_SENTENCES = {"creatures with power less than ~ s power can't block it": (NOT_BY_LESS_POWER,),
                         "all creatures able to block ~ do so": (LURE,)}
BY_FIRST: dict[str, list[str]] = {}
for _k in KEYWORDS:
    BY_FIRST.setdefault(_k.split()[0], []).append(_k)
NUMBERED = ("bloodthirst",)
#: plural subtypes not made with "s"
IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
             "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus", "allies": "Ally", "faeries": "Faerie",
             "zombies": "Zombie", "sphinxes": "Sphinx", "foxes": "Fox"}
#: keywords followed by a mana cost
COSTED = ("kicker", "flashback", "equip", "cycling", "ward")
#: 207.2c: ability words, which tie cards together and have no rules meaning
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "corrupted", "coven", "delirium", "descend 4", "descend 8", "domain",
    "eerie", "eminence", "enrage", "fateful hour", "ferocious", "formidable", "grandeur", "hellbent",
    "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
    "metalcraft", "morbid", "pack tactics", "parley", "radiance", "raid", "revolt", "spell mastery",
    "strive", "survival", "sweep", "threshold", "undergrowth", "valiant", "void", "flurry"})

#: "... doesn't untap during its controller's next untap step" (502.3), each wording; the
#: effect ends as that untap step does.  "your next untap step" is said only of permanents
#: you control, so it is the same step (unless control changes first)
FROZEN = ("doesn't untap during its controller's next untap step",
          "don't untap during their controllers' next untap steps",
          "don't untap during their controller's next untap step",
          "doesn't untap during your next untap step", "don't untap during your next untap step")
#: 502.3: "Creatures with power 3 or greater don't untap during their controllers' untap steps."
RESTRICTIONS["don't untap during their controllers' untap steps"] = (DOESNT_UNTAP,)
#: the restrictions' words, the longest first (so "can't attack or block" wins over "can't attack")
RESTRICTIONS_LONGEST_FIRST = tuple(sorted(RESTRICTIONS, key=len, reverse=True))
#: 502.3: "You may choose not to untap ~ during your untap step." (asked in the untap step)
RESTRICTION_SENTENCES["you may choose not to untap ~ during your untap step"] = (MAY_NOT_UNTAP,)
#: 611.2b: "It doesn't untap during its controller's untap step for as long as ~ remains tapped."
FROZEN_WHILE_TAPPED = "doesn't untap during its controller's untap step for as long as ~ remains tapped"
#: 611.2b: the duration of an effect that lasts while its source stays tapped
WHILE_TAPPED = "for as long as ~ remains tapped"
