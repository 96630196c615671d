"""State-based actions (704), checked whenever a player would get priority.

:func:`check` performs every applicable state-based action simultaneously
(704.3) and says whether any was performed, so the caller checks again.
Phased-out permanents are ignored (702.26b): a phased-out 0-toughness
creature stays until it phases in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ..model import events as ev
from ..model.state import Decision
from ..text.sagas import final_chapter

if TYPE_CHECKING:
    from ..model.state import Obj
    from ..play.game import Game
    from .layers import Chars


def check(game: Game) -> bool:
    """Perform the state-based actions that apply (704.3); whether any was.  Nothing
    to do, as at the last check, while nothing they read changed: no write counted by
    ``game.sba_revision`` (:meth:`Game.changed`, which counts dropping the
    characteristics too).  When every write since said which objects it touched
    (``game.sba_touched``), the permanents' actions are looked for in those alone and
    in the permanents whose actions depend on others (:func:`_narrowed`); the players'
    and the tokens' are looked for in any case."""
    if game.sba_checked == game.sba_revision:
        return False
    touched, game.sba_touched = game.sba_touched, set()
    done = _perform(game, touched)
    if done:  # (what was performed may call for another: checked again, whole)
        game.sba_checked, game.sba_touched = -1, None
    else:
        game.sba_checked = game.sba_revision
    return done


def _perform(game: Game, touched: set[int] | None) -> bool:
    st = game.state
    objs = st.objs
    done = _players(game)
    to_graveyard: list[int] = []
    if touched is None:
        tokens, watched = _tokens(game), _watched(game)
    else:  # (a token leaving the battlefield is touched; moving elsewhere, it touches all)
        tokens = [oid for oid in touched if oid in objs and objs[oid].token]
        watched = _NOTHING if not touched and not game.sba_others else _narrowed(game, touched)
    if tokens:
        for oid in [o for o in tokens if objs[o].zone not in ("battlefield", "stack")]:
            _cease(game, oid)  # 704.5d
            done = True
    for oid, ch, creature, other in watched.permanents:
        obj = objs[oid]
        if creature:  # (its toughness known: a "*" set by hand is waited for)
            if ch.toughness <= 0:  # 704.5f
                to_graveyard.append(oid)
            elif obj.damage > 0 and (obj.damage >= ch.toughness or obj.deathtouch_damage) \
                    and not ch.has("indestructible"):  # 704.5g, 704.5h
                if game.regenerated(oid):  # these destroy: regeneration replaces it (701.19a)
                    done = True
                else:
                    to_graveyard.append(oid)
        if other and _other(game, oid, ch, obj, to_graveyard):
            done = True
    if to_graveyard:
        dying = [oid for oid in dict.fromkeys(to_graveyard) if st.objs[oid].zone == "battlefield"]
        if dying:
            game.move_all(dying, "graveyard")
            done = True
    if watched.legendary and _legend_rule(game):  # nothing above makes a permanent legendary
        done = True
    return done


def _other(game: Game, oid: int, ch: Chars, obj: Obj, to_graveyard: list[int]) -> bool:
    """The state-based actions of a permanent but a creature's (704.5i-q, 714.4): those that
    put it into the graveyard are added to ``to_graveyard``; whether another was performed."""
    done = False
    if "Planeswalker" in ch.types and obj.counters.get("loyalty", 0) <= 0:  # 704.5i
        to_graveyard.append(oid)
    if "Saga" in ch.subtypes and _saga_done(game, oid, ch):  # 714.4
        to_graveyard.append(oid)
    if "Aura" in ch.subtypes and not _enchantable(game, ch, obj.attached_to):  # 704.5m
        to_graveyard.append(oid)
    if "Equipment" in ch.subtypes and obj.attached_to is not None and \
            not _legal_attachment(game, obj.attached_to, creature=True):  # 704.5n
        obj.attached_to = None
        game.changed()
        done = True
    plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
    if plus and minus:  # 704.5q
        n = min(plus, minus)
        game.remove_counters(oid, "+1/+1", n)
        game.remove_counters(oid, "-1/-1", n)
        done = True
    return done


class Watched(NamedTuple):
    """The permanents an object's state-based action may apply to, from :func:`_watched`."""

    #: ``(id, characteristics, creature, other)``: ``creature``, a creature whose toughness
    #: is known (704.5f-h); ``other``, a planeswalker, Saga, Aura, Equipment or a permanent
    #: with both +1/+1 and -1/-1 counters (:func:`_other`)
    permanents: list[tuple[int, Chars, bool, bool]]
    legendary: bool  # a legendary permanent is among them (704.5j)


