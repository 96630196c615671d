"""The player's smart stops (``autopass``), remembered per user in the data directory.

Which steps the game stops at for the player when they can act
(:mod:`mechanics.play.stops` decides the rest): one word a stop in
``stops.txt``, e.g. ``main1 attackers main2 their-end``.  A missing or bad file
means the default stops; a file that can't be written leaves them for this run.
"""

from __future__ import annotations

from mechanics import DEFAULT_STOPS
from mechanics.model.state import STEPS
from mechanics.store.paths import data_dir

#: every stop a player can set: the steps in which a player gets priority, theirs then an opponent's
ALL_STOPS = tuple(s for s in STEPS if s not in ("untap", "cleanup"))
ALL_STOPS += (*(f"their-{s}" for s in ALL_STOPS), "full-control")


def load_stops() -> tuple[str, ...]:
    """The saved stops, or the default ones."""
    try:
        words = (data_dir() / "stops.txt").read_text(encoding="utf-8").split()
    except OSError:
        return DEFAULT_STOPS
    return tuple(w for w in ALL_STOPS if w in words) if set(words) <= set(ALL_STOPS) \
        else DEFAULT_STOPS


def save_stops(stops: tuple[str, ...]) -> str:
    """Remember the stops for the next games; an error message, or "" when saved."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        (data_dir() / "stops.txt").write_text(" ".join(stops) + "\n", encoding="utf-8")
    except OSError as exc:
        return f"stops kept for this run only: {exc}"
    return ""


def stop_label(stop: str) -> str:
    """How a stop reads in the stops dialog."""
    if stop == "full-control":
        return "full control: stop whenever you get priority  (full-control)"
    step = stop.removeprefix("their-")
    return (f"opponent's {step}" if stop != step else f"your {step}") + f"  ({stop})"
