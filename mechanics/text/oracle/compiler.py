"""The tree onto the engine: :class:`~.tree.Ability` nodes to the engine's abilities.

Every effect compiles to ``run(ctx)`` acting through the resolution context's
primitives (608.2); a targeted effect reads its target through ``ctx.target`` and so
does nothing to a target that became illegal (608.2b).  Targets are numbered in the
order the text names them; "it" and "that creature" read the antecedent's objects.
A node the engine can't do raises :class:`Unsupported` with the words it stopped at,
so the card stays manual.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...abilities import abilities as ab
from ...model.state import Decision
from . import select
from .tree import Ability, Condition, Effect, Event, Number, Objects

if TYPE_CHECKING:
    from ...play.context import Ctx
    from ...play.game import Game

Run = Callable[["Ctx"], None]


#: counters with rules meaning the engine doesn't implement (122.1b-h): putting them would
#: do nothing it should
MEANINGFUL_COUNTERS = frozenset({
    "shield", "stun", "finality", "lore", "loyalty", "defense", "time", "fade", "age", "level", "flying",
    "first strike", "double strike", "deathtouch", "lifelink", "menace", "reach", "trample", "vigilance",
    "hexproof", "indestructible", "haste"})


class Unsupported(Exception):  # noqa: N818 - the card stays manual, naming the phrase
    """The tree holds something the engine doesn't do (``phrase`` says what)."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


class Env:
    """What an ability's effects share as they compile: its target requirements, and
    which target numbers a "target" descriptor took."""

    def __init__(self, known: frozenset[str] | set[str] = frozenset(), card: Any = None) -> None:
        self.known = known  # the keywords and keyword actions the engine and plugins implement
        self.card = card  # the card whose text this is
        self.targets: list[ab.Target] = []
        self.index: dict[int, int] = {}

    def target(self, d: Objects) -> int:
        if id(d) in self.index:
            return self.index[id(d)]
        if d.zone not in ("battlefield", "graveyard"):
            raise Unsupported(f"a target card in a {d.zone}")  # the engine targets permanents, players, spells
        if self.targets and (self.targets[-1].max > 1 or self.targets[-1].optional):
            raise Unsupported("a target after an 'up to' one")
        self.index[id(d)] = len(self.targets)
        self.targets.append(select.target_spec(d, _describe(d)))
        return self.index[id(d)]


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _describe(d: Objects) -> str:
    words = (["up to", str(d.count)] if d.up_to else []) + ["target"] + (["other"] if d.other else [])
    words += [f"non{_COLOR_WORDS.get(n, n)}" for n in d.non] + [_COLOR_WORDS[c] for c in d.colors] + list(d.kinds)
    if d.controller:
        words.append("you control" if d.controller == "you" else "an opponent controls")
    return " ".join(words)


# ---------------------------------------------------------------------- reading at run time
def objects(env: Env, d: Objects) -> Callable[[Ctx], list[Any]]:
    """The objects (or players) ``d`` names as the ability resolves."""
    q = d.quant
    if q == "target":
        i = env.target(d)
        many = d.count > 1 or d.up_to

        def targeted(ctx: Ctx) -> list[Any]:
            if not many:
                t = ctx.target(i)
                return [] if t is None else [t]
            n = len(ctx.item.targets) - ctx.offset - i if ctx.item else 0
            return [t for k in range(n) if (t := ctx.target(i + k)) is not None]
        return targeted
    if q == "self":
        return _self
    if q == "you":
        return lambda ctx: [ctx.controller]
    if q == "each":
        return lambda ctx: select.each(ctx.game, d, ctx.controller, ctx.source)
    if q == "attached":
        def attached(ctx: Ctx) -> list[Any]:
            src = ctx.source
            to = ctx.game.state.objs[src].attached_to if src is not None else None
            return [to] if to is not None and to >= 0 else []
        return attached
    if q == "event":
        return lambda ctx: [o] if (o := ctx.item.data.get("obj")) is not None else []
    if q == "event-player":  # "that spell's controller"
        return lambda ctx: [p] if (p := ctx.item.data.get("player")) is not None else []
    if q == "a":  # one that fits, chosen as it resolves
        def chosen(ctx: Ctx) -> list[Any]:
            options = tuple(select.each(ctx.game, d, ctx.controller, ctx.source))
            if not options:
                return []
            low = 0 if d.zone != "battlefield" else 1  # a search or a card may find nothing (701.23b)
            pick = ctx.choose(Decision("choose", ctx.controller, f"choose {_describe(d).replace('target ', '')}"
                                       + (" (or none)" if not low else ""), options, low, 1, {"what": "pick"}))
            return list(pick)
        return chosen
    if q == "it":
        if d.ref is None:
            raise Unsupported("it")
        inner = objects(env, d.ref)
        if "player" in d.kinds and not d.ref.players_only:
            return lambda ctx: [_controller(ctx, o) for o in inner(ctx)]
        return inner
    raise Unsupported(f"{q} {' '.join(d.kinds)}")


