"""Playing a game: the ``Game`` facade and what a player's actions do.

:mod:`.game` (``Game``: the rules put together, play, undo, snapshots),
:mod:`.context` (the resolution context abilities act through),
:mod:`.perform` (each action's effect), :mod:`.costs` (what casting a card
costs), :mod:`.payment` (paying mana costs), :mod:`.declare`
(declaring attackers and blockers), :mod:`.blocks` (which blocks are legal and
required), :mod:`.flash` (casting as though it had flash), :mod:`.manual`
(manual fixes), :mod:`.setup` (scenario set-up and mulligans), :mod:`.stops`
(smart stops: passing for a player with nothing to do),
:mod:`.legal` (the legal actions), :mod:`.notation` (a game as scenario text).

Imports: every floor below (``rules``, ``plugin_api``, ``text``,
``abilities``, ``store``, ``model``); never ``io``, ``ai`` or the TUI.
"""
