"""The game's values: state, events, errors, card facts, mana costs, actions.

Plain data and their text forms, with no rules in them: :mod:`.state` (the
game state and its records), :mod:`.events`, :mod:`.errors`, :mod:`.cards`
(card facts), :mod:`.oracle` (the bundled pool of every real card), :mod:`.mana` (costs and paying plans),
:mod:`.actions` (the action language's values and parser).

Imports: nothing else in ``mechanics`` (this is the ground floor).
"""
