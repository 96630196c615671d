"""Batch play: the autopilot that plays a deck, and the kill-turn simulation.

:mod:`.autopilot` (a simple policy choosing a legal action), :mod:`.simulate`
(many games here, over processes or on a Dask cluster, with per-game records),
:mod:`.report` (what they say: one deck's statistics, decks compared),
:mod:`.stats` (confidence intervals, censoring), :mod:`.variants` (``--vary``,
``--swap``), :mod:`.conformance` (a plugin's read-only hooks checked on a combat
of its own cards).

Imports: every floor below ``io``; ``ai`` and ``io`` don't import each other.
"""
