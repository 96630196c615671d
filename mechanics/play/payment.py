"""Paying mana costs (601.2g-h, 602.2b): what can pay, in which order, and the payment.

:func:`mana_sources` lists the pool's mana and the untapped permanents' mana
abilities (605); :func:`payers` adds what a spell's keywords let pay (delve,
convoke, improvise); :func:`pay` chooses an assignment of sources to the cost's
symbols (:func:`~mechanics.model.mana.assignment`) and carries it out.  Casting,
activating, the legal-action list and the autopilot all read these, so there is
one answer to "can this be paid" and one way of paying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.errors import IllegalActionError
from ..model.mana import assignment, format_cost, format_pool, phyrexian_life
from . import mana_abilities

if TYPE_CHECKING:
    from .game import Game


def mana_sources(game: Game, player: str) -> list[tuple[object, str]]:
    """What can pay a cost: pool mana first, then untapped lands (fewest colors first),
    then untapped creatures and artifacts whose mana ability costs just {T} (605),
    never a summoning-sick creature (302.6); a source is listed once per mana it adds.
    Kept for the game's revision (every spell in hand asks, for legal actions and the
    autopilot), and shared, so callers don't modify it."""
    key = (game.revision, player)
    kept = game.memo.get("mana_sources")
    if kept is not None and kept[0] == key:
        return kept[1]
    pool = game.player(player).mana
    sources: list[tuple[object, str]] = [(("pool", i), m) for i, m in enumerate(pool) if "@" not in m] \
        if pool else []
    objs = game.state.objs
    lands: list[tuple[object, str]] = []
    others: list[tuple[object, str]] = []
    several = False  # whether a source makes a choice of colors
    for oid, ch in game.all_chars().items():  # the phased-in permanents (702.26b)
        if ch.controller != player:
            continue
        obj = objs[oid]
        if obj.tapped or (obj.sick and ch.is_creature and not ch.has("haste")):
            continue
        # one source per mana it adds (Gyre Sage: one per counter, maybe none; a bounce land: two)
        made = ch.behaviour.derived.get("mana_entries") if not ch.no_abilities else None  # (fixed mana, kept)
        if made is None:
            made = mana_abilities.entries(game, oid, ch)
        if made:
            found = lands if "Land" in ch.types else others
            for m in made:
                found.append((oid, m))
                if len(m) > 1:
                    several = True
    if several:  # the mana of the fewest colors first (a stable sort)
        lands.sort(key=_colors)
        others.sort(key=_colors)
    sources += lands
    sources += others
    game.memo["mana_sources"] = (key, sources, {})
    return sources


def paying(game: Game, cost: tuple[str, ...], x: int, sources: list[tuple[object, str]]) -> list[tuple[int, str]] | None:
    """:func:`~mechanics.model.mana.assignment` of ``sources`` to the cost, kept with
    :func:`mana_sources`' list while it is the one kept (the autopilot works out how to
    pay a spell, then casting it pays it the same way: one computation, and a lookup);
    shared, so callers don't modify it."""
    kept = game.memo.get("mana_sources")
    if kept is None or kept[1] is not sources:
        return assignment(cost, x, sources)
    plans = kept[2]
    found = plans.get((cost, x), plans)
    if found is plans:
        found = plans[cost, x] = assignment(cost, x, sources)
    return found


def _colors(source: tuple[object, str]) -> int:
    """How many colors a source's mana may be (mana_sources' sort key)."""
    return len(source[1])


def improvise_sources(game: Game, player: str) -> list[tuple[object, str]]:
    """702.126a: each untapped artifact tapped while casting pays for {1}."""
    paying = {s[0] for s in mana_sources(game, player)}  # a mana artifact pays once
    return [(oid, "") for oid in game.permanents(player)
            if "Artifact" in game.chars(oid).types and not game.state.objs[oid].tapped and oid not in paying]


