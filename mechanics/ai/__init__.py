"""Batch play: the autopilot that plays a deck, and the kill-turn simulation.

:mod:`.autopilot` (a simple policy choosing a legal action), :mod:`.simulate`
(many games here, over processes or on a Dask cluster, with per-game records),
:mod:`.report` (what they say: one deck's statistics, decks compared),
:mod:`.stats` (confidence intervals, censoring), :mod:`.variants` (``--vary``,
``--swap``).

Imports: every floor below ``io``; ``ai`` and ``io`` don't import each other.
"""
