"""The log's readable lines: counted from 1, the set-up (lines numbered 0) named so, one plural
and one percent format for every game's texts."""

from __future__ import annotations

from fractions import Fraction

from minegames.core import GameLog
from minegames.core.words import percent, plural


def test_lines_name_the_set_up_count_turns_and_start_where_asked():
    log = GameLog([(0, "the board is laid"), (1, "Red moves"), (1, "Red digs"), (2, "Blue moves")])
    assert log.lines(unit="round") == ["set-up: the board is laid", "round 1: Red moves", "round 1: Red digs",
                                       "round 2: Blue moves"]
    assert log.lines(unit="round", since=2) == ["round 1: Red digs", "round 2: Blue moves"]
    assert log.lines(1, "turn", since=1) == ["turn 2: Blue moves"]
    assert log.lines(since=4) == []


def test_plural_and_percent():
    assert [plural(n, "gem") for n in (0, 1, 2)] == ["0 gems", "1 gem", "2 gems"]
    assert plural(1, "injury", "injuries") == "1 injury" and plural(2, "injury", "injuries") == "2 injuries"
    assert [percent(x) for x in (0, 1, Fraction(1, 2), Fraction(999, 1000), Fraction(1, 1000), 0.996)] == \
        ["0%", "100%", "50%", "99.9%", "0.1%", "99.6%"]


def test_as_you_speaks_to_the_person_in_every_apps_one_voice():
    from minegames.core.words import as_you

    assert as_you("Red does not bid", "Red") == "You do not bid"
    assert as_you("Blue takes Red as partner; Red's turn", "Red") == "Blue takes you as partner; Your turn"
    assert as_you("player 1 builds the east door; player 2 swaps places with player 1", "player 1") == \
        "you build the east door; player 2 swaps places with you"
    assert as_you("0:00.0 player 1 places the blue bar", "player 1") == "0:00.0 you place the blue bar"
    assert as_you("took back: player 1 carries 2 gems", "player 1") == "took back: you carry 2 gems"
    assert as_you("the game is over: Red 23 points, Blue 21 points", "Red") == \
        "the game is over: you 23 points, Blue 21 points"
    assert as_you("Red and Blue share the win", "Red") == "You and Blue share the win"
    assert as_you("player 10 moves", "player 1") == "player 10 moves"  # another seat is left alone
