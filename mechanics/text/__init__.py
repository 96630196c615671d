"""Card text: from oracle text to abilities.

:mod:`.oracle` (the oracle-text compiler: tokens, a grammar, a typed tree, the
engine's abilities), :mod:`.keyword_lines` (keyword lines read against the keyword
registry), :mod:`.effects` (the keyword-like abilities and resolvers the compiled
text shares with the rules), :mod:`.scripts` (hand-written scripts for the bundled
cards), :mod:`.build` (``build_behaviour``: scripts, keywords and the compiler put
together).

Imports: ``mechanics.model`` and ``mechanics.abilities``.
"""
