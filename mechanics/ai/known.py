"""What the autopilot knows of a card by its name: whether it is a land, how fast it is,
its costs, its abilities that work in a hand or a graveyard, and what kind of spell it
is (modal, dividing damage, its targets, help or harm, a pump).

Each decision of :mod:`.autopilot` reads these for every card in a hand, graveyard or
exile; they never change during a game, so they are derived once and kept with the
card's abilities (``Behaviour.derived``), shared by every game with the same plugins.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..abilities.abilities import AltCost, HandAbility
from ..abilities.modes import spell_modal
from ..play.costs import cast_costs, flashback_cost, permitted_alt, suspend_instance
from ..play.perform import spell_divides
from .intent import harmful

PUMPED = ("creature", "creature-you-control", "permanent", "any")  # what a pump's first target may be


class Known(NamedTuple):
    """What the autopilot reads of a card in a hand, graveyard or exile at each decision
    (:func:`known`)."""

    card: Any
    land: bool
    instant: bool
    fast: bool  # an instant or a card with flash (702.8a)
    order: tuple[int, str]  # the costliest first, then by name
    pips: str  # the colors its mana cost asks for, once a symbol each ("" for a land)
    costs: list  # its costs of casting besides the mana cost (kicker, additional costs)
    alts: list  # its alternative costs (118.9)
    flashback: str  # its flashback cost (702.34a)
    from_graveyard: str  # the keyword whose cost casts it from a graveyard (601.3)
    suspend: tuple[int, str] | None  # its suspend N and cost (702.62a)
    hand: list  # its abilities that work in the hand (cycling), as ``activate`` numbers them
    yard: list  # its abilities that work in the graveyard (unearth, 113.6k)
    modal: Any  # as a spell (700.2), or None
    divide: Any  # the damage it divides as it is cast (601.2d), or None
    specs: tuple  # as a spell, its targets
    helpful: bool  # its text reads as help for what it targets (:func:`harmful`)
    pump: bool  # a spell the autopilot casts in combat: it helps a creature it targets


def known(game: Any) -> dict[str, Known]:
    """The facts and abilities the autopilot reads of cards, by name (``known(game)[name]``):
    each decision asks for every card in hand, and they never change."""
    kept = game.memo.get("autopilot_known")
    if kept is None:
        kept = game.memo["autopilot_known"] = _KnownCards(game)
    return kept


class _KnownCards(dict):
    """:func:`known`'s mapping: a name is looked up on first use, and kept with the card's
    abilities (the same for every game with the same plugins)."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game

    def __missing__(self, name: str) -> Known:
        game = self.game
        beh = game.behaviour(name)
        found = beh.derived.get("autopilot")
        if found is None:
            card = game.card(name)
            instant, modal, divide = card.is_type("Instant"), spell_modal(game, name), spell_divides(game, name)
            specs, helpful = game.spell_target_specs(name), not harmful(card.oracle_text)
            found = beh.derived["autopilot"] = Known(
                card, card.is_type("Land"), instant, instant or "flash" in card.keywords,
                (-card.mana_value, card.name),
                "" if card.is_type("Land") else "".join(c for sym in card.cost for c in sym if c in "WUBRG"),
                cast_costs(game, name), cast_costs(game, name, AltCost),
                flashback_cost(game, name), permitted_alt(game, name, "graveyard"), suspend_instance(game, name),
                HandAbility.of(beh, "hand"), HandAbility.of(beh, "graveyard"), modal, divide, specs, helpful,
                bool(modal is None and divide is None and specs and helpful and specs[0].kind in PUMPED))
        self[name] = found
        return found


def take_known(game: Any, other: Any) -> None:
    """Take what :func:`known` and :func:`kinds` found of ``other``'s cards for ``game``,
    whose objects are cards of the same names (a batch's games of one deck are made so:
    :func:`mechanics.ai.simulate.new_game`), instead of looking at each of them again."""
    found = kinds(other)  # (each name's facts looked up too)
    known(game).update(known(other))
    st = game.state
    game.memo["autopilot_kinds"] = (st, st.newest_obj(), found)


def kinds(game: Any) -> frozenset[str]:
    """What any card of the game offers off the battlefield, of what the autopilot's rarer
    searches look for: ``suspend``, ``cycling`` (an ability that works in the hand),
    ``yard`` (one that works in the graveyard), ``graveyard`` (flashback, or cast from a
    graveyard: 601.3), ``alts`` (an alternative cost), ``costs`` (costs besides mana),
    ``pump`` (a spell cast in combat).  A
    search finds nothing when its kind is missing, so it is not run.  Every face of every
    card counts (a card off the battlefield shows one of its faces; a token there ceases to
    exist, 704.5d); the objects are scanned once, and new ones as they come."""
    st = game.state
    last = st.newest_obj()
    kept = game.memo.get("autopilot_kinds")
    if kept is not None and kept[0] is st and kept[1] == last:
        return kept[2]
    start, found = (kept[1], set(kept[2])) if kept is not None and kept[0] is st else (0, set())
    names = {o.name for o in st.joined_since(start) if not o.token}  # (all of them, the first time)
    facts = known(game)
    for name in names:
        found |= _kinds(game, facts, name)
    kept = game.memo["autopilot_kinds"] = (st, last, frozenset(found))
    return kept[2]


def _kinds(game: Any, facts: dict[str, Known], name: str) -> frozenset[str]:
    """:func:`kinds` of one card, every face of it (kept with its abilities)."""
    beh = game.behaviour(name)
    found = beh.derived.get("autopilot_kinds")
    if found is None:
        whole = game.pool.get(name)
        found = set()
        for face in (whole.faces if whole is not None and whole.faces else (game.card(name),)):
            k = facts[face.name]
            found.update(kind for kind, has in (("suspend", k.suspend), ("cycling", k.hand), ("yard", k.yard),
                                                 ("graveyard", k.flashback or k.from_graveyard),
                                                 ("alts", k.alts), ("costs", k.costs), ("pump", k.pump)) if has)
        found = beh.derived["autopilot_kinds"] = frozenset(found)
    return found
