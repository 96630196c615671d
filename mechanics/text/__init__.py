"""Card text: from oracle text to abilities.

:mod:`.effects` (effect phrases), :mod:`.templates` (whole-line templates),
:mod:`.scripts` (hand-written scripts for the bundled cards), :mod:`.build`
(``build_behaviour``: scripts, keywords and templates put together).

Imports: ``mechanics.model`` and ``mechanics.abilities``.
"""
