"""The text views and the command line's completion, without Textual."""

from __future__ import annotations

from mechanics.play.game import Game
from tui.complete import complete
from tui.render import battlefield_rows, hand_rows, player_lines, stack_rows, status_line


def game_with(*lines: str) -> Game:
    game = Game()
    for line in lines:
        game.play(line)
    return game


def test_permanents_show_pt_counters_states_and_attachments():
    game = game_with("turn p1 main1", 'battlefield p1 "Grizzly Bears" as bear counter +1/+1=2 tapped',
                     'battlefield p1 Rancor attached-to bear', 'battlefield p2 "Grizzly Bears" token sick',
                     "battlefield p1 Forest", "phase-out Forest")
    text = "\n".join(r.text.plain for r in battlefield_rows(game))
    assert "  Grizzly Bears#1 6/4* [+1/+1 x2] tapped" in text  # Rancor's +2/+0 is a template
    assert "   └ Rancor" in text
    assert "Grizzly Bears#2 (token) 2/2 sick" in text
    assert "Forest PHASED OUT" in text
    assert text.index("p2 creatures") < text.index("p1 lands")  # the opponent on top


def test_stack_is_listed_top_first_with_source_kind_and_targets():
    game = game_with("turn p1 main1", 'hand p1 "Lightning Bolt" "Lightning Bolt"', "mana p1 {R}{R}",
                     'cast p1 "Lightning Bolt" target p2', 'cast p1 "Lightning Bolt" target p1')
    rows = [r.text.plain for r in stack_rows(game)]
    assert rows[0].startswith("top Lightning Bolt [spell, p1] -> p1")
    assert rows[1].startswith("2. Lightning Bolt [spell, p1] -> p2")


def test_hand_marks_what_can_be_played_and_players_show_counters():
    game = game_with("turn p1 main1", 'hand p1 Forest "Grizzly Bears"', "counter p1 poison 3")
    rows = [r.text.plain for r in hand_rows(game, "p1", {"Forest"})]
    assert rows == ["+ Forest land", "  Grizzly Bears {1}{G}"]
    assert "poison 3" in player_lines(game).plain


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