def _self(ctx: Ctx) -> list[Any]:
    """The source, or, for an ability that triggered on the source going to a graveyard,
    the card it became there (400.7: such an ability can find the new object)."""
    if ctx.source is not None:
        return [ctx.source]
    item = ctx.item
    obj = ctx.game.state.objs.get(item.source) if item and item.source is not None else None
    if obj is not None and item.data.get("moved") and obj.epoch == item.source_epoch + 1 and \
            obj.zone == item.data["moved"]:
        return [obj.id]
    return []


def _controller(ctx: Ctx, o: Any) -> Any:
    if isinstance(o, str):
        return o
    return ctx.game.controller_of(o)


def number(env: Env, n: Number) -> Callable[[Ctx], int]:
    if n.power_of is not None:  # 608.2h: as it last existed if it has left the battlefield
        whose = objects(env, n.power_of)

        def power(ctx: Ctx) -> int:
            got = [o for o in whose(ctx) if isinstance(o, int)]
            ch = ctx.game.chars(got[0]) if got else None
            if ch is None and ctx.item is not None and n.power_of.quant == "self":
                info = ctx.lki(ctx.item.source, ctx.item.source_epoch) or {}
                return max(0, info.get("power") or 0)
            return max(0, ch.power or 0) if ch is not None else 0
        return power
    if n.count is not None:
        count = objects(env, n.count)
        return lambda ctx: n.times * len(count(ctx))
    if n.x:
        return lambda ctx: n.times * (ctx.item.x if ctx.item else 0)
    return lambda ctx: n.value


def condition(cond: Condition | None) -> Callable[..., bool] | None:
    """A condition as ``check(game, controller, source, epoch)`` (``epoch``: the source's
    as the ability triggered, for what it was as it last existed, 603.10a)."""
    if cond is None:
        return None
    if cond.kind in ("control", "control-at-most"):
        what, n, most = cond.what, cond.n, cond.kind == "control-at-most"

        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            have = sum(1 for o in game.permanents(you) if select.matches(game, what, o, you, source))
            return have <= n if most else have >= n
    elif cond.kind == "your-turn":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return game.seat_of(game.state.active) == game.seat_of(you)
    elif cond.kind == "creature-died":  # morbid: a creature died this turn (700.4)
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return bool(game.state.turn_flags.get("creature_died"))
    elif cond.kind == "kicked":  # 702.33d: "if it was kicked"
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return bool(game.state.turn_flags.get("kicked", {}).get(source))
    elif cond.kind == "no-counters":  # undying, persist: "if it had no +1/+1 counters on it"
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            info = game.look(source, epoch) if source is not None else None
            return not (info or {}).get("counters", {}).get(cond.what_kind, 0)
    elif cond.kind == "opponent-damaged":  # bloodthirst (702.54a)
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            hurt = game.state.turn_flags.get("damaged_players", ())
            return any(p in hurt for p in game.opponents(you))
    elif cond.kind == "opponents":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return len(game.opponents(you)) >= cond.n
    elif cond.kind == "a-player-life-at-most":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return any(p.life <= cond.n for p in game.state.players.values() if not p.lost)
    elif cond.kind == "life-at-least":
        def check(game: Game, you: str, source: int | None, epoch: int = -1) -> bool:
            return game.state.players[you].life >= cond.n
    else:
        raise Unsupported(f"if {cond.kind}")
    if cond.negate:
        return lambda g, y, s, e=-1: not check(g, y, s, e)
    return check


# ---------------------------------------------------------------------- effects
def effects(env: Env, nodes: tuple[Effect, ...] | list[Effect]) -> Run:
    """Effects done in the order written (608.2c); an "instead" effect replaces the
    earlier effect of its verb when its condition holds (its recipient is that one's)."""
    runs: list[Run] = []
    done: list[Effect] = []
    for e in nodes:
        if e.instead:
            k = next((k for k in range(len(done) - 1, -1, -1) if done[k].verb == e.verb), None)
            if k is None:
                raise Unsupported(f"{e.verb} instead")
            runs[k] = _instead(env, done[k], e, runs[k])
            continue
        runs.append(effect(env, e))
        done.append(e)

    def run(ctx: Ctx) -> None:
        for r in runs:
            r(ctx)
    return run


