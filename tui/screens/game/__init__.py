"""The game screen: the views of one game and the keys that play it.

:class:`GameScreen` is assembled from one mixin a concern, so each module stays
short and says why it is there:

- :mod:`.screen`: the layout, the key bindings and ``play`` (the only caller of
  ``game.play``), with its error handling;
- :mod:`.views`: re-rendering every view from the game (the rendering glue);
- :mod:`.keys`: the actions the bound keys run, and the panel selection;
- :mod:`.decisions`: the dialog for a pending decision, and the game-over box;
- :mod:`.casting`: the cast and activate flows (targets, then X);
- :mod:`.manual`: the menu of manual (sandbox) actions;
- :mod:`.command`: the ``:`` command line's scenario-language lines.
"""

from .screen import GameScreen

__all__ = ["GameScreen"]
