"""Every hook is documented and tested, and every loaded plugin conforms.

Each ``test_hook_<name>`` registers a small inline plugin in a fresh plugin
manager and checks what a player would see.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mechanics import Game, PluginError, events, hookimpl, list_plugins, make_plugin_manager
from mechanics.ai.conformance import check_plugin, read_only_calls
from mechanics.model.actions import parse_action
from mechanics.model.errors import IllegalActionError
from mechanics.plugin_api import hookspecs

ROOT = Path(__file__).resolve().parent.parent
HOOKS = sorted(n for n, f in inspect.getmembers(hookspecs, inspect.isfunction)
               if hasattr(f, "stackfish_spec"))


def game_with(*plugins, lines=(), entrypoints=False) -> Game:
    game = Game(plugins=make_plugin_manager(load_entrypoints=entrypoints, extra=plugins))
    for line in lines:
        game.play(parse_action(line))
    return game


def test_there_are_hooks():
    assert "trigger_collect" in HOOKS and len(HOOKS) >= 10


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_documented(name):
    spec = getattr(hookspecs, name)
    args = ", ".join(inspect.signature(spec).parameters)
    assert f"### `{name}({args})`" in (ROOT / "docs" / "plugins.md").read_text()


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_test(name):
    tests = "".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    assert f"def test_hook_{name}" in tests


# ---------------------------------------------------------------- one test per hook


def test_hook_register_keywords():
    class Shimmer:
        @hookimpl
        def register_keywords(self, register):
            register("flanking", "702.25")

    assert "flanking" in game_with(Shimmer()).hooks.keywords
    assert "flanking" not in game_with().hooks.keywords


def test_hook_register_counter_kinds():
    class Kinds:
        @hookimpl
        def register_counter_kinds(self, register):
            register("hone", "permanent", "122.1j")

    assert game_with(Kinds()).hooks.counter_kinds["hone"] == "permanent"


def test_hook_register_cards():
    from mechanics.abilities.abilities import SpellAbility

    class Cards:
        @hookimpl
        def register_cards(self, register):
            def giant(card):
                return [SpellAbility(card.oracle_text, lambda ctx: ctx.gain_life(ctx.controller, 5))]
            register("Giant Growth", giant)

    game = game_with(Cards(), lines=["turn p1 main1", "battlefield p1 Forest",
                                     'hand p1 "Giant Growth"', 'cast p1 "Giant Growth"', "pass"])
    assert game.state.players["p1"].life == 25


class Bell:
    """Rings at the beginning of main1 and whenever a land enters: sourceless triggers."""

    def __init__(self, events=(), steps=()):
        self.events, self.steps = events, steps

    @hookimpl
    def register_interest(self, register):
        register(events=self.events, steps=self.steps)

    def trigger(self, game, text):
        return {"handler": "bell", "source": None, "epoch": 0, "controller": game.state.active,
                "text": text, "data": {}, "kind": "sourceless"}

    @hookimpl
    def step_begin(self, game, step):
        return [self.trigger(game, f"bell at {step}")]

    @hookimpl
    def trigger_collect(self, game, event):
        if event.to_zone == "battlefield":
            return [self.trigger(game, f"bell for {event.name}")]
        return None

    @hookimpl
    def resolve_item(self, game, item, ctx):
        if item.handler != "bell":
            return None
        ctx.gain_life(item.controller, 1)
        return True


def test_hook_register_interest():
    game = game_with(Bell(steps=("main2",)), lines=["turn p1 main1", "goto main2"])
    assert len(game.state.stack) == 1  # only the step it asked for
    assert game_with(Bell(), lines=["turn p1 main1", "goto main2"]).state.stack == []


def test_hook_step_begin():
    game = game_with(Bell(steps=("upkeep",)), lines=["turn p1 untap", "goto upkeep"])
    assert game.state.stack[-1].kind == "sourceless"
    game.play(parse_action("resolve"))
    assert game.state.players["p1"].life == 21


def test_hook_trigger_collect():
    game = game_with(Bell(events=("ZoneChanged",)),
                     lines=["turn p1 main1", "hand p1 Forest", "play p1 Forest"])
    assert game.state.stack[-1].text == "bell for Forest"


def test_hook_resolve_item():
    game = game_with(Bell(events=("ZoneChanged",)),
                     lines=["turn p1 main1", "hand p1 Forest", "play p1 Forest", "resolve"])
    assert game.state.players["p1"].life == 21
    assert any(isinstance(e, events.AbilityResolved) and e.handler == "bell" for e in game.events)


def test_hook_untap_begin():
    class Blink:
        @hookimpl
        def untap_begin(self, game, player):
            return [("phase_out", oid) for oid in game.permanents(player)]

    game = game_with(Blink(), lines=["players 1", 'battlefield p1 "Grizzly Bears" as bear tapped',
                                     "turn p1 cleanup", "goto upkeep"])
    bear = game.state.aliases["bear"]
    assert game.state.objs[bear].phased_out and game.state.objs[bear].tapped


def test_hook_untap_permanent():
    class Frozen:
        @hookimpl
        def untap_permanent(self, game, obj):
            return False if game.name_of(obj.id) == "Grizzly Bears" else None

    game = game_with(Frozen(), lines=["players 1", 'battlefield p1 "Grizzly Bears" as bear tapped',
                                      "battlefield p1 Forest as land tapped", "turn p1 cleanup",
                                      "goto upkeep"])
    objs = game.state.objs
    assert objs[game.state.aliases["bear"]].tapped and not objs[game.state.aliases["land"]].tapped


def test_a_firstresult_hook_stops_at_the_first_answer_in_pluggys_order():
    """The engine calls play-time hooks directly; ``tryfirst`` and ``firstresult``
    keep their pluggy meaning: the first plugin's answer wins, the next isn't asked."""
    asked = []

    class Thaw:
        @hookimpl(tryfirst=True)
        def untap_permanent(self, game, obj):
            asked.append("thaw")
            return None if game.name_of(obj.id) == "Grizzly Bears" else False

    class Frozen:
        @hookimpl
        def untap_permanent(self, game, obj):
            asked.append("frozen")
            return False

    game = game_with(Frozen(), Thaw(), lines=[
        "players 1", 'battlefield p1 "Grizzly Bears" as bear tapped',
        "battlefield p1 Forest as land tapped", "turn p1 cleanup", "goto upkeep"])
    objs, aliases = game.state.objs, game.state.aliases
    assert objs[aliases["bear"]].tapped and objs[aliases["land"]].tapped
    assert asked.count("thaw") == 2 and asked.count("frozen") == 1  # only for the bear


def test_a_hook_wrapper_still_wraps_a_play_time_hook():
    class Exalted:
        @hookimpl
        def register_interest(self, register):
            register(events=("AttackersDeclared",))

        @hookimpl
        def trigger_collect(self, game, event):
            return [{"handler": "nothing", "source": None, "epoch": 0, "controller": "p1",
                     "text": "a test trigger", "kind": "sourceless"}]

    class Muffle:  # interest too: only the plugins interested in a kind are called for it
        @hookimpl
        def register_interest(self, register):
            register(events=("AttackersDeclared",))

        @hookimpl(wrapper=True)
        def trigger_collect(self, game, event):
            yield
            return []  # swallows what the others proposed

    lines = ["goldfish p2", "turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear',
             "goto attackers", "attack p1 bear"]
    assert game_with(Exalted(), lines=lines).state.stack
    assert not game_with(Exalted(), Muffle(), lines=lines).state.stack


def test_hook_keyword_action():
    class Support:
        @hookimpl
        def keyword_action(self, game, name, ctx, player, args):
            if name != "support":
                return None
            for oid in game.permanents(player, creature=True):
                ctx.put_counters(oid, "+1/+1", 1)
            return True

    game = game_with(Support(), lines=['battlefield p1 "Grizzly Bears" as bear'])
    game.keyword_action("support", "p1")
    assert game.state.objs[game.state.aliases["bear"]].counters == {"+1/+1": 1}


def test_hook_replacement_collect():
    class Twice:
        @hookimpl
        def replacement_collect(self, game, on, op):
            if on == "counters" and op["kind"] == "poison":
                return [("twice", lambda o: {**o, "n": o["n"] * 2})]
            return None

    game = game_with(Twice(), lines=["add-counter p2 poison 3", 'battlefield p1 "Grizzly Bears" as bear',
                                     "add-counter bear +1/+1"])
    assert game.state.players["p2"].counters["poison"] == 6
    assert game.state.objs[game.state.aliases["bear"]].counters["+1/+1"] == 1


def test_untap_begin_may_ask_only_for_its_operations():
    """untap_begin's operations are a fixed list (phase_out, phase_in): one naming any
    other method of the game (here ``reset``) is refused, the game unchanged."""
    class Rogue:
        asked: tuple = ("reset", 2)

        @hookimpl
        def untap_begin(self, game, player):
            return [self.asked]

    rogue = Rogue()
    game = game_with(rogue, lines=["goldfish p2", "turn p1 end", 'battlefield p1 "Grizzly Bears" as bear',
                                   "library p1 Forest x3"])
    before = game.snapshot()
    with pytest.raises(PluginError, match="plugin 'Rogue', hook untap_begin: operation \\('reset', 2\\)"):
        game.play(parse_action("goto upkeep p1"))
    assert game.snapshot() == before
    rogue.asked = ("phase_out", game.state.aliases["bear"])  # positive control: a listed one applies
    game.play(parse_action("goto upkeep p1"))
    assert game.state.objs[game.state.aliases["bear"]].phased_out


def test_hook_player_untargetable():
    class Veil:
        @hookimpl
        def player_untargetable(self, game, player, item):
            return True if player == "p2" else None

    game = game_with(Veil(), lines=['hand p1 "Lightning Bolt"', "turn p1 main1"])
    with pytest.raises(IllegalActionError, match="'p2' is not a legal target for 'Lightning Bolt'"):
        game.play(parse_action('cast p1 "Lightning Bolt" target p2 free'))
    game.play(parse_action('cast p1 "Lightning Bolt" target p1 free'))
    assert len(game.state.stack) == 1


def test_hook_display_hints():
    class Badge:
        @hookimpl
        def display_hints(self, game, obj, player):
            return [f"life {game.state.players[player].life}"] if player else None

    assert game_with(Badge()).hooks.hints(game_with(Badge()), player="p2") == ["life 20"]


def test_hook_describe_event():
    class Words:
        @hookimpl
        def describe_event(self, game, event):
            if isinstance(event, events.KeywordAction):
                return f"{event.player} does {event.name}"
            return None

    game = game_with(Words())
    game.emit(events.KeywordAction("support", "p1"))
    assert game.log[-1] == "p1 does support"


# ---------------------------------------------------------------- conformance of every plugin


def shipped_plugins() -> list[str]:
    """The plugins stackfish ships: its ``stackfish`` entry points (pyproject.toml),
    whether or not this environment has them installed."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return sorted(tomllib.load(f)["project"]["entry-points"]["stackfish"])


