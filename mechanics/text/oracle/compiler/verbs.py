"""The effect verbs: one compile function a verb (or a family of verbs done alike),
registered with :func:`.effects.verb`; each returns ``run(ctx)``, which acts through
the resolution context's primitives (608.2).

A new verb is one function here (or in a module of its own, imported in the
package's ``__init__``)::

    @verb("scry", "surveil")
    def look(env: Env, e: Effect, n: Count) -> Run: ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....model.state import NEXT_UNTAP, Decision
from ...effects import (
    CANT_BLOCK,
    DOESNT_UNTAP,
    UNBLOCKABLE,
    explore,
    look_at_top,
    pays,
    to_bottom,
    to_top,
)
from .. import select
from ..grammar.words import COLOR_NAMES, PROTECTION_OF_CHOICE
from ..tree import Effect, Objects
from .damage import divided
from .descriptors import (
    MEANINGFUL_COUNTERS,
    Env,
    Run,
    Unsupported,
    each_of,
    number,
    objects,
    players_of,
)
from .effects import then_run, verb
from .granted import granted
from .untapping import lasting

if TYPE_CHECKING:
    from ....play.context import Ctx

#: an effect's number, read as it resolves
Count = Callable[["Ctx"], int]


@verb("damage")
def damage(env: Env, e: Effect, n: Count) -> Run:
    if e.kind == "divided":
        return divided(env, e)
    if e.who is not None and e.who.quant == "each" and not e.who.players_only:
        return _each_deals(env, e, n)
    if e.who is None or e.who.quant not in ("self", "it", "target") or e.who.players_only:
        raise Unsupported("deals damage (a source other than this)")
    if e.who.quant == "self" or (e.who.quant == "it" and (e.who.ref or e.who).quant == "self"):
        return each_of(env, e.what, lambda ctx, t: ctx.damage(t, n(ctx), source=ctx.item.source))
    source = objects(env, e.who)  # "target creature you control deals damage equal to its power to ..."

    def dealt(ctx: Ctx) -> None:
        got = [o for o in source(ctx) if isinstance(o, int)]
        if not got:
            return  # 608.2b: the source is no longer a legal target: it deals no damage
        for t in hit(ctx):
            ctx.damage(t, n(ctx), source=got[0])
    hit = objects(env, e.what)
    return dealt


def _each_deals(env: Env, e: Effect, n: Count) -> Run:
    """"Each creature you control deals 1 damage to that creature": each of them is a
    source of its own damage (120.1)."""
    sources, hit = objects(env, e.who), objects(env, e.what)

    def run(ctx: Ctx) -> None:
        targets = hit(ctx)
        for s in sources(ctx):
            for t in targets:
                ctx.damage(t, n(ctx), source=s)
    return run


@verb("draw", "gain-life", "lose-life", "mill", "discard")
def player_amount(env: Env, e: Effect, n: Count) -> Run:
    """A player draws, gains or loses life, mills or discards N."""
    who = players_of(env, e.who)
    act = {"draw": lambda ctx, p, k: ctx.draw(p, k),
           "gain-life": lambda ctx, p, k: ctx.gain_life(p, k),
           "lose-life": lambda ctx, p, k: ctx.lose_life(p, k),
           "mill": lambda ctx, p, k: ctx.mill(p, k),
           "discard": _discard}[e.verb]

    def run(ctx: Ctx) -> None:
        k = n(ctx)
        for p in who(ctx):
            act(ctx, p, k)
    return run


@verb("destroy")
def destroy(env: Env, e: Effect, n: Count) -> Run:
    shield = e.kind != "no-regeneration"  # 701.19c: "It can't be regenerated."
    return each_of(env, e.what, lambda ctx, o: ctx.destroy(o, regenerate=shield))


@verb("exile")
def exile(env: Env, e: Effect, n: Count) -> Run:
    return each_of(env, e.what, lambda ctx, o: ctx.move(o, "exile"))


@verb("bounce")
def bounce(env: Env, e: Effect, n: Count) -> Run:
    if e.dest == "library-top-or-bottom":  # "its owner puts it on their choice of the top or bottom"
        return each_of(env, e.what, _top_or_bottom)
    if e.dest in ("library", "bottom"):  # on top of / on the bottom of its owner's library
        get, put = objects(env, e.what), to_top if e.dest == "library" else to_bottom
        # 401.4: cards put there at once are in the order their owner chooses
        return lambda ctx: put(ctx, "order", [o for o in get(ctx) if isinstance(o, int)])
    return each_of(env, e.what, lambda ctx, o: ctx.move(o, "hand"))


def _top_or_bottom(ctx: Ctx, o: Any) -> None:
    owner = ctx.game.state.objs[o].owner
    pick = ctx.choose(Decision("choose", owner, f"put {ctx.game.describe(o)} on the top or the bottom of your "
                               "library?", ("top", "bottom"), 1, 1, {"default": ["top"]}))
    ctx.move(o, "library", owner, bottom=pick[0] == "bottom")


@verb("tap")
def tap(env: Env, e: Effect, n: Count) -> Run:
    return each_of(env, e.what, lambda ctx, o: ctx.tap(o))


@verb("untap")
def untap(env: Env, e: Effect, n: Count) -> Run:
    return each_of(env, e.what, lambda ctx, o: ctx.untap(o))


@verb("regenerate")
def regenerate(env: Env, e: Effect, n: Count) -> Run:
    return each_of(env, e.what, lambda ctx, o: ctx.regenerate(o))


@verb("transform", "flip")
def turn_face(env: Env, e: Effect, n: Count) -> Run:
    """712, 710: only a card with that face to turn to."""
    v = e.verb
    if env.card is None or env.card.layout != v:
        raise Unsupported(f"{v} ~")
    return each_of(env, e.what, lambda ctx, o: ctx.turn_face(o, v))


@verb("frozen")
def frozen(env: Env, e: Effect, n: Count) -> Run:
    """"It doesn't untap during its controller's next untap step" (502.3): until that step
    is over (:meth:`mechanics.rules.turn.TurnRules._step_untap`); "... untap step for as
    long as ~ remains tapped" (611.2b): until the source untaps or leaves."""
    def freeze(ctx: Ctx, o: Any) -> None:
        until = NEXT_UNTAP if e.until == "next-untap" else lasting(ctx, e.until)
        if until is not None:
            ctx.add_effect("6", "abilities", [o], {"keywords": (DOESNT_UNTAP,)}, until=until)
    return each_of(env, e.what, freeze)


