"""The plugin API: hook specifications, the plugin manager, plugin isolation.

:mod:`.hookspecs` (the hooks a plugin implements), :mod:`.plugin_manager`
(loading plugins from the ``stackfish`` entry points, dispatch),
:mod:`.isolation` (a plugin's exception blamed on it, disabling a plugin).

Imports: ``mechanics.model`` and ``mechanics.abilities``.
"""
