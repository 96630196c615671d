"""Reading the tree's nouns as an ability resolves: descriptors to objects or players,
numbers to counts, and each ability's target requirements (:class:`Env`).

Targets are numbered in the order the text names them; "it" and "that creature" read
the antecedent's objects.  A node the engine can't do raises :class:`Unsupported`
with the words it stopped at, so the card stays manual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ....model.state import Decision
from .. import select
from ..counts import COUNTS
from ..tree import Number, Objects

if TYPE_CHECKING:
    from ....play.context import Ctx

Run = Callable[["Ctx"], None]


#: counters with rules meaning the engine doesn't implement (122.1b-h): putting them would
#: do nothing it should
MEANINGFUL_COUNTERS = frozenset({"finality", "lore", "loyalty", "defense", "time", "fade", "age", "level", "decayed",
                                 "exalted"})


class Unsupported(Exception):  # noqa: N818 - the card stays manual, naming the phrase
    """The tree holds something the engine doesn't do (``phrase`` says what)."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


def registrar(table: dict[str, Any], what: str) -> Callable[..., Callable[[Any], Any]]:
    """A decorator ``@register("name", ...)`` putting a compile function into ``table``
    under each name; a name registered twice is an error at import."""
    def register_under(*names: str) -> Callable[[Any], Any]:
        def register(fn: Any) -> Any:
            for name in names:
                if name in table:
                    raise ValueError(f"{what} {name!r} is compiled twice")
                table[name] = fn
            return fn
        return register
    return register_under


class Env:
    """What an ability's effects share as they compile: its target requirements, and
    which target numbers a "target" descriptor took."""

    def __init__(self, known: frozenset[str] | set[str] = frozenset(), card: Any = None, spell: bool = False) -> None:
        self.known = known  # the keywords and keyword actions the engine and plugins implement
        self.card = card  # the card whose text this is
        self.spell = spell  # an instant's or sorcery's spell ability (not a mode, not an ability)
        self.divide: Callable[[int], int] | None = None  # damage divided as it is cast (601.2d)
        self.targets: list[ab.Target] = []
        self.index: dict[int, int] = {}
        #: abilities of the card that only this ability's effects start: delayed triggered
        #: abilities (603.7), abilities it grants (613.1f); added to the card's abilities
        #: (None: this ability can't have any)
        self.hidden: list[ab.Triggered] | None = None
        self.sacrifices = False  # a cost of the ability sacrifices a permanent ("the sacrificed creature")
        #: 113.6k: an effect moves this card out of its graveyard ("Return this card from your
        #: graveyard to your hand"): the ability works in the graveyard
        self.from_graveyard = False
        self.paying = False  # compiling what follows "you may pay any amount of {E}" ("that much")

    def target(self, d: Objects) -> int:
        if id(d) in self.index:
            return self.index[id(d)]
        if d.zone not in ("battlefield", "graveyard"):
            raise Unsupported(f"a target card in a {d.zone}")  # the engine targets permanents, players, spells
        if d.mv_counters:
            raise Unsupported("a target with mana value equal to a number of counters")
        if {"damaged-by-self", "blocking-source", "died"} & set(d.states):
            raise Unsupported("a target named by what the source did")  # target filters see no source
        if self.targets and (self.targets[-1].max > 1 or self.targets[-1].optional):
            raise Unsupported("a target after an 'up to' one")
        self.index[id(d)] = len(self.targets)
        if d.controller == "that-target":  # "... that player or that planeswalker's controller controls"
            if not self.targets or self.targets[-1].kind not in ("player", "any"):
                raise Unsupported("a target controlled by the player of no earlier target")
            spec = select.target_spec(replace(d, controller=""), _describe(d))
            self.targets.append(replace(spec, same_player_as=len(self.targets) - 1))
        else:
            self.targets.append(select.target_spec(d, _describe(d)))
        return self.index[id(d)]


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _describe(d: Objects) -> str:
    words = (["up to", str(d.count)] if d.up_to else []) + ["target"] + (["other"] if d.other else [])
    words += [f"non{_COLOR_WORDS.get(n, n)}" for n in d.non] + [_COLOR_WORDS[c] for c in d.colors] + list(d.kinds)
    if d.controller:
        words.append({"you": "you control", "defending": "defending player controls"}.get(d.controller,
                                                                                          "an opponent controls"))
    return " ".join(words)