def plugins_to_check() -> list[str]:
    """The shipped plugins (a missing one fails its check) and any other installed."""
    pm = make_plugin_manager()
    loaded = {name for name, plugin in pm.list_name_plugin() if plugin is not None}
    return shipped_plugins() + sorted(loaded - set(shipped_plugins()))


def test_stackfish_ships_plugins():
    assert {"evolve", "phasing", "proliferate", "rad"} <= set(shipped_plugins())


#: a game that makes the events the shipped plugins listen to.  Only the core and the
#: shipped plugins play it (the Scorchbeast's attack trigger, giving rad counters, is the
#: rad plugin's), so it passes with no optional package installed.
CONFORMANCE_SCRIPT = [
    "turn p1 main1", "goldfish p2", "counter p1 rad 2", "counter p2 poison 1",
    "library p1 Forest Island Forest Island", 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=1',
    'battlefield p1 "Cloudfin Raptor"', 'battlefield p1 "Screeching Scorchbeast" as beast',
    "battlefield p1 Forest", "battlefield p1 Forest", 'hand p1 "Centaur Courser"',
    "mana p1 {G}{G}{G}", 'cast p1 "Centaur Courser"', "resolve all", "goto attackers",
    "attack p1 bear beast", "resolve all", "goto main1 p1",
]


