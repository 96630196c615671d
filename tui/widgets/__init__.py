"""Widgets of the stackfish TUI."""

from .command_line import CommandLine
from .lists import Options, Selections
from .panels import GameLog, Message, Panel
from .playmat import Playmat

__all__ = ["CommandLine", "GameLog", "Message", "Options", "Panel", "Playmat", "Selections"]