def convoke_sources(game: Game, player: str) -> list[tuple[object, str]]:
    """702.51: each untapped creature tapped while casting pays for {1} or one mana of
    its color (summoning sickness doesn't matter: it isn't a {T} cost)."""
    paying = {s[0] for s in mana_sources(game, player)}  # a mana creature pays once
    return [(oid, "".join(sorted(game.chars(oid).colors)))
            for oid in game.permanents(player, creature=True)
            if not game.state.objs[oid].tapped and oid not in paying]


def delve_sources(game: Game, player: str) -> list[tuple[object, str]]:
    """702.66a: each card exiled from the graveyard while casting pays for {1} (oldest first)."""
    return [(("delve", oid), "") for oid in game.state.players[player].graveyard]


def payers(game: Game, player: str, card: Any = None, source: int | None = None) -> list[tuple[object, str]]:
    """What can pay for casting ``card`` (or an ability of the permanent ``source``): pool
    mana that may be spent on it (106.6) first, then the rest of the pool, graveyard cards
    for delve (before any land is tapped), lands, and creatures for convoke or artifacts
    for improvise.  Shared like :func:`mana_sources`' list: callers don't modify it."""
    kw = card.keywords if card is not None else ()
    sources = mana_sources(game, player)
    if game.state.players[player].mana:
        sources = mana_abilities.restricted_pool(game, player, card, source) + sources
    if not kw:
        return sources  # (perhaps mana_sources' list: not to be modified)
    if "delve" in kw:
        pool = sum(1 for s in sources if isinstance(s[0], tuple))
        sources = sources[:pool] + delve_sources(game, player) + sources[pool:]
    return sources + (convoke_sources(game, player) if "convoke" in kw else []) + (
        improvise_sources(game, player) if "improvise" in kw else [])


def pay(game: Game, player: str, cost: tuple[str, ...], x: int = 0, card: Any = None,
        source: int | None = None, delved: list[tuple[int, int]] | None = None) -> list[int]:
    """Pay a mana cost from the pool, then by tapping untapped lands and mana creatures
    and artifacts (601.2g-h, :func:`mana_sources`), then, for a spell (``card``) with
    convoke or improvise, by tapping creatures or artifacts; with delve, generic mana is
    paid by exiling graveyard cards first (:func:`payers`).  Returns the creatures tapped
    for convoke (702.51c: they "convoked" the spell)."""
    if not cost and not x:
        return []
    p = game.player(player)
    sources = payers(game, player, card, source)
    convoking = {s[0] for s in convoke_sources(game, player)} if card is not None and "convoke" in card.keywords \
        else None
    cost, life = phyrexian_life(cost, x, sources, p.life)
    chosen = paying(game, cost, x, sources)
    if chosen is None:
        have = format_pool(p.mana) or "nothing"
        untapped = sum(1 for s in sources if not isinstance(s[0], tuple))
        raise IllegalActionError(
            f"{player} cannot pay {format_cost(cost)}{f' with X={x}' if x else ''} "
            f"(pool: {have}; untapped mana sources: {untapped})")
    pool: list[int] = []
    exiled: list[int] = []
    paid: dict[int, list[str]] = {}  # a source that adds two mana is tapped once
    for j, need in chosen:
        what = sources[j][0]
        if not isinstance(what, tuple):
            paid.setdefault(what, []).append(need)
        else:  # ("pool", index) or ("delve", card)
            (pool if what[0] == "pool" else exiled).append(what[1])
    if pool:
        for i in sorted(pool, reverse=True):
            del p.mana[i]
        game.changed(characteristics=False, sba=False)  # (the other writes below say so themselves)
    if exiled:
        for oid in exiled:  # 702.66a: exiled rather than paying {1}
            new = game.move(oid, "exile")
            if delved is not None:  # the cards "exiled with it" (Murktide Regent)
                delved.append(game.state.objs[new].ref)
        game.note(f"{player} exiles {', '.join(game.describe(o) for o in exiled)} to delve")
    game.tap_all(paid)
    for oid, needs in paid.items():
        mana_abilities.tapped_for(game, player, oid, needs)
    if life:
        game.lose_life(player, life)  # 119.4: paying life is losing it
        game.note(f"{player} pays {life} life for Phyrexian mana")
    return [oid for oid in paid if oid in convoking] if convoking else []
