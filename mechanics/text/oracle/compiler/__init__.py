"""The tree onto the engine: :class:`~..tree.Ability` nodes to the engine's abilities.

One module an area, so each stays short: :mod:`.descriptors` (objects, numbers,
targets, :class:`Unsupported`), :mod:`.conditions`, :mod:`.effects` (sentences of
effects and the verb table), :mod:`.verbs` (one registered compile function a verb),
:mod:`.triggers` (trigger events, 603.2) and :mod:`.abilities` (whole abilities).
A node the engine can't do raises :class:`Unsupported` with the words it stopped at,
so the card stays manual.
"""

from __future__ import annotations

from . import (  # noqa: F401 - register conditions and effect verbs
           attacking,
           cases,
           chance,
           choices,
           combat,
           copies,
           counters,
           counts,
           damage,
           delayed,
           dies,
           facts,
           landfall,
           library,
           life,
           mana,
           monarch,
           reveal,
           states,
           timing,
           untapping,
           verbs,
           zones,
)
from .abilities import (
           activated,
           by_hand,
           cast_cost,
           enters,
           itself,
           modal,
           spells,
           static,
           triggered,
)
from .descriptors import Unsupported

__all__ = ["Unsupported", "activated", "by_hand", "cast_cost", "enters", "itself", "modal", "spells",
           "static", "triggered"]
