"""Characteristics through the layer system (613), computed once per change.

:func:`compute` derives every battlefield object's characteristics from its
copiable values (layer 1, 707.2) and the continuous effects that apply, in
layer order and, within a layer, timestamp order (613.7).  Static abilities of
phased-out permanents have no effect (702.26b).  The result is cached by the
game until the next state change, so state-based-action checks and the TUI read
a dict instead of recomputing layers.

Dependencies between effects (613.8) are not modelled: within a layer effects
apply in timestamp order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..abilities.abilities import Behaviour, Static
from ..model.cards import CardDef

if TYPE_CHECKING:
    from ..model.state import Effect, Obj
    from ..play.game import Game


@dataclass
class Chars:
    """An object's characteristics after all layers."""

    name: str
    card: CardDef
    controller: str
    types: set[str]
    subtypes: set[str]
    supertypes: set[str]
    colors: set[str]
    keywords: set[str]
    power: int | None
    toughness: int | None
    behaviour: Behaviour
    modified: bool = False  # power/toughness differ from the copiable values (and layer 7a's)
    #: a ``*`` power/toughness (604.3) that no automated ability defines and the player has
    #: not set by hand (``set-pt``): unknown, so 704.5f waits for it
    pt_by_hand: bool = False
    base_pt: tuple[int | None, int | None] | None = None  # layer 7a's values, if any
    no_abilities: bool = False
    #: the indexes of the card's ``granted`` abilities an effect gives it now (613.1f)
    granted: frozenset[int] = frozenset()

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


def base_chars(game: Game, obj: Obj, copy_of: str | None = None) -> Chars:
    """Layer 1: the copiable values (707.2), before any other effect."""
    card = game.card(copy_of or obj.copy_of or obj.name)
    return Chars(
        name=card.name, card=card, controller=obj.controller, types=set(card.types),
        subtypes=set(card.subtypes), supertypes=set(card.supertypes), colors=set(card.colors),
        keywords=set(card.keywords), power=card.power, toughness=card.toughness,
        behaviour=game.behaviour(card.name),
    )


def defined_pt(game: Game, obj: Obj, ch: Chars) -> None:
    """Layer 7a (613.4a): a characteristic-defining ability sets power and toughness, in
    every zone (604.3).  A ``*`` that no automated ability defines takes the value its
    player set by hand (``set-pt``, in ``obj.choices["pt"]``); until then it is unknown."""
    if not ch.card.star_pt or ch.power is None:
        return
    cda = None if ch.no_abilities else next((a for a in ch.behaviour.of(Static) if a.layer == "7a"), None)
    if cda is not None:
        ch.power, ch.toughness = cda.params["cda"](game, obj)
    elif "pt" in obj.choices:
        ch.power, ch.toughness = obj.choices["pt"]
    else:
        ch.pt_by_hand = True
    ch.base_pt = (ch.power, ch.toughness)


def _statics(game: Game, chars: dict[int, Chars]) -> list[tuple[int, int, Static]]:
    """Active static abilities on the battlefield: (timestamp, source id, ability)."""
    out = []
    for oid, ch in chars.items():
        if ch.no_abilities:
            continue
        for ab in ch.behaviour.of(Static):
            out.append((game.obj(oid).timestamp, oid, ab))
    out.sort(key=lambda t: t[0])
    return out


def _active(game: Game, chars: dict[int, Chars], src: int, ab: Static) -> bool:
    """Whether a conditional static ability ("as long as you control a Forest") applies.
    It is checked as its layer applies, against the characteristics the earlier layers
    gave (613.1: control and types come first), so reading the game here sees them."""
    if ab.condition is None:
        return True
    return game.seeing(chars, ab.condition, game.obj(src))