@pytest.mark.parametrize("name", shipped_plugins())
def test_plugin_conforms(name):
    """Registration validates, check_pending passes, and the plugin's read-only hooks
    leave the game unchanged (hooks propose, the engine applies) for real events of
    the kinds it registered.  A shipped plugin that isn't loaded fails."""
    pm = make_plugin_manager()
    pm.check_pending()
    plugin = pm.get_plugin(name)
    assert plugin is not None, f"the shipped plugin '{name}' is not loaded (pip install -e .?)"
    game = Game(plugins=pm)
    for line in CONFORMANCE_SCRIPT:
        game.play(parse_action(line))
    before = game.snapshot()
    for hook_name, kwargs in read_only_calls(game, game.hooks.interest(plugin)):
        impl = getattr(plugin, hook_name, None)
        if impl is not None:
            impl(game=game, **kwargs)
    assert game.snapshot() == before


@pytest.mark.parametrize("name", plugins_to_check())
def test_plugin_conforms_with_its_own_keyword_cards(name, pytestconfig):
    """The same check on a combat of the plugin's own keyword cards (found through
    the keywords it registers, in the bundled cards and the test cards)."""
    check_plugin(name, pytestconfig.getini("stackfish_cards"))


class Careless:
    """Toxic done wrong: it gives the poison counters itself, by assigning to the state
    (the conformance check catches it) or by calling the primitive (the engine does)."""

    def __init__(self, how):
        self.how = how

    @hookimpl
    def register_keywords(self, register):
        register("toxic", "702.164", takes="number")

    @hookimpl
    def damage_results(self, game, damage):
        if damage.player is not None and damage.combat:
            if self.how == "assigns":
                counters = game.state.players[damage.player].counters
                counters["poison"] = counters.get("poison", 0) + 1
            else:
                game.put_counters(damage.player, "poison", 1)
        return None


