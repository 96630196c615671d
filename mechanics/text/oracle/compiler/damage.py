"""The effect verbs of damage and its prevention (120, 615): "prevent" starts a
prevention effect until end of turn (:mod:`mechanics.rules.prevention` applies it as
damage would be dealt); "chain" is Chain Lightning's offer to copy the spell; damage
"divided as you choose" (601.2d) is dealt as its spell's caster divided it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....model.state import Decision, StackItem
from ...effects import PREVENT, UNPREVENTABLE, pays
from .. import select
from ..tree import Effect, Objects
from .descriptors import Env, Run, Unsupported, objects, players_of
from .effects import verb

if TYPE_CHECKING:
    from ....play.context import Ctx


@verb("prevent")
def prevent(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """615.1a, 615.7: the players and permanents it protects (``to``) or the sources whose
    damage it prevents (``by``; both: "dealt to and dealt by that creature", one effect
    each) are those named as it resolves; a target gone by then (608.2b) leaves nothing
    to prevent."""
    each = [(key, d) for key, d in (("to", e.what), ("by", e.who)) if d is not None and _each(d)]
    if len(each) > 1 or (each and e.kind not in ("all", "combat")):
        raise Unsupported("prevent damage to each ...")  # a shield for each of them: not done
    by = _source_of_choice(e.who) if e.kind == "once" else _named(env, e.who)
    named = [(key, get) for key, get in (("to", _named(env, e.what)), ("by", by)) if get is not None]
    dest = _named(env, e.then[0].what) if e.then else None  # 614.9: "is dealt to Y instead"
    if e.then and (dest is None or not named):
        raise Unsupported("is dealt to ... instead")
    what = {"all": "all damage", "combat": "all combat damage", "next": "the next {} damage",
            "once": "the next damage"}[e.kind]

    def run(ctx: Ctx) -> None:
        base: dict[str, Any] = {"combat": e.kind == "combat", "left": n(ctx) if e.kind == "next" else None,
                                "to": None, "by": None, "once": e.kind == "once"}
        if each:  # 611.2c: "to creatures you control": whichever fit as damage would be dealt
            base |= {"each": each[0], "controller": ctx.controller}
        if dest is not None:
            to = dest(ctx)[:1]
            if not to:
                return  # 608.2b: the new recipient is gone: nothing is redirected
            base["redirect"] = to[0] if isinstance(to[0], str) else ctx.game.state.objs[to[0]].ref
        got: dict[str, tuple[Any, ...]] = {}
        for key, get in named:
            got[key] = tuple(o if isinstance(o, str) else ctx.game.state.objs[o].ref for o in get(ctx))
            if not got[key]:
                return
        # "the next time a source of your choice would deal damage to X": that source's, to X
        made = [{**base, **got}] if e.kind == "once" else [{**base, k: r} for k, r in got.items()] or [base]
        for params in made:
            ctx.add_effect("-", PREVENT, [], params, until="eot")
            ctx.note(f"{what.format(params['left'])} that would be dealt" + "".join(
                f" {k} " + ", ".join(_names(ctx, params[k])) for k in ("by", "to") if params[k] is not None)
                + "".join(f" {way} each {' or '.join(d.kinds)}" + (f" ({d.controller} control)" if d.controller else "")
                          for way, d in each) + " this turn is prevented")
    return run


def _source_of_choice(d: Objects) -> Callable[[Ctx], list[Any]]:
    """609.7a: "a [red] source of your choice": a permanent or a spell on the stack that
    fits, chosen as the effect resolves."""
    def chosen(ctx: Ctx) -> list[Any]:
        game = ctx.game
        spells = [i.source for i in game.state.stack if i.kind == "spell" and i.source is not None]
        options = tuple(o for o in [*game.permanents(), *spells] if select.matches(game, d, o, ctx.controller, None))
        if not options:
            return []
        return list(ctx.choose(Decision("choose", ctx.controller, "choose a source: its next damage is prevented",
                                        options, 1, 1, {"what": "source"})))
    return chosen


def _each(d: Objects) -> bool:
    """"creatures you control", "each creature and each player": a descriptor the prevention
    reads as damage would be dealt (611.2c: it changes a rule, so isn't locked in)."""
    return d.quant == "each" and not d.players_only


def _named(env: Env, d: Objects | None) -> Callable[[Ctx], list[Any]] | None:
    if d is None or _each(d):
        return None
    return objects(env, d)


def _names(ctx: Ctx, refs: tuple[Any, ...]) -> list[str]:
    return [r if isinstance(r, str) else ctx.game.describe(r[0]) for r in refs]


@verb("chain")
def chain(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """Chain Lightning: "Then that player or that permanent's controller may pay {R}{R}. If
    the player does, they may copy this spell and may choose a new target for that copy."
    That player decides, pays (118.12) and controls the copy (707.10); choosing no target
    is not copying.  A goldfish does nothing by itself: it declines."""
    who, card = players_of(env, e.who), env.card
    if card is None:
        raise Unsupported("copy ~")

    def run(ctx: Ctx) -> None:
        game = ctx.game
        for p in who(ctx)[:1]:
            if game.state.players[p].auto or not pays(ctx, p, e.cost):
                ctx.note(f"{p} doesn't pay {e.cost}")
                return
            spec = game.spell_target_specs(card.name, ())[0]
            options = tuple(game.target_options(StackItem(0, "spell", p, None, 0, "spell", card.name), spec))
            was = ctx.item.targets[0] if ctx.item and ctx.item.targets else None
            was = was if isinstance(was, str) or was is None else was[0]
            pick = ctx.choose(Decision("choose", p, f"copy {card.name}: its target (choose none not to copy)",
                                       options, 0, 1, {"what": "target", "text": card.oracle_text,
                                                       "default": [was] if was in options else []}))
            if pick:
                ctx.copy_spell(card.name, p, (game.target_ref(pick[0]),))
    return run


def divided(env: Env, e: Effect) -> Run:
    """601.2d: "~ deals N damage divided as you choose among any number of targets": the
    division is announced as the spell is cast (``data["divided"]``, one amount a target,
    :func:`mechanics.play.perform.divide_damage`); a target gone by resolution is dealt
    nothing and the others keep their share (608.2b)."""
    if not env.spell or e.who is None or e.who.quant != "self" or env.divide is not None or env.targets:
        raise Unsupported("damage divided as you choose (not a spell's one division)")
    first = env.target(e.what)
    amount = e.n
    env.divide = (lambda x: x) if amount.x else (lambda x: amount.value)
    if amount.count is not None or amount.power_of is not None:
        raise Unsupported("damage divided (a count)")

    def run(ctx: Ctx) -> None:
        for j, share in enumerate(ctx.item.data.get("divided", ()) if ctx.item else ()):
            t = ctx.target(first + j)
            if t is not None:
                ctx.damage(t, share, source=ctx.item.source)
    return run


@verb("unpreventable")
def unpreventable(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """615.12: "Damage can't be prevented this turn." (protection's prevention too, 702.16e)"""
    def run(ctx: Ctx) -> None:
        ctx.add_effect("-", UNPREVENTABLE, [], {}, until="eot")
        ctx.note("damage can't be prevented this turn")
    return run
