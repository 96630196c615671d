"""Batch play: the autopilot that plays a deck, and the kill-turn simulation.

:mod:`.autopilot` (a simple policy choosing a legal action), :mod:`.simulate`
(many games over processes, kill-turn statistics), :mod:`.conformance` (a
plugin's read-only hooks checked on a combat of its own cards).

Imports: every floor below ``io``; ``ai`` and ``io`` don't import each other.
"""