def _instead(env: Env, old: Effect, new: Effect, run_old: Run) -> Run:
    check = condition(new.condition)
    run_new = effect(env, replace(new, what=new.what or old.what, who=new.who or old.who, condition=None,
                                  instead=False))

    def run(ctx: Ctx) -> None:
        (run_new if check(ctx.game, ctx.controller, ctx.item.source if ctx.item else None) else run_old)(ctx)
    return run


def effect(env: Env, e: Effect) -> Run:
    run = _verb(env, e)
    check = condition(e.condition)
    if check is not None:
        inner = run

        def run(ctx: Ctx) -> None:
            if check(ctx.game, ctx.controller, ctx.item.source if ctx.item else None):
                inner(ctx)
    if e.optional:
        maybe = run

        def run(ctx: Ctx) -> None:
            pick = ctx.choose(Decision("choose", ctx.controller, f"you may {e.verb}: do it? (yes/no)",
                                       ("yes", "no"), 1, 1, {"what": "may", "default": ["yes"]}))
            if pick and pick[0] == "yes":
                maybe(ctx)
    return run


def _each_of(env: Env, d: Objects | None, act: Callable[[Ctx, Any], None]) -> Run:
    if d is None:
        raise Unsupported("whom")
    get = objects(env, d)

    def run(ctx: Ctx) -> None:
        for o in get(ctx):
            act(ctx, o)
    return run


def _players_of(env: Env, d: Objects | None) -> Callable[[Ctx], list[str]]:
    if d is None or not (d.players_only or d.quant in ("you", "event-player") or (d.quant == "it" and "player" in d.kinds)):
        raise Unsupported("a player")
    return objects(env, d)


