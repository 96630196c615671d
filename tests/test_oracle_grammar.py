"""The oracle-text grammar (mechanics.text.oracle): what it compiles and what it leaves
manual (the scenarios in tests/scenarios/templates, tests/scenarios/oracle and
tests/scenarios/cards/template_*.scenario prove what each does in a game)."""

from __future__ import annotations

import pytest

from mechanics.abilities.abilities import Activated, SpellAbility, Triggered
from mechanics.io.scenario import run_text
from mechanics.model.cards import CardDef
from mechanics.play.game import Game
from mechanics.text.build import build_behaviour
from mechanics.text.oracle.lexer import self_named


def card(text: str, type_line: str = "Instant", name: str = "Test Card") -> CardDef:
    return CardDef(name, mana_cost="{1}", type_line=type_line, oracle_text=text, power=1, toughness=1)


def missing(c: CardDef) -> list[str]:
    return build_behaviour(c, set(), {}).missing


def test_self_references_become_tilde():
    ezuri = card("", "Legendary Creature — Elf Warrior", "Ezuri, Stalker of Spheres")
    assert self_named(ezuri.name, "When Ezuri enters, draw a card.") == "When ~ enters, draw a card."
    assert self_named("Shock", "Shockwave hits. Shock deals 2 damage.") == \
        "Shockwave hits. ~ deals 2 damage."
    assert self_named("Test Card", "This creature gets +1/+0. When this Aura enters") == "~ gets +1/+0. When ~ enters"


@pytest.mark.parametrize("text", [
    "Destroy target creature.\nDraw a card.",
    "Counter target noncreature spell.\nDraw a card.",
    "Test Card deals 2 damage to any target.",
    "Return target nonland permanent to its owner's hand.",
    "Target creature gets +2/-2 until end of turn.",
    "Draw three cards.",
    "Counter target spell unless its controller pays {3}.",
    "Surveil 2.",
])
def test_spell_lines_accepted(text):
    c = card(text)
    assert missing(c) == []
    spells = build_behaviour(c, set(), {}).of(SpellAbility)
    assert len(spells[0].targets) == ("target" in text.lower())
    assert all(not s.targets for s in spells[1:])


@pytest.mark.parametrize("text, phrase", [
    ("Banding", "Banding"),  # a capitalized first word is no subtype of a rule that fails later
    ("Fabricate 1", "Fabricate 1"),
    ("Noncreature spells cost {X} more to cast.", "{X} more to cast."),
])
def test_the_phrase_named_is_where_reading_stopped(text, phrase):
    assert build_behaviour(card(text, "Creature — Elf"), set(), {}).phrases == [phrase]


@pytest.mark.parametrize("text", [
    "Destroy target creature. It can't be flipped.",
    "Counter target spell unless its controller pays {X}.",
])
def test_spell_lines_refused(text):
    assert missing(card(text))


@pytest.mark.parametrize("text, kinds", [
    ("Draw a card.\nDestroy target creature.", ["creature"]),  # the spell's sentences share its targets
    ("Destroy target creature.\nTarget player draws a card.", ["creature", "player"]),
    ("Destroy target green creature.", ["creature"]),
    ("Test Card deals 3 damage to target player or planeswalker.", ["any"]),
])
def test_spell_sentences_compile_with_their_targets_in_order(text, kinds):
    spells = build_behaviour(card(text), set(), {}).of(SpellAbility)
    assert missing(card(text)) == [] and len(spells) == 1
    assert [t.kind for t in spells[0].targets] == kinds


def test_spell_templates_need_an_instant_or_sorcery():
    assert missing(card("Draw a card.", "Creature — Elf"))
    assert missing(card("Destroy target creature.", "Enchantment"))


