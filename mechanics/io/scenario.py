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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..model import actions as A
from ..model.errors import (
    AmbiguousReferenceError,
    IllegalActionError,
    NotationError,
    SourceError,
    StackfishError,
)
from ..model.state import ZONES
from ..model.words import slots, split_line
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
            words = split_line(raw)
        except NotationError as exc:
            raise SourceError(path, i, str(exc)) from None
        if words:
            out.append(Line(i, raw.strip(), words))
    return out


def scenario_pool(card_files: Iterable[str] = ()) -> Any:
    """The cards scenarios may name, the same for ``stackfish script`` and the pytest
    collector: the bundled cards, the user's imported ones, and the cards of
    ``card_files`` (:func:`mechanics.model.cards.read_card_file`: a plugin's test cards)."""
    from ..model.cards import read_card_file
    from ..store.carddb import load_user_pool

    pool = load_user_pool()
    for path in card_files:
        for card in read_card_file(str(path)):
            pool.add(card)
    return pool


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


def run_checked(path: str, game_factory: Callable[..., Any] | None = None,
                refusals: list[Refusal] | None = None) -> Any:
    """Run a scenario file, raising :class:`ExpectationFailed` or :class:`SourceError`;
    each ``expect-error`` line's outcome is added to ``refusals`` when given."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(path, 0, f"cannot read the scenario: {exc}") from None
    return run_text(text, path, game_factory, refusals)


def run_text(text: str, path: str = "<scenario>", game_factory: Callable[..., Any] | None = None,
             refusals: list[Refusal] | None = None) -> Any:
    factory = game_factory or Game
    game = factory(base_dir=os.path.dirname(os.path.abspath(path)) if os.path.exists(path) else ".")
    lines = read_lines(text, path)
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        try:
            step(game, line, nxt, refusals)
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


def step(game: Any, line: Line, nxt: Line | None, refusals: list[Refusal] | None = None) -> None:
    """Run one line."""
    cmd = line.words[0]
    if cmd == "expect":
        expect(game, line)
        return
    if cmd == "expect-error":
        expect_error(game, line, refusals)
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
    return "order" not in nxt.words[:2] or nxt.words[0] not in ("order", "expect-error")


def _began(game: Any, start: int, step_name: str) -> bool:
    return game.steps_began(start, step_name) > 0


@dataclass(frozen=True)
class Refusal:
    """What became of one ``expect-error`` line: its REASON, the class of the error the command
    raised (``""`` when it was applied), its message, and whether it is a refusal by
    the rules (an :class:`IllegalActionError`), the only kind the line accepts."""

    line: int
    reason: str
    error: str
    message: str
    by_the_rules: bool


def expect_error(game: Any, line: Line, refusals: list[Refusal] | None = None) -> None:
    """``expect-error ["REASON"] COMMAND...``: the rules refuse the command (an
    :class:`IllegalActionError`, whose message contains REASON when given) and the
    game is unchanged.  Any other error (a typo in a reference, an internal error)
    propagates: it is an error in the script or the engine (exit 2), not a refusal."""
    reason, rest = _refusal_parts(line)
    action = A.parse_action(rest)  # a line that doesn't parse is a script error, not a refusal
    before = game.snapshot()
    try:
        _check_references(game, action)
        game.play(action)
    except StackfishError as exc:
        if refusals is not None:
            refusals.append(Refusal(line.number, reason, type(exc).__name__, str(exc),
                                    isinstance(exc, IllegalActionError)))
        if not isinstance(exc, IllegalActionError):
            raise
        if game.snapshot() != before:
            raise _fail(line, "the refused command changed the game") from None
        if reason.lower() not in str(exc).lower():
            raise _fail(line, f"expected a refusal because of '{reason}', got: {exc}") from None
        game.note(f"refused: {exc}")
        return
    if refusals is not None:
        refusals.append(Refusal(line.number, reason, "", "", False))
    raise _fail(line, f"expected '{rest}' to be refused, but it was applied")


def _check_references(game: Any, action: A.Action) -> None:
    """Raise :class:`~mechanics.errors.BadReferenceError` for a word of the command that
    should name an object, player or card and names none: a typo, even where the rules would refuse
    the command before reading that word.  A ``choose`` answer is read against its
    decision's options instead (:meth:`~mechanics.game.Game.interpret`)."""
    if isinstance(action, A.Choose):
        return
    for name, _, slot in slots(type(action)):
        if slot.what not in ("object", "ref", "card", "player"):
            continue
        for word in _flat(getattr(action, name)):
            if word and word != "->" and word not in slot.fixed:
                try:
                    look = {"card": game.card, "player": game.player}.get(slot.what, game.resolve_ref)
                    look(word)
                except AmbiguousReferenceError:
                    pass  # names several: the command's own rule picks (a card in hand by name)