@verb("cant-block", "unblockable")
def restrict(env: Env, e: Effect, n: Count) -> Run:
    kw = CANT_BLOCK if e.verb == "cant-block" else UNBLOCKABLE
    return each_of(env, e.what, lambda ctx, o: ctx.add_effect("6", "abilities", [o], {"keywords": (kw,)}))


@verb("counters")
def counters(env: Env, e: Effect, n: Count) -> Run:
    kind = e.kind
    if kind in MEANINGFUL_COUNTERS:
        raise Unsupported(f"{kind} counters")
    return each_of(env, e.what, lambda ctx, o: ctx.put_counters(o, kind, n(ctx), source_item=ctx.item.id))


@verb("token")
def token(env: Env, e: Effect, n: Count) -> Run:
    from ..tokens import token_card, token_name

    name = token_name(e.token)
    if e.token.ability:  # the token's quoted ability is its rules text: automated only if it compiles
        from .. import compile_text  # the package compiles whole cards (it imports this module)

        if compile_text(token_card(name), env.known).missing:
            raise Unsupported(f'a token with "{e.token.ability}"')

    def make(ctx: Ctx) -> None:
        made = ctx.create_token(ctx.controller, name, n(ctx))
        if ctx.item is not None:  # "them", "it" in the sentences after: these tokens
            ctx.item.data["made"] = list(made)
        if e.tapped:
            for o in made:
                ctx.tap(o)
    return make


@verb("investigate")
def investigate(env: Env, e: Effect, n: Count) -> Run:
    return lambda ctx: ctx.create_token(ctx.controller, "Clue Token")  # 701.36a: create a Clue token


@verb("scry", "surveil")
def look(env: Env, e: Effect, n: Count) -> Run:
    if e.n.x or e.n.count:
        raise Unsupported(f"{e.verb} X")
    return look_at_top(e.verb, e.n.value)


@verb("explore")
def explores(env: Env, e: Effect, n: Count) -> Run:
    d = e.what
    while d is not None and d.quant == "it" and d.ref is not None:  # "it explores, then it explores again"
        d = d.ref
    if d is None or d.quant != "self":
        raise Unsupported("explores")

    def times(ctx: Ctx) -> None:
        for _ in range(n(ctx)):
            explore(ctx)
    return times


@verb("proliferate")
def proliferate(env: Env, e: Effect, n: Count) -> Run:
    if "proliferate" not in env.known:
        raise Unsupported("proliferate (its plugin is not loaded)")
    return lambda ctx: ctx.keyword_action("proliferate", ctx.controller)


