"""The scenario runner: ``stackfish script FILE`` and the pytest items.

A scenario is a file of scenario-language lines (``shared`` contract in
``docs/scenario-format.md``): setup, actions, manual actions, ``undo`` and
expectations.  :func:`run` returns an exit code: 0 when every expectation
holds, 1 when one fails, 2 on an error in the script; every message starts
with ``FILE:LINE:``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import actions as A
from ..model.errors import IllegalActionError, NotationError, SourceError, StackfishError
from ..model.events import StepBegan
from ..model.state import ZONES
from ..play.game import Game


class ExpectationFailed(SourceError):
    """An ``expect`` line that does not hold (exit code 1)."""


STATES = ("tapped", "untapped", "phased-out", "phased-in", "attacking", "blocking",
          "not-in-combat", "token", "sick", "manual", "automated")


@dataclass
class Line:
    number: int
    text: str
    words: list[str]


def read_lines(text: str, path: str) -> list[Line]:
    out = []
    for i, raw in enumerate(text.splitlines(), 1):
        try:
            words = A.split_line(raw)
        except NotationError as exc:
            raise SourceError(path, i, str(exc)) from None
        if words:
            out.append(Line(i, raw.strip(), words))
    return out


def run(path: str, game_factory: Callable[..., Any] | None = None, out: Callable[[str], None] = print) -> int:
    """Run a scenario file; print what failed; return the exit code."""
    try:
        run_checked(path, game_factory)
    except ExpectationFailed as exc:
        out(str(exc))
        return 1
    except SourceError as exc:
        out(str(exc))
        return 2
    return 0


def run_checked(path: str, game_factory: Callable[..., Any] | None = None) -> Any:
    """Run a scenario file, raising :class:`ExpectationFailed` or :class:`SourceError`."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(path, 0, f"cannot read the scenario: {exc}") from None
    return run_text(text, path, game_factory)


def run_text(text: str, path: str = "<scenario>", game_factory: Callable[..., Any] | None = None) -> Any:
    factory = game_factory or Game
    game = factory(base_dir=os.path.dirname(os.path.abspath(path)) if os.path.exists(path) else ".")
    lines = read_lines(text, path)
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        try:
            step(game, line, nxt)
        except ExpectationFailed as exc:
            raise ExpectationFailed(path, line.number, f"{line.text}: {exc.message}") from None
        except StackfishError as exc:
            raise SourceError(path, line.number, f"{line.text}: {exc}") from None
        except SourceError:
            raise
        except Exception as exc:  # a bug in the engine: still FILE:LINE, and the type
            raise SourceError(path, line.number,
                              f"{line.text}: internal error {type(exc).__name__}: {exc}") from exc
    return game


def step(game: Any, line: Line, nxt: Line | None, path: str = "") -> None:
    """Run one line."""
    cmd = line.words[0]
    if cmd == "expect":
        expect(game, line)
        return
    if cmd == "expect-error":
        expect_error(game, line)
        return
    if cmd == "undo":
        n = int(line.words[1]) if len(line.words) > 1 and line.words[1].isdigit() else 1
        game.undo(n)
        return
    if cmd == "redo":
        game.redo()
        return
    action = A.parse_action(line.text)
    start, top = len(game.events), game.state.stack[-1].id if game.state.stack else None
    game.play(action)
    # a script that doesn't answer an order decision puts the triggers in APNAP and
    # timestamp order, then carries on with its own line
    while _default_order_wanted(game, nxt):
        d = game.pending
        game.play(A.Order(tuple(game.ref_for(o) for o in d.data["default"])))
        if isinstance(action, A.Goto) and not _began(game, start, action.step):
            game.play(action)
        elif isinstance(action, A.Resolve) and (action.all and game.state.stack or
                                                any(s.id == top for s in game.state.stack)):
            game.play(action)
    d = game.pending
    if isinstance(action, A.Goto) and d is not None and d.kind != "priority" and \
            not _began(game, start, action.step):
        # the contract: goto stops with an error at a decision on the way
        raise IllegalActionError(f"goto {action.step} stopped at a decision: {d.prompt}")


def _default_order_wanted(game: Any, nxt: Line | None) -> bool:
    d = game.pending
    if d is None or d.kind != "order":
        return False
    if nxt is None:
        return True
    if nxt.words[:2] == ["expect", "pending"]:  # the script looks at this decision itself
        text = " ".join(nxt.words[2:]).lower()
        return not (text in d.prompt.lower() or text == d.kind)
    return nxt.words[0] != "order"