def _watched(game: Game) -> Watched:
    """The permanents an object's state-based action may apply to (704.5f-q, 714.4):
    creatures, planeswalkers, Auras, Equipment, Sagas and those with both +1/+1 and
    -1/-1 counters, and whether any is legendary.  Kept per characteristics dict, which
    is computed anew when any of these changes (counters change power and toughness);
    damage, which doesn't, matters only to a creature.  Those whose actions depend on
    other permanents (``other``) are kept for :func:`_narrowed` too."""
    chars = game.all_chars()
    hit = game.memo.get("sba_watched")
    if hit is None or hit[0] is not chars:
        watched = _watch(game, chars.items())
        hit = game.memo["sba_watched"] = (chars, watched)
    game.sba_others = [oid for oid, _, _, other in hit[1].permanents if other]
    return hit[1]


def _narrowed(game: Game, touched: set[int]) -> Watched:
    """What :func:`_watched` gives, for a check after writes to the ``touched`` objects
    alone (``Game.changed(only=...)``): each other permanent's characteristics, counters
    and damage are as the last check found them, when its actions didn't apply, so the
    permanents to look at are the touched ones and those whose actions depend on other
    permanents (an Aura's or Equipment's object, a Saga's triggers: ``other``), in the
    battlefield's order; legendary, when a touched one is (a permanent that didn't
    change can't newly share a legendary name)."""
    others = game.sba_others
    chars = game.all_chars()
    looked = touched.union(others).intersection(chars)
    if not looked:  # (none of them is a permanent now: a spell, a card in a hidden zone)
        game.sba_others = []
        return _NOTHING
    if len(looked) > 1:
        looked = [oid for oid in chars if oid in looked]
    watched = _watch(game, [(oid, chars[oid]) for oid in looked])
    game.sba_others = [oid for oid, _, _, other in watched.permanents if other]
    return watched


def _watch(game: Game, permanents: Iterable[tuple[int, Chars]]) -> Watched:
    """Of these permanents, those an object's state-based action may apply to (see
    :func:`_watched`), and whether any is legendary."""
    objs = game.state.objs
    watched = []
    legendary = False
    for oid, ch in permanents:
        if "Legendary" in ch.supertypes:
            legendary = True
        types = ch.types
        creature = "Creature" in types and ch.toughness is not None and not ch.pt_by_hand
        counters = objs[oid].counters
        other = "Planeswalker" in types or not ch.subtypes.isdisjoint(_OTHER_SUBTYPES) or bool(
            counters.get("+1/+1") and counters.get("-1/-1"))
        if creature or other:
            watched.append((oid, ch, creature, other))
    return Watched(watched, legendary)


_OTHER_SUBTYPES = frozenset(("Aura", "Equipment", "Saga"))
_NOTHING = Watched([], False)  # (never written to)


def _tokens(game: Game) -> list[int]:
    """The ids of the tokens, the only objects 704.5d removes, kept while no object is
    made (the newest, last in the dict, is another) or ceases to exist (fewer of them):
    an object is a token or not from when it is made (111.1)."""
    objs = game.state.objs
    key = (len(objs), next(reversed(objs), None))
    hit = game.memo.get("sba_tokens")
    if hit is None or hit[0] is not objs or hit[1] != key:
        hit = game.memo["sba_tokens"] = (objs, key, [o for o, obj in objs.items() if obj.token])
    return hit[2]


def _legal_attachment(game: Game, target: int | None, creature: bool = False) -> bool:
    if target is None or target == -1:
        return False
    obj = game.state.objs.get(target)
    if obj is None or obj.zone != "battlefield":
        return False
    ch = game.chars(target)
    return ch is None or not creature or ch.is_creature  # phased out with it: still attached


def _enchantable(game: Game, aura: Chars, target: int | None) -> bool:
    """Whether an Aura may be attached to this permanent: what its enchant ability
    allows (303.4a, 702.5a): its target kind and filter; staying attached isn't targeting, so
    hexproof and shroud don't matter."""
    if not _legal_attachment(game, target):
        return False
    specs, ch = game.spell_target_specs(aura.card.name), game.chars(target)
    if not specs or ch is None:  # phased out with it: still attached
        return True
    spec = specs[0]
    return game.fits_kind(spec, ch, aura.controller) and (spec.filter is None or spec.filter(game, target))


def _cease(game: Game, oid: int) -> None:
    st = game.state
    game.remove_from_zone(st.objs[oid])
    del st.objs[oid]
    game.changed()


