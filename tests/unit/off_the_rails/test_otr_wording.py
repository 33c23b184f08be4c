"""Plain words in Off the Rails (issue 21, parts 3 and 5): every action of every seat writes a log
line, the set-up is no "turn 0", plurals are right and chances are written one way."""

from __future__ import annotations

import re
from fractions import Fraction

from minegames import off_the_rails
from minegames.core.log import log_line
from minegames.off_the_rails import board, render, wording
from minegames.off_the_rails.actions import ChangeSpeed, Drive, EndActions, PlaceCart, PlaceTrack
from widgets.off_the_rails import OffTheRailsApp


def new_lines(game, action) -> list[str]:
    seen = len(game.log)
    game.apply(action)
    return [text for _, text in list(game.log)[seen:]]


def test_plural_and_percent():
    assert [wording.plural(n, "gem") for n in (0, 1, 2)] == ["0 gems", "1 gem", "2 gems"]
    assert wording.plural(1, "injury", "injuries") == "1 injury" and wording.plural(2, "injury", "injuries") == "2 injuries"
    assert [wording.percent(x) for x in (0, 1, Fraction(1, 2), Fraction(999, 1000), Fraction(1, 1000))] == \
        ["0%", "100%", "50%", "99.9%", "0.1%"]


def test_the_set_up_is_named_so_and_turns_count_from_1():
    game = off_the_rails.new_game(seed=3, players=2)
    lines = game.log.lines(unit=game.log_unit)
    assert lines[0] == "set-up: Off the Rails, 2 players (red, blue)"
    assert all(line.startswith("set-up: ") for line in lines) and game.turn == 1
    assert log_line(3, "Red lays a straight") == "turn 3: Red lays a straight"
    solo = off_the_rails.new_game(seed=3, players=1)
    assert list(solo.log)[0][1] == "Off the Rails, solo: you run a cart of each clan"


def test_squares_are_named_with_rows_counted_from_1():
    assert board.square_name((0, 0)) == "A1"                       # the north-west corner: the first row
    assert board.square_name((14, 14)) == "O15"
    assert board.square_name((3, 0)) == "D1 (red exit)" and board.square_name((4, 4)) == "E5 (red 1)"
    assert board.square_name((5, 5)) == "F6"                       # the red mine's centre
    assert board.square_name((3, 15)) == "column 4, row 16, off the board"
    drawn = render.board_svg(off_the_rails.new_game(seed=3, players=2))
    rows = {int(n) for n in re.findall(r'text-anchor="(?:end|start)"[^>]*>(\d+)</text>', drawn)}
    assert rows == set(range(1, board.SIZE + 1))                   # the app's labels: 1-15, no row 0


def test_every_action_of_a_turn_writes_a_line():
    game = off_the_rails.new_game(seed=3, players=2)
    assert new_lines(game, PlaceCart(0, 0, 0)) == ["Red puts Red's white cart out on D1 (red exit)"]
    assert new_lines(game, PlaceTrack(0, 3, 1, "straight", 0)) == ["Red lays a straight (north–south) on D2"]
    assert new_lines(game, ChangeSpeed(0, 0, 1)) == ["Red speeds up Red's white cart to speed 4"]
    assert new_lines(game, EndActions(0)) == ["Red ends the actions (1 action unused)"]
    moved = new_lines(game, Drive(0, 0))
    assert moved[0] == "Red's white cart sets off from D1 (red exit) at speed 4"
    assert moved[-1] == "Red's white cart derails on D2: it ran into no track joining it"


def test_solo_lines_speak_to_you():
    game = off_the_rails.new_game(seed=3, players=1)
    action = next(a for a in game.legal_actions() if isinstance(a, PlaceCart))
    assert new_lines(game, action)[0].startswith("you put the ")
    assert new_lines(game, EndActions(0)) == ["you end the actions (3 actions unused)"]


def test_the_app_lists_what_changed_since_your_turn_and_marks_it():
    app = OffTheRailsApp(seed=4, players=2, live=False)
    while app.persons_turn():
        app.act(app.adviser.choose(app.state))
    assert app.changed_squares() == {}            # your own moves are no news to you
    app.run_bots()
    since = app.since_lines()
    assert since and all(line.startswith("round 1: ") for line in since)   # turn 2 of two seats: round 1
    assert any("Blue lays" in line for line in since) and any("deposit" in line for line in since)
    changed = app.changed_squares()
    laid = {square for square, mask in app.state.tracks.items() if square not in app._seen.tracks}
    assert laid and all(changed[square] in ("changed", "moved") for square in laid)
    assert "otr-mark-changed" in app.board.overlay.svg or "otr-mark-moved" in app.board.overlay.svg
    assert "set-up: Off the Rails, 2 players (red, blue)" in app.log_view.value
    assert "turn 0" not in app.log_view.value


# ---- rounds, gems said once, deposits in words -----------------------------------------------------
def test_the_log_counts_rounds_every_seat_once_and_solo_counts_turns():
    game = off_the_rails.new_game(seed=3, players=3)
    assert game.log_unit == "round" and [game.round_of(t) for t in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]
    while game.turn < 4:
        game.apply(EndActions(game.current_player) if game.phase == "actions" else game.legal_actions()[0])
    ends = [n for n, text in game.log.entries if "ends the actions" in text]
    assert ends[:3] == [1, 1, 1] and game.round_number == 2   # three seats' first turns: round 1
    assert off_the_rails.new_game(seed=3, players=1).log_unit == "turn"   # one seat: the solo game


def test_gems_are_counted_once_in_words():
    assert wording.gems_words(["ruby", "ruby"]) == "2 rubies"
    assert wording.gems_words(["emerald", "gold", "rock"]) == "an emerald, a gold and a rock"
    assert wording.gems_words(["gold", "ruby", "gold"]) == "2 gold and a ruby"
    assert wording.gems_words([]) == "nothing"


def test_two_rubies_picked_in_one_go_are_said_once():
    column = {(3, y): "NS" for y in range(1, 6)}
    game = off_the_rails.position(tracks=column, gems={(3, 2): ["ruby", "ruby"]},
                                  carts=[{"at": (3, 1), "came_from": "N", "speed": 1}])
    game.apply(EndActions(0))
    lines = new_lines(game, Drive(0, 0))
    picks = [line for line in lines if "picks up" in line]
    assert picks == [f"Red's white cart picks up 2 rubies at {board.square_name((3, 2))}"], lines


def test_a_deposit_card_is_said_in_plain_words():
    game = off_the_rails.new_game(seed=3, players=2)
    setup = [text for _, text in game.log][1:]
    assert all(re.fullmatch(r"a deposit card \((red|blue|green|yellow) \d\) puts (an? |\d )\w+.* on [A-M]\d+", line)
               for line in setup), setup
    assert not any(":" in line for line in setup)


def test_the_ending_says_what_the_ruby_count_is_and_names_no_mission_plainly():
    from minegames.off_the_rails import scoring

    game = off_the_rails.position(tracks={}, gems={}, carts=[])
    game.players[0]["stockpile"] = ["ruby", "ruby"]
    game.players[1]["stockpile"] = ["ruby"]
    end = scoring.ending(game)
    assert end["why"][0].startswith("Most rubies (2) delivered: Red +5 (rubies delivered: Red 2, Blue 1)")
    assert all("no missions completed" in line and "missions none" not in line for line in end["revealed"])
