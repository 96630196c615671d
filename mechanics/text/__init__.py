"""Card text: from oracle text to abilities.

:mod:`.effects` (effect phrases), :mod:`.templates` (whole-line templates),
:mod:`.scripts` (hand-written scripts for the bundled cards), :mod:`.build`
(``build_behaviour``: scripts, keywords and templates put together),
:mod:`.keyword_lines` (keyword lines read against the keyword registry).

Imports: ``mechanics.model`` and ``mechanics.abilities``.
"""