def _verb(env: Env, e: Effect) -> Run:
    v = e.verb
    n = number(env, e.n)
    if v == "damage":
        if e.who is None or e.who.quant not in ("self", "it", "target") or e.who.players_only:
            raise Unsupported("deals damage (a source other than this)")
        if e.who.quant == "self" or (e.who.quant == "it" and (e.who.ref or e.who).quant == "self"):
            return _each_of(env, e.what, lambda ctx, t: ctx.damage(t, n(ctx), source=ctx.item.source))
        source = objects(env, e.who)  # "target creature you control deals damage equal to its power to ..."

        def dealt(ctx: Ctx) -> None:
            got = [o for o in source(ctx) if isinstance(o, int)]
            if not got:
                return  # 608.2b: the source is no longer a legal target: it deals no damage
            for t in hit(ctx):
                ctx.damage(t, n(ctx), source=got[0])
        hit = objects(env, e.what)
        return dealt
    if v in ("draw", "gain-life", "lose-life", "mill", "discard"):
        who = _players_of(env, e.who)
        act = {"draw": lambda ctx, p, k: ctx.draw(p, k),
               "gain-life": lambda ctx, p, k: ctx.gain_life(p, k),
               "lose-life": lambda ctx, p, k: ctx.lose_life(p, k),
               "mill": lambda ctx, p, k: ctx.mill(p, k),
               "discard": _discard}[v]

        def run(ctx: Ctx) -> None:
            k = n(ctx)
            for p in who(ctx):
                act(ctx, p, k)
        return run
    if v == "discard-chosen":
        return _discard_chosen(env, e)
    if v == "destroy":
        shield = e.kind != "no-regeneration"  # 701.19c: "It can't be regenerated."
        return _each_of(env, e.what, lambda ctx, o: ctx.destroy(o, regenerate=shield))
    if v == "exile":
        return _each_of(env, e.what, lambda ctx, o: ctx.move(o, "exile"))
    if v == "bounce":
        zone = e.dest or "hand"  # "on top of its owner's library": the top (401.4 orders it)
        return _each_of(env, e.what, lambda ctx, o: ctx.move(o, zone))
    if v == "tap":
        return _each_of(env, e.what, lambda ctx, o: ctx.tap(o))
    if v == "untap":
        return _each_of(env, e.what, lambda ctx, o: ctx.untap(o))
    if v == "regenerate":
        return _each_of(env, e.what, lambda ctx, o: ctx.regenerate(o))
    if v in ("transform", "flip"):  # 712, 710: only a card with that face to turn to
        if env.card is None or env.card.layout != v:
            raise Unsupported(f"{v} ~")
        return _each_of(env, e.what, lambda ctx, o: ctx.turn_face(o, v))
    if v == "sacrifice":
        return _sacrifice(env, e)
    if v == "pump":
        return _pump(env, e)
    if v in ("cant-block", "unblockable"):
        from ..effects import CANT_BLOCK, UNBLOCKABLE

        kw = CANT_BLOCK if v == "cant-block" else UNBLOCKABLE
        return _each_of(env, e.what, lambda ctx, o: ctx.add_effect("6", "abilities", [o], {"keywords": (kw,)}))
    if v == "counters":
        kind = e.kind
        if kind in MEANINGFUL_COUNTERS:
            raise Unsupported(f"{kind} counters")
        return _each_of(env, e.what, lambda ctx, o: ctx.put_counters(o, kind, n(ctx), source_item=ctx.item.id))
    if v == "token":
        from .tokens import token_name

        name = token_name(e.token)

        def make(ctx: Ctx) -> None:
            made = ctx.create_token(ctx.controller, name, n(ctx))
            if e.tapped:
                for o in made:
                    ctx.tap(o)
        return make
    if v == "investigate":  # 701.36a: create a Clue token
        return lambda ctx: ctx.create_token(ctx.controller, "Clue Token")
    if v in ("scry", "surveil"):
        from ..effects import look_at_top

        if e.n.x or e.n.count:
            raise Unsupported(f"{v} X")
        return look_at_top(v, e.n.value)
    if v == "search":
        return _search(e)
    if v == "counter-spell":
        return _counter(env, e)
    if v == "explore":
        from ..effects import explore

        if e.what is None or (e.what.ref or e.what).quant != "self":
            raise Unsupported("explores")
        return explore
    if v == "proliferate":
        if "proliferate" not in env.known:
            raise Unsupported("proliferate (its plugin is not loaded)")
        return lambda ctx: ctx.keyword_action("proliferate", ctx.controller)
    if v == "prevent-combat":
        from ..effects import PREVENT_COMBAT

        def fog(ctx: Ctx) -> None:
            ctx.add_effect("-", PREVENT_COMBAT, [], {}, until="eot")
            ctx.note("combat damage is prevented this turn")
        return fog
    if v == "shuffle":
        return lambda ctx: ctx.shuffle(ctx.controller)
    if v == "reanimate":
        def back(ctx: Ctx, o: Any) -> None:
            owner = ctx.game.state.objs[o].owner if e.dest == "owner" else None
            _to_battlefield(ctx, o, e.tapped, owner)
            if e.kind:  # "with a +1/+1 counter on it"
                ctx.put_counters(o, e.kind, n(ctx))
        return _each_of(env, e.what, back)
    if v == "control":
        def steal(ctx: Ctx, o: Any) -> None:
            ctx.add_effect("2", "control", [o], {"controller": ctx.controller}, until="eot")
            ctx.note(f"{ctx.controller} gains control of {ctx.game.describe(o)} until end of turn")
        return _each_of(env, e.what, steal)
    if v == "pay-then":
        from ..effects import pays

        then = effects(env, e.then)

        def pay_then(ctx: Ctx) -> None:
            if pays(ctx, ctx.controller, e.cost):
                then(ctx)
        return pay_then
    if v == "becomes":
        return _becomes(env, e)
    if v == "fight":
        return _fight(env, e)
    if v == "attach":
        if env.card is None or not {"Equipment", "Aura"} & set(env.card.subtypes):
            raise Unsupported("attach (not an Aura or Equipment)")
        return _each_of(env, e.what, lambda ctx, o: ctx.source is not None and ctx.attach(ctx.source, o))
    raise Unsupported(v)


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


def _discard_chosen(env: Env, e: Effect) -> Run:
    """"Target player reveals their hand. You choose a nonland card from it. That player
    discards that card." (701.8a, 701.20a): the choice is the controller's, from the
    revealed cards that fit."""
    who = _players_of(env, e.who)
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


def _pump(env: Env, e: Effect) -> Run:
    """611.2: "gets +N/+N [and gains KEYWORDS] until end of turn"; the objects affected are
    locked in as it resolves (611.2c)."""
    if e.until != "eot":
        raise Unsupported("gets ... (not until end of turn)")
    pt = (number(env, e.pt[0]), number(env, e.pt[1])) if e.pt else None
    kws = e.keywords
    get = objects(env, e.what)

    def run(ctx: Ctx) -> None:
        hit = [o for o in get(ctx) if isinstance(o, int)]
        if not hit:
            return
        if pt is not None:
            p, t = pt[0](ctx), pt[1](ctx)
            for o in hit:
                ctx.pump(o, p, t)
        if kws:
            ctx.add_effect("6", "abilities", hit, {"keywords": kws})
            ctx.note(f"{', '.join(ctx.game.describe(o) for o in hit)} gain{'s' * (len(hit) == 1)} "
                     f"{', '.join(kws)} until end of turn")
    return run


