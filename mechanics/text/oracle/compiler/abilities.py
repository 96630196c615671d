"""Whole abilities: the tree's spell, modal, activated, triggered, static, "enters" and
cast-cost abilities as the engine's (:mod:`mechanics.abilities.abilities`), and the
rules that still apply to a loyalty ability read by hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from .. import select
from ..tree import Ability, Effect, Number, Objects
from .conditions import condition
from .descriptors import MEANINGFUL_COUNTERS, Env, Run, Unsupported, number
from .effects import effects
from .triggers import trigger_match

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game


def spells(nodes: list[Ability], text: str, known: set[str], card: Any) -> ab.SpellAbility:
    """An instant's or sorcery's sentences, one spell ability: targets in order (601.2c)."""
    env = Env(known, card)
    env.sacrifices = any(line.lower().startswith("as an additional cost to cast this spell, sacrifice a")
                         for line in card.oracle_text.splitlines())  # Fling: "the sacrificed creature"
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
    mana = [e for e in node.effects if e.verb == "mana"]
    if ("X" in c.mana.upper() and (mana or c.loyalty is not None)) or "/" in c.mana:
        raise Unsupported(c.mana)  # X is chosen as an ability is activated (107.3): not for mana
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
        if c.sacrifice or c.discard or c.bounce or node.once_each_turn:
            raise Unsupported("a mana ability with a cost of sacrificing or discarding")
        return ab.Activated(text, cost=c.mana, tap=True, mana=e.mana, sacrifice=c.sacrifice_self,
                            amount=amount, life=c.life)
    env = Env(known, card)
    env.sacrifices = c.sacrifice is not None
    run = effects(env, node.effects)
    if len(env.targets) > 1:
        raise Unsupported("an activated ability with two targets")
    if c.loyalty is not None:  # 606.3: sorcery speed, once a turn per permanent (checked as activated)
        if not card.is_type("Planeswalker"):
            raise Unsupported("a loyalty ability of a non-planeswalker")
        return ab.Activated(text, resolve=run, targets=tuple(env.targets), sorcery=True, loyalty=c.loyalty)
    return ab.Activated(text, cost=c.mana, tap=c.tap, resolve=run, targets=tuple(env.targets), x_min=node.x_min,
                        sorcery=node.sorcery, sacrifice=c.sacrifice_self, life=c.life,
                        sacrifice_other=_permanent_cost(c.sacrifice), discard=c.discard,
                        once=node.once_each_turn, bounce_other=_permanent_cost(c.bounce))


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


def _permanent_cost(d: Objects | None) -> tuple[str, Callable[..., bool]] | None:
    """"Sacrifice a creature", "Return a Forest you control to its owner's hand" as a cost:
    what fits (another: not the source)."""
    if d is None:
        return None
    return (" or ".join(d.kinds), lambda game, player, o, source: select.matches(game, d, o, player, source))


def _mana_count(n: Number) -> Callable[..., int]:
    d = n.count

    def amount(game: Game, obj: Any) -> int:
        you = game.controller_of(obj.id)
        return n.times * len(select.each(game, d, you, obj.id))
    return amount


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
    if ev.kind == "chapter" and "Saga" not in card.subtypes:
        raise Unsupported("a chapter ability of a non-Saga")
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
    from ....abilities.modes import run_modes

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
        from ..keywords import shock_land

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
    if c.mana or c.tap or c.sacrifice_self or c.bounce:
        raise Unsupported(text)
    return ab.CastCost(text, life=c.life, discard=c.discard, sacrifice_other=_permanent_cost(c.sacrifice))
