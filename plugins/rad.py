"""Rad counters (Comprehensive Rules 122.1i and 727; numbered 728 from the
September 2026 rules on) and the cards that give them or care about milling.

122.1i  Rad counters are a kind of counter a player can have; one or more of
        them cause a triggered ability at the beginning of that player's
        precombat main phase.
727.1   The inherent triggered ability has no source and is controlled by the
        active player (an exception to 113.8): "At the beginning of each
        player's precombat main phase, if that player has one or more rad
        counters, that player mills a number of cards equal to the number of
        rad counters they have. For each nonland card milled this way, that
        player loses 1 life and removes one rad counter from themselves."
727.1a  Life lost this way is life lost "from radiation".
701.17  Mill: the cards are milled all at once, as many as the library holds
        (701.17b), so "whenever one or more nonland cards are milled" triggers
        once.
805.4d  Under shared team turns the ability triggers once for each player of
        the active team who has rad counters; each instance is controlled by
        that player.

The count is read as the ability resolves (608.2h); the "if" is an
intervening if (603.4), checked again then.  Rad counters never leave by
themselves at the end of a step, phase or turn.

Hooks propose, the engine applies: this module never assigns to the game's
state; it returns trigger dicts and acts through the resolution ``ctx``.
"""

from __future__ import annotations

from typing import Any

from mechanics import AbilityRef, Decision, SpellAbility, Static, Target, Triggered, hookimpl
from mechanics import events as ev

HANDLER = "rad"
RAD = "rad"


def rad_count(game: Any, player: str) -> int:
    return game.state.players[player].counters.get(RAD, 0)


# ---------------------------------------------------------------------- the inherent trigger


@hookimpl
def register_counter_kinds(register: Any) -> None:
    register(RAD, on="player", rule="122.1i")


@hookimpl
def register_interest(register: Any) -> None:
    """Asleep in a game with no rad counter: a card that speaks of them wakes it as it joins
    the game, the first rad counter put on a player (by a card, a plugin or the ``counter``
    set-up command) wakes it then; Strong, the Brutish Thespian and Glowing One, which
    care about radiation and milling, are its own cards and wake it too."""
    register(events=("Milled",), steps=("main1",), words=("rad counter",), counters=(RAD,), handlers=(HANDLER,))


@hookimpl
def step_begin(game: Any, step: str) -> list[dict] | None:
    """727.1 / 805.4d: one sourceless trigger per player of the active team with rad."""
    if step != "main1":  # the precombat main phase (505.1a)
        return None
    st = game.state
    out = []
    for p in st.team_of(st.active):
        if st.players[p].lost or rad_count(game, p) <= 0:
            continue  # 603.4: no rad counters, no trigger
        out.append({
            "handler": HANDLER, "source": None, "epoch": 0, "kind": "sourceless",
            # 727.1: controlled by the active player; under shared team turns each
            # instance is controlled by the player it is about (805.4d)
            "controller": p,
            "text": f"rad (727.1): {p} mills a card per rad counter, then loses 1 life and "
                    "removes a rad counter per nonland card milled",
            "data": {"player": p},
        })
    return out or None


def _resolve_rad(game: Any, item: Any, ctx: Any) -> Any:
    p = item.data["player"]
    n = rad_count(game, p)
    if n <= 0:
        ctx.note(f"rad: {p} has no rad counters now; the ability does nothing")
        return True  # 603.4
    milled = ctx.mill(p, n)  # all at once, as many as there are (701.17b)
    nonland = sum(1 for oid in milled if "Land" not in game.chars(oid).types)
    if nonland:
        if gains_from_radiation(game, p):  # 727.1a: Strong, the Brutish Thespian
            ctx.gain_life(p, nonland)
        else:
            ctx.lose_life(p, nonland)
        ctx.remove_counters(p, RAD, nonland)
    return {"player": p, "milled": len(milled), "nonland": nonland}


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> Any:
    if item.handler == HANDLER:
        return _resolve_rad(game, item, ctx)
    return None


