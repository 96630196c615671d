"""The text views and the command line's completion, without Textual."""

from __future__ import annotations

from mechanics.play.game import Game
from tui.complete import complete
from tui.palette import DARK, LIGHT
from tui.playmat import Lane, Rule, Tile, mat_rows
from tui.render import hand_rows, preferred_first, stack_rows, status_line


def game_with(*lines: str) -> Game:
    game = Game()
    for line in lines:
        game.play(line)
    return game


def test_permanents_show_pt_counters_states_and_attachments():
    game = game_with("turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=2 tapped',
                     'battlefield p1 Rancor attached-to bear', 'battlefield p2 "Grizzly Bears" token sick',
                     "battlefield p1 Forest", "phase-out Forest")
    rows = mat_rows(game, DARK)
    text = "\n".join(r.text.plain for r in rows)
    assert "↷ Grizzly Bears#1 6/4* · +1/+1×2" in text  # Rancor's +2/+0 is a template
    bear = next(r for r in rows if isinstance(r, Tile) and r.text.plain.startswith("↷ Grizzly"))
    rancor = next(r for r in rows if isinstance(r, Tile) and "Rancor" in r.text.plain)
    assert rows.index(rancor) == rows.index(bear) + 1 and rancor.depth == 1  # under its host
    assert "Grizzly Bears#2 2/2 · token · z sick" in text
    assert "◌ Forest · phased out" in text
    heads = [r.text.plain for r in rows if isinstance(r, Rule)]
    assert heads[0].strip().startswith("p2") and heads[-1].strip().startswith("▶ p1")
    lanes = [r.text.plain for r in rows if isinstance(r, Lane)]
    assert lanes == ["creatures 1 · 1 untapped", "creatures 1 · 0 untapped", "lands 1 · 0 untapped"]


def test_tapped_permanents_are_greyed_and_names_tinted_by_colour():
    game = game_with("turn p1 main1", 'battlefield p1 "Grizzly Bears" tapped',
                     'battlefield p1 "Llanowar Elves"', "battlefield p1 Island")
    tiles = {r.text.plain[2:].split(" ")[0]: r for r in mat_rows(game, DARK) if isinstance(r, Tile)}
    name_colour = lambda t: t.name.spans[-1].style.color.name.upper()  # noqa: E731
    assert name_colour(tiles["Llanowar"]) == DARK.tints["G"]
    assert name_colour(tiles["Grizzly"]) == DARK.muted and tiles["Grizzly"].text.plain[0] == "↷"
    assert name_colour(tiles["Island"]) == DARK.tints["land"]
    light = {r.text.plain[2:].split(" ")[0]: r for r in mat_rows(game, LIGHT) if isinstance(r, Tile)}
    assert name_colour(light["Llanowar"]) == LIGHT.tints["G"]


def test_stack_is_listed_top_first_with_source_kind_and_targets():
    game = game_with("turn p1 main1", 'hand p1 "Lightning Bolt" "Lightning Bolt"', "mana p1 {R}{R}",
                     'cast p1 "Lightning Bolt" target p2', 'cast p1 "Lightning Bolt" target p1')
    rows = [r.text.plain for r in stack_rows(game)]
    assert rows[0].startswith("top Lightning Bolt R · spell · p1 → p1")
    assert rows[1].startswith("2. Lightning Bolt R · spell · p1 → p2")


def test_hand_marks_what_can_be_played_and_players_show_counters():
    game = game_with("turn p1 main1", 'hand p1 Forest "Grizzly Bears"', "counter p1 poison 3")
    hand = hand_rows(game, "p1", {"Forest"})
    assert [r.text.plain for r in hand] == ["+ Forest · land", "  Grizzly Bears 1G"]
    pips = [(s.style.bgcolor.name.upper(), hand[1].text.plain[s.start:s.end])
            for s in hand[1].text.spans if s.style.bgcolor]
    assert pips == [("#CCC2C0", "1"), ("#A3C095", "G")]  # the mana symbols, coloured
    heads = [r.text.plain for r in mat_rows(game, DARK) if isinstance(r, Rule)]
    assert "☠ 3 poison" in heads[-1] and "♥ 20 life" in heads[-1]


def test_status_line_fits_80_columns():
    game = game_with("turn p1 main1 number 12")
    line = status_line(game, 80).plain
    assert len(line) <= 80 and "[M1]" in line and "priority p1" in line
    assert "[main1]" in status_line(game, 160).plain


def test_completion_of_commands_card_names_and_ambiguity():
    game = Game()
    assert complete("lif", game) == ("life ", ["life"])
    assert complete("hand p1 Lightning Bo", game)[0] == 'hand p1 "Lightning Bolt" '
    assert complete('hand p1 "Grizzly B', game)[0] == 'hand p1 "Grizzly Bears" '
    line, found = complete("cast p1 Grizzly", game)
    assert line == 'cast p1 "Grizzly ' and "Grizzly Bears" in found
    assert complete("zzz", game) == ("zzz", [])


def test_log_joins_each_turns_run_of_steps():
    from tui.widgets.panels import compact_log

    lines = ["p1 keeps 7 cards", "-- turn 1 (p1): untap", "-- turn 1 (p1): upkeep",
             "p1 plays Forest", "-- turn 1 (p1): end", "-- turn 2 (p2): untap"]
    assert compact_log(lines) == ["p1 keeps 7 cards", "-- turn 1 (p1): untap upkeep",
                                  "p1 plays Forest", "-- turn 1 (p1): end", "-- turn 2 (p2): untap"]


def test_target_dialog_lists_the_likely_side_first():
    """A harmful effect (Lightning Bolt) lists the opponent and their creature first; a
    helpful one (Giant Growth) lists the player's own creature first (the dialog's default,
    from the same judgement the autopilot uses)."""
    game = game_with("battlefield p1 \"Grizzly Bears\" as mine", "battlefield p2 \"Grizzly Bears\" as theirs")
    mine, theirs = (game.resolve_obj(r) for r in ("mine", "theirs"))
    options = ["p1", mine, "p2", theirs]
    bolt = preferred_first(game, "p1", options, "Lightning Bolt deals 3 damage to any target.")
    assert set(bolt[:2]) == {"p2", theirs}
    growth = preferred_first(game, "p1", [theirs, mine], "Target creature gets +3/+3 until end of turn.")
    assert growth[0] == mine
