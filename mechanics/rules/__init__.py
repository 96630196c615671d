"""The rules: what the game does on its own (the Comprehensive Rules).

:mod:`.primitives` (moving objects, damage, counters, life), :mod:`.layers`
(characteristics, 613), :mod:`.sba` (state-based actions, 704),
:mod:`.triggers` (triggered abilities, 603), :mod:`.turn` (turn structure and
combat, 500-511), :mod:`.priority` (priority and the stack, 117, 405, 608),
:mod:`.refs` (naming objects in actions).  ``mechanics.play.game.Game``
combines these into one object; :mod:`.protocols` names what each of those
mixins uses of the others.

Imports: ``model``, ``abilities``, ``text``, ``plugin_api``; never ``play``,
``store``, ``io``, ``ai`` or the TUI.
"""
