"""Phasing (Comprehensive Rules 702.26 and 502.1) and the cards that phase.

502.1   The first thing in a player's untap step: all phased-in permanents with
        phasing that player controls phase out, and simultaneously all
        phased-out permanents that had phased out under that player's control
        phase in.  No one gets priority (502.4): what triggers waits.
702.26a Phasing is a static ability that modifies the untap step (above).
702.26b A phased-out permanent is treated as though it doesn't exist: it can't
        be targeted, its static abilities do nothing, its triggered abilities
        can't trigger, it can't attack or block, and phasing out removes it
        from combat.
702.26d Phasing is not a zone change: no enters/leaves triggers, tokens keep
        existing, counters stay on it.
702.26f "For as long as" effects that track it end when it phases out.
702.26g Auras and Equipment attached to it phase out "indirectly" with it and
        phase in only along with it (and so aren't phased in by 502.1 alone).
603.10b "Whenever this phases out" abilities look back in time: they trigger
        from a permanent that has just become phased out.

The status itself and what it means to the rules (skipped by every query,
indirect phasing, removal from combat) are the engine's: ``game.phase_out`` /
``game.phase_in``.  This plugin decides *when* phasing happens (502.1), gives
the look-back triggers of 603.10b, and scripts the phasing cards.

Hooks propose, the engine applies: nothing here assigns to the game's state.
"""

from __future__ import annotations

from typing import Any

from mechanics import (
    AbilityRef,
    Activated,
    Decision,
    EntersWith,
    SpellAbility,
    Static,
    Target,
    Triggered,
    hookimpl,
    while_present,
)

RULE = "702.26"
CANT_PHASE_OUT = "cant_phase_out"


# ---------------------------------------------------------------------- the keyword


@hookimpl
def register_keywords(register: Any) -> None:
    register("phasing", RULE)


def cant_phase_out(game: Any, oid: int) -> bool:
    """Ertai's Familiar: "until your next upkeep, this creature can't phase out".

    The effect records its player and how many turns that player had begun; it
    lasts through that player's next untap step and ends at their next upkeep.
    """
    st = game.state
    ref = st.objs[oid].ref
    for e in st.effects:
        if e.kind != CANT_PHASE_OUT or ref not in e.affected:
            continue
        who, turns = e.params[CANT_PHASE_OUT]
        now = st.players[who].turns
        if now == turns or (now == turns + 1 and st.step == "untap" and who in st.team_of(st.active)):
            return True
    return False


@hookimpl
def untap_begin(game: Any, player: str) -> list[tuple] | None:
    """502.1 / 702.26a: both lists are computed first, so the change is simultaneous:
    a permanent that phases out now doesn't phase back in, and vice versa."""
    st = game.state
    out = [("phase_out", oid) for oid, ch in game.all_chars().items()  # the phased-in permanents
           if ch.controller == player and "phasing" in ch.keywords and not cant_phase_out(game, oid)]
    back = [("phase_in", oid) for oid in st.battlefield
            if st.objs[oid].phased_out and not st.objs[oid].phased_indirectly  # 702.26g
            and st.objs[oid].phased_under == player]
    return (out + back) or None


# ---------------------------------------------------------------------- 603.10b look back


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("PhasedOut",), words=("phas",), wakes=("PhasedOut",))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """603.10b: "whenever this phases out" triggers from the permanent that just phased
    out, which the engine's trigger search (phased-in permanents only) no longer sees.

    Such abilities are written ``Triggered(..., look_back=True)`` listening to
    ``PhasedOut`` and are matched here against the object as it is now (phasing
    doesn't change an object's characteristics or make it a new object).
    """
    if event.kind != "PhasedOut":
        return None
    obj = game.obj(event.obj)
    name = obj.copy_of or obj.name
    out = []
    for idx, ab in enumerate(game.behaviour(name).abilities):
        if not (isinstance(ab, Triggered) and ab.look_back and "PhasedOut" in ab.events):
            continue
        data = ab.match(game, obj, event) if ab.match else {}
        if data is None:
            continue
        out.append({"handler": str(AbilityRef(name, idx)), "source": obj.id, "epoch": obj.epoch,
                    "controller": obj.phased_under or obj.controller, "text": ab.text,
                    "data": data, "kind": "triggered"})
    return out or None