@verb("shuffle")
def shuffle(env: Env, e: Effect, n: Count) -> Run:
    return lambda ctx: ctx.shuffle(ctx.controller)


@verb("reanimate")
def reanimate(env: Env, e: Effect, n: Count) -> Run:
    def back(ctx: Ctx, o: Any) -> None:
        owner = ctx.game.state.objs[o].owner if e.dest == "owner" else None
        _to_battlefield(ctx, o, e.tapped, owner)
        if e.kind:  # "with a +1/+1 counter on it"
            ctx.put_counters(o, e.kind, n(ctx))
    return each_of(env, e.what, back)


@verb("control")
def control(env: Env, e: Effect, n: Count) -> Run:
    def steal(ctx: Ctx, o: Any) -> None:
        until = lasting(ctx, e.until)
        if until is not None:
            ctx.add_effect("2", "control", [o], {"controller": ctx.controller}, until=until)
            ctx.note(f"{ctx.controller} gains control of {ctx.game.describe(o)}"
                     f"{' until end of turn' if until == 'eot' else ' for as long as its source remains tapped'}")
    return each_of(env, e.what, steal)


@verb("pay-then")
def pay_first(env: Env, e: Effect, n: Count) -> Run:
    then = then_run(env, e)

    def pay_then(ctx: Ctx) -> None:
        if pays(ctx, ctx.controller, e.cost):
            then(ctx)
    return pay_then


@verb("attach")
def attach(env: Env, e: Effect, n: Count) -> Run:
    if env.card is None or not {"Equipment", "Aura"} & set(env.card.subtypes):
        raise Unsupported("attach (not an Aura or Equipment)")
    return each_of(env, e.what, lambda ctx, o: ctx.source is not None and ctx.attach(ctx.source, o))


def _to_battlefield(ctx: Ctx, o: Any, tapped: bool, controller: str | None = None) -> None:
    ctx.move(o, "battlefield", controller=controller or ctx.controller)
    if tapped:
        ctx.tap(o)


def _discard(ctx: Ctx, player: str, n: int) -> None:
    """701.8a: the player discards N cards of their choice (as many as they have)."""
    hand = tuple(ctx.game.state.players[player].hand)
    k = min(n, len(hand))
    if k:
        picks = ctx.choose(Decision("choose", player, "discard a card" if k == 1 else f"discard {k} cards", hand, k, k,
                                    {"what": "discard"}))
        for c in picks:
            ctx.move(c, "graveyard")


@verb("discard-chosen")
def discard_chosen(env: Env, e: Effect, n: Count) -> Run:
    """"Target player reveals their hand. You choose a nonland card from it. That player
    discards that card." (701.8a, 701.20a): the choice is the controller's, from the
    revealed cards that fit."""
    who = players_of(env, e.who)
    d = e.what

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            hand = ctx.game.state.players[p].hand
            ctx.note(f"{p} reveals their hand: {', '.join(ctx.game.describe(o) for o in hand) or 'no cards'}")
            fits = tuple(o for o in hand if select.matches(ctx.game, d, o, p, None))
            if fits:
                pick = ctx.choose(Decision("choose", ctx.controller, f"choose a card {p} discards", fits, 1, 1,
                                           {"what": "discard-chosen", "player": p}))
                ctx.move(pick[0], "graveyard")
    return run


@verb("pump")
def pump(env: Env, e: Effect, n: Count) -> Run:
    """611.2: "gets +N/+N [and gains KEYWORDS] until end of turn"; the objects affected are
    locked in as it resolves (611.2c)."""
    if e.until not in ("eot", "tapped"):
        raise Unsupported("gets ... (not until end of turn)")
    pt = (number(env, e.pt[0]), number(env, e.pt[1])) if e.pt else None

    def run(ctx: Ctx, hit: list[int]) -> None:
        until = lasting(ctx, e.until)
        if until is None:
            return
        if pt is not None:
            p, t = pt[0](ctx), pt[1](ctx)
            for o in hit:
                ctx.pump(o, p, t, until)
        kws = tuple(_chosen_protection(ctx) if k == PROTECTION_OF_CHOICE else k for k in e.keywords)
        if kws:
            ctx.add_effect("6", "abilities", hit, {"keywords": kws}, until=until)
            ctx.note(f"{', '.join(ctx.game.describe(o) for o in hit)} gain{'s' * (len(hit) == 1)} "
                     f"{', '.join(kws)} until end of turn")
    return _on_permanents(env, e.what, run)


