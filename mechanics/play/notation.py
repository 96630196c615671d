"""A text snapshot of a game, written in the scenario language.

``snapshot(game)`` lists the setup lines that rebuild the position: players,
life, counters, every zone (libraries top first), permanents with their
status and counters, "until end of turn" pumps, and the turn.  It is what
``repr(game)`` shows, so a failing assertion prints a reproducible position,
and what the invariant tests compare to prove undo and replay exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.actions import parse_action, quote, split_line

if TYPE_CHECKING:
    from .game import Game


def snapshot(game: Game) -> str:
    st = game.state
    lines = [f"players {len(st.players)}", f"seed {st.seed}"]
    teams = [t for t in st.teams if len(t) > 1]
    if teams:
        lines.append("teams " + " ".join("+".join(t) for t in teams) +
                     (" shared-life" if st.shared_life else ""))
    names: dict[int, str] = {}
    for name, p in st.players.items():
        lines.append(f"life {name} {p.life}")
        for kind, n in sorted(p.counters.items()):
            lines.append(f"counter {name} {kind} {n}")
        for zone in ("library", "hand", "graveyard", "exile"):
            ids = getattr(p, zone)
            if ids:
                lines.append(f"{zone} {name} " + " ".join(quote(st.objs[i].name) for i in ids))
    for i, oid in enumerate(st.battlefield):
        obj = st.objs[oid]
        names[oid] = f"o{i + 1}"
        words = ["battlefield", obj.controller, quote(obj.copy_of or obj.name), "as", names[oid]]
        words += [w for w, on in (("tapped", obj.tapped), ("token", obj.token), ("sick", obj.sick)) if on]
        for kind, n in sorted(obj.counters.items()):
            words += ["counter", f"{kind}={n}"]
        if obj.attached_to not in (None, -1) and obj.attached_to in names:
            words += ["attached-to", names[obj.attached_to]]
        if obj.choices.get("choice"):
            words += ["choose", quote(obj.choices["choice"])]
        lines.append(" ".join(words))
        if obj.phased_out:
            lines.append(f"phase-out {names[oid]}")
        if obj.damage:
            lines.append(f"damage {names[oid]} {obj.damage}")
    for e in st.effects:
        refs = [names.get(r[0]) for r in e.affected]
        if e.kind == "pump" and all(refs):
            for r in refs:
                lines.append(f"pump {r} {e.params['pt'][0]:+d}/{e.params['pt'][1]:+d}")
        else:
            lines.append(f"# effect {e.kind} {e.params} until {e.until or 'ever'}")
    for item in st.stack:
        lines.append(f"# stack: {item.kind} {item.text!r} by {item.controller}")
    lines.append(f"turn {st.active} {st.step} number {st.turn}")
    return "\n".join(lines) + "\n"


def from_snapshot(cls: Any, text: str, **kw: Any) -> Game:
    """Rebuild a game from :func:`snapshot` text (or any setup-only scenario)."""
    game = cls(**kw)
    for line in text.splitlines():
        if split_line(line):
            game.play(parse_action(line))
    return game
