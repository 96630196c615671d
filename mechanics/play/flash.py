"""When a spell may be cast (307.1, 702.8a, 601.3e): a sorcery-speed spell in its
controller's main phase with an empty stack; an instant, a spell with flash, or one whose
ability lets it be cast "as though it had flash", any time its controller has priority,
that last one perhaps for more mana ("if you pay {2} more to cast it")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.abilities import AsThoughFlash
from ..model.cards import parse_cost

if TYPE_CHECKING:
    from .game import Game


def sorcery_time(game: Game, player: str) -> bool:
    """307.1: the player's own main phase, with an empty stack."""
    st = game.state
    return st.step in ("main1", "main2") and game.on_turn(player) and not st.stack


def as_though_flash(game: Game, player: str, card: Any) -> AsThoughFlash | None:
    """The card's "as though it had flash" permission that applies now, if any."""
    found = game.behaviour(card.name).of(AsThoughFlash)
    return next((a for a in found if a.condition is None or a.condition(game, player, None)), None) if found \
        else None


def cast_any_time(game: Game, player: str, card: Any) -> bool:
    """Whether ``card`` may be cast whenever its player has priority (702.8a, 601.3e)."""
    return card.is_type("Instant") or "flash" in card.keywords or as_though_flash(game, player, card) is not None


def flash_surcharge(game: Game, player: str, card: Any) -> tuple[str, ...]:
    """The mana a spell costs more when it is cast now only thanks to "as though it had flash
    if you pay {2} more" (nothing at a time a sorcery could be cast)."""
    if not game.behaviour(card.name).of(AsThoughFlash) or card.is_type("Instant") or "flash" in card.keywords \
            or sorcery_time(game, player):
        return ()
    found = as_though_flash(game, player, card)
    return parse_cost(found.more) if found is not None else ()
