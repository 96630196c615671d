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
from ..abilities.grants import with_grants
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
    #: the quoted abilities effects grant it now (613.1f), by name (:mod:`mechanics.abilities.grants`)
    grants: tuple[str, ...] = ()

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def abilities_name(self) -> str:
        """The name :meth:`Game.behaviour` gives ``behaviour`` under (an ``AbilityRef``'s card)."""
        return with_grants(self.card.name, self.grants)


#: 122.1b: keyword counters: a permanent with one has that keyword (those the engine knows)
KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                              "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"})


def base_chars(game: Game, obj: Obj, copy_of: str | None = None) -> Chars:
    """Layer 1: the copiable values (707.2), before any other effect; with the keywords of
    its keyword counters (122.1b), so a later "loses all abilities" takes them too."""
    card = game.card(copy_of or obj.copy_of or obj.name)
    keywords = set(card.keywords)
    if obj.counters:
        keywords |= KEYWORD_COUNTERS.intersection(obj.counters)
    return Chars(
        name=card.name, card=card, controller=obj.controller, types=set(card.types),
        subtypes=set(card.subtypes), supertypes=set(card.supertypes), colors=set(card.colors),
        keywords=keywords, power=card.power, toughness=card.toughness,
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
    if not st.effects and not st.emblems:
        fast = _unaffected(game)
        if fast is not None:
            return fast, True
    ids = [i for i in st.battlefield if not st.objs[i].phased_out]
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
            chars[i].keywords |= set(e.params.get("keywords", ()))  # 707.9b: "except it has haste"
    for e, hit in targeted("2"):
        if still_controlled(e, chars):  # (its source's control after the earlier ones)
            for i in hit:
                chars[i].controller = e.params["controller"]
    effects = [e for e in effects if still_controlled(e, chars)]  # control is known from here on
    statics = _statics(game, chars)
    sources = chars
    if st.emblems:  # 114.4: an emblem's static abilities apply from the command zone
        sources = {**chars, **{e: base_chars(game, st.objs[e]) for e in st.emblems}}
        statics = sorted(statics + [(st.objs[e].timestamp, e, ab) for e in st.emblems
                                    for ab in sources[e].behaviour.of(Static)], key=lambda t: t[0])
    for layer in ("2", "4", "5", "6", "7b", "7c"):
        for _ts, src, ab in statics:  # static abilities apply in their own layer
            if ab.layer == layer:
                _apply_static(game, chars, sources, src, ab)
        if layer != "2":
            for e, hit in targeted(layer):
                for i in hit:
                    _apply(chars[i], e.params)
        if layer == "6":
            granted = []
            for i, ch in chars.items():
                if ch.no_abilities:
                    ch.keywords.clear()
                elif ch.grants:  # 613.1f: its own abilities and the granted ones
                    ch.behaviour = game.behaviour(ch.abilities_name)
                    own = len(game.behaviour(ch.card.name).abilities)
                    granted += [(st.objs[i].timestamp, i, a) for a in ch.behaviour.abilities[own:]
                                if isinstance(a, Static)]
            for _ts, src, ab in granted:  # a granted static ability applies from then on (613.6)
                if ab.layer == "6":
                    _apply_static(game, chars, sources, src, ab)
            statics += granted
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


def _apply_static(game: Game, chars: dict[int, Chars], sources: dict[int, Chars], src: int,
                  ab: Static) -> None:
    """A static ability's effect on each object it applies to, if its condition holds
    (``sources``: the characteristics of the objects whose statics apply, emblems too)."""
    if _active(game, sources, src, ab):
        params = ab.params
        if "pt_per" in params:  # "+1/+1 for each artifact you control": counted as it applies
            params = {"pt": game.seeing(chars, params["pt_per"], game.obj(src))}
        for i, ch in chars.items():
            if ab.applies(game, game.obj(src), game.obj(i), ch, sources[src]):
                _apply(ch, params)


def _unaffected(game: Game) -> dict[int, Chars] | None:
    """The common case, no continuous effect and no static ability on the battlefield:
    each phased-in permanent's characteristics are its copiable values plus its counters,
    which depend on that object alone (:func:`_plain`).  When all are unchanged the same
    dict is returned.  None when the full computation is needed."""
    st = game.state
    objs = st.objs
    memo = game.memo.get("chars_memo")
    if memo is None:
        memo = game.memo["chars_memo"] = {}
    out: dict[int, Chars] = {}
    same = True
    for i in st.battlefield:
        obj = objs[i]
        if obj.phased_out:
            continue
        hit = memo.get(i)
        if hit is None or hit[0] != (obj.copy_of or obj.name, obj.controller, obj.counters):
            same = False
            ch = _plain(game, obj, memo)
            if ch is None:
                return None
            out[i] = ch
        else:
            out[i] = hit[1]
    prev = game.memo.get("chars_prev")
    if same and prev is not None and list(prev) == list(out):
        return prev
    game.memo["chars_prev"] = out
    return out


def _plain(game: Game, obj: Obj, memo: dict[int, tuple]) -> Chars | None:
    """A permanent's plain characteristics, its copiable values plus its counters (613.4c),
    kept in ``memo`` by id with the name, controller and counters they were computed from
    (nothing writes to a Chars after :func:`compute`, so permanents with the same name
    and controller and no counters share one); None when it has a static ability or a
    ``*`` power/toughness (set in layer 7a, by an ability or by hand)."""
    name = obj.copy_of or obj.name
    if not obj.counters:
        ch = game.memo.setdefault("plain_chars", {}).get((name, obj.controller))
        if ch is not None:
            memo[obj.id] = ((name, obj.controller, {}), ch)
            return ch
    has_static: dict[str, bool] = game.memo.setdefault("has_static", {})
    found = has_static.get(name)
    if found is None:
        card = game.card(name)
        found = has_static[name] = bool(game.behaviour(card.name).of(Static)) or card.star_pt
    if found:
        return None
    ch = base_chars(game, obj)
    if not obj.counters:
        game.memo["plain_chars"][name, obj.controller] = ch
    if ch.power is not None:
        for kind, n in obj.counters.items():  # 613.4c: counters in layer 7c
            dp, dt = counter_pt(kind)
            ch.power += dp * n
            ch.toughness += dt * n
    ch.modified = (ch.power, ch.toughness) != (ch.card.power, ch.card.toughness)
    memo[obj.id] = ((name, obj.controller, dict(obj.counters)), ch)
    return ch


def updated_for(game: Game, oid: int, chars: dict[int, Chars]) -> dict[int, Chars] | None:
    """Plain characteristics ``chars`` (:func:`_unaffected`: each permanent's depend on it
    alone) after a write to object ``oid`` alone that they read (it entered or left the
    battlefield, its counters changed): a new dict with its entry computed again, added
    or taken out, the others' as they are, in the battlefield's order (an object enters
    last).  None when it has a static ability: all must be computed again."""
    obj = game.state.objs[oid]
    out = dict(chars)
    if obj.zone == "battlefield" and not obj.phased_out:
        ch = _plain(game, obj, game.memo.setdefault("chars_memo", {}))
        if ch is None:
            return None
        if game.state.battlefield[-1] == oid:  # it entered: last, as on the battlefield
            out.pop(oid, None)
        out[oid] = ch  # (else in its place)
    else:
        out.pop(oid, None)
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


def still_controlled(e: Effect, chars: dict[int, Chars]) -> bool:
    """611.2b: a "for as long as you control ~" effect ends once that player no longer
    controls the object (its control after layer 2's effects)."""
    who = e.controlled_by()
    if not who:
        return True
    oid = e.lasts_while()[0]
    return oid in chars and chars[oid].controller == who


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
    if "lose_keywords" in params:  # "loses flying" (after what earlier timestamps added, 613.7)
        ch.keywords -= set(params["lose_keywords"])
    if "colors" in params:  # layer 5: the new colors replace the old (105.3)
        ch.colors = set(params["colors"])
    if "add_colors" in params:  # "in addition to its other colors"
        ch.colors |= set(params["add_colors"])
    if params.get("lose_all_abilities"):
        ch.no_abilities = True
    if "grants" in params:  # layer 6: 'has "{T}: Add {G}."', 'with "Whenever ~ attacks, ..."'
        ch.grants += tuple(g for g in params["grants"] if g not in ch.grants)
    if "set_pt" in params and (ch.power is not None or params.get("becomes")):
        ch.power, ch.toughness = params["set_pt"]
    if "pt" in params and ch.power is not None:
        ch.power += params["pt"][0]
        ch.toughness += params["pt"][1]
