"""The plugin is found through its entry point, like any third-party plugin, and
conforms: its hooks propose and never change the game."""

from mechanics import check_plugin, list_plugins, make_plugin_manager


def test_melee_is_loaded_from_its_entry_point():
    names = {p["name"]: p for p in list_plugins(make_plugin_manager())}
    assert "melee" in names and "trigger_collect" in names["melee"]["hooks"]


def test_melee_conforms(pytestconfig):
    check_plugin("melee", pytestconfig.getini("stackfish_cards"))
