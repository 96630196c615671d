"""Batch play: the autopilot that plays a deck, and the kill-turn simulation.

:mod:`.autopilot` (a simple policy choosing a legal action), :mod:`.simulate`
(many games over processes, kill-turn statistics).

Imports: every floor below ``io``; ``ai`` and ``io`` don't import each other.
"""