def _began(game: Any, start: int, step_name: str) -> bool:
    return any(isinstance(e, StepBegan) and e.step == step_name for e in game.events[start:])


def expect_error(game: Any, line: Line) -> None:
    before = game.snapshot()
    rest = line.text.split(None, 1)[1] if len(line.words) > 1 else ""
    if not rest:
        raise NotationError("expect-error needs a command")
    action = A.parse_action(rest)  # a line that doesn't parse is a script error, not a refusal
    try:
        game.play(action)
    except StackfishError as exc:
        if game.snapshot() != before:
            raise _fail(line, "the refused command changed the game") from None
        game.note(f"refused: {exc}")
        return
    raise _fail(line, f"expected '{rest}' to be refused, but it was applied")


def _fail(line: Line, message: str) -> ExpectationFailed:
    return ExpectationFailed("", line.number, message)


def expect(game: Any, line: Line) -> None:
    w = line.words[1:]
    if not w:
        raise NotationError("expect what? e.g. 'expect p1 life 20'")
    _expect(game, w, line)


def _expect(game: Any, w: list[str], line: Line) -> None:
    st = game.state
    head = w[0]
    if head == "stack":
        if len(w) < 2 or not w[1].isdigit():
            raise NotationError("usage: expect stack N")
        _check(len(st.stack), int(w[1]), line, "objects on the stack")
        return
    if head == "stack-top":
        text = " ".join(w[1:])
        top = describe_item(game, st.stack[-1]) if st.stack else "(empty stack)"
        if text.lower() not in top.lower():
            raise _fail(line, f"expected the top of the stack to mention '{text}', got '{top}'")
        return
    if head == "pending":
        d = game.pending
        text = " ".join(w[1:])
        if d is None or (d.kind == "priority" and text == ""):
            raise _fail(line, f"expected a pending decision, got {d.prompt if d else 'none'}")
        if text.lower() not in d.prompt.lower() and text.lower() != d.kind:
            raise _fail(line, f"expected a decision about '{text}', got '{d.prompt}'")
        return
    if head == "log":
        text = " ".join(w[1:])
        if not any(text.lower() in entry.lower() for entry in game.log):
            tail = " | ".join(game.log[-5:])
            raise _fail(line, f"expected the log to contain '{text}'; last lines: {tail}")
        return
    if head in ("step", "turn", "winner"):
        got = {"step": st.step, "turn": str(st.turn), "winner": str(st.winner)}[head]
        _check(got, w[1] if len(w) > 1 else "", line, head)
        return
    target = game.resolve_ref(head)
    if len(w) < 2:
        raise NotationError(f"expect {head} what? e.g. 'expect {head} life 20'")
    if isinstance(target, str):
        _expect_player(game, target, w[1:], line)
    else:
        _expect_obj(game, target, w[1:], line)


def _check(got: Any, want: Any, line: Line, what: str) -> None:
    if str(got) != str(want):
        raise _fail(line, f"expected {what} {want}, got {got}")


def _num(word: str) -> int:
    if not re.fullmatch(r"-?\d+", word):
        raise NotationError(f"expected a number, got '{word}'")
    return int(word)


#: the words an expectation needs after its name (a missing one is a usage error, not a crash)
_PLAYER_FORMS = {"life": "life N", "counter": "counter KIND N"}
_OBJECT_FORMS = {"pt": "pt P/T", "counter": "counter KIND N", "in": "in ZONE",
                 "controller": "controller PLAYER", "damage": "damage N",
                 "attached-to": "attached-to OBJ", "has": "has KEYWORD", "name": "name NAME",
                 "type": "type TYPE"}


def _need(forms: dict[str, str], ref: str, w: list[str]) -> None:
    usage = forms.get(w[0])
    if usage is not None and len(w) < len(usage.split()):
        raise NotationError(f"missing words: usage: expect {ref} {usage}")