# ---------------------------------------------------------------------- display


@hookimpl
def display_hints(game: Any, obj: int | None, player: str | None) -> list[str] | None:
    if obj is None:
        return None
    o = game.state.objs.get(obj)
    if o is None or o.zone != "battlefield":
        return None
    if o.phased_out:
        if o.phased_indirectly:
            return ["phased out (with what it is attached to)"]
        return [f"phased out: phases in during {o.phased_under}'s untap step"]
    ch = game.chars(obj)
    if ch is not None and ch.has("phasing"):
        return [f"phasing: phases out during {ch.controller}'s untap step"]
    return None


# ---------------------------------------------------------------------- cards

CREATURE = Target("creature", "target creature")


def this_phases(kind: str):  # noqa: ANN201 - a Triggered.match
    """Match "whenever this phases in/out" (``kind`` is the event kind)."""

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        return {} if event.kind == kind and event.obj == obj.id else None

    return match


def discard_a_card(ctx: Any) -> None:
    """701.9: the player chooses a card in their hand and puts it into the graveyard."""
    game, player = ctx.game, ctx.controller
    hand = tuple(game.state.players[player].hand)
    if not hand:
        return
    if len(hand) == 1 or (game.state.players[player].auto and game.policy is None):
        pick = hand[-1]
    else:
        pick = ctx.choose(Decision("choose", player, f"{player}: discard a card", hand, 1, 1,
                                   {"what": "discard", "default": [hand[-1]]}))[0]
    ctx.note(f"{player} discards {game.describe(pick)}")
    ctx.move(pick, "graveyard")


def _teferis_imp(card: Any) -> list:
    lines = [ln for ln in card.oracle_text.splitlines() if ln.startswith("Whenever")]

    def draw(ctx: Any) -> None:
        ctx.draw(ctx.controller)

    return [Triggered(lines[0], ("PhasedOut",), this_phases("PhasedOut"), discard_a_card,
                      look_back=True),  # 603.10b: collected by trigger_collect above
            Triggered(lines[1], ("PhasedIn",), this_phases("PhasedIn"), draw)]


def _ertais_familiar(card: Any) -> list:
    lines = card.oracle_text.splitlines()

    def phases_out_or_leaves(game: Any, obj: Any, event: Any) -> dict | None:
        if event.kind == "PhasedOut":
            return {} if event.obj == obj.id else None
        if event.kind == "ZoneChanged" and event.obj == obj.id and event.from_zone == "battlefield":
            return {}
        return None

    def mill3(ctx: Any) -> None:
        ctx.mill(ctx.controller, 3)

    def cant_phase(ctx: Any) -> None:
        src = ctx.source
        if src is None or ctx.game.obj(src).zone != "battlefield":
            return
        o = ctx.game.obj(src)
        turns = ctx.game.state.players[ctx.controller].turns
        ctx.add_effect("6", CANT_PHASE_OUT, [src], {CANT_PHASE_OUT: (ctx.controller, turns)},
                       until=while_present(o), source=src)
        ctx.note(f"{ctx.game.describe(src)} can't phase out until {ctx.controller}'s next upkeep")

    return [Triggered(lines[1], ("PhasedOut", "ZoneChanged"), phases_out_or_leaves, mill3,
                      look_back=True),
            Activated(lines[2], cost="{U}", resolve=cant_phase)]


def _slip_out_the_back(card: Any) -> list:
    def run(ctx: Any) -> None:
        t = ctx.target(0)
        if t is None:
            return
        ctx.put_counters(t, "+1/+1", 1, source_item=ctx.item.id)
        ctx.phase_out(t)  # "It phases out" even if the counter was prevented

    return [SpellAbility(card.oracle_text, run, (CREATURE,))]