def _becomes(env: Env, e: Effect) -> Run:
    """"~ becomes a 3/3 red Elemental creature with KEYWORDS until end of turn. It's still
    a land." (a manland): an effect in each layer it changes (613.1d-f, 613.4b)."""
    if e.until != "eot":
        raise Unsupported("becomes (not until end of turn)")
    spec = e.token
    get = objects(env, e.what)

    def run(ctx: Ctx) -> None:
        hit = [o for o in get(ctx) if isinstance(o, int)]
        if not hit:
            return
        ctx.add_effect("4", "becomes", hit, {"types": spec.types, "subtypes": tuple(spec.name.split())})
        if spec.colors:
            ctx.add_effect("5", "becomes", hit, {"colors": spec.colors})
        if spec.keywords:
            ctx.add_effect("6", "becomes", hit, {"keywords": spec.keywords})
        ctx.add_effect("7b", "becomes", hit, {"set_pt": (spec.power, spec.toughness), "becomes": True})
        ctx.note(f"{', '.join(ctx.game.describe(o) for o in hit)} becomes a {spec.power}/{spec.toughness} "
                 f"{spec.name} creature until end of turn")
    return run


def _sacrifice(env: Env, e: Effect) -> Run:
    """701.21a: "sacrifice ~", or each player named sacrifices one permanent that fits,
    of their choice."""
    if e.what is not None and e.what.quant in ("self", "it", "target"):
        return _each_of(env, e.what, lambda ctx, o: ctx.sacrifice(o))
    who = _players_of(env, e.who or Objects("you", ("player",)))
    d = e.what

    def run(ctx: Ctx) -> None:
        for p in who(ctx):
            options = tuple(o for o in ctx.game.permanents(p) if select.matches(ctx.game, d, o, p, None))
            if options:
                pick = ctx.choose(Decision("choose", p, f"sacrifice {' or '.join(d.kinds)}", options, 1, 1,
                                           {"what": "sacrifice"}))
                ctx.sacrifice(pick[0])
    return run


def _search(e: Effect) -> Run:
    """701.23: search your library for a card that fits, show the choice, put it into
    your hand or onto the battlefield (tapped), then shuffle.  A player may fail to
    find a card (701.23b: a search for cards with a stated quality)."""
    d = e.what
    wanted = " or ".join(k for k in d.kinds if k != "card") or "any"

    def run(ctx: Ctx) -> None:
        you = ctx.controller
        library = ctx.game.state.players[you].library
        fits = tuple(dict.fromkeys(o for o in library if select.matches(ctx.game, d, o, you, None)))
        if fits:
            most = min(d.count, len(fits))  # "up to two basic land cards"
            pick = ctx.choose(Decision("choose", you, f"search your library for {_how_many(d)} {wanted} card"
                                       f"{'s' * (d.count > 1)} (choose none to find nothing)", fits, 0, most,
                                       {"what": "search"}))
            for o in pick:
                ctx.note(f"{you} finds {ctx.game.describe(o)}")
                if e.dest == "battlefield":
                    _to_battlefield(ctx, o, e.tapped)
                else:
                    ctx.move(o, "hand")
        ctx.shuffle(you)
    return run


def _how_many(d: Objects) -> str:
    return ("up to " if d.up_to else "") + ("a" if d.count == 1 else str(d.count))


def _counter(env: Env, e: Effect) -> Run:
    """701.6: counter target spell (unless its controller pays COST, 118.12)."""
    from ..effects import pays

    def act(ctx: Ctx, o: Any) -> None:
        item = next((i for i in ctx.game.state.stack if i.kind == "spell" and i.source == o), None)
        if item is not None and not (e.cost and pays(ctx, item.controller, e.cost)):
            ctx.counter_item(item.id)
    return _each_of(env, e.what, act)


def _fight(env: Env, e: Effect) -> Run:
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


# ---------------------------------------------------------------------- abilities
def spells(nodes: list[Ability], text: str, known: set[str], card: Any) -> ab.SpellAbility:
    """An instant's or sorcery's sentences, one spell ability: targets in order (601.2c)."""
    env = Env(known, card)
    run = effects(env, [e for n in nodes for e in n.effects])
    return ab.SpellAbility(text, run, tuple(env.targets))


def modal(node: Ability, text: str, mode_texts: list[str], known: set[str], card: Any) -> ab.Modal:
    modes = []
    for m, words in zip(node.modes, mode_texts, strict=True):
        env = Env(known, card)
        run = effects(env, m)
        if any(t.optional or t.max != 1 for t in env.targets):
            raise Unsupported("a mode with 'up to' targets")
        modes.append(ab.Mode(words, run, tuple(env.targets)))
    return ab.Modal(tuple(modes), node.least, node.most)


