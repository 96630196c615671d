"""Proliferate (Comprehensive Rules 701.34) and the cards that proliferate.

701.34a To proliferate means to choose any number of permanents and/or players
        that have a counter, then give each one additional counter of each
        kind that permanent or player already has.
701.34b In a Two-Headed Giant game poison counters are shared by the team: if
        more than one player on a team is chosen, only one of them gets the
        additional poison counter; the proliferating player chooses which.

Consequences the implementation keeps (Wizards' rulings, Nov. 2023):
- "any number" includes zero: choosing nothing is allowed;
- any permanent with a counter (phased in: 702.26b) and any player with a
  counter, whoever controls them, of every kind (+1/+1, poison, rad, ...):
  counters are plain data, so kinds that other plugins register (rad) take
  part without this module knowing them; cards in other zones can't be chosen;
- each chosen one gets one counter of EACH kind it has, through
  ``ctx.put_counters`` so replacement effects (614, 616.1) apply;
- the choice is made while the spell or ability resolves, so no one can
  respond to it (the decision suspends the resolution);
- a ``KeywordAction("proliferate")`` event is emitted even when nothing was
  chosen, so "whenever you proliferate" triggers anyway.

Hooks propose, the engine applies: nothing here assigns to the game's state.
"""

from __future__ import annotations

from typing import Any

from mechanics import (
    Activated,
    Decision,
    SpellAbility,
    Target,
    Triggered,
    events,
    hookimpl,
)

NAME = "proliferate"
RULE = "701.34"
PROMPT = "proliferate: choose any number of permanents and players to get another counter of each kind"


def ask(ctx: Any, decision: Any) -> list:
    """``ctx.choose``, except that a goldfish (which decides nothing by itself) takes the
    decision's default when no policy answers for it."""
    game = ctx.game
    if game.state.players[decision.player].auto and game.policy is None:
        return list(decision.data.get("default", []))
    return list(ctx.choose(decision))


@hookimpl
def register_keywords(register: Any) -> None:
    register(NAME, RULE)
    register(STORM, "702.40")


# ---------------------------------------------------------------------- storm (702.40)
#
# 702.40a "When you cast this spell, copy it for each other spell that was cast before
# it this turn.  If the spell has any targets, you may choose new targets for any of
# the copies."  A triggered ability (from the stack), so it resolves (and can be
# answered) before the spell; the copies exist even if the spell itself is gone by then.

STORM = "storm"
STORM_HANDLER = "storm"


def storm_count(game: Any, item_id: int) -> int:
    """How many spells were cast this turn before the SpellCast of stack item ``item_id``."""
    seen, count = False, 0
    for event in reversed(game.events[game.turn_began_at():]):
        if isinstance(event, events.SpellCast):
            if event.item == item_id:
                seen = True
            elif seen:
                count += 1
    return count


@hookimpl
def register_interest(register: Any) -> None:
    register(events=("SpellCast",), words=("proliferate", "storm"), handlers=(STORM_HANDLER,))


@hookimpl
def trigger_collect(game: Any, event: Any) -> list[dict] | None:
    if not isinstance(event, events.SpellCast):
        return None
    obj = game.state.objs.get(event.source)
    if obj is None or STORM not in game.card(obj.name).keywords:
        return None
    item = next((s for s in game.state.stack if s.id == event.item), None)
    return [{"handler": STORM_HANDLER, "source": event.source, "epoch": obj.epoch,
             "controller": event.controller, "text": f"storm ({obj.name})",
             "data": {"spell": obj.name, "count": storm_count(game, event.item),
                      "targets": list(item.targets) if item else [], "x": item.x if item else 0,
                      "modes": list(item.data.get("modes", ())) if item else []}}]


@hookimpl
def resolve_item(game: Any, item: Any, ctx: Any) -> Any:
    if item.handler != STORM_HANDLER:
        return None
    n = item.data["count"]
    ctx.note(f"storm: {n} cop{'y' if n == 1 else 'ies'} of {item.data['spell']}")
    for k in range(n):  # 702.40a: for each copy, new targets may be chosen
        ctx.copy_spell(item.data["spell"], item.controller, tuple(item.data["targets"]), item.data["x"],
                       tuple(item.data.get("modes", ())), f"storm: the target of copy {k + 1} of {item.data['spell']}")
    return True





