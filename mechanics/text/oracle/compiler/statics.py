"""A permanent's static abilities other than "gets +N/+N" and "has KEYWORD" (and the count
of a "gets +1/+1 for each ...", :func:`counted_pt`): what spells
cost (601.2f: "Noncreature spells cost {1} more to cast", Thalia, Guardian of Thraben;
the engine adds them up in :func:`mechanics.play.costs.total_cost`) and a "*"
power and toughness (604.3: "~'s power and toughness are each equal to the number of
...", layer 7a), for the counts :mod:`mechanics.text.cda` doesn't read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....abilities import abilities as ab
from .. import select
from ..tree import Effect, Number
from .descriptors import Unsupported

if TYPE_CHECKING:
    from ....play.game import Game


def spell_cost(e: Effect, text: str) -> ab.SpellCost:
    """The ability of "SPELLS [you cast | your opponents cast] cost {N} more/less to cast"."""
    d = e.what
    if not select.card_words(d):
        raise Unsupported(text)  # spells named by what only a permanent has
    n = e.n.value if e.kind == "more" else -e.n.value

    def change(game: Game, source: int, caster: str, card: Any) -> int:
        you = game.controller_of(source)
        if d.controller == "you" and caster != you or d.controller == "opponent" and caster not in \
                game.opponents(you):
            return 0
        return n if select.card_fits(d, card) else 0
    return ab.SpellCost(text, change)


def defined_pt(e: Effect, text: str, card: Any) -> ab.Static:
    """604.3, 613.4a: "~'s power and toughness are each equal to [N plus] [twice] the
    number of ...", counted for the object's controller in every zone."""
    if not card.star_pt:
        raise Unsupported(text)  # 604.3: only a "*" is defined so
    n = e.n

    def pt(game: Game, obj: Any) -> tuple[int, int]:
        x = n.value + n.times * len(select.each(game, n.count, obj.controller, obj.id))
        return x, x
    return ab.Static(text, "7a", itself, {"cda": pt})


def counted_pt(pt: tuple[Number, Number]) -> Any:
    """613.4c: "gets +1/+1 for each artifact you control", "+X/+X, where X is the number of
    ...": ``pt_per(game, src)``, the change counted for the source's controller as the layer
    applies (:func:`mechanics.rules.layers.compute` reads it with the layers so far)."""
    def part(n: Number, game: Game, src: Any, you: str) -> int:
        return n.value + n.times * len(select.each(game, n.count, you, src.id)) if n.count else n.value

    def pt_per(game: Game, src: Any) -> tuple[int, int]:
        ch = game.chars(src.id)
        you = ch.controller if ch is not None else src.controller
        return part(pt[0], game, src, you), part(pt[1], game, src, you)
    return pt_per


def itself(game: Game, src: Any, obj: Any, ch: Any, src_ch: Any) -> bool:
    """For "this creature ..." statics: the object is the source itself."""
    return src.id == obj.id
