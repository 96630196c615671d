"""Adding mana: mana abilities (605) and the "mana" effect verb.

An activated ability that could add mana, has no target and isn't a loyalty ability is
a mana ability (605.1a): it doesn't use the stack, and its other effects ("This land
deals 1 damage to you", "Draw a card") happen as it resolves, at once (605.3b).  One
that targets (Deathrite Shaman) or a loyalty ability ("[−1]: Add {R}{R}") goes on the
stack like any other; its "Add" is the ``mana`` verb, as is a spell's ("Dark Ritual:
Add {B}{B}{B}", 605.1 doesn't count spells).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from ....model.state import Decision, StackItem
from .. import select
from ..tree import Ability, Effect, Number, Spend
from .descriptors import Env, Run, Unsupported, number
from .effects import effects, verb

if TYPE_CHECKING:
    from ....play.context import Ctx
    from ....play.game import Game


def mana_ability(node: Ability, text: str, card: Any, known: set[str],
                 sacrifice_other: tuple[str, Callable[..., bool]] | None,
                 tap_other: tuple[str, Callable[..., bool], int] | None,
                 exile_cards: tuple[str, Callable[..., bool], int] | None = None) -> ab.Activated | None:
    """The activated ability ``node`` as a mana ability, or None when it isn't one
    (605.1a: it targets, or it is a loyalty ability)."""
    c = node.cost
    assert c is not None
    adding = [e for e in node.effects if e.verb == "mana"]
    if c.loyalty is not None or len(adding) != 1:
        return None
    e = adding[0]
    spend = [x for x in node.effects if x.verb == "spend-only"]
    env = Env(known, card)
    others = [x for x in node.effects if x is not e and x not in spend]
    rest = effects(env, others) if others else None
    if env.targets:
        return None
    if node.sorcery or e.optional or e.condition is not None or node.condition is not None:
        raise Unsupported("a mana ability with a condition")
    if c.bounce is not None or c.exile_self_from_graveyard:
        raise Unsupported("a mana ability with a cost of returning or exiling a card")
    costs = {"cost": c.mana, "tap": c.tap, "sacrifice": c.sacrifice_self, "life": c.life,
             "sacrifice_other": sacrifice_other, "discard": c.discard, "once": node.once_each_turn,
             "resolve": rest, "tap_other": tap_other, "remove_counters": c.remove, "energy": c.energy, "exert": c.exert,
             "exile_graveyard": exile_cards, "put_counters": c.put,
             "spend_only": _spend_only(spend[0].spend) if len(spend) == 1 else None}
    if e.kind == "all":  # "Add {G}{U}" (605.1a): every symbol
        return ab.Activated(text, mana=e.mana, adds=tuple(e.mana), **costs)
    if e.kind == "options":  # "Add {B}{B}, {B}{G}, or {G}{G}": one group
        groups = e.mana.split("|")
        return ab.Activated(text, mana="".join(dict.fromkeys("".join(groups))),
                            choices=tuple(tuple(g) for g in groups), **costs)
    if e.n.x and e.n.count is None and e.n.power_of is None:
        raise Unsupported("X mana")  # a mana ability has no X of its own to read
    count = number(env, e.n)

    def amount(game: Game, obj: Any) -> int:
        """ "Add {G} for each creature you control", "X mana ..., where X is ~'s power":
        counted as the ability resolves, by its source's controller."""
        item = StackItem(0, "activated", game.controller_of(obj.id), obj.id, obj.epoch, "", text)
        return count(game.ctx(item))
    return ab.Activated(text, mana=e.mana, amount=None if e.n == Number(1) else amount,
                        combination=e.kind == "combination", **costs)


def _spend_only(s: Spend) -> Callable[[Any, Any], bool]:
    """106.6: whether the mana may pay for casting ``card`` (a CardDef) or, ``card`` None,
    for activating an ability of the permanent with characteristics ``source``."""
    def has(x: Any, f: str) -> bool:
        if f.startswith("non"):
            return not has(x, f[3:])
        if f == "multicolored":
            return len(x.colors) > 1
        if f == "colorless":
            return not x.colors
        if f == "legendary":
            return "Legendary" in x.supertypes
        return f.capitalize() in x.types if f.islower() else f in x.subtypes

    def fits(card: Any, source: Any) -> bool:
        x, alternatives = (card, s.spells) if card is not None else (source, s.abilities)
        return x is not None and any(all(has(x, f) for f in alt) for alt in alternatives)
    return fits