def options(game: Any) -> list[int | str]:
    """What can be chosen: phased-in permanents and players with at least one counter."""
    st = game.state
    out: list[int | str] = [oid for oid in game.permanents()
                            if any(n > 0 for n in st.objs[oid].counters.values())]
    out += [p for p in st.turn_order()
            if not st.players[p].lost and any(n > 0 for n in st.players[p].counters.values())]
    return out


def _shared_poison(game: Any, ctx: Any, player: str, chosen: list) -> set[str]:
    """701.34b: the chosen players of a team sharing poison who should not get one."""
    st = game.state
    if not st.shared_life:
        return set()
    skip: set[str] = set()
    for team in st.teams:
        with_poison = [p for p in chosen if p in team and st.players[p].counters.get("poison", 0) > 0]
        if len(with_poison) > 1:
            keep = ask(ctx, Decision("choose", player, "proliferate: which player of the team gets "
                                     "the poison counter (701.34b)", tuple(with_poison), 1, 1,
                                     {"what": "poison", "default": [with_poison[0]]}))[0]
            skip |= {p for p in with_poison if p != keep}
    return skip


@hookimpl
def keyword_action(game: Any, name: str, ctx: Any, player: str, args: dict) -> Any:
    """701.34a.  Returns the permanents and players that got at least one counter."""
    if name != NAME:
        return None
    st = game.state
    opts = options(game)
    chosen = ask(ctx, Decision("choose", player, PROMPT, tuple(opts), 0, len(opts),
                               {"what": NAME, "default": []})) if opts else []
    no_poison = _shared_poison(game, ctx, player, [c for c in chosen if isinstance(c, str)])
    got: list[int | str] = []
    for target in chosen:
        holder = st.players[target] if isinstance(target, str) else st.objs[target]
        kinds = [k for k, n in holder.counters.items() if n > 0]
        put = 0
        for kind in kinds:
            if kind == "poison" and target in no_poison:
                continue
            put += ctx.put_counters(target, kind, 1)
        if put:
            got.append(target)
    ctx.emit(events.KeywordAction(NAME, player, {"chosen": list(chosen), "got": list(got)}))
    return got


@hookimpl
def describe_event(game: Any, event: Any) -> str | None:
    if event.kind != "KeywordAction" or event.name != NAME:
        return None
    chosen = event.data.get("chosen", [])
    if not chosen:
        return f"{event.player} proliferates, choosing nothing"
    return f"{event.player} proliferates: " + ", ".join(game.describe(c) for c in chosen)


# ---------------------------------------------------------------------- cards


CREATURE = Target("creature", "target creature")


def proliferate(ctx: Any) -> Any:
    return ctx.keyword_action(NAME, ctx.controller)


def enters_self(game: Any, obj: Any, event: Any) -> dict | None:
    """"When this enters": this object moved onto the battlefield just now."""
    if event.obj == obj.id and event.to_zone == "battlefield" and event.epoch == obj.epoch:
        return {}
    return None


def combat_damage_to_player(game: Any, obj: Any, event: Any) -> dict | None:
    if event.source == obj.id and event.player is not None and event.combat:
        return {"player": event.player}
    return None


def _line(card: Any, start: str) -> str:
    return next(ln for ln in card.oracle_text.splitlines() if ln.startswith(start)).split(" (")[0]


def _contagion_clasp(card: Any) -> list:
    def minus(ctx: Any) -> None:
        t = ctx.target(0)
        if t is not None:
            ctx.put_counters(t, "-1/-1", 1, source_item=ctx.item.id)

    return [Triggered(_line(card, "When"), ("ZoneChanged",), enters_self, minus, (CREATURE,)),
            Activated(_line(card, "{4}"), cost="{4}", tap=True, resolve=proliferate)]


def _karns_bastion(card: Any) -> list:
    return [Activated("{T}: Add {C}.", tap=True, mana="C"),
            Activated(_line(card, "{4}"), cost="{4}", tap=True, resolve=proliferate)]