def _clever_concealment(card: Any) -> list:
    """Any number of target nonland permanents you control phase out (convoke is the
    engine's keyword, 702.51)."""
    yours = Target("permanent-you-control", "any number of target nonland permanents you control",
                   filter=lambda game, o: "Land" not in game.chars(o).types, max=1000)

    def run(ctx: Any) -> None:
        for i in range(len(ctx.item.targets)):
            t = ctx.target(i)
            if t is not None:
                ctx.phase_out(t)

    return [SpellAbility(card.oracle_text.split("\n")[-1], run, (yours,))]


#: creature types (205.3m) offered by "choose a creature type", with the pool's own
CREATURE_TYPES = tuple("""
Advisor Aetherborn Alicorn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer
Assassin Assembly-Worker Astartes Athlete Atog Aurochs Autobot Avatar Azra Badger Balloon
Barbarian Bard Basilisk Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth
Boar Bringer Brushwagg C'tan Camarid Camel Capybara Caribou Carrier Cat Centaur Cephalid
Chameleon Child Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile
Custodes Cyberman Cyborg Cyclops Dalek Dauthi Deer Demigod Demon Deserter Detective Devil
Dinosaur Djinn Doctor Dog Dragon Drake Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet
Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye Faerie Ferret Fish Flagbearer Fox
Fractal Frog Fungus Gamer Gargoyle Germ Giant Giraffe Gith Glimmer Gnoll Gnome Goat Goblin God
Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hellion Hero Hippo
Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling
Inquisitor Insect Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor
Kraken Lamia Lammasu Leech Lemur Leviathan Lhurgoyf Licid Lizard Llama Lobster Manticore
Masticore Mercenary Merfolk Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey
Moogle Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker
Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin
Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate
Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Rabbit Raccoon Ranger Rat
Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr
Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman
Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier
Soltari Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid Squirrel
Starfish Surrakar Survivor Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Time-Lord
Toy Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Varmint Vedalken
Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat
Worm Wraith Wurm Yeti Zombie Zubera
""".split())


def chosen_type(obj: Any) -> str:
    return obj.choices.get("choice", "")


def _is_type(ch: Any, kind: str) -> bool:
    key = kind.casefold()
    return bool(key) and any(s.casefold() == key for s in ch.subtypes)


def _adaptive_automaton(card: Any) -> list:
    """As it enters, choose a creature type (614.12); the choice is part of the
    permanent and is remembered while it is phased out (702.26d)."""
    choose_line, is_line, lord_line = card.oracle_text.splitlines()

    def choose(ctx: Any, obj: Any) -> None:
        game = ctx.game
        mine = [game.chars(o) for o in game.permanents(obj.controller, creature=True) if o != obj.id]
        known = {s for c in game.pool if c.is_type("Creature") for s in c.subtypes}
        options = tuple(sorted(set(CREATURE_TYPES) | known))
        counts = {t: sum(_is_type(c, t) for c in mine) for t in options}
        best = max(options, key=lambda t: counts[t]) if options else ""
        d = Decision("choose", obj.controller, f"{game.describe(obj.id)}: choose a creature type",
                     options, 1, 1, {"what": "creature type", "default": [best]})
        auto = game.state.players[obj.controller].auto and game.policy is None
        pick = best if auto else ctx.choose(d)[0]  # a goldfish takes the default
        ctx.remember_choice(obj.id, pick)

    def is_the_type(kind: str) -> Static:  # layer 4, switched on by the choice
        return Static(is_line, "4", lambda g, src, o, ch, sch: o.id == src.id, {"subtypes": (kind,)},
                      condition=lambda g, src: chosen_type(src).casefold() == kind.casefold())

    def lord(g: Any, src: Any, o: Any, ch: Any, sch: Any) -> bool:
        return (o.id != src.id and ch.is_creature and ch.controller == sch.controller
                and _is_type(ch, chosen_type(src)))

    return [EntersWith(choose_line, choose),
            *(is_the_type(t) for t in CREATURE_TYPES),
            Static(lord_line, "7c", lord, {"pt": (1, 1)})]


