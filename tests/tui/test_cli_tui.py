"""`stackfish` with no arguments and `stackfish play DECK` open the TUI."""

from __future__ import annotations

import os

import pytest

from tui import app as tui_app
from tui.cli import main

DATA = os.path.join(os.path.dirname(__file__), "data")


@pytest.fixture
def launched(monkeypatch):
    """Record the apps the command line would run instead of running them."""
    apps = []
    monkeypatch.setattr(tui_app.StackfishApp, "run", lambda self, *a, **kw: apps.append(self))
    return apps


def test_no_arguments_opens_the_simic_deck(launched):
    assert main([]) == 0
    (app,) = launched
    assert app.deck_path.endswith("simic-evolve.txt")
    assert app.game.pending.kind == "mulligan"


def test_play_a_deck_with_a_seed(launched):
    assert main(["play", os.path.join(DATA, "red.txt"), "--seed", "5"]) == 0
    (app,) = launched
    assert app.game.state.seed == 5
    names = {app.game.state.objs[o].name for o in app.game.state.players["p1"].hand}
    assert names <= {"Mountain", "Lightning Bolt", "Raging Goblin"}


def test_a_bad_deck_is_one_line_and_exit_2(launched, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Not A Real Card Name\n")
    assert main(["play", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Not A Real Card Name" in err
    assert launched == []


@pytest.fixture
def served(monkeypatch):
    """Record the web servers ``serve --web`` would start instead of starting them."""
    import sys
    import types

    servers = []

    class Server:
        def __init__(self, command, host, port, title):  # noqa: ANN001
            servers.append((command, host, port, title))

        def serve(self):  # noqa: ANN201
            return None

    monkeypatch.setitem(sys.modules, "textual_serve.server", types.SimpleNamespace(Server=Server))
    return servers


def test_serve_web_listens_locally_by_default(served, capsys):
    assert main(["serve", "--web"]) == 0
    command, host, port, _ = served[0]
    assert (host, port) == ("127.0.0.1", 8000) and command.endswith("-m tui.cli play")
    assert "warning" not in capsys.readouterr().err


def test_serve_web_elsewhere_warns_that_there_is_no_login(served, capsys):
    assert main(["serve", "--web", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert served[0][1:3] == ("0.0.0.0", 8123)
    err = capsys.readouterr().err
    assert "warning: serving on 0.0.0.0:8123 with no login" in err


def test_serve_web_without_the_extra_says_how_to_get_it(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["serve", "--web"]) == 2
    assert "pip install 'stackfish[web]'" in capsys.readouterr().err