def _thrummingbird(card: Any) -> list:
    return [Triggered(_line(card, "Whenever"), ("DamageDealt",), combat_damage_to_player, proliferate)]


def _flux_channeler(card: Any) -> list:
    def match(game: Any, obj: Any, event: Any) -> dict | None:
        ch = game.chars(event.source)
        if event.controller == game.controller_of(obj.id) and ch is not None and not ch.is_creature:
            return {}
        return None

    return [Triggered(_line(card, "Whenever"), ("SpellCast",), match, proliferate)]


def _evolution_sage(card: Any) -> list:
    def landfall(game: Any, obj: Any, event: Any) -> dict | None:
        if event.to_zone != "battlefield":
            return None
        ch = game.chars(event.obj)
        if ch is not None and "Land" in ch.types and ch.controller == game.controller_of(obj.id):
            return {}
        return None

    return [Triggered(_line(card, "Landfall"), ("ZoneChanged",), landfall, proliferate)]


def _steady_progress(card: Any) -> list:
    def run(ctx: Any) -> None:
        proliferate(ctx)
        ctx.draw(ctx.controller)

    return [SpellAbility(card.oracle_text, run)]


def _tezzerets_gambit(card: Any) -> list:
    def run(ctx: Any) -> None:
        ctx.draw(ctx.controller, 2)
        proliferate(ctx)

    return [SpellAbility(_line(card, "Draw"), run)]


def _atraxa(card: Any) -> list:
    return [Triggered(_line(card, "At the beginning"), step="end", resolve=proliferate)]


def _ezuri(card: Any) -> list:
    def pay_for_two(ctx: Any) -> None:
        d = Decision("choose", ctx.controller, "Ezuri: pay {3} to proliferate twice?",
                     ("pay", "decline"), 1, 1, {"what": "pay", "default": ["pay"]})
        if ask(ctx, d) != ["pay"]:
            return
        if not ctx.pay(ctx.controller, "{3}"):
            ctx.note(f"{ctx.controller} can't pay {{3}}")
            return
        proliferate(ctx)
        proliferate(ctx)

    def you_proliferate(game: Any, obj: Any, event: Any) -> dict | None:
        if event.name == NAME and event.player == game.controller_of(obj.id):
            return {}
        return None

    def draw(ctx: Any) -> None:
        ctx.draw(ctx.controller)

    return [Triggered(_line(card, "When Ezuri"), ("ZoneChanged",), enters_self, pay_for_two),
            Triggered(_line(card, "Whenever you proliferate"), ("KeywordAction",), you_proliferate,
                      draw)]


def _ripples_of_potential(card: Any) -> list:
    """Proliferate, then phase out any number of the permanents you control that got a
    counter this way.  State-based actions wait until it has resolved, so a creature
    the proliferate gave lethal -1/-1 counters can phase out first and survive."""

    def run(ctx: Any) -> None:
        game = ctx.game
        got = proliferate(ctx) or []
        mine = tuple(o for o in got if isinstance(o, int) and o in game.permanents(ctx.controller))
        if not mine:
            return
        picked = ask(ctx, Decision("choose", ctx.controller, "Ripples of Potential: choose any number "
                                   "of permanents you control that got a counter to phase out",
                                   mine, 0, len(mine), {"what": "phase out", "default": []}))
        for oid in picked:
            ctx.phase_out(oid)

    return [SpellAbility(card.oracle_text.split(" (")[0], run)]


def _radstorm(card: Any) -> list:
    return [SpellAbility(_line(card, "Proliferate."), proliferate)]


CARDS = {
    "Radstorm": _radstorm,
    "Contagion Clasp": _contagion_clasp,
    "Karn's Bastion": _karns_bastion,
    "Thrummingbird": _thrummingbird,
    "Flux Channeler": _flux_channeler,
    "Evolution Sage": _evolution_sage,
    "Steady Progress": _steady_progress,
    "Tezzeret's Gambit": _tezzerets_gambit,
    "Atraxa, Praetors' Voice": _atraxa,
    "Ezuri, Stalker of Spheres": _ezuri,
    "Ripples of Potential": _ripples_of_potential,
}


@hookimpl
def register_cards(register: Any) -> None:
    for name, fn in CARDS.items():
        register(name, fn)
