"""Modal spells and triggered abilities (700.2): choosing modes, and their targets.

A modal ability (:class:`mechanics.abilities.Modal`) has its modes chosen before its
targets: as a spell is cast (601.2b, the ``mode N`` words of ``cast``) or as a
triggered ability is put on the stack (603.3c, a ``modes`` decision answered with
``choose N...``).  The chosen modes are numbers from 1 in the card's order, kept in the
stack item's ``data["modes"]``; the item's targets are the chosen modes' targets, in
that order, and resolving runs each chosen mode in the card's order (700.2).
A mode whose targets can't be chosen can't be chosen (700.2a, 700.2b).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..model.errors import IllegalActionError
from ..model.state import Decision, StackItem
from .abilities import Modal, Resolver, SpellAbility, Target

if TYPE_CHECKING:
    from ..play.context import Ctx
    from ..play.game import Game

#: how many modes a header asks for, as its words read: (least, most)
HOW_MANY = {"one": (1, 1), "two": (2, 2), "one or both": (1, 2), "one or more": (1, 99)}


def mode_targets(ab: Any, modes: tuple[int, ...] = ()) -> tuple[Target, ...]:
    """An ability's target requirements: a modal one's are its chosen modes' (700.2)."""
    modal = getattr(ab, "modal", None)
    if modal is None:
        return getattr(ab, "targets", ())
    return tuple(t for n in sorted(modes) for t in modal.modes[n - 1].targets)


def run_modes(modal: Modal) -> Resolver:
    """Resolve the chosen modes in the order the card prints them (700.2), each reading
    its own targets."""
    def run(ctx: Ctx) -> None:
        for n in sorted(ctx.item.data.get("modes", ())):
            mode = modal.modes[n - 1]
            mode.resolve(ctx)
            ctx.offset += len(mode.targets)
    return run


def how_many(modal: Modal) -> str:
    """The header's words for the number of modes: "one", "one or both", "two" ..."""
    pair = (modal.least, modal.most)
    return next((w for w, n in HOW_MANY.items() if n == pair), f"{modal.least} to {modal.most}")


def mode_list(modal: Modal) -> str:
    return "; ".join(f"{i}: {m.text.rstrip('.')}" for i, m in enumerate(modal.modes, 1))


def choosable(game: Game, probe: StackItem | None, modal: Modal) -> list[int]:
    """The modes that can be chosen: each of its targets has a legal choice (700.2a)."""
    return [n for n, m in enumerate(modal.modes, 1)
            if all(game.target_options(probe, t) for t in m.targets)]


def mode_sets(game: Game, probe: StackItem | None, modal: Modal) -> list[tuple[int, ...]]:
    """Every legal choice of modes: different modes (700.2d), least to most of them."""
    able = choosable(game, probe, modal)
    return [c for k in range(modal.least, min(modal.most, len(able)) + 1)
            for c in itertools.combinations(able, k)]


def spell_modal(game: Game, name: str) -> Modal | None:
    spells = game.behaviour(name).of(SpellAbility)
    return spells[0].modal if spells else None


def check_modes(game: Game, player: str, name: str, modes: tuple[int, ...], modal: Modal | None) -> tuple[int, ...]:
    """The modes announced for casting ``name`` (601.2b), checked: a modal spell needs
    them (``modal``, :func:`spell_modal`), one that isn't refuses them."""
    if modal is None:
        if modes:
            raise IllegalActionError(f"'{name}' is not modal; leave out 'mode'")
        return ()
    if not modes:
        raise IllegalActionError(f"'{name}' is modal: choose {how_many(modal)} with 'mode N' "
                                 f"({mode_list(modal)})")
    if len(set(modes)) != len(modes):
        raise IllegalActionError(f"a mode of '{name}' is chosen twice (700.2d)")
    if not modal.least <= len(modes) <= modal.most:
        raise IllegalActionError(f"'{name}' says choose {how_many(modal)}; got {len(modes)} modes")
    probe = StackItem(0, "spell", player, None, 0, "spell", name)
    able = choosable(game, probe, modal)
    for n in modes:
        if not 1 <= n <= len(modal.modes):
            raise IllegalActionError(f"'{name}' has modes 1 to {len(modal.modes)}, not {n}")
        if n not in able:
            raise IllegalActionError(f"mode {n} of '{name}' ({modal.modes[n - 1].text}) can't be chosen: "
                                     "it has no legal target (700.2a)")
    return tuple(sorted(modes))


def mode_text(modal: Modal | None, modes: tuple[int, ...]) -> str:
    """For the log: " (mode 2: ...)"."""
    if modal is None or not modes:
        return ""
    return " (" + "; ".join(f"mode {n}: {modal.modes[n - 1].text.rstrip('.')}" for n in modes) + ")"


def trigger_modes(game: Game, t: dict) -> bool:
    """700.2b, 603.3c: choose the modes of a modal triggered ability as it is put on the
    stack, into ``t["data"]["modes"]``.  True when they are chosen (or it isn't modal);
    False when a decision now waits, or when no mode can be chosen: then the ability is
    removed (``game.state.decision`` is None)."""
    ab = game.ability(t["handler"])
    modal = getattr(ab, "modal", None)
    if modal is None or "modes" in t["data"]:
        return True
    st = game.state
    probe = StackItem(0, t["kind"], t["controller"], t["source"], t["epoch"], t["handler"], t["text"],
                      data=t["data"])
    sets = mode_sets(game, probe, modal)
    if not sets:
        game.note(f"{game.describe(t['source'])}: {t['text']}: no mode can be chosen, "
                  "it is removed from the stack (700.2b)")
        return False
    able = sorted(set(itertools.chain(*sets)))
    d = Decision("modes", t["controller"], f"choose {how_many(modal)} for {game.describe(t['source'])} "
                 f"({mode_list(modal)})", tuple(str(n) for n in able), modal.least,
                 min(modal.most, len(able)),
                 {"trigger": t, "what": "modes", "labels": {str(n): f"{n}: {modal.modes[n - 1].text}" for n in able}})
    if len(sets) == 1 or st.players[t["controller"]].auto:
        chosen: Any = sets[0]
    elif game.policy is not None:
        chosen = game.policy(game, d)
    else:
        st.decision = d
        return False
    t["data"]["modes"] = tuple(sorted(int(n) for n in chosen))
    return True