def mana_trigger(node: Ability, text: str) -> ab.ManaTrigger:
    """605.1b: "Whenever you tap a Forest for mana, add an additional {G}." / "Whenever
    enchanted land is tapped for mana, its controller adds an additional {G}": a triggered
    mana ability, resolved at once with the mana ability that triggered it (605.4a)."""
    ev = node.event
    assert ev is not None
    if node.condition is not None or node.modes or len(node.effects) != 1 or _not_plain(node.effects[0]):
        raise Unsupported("is tapped for mana, an effect besides adding mana")
    e, d = node.effects[0], ev.subject
    assert d is not None

    def fits(game: Game, source: int, tapped: int, player: str) -> bool:
        if d.quant == "attached":
            return game.state.objs[source].attached_to == tapped and select.matches(
                game, replace(d, quant="a"), tapped, player, source)
        you = game.controller_of(source)
        return (ev.whose != "you" or player == you) and select.matches(game, d, tapped, you, source)
    if e.kind == "all":
        return ab.ManaTrigger(text, fits=fits, mana=e.mana, adds=tuple(e.mana))
    return ab.ManaTrigger(text, fits=fits, mana=e.mana, n=e.n.value)


def _not_plain(e: Effect) -> bool:
    """Whether ``e`` isn't a plain "add" a triggered mana ability can do at once."""
    return (e.verb != "mana" or e.kind == "options" or e.optional or e.condition is not None
            or e.n.count is not None or e.n.x or e.n.power_of is not None)


#: the colors by name, as a permanent remembers the one chosen (614.12)
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def choose_color(excluded: str) -> Callable[[Ctx, Any], None]:
    """614.12: "As ~ enters, choose a color [other than red]." The choice is part of the
    permanent (its ``choice``), read by "Add one mana of the chosen color"."""
    options = tuple(name for c, name in COLOR_NAMES.items() if c != excluded)

    def choose(ctx: Ctx, obj: Any) -> None:
        game, you = ctx.game, obj.controller
        p = game.state.players[you]
        want = Counter(c for o in p.hand + p.library for s in game.card(game.state.objs[o].name).cost
                       for c in s if c in COLOR_NAMES and c != excluded)  # the colors its cards cost most
        best = COLOR_NAMES[max(want, key=want.__getitem__)] if want else options[0]
        d = Decision("choose", you, f"{game.describe(obj.id)}: choose a color", options, 1, 1,
                     {"what": "color", "default": [best]})
        pick = best if p.auto and game.policy is None else ctx.choose(d)[0]  # a goldfish takes the default
        ctx.remember_choice(obj.id, pick)
    return choose


@verb("mana")
def add_mana(env: Env, e: Effect, n: Callable[[Ctx], int]) -> Run:
    """A spell's or a stack ability's "Add {B}{B}{B}" / "Add {R} or {G}" / "Add one mana
    of any color": to its controller's mana pool (106.4), the color chosen as it resolves."""
    if e.optional or e.condition is not None:
        raise Unsupported("add mana (if)")

    def run(ctx: Ctx) -> None:
        if e.kind == "all":
            got = list(e.mana)
        elif e.kind == "options":
            got = list(ctx.choose(Decision("choose", ctx.controller, "choose the mana to add",
                                           tuple(e.mana.split("|")), 1, 1))[0])
        elif e.kind == "combination":  # each mana's color chosen on its own
            k = max(0, n(ctx))
            got = [ctx.choose(Decision("choose", ctx.controller, f"choose a color of mana ({i + 1} of {k})",
                                       tuple(e.mana), 1, 1))[0] for i in range(k)]
        else:
            color = e.mana
            if len(color) > 1:
                color = ctx.choose(Decision("choose", ctx.controller, "choose a color of mana", tuple(e.mana),
                                            1, 1))[0]
            got = [color] * max(0, n(ctx))
        ctx.add_mana(ctx.controller, got)
        ctx.note(f"{ctx.controller} adds {''.join('{' + c + '}' for c in got) or 'no mana'}")
    return run
