"""Games in and out of files: the scenario runner, journals, the games directory.

:mod:`.scenario` (run a ``.scenario`` file and check its expectations),
:mod:`.journal` (the append-only record of a game), :mod:`.replay` (reading it
back, resume), :mod:`.games` (named games and saves in the data directory),
:mod:`.reference` (the plugin reference in docs/plugins.md, generated from the
code).

Imports: every floor below ``ai``; ``ai`` and ``io`` don't import each other.
"""