# ---------------------------------------------------------------------- reading at run time
def objects(env: Env, d: Objects) -> Callable[[Ctx], list[Any]]:
    """The objects (or players) ``d`` names as the ability resolves."""
    q = d.quant
    if d.controller == "that-player":  # "each creature that player controls" (the event's or target player)
        return _of_that_player(env, d)
    if "died" in d.states:
        raise Unsupported("the creatures that died this turn (but their number)")
    if d.controller == "defending" and q != "target":  # "each creature defending player controls"
        if d.zone != "battlefield":  # only a target knows whose graveyard the attack names
            raise Unsupported("defending player's graveyard")
        return _defending(objects(env, replace(d, controller="")))
    if q == "target":
        i = env.target(d)
        many = d.count > 1 or d.up_to

        def targeted(ctx: Ctx) -> list[Any]:
            if not many:
                t = ctx.target(i)
                return [] if t is None else [t]
            n = len(ctx.item.targets) - ctx.offset - i if ctx.item else 0
            return [t for k in range(n) if (t := ctx.target(i + k)) is not None]
        return _and_same_name(targeted, d) if d.same_name else targeted
    if q == "self":
        if d.zone == "graveyard":  # 113.6k: "Return this card from your graveyard": it works there
            env.from_graveyard = True
            return _in_graveyard
        return _self
    if q == "you":
        return lambda ctx: [ctx.controller]
    if q == "each" or q in COUNTS:
        return lambda ctx: select.each(ctx.game, d, ctx.controller, ctx.source)
    if q == "attached":
        def attached(ctx: Ctx) -> list[Any]:
            src = ctx.source
            to = ctx.game.state.objs[src].attached_to if src is not None else None
            return [to] if to is not None and to >= 0 else []
        return attached
    if q == "event":
        return lambda ctx: [o] if (o := ctx.item.data.get("obj")) is not None else []
    if q == "those":  # what a delayed ability acts on (:mod:`.delayed`)
        return _those
    if q == "made":  # the tokens an earlier effect of this ability created
        return lambda ctx: [o for o in (ctx.item.data.get("made", ()) if ctx.item else ())
                            if o in ctx.game.state.objs and ctx.game.state.objs[o].zone == "battlefield"]
    if q.startswith("exiled"):  # 607.2a: "the exiled card ['s owner]" (:mod:`.linked`)
        from .linked import exiled_card

        return exiled_card(q)
    if q == "event-player":  # "that spell's controller"
        return lambda ctx: [p] if (p := ctx.item.data.get("player")) is not None else []
    if q == "random":  # "N cards at random from your graveyard": the game's seeded random generator
        every = replace(d, quant="each")

        def at_random(ctx: Ctx) -> list[Any]:
            pool = select.each(ctx.game, every, ctx.controller, ctx.source)
            return ctx.game.state.rng.sample(pool, min(d.count, len(pool)))
        return at_random
    if q == "a":  # one that fits, chosen as it resolves
        def chosen(ctx: Ctx) -> list[Any]:
            options = tuple(select.each(ctx.game, d, ctx.controller, ctx.source))
            if not options:
                return []
            most = min(d.count, len(options))  # "up to two ...": as many as it says
            low = 0 if d.zone == "library" or d.up_to else most  # a search may find nothing (701.23b)
            many = f"{d.count} " if d.count > 1 and not d.up_to else ""
            pick = ctx.choose(Decision("choose", ctx.controller, f"choose {many}{_describe(d).replace('target ', '')}"
                                       + (" (or none)" if not low else ""), options, low, most, {"what": "pick"}))
            return list(pick)
        return chosen
    if q == "dug":  # the cards a "dig" effect moved (:mod:`.library`)
        return lambda ctx: list(getattr(ctx, "dug", ()))
    if q == "it":
        if d.ref is None:
            raise Unsupported("it")
        if d.ref.quant == "target" and d.ref.zone == "graveyard" and "player" not in d.kinds:
            return _became(env.target(d.ref))  # "Return target creature card ... It gains haste."
        inner = objects(env, d.ref)
        if "player" in d.kinds and not d.ref.players_only:
            if d.ref.quant == "target":
                return _last_controller(env.target(d.ref))
            if d.ref.quant == "event":  # the event's object's controller; as it died, if it did (608.2h)
                return lambda ctx: [c] if (c := ctx.item.data.get("controller")) is not None else [
                    _controller(ctx, o) for o in inner(ctx)]
            return lambda ctx: [_controller(ctx, o) for o in inner(ctx)]
        if d.mana_value or d.power or d.toughness:  # "if it has mana value 2 or less", as it resolves
            has = replace(d, quant="each", ref=None)
            return lambda ctx: [o for o in inner(ctx) if isinstance(o, int) and
                                select.matches(ctx.game, has, o, ctx.controller, ctx.source)]
        return inner
    raise Unsupported(f"{q} {' '.join(d.kinds)}")


