"""What the engine reads from disk: the data directory, the card database, deck lists.

:mod:`.paths` (where user data lives), :mod:`.carddb` (imported Scryfall
cards in SQLite), :mod:`.decks` (deck-list formats, checked against a pool).

Imports: ``mechanics.model`` only.  The rules never import this floor; only
``play`` (the ``deck`` command), ``io`` and ``ai`` do.
"""