@pytest.mark.parametrize("text, kind", [
    ("When this creature enters, you gain 3 life.", Triggered),
    ("When this creature dies, draw two cards.", Triggered),
    ("{2}{R}: This creature gets +2/+0 until end of turn.", Activated),
    ("{T}: This creature deals 2 damage to any target.", Activated),
    ("{T}: Add one mana of any color.", Activated),
    ("{2}, Sacrifice this creature: Draw a card.", Activated),
    ("Whenever this creature attacks, it gets +2/+0 until end of turn.", Triggered),
    ("Prowess", Triggered),
    ("{T}, Sacrifice a creature: Draw a card.", Activated),  # 602.2b: sacrificing another permanent
    ("Whenever another creature you control dies, draw a card.", Triggered),
    ("{R}: This creature gets +1/+0 until end of turn. Activate only once each turn.", Activated),
    ("When this creature enters, you may draw a card.", Triggered),
    ("{X}: This creature gets +X/+0 until end of turn.", Activated),  # 107.3: X chosen as activated
])
def test_permanent_lines_accepted(text, kind):
    c = card(text, "Creature — Elf")
    assert missing(c) == [] and build_behaviour(c, set(), {}).of(kind)


@pytest.mark.parametrize("text", [
    "{1}, {T}: Add one mana of any color.",  # the player activates it; the payment taps {T}-only ones
    "{T}: Add {C}{C}.",  # the payment counts it twice
    "{T}, Sacrifice this land: Add one mana of any color.",
    "{B/G}, {T}: Add {B}{B}, {B}{G}, or {G}{G}.",  # 107.4e: hybrid; one of three groups
])
def test_land_mana_abilities_with_costs_accepted(text):
    c = card(text, "Land")
    assert missing(c) == [] and build_behaviour(c, set(), {}).of(Activated)[0].mana


@pytest.mark.parametrize("text, type_line", [
    ("When this creature dies, draw a card.", "Artifact"),  # only creatures die
    ("This land enters tapped unless you control a swamp creature.", "Land"),  # "swamp creature" isn't a kind
    ("Enchanted creature gets +1/+1 and has exalted.", "Enchantment — Aura"),  # a triggered keyword
    ("{R}: This creature gains protection from the chosen player until end of turn.", "Creature — Elf"),
    ("When this creature enters, attach it to target creature you control.", "Creature — Elf"),
    ("This creature enters with a finality counter on it.", "Creature — Elf"),  # finality: rules meaning
    ("{X}: Add {C}.", "Artifact"),  # X is chosen as an ability is activated (107.3): not for mana
    ("{X}, {T}: Destroy target artifact with mana value X.", "Artifact"),  # a comparison with X
    ("{T}: Add one mana of any color.", "Instant"),
])
def test_permanent_lines_refused(text, type_line):
    assert missing(card(text, type_line))


def test_dies_trigger_is_look_back():
    c = card("When this creature dies, you gain 2 life.", "Creature — Elf")
    (trig,) = build_behaviour(c, set(), {}).of(Triggered)
    assert trig.look_back


@pytest.mark.parametrize("name, target, moved", [("Unsummon", "bear", "bear"),
                                                  ("Boomerang", "forest", "forest")])
def test_bounce_template_on_bundled_cards_without_their_scripts(name, target, moved):
    """701: "Return target creature/permanent to its owner's hand." with the card's
    bundled script removed, so that only the template is at work."""

    def game(**kw):  # the template is now the compiler's grammar
        g = Game(**kw)
        g.hooks.scripts.pop(name, None)
        return g

    g = run_text(f"""
turn p1 main1
goldfish p2
battlefield p2 "Grizzly Bears" as bear
battlefield p2 Forest as forest
hand p1 {name}
mana p1 {{2}}{{U}}{{U}}
expect {name} automated
cast p1 {name} target {target}
resolve
expect {moved} in hand
expect p2 hand count 1
expect p1 graveyard count 1 {name}
""", game_factory=game)
    assert g.behaviour(name).of(SpellAbility)[0].text == g.card(name).oracle_text