@hookimpl
def display_hints(game: Any, obj: int | None, player: str | None) -> list[str] | None:
    if player is None or player not in game.state.players:
        return None
    n = rad_count(game, player)
    if n <= 0:
        return None
    return [f"rad {n}: mills {n} at their next precombat main phase"]


# ---------------------------------------------------------------------- per-card triggers


GLOWING_ONE_MILL = "Whenever a player mills a nonland card, you gain 1 life."


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    """"Whenever a player mills a nonland card" triggers once per nonland card
    (a card script triggers once per event, so the count is proposed here and the
    engine resolves each with the card's own ability)."""
    if not isinstance(event, ev.Milled) or event.nonland <= 0:
        return None
    out = []
    for oid, ch in game.all_chars().items():
        if ch.no_abilities:
            continue
        for idx, ab in enumerate(ch.behaviour.abilities):
            if isinstance(ab, Triggered) and not ab.events and ab.text == GLOWING_ONE_MILL:
                out += [{"handler": str(AbilityRef(ch.card.name, idx)), "source": oid,
                         "epoch": game.obj(oid).epoch, "controller": ch.controller,
                         "text": ab.text, "data": {"card": i + 1}}  # distinct triggers
                        for i in range(event.nonland)]
    return out or None


# ---------------------------------------------------------------------- cards

PLAYER = Target("player", "target player")


def enters_self(game: Any, obj: Any, event: Any) -> dict | None:
    if event.obj == obj.id and event.to_zone == "battlefield" and event.epoch == obj.epoch:
        return {}
    return None


def give_target_rad(n: int) -> Any:
    def run(ctx: Any) -> None:
        t = ctx.target(0)
        if t is not None:
            ctx.put_counters(t, RAD, n)
    return run