def _expect_player(game: Any, name: str, w: list[str], line: Line) -> None:
    p = game.state.players[name]
    what = w[0]
    _need(_PLAYER_FORMS, name, w)
    if what == "life":
        _check(p.life, _num(w[1]), line, f"{name}'s life")
    elif what == "counter":
        _check(p.counters.get(w[1], 0), _num(w[2]), line, f"{name}'s {w[1]} counters")
    elif what in ("lost", "won"):
        lost = p.lost
        if (what == "lost") != lost:
            raise _fail(line, f"expected {name} to have {what}, but {'they lost' if lost else 'they did not lose'}")
    elif what in ZONES and len(w) >= 3 and w[1] == "count":
        n = _num(w[2])
        card = game.card(w[3]).name if len(w) > 3 else None
        if what == "battlefield":
            ids = [o for o in game.state.battlefield if game.view(o).controller == name]
        elif what == "stack":
            ids = [s.source for s in game.state.stack if s.kind == "spell" and s.controller == name]
        else:
            ids = list(getattr(p, what))
        if card:
            ids = [o for o in ids if game.name_of(o) == card or game.state.objs[o].name == card]
        _check(len(ids), n, line, f"{name}'s {what} count" + (f" of {card}" if card else ""))
    else:
        raise NotationError(f"unknown player expectation '{what}'; try life, counter, lost, won "
                            f"or ZONE count N")


def _expect_obj(game: Any, oid: int, w: list[str], line: Line) -> None:
    st = game.state
    obj = st.objs[oid]
    what = w[0]
    _need(_OBJECT_FORMS, line.words[1], w)
    if what == "pt":
        got = game.view(oid)
        _check(f"{got.power}/{got.toughness}", w[1], line, f"{game.describe(oid)} power/toughness")
    elif what == "counter":
        _check(obj.counters.get(w[1], 0), _num(w[2]), line, f"{w[1]} counters on {game.describe(oid)}")
    elif what == "in":
        _check(obj.zone, w[1], line, f"{game.describe(oid)} in zone")
    elif what == "controller":
        _check(game.view(oid).controller, w[1], line, f"{game.describe(oid)} controller")
    elif what == "damage":
        _check(obj.damage, _num(w[1]), line, f"damage on {game.describe(oid)}")
    elif what == "attached-to":
        other = game.resolve_obj(w[1])
        if obj.attached_to != other:
            raise _fail(line, f"expected {game.describe(oid)} attached to {w[1]}, got "
                              f"{game.describe(obj.attached_to) if obj.attached_to not in (None, -1) else 'nothing'}")
    elif what == "has":
        kw = " ".join(w[1:]).lower()
        if kw not in game.view(oid).keywords:
            raise _fail(line, f"expected {game.describe(oid)} to have {kw}")
    elif what == "name":
        _check(game.view(oid).name, " ".join(w[1:]), line, "name")
    elif what == "type":  # added form: `expect OBJ type Mutant` (a card type, subtype or supertype)
        v, t = game.view(oid), " ".join(w[1:])
        if t not in {*v.types, *v.subtypes, *v.supertypes}:
            raise _fail(line, f"expected {game.describe(oid)} to have type {t}, it is "
                              f"{' '.join(sorted({*v.supertypes, *v.types, *v.subtypes}))}")
    elif what in STATES:
        got = object_states(game, oid)
        if what not in got:
            raise _fail(line, f"expected {game.describe(oid)} to be {what}, it is {' '.join(sorted(got))}")
    else:
        raise NotationError(f"unknown expectation '{what}'; try pt, counter, in, controller, "
                            f"damage, attached-to, has, or one of: {' '.join(STATES)}")


def object_states(game: Any, oid: int) -> set[str]:
    obj = game.state.objs[oid]
    out = {"tapped" if obj.tapped else "untapped", "phased-out" if obj.phased_out else "phased-in"}
    if obj.attacking:
        out.add("attacking")
    if obj.blocking:
        out.add("blocking")
    if not obj.attacking and not obj.blocking:
        out.add("not-in-combat")
    if obj.token:
        out.add("token")
    if obj.sick:
        out.add("sick")
    out.add("manual" if game.is_manual(obj.copy_of or obj.name) else "automated")
    return out


def describe_item(game: Any, item: Any) -> str:
    """One line about a stack object: source, controller, kind, targets and text."""
    src = game.describe(item.source) if item.source is not None else "(no source)"
    targets = ", ".join(game.describe(t if isinstance(t, str) else t[0]) for t in item.targets)
    text = item.text
    return f"{src} [{item.kind}, {item.controller}]" + (f" -> {targets}" if targets else "") + f": {text}"
