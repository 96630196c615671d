"""mechanics/ and plugins/ never import the TUI layer (textual, rich, tui)."""

import subprocess
import sys

MODULES = ["mechanics", "mechanics.play.game", "mechanics.io.scenario", "mechanics.store.decks",
           "mechanics.store.carddb", "mechanics.play.legal", "mechanics.play.notation"]


def test_engine_and_plugins_never_import_textual_or_rich():
    code = (
        "import importlib, pkgutil, sys\n"
        f"for m in {MODULES!r}: importlib.import_module(m)\n"
        "import plugins\n"
        "for info in pkgutil.iter_modules(plugins.__path__, 'plugins.'):\n"
        "    importlib.import_module(info.name)\n"
        "from mechanics.plugin_api.plugin_manager import make_plugin_manager\n"
        "make_plugin_manager()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the engine imported: {out.stdout.strip()}"