@pytest.mark.parametrize("how, error, words", [
    ("assigns", AssertionError, r"plugin 'careless': damage_results\(damage\) changed the game"),
    ("calls", PluginError, r"plugin 'careless', hook damage_results: changed the game"),
])
def test_conformance_catches_a_hook_that_changes_the_game(how, error, words, pytestconfig):
    pm = make_plugin_manager(load_entrypoints=False)
    pm.register(Careless(how), name="careless")
    with pytest.raises(error, match=words):
        check_plugin("careless", pytestconfig.getini("stackfish_cards"), plugins=pm)


def test_a_broken_plugin_is_reported_and_the_rest_still_load(tmp_path):
    dist = tmp_path / "broken_mech-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-mech\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[stackfish]\nbroken = broken_mech_missing_module\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "tui.cli", "plugins"], capture_output=True,
                         text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "broken: FAILED to load: ModuleNotFoundError" in out.stdout
    assert "evolve" in out.stdout  # the others keep working


def test_disable_plugin_by_environment(monkeypatch):
    monkeypatch.delenv("STACKFISH_DISABLE_PLUGINS", raising=False)
    assert "evolve" in {p["name"] for p in list_plugins(make_plugin_manager())}  # positive control
    monkeypatch.setenv("STACKFISH_DISABLE_PLUGINS", "evolve")
    names = {p["name"] for p in list_plugins(make_plugin_manager())}
    assert "evolve" not in names and "rad" in names


def test_disable_plugin_by_flag():
    def listed(*flags: str) -> set[str]:
        out = subprocess.run([sys.executable, "-m", "tui.cli", *flags, "plugins"],
                             capture_output=True, text=True, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        return {line.split()[0] for line in out.stdout.splitlines() if line.strip()}

    assert {"rad", "evolve"} <= listed()  # positive control: both are listed without the flag
    after = listed("--disable-plugin", "rad")
    assert "rad" not in after and "evolve" in after
