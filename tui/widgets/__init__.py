"""Widgets of the stackfish TUI."""

from .command_line import CommandLine
from .lists import Options, Selections
from .panels import GameLog, Message, Panel

__all__ = ["CommandLine", "GameLog", "Message", "Options", "Panel", "Selections"]
