"""The plugin API: hook specifications, the plugin manager, plugin isolation.

:mod:`.hookspecs` (the hooks a plugin implements), :mod:`.plugin_manager`
(loading plugins from the ``stackfish`` entry points, dispatch),
:mod:`.isolation` (a plugin's exception blamed on it, disabling a plugin),
:mod:`.hookcheck` (what plugins register and return, checked at the boundary).

Imports: ``mechanics.model`` and ``mechanics.abilities``.
"""