def _chosen_protection(ctx: Ctx) -> str:
    """702.16a: "protection from the color of your choice": the color chosen as it resolves."""
    pick = ctx.choose(Decision("choose", ctx.controller, "choose a color for protection", COLOR_NAMES, 1, 1,
                               {"what": "color", "default": ["white"]}))
    ctx.note(f"{ctx.controller} chooses {pick[0]}")
    return f"protection from {pick[0]}"


@verb("becomes")
def becomes(env: Env, e: Effect, n: Count) -> Run:
    """"~ becomes a 3/3 red Elemental creature with KEYWORDS until end of turn. It's still
    a land." (a manland): an effect in each layer it changes (613.1d-f, 613.4b)."""
    if e.until != "eot":
        raise Unsupported("becomes (not until end of turn)")
    spec = e.token
    grant = granted(env, e)  # its quoted abilities (:mod:`.granted`)

    def run(ctx: Ctx, hit: list[int]) -> None:
        ctx.add_effect("4", "becomes", hit, {"types": spec.types, "subtypes": tuple(spec.name.split())})
        if spec.colors:
            ctx.add_effect("5", "becomes", hit, {"colors": spec.colors})
        if spec.keywords:
            ctx.add_effect("6", "becomes", hit, {"keywords": spec.keywords})
        p, t = (ctx.item.x, ctx.item.x) if spec.x else (spec.power, spec.toughness)  # "an X/X": the X paid
        ctx.add_effect("7b", "becomes", hit, {"set_pt": (p, t), "becomes": True})
        if grant is not None:
            grant(ctx, hit)
        ctx.note(f"{', '.join(ctx.game.describe(o) for o in hit)} becomes a {p}/{t} "
                 f"{spec.name} creature until end of turn")
    return _on_permanents(env, e.what, run)


def _on_permanents(env: Env, d: Objects | None, act: Callable[[Ctx, list[int]], None]) -> Run:
    """``act(ctx, permanents)`` on the permanents ``d`` names as it resolves, if any: the
    objects an effect until end of turn affects are locked in then (611.2c)."""
    get = objects(env, d)

    def run(ctx: Ctx) -> None:
        hit = [o for o in get(ctx) if isinstance(o, int)]
        if hit:
            act(ctx, hit)
    return run


@verb("sacrifice")
def sacrifice(env: Env, e: Effect, n: Count) -> Run:
    """701.21a: "sacrifice ~", or each player named sacrifices one permanent that fits,
    of their choice."""
    if e.what is not None and e.what.quant in ("self", "it", "target"):
        return each_of(env, e.what, lambda ctx, o: ctx.sacrifice(o))
    who = players_of(env, e.who or Objects("you", ("player",)))
    d = e.what

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            options = tuple(o for o in ctx.game.permanents(p) if select.matches(ctx.game, d, o, p, None))
            k = min(d.count, len(options))
            if k:
                pick = ctx.choose(Decision("choose", p, f"sacrifice {k if k > 1 else 'a'} {' or '.join(d.kinds)}{'s' * (k > 1)}",
                                           options, k, k, {"what": "sacrifice"}))
                for o in pick:
                    ctx.sacrifice(o)
    return run


@verb("each-player-steps")
def each_player_steps(env: Env, e: Effect, n: Count) -> Run:
    """"Each player exiles all creature cards from their graveyard, then sacrifices all
    creatures they control, then puts all cards they exiled this way onto the
    battlefield": each step done by every player (in APNAP order, 101.4) before the next;
    the cards exiled this way are remembered per player, and those put onto the
    battlefield enter at the same time (603.6a) under their owner's control."""
    who = players_of(env, e.who)
    for step in e.then:
        if step.verb not in ("exile", "sacrifice", "put-exiled") or (step.verb != "put-exiled" and step.what is None):
            raise Unsupported(f"each player {step.verb}")

    def run(ctx: Ctx) -> None:
        game = ctx.game
        players = who(ctx)
        exiled: list[int] = []
        for step in e.then:
            d = step.what
            if step.verb == "exile" and d is not None:
                for p in players:
                    cards = [o for o, obj in list(game.state.objs.items())
                             if obj.zone == "graveyard" and obj.owner == p
                             and select.matches(game, replace(d, zone="battlefield"), o, p, None)]
                    exiled += [game.move(o, "exile") for o in cards]
            elif step.verb == "sacrifice" and d is not None:
                doomed = [o for p in players for o in game.permanents(p)
                          if select.matches(game, d, o, p, None)]
                if doomed:
                    game.sacrifice_all(doomed)
            elif step.verb == "put-exiled":
                back = [o for o in exiled if o in game.state.objs and game.state.objs[o].zone == "exile"]
                if back:
                    game.move_all(back, "battlefield")
    return run