def _defending(found: Callable[[Ctx], list[Any]]) -> Callable[[Ctx], list[Any]]:
    """Of ``found``, the permanents the defending player controls: the player the trigger's
    event names (the one the creature attacks, 506.3d; the one it dealt combat damage)."""
    def of_defender(ctx: Ctx) -> list[Any]:
        who = ctx.item.data.get("player") if ctx.item else None
        return [o for o in found(ctx) if isinstance(o, int) and ctx.game.controller_of(o) == who] if who else []
    return of_defender


def _and_same_name(targeted: Callable[[Ctx], list[Any]], d: Objects) -> Callable[[Ctx], list[Any]]:
    """The target, then every other permanent of the kinds ``d`` names with the target's
    name as it resolves (201.2); none if the target is illegal (608.2b)."""
    def with_namesakes(ctx: Ctx) -> list[Any]:
        got = targeted(ctx)
        ch = ctx.game.chars(got[0]) if got else None
        if ch is None:
            return got
        others = [o for o in select.each(ctx.game, Objects("each", d.kinds), ctx.controller, None)
                  if o != got[0] and (c := ctx.game.chars(o)) is not None and c.name == ch.name]
        return got + others
    return with_namesakes


def _of_that_player(env: Env, d: Objects) -> Callable[[Ctx], list[Any]]:
    """"each creature that player controls", "the number of nonbasic lands that player
    controls": the permanents of the player the trigger names or the target player named
    before, as it resolves (a target of them is chosen before that player is known: not done)."""
    if d.quant != "each" or d.ref is None or d.ref.quant not in ("target", "event-player"):
        raise Unsupported("that player controls")
    whose, theirs = objects(env, d.ref), replace(d, controller="you", ref=None)
    return lambda ctx: [o for p in whose(ctx) if isinstance(p, str)
                        for o in select.each(ctx.game, theirs, p, ctx.source)]


def _became(i: int) -> Callable[[Ctx], list[Any]]:
    """A target card an earlier effect of the ability put onto the battlefield: the new
    object it became (400.7; the move is recorded in the item's ``became``), or the card
    while it hasn't moved."""
    def became(ctx: Ctx) -> list[Any]:
        t = ctx.target(i)
        if t is not None:
            return [t]
        k = i + ctx.offset
        if ctx.item is None or k >= len(ctx.item.targets) or isinstance(ctx.item.targets[k], str):
            return []
        oid, _ = ctx.item.targets[k]
        obj = ctx.game.state.objs.get(oid)
        return [oid] if obj is not None and ctx.item.data.get("became", {}).get(oid) == obj.epoch else []
    return became


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


def _in_graveyard(ctx: Ctx) -> list[Any]:
    """This card, if it is still in a graveyard as the ability resolves: the card the
    ability was activated or triggered from, or the one a trigger saw go there (400.7)."""
    return [o for o in _self(ctx) if ctx.game.state.objs[o].zone == "graveyard"]


def _those(ctx: Ctx) -> list[Any]:
    """The objects a delayed ability acts on, each if it is still the object it was (400.7)."""
    objs = ctx.game.state.objs
    return [o for o, epoch in (ctx.item.data.get("those", ()) if ctx.item else ())
            if o in objs and objs[o].epoch == epoch]


def _last_controller(i: int) -> Callable[[Ctx], list[Any]]:
    """"Its controller" of target ``i`` after an earlier effect moved it ("Destroy target
    permanent. Its controller may search ..."): its controller as it last existed on the
    battlefield (608.2h)."""
    def whose(ctx: Ctx) -> list[Any]:
        k = ctx.offset + i
        t = ctx.item.targets[k] if ctx.item is not None and k < len(ctx.item.targets) else None
        if t is None:
            return []
        if isinstance(t, str):
            return [t]  # a player target: "they"
        info = ctx.lki(*t)
        return [info["controller"]] if info else []
    return whose


def _controller(ctx: Ctx, o: Any) -> Any:
    if isinstance(o, str):
        return o
    return ctx.game.controller_of(o)


def number(env: Env, n: Number) -> Callable[[Ctx], int]:
    if n.power_of is not None and n.power_of.quant == "sacrificed":
        if not env.sacrifices:
            raise Unsupported("the sacrificed creature's power (no sacrifice cost)")
        return _sacrificed_power
    if n.power_of is not None and n.power_of.quant == "each":  # "the greatest power among ..."
        return _greatest(env, n.power_of, n.stat)
    if n.power_of is not None:  # 608.2h: as it last existed if it has left the battlefield
        return _stat(env, n.power_of, n.stat)
    if n.counters_on is not None:
        return _counters_on(env, n)
    if n.amount:  # "that much": the trigger event's amount (:mod:`.damaged`)
        return lambda ctx: ctx.item.data.get("amount", 0) if ctx.item else 0
    if n.count is not None and "died" in n.count.states:  # "for each creature that died this turn"
        return lambda ctx: n.value + n.times * len(select.died_this_turn(ctx.game, n.count, ctx.controller))
    if n.count is not None:
        count = objects(env, n.count)
        return lambda ctx: n.value + n.times * len(count(ctx))  # "[N plus] [twice] the number of"
    if n.x:
        return lambda ctx: n.times * _x(ctx)
    if n.paid:  # "that much": what was paid just before (:func:`.counters.pay_energy`)
        if not env.paying:
            raise Unsupported("that much")
        return lambda ctx: ctx.item.data.get("paid", 0) if ctx.item is not None else 0
    return lambda ctx: n.value


