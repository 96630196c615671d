"""New targets for a copy of a spell (707.10c): storm's copies (702.40a), "Copy target
instant or sorcery spell. You may choose new targets for the copy." (Twincast)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.state import Decision, StackItem

if TYPE_CHECKING:
    from ..play.game import Game


def new_targets(game: Game, name: str, controller: str, targets: tuple, modes: tuple[int, ...],
                prompt: str) -> tuple:
    """707.10c: the copy's targets, each the original's unless its controller chooses
    another legal one (the decision's default keeps the original; a goldfish, deciding
    nothing by itself, keeps them).  ``prompt`` starts each decision's text."""
    specs = game.spell_target_specs(name, modes)
    probe = StackItem(0, "spell", controller, None, 0, "spell", name)
    auto = game.state.players[controller].auto and game.policy is None
    out = []
    for i, ref in enumerate(targets):
        spec = specs[min(i, len(specs) - 1)] if specs else None
        options = tuple(game.target_options(probe, spec)) if spec is not None else ()
        was = ref if isinstance(ref, str) else ref[0]
        if auto or len(options) < 2 and was in options or not options:
            out.append(ref)
            continue
        pick: Any = game.ask(Decision("choose", controller, f"{prompt} ({spec.text})", options, 1, 1,
                                      {"what": "target", "text": game.card(name).oracle_text,
                                       "default": [was] if was in options else [options[0]]}))
        out.append(game.target_ref(pick[0]))
    return tuple(out)