def test_legal_blocks_follow_the_blocking_templates():
    """509.1b: the legal actions offer only the blocks the templates allow (Goblin Raider
    can't block; Cloud Elemental blocks only flyers), as the autopilot picks from them."""
    g = run_text("""
turn p1 main1
battlefield p1 "Grizzly Bears" as bear
battlefield p1 "Cloud Elemental" as flyer
battlefield p2 "Goblin Raider" as raider
battlefield p2 "Cloud Elemental" as cloud
library p2 Island
goto attackers
attack p1 bear flyer
goto blockers
""")
    blocks = {pair for a in g.legal_actions if type(a).__name__ == "Block" for pair in a.blocks}
    assert blocks == {("cloud", "flyer")}


def test_legal_attacks_include_a_creature_that_attacks_each_combat_if_able():
    """508.1d: with Bloodrock Cyclops able to attack, declaring no attackers (pass) and
    attacking without it are not among the legal actions; attacking with it alone is."""
    g = run_text("""
turn p1 main1
goldfish p2
battlefield p1 "Bloodrock Cyclops" as cyclops
battlefield p1 "Grizzly Bears" as bear
goto attackers
""")
    attacks = {tuple(r for r, _ in a.attackers) for a in g.legal_actions if type(a).__name__ == "Attack"}
    assert attacks == {("cyclops", "bear"), ("cyclops",)}
    assert not any(type(a).__name__ == "Pass" for a in g.legal_actions)


def test_no_blockers_decision_when_only_cant_block_creatures():
    """509.1a-b: a creature that can't block isn't among the possible blockers, so a
    defending player with only Goblin Raider is not asked to declare blockers."""
    lines = """
turn p1 main1
battlefield p1 "Grizzly Bears" as bear
battlefield p2 "Goblin Raider" as raider
library p2 Island
goto attackers
attack p1 bear
goto blockers
"""
    g = run_text(lines)
    assert g.can_block_with("p2") == [] and g.pending.kind == "priority"
    g = run_text(lines.replace('"Goblin Raider" as raider', '"Grizzly Bears" as wall'))
    assert g.pending.kind == "blockers"


def test_cycling_is_a_legal_action_only_when_affordable():
    """702.29a: a card with cycling in hand offers its ability while its cost can be paid."""
    lines = "turn p1 upkeep\ngoldfish p2\nhand p1 \"Drifting Meadow\"\nbattlefield p1 Island\n"
    activations = [a for a in run_text(lines).legal_actions if type(a).__name__ == "Activate"]
    assert activations == []
    g = run_text(lines + "battlefield p1 Island\n")
    assert [(a.obj, a.n) for a in g.legal_actions if type(a).__name__ == "Activate"] == [("Drifting Meadow", 1)]


@pytest.mark.parametrize("text, type_line, automated", [
    ("Ward {2}", "Creature — Bear", True),
    ("Ward {1}{U}", "Artifact", True),
    ("Ward—Pay 3 life.", "Creature — Bird", True),
    ("Ward {X}", "Creature — Bear", False),
    ("This spell can't be countered.\nDraw a card.", "Instant", True),
    ("This spell can't be countered.\nDestroy target creature.", "Instant", True),
    ("Enchant land", "Enchantment — Aura", True),
    ("Enchant Forest", "Enchantment — Aura", True),
    ("Enchant player", "Enchantment — Aura", False),
    ("Enchant land", "Enchantment", False),
    ("Flying, fear", "Creature — Zombie", True),
    ("Devoid\nShadow, horsemanship", "Creature — Eldrazi", True),
])
def test_ward_uncounterable_enchant_and_evasion_lines(text, type_line, automated):
    """702.21a ward; 101.2 "can't be countered"; 303.4a enchant restrictions; evasion and
    devoid as engine keywords (702.36, 702.28, 702.31, 702.114)."""
    c = card(text, type_line)
    assert build_behaviour(c, Game().hooks.keywords, {}).manual is not automated


def test_devoid_cards_have_no_color():
    """702.114a: devoid is a characteristic-defining ability: the card is colorless in every zone."""
    c = CardDef.from_scryfall({"name": "Drone", "mana_cost": "{1}{B}", "type_line": "Creature — Eldrazi",
                               "oracle_text": "Devoid", "keywords": ["Devoid"], "colors": ["B"]})
    assert c.colors == frozenset()