@verb("search")
def search(env: Env, e: Effect, n: Count) -> Run:
    """701.23: a player (you, or "its controller") searches their library for a card that
    fits, the choice shown, puts it into their hand or onto the battlefield (tapped), then
    shuffles (or shuffles, then puts it on top).  A player may fail to find a card with a
    stated quality, not "a card" (701.23b).  "Search your library and/or graveyard": the
    cards of both are offered; the library is shuffled unless the card found came from the
    graveyard (the player searched only it)."""
    d = e.what
    wanted = " ".join([*d.states, " or ".join(k for k in d.kinds if k != "card"), "card"]).replace("  ", " ").strip()
    wanted += f"{'s' * (d.count > 1)}" + (f" named {d.named}" if d.named else "")
    where = "library and/or graveyard" if e.kind else "library"
    plain = set(d.kinds) == {"card"} and not (d.non or d.colors or d.states or d.mana_value or d.power or
                                              d.toughness or d.with_keyword or d.named)
    who = players_of(env, e.who) if e.who is not None else lambda ctx: [ctx.controller]

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            _search(ctx, p)

    def _search(ctx: Ctx, you: str) -> None:
        zones = ctx.game.state.players[you]
        fits = tuple(dict.fromkeys(o for o in zones.library if select.matches(ctx.game, d, o, you, None)))
        if e.kind == "and/or graveyard":
            fits += tuple(o for o in zones.graveyard if select.matches(ctx.game, d, o, you, None))
        pick: tuple = ()
        searched = True
        if fits:
            most = min(d.count, len(fits))  # "up to two basic land cards"
            least = most if plain and not d.up_to else 0
            pick = ctx.choose(Decision("choose", you, f"search your {where} for {_how_many(d)} {wanted}"
                                       + (" (choose none to find nothing)" if not least else ""),
                                       fits, least, most, {"what": "search"}))
            if e.kind and pick and ctx.game.state.objs[pick[0]].zone == "graveyard":
                searched = False
            if e.dest == "split" and pick:  # "put one onto the battlefield tapped and the other into your hand"
                one = pick if len(pick) == 1 else ctx.choose(Decision(
                    "choose", you, "the card to put onto the battlefield (the other goes into your hand)", tuple(pick),
                    1, 1, {"what": "dig", "dest": "battlefield"}))
                pick = tuple(one) + tuple(o for o in pick if o not in one)
            for i, o in enumerate(pick):
                ctx.note(f"{you} finds {ctx.game.describe(o)}")
                if e.dest == "battlefield" or e.dest == "split" and i == 0:
                    _to_battlefield(ctx, o, e.tapped, you)
                elif e.dest in ("hand", "split"):
                    ctx.move(o, "hand")
        if searched:
            ctx.shuffle(you)
        for o in pick if e.dest == "top" else ():  # "then shuffle and put that card on top"
            ctx.move(o, "library")
    return run


def _how_many(d: Objects) -> str:
    return ("up to " if d.up_to else "") + ("a" if d.count == 1 else str(d.count))


@verb("counter-spell")
def counter_spell(env: Env, e: Effect, n: Count) -> Run:
    """701.6: counter target spell (unless its controller pays COST, 118.12); "If that
    spell is countered this way, exile it instead of putting it into its owner's
    graveyard" (614.1a) sends the countered card to exile."""
    def act(ctx: Ctx, o: Any) -> None:
        item = next((i for i in ctx.game.state.stack if i.kind == "spell" and i.source == o), None)
        if item is not None and not (e.cost and pays(ctx, item.controller, e.cost)):
            if e.dest:
                ctx.counter_item(item.id, dest=e.dest)
            else:
                ctx.counter_item(item.id)
    return each_of(env, e.what, act)


@verb("fight")
def fight(env: Env, e: Effect, n: Count) -> Run:
    """701.14a: each of two creatures deals damage equal to its power to the other."""
    one, two = objects(env, e.who), objects(env, e.what)

    def run(ctx: Ctx) -> None:
        a, b = one(ctx), two(ctx)
        if not a or not b or not isinstance(a[0], int) or not isinstance(b[0], int):
            return  # 701.14b: if either is no longer a legal target, no damage is dealt
        pa, pb = ctx.game.chars(a[0]), ctx.game.chars(b[0])
        if pa is None or pb is None:
            return
        ctx.damage(b[0], max(0, pa.power or 0), source=a[0])
        ctx.damage(a[0], max(0, pb.power or 0), source=b[0])
    return run
