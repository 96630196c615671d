"""Each rules mixin uses, on ``self``, only its own methods and what its protocol in
mechanics/rules/protocols.py names, and ``Game`` has all of that with a signature
that fits: a rename, or a new reach into another mixin's attributes, fails here."""

import ast
import inspect
from pathlib import Path

import pytest

import mechanics
from mechanics.play.game import Game
from mechanics.rules import protocols
from mechanics.rules.combat import CombatRules
from mechanics.rules.primitives import Primitives
from mechanics.rules.priority import PriorityRules
from mechanics.rules.refs import References
from mechanics.rules.spells import SpellPrimitives
from mechanics.rules.status import StatusPrimitives
from mechanics.rules.triggers import TriggerRules
from mechanics.rules.turn import TurnRules

MIXINS = [(Primitives, protocols.PrimitivesNeeds), (SpellPrimitives, protocols.SpellNeeds),
          (StatusPrimitives, protocols.StatusNeeds),
          (TriggerRules, protocols.TriggerNeeds),
          (TurnRules, protocols.TurnNeeds), (CombatRules, protocols.CombatNeeds),
          (PriorityRules, protocols.PriorityNeeds),
          (References, protocols.ReferenceNeeds)]
IDS = [mixin.__name__ for mixin, _ in MIXINS]


def members(proto: type) -> dict[str, object]:
    """A protocol's attributes (as None) and methods, its bases' included."""
    found: dict[str, object] = {}
    for cls in reversed(proto.__mro__):
        if cls is object or not getattr(cls, "_is_protocol", False) or cls.__module__ == "typing":
            continue
        found.update(dict.fromkeys(cls.__dict__.get("__annotations__", {})))
        found.update({k: v for k, v in vars(cls).items()
                      if inspect.isfunction(v) and v.__qualname__ == f"{cls.__name__}.{k}"})
    return found


def reaches(mixin: type) -> set[str]:
    """The names a mixin's code reads or writes on ``self`` that it does not define (read
    from its module's .py: a module of the compiled engine has no source to inspect)."""
    module = Path(mechanics.__file__).parent.joinpath(*mixin.__module__.split(".")[1:])
    tree = ast.parse(module.with_suffix(".py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == mixin.__name__)
    used = {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return used - set(vars(mixin))


@pytest.mark.parametrize(("mixin", "proto"), MIXINS, ids=IDS)
def test_a_mixin_reaches_only_what_its_protocol_names(mixin, proto):
    named = set(members(proto))
    where = f"{proto.__name__} in mechanics/rules/protocols.py"
    assert not reaches(mixin) - named, f"{mixin.__name__} uses {sorted(reaches(mixin) - named)} " \
        f"on self, which {where} does not name: add them there (or pass them in)"
    assert not named - reaches(mixin), f"{where} names {sorted(named - reaches(mixin))}, " \
        f"which {mixin.__name__} no longer uses: remove them there"


@pytest.mark.parametrize(("mixin", "proto"), MIXINS, ids=IDS)
def test_game_has_what_each_protocol_names(mixin, proto):
    game = Game()
    for name, want in members(proto).items():
        assert hasattr(game, name), f"Game has no '{name}', which {proto.__name__} needs"
        if want is None:
            continue
        have = inspect.signature(getattr(Game, name))
        wanted = list(inspect.signature(want).parameters.values())[1:]
        given = list(have.parameters.values())[1:]
        assert [(p.name, p.kind, p.default is p.empty) for p in wanted] == \
            [(p.name, p.kind, p.default is p.empty) for p in given[:len(wanted)]] and \
            all(p.default is not p.empty or p.kind is p.VAR_KEYWORD for p in given[len(wanted):]), \
            f"Game.{name}{have} does not fit {proto.__name__}.{name}{inspect.signature(want)}"