def _counters_on(env: Env, n: Number) -> Callable[[Ctx], int]:
    """"For each +1/+1 counter on ~": the counters of that kind on it, as it last existed
    when it has left the battlefield (608.2h: modular's "when it dies")."""
    kind, d = n.counters_on
    if d.quant != "self":
        raise Unsupported(f"counters on {d.quant}")

    def count(ctx: Ctx) -> int:
        info = ctx.lki(ctx.item.source, ctx.item.source_epoch) if ctx.item and ctx.item.source is not None else None
        return n.times * (info or {}).get("counters", {}).get(kind, 0)
    return count


def _x(ctx: Ctx) -> int:
    """X: the item's; for a permanent's triggered ability, the X it was cast with (107.3m)."""
    item = ctx.item
    if item is None:
        return 0
    if item.kind == "triggered" and not item.x and ctx.source is not None:
        return int(ctx.game.state.objs[ctx.source].choices.get("x", 0))
    return item.x


def _greatest(env: Env, d: Objects, stat: str) -> Callable[[Ctx], int]:
    """The greatest power, toughness or mana value among the objects ``d`` names now (0 if
    none; a negative power counts as 0 here, as a number of damage or cards)."""
    every = objects(env, d)

    def value(ctx: Ctx) -> int:
        best = 0
        for o in every(ctx):
            ch = ctx.game.chars(o) if isinstance(o, int) else None
            if ch is not None:
                best = max(best, ch.card.mana_value if stat == "mana value" else getattr(ch, stat) or 0)
        return best
    return value


def _stat(env: Env, d: Objects, stat: str) -> Callable[[Ctx], int]:
    """The power, toughness or mana value of the object ``d`` names as the ability resolves,
    or as it last existed (608.2h) if it left: the source, or a target ("its toughness"
    after "Destroy target creature")."""
    whose = objects(env, d)
    base = d.ref if d.quant == "it" and d.ref is not None else d
    slot = env.target(base) if base.quant == "target" else None

    def last(ctx: Ctx) -> dict[str, Any]:
        item = ctx.item
        if item is None:
            return {}
        ref = (item.source, item.source_epoch) if base.quant == "self" else None
        if slot is not None and ctx.offset + slot < len(item.targets):
            ref = item.targets[ctx.offset + slot]
        return ctx.lki(*ref) or {} if isinstance(ref, tuple) and ref[0] is not None else {}

    def value(ctx: Ctx) -> int:
        got = [o for o in whose(ctx) if isinstance(o, int)]
        if base.quant == "self" and got and ctx.game.state.objs[got[0]].zone not in ("battlefield", "stack"):
            got = []  # "When ~ dies, it deals damage equal to its power": as it last existed (608.2h)
        ch = ctx.game.chars(got[0]) if got else None
        if stat == "mana value":
            name = ch.card.name if ch is not None else last(ctx).get("copy_of")
            return ctx.game.card(name).mana_value if name else 0
        v = getattr(ch, stat) if ch is not None else last(ctx).get(stat)
        return max(0, v or 0)
    return value


def _sacrificed_power(ctx: Ctx) -> int:
    """"The sacrificed creature's power": the permanent sacrificed to pay the cost, as it
    last existed on the battlefield (608.2h, 112.7a)."""
    ref = ctx.item.data.get("sacrificed") if ctx.item is not None else None
    info = ctx.lki(*ref) if ref else None
    return max(0, (info or {}).get("power") or 0)


def each_of(env: Env, d: Objects | None, act: Callable[[Ctx, Any], None]) -> Run:
    if d is None:
        raise Unsupported("whom")
    get = objects(env, d)

    def run(ctx: Ctx) -> None:
        for o in get(ctx):
            act(ctx, o)
    return run


def players_of(env: Env, d: Objects | None) -> Callable[[Ctx], list[str]]:
    if d is None or not (d.players_only or d.quant in ("you", "event-player") or (d.quant == "it" and "player" in d.kinds)):
        raise Unsupported("a player")
    return objects(env, d)