def _guardian_of_faith(card: Any) -> list:
    """"When this creature enters, any number of other target creatures you control
    phase out": 0 or more targets (115.1d); each still-legal one phases out (608.2b)."""
    line = next(ln for ln in card.oracle_text.splitlines() if ln.startswith("When"))
    text = line.split(" (")[0]  # without the reminder text

    def enters(game: Any, obj: Any, event: Any) -> dict | None:
        ok = event.obj == obj.id and event.to_zone == "battlefield" and event.epoch == obj.epoch
        return {} if ok else None

    def run(ctx: Any) -> None:
        for i in range(len(ctx.item.targets)):
            t = ctx.target(i)
            if t is not None:
                ctx.phase_out(t)

    others = Target("creature-you-control", "any number of other target creatures you control",
                    max=99, other=True)
    return [Triggered(text, ("ZoneChanged",), enters, run, (others,))]


# Teferi's Protection: "Until your next turn, your life total can't change and you gain
# protection from everything.  All permanents you control phase out." / "Exile Teferi's
# Protection."  The effect records its player and how many turns that player had begun:
# it lasts until that player's next turn begins (and so through the other turns).
# - "your life total can't change" (119.10): every gain or loss of life is made zero
#   (a replacement on the engine's ``"life"`` primitive), rad's life loss included;
# - protection from everything for a player (702.16b, 702.16e): all damage that would be
#   dealt to the player is prevented (on ``"damage"``), and the player can't be the target
#   of any spell or ability (``player_untargetable``);
# - the permanents phase out under their controller (702.26) and so phase back in during
#   that player's next untap step (502.1, above);
# - the spell exiles itself as the last part of its resolution (608.2n doesn't apply).

TEFERIS_PROTECTION = "teferis-protection"


def protected(game: Any, player: str) -> bool:
    """Whether Teferi's Protection's effect is on ``player`` now."""
    st = game.state
    return any(e.kind == TEFERIS_PROTECTION and e.params["player"] == player
               and st.players[player].turns == e.params["turns"] for e in st.effects)


@hookimpl
def replacement_collect(game: Any, on: str, op: dict) -> list[tuple[str, Any]] | None:
    if on == "life" and op["n"] and protected(game, op["player"]):
        return [("Teferi's Protection: life total can't change", lambda o: {**o, "n": 0})]
    if on == "damage" and isinstance(op["target"], str) and protected(game, op["target"]):
        return [("Teferi's Protection: protection from everything (prevent damage)",
                 lambda o: {**o, "n": 0})]
    return None


@hookimpl
def player_untargetable(game: Any, player: str, item: Any) -> bool | None:
    return True if protected(game, player) else None


def _teferis_protection(card: Any) -> list:
    first, second = card.oracle_text.splitlines()

    def protect(ctx: Any) -> None:
        game, me = ctx.game, ctx.controller
        ctx.add_effect("-", TEFERIS_PROTECTION, [],
                       {"player": me, "turns": game.state.players[me].turns}, until="")
        ctx.note(f"until {me}'s next turn, {me}'s life total can't change and {me} has "
                 "protection from everything")
        mine = game.permanents(me)  # attached ones after, so they phase out with their host
        for oid in sorted(mine, key=lambda o: game.obj(o).attached_to in mine):
            ctx.phase_out(oid)

    def exile_self(ctx: Any) -> None:
        src = ctx.source
        if src is not None and ctx.game.obj(src).zone == "stack":
            ctx.move(src, "exile")

    return [SpellAbility(first.split(" (")[0], protect), SpellAbility(second, exile_self)]


CARDS = {
    "Teferi's Protection": _teferis_protection,
    "Guardian of Faith": _guardian_of_faith,
    "Teferi's Imp": _teferis_imp,
    "Ertai's Familiar": _ertais_familiar,
    "Slip Out the Back": _slip_out_the_back,
    "Clever Concealment": _clever_concealment,
    "Adaptive Automaton": _adaptive_automaton,
}


@hookimpl
def register_cards(register: Any) -> None:
    for name, fn in CARDS.items():
        register(name, fn)