def activated(node: Ability, text: str, card: Any, known: set[str]) -> ab.Activated:
    c = node.cost
    assert c is not None
    if "X" in c.mana.upper() or any(s in c.mana for s in ("/",)):
        raise Unsupported(c.mana)
    mana = [e for e in node.effects if e.verb == "mana"]
    if mana:
        e = mana[0]
        if len(node.effects) != 1 or not c.tap or node.sorcery:
            raise Unsupported("a mana ability with other costs or effects")
        if card.is_type("Land") and (c.mana or c.sacrifice_self or c.life or e.n.value > 1 or e.n.count or e.kind):
            raise Unsupported("a land's mana ability with a cost besides {T}")  # lands pay automatically
        if e.kind == "all":  # "Add {G}{U}" (605.1a): every symbol
            return ab.Activated(text, cost=c.mana, tap=True, mana=e.mana, sacrifice=c.sacrifice_self, life=c.life,
                                adds=tuple(e.mana))
        amount = None
        if e.n.count is not None or e.n.value > 1:
            env = Env(known, card)
            count = number(env, e.n)
            amount = (lambda g, o: count(g.ctx())) if e.n.count is None else _mana_count(e.n)
        if c.sacrifice or c.discard or node.once_each_turn:
            raise Unsupported("a mana ability with a cost of sacrificing or discarding")
        return ab.Activated(text, cost=c.mana, tap=True, mana=e.mana, sacrifice=c.sacrifice_self,
                            amount=amount, life=c.life)
    env = Env(known, card)
    run = effects(env, node.effects)
    if len(env.targets) > 1:
        raise Unsupported("an activated ability with two targets")
    if c.loyalty is not None:  # 606.3: sorcery speed, once a turn per permanent (checked as activated)
        if not card.is_type("Planeswalker"):
            raise Unsupported("a loyalty ability of a non-planeswalker")
        return ab.Activated(text, resolve=run, targets=tuple(env.targets), sorcery=True, loyalty=c.loyalty)
    return ab.Activated(text, cost=c.mana, tap=c.tap, resolve=run, targets=tuple(env.targets),
                        sorcery=node.sorcery, sacrifice=c.sacrifice_self, life=c.life,
                        sacrifice_other=_sacrifice_cost(c.sacrifice), discard=c.discard,
                        once=node.once_each_turn)


#: a loyalty ability's line (606.1): "[+N]: EFFECT", "[−N]: EFFECT" or "[0]: EFFECT"
_LOYALTY = re.compile(r"^\[([+−-]?)(\d+)\]: (.+)$")


def by_hand(card: Any, line: str) -> list[ab.Ability]:
    """What the rules still do for a line the compiler can't read: a planeswalker's loyalty
    ability is activated as 606 says (its loyalty paid, once a turn, at sorcery speed), and
    on resolution the player is told to do its effect by hand."""
    m = _LOYALTY.match(line)
    if m is None or not card.is_type("Planeswalker"):
        return []
    sign, n, effect = m.groups()

    def told(ctx: Ctx) -> None:
        ctx.note(f"{card.name}: do this by hand: {effect}")
    return [ab.Activated(line, resolve=told, sorcery=True, loyalty=-int(n) if sign in ("−", "-") else int(n))]


def _sacrifice_cost(d: Objects | None) -> tuple[str, Callable[..., bool]] | None:
    """"Sacrifice a creature" as a cost: what fits (another: not the source)."""
    if d is None:
        return None
    return (" or ".join(d.kinds), lambda game, player, o, source: select.matches(game, d, o, player, source))


def _mana_count(n: Number) -> Callable[..., int]:
    d = n.count

    def amount(game: Game, obj: Any) -> int:
        you = game.controller_of(obj.id)
        return n.times * len(select.each(game, d, you, obj.id))
    return amount


# ---------------------------------------------------------------------- triggers (603)
def _enters(game: Game, obj: Any, event: Any) -> bool:
    return event.to_zone == "battlefield"


def _dies(game: Game, obj: Any, event: Any) -> bool:
    """700.4: from the battlefield to a graveyard, a creature as it last existed."""
    if event.from_zone != "battlefield" or event.to_zone != "graveyard":
        return False
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    return "Creature" in info.get("types", ())


def _lki_matches(game: Game, d: Objects, event: Any, you: str, source: int) -> bool:
    """Whether what left the battlefield fit ``d`` as it last existed (603.10a)."""
    info = game.state.lki.get((event.obj, event.old_epoch)) or {}
    if d.other and event.obj == source:
        return False
    if d.controller == "you" and info.get("controller") != you:
        return False
    if d.controller == "opponent" and info.get("controller") not in game.opponents(you):
        return False
    kinds = [k for k in d.kinds if k not in ("permanent",)]
    types = set(info.get("types", ()))
    return not kinds or any(k.capitalize() in types for k in kinds)