def compute(game: Game) -> tuple[dict[int, Chars], bool]:
    """Characteristics of every phased-in battlefield object, all layers applied, and
    whether they are plain: no continuous effect and no static ability, so that they
    depend on each permanent's own name, copy, controller and counters alone."""
    st = game.state
    ids = [i for i in st.battlefield if not st.objs[i].phased_out]
    if not st.effects:
        fast = _unaffected(game, ids)
        if fast is not None:
            return fast, True
    chars = {i: base_chars(game, st.objs[i]) for i in ids}
    refs = {st.objs[i].ref: i for i in ids}
    effects = sorted((e for e in st.effects if lasts(game, e)), key=lambda e: e.timestamp)

    def targeted(layer: str):  # effects of a layer, with the ids they affect now
        for e in effects:
            if e.layer == layer:
                yield e, [refs[r] for r in e.affected if r in refs]

    for e, hit in targeted("1"):  # copy effects from resolved spells and abilities
        for i in hit:
            chars[i] = base_chars(game, st.objs[i], e.params["copy_of"])
    for e, hit in targeted("2"):
        for i in hit:
            chars[i].controller = e.params["controller"]
    statics = _statics(game, chars)
    for layer in ("2", "4", "5", "6", "7b", "7c"):
        for _ts, src, ab in statics:  # static abilities apply in their own layer
            if ab.layer == layer and _active(game, chars, src, ab):
                for i, ch in chars.items():
                    if ab.applies(game, game.obj(src), game.obj(i), ch, chars[src]):
                        _apply(ch, ab.params)
        if layer != "2":
            for e, hit in targeted(layer):
                for i in hit:
                    _apply(chars[i], e.params)
        if layer == "6":
            for ch in chars.values():
                if ch.no_abilities:
                    ch.keywords.clear()
            for i, ch in chars.items():  # 613.4a: layer 7a, before 7b's setting effects
                game.seeing(chars, defined_pt, st.objs[i], ch)
    for i, ch in chars.items():  # 613.4c: counters apply in layer 7c
        c = st.objs[i].counters
        if ch.power is not None:
            for kind, n in c.items():
                dp, dt = counter_pt(kind)
                ch.power += dp * n
                ch.toughness += dt * n
        ch.modified = (ch.power, ch.toughness) != (ch.base_pt or (ch.card.power, ch.card.toughness))
    return chars, False


def _unaffected(game: Game, ids: list[int]) -> dict[int, Chars] | None:
    """The common case, no continuous effect and no static ability on the battlefield:
    each object's characteristics are its copiable values plus its counters, which
    depend on that object alone.  An object whose name, copy, controller and counters
    are unchanged since the last computation keeps the Chars computed then (nothing
    writes to a Chars after :func:`compute`); when all are unchanged the same dict is
    returned.  None when the full computation is needed."""
    objs = game.state.objs
    memo: dict[int, tuple] = game.memo.get("chars_memo") or {}
    has_static: dict[str, bool] = game.memo.setdefault("has_static", {})
    out: dict[int, Chars] = {}
    keep: dict[int, tuple] = {}
    same = len(ids) == len(memo)
    for i in ids:
        obj = objs[i]
        name = obj.copy_of or obj.name
        hit = memo.get(i)
        if hit is None or hit[0] != name or hit[1] != obj.controller or hit[2] != obj.counters:
            same = False
            found = has_static.get(name)
            if found is None:  # a "*" power/toughness is set in layer 7a, by an ability or by hand
                card = game.card(name)
                found = has_static[name] = bool(game.behaviour(card.name).of(Static)) or card.star_pt
            if found:
                return None
            ch = base_chars(game, obj)
            if ch.power is not None:
                for kind, n in obj.counters.items():  # 613.4c: counters in layer 7c
                    dp, dt = counter_pt(kind)
                    ch.power += dp * n
                    ch.toughness += dt * n
            ch.modified = (ch.power, ch.toughness) != (ch.card.power, ch.card.toughness)
            hit = (name, obj.controller, dict(obj.counters), ch)
        out[i] = hit[3]
        keep[i] = hit
    prev = game.memo.get("chars_prev")
    if same and prev is not None and list(prev) == ids:
        return prev
    game.memo["chars_memo"] = keep
    game.memo["chars_prev"] = out
    return out


def lasts(game: Game, e: Effect) -> bool:
    """611.2b: a "for as long as" effect ends the moment its object leaves the battlefield
    or phases out (702.26f), even before the game removes it from the list."""
    present = e.lasts_while()
    if present is None:
        return True
    oid, epoch = present
    obj = game.state.objs.get(oid)
    return obj is not None and obj.epoch == epoch and obj.zone == "battlefield" and not obj.phased_out


def counter_pt(kind: str) -> tuple[int, int]:
    """The power/toughness change of one counter of this kind (122.1a)."""
    p, slash, t = kind.partition("/")
    if slash:
        try:
            return int(p), int(t)
        except ValueError:
            pass
    return 0, 0


def _apply(ch: Chars, params: dict) -> None:
    if "controller" in params:
        ch.controller = params["controller"]
    if "types" in params:
        ch.types |= set(params["types"])
    if "subtypes" in params:
        ch.subtypes |= set(params["subtypes"])
    if "keywords" in params:
        ch.keywords |= set(params["keywords"])
    if "lose_keywords" in params:  # layer 6: "loses flying until end of turn"
        ch.keywords -= set(params["lose_keywords"])
    if "colors" in params:  # layer 5: the new colors replace the old (105.3)
        ch.colors = set(params["colors"])
    if params.get("lose_all_abilities"):
        ch.no_abilities = True
    if "granted" in params:  # layer 6: "with 'Whenever this creature attacks, ...'"
        ch.granted |= frozenset(params["granted"])
    if "set_pt" in params and (ch.power is not None or params.get("becomes")):
        ch.power, ch.toughness = params["set_pt"]
    if "pt" in params and ch.power is not None:
        ch.power += params["pt"][0]
        ch.toughness += params["pt"][1]
