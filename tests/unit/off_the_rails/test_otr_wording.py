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
    assert since and all(line.startswith("turn 2: ") for line in since)
    assert any("Blue lays" in line for line in since) and any("deposit" in line for line in since)
    changed = app.changed_squares()
    laid = {square for square, mask in app.state.tracks.items() if square not in app._seen.tracks}
    assert laid and all(changed[square] in ("changed", "moved") for square in laid)
    assert "otr-mark-changed" in app.board.overlay.svg or "otr-mark-moved" in app.board.overlay.svg
    assert "set-up: Off the Rails, 2 players (red, blue)" in app.log_view.value
    assert "turn 0" not in app.log_view.value