def _contaminated_drink(card: Any) -> list:
    def run(ctx: Any) -> None:
        x = ctx.item.x
        ctx.draw(ctx.controller, x)
        ctx.put_counters(ctx.controller, RAD, (x + 1) // 2)
    return [SpellAbility(card.oracle_text, run)]


def _nuclear_fallout(card: Any) -> list:
    def run(ctx: Any) -> None:
        game, x = ctx.game, ctx.item.x
        creatures = game.permanents(creature=True)
        if creatures and x:
            ctx.add_effect("7c", "pump", creatures, {"pt": (-2 * x, -2 * x)})
            ctx.note(f"each creature gets {-2 * x}/{-2 * x} until end of turn")
        for p in game.state.turn_order():  # APNAP
            if not game.state.players[p].lost:
                ctx.put_counters(p, RAD, x)
    return [SpellAbility(card.oracle_text, run)]


def _feral_ghoul(card: Any) -> list:
    another = "Whenever another creature you control dies, put a +1/+1 counter on this creature."
    dies = ("When this creature dies, each opponent gets a number of rad counters equal to "
            "its power.")

    def other_dies(game: Any, obj: Any, event: Any) -> dict | None:
        if event.from_zone != "battlefield" or event.to_zone != "graveyard" or event.obj == obj.id:
            return None
        info = game.look(event.obj, event.old_epoch)
        if info and "Creature" in info["types"] and info["controller"] == game.controller_of(obj.id):
            return {}
        return None

    def grow(ctx: Any) -> None:
        if ctx.source is not None:
            ctx.put_counters(ctx.source, "+1/+1", 1, source_item=ctx.item.id)

    def self_dies(game: Any, obj: Any, event: Any) -> dict | None:
        if event.obj == obj.id and event.from_zone == "battlefield" and event.to_zone == "graveyard":
            return {}
        return None

    def irradiate(ctx: Any) -> None:
        info = ctx.lki(ctx.item.source, ctx.item.source_epoch)
        power = max(0, (info or {}).get("power") or 0)
        for p in ctx.game.opponents(ctx.controller):
            ctx.put_counters(p, RAD, power)

    return [Triggered(another, ("ZoneChanged",), other_dies, grow),
            Triggered(dies, ("ZoneChanged",), self_dies, irradiate, look_back=True)]


def _glowing_one(card: Any) -> list:
    hit = "Whenever this creature deals combat damage to a player, they get four rad counters."

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        if event.source == obj.id and event.combat and event.player is not None:
            return {"player": event.player}
        return None

    def gain(ctx: Any) -> None:
        ctx.gain_life(ctx.controller, 1)

    return [Triggered(hit, ("DamageDealt",), match,
                      lambda ctx: ctx.put_counters(ctx.item.data["player"], RAD, 4)),
            Triggered(GLOWING_ONE_MILL, (), None, gain)]  # collected per card, above


def _mirelurk_queen(card: Any) -> list:
    etb = "When this creature enters, target player gets two rad counters."
    milled = ("Whenever one or more nonland cards are milled, draw a card, then put a +1/+1 "
              "counter on this creature. This ability triggers only once each turn.")

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        if event.nonland <= 0:
            return None
        # "only once each turn": no earlier nonland mill this turn since it entered
        for e in reversed(game.events[game.turn_began_at():]):
            if e is event:
                continue
            if isinstance(e, ev.ZoneChanged) and e.obj == obj.id and e.epoch == obj.epoch:
                break
            if isinstance(e, ev.Milled) and e.nonland > 0:
                return None
        return {}

    def run(ctx: Any) -> None:
        ctx.draw(ctx.controller)
        if ctx.source is not None:
            ctx.put_counters(ctx.source, "+1/+1", 1, source_item=ctx.item.id)

    return [Triggered(etb, ("ZoneChanged",), enters_self, give_target_rad(2), (PLAYER,)),
            Triggered(milled, ("Milled",), match, run)]


def _screeching_scorchbeast(card: Any) -> list:
    attacks = "Whenever this creature attacks, each player gets two rad counters."
    milled = ("Whenever one or more nonland cards are milled, you may create that many 2/2 "
              "black Zombie Mutant creature tokens. Do this only once each turn.")

    def attacking(game: Any, obj: Any, event: Any) -> dict | None:
        return {} if obj.id in event.attackers else None  # 508.3a

    def irradiate(ctx: Any) -> None:
        for p in ctx.game.state.turn_order():  # APNAP
            if not ctx.game.state.players[p].lost:
                ctx.put_counters(p, RAD, 2)

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        return {"n": event.nonland} if event.nonland > 0 else None

    def done_this_turn(game: Any, item: Any) -> bool:
        """"Do this only once each turn": this object already created the tokens this
        turn (it triggers every time; declining leaves the once for later)."""
        for e in reversed(game.events[game.turn_began_at():]):
            if isinstance(e, ev.ZoneChanged) and e.obj == item.source and e.epoch == item.source_epoch:
                return False  # it entered: a new object (400.7)
            if (isinstance(e, ev.AbilityResolved) and e.source == item.source
                    and e.handler == item.handler and e.data.get("zombies")):
                return True
        return False

    def create(ctx: Any) -> None:
        n = ctx.item.data.get("n", 0)
        if n <= 0 or done_this_turn(ctx.game, ctx.item):
            return
        pick = ctx.choose(Decision("choose", ctx.controller,
                                   f"Screeching Scorchbeast: create {n} Zombie Mutant token(s)? (yes/no)",
                                   ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
        if pick and pick[0] == "yes":
            ctx.create_token(ctx.controller, "Zombie Mutant Token", n)
            ctx.item.data["zombies"] = n  # for AbilityResolved: the once this turn is used

    return [Triggered(attacks, ("AttackersDeclared",), attacking, irradiate),
            Triggered(milled, ("Milled",), match, create)]


def _nightkin_ambusher(card: Any) -> list:
    etb = "When this creature enters, target player gets four rad counters."
    unblockable = "This creature can't be blocked as long as defending player has a rad counter."

    def defender_has_rad(game: Any, src: Any) -> bool:
        return isinstance(src.attacking, str) and rad_count(game, src.attacking) > 0

    return [Triggered(etb, ("ZoneChanged",), enters_self, give_target_rad(4), (PLAYER,)),
            Static(unblockable, "6", lambda g, src, obj, ch, sch: src.id == obj.id,
                   {"keywords": ("unblockable",)}, defender_has_rad)]


def _the_wise_mothman(card: Any) -> list:
    rad = "Whenever The Wise Mothman enters or attacks, each player gets a rad counter."
    milled = ("Whenever one or more nonland cards are milled, put a +1/+1 counter on each of "
              "up to X target creatures, where X is the number of nonland cards milled this way.")

    def enters_or_attacks(game: Any, obj: Any, event: Any) -> dict | None:
        if isinstance(event, ev.AttackersDeclared):
            return {} if obj.id in event.attackers else None  # 508.3a
        return enters_self(game, obj, event)

    def irradiate(ctx: Any) -> None:
        for p in ctx.game.state.turn_order():  # APNAP
            if not ctx.game.state.players[p].lost:
                ctx.put_counters(p, RAD, 1)

    def match(game: Any, obj: Any, event: Any) -> dict | None:
        # "up to X" targets (115.1d): X is fixed as the ability is put on the stack
        return {"max_targets": event.nonland} if event.nonland > 0 else None

    def grow(ctx: Any) -> None:
        for i in range(len(ctx.item.targets)):
            t = ctx.target(i)
            if t is not None:
                ctx.put_counters(t, "+1/+1", 1, source_item=ctx.item.id)

    creatures = Target("creature", "up to X target creatures", max=1000)
    return [Triggered(rad, ("ZoneChanged", "AttackersDeclared"), enters_or_attacks, irradiate),
            Triggered(milled, ("Milled",), match, grow, (creatures,))]


STRONG_RADIATION = "You gain life rather than lose life from radiation."


def gains_from_radiation(game: Any, player: str) -> bool:
    """727.1a: a permanent of ``player``'s says they gain life rather than lose life
    from radiation (Strong, the Brutish Thespian)."""
    for ch in game.all_chars().values():
        if ch.controller != player or ch.no_abilities:
            continue
        if any(isinstance(ab, Static) and ab.text == STRONG_RADIATION
               for ab in ch.behaviour.abilities):
            return True
    return False


def _strong_the_brutish_thespian(card: Any) -> list:
    enrage = ("Enrage — Whenever Strong is dealt damage, you get three rad counters and put "
              "three +1/+1 counters on Strong.")

    def dealt_damage(game: Any, obj: Any, event: Any) -> dict | None:
        return {} if event.obj == obj.id and event.amount > 0 else None

    def run(ctx: Any) -> None:
        ctx.put_counters(ctx.controller, RAD, 3)
        if ctx.source is not None:
            ctx.put_counters(ctx.source, "+1/+1", 3, source_item=ctx.item.id)

    return [Triggered(enrage, ("DamageDealt",), dealt_damage, run),
            Static(STRONG_RADIATION, "6", lambda g, src, obj, ch, sch: False, {})]  # read by the rad trigger


CARDS = {
    "The Wise Mothman": _the_wise_mothman,
    "Strong, the Brutish Thespian": _strong_the_brutish_thespian,
    "Contaminated Drink": _contaminated_drink,
    "Nightkin Ambusher": _nightkin_ambusher,
    "Screeching Scorchbeast": _screeching_scorchbeast,
    "Nuclear Fallout": _nuclear_fallout,
    "Feral Ghoul": _feral_ghoul,
    "Glowing One": _glowing_one,
    "Mirelurk Queen": _mirelurk_queen,
}


@hookimpl
def register_cards(register: Any) -> None:
    for name, fn in CARDS.items():
        register(name, fn)
