"""Mana abilities (605) as the automatic payment uses them.

A mana ability whose only cost is {T} pays costs automatically (601.2g-h): the
permanent is a source of one mana per symbol it adds ("Add {W}{U}": two; Ancient
Tomb's "Add {C}{C}": two).  Tapping it for a cost activates one of its mana abilities:
the one that can make what it pays for, preferring an ability without other effects, so
that a painland pays generic mana with its "{T}: Add {C}" and only a colored symbol
with "{T}: Add {R} or {W}. This land deals 1 damage to you." (605.3b: the damage is
part of the ability, dealt at once).  What it adds beyond the cost stays in the mana
pool (106.4).  Mana abilities with other costs (mana, life, sacrifice, discard, once
each turn) are activated by the player, never by the payment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import Activated
from ..model.cards import parse_cost
from ..model.mana import format_cost
from ..model.state import AbilityRef, Decision, StackItem

if TYPE_CHECKING:
    from .game import Game


def automatic(ab: Any) -> bool:
    """Whether the payment may activate ``ab``: a mana ability whose only cost is {T},
    adding one kind of mana at a time (not "three mana of any one color": the payment
    would spend those as several colors)."""
    return bool(isinstance(ab, Activated) and ab.mana and ab.tap and not (
        parse_cost(ab.cost) or ab.sacrifice or ab.life or ab.sacrifice_other or ab.discard or ab.once
        or ab.remove_counters or ab.energy or ab.exert or ab.exile_graveyard or ab.put_counters or ab.tap_other or ab.choices or ab.spend_only or (ab.amount is not None and len(ab.mana) > 1)))


#: a permanent's chosen color (614.12: "As ~ enters, choose a color") by name
_CHOSEN = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


#: 106.7: "one mana of any type that a land you control could produce" ("+"), "... any color
#: that a land you control could produce" ("="), "... that a land an opponent controls could
#: produce" ("-"): whose lands, and whether colorless counts (a type, not a color)
_PRODUCIBLE = {"+": ("you", True), "=": ("you", False), "-": ("opponent", False)}


def makes(game: Game, obj: Any, ab: Any, produced: str = "") -> str:
    """The colors a mana ability of ``obj`` can make: ``*`` in its ``mana`` is "one mana
    of the chosen color", the color chosen as the permanent entered (none if none was);
    ``+``, ``=``, ``-`` what lands could produce (106.7); ``^`` (a triggered mana
    ability's) the types of mana the tapped land ``produced``."""
    out = ab.mana
    if out.isalpha():  # only mana symbols (a basic land's "R"): no mark to read
        return out if len(out) == 1 else "".join(dict.fromkeys(out))
    out = out.replace("*", _CHOSEN.get(obj.choices.get("choice", ""), "")).replace("^", produced)
    for mark, (whose, colorless) in _PRODUCIBLE.items():
        if mark in out:
            out = out.replace(mark, _lands_could(game, game.controller_of(obj.id), whose, colorless))
    return "".join(dict.fromkeys(out))


def _lands_could(game: Game, you: str, whose: str, colorless: bool) -> str:
    """The colors the lands of ``you`` (or of their opponents) could produce with their mana
    abilities (106.7), not counting those that themselves ask what lands could produce."""
    players = [you] if whose == "you" else game.opponents(you)
    found = {c for p in players for oid in game.permanents(p) if "Land" in game.chars(oid).types
             for ab in game.activated(oid) if ab.mana and not set(ab.mana) & set("+=-^")
             for c in (ab.adds or makes(game, game.state.objs[oid], ab))}
    return "".join(c for c in "WUBRGC" if c in found and (colorless or c != "C"))


def _made(game: Game, obj: Any, ab: Activated) -> list[str]:
    """What one activation of ``ab`` makes, one entry a mana: the colors that mana can be."""
    if ab.adds:
        return list(ab.adds)
    colors = makes(game, obj, ab)
    return [colors] * (1 if ab.amount is None else max(0, int(ab.amount(game, obj)))) if colors else []


def entries(game: Game, oid: int, ch: Any = None) -> list[str]:
    """The mana a permanent pays with when tapped, one entry a mana (its colors): one
    entry making any color of its abilities' when each makes one mana (a painland:
    "CRW"), else the entries of the ability making the most.  Kept with the behaviour
    when every such ability makes fixed mana (no chosen color, no count); shared, so
    callers don't modify it.  ``ch``: its characteristics, when the caller has them."""
    if ch is None:
        ch = game.chars(oid)
    if ch is None or ch.no_abilities:
        return []
    beh = ch.behaviour
    out = beh.derived.get("mana_entries")
    if out is not None:
        return out
    options = beh.of(Activated, automatic)
    obj = game.state.objs[oid]
    made = [m for ab in options if (m := _made(game, obj, ab))]
    out = [] if not made else ["".join(m[0] for m in made)] if all(len(m) == 1 for m in made) else \
        max(made, key=len)
    if _fixed(options):
        beh.derived["mana_entries"] = out  # the same for every permanent with these abilities
    return out


def _fixed(options: list[Activated]) -> bool:
    """Whether these mana abilities make the same mana whatever the permanent and the game
    (no chosen color, no count, no "what lands could produce")."""
    return all(ab.amount is None and (ab.adds or ab.mana.isalpha()) for ab in options)


def tapped_for(game: Game, player: str, oid: int, paid: list[str]) -> None:
    """The permanent was tapped to pay ``paid`` (each the colors of a symbol, "" for
    generic): the mana ability that made it has its other effects (605.3b), and the
    rest of what it made goes to the pool (106.4)."""
    ch = game.chars(oid)
    if ch is None or ch.no_abilities:
        return
    key = ("tapped_for", *paid)
    derived = ch.behaviour.derived
    found = derived.get(key)  # (kept only for a permanent with such abilities)
    if found is None:
        if not (options := ch.behaviour.of(Activated, automatic)):
            return  # tapped for convoke or improvise
        found = _tapping(game, game.state.objs[oid], options, paid)
        if _fixed(options):  # the same for every permanent with these abilities, tapped for ``paid``
            derived[key] = found
    ab, left, spent = found
    if left:
        game.add_mana(player, left)
    if ab.resolve is not None:  # (the handler only for an ability with more to do)
        resolve_rest(game, player, (oid, game.state.objs[oid].epoch), handler_of(game, oid, ab), ab)
    triggered_mana(game, player, oid, spent)


def _tapping(game: Game, obj: Any, options: list[Activated], paid: list[str]) -> tuple[Activated, list[str], str]:
    """Which of ``options`` tapping ``obj`` for ``paid`` activates (one that can make it, one
    without other effects first), the mana it makes beyond ``paid``, and the types of all
    the mana it made (for triggered mana abilities)."""
    if len(options) == 1:
        ab = options[0]
    else:
        fits = [ab for ab in options if _covers(_made(game, obj, ab), paid) is not None]
        ab = min(fits or options, key=lambda a: a.resolve is not None)
    left = [m for m in _covers(_made(game, obj, ab), paid) or [] if len(m) == 1]
    colors = "".join(ab.adds) or makes(game, obj, ab)
    spent = [next((c for c in need if c in colors), colors[:1]) for need in paid]  # what paid each symbol
    return ab, left, "".join(spent + left)


def _covers(made: list[str], paid: list[str]) -> list[str] | None:
    """What of ``made`` is left after paying ``paid`` (colored symbols first), or None."""
    left = list(made)
    for need in sorted(paid, key=lambda p: p == ""):
        k = next((i for i, m in enumerate(left) if not need or any(c in m for c in need)), None)
        if k is None:
            return None
        del left[k]
    return left


def produce(game: Game, player: str, source: tuple[int, int], handler: str, ab: Activated, name: str) -> None:
    """A mana ability activated by the player resolves at once (605.3): the mana it adds
    (a color or a group chosen now), kept apart if it may be spent only on some things
    (106.6), then its other effects (605.3b)."""
    obj = game.state.objs[source[0]]
    if ab.adds or ab.choices:  # "Add {G}{U}", "Add {B}{B}, {B}{G}, or {G}{G}"
        got = list(ab.adds) or list(game.ask(Decision("choose", player, "choose the mana to add",
                                                      tuple("".join(c) for c in ab.choices), 1, 1))[0])
    else:
        colors = makes(game, obj, ab)
        n = 1 if ab.amount is None else max(0, int(ab.amount(game, obj)))
        if not colors or not n:
            got = []
        elif ab.combination:  # "two mana in any combination of colors": each on its own
            got = [_color(game, player, colors, f" ({i + 1} of {n})") for i in range(n)]
        else:
            got = [_color(game, player, colors, "")] * n
    game.add_mana(player, [f"{c}@{handler}" for c in got] if ab.spend_only else got)
    game.note(f"{player} adds {format_cost(got) or 'no mana'} with {name}")
    resolve_rest(game, player, source, handler, ab)
    if ab.tap:
        triggered_mana(game, player, source[0], "".join(got))


def triggered_mana(game: Game, player: str, tapped: int, produced: str) -> None:
    """605.1b, 605.4a: the triggered mana abilities that tapping ``tapped`` for mana (it
    ``produced`` those mana) triggers ("Whenever you tap a Forest for mana, add an
    additional {G}") resolve at once, adding their mana to ``player``'s pool (what the
    payment didn't take stays)."""
    for src, ch, ab in game.ability_index().mana_triggers:
        if not ab.fits(game, src, tapped, player):
            continue
        colors = makes(game, game.state.objs[src], ab, produced)
        got = list(ab.adds) if ab.adds or not colors else [_color(game, player, colors, "")] * ab.n
        game.add_mana(player, got)
        game.note(f"{player} adds {format_cost(got)} with {ch.name}")


def _color(game: Game, player: str, colors: str, which: str) -> str:
    """One of ``colors``, the player's choice when there are several."""
    if len(colors) == 1:
        return colors
    return game.ask(Decision("choose", player, f"choose a color of mana{which}", tuple(colors), 1, 1))[0]


def restricted_pool(game: Game, player: str, card: Any, source: int | None) -> list[tuple[object, str]]:
    """The player's pool mana that may be spent only on some things (106.6) and may pay
    for casting ``card`` or for an ability of the permanent ``source``."""
    out: list[tuple[object, str]] = []
    for i, m in enumerate(game.state.players[player].mana):
        if "@" in m:
            symbol, _, handler = m.partition("@")
            fits = game.ability(handler).spend_only
            if fits(card, game.chars(source) if card is None and source is not None else None):
                out.append((("pool", i), symbol))
    return out


def resolve_rest(game: Game, player: str, source: tuple[int, int], handler: str, ab: Activated) -> None:
    """605.3b: a mana ability's effects besides adding mana ("This land deals 1 damage
    to you", "Draw a card"), done at once, without the stack; ``source`` is the
    permanent and its epoch as it was activated (sacrificed, it is gone: 400.7)."""
    if ab.resolve is not None:
        ab.resolve(game.ctx(StackItem(0, "activated", player, *source, handler, ab.text), player))


def handler_of(game: Game, oid: int, ab: Activated) -> str:
    """The reference by which the game finds ``ab`` of the permanent ``oid`` again."""
    ch = game.chars(oid)
    return str(AbilityRef(ch.abilities_name, ch.behaviour.abilities.index(ab)))
