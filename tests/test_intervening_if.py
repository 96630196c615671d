"""603.4: an intervening "if" clause is checked when the ability triggers and again
as it resolves (the engine's ``Triggered.condition``).

No bundled card outside a plugin has a simple intervening "if", so this test
gives one to a card of its own through an inline plugin.
"""

from mechanics import hookimpl, make_plugin_manager
from mechanics.abilities.abilities import Triggered
from mechanics.model.cards import CardDef
from mechanics.model.oracle import load_bundled_pool
from mechanics.play.game import Game

WARDEN = CardDef(
    "Test Warden", mana_cost="{1}{W}", type_line="Creature \u2014 Human", power=1, toughness=1,
    oracle_text="Whenever another creature you control enters, if you control three or more "
                "creatures, you gain 2 life.", colors=frozenset("W"),
)


def _three_or_more(game, item):
    return len(game.permanents(item.controller, creature=True)) >= 3


def _another_enters(game, obj, event):
    if event.to_zone == "battlefield" and event.obj != obj.id and \
            game.controller_of(event.obj) == game.controller_of(obj.id):
        return {}
    return None


def _gain(ctx):
    ctx.gain_life(ctx.controller, 2)


class WardenPlugin:
    @hookimpl
    def register_cards(self, register):
        register("Test Warden", lambda card: [Triggered(card.oracle_text, ("ZoneChanged",),
                                                        _another_enters, _gain,
                                                        condition=_three_or_more)])


def new_game() -> Game:
    pool = load_bundled_pool()
    pool.add(WARDEN)
    g = Game(pool=pool, plugins=make_plugin_manager(extra=[WardenPlugin()]))
    for line in ("turn p1 main1", "goldfish p2", "battlefield p1 \"Test Warden\""):
        g.play(line)
    return g


def test_false_when_the_event_happens_means_no_trigger():
    g = new_game()
    g.play('hand p1 "Grizzly Bears"')
    g.play('cast p1 "Grizzly Bears" free')
    g.play("resolve")
    assert len(g.permanents("p1", creature=True)) == 2
    assert g.state.stack == []  # two creatures: it doesn't trigger at all


def bears_join_the_lions(*hand: str) -> Game:
    """Savannah Lions on the battlefield, Grizzly Bears cast and resolved: the warden
    triggers (one other creature when the bears enter)."""
    g = new_game()
    g.play('battlefield p1 "Savannah Lions"')
    g.play(" ".join(['hand p1 "Grizzly Bears"', *hand]))
    g.play('cast p1 "Grizzly Bears" free')
    g.play("resolve")
    return g


def test_true_when_it_triggers_and_resolves():
    g = bears_join_the_lions()
    assert len(g.state.stack) == 1
    g.play("resolve")
    assert g.state.players["p1"].life == 22


def test_false_again_on_resolution_does_nothing():
    g = bears_join_the_lions("Unsummon")
    assert len(g.state.stack) == 1
    g.play('cast p1 Unsummon target "Savannah Lions" free')
    g.play("resolve")  # Unsummon: now two creatures
    g.play("resolve")  # the trigger checks again and does nothing
    assert g.state.stack == []
    assert g.state.players["p1"].life == 20
    assert any("does nothing" in line for line in g.log)


MARTYR = CardDef(
    "Test Martyr", mana_cost="{1}{W}", type_line="Creature \u2014 Human", power=1, toughness=1,
    oracle_text="When this creature dies, if it had a +1/+1 counter on it, you gain 2 life.",
    colors=frozenset("W"),
)


def _dies(game, obj, event):
    return {} if event.obj == obj.id and event.to_zone == "graveyard" else None


def _had_counter(game, item):
    info = game.look(item.source, item.source_epoch) or {}  # 608.2h: as it last existed
    return info.get("counters", {}).get("+1/+1", 0) > 0


class MartyrPlugin:
    @hookimpl
    def register_cards(self, register):
        register("Test Martyr", lambda card: [Triggered(card.oracle_text, ("ZoneChanged",), _dies,
                                                        _gain, condition=_had_counter,
                                                        look_back=True)])


def martyr_game(counters: int) -> Game:
    pool = load_bundled_pool()
    pool.add(MARTYR)
    g = Game(pool=pool, plugins=make_plugin_manager(extra=[MartyrPlugin()]))
    extra = f" counter +1/+1={counters}" if counters else ""
    for line in ("turn p1 main1", "goldfish p2", f'battlefield p1 "Test Martyr" as m{extra}',
                 "hand p1 Murder", "cast p1 Murder target m free", "resolve"):
        g.play(line)
    return g


def test_leaves_the_battlefield_condition_checked_when_it_triggers():
    g = martyr_game(0)  # 603.4, 603.10a: no counter as it died: no trigger
    assert g.state.stack == []
    g = martyr_game(1)
    assert len(g.state.stack) == 1
    g.play("resolve")
    assert g.state.players["p1"].life == 22