#: zone-change events: (event kind, test on the event, looks back in time)
_MOVES = {"enters": _enters, "dies": _dies,
          "leaves": lambda g, o, e: e.from_zone == "battlefield",
          "put-into-graveyard": lambda g, o, e: e.from_zone == "battlefield" and e.to_zone == "graveyard"}


def trigger_match(ev: Event) -> tuple[tuple[str, ...], Callable[..., dict | None], bool]:
    """603.2: an event node as (event kinds, ``match(game, obj, event)``, look-back)."""
    subject = ev.subject
    self_ = subject is not None and subject.quant == "self"
    if subject is not None and subject.quant not in ("self", "a", "each", "you"):
        who = "enchanted or equipped creature" if subject.quant == "attached" else f"{subject.quant} {' '.join(subject.kinds)}"
        raise Unsupported(f"when {who} {ev.kind}")
    if ev.kind in _MOVES:
        moved = _MOVES[ev.kind]
        back = ev.kind != "enters"
        if self_:
            def match(game: Game, obj: Any, event: Any) -> dict | None:
                same = event.obj == obj.id and (event.epoch == obj.epoch if not back else True)
                return {"moved": event.to_zone} if same and moved(game, obj, event) else None
            return ("ZoneChanged",), match, back
        d = subject

        def match(game: Game, obj: Any, event: Any) -> dict | None:
            if not moved(game, obj, event):
                return None
            you = game.controller_of(obj.id)
            if back:
                ok = _lki_matches(game, d, event, you, obj.id)
            else:
                ok = select.matches(game, d, event.obj, you, obj.id)
            return {"obj": event.obj} if ok else None
        return ("ZoneChanged",), match, False
    if ev.kind == "attacks":
        if self_:
            return ("AttackersDeclared",), lambda g, o, e: {} if o.id in e.attackers else None, False
        d = subject

        def attacks(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            hit = [a for a in event.attackers if select.matches(game, d, a, you, obj.id)]
            return {"obj": hit[0]} if hit else None
        return ("AttackersDeclared",), attacks, False
    if ev.kind == "blocks" and self_:  # 509.3c
        return ("BlockersDeclared",), lambda g, o, e: {} if any(b == o.id for b, _ in e.blocks) else None, False
    if ev.kind == "becomes-blocked" and self_:  # 509.3d: once, however many block it
        return ("BecameBlocked",), lambda g, o, e: {} if e.attacker == o.id else None, False
    if ev.kind == "combat-damage" and self_:  # 510.3a
        return ("DamageDealt",), (lambda g, o, e: {"player": e.player} if e.source == o.id and e.player
                                  is not None and e.combat else None), False
    if ev.kind == "becomes-target":
        d, kinds, whose = subject, ev.spell.kinds, ev.whose

        def targeted(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            item = next((i for i in game.state.stack if i.id == event.item), None)
            if item is None or ("ability" not in kinds and item.kind != "spell"):
                return None
            if (whose == "you" and event.controller != you) or (
                    whose == "opponent" and event.controller not in game.opponents(you)):
                return None
            ok = event.obj == obj.id if self_ else select.matches(game, d, event.obj, you, obj.id)
            return {"obj": event.obj, "player": event.controller} if ok else None
        return ("BecameTarget",), targeted, False
    if ev.kind == "cast":
        d = ev.spell

        def cast(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            if event.controller != you:
                return None
            return {} if select.matches(game, d, event.source, you, obj.id) else None
        return ("SpellCast",), cast, False
    if ev.kind == "gain-life":
        return ("LifeChanged",), (lambda g, o, e: {} if e.amount > 0 and e.player == g.controller_of(o.id)
                                  else None), False
    if ev.kind == "draw":  # "whenever you draw a card" / "an opponent draws a card"
        opp = subject is not None and "opponent" in subject.kinds

        def drew(game: Game, obj: Any, event: Any) -> dict | None:
            you = game.controller_of(obj.id)
            ok = event.player in game.opponents(you) if opp else event.player == you
            return {"obj": event.player} if ok else None
        return ("Drew",), drew, False
    raise Unsupported(f"whenever {ev.kind}")


def triggered(node: Ability, text: str, card: Any, known: set[str],
              modal_node: ab.Modal | None = None) -> ab.Triggered:
    ev = node.event
    assert ev is not None
    check = condition(node.condition)
    cond = None
    if check is not None:
        def cond(game: Game, item: Any) -> bool:  # 603.4: on triggering and on resolution
            return check(game, item.controller, item.source, item.source_epoch)
    if ev.kind == "step":
        if ev.whose == "opponent":
            raise Unsupported("at the beginning of each opponent's")
        env = Env(known, card)
        run = effects(env, node.effects) if modal_node is None else _modes(modal_node)
        _one_target(env)
        return ab.Triggered(text, resolve=run, targets=tuple(env.targets), condition=cond, step=ev.step,
                            step_whose="each" if ev.whose == "each" else "you", modal=modal_node)
    kinds, match, back = trigger_match(ev)
    if ev.subject is not None and ev.subject.quant == "self" and ev.kind in (
            "dies", "attacks", "combat-damage", "blocks", "becomes-blocked"):
        if not card.is_type("Creature"):
            raise Unsupported(f"a noncreature's '{ev.kind}'")
    env = Env(known, card)
    run = effects(env, node.effects) if modal_node is None else _modes(modal_node)
    _one_target(env)
    return ab.Triggered(text, kinds, match, run, tuple(env.targets), cond, look_back=back, modal=modal_node)


def _modes(m: ab.Modal) -> Run:
    from ...abilities.modes import run_modes

    return run_modes(m)


def _one_target(env: Env) -> None:
    """603.3d: the engine chooses one target requirement for a trigger."""
    if len(env.targets) > 1:
        raise Unsupported("a triggered ability with two targets")


# ---------------------------------------------------------------------- statics and entering
def static(node: Ability, text: str, card: Any) -> list[ab.Static]:
    """604, 613: what the permanent gives: +N/+N in layer 7c, keywords in layer 6."""
    e = node.effects[0]
    d = e.what
    check = condition(node.condition)
    cond = None if check is None else (lambda game, src: check(game, game.controller_of(src.id), src.id))
    if d.quant == "self":
        applies = itself
    elif d.quant == "attached":
        def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
            return src.attached_to == obj.id
    elif d.quant == "each" and not d.players_only and d.zone == "battlefield":
        def applies(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
            return select.matches(game, d, obj.id, src_ch.controller, src.id, ch)
    else:
        raise Unsupported(text)
    if e.pt and (e.pt[0].count or e.pt[0].x or e.pt[1].count or e.pt[1].x):
        raise Unsupported("gets +X/+X")
    out = []
    if e.pt:
        out.append(ab.Static(text, "7c", applies, {"pt": (e.pt[0].value, e.pt[1].value)}, cond))
    if e.keywords:
        out.append(ab.Static(text, "6", applies, {"keywords": e.keywords}, cond))
    return out


def enters(node: Ability, text: str) -> ab.EntersWith:
    """614.1c: how it enters: tapped (unless COND, checked as it enters), with counters."""
    e = node.effects[0]
    if e.verb == "shock":
        from .keywords import shock_land

        return ab.EntersWith(text, shock_land)
    if e.verb == "enter-tapped":
        check = condition(e.condition)

        def tapped(ctx: Ctx, obj: Any) -> None:
            if check is None or check(ctx.game, obj.controller, obj.id):
                ctx.enter_tapped(obj.id)
        return ab.EntersWith(text, tapped)
    kind = e.kind
    if kind in MEANINGFUL_COUNTERS:
        raise Unsupported(f"{kind} counters")
    check = condition(e.condition)

    def counters(ctx: Ctx, obj: Any) -> None:  # X: the X paid to cast it, else 0 (107.3m)
        if check is not None and not check(ctx.game, obj.controller, obj.id):
            return
        k = int(obj.choices.get("x", 0)) if e.n.x else e.n.value  # 107.3m: the X it was cast with
        ctx.put_counters(obj.id, kind, k)
    return ab.EntersWith(text, counters)


def _less(e: Effect) -> Callable[..., int]:
    """How much generic mana a cost reduction takes off as the spell is cast (601.2f)."""
    check, n = condition(e.condition), e.n

    def less(game: Game, player: str) -> int:
        if n.count is not None:
            return n.times * len(select.each(game, n.count, player, None))
        return n.value if check is None or check(game, player, None) else 0
    return less


def itself(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "this creature ..." statics: the object is the source itself."""
    return src.id == obj.id


def cast_cost(node: Ability, text: str) -> ab.CastCost:
    """601.2f: an additional cost to cast the spell, or a reduction of its cost."""
    if node.effects:
        return ab.CastCost(text, less=_less(node.effects[0]))
    c = node.cost
    if c.mana or c.tap or c.sacrifice_self:
        raise Unsupported(text)
    return ab.CastCost(text, life=c.life, discard=c.discard, sacrifice_other=_sacrifice_cost(c.sacrifice))
