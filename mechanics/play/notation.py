"""A text snapshot of a game, written in the scenario language.

No CR section of its own, a text format; what it records is the rules' state of
a game: each permanent's status (110.5: tapped, phased out) and summoning
sickness (302.6), counters (122), damage marked (120.3), continuous effects
(611.2, "until end of turn" ones ended by cleanup, 514.2) and the turn and step
(500).

``snapshot(game)`` lists the setup lines that rebuild the position: players,
life, counters, every zone (libraries top first), permanents with their
status and counters, "until end of turn" pumps, and the turn.  It is what
``repr(game)`` shows, so a failing assertion prints a reproducible position,
and what the invariant tests compare to prove undo and replay exact.

What the scenario language can't say (the stack, a pending decision and the
action suspended on it, triggers waiting to be put on the stack, lands played
and other per-turn counters, the mana pool, last known information, the
random generator) is in its last line, ``#! state DATA``: the whole state as
JSON (tagged, so tuples, sets, records and non-string keys come back as they
were; only the state's own record classes are ever built from it, never
arbitrary objects), compressed and base64-encoded.  ``stackfish script``
reads it as a comment; :func:`from_snapshot` restores the exact state from it.
The game's log and events are not part of a snapshot.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import pickle
import random
import zlib
from typing import TYPE_CHECKING, Any

from ..model import state as records
from ..model.actions import parse_action
from ..model.errors import NotationError
from ..model.words import quote, split_line
from .history import History

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
    lines.append(STATE + _pack(game))
    return "\n".join(lines) + "\n"


def from_snapshot(cls: Any, text: str, **kw: Any) -> Game:
    """Rebuild a game from :func:`snapshot` text: its exact state from the ``#! state``
    line, else (any setup-only scenario) by playing the setup lines."""
    game = cls(**kw)
    packed = [ln[len(STATE):] for ln in text.splitlines() if ln.startswith(STATE)]
    if packed:
        _unpack(game, packed[-1])
        return game
    for line in text.splitlines():
        if split_line(line):
            game.play(parse_action(line))
    return game


STATE = "#! state "
#: the record classes a state is made of: the only classes a snapshot builds
_RECORDS = {c.__name__: c for c in vars(records).values()
            if isinstance(c, type) and dataclasses.is_dataclass(c)}


def _pack(game: Game) -> str:
    """The state (and the state before a suspended action) as the ``#! state`` data."""
    st = dataclasses.replace(game.state, log_len=0, n_events=0, n_steps=0)  # (the log is not in it)
    proc = st.proc
    data: dict[str, Any] = {}
    if proc is not None and game.history is not None:  # the one history entry it needs
        data["before"] = _encode(pickle.loads(game.history[proc["index"]][1]))
        st.proc = {**proc, "index": 0}
    data["state"] = _encode(st)
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _unpack(game: Game, text: str) -> None:
    try:
        data = json.loads(zlib.decompress(base64.b64decode(text, validate=True)))
        state = _decode(data["state"])
        before = _decode(data["before"]) if "before" in data else None
    except (ValueError, KeyError, TypeError, IndexError, zlib.error) as exc:
        raise NotationError(f"a damaged '#! state' line ({type(exc).__name__}: {exc})") from None
    if not isinstance(state, records.State):
        raise NotationError("a damaged '#! state' line (no state in it)")
    state.log_len, state.n_events, state.n_steps = len(game.log), len(game.events), len(game.step_log)  # (not in a snapshot)
    # a snapshot from before State.combat: the combat its attacking creatures say there is (506.4)
    state.combat = state.combat or any(state.objs[o].attacking for o in state.battlefield)
    if before is not None and state.proc is not None:  # what answering the decision re-runs
        game.history = History()
        game.history.append(parse_action(state.proc["action"]), pickle.dumps(before))
    game.state = state
    game.changed()


def _encode(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, tuple):
        return {"t": [_encode(x) for x in v]}
    if isinstance(v, set | frozenset):
        return {"s": sorted((_encode(x) for x in v), key=repr)}
    if isinstance(v, dict):
        return {"d": [[_encode(k), _encode(x)] for k, x in v.items()]}
    if isinstance(v, random.Random):
        return {"r": _encode(v.getstate())}
    if _RECORDS.get(type(v).__name__) is type(v):
        return {"c": type(v).__name__, "f": [_encode(getattr(v, f.name)) for f in dataclasses.fields(v)]}
    raise TypeError(f"a game state holds a {type(v).__name__}, which a snapshot can't write")


def _decode(v: Any) -> Any:
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "c" in v:
        return _RECORDS[v["c"]](*_decode(v["f"]))
    (tag, body), = v.items()
    if tag == "t":
        return tuple(_decode(x) for x in body)
    if tag == "s":
        return {_decode(x) for x in body}
    if tag == "d":
        return {_decode(k): _decode(x) for k, x in body}
    if tag == "r":
        rng = random.Random()
        rng.setstate(_decode(body))
        return rng
    raise ValueError(f"unknown tag {tag!r}")
