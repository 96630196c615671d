"""The plugin reference can't drift from the code, and plugins use only the public API:
imports from ``mechanics`` itself (its ``__all__``) and the documented game queries."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import mechanics
from mechanics import Game
from mechanics.io.reference import BEGIN, END, engine_events, render
from mechanics.play.context import PRIMITIVES, QUERIES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "plugins.md"
#: the shipped plugins and the tutorial's packages' modules (not their tests)
PLUGIN_MODULES = sorted([*(ROOT / "plugins").glob("*.py"), *(ROOT / "docs" / "examples").glob("*/*.py")])


def test_the_reference_in_the_docs_is_the_one_the_code_generates():
    text = DOCS.read_text(encoding="utf-8")
    block = text[text.index(BEGIN):text.index(END) + len(END)]
    assert block == render(), "docs/plugins.md is out of date: run python -m mechanics.io.reference"


@pytest.mark.parametrize("cls", engine_events(), ids=lambda c: c.kind)
def test_every_field_of_every_event_is_explained(cls):
    import dataclasses

    doc = cls.__doc__ or ""
    missing = [f.name for f in dataclasses.fields(cls) if f"``{f.name}``" not in doc]
    assert not missing, f"{cls.kind}'s docstring doesn't explain {missing}"


def test_every_primitive_and_query_exists():
    assert all(callable(getattr(Game, n, None)) for n in PRIMITIVES)
    game = Game()
    assert all(hasattr(game, n) for n in QUERIES)


def imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) of every import in a module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, "." * node.level + (node.module or ""), [a.name for a in node.names]))
    return out


@pytest.mark.parametrize("path", PLUGIN_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_plugin_imports_only_mechanics_public_names_and_the_standard_library(path):
    for line, module, names in imports(path):
        where = f"{path.relative_to(ROOT)}:{line}"
        if module == "mechanics":
            private = [n for n in names if n not in mechanics.__all__]
            assert names and not private, f"{where}: {private or 'import mechanics'} is not public"
        else:
            top = module.split(".")[0]
            assert top == "__future__" or top in sys.stdlib_module_names, (
                f"{where}: imports {module}; a plugin imports only `from mechanics import ...`")


@pytest.mark.parametrize("path", PLUGIN_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_plugin_reads_the_game_only_through_documented_queries(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used = {(node.lineno, node.attr) for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "game"}
    unknown = sorted((line, attr) for line, attr in used if attr not in QUERIES)
    assert not unknown, f"{path.relative_to(ROOT)} uses game.{unknown[0][1]} (line {unknown[0][0]}), " \
                        "not a documented query (mechanics.play.context.QUERIES)"
