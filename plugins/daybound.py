"""Day and night, daybound and nightbound (Comprehensive Rules 726 and 702.145).

726.2   Day and night are designations of the game; as a game begins it is neither.
702.145c Any time a player controls a permanent with daybound, if it's neither day nor
        night, it becomes day.  (Here: checked as each untap step begins, before the
        check of 726.3a, which gives the same day or night from then on; a daybound
        permanent that enters and leaves within one turn doesn't make it day.)
702.145f With a nightbound permanent and no daybound one, if it's neither, it becomes night.
726.3a  As the untap step begins (502.2, after phasing): if it's day and the previous
        turn's active player cast no spells during that turn, it becomes night; if it's
        night and that player cast two or more spells, it becomes day.
702.145b Daybound: "If it is night, this permanent enters transformed" and "As it becomes
        night, if this permanent is front face up, transform it."
702.145e Nightbound: "As it becomes day, if this permanent is back face up, transform it."

Hooks propose, the engine applies: the untap step's operations (``day_night``,
``turn_face``) and an "enters transformed" replacement of the ``enters`` primitive.
"""

from __future__ import annotations

from typing import Any

from mechanics import hookimpl

DAYBOUND, NIGHTBOUND = "daybound", "nightbound"


@hookimpl
def register_keywords(register: Any) -> None:
    register(DAYBOUND, "702.145")
    register(NIGHTBOUND, "702.145")


@hookimpl
def register_interest(register: Any) -> None:
    """Asleep in a game with no card that speaks of day or night: only such a card
    (daybound, nightbound, "it becomes day") makes it day or night (726.2), so without
    one there is nothing to check as a step begins."""
    register(words=("day", "night"))


def _bound(game: Any, keyword: str) -> list[int]:
    """The permanents with ``keyword`` (from their face up now)."""
    return [o for o in game.permanents() if (ch := game.chars(o)) is not None and ch.has(keyword)]


@hookimpl
def untap_begin(game: Any, player: str) -> list[tuple] | None:
    st = game.state
    if player != st.active:  # once a turn (a shared team turn calls each player of the team)
        return None
    day, night = _bound(game, DAYBOUND), _bound(game, NIGHTBOUND)
    now = st.day_night or ("day" if day else "night" if night else "")  # 702.145c, f
    if not now:
        return None
    cast = st.turn_flags.get("cast_last_turn", 0)
    if st.turn > 1 and (now == "day" and cast == 0 or now == "night" and cast >= 2):  # 726.3a
        now = "night" if now == "day" else "day"
    ops: list[tuple] = [] if now == st.day_night else [("day_night", now)]
    if now == "night":  # 702.145b: daybound permanents turn to their nightbound faces
        ops += [("turn_face", o, "transform") for o in day]
    else:  # 702.145e
        ops += [("turn_face", o, "transform") for o in night]
    return ops or None


@hookimpl
def replacement_collect(game: Any, on: str, op: dict) -> list[tuple[str, Any]] | None:
    """702.145b: at night a permanent with daybound enters transformed (nightbound face up)."""
    if on != "enters" or game.state.day_night != "night":
        return None
    ch = game.chars(op["obj"])
    if ch is None or not ch.has(DAYBOUND):
        return None
    return [("daybound", lambda o: {**o, "transformed": True})]