def _flat(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [w for v in value for w in _flat(v)] if isinstance(value, tuple) else []


def _refusal_parts(line: Line) -> tuple[str, str]:
    """(REASON or "", COMMAND...) of an ``expect-error`` line: a command never starts
    with a quote, so a quoted first word is the reason."""
    rest = line.text.split(None, 1)[1] if len(line.words) > 1 else ""
    reason = ""
    if rest[:1] in ("'", '"'):
        end = _quoted_end(rest)
        reason, rest = split_line(rest[:end])[0], rest[end:]
        if not reason or rest[:1] not in ("", " ", "\t"):
            raise NotationError("expect-error's reason is one quoted text followed by the command, "
                                'e.g. expect-error "summoning sickness" attack p1 bear')
        rest = rest.strip()
    if not rest:
        raise NotationError('expect-error needs a command, e.g. expect-error "summoning sickness" attack p1 bear')
    return reason, rest


def _quoted_end(text: str) -> int:
    """Where the quoted word at the start of ``text`` ends (after its closing quote;
    the line has been split already, so the quote is closed)."""
    i, q = 1, text[0]
    while i < len(text) and text[i] != q:
        i += 2 if q == '"' and text[i] == "\\" else 1  # \" inside double quotes
    return i + 1


def _fail(line: Line, message: str) -> ExpectationFailed:
    return ExpectationFailed("", line.number, message)


# ---------------------------------------------------------------- expectations

Check = Callable[[Any, Any, list[str], Line], None]
#: every ``expect`` form, by its subject (``game``, ``PLAYER`` or ``OBJ``) and then its
#: word (``ZONE`` or ``STATE`` for a form taking any of those words): its usage and its
#: check.  The runner reads expectations through this table only, and
#: docs/scenario-format.md lists each usage (tests/test_scenario_doc.py checks it).
EXPECTATIONS: dict[str, dict[str, tuple[str, Check]]] = {"game": {}, "PLAYER": {}, "OBJ": {}}
_ANY_OF = {"ZONE": ZONES, "STATE": STATES}


def expectation(*usages: str) -> Callable[[Check], Check]:
    """Register a check for the forms ``usages`` (``expect stack N``, ``expect PLAYER
    life N``, ``expect OBJ pt P/T``).  It gets the game, the subject (None, a player or
    an object id), the words from the form's word on, and the line."""
    def register(check: Check) -> Check:
        for usage in usages:
            words = usage.split()
            subject = words[1] if words[1] in ("PLAYER", "OBJ") else "game"
            EXPECTATIONS[subject][words[2] if subject != "game" else words[1]] = (usage, check)
        return check
    return register


def expect(game: Any, line: Line) -> None:
    w = line.words[1:]
    if not w:
        raise NotationError("expect what? e.g. 'expect p1 life 20'")
    subject, kind = None, "game"
    if w[0] not in EXPECTATIONS["game"]:
        subject = game.resolve_ref(w[0])
        kind = "PLAYER" if isinstance(subject, str) else "OBJ"
        w = w[1:]
        if not w:
            raise NotationError(f"expect {line.words[1]} what? e.g. 'expect {line.words[1]} life 20'")
    table = EXPECTATIONS[kind]
    key = next((k for k, words in _ANY_OF.items() if w[0] in words and k in table), w[0])
    if key not in table:
        raise NotationError(f"unknown expectation '{w[0]}'; the forms: "
                            + "; ".join(usage for usage, _ in table.values()))
    usage, check = table[key]
    if len(line.words) < len([word for word in usage.split() if not word.startswith("[")]):
        raise NotationError(f"too few words; usage: {usage}")
    check(game, subject, w, line)


def _check(got: Any, want: Any, line: Line, what: str) -> None:
    if str(got) != str(want):
        raise _fail(line, f"expected {what} {want}, got {got}")


def _num(word: str) -> int:
    if not re.fullmatch(r"-?\d+", word):
        raise NotationError(f"expected a number, got '{word}'")
    return int(word)


@expectation("expect stack N")
def _stack(game: Any, _: None, w: list[str], line: Line) -> None:
    _check(len(game.state.stack), _num(w[1]), line, "objects on the stack")


@expectation("expect stack-top TEXT")
def _stack_top(game: Any, _: None, w: list[str], line: Line) -> None:
    st = game.state
    text = " ".join(w[1:])
    top = describe_item(game, st.stack[-1]) if st.stack else "(empty stack)"
    if text.lower() not in top.lower():
        raise _fail(line, f"expected the top of the stack to mention '{text}', got '{top}'")


@expectation("expect pending [TEXT]")
def _pending(game: Any, _: None, w: list[str], line: Line) -> None:
    d = game.pending
    text = " ".join(w[1:])
    if d is None or (d.kind == "priority" and text == ""):
        raise _fail(line, f"expected a pending decision, got {d.prompt if d else 'none'}")
    if text.lower() not in d.prompt.lower() and text.lower() != d.kind:
        raise _fail(line, f"expected a decision about '{text}', got '{d.prompt}'")


@expectation("expect log TEXT")
def _log(game: Any, _: None, w: list[str], line: Line) -> None:
    text = " ".join(w[1:])
    if not any(text.lower() in entry.lower() for entry in game.log):
        tail = " | ".join(game.log[-5:])
        raise _fail(line, f"expected the log to contain '{text}'; last lines: {tail}")


@expectation("expect step STEP", "expect turn N", "expect winner PLAYER")
def _game_value(game: Any, _: None, w: list[str], line: Line) -> None:
    st = game.state
    _check({"step": st.step, "turn": st.turn, "winner": st.winner}[w[0]], w[1], line, w[0])


@expectation("expect PLAYER life N")
def _life(game: Any, name: str, w: list[str], line: Line) -> None:
    _check(game.state.players[name].life, _num(w[1]), line, f"{name}'s life")


@expectation("expect PLAYER counter KIND N")
def _player_counter(game: Any, name: str, w: list[str], line: Line) -> None:
    got = game.state.players[name].counters.get(w[1], 0)
    _check(got, _num(w[2]), line, f"{name}'s {w[1]} counters")


@expectation("expect PLAYER lost", "expect PLAYER won")
def _lost_or_won(game: Any, name: str, w: list[str], line: Line) -> None:
    """104.2a: a player wins when the game is over and they (their team) haven't lost."""
    got = "lost" if game.state.players[name].lost else "won" if game.state.over else "playing"
    if got != w[0]:
        raise _fail(line, f"expected {name} to have {w[0]}, but they " +
                    {"lost": "lost", "won": "won", "playing": "are still playing"}[got])


@expectation("expect PLAYER ZONE count N [CARD]")
def _zone_count(game: Any, name: str, w: list[str], line: Line) -> None:
    if w[1] != "count":
        raise NotationError(f"expected 'count' after the zone, got '{w[1]}'; "
                            f"usage: expect PLAYER ZONE count N [CARD]")
    zone, n = w[0], _num(w[2])
    card = game.card(w[3]).name if len(w) > 3 else None
    if zone == "battlefield":
        ids = [o for o in game.state.battlefield if game.view(o).controller == name]
    elif zone == "stack":
        ids = [s.source for s in game.state.stack if s.kind == "spell" and s.controller == name]
    else:
        ids = list(getattr(game.state.players[name], zone))
    if card:
        ids = [o for o in ids if game.name_of(o) == card or game.state.objs[o].name == card]
    _check(len(ids), n, line, f"{name}'s {zone} count" + (f" of {card}" if card else ""))


@expectation("expect OBJ pt P/T")
def _pt(game: Any, oid: int, w: list[str], line: Line) -> None:
    got = game.view(oid)
    _check(f"{got.power}/{got.toughness}", w[1], line, f"{game.describe(oid)} power/toughness")


@expectation("expect OBJ counter KIND N")
def _obj_counter(game: Any, oid: int, w: list[str], line: Line) -> None:
    got = game.state.objs[oid].counters.get(w[1], 0)
    _check(got, _num(w[2]), line, f"{w[1]} counters on {game.describe(oid)}")


@expectation("expect OBJ in ZONE")
def _zone(game: Any, oid: int, w: list[str], line: Line) -> None:
    _check(game.state.objs[oid].zone, w[1], line, f"{game.describe(oid)} in zone")


@expectation("expect OBJ controller PLAYER")
def _controller(game: Any, oid: int, w: list[str], line: Line) -> None:
    _check(game.view(oid).controller, w[1], line, f"{game.describe(oid)} controller")


@expectation("expect OBJ damage N")
def _damage(game: Any, oid: int, w: list[str], line: Line) -> None:
    _check(game.state.objs[oid].damage, _num(w[1]), line, f"damage on {game.describe(oid)}")


@expectation("expect OBJ attached-to OBJ")
def _attached_to(game: Any, oid: int, w: list[str], line: Line) -> None:
    attached = game.state.objs[oid].attached_to
    if attached != game.resolve_obj(w[1]):
        got = game.describe(attached) if attached not in (None, -1) else "nothing"
        raise _fail(line, f"expected {game.describe(oid)} attached to {w[1]}, got {got}")


@expectation("expect OBJ has KEYWORD")
def _has(game: Any, oid: int, w: list[str], line: Line) -> None:
    kw = " ".join(w[1:]).lower()
    if kw not in game.view(oid).keywords:
        raise _fail(line, f"expected {game.describe(oid)} to have {kw}")


@expectation("expect OBJ name NAME")
def _name(game: Any, oid: int, w: list[str], line: Line) -> None:
    _check(game.view(oid).name, " ".join(w[1:]), line, "name")


@expectation("expect OBJ type TYPE")
def _type(game: Any, oid: int, w: list[str], line: Line) -> None:
    """A card type, subtype or supertype (``expect OBJ type Mutant``)."""
    v, t = game.view(oid), " ".join(w[1:])
    if t not in {*v.types, *v.subtypes, *v.supertypes}:
        raise _fail(line, f"expected {game.describe(oid)} to have type {t}, it is "
                          f"{' '.join(sorted({*v.supertypes, *v.types, *v.subtypes}))}")


@expectation("expect OBJ STATE")
def _state(game: Any, oid: int, w: list[str], line: Line) -> None:
    got = object_states(game, oid)
    if w[0] not in got:
        raise _fail(line, f"expected {game.describe(oid)} to be {w[0]}, it is {' '.join(sorted(got))}")


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
