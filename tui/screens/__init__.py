"""Screens of the stackfish TUI."""
