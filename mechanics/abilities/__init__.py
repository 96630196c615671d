"""Ability value types a card's behaviour is made of, and modes.

:mod:`.abilities` (spell, activated, triggered, static, replacement abilities,
targets, ``Behaviour``, the card-script registry), :mod:`.modes` (modal
spells and triggers: choosing and running modes, 700.2), :mod:`.keywords`
(the keyword registry: the engine's keywords, what each takes).  Nothing here reads
oracle text; that is ``mechanics.text``.

Imports: ``mechanics.model``.
"""