def _saga_done(game: Game, oid: int, ch: Chars) -> bool:
    """714.4: a Saga with at least as many lore counters as its final chapter number is
    sacrificed, unless a chapter ability of it has triggered and not yet left the stack."""
    final = final_chapter(ch.card)
    st = game.state
    if not final or st.objs[oid].counters.get("lore", 0) < final:
        return False
    return not any(t.get("source") == oid for t in st.pending_triggers) and \
        not any(i.source == oid and i.kind == "triggered" for i in st.stack)


def _players(game: Game) -> bool:
    """704.5a-c: zero life, drawing from an empty library, ten poison counters."""
    st = game.state
    for p in st.players.values():  # the common case: none applies and nobody has left
        if p.life <= 0 or p.drew_from_empty or p.counters or p.lost:
            break
    else:
        if not st.shared_life:
            return False
    done = False
    for name, p in st.players.items():
        if p.lost:
            continue
        reason = ("0 or less life" if p.life <= 0 else
                  "drew from an empty library" if p.drew_from_empty else "")
        if not reason and (p.counters or st.shared_life):  # (no counters: no poison)
            poison_limit, poison = 10, p.counters.get("poison", 0)
            if st.shared_life and len(st.team_of(name)) > 1:  # 810.8c-d
                poison_limit = 15
                poison = sum(st.players[q].counters.get("poison", 0) for q in st.team_of(name))
            reason = f"{poison} poison counters" if poison >= poison_limit else ""
        if reason:
            p.lost, p.loss_reason = True, reason
            game.changed(seats=True, characteristics=False)  # (what leaves with them, left_game moves)
            game.note(f"{name} loses the game ({reason})")
            done = True
    for name, pl in st.players.items():
        if pl.lost and left_game(game, name):
            done = True
    return done


def left_game(game: Game, name: str) -> bool:
    """A player has lost or conceded (104.3a): the game may be over; if it goes on,
    800.4a: the objects they own leave with them, abilities they control on the
    stack cease to exist, whatever else they still control is exiled, and a
    decision waiting for them is dropped.  Returns whether anything changed."""
    st = game.state
    if not st.over:
        _game_over(game)
    if st.over:
        return False
    gone_items = [s for s in st.stack if s.controller == name and (s.kind != "spell" or s.source is None)]
    waiting = [t for t in st.pending_triggers if t["controller"] == name]
    owned = [oid for oid, obj in st.objs.items() if obj.owner == name]
    for item in gone_items:
        st.stack.remove(item)
    for t in waiting:
        st.pending_triggers.remove(t)
    for oid in owned:
        _cease(game, oid)
    held = [oid for oid in st.battlefield if game.controller_of(oid) == name]
    held += [s.source for s in st.stack if s.controller == name and s.kind == "spell"]
    for oid in held:
        game.move(oid, "exile")
    d = st.decision
    if d is not None and d.player == name and st.proc is None:
        st.decision = None  # nobody is left to answer it
        game.changed(board=False)
        if d.kind == "discard":
            game.continue_cleanup()
    return bool(gone_items or waiting or owned or held or (d is not None and st.decision is None))


def _game_over(game: Game) -> None:
    st = game.state
    alive = [p for p, pl in st.players.items() if not pl.lost]
    if len({st.team_of(p)[0] for p in alive}) <= 1:  # one team left (805.4: teams win together)
        st.over = True
        st.winner = alive[0] if alive else None
        st.priority = None
        if st.winner:
            st.kill_turn = st.players[st.winner].turns
        game.changed(characteristics=False)
        game.emit(ev.GameOver(st.winner, "the other players lost"))
        game.note(f"game over: {st.winner or 'nobody'} wins" +
                  (f" on their turn {st.kill_turn}" if st.winner else ""))


def _legend_rule(game: Game) -> bool:
    """704.5j: two or more legendary permanents with the same name: their controller
    chooses one and the rest go to the graveyard."""
    st = game.state
    groups: dict[tuple[str, str], list[int]] = {}
    for oid, ch in game.all_chars().items():
        if "Legendary" in ch.supertypes:
            groups.setdefault((ch.controller, ch.name), []).append(oid)
    for (controller, name), ids in groups.items():
        if len(ids) < 2:
            continue
        if st.players[controller].auto or game.policy is not None:
            keep = ids[-1] if game.policy is None else game.policy(
                game, Decision("choose", controller, f"legend rule: keep one {name}", tuple(ids), 1, 1,
                               {"what": "legend"}))[0]
            for oid in ids:
                if oid != keep:
                    game.move(oid, "graveyard")
            return True
        st.decision = Decision("choose", controller, f"legend rule: choose the {name} to keep",
                               tuple(ids), 1, 1, {"what": "legend", "default": [ids[-1]]})
        game.changed(board=False)
        return True
    return False
