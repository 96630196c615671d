"""The plugin is found through its entry point, like any third-party plugin."""

from mechanics import Game, list_plugins, make_plugin_manager


def test_exalted_is_loaded_from_its_entry_point():
    names = {p["name"]: p for p in list_plugins(make_plugin_manager())}
    assert "exalted" in names and "trigger_collect" in names["exalted"]["hooks"]


def test_exalted_makes_the_squire_automated():
    assert not Game().is_manual("Akrasan Squire")
