"""Goldmine Rumbles' log in plain words (issue 21): every action of every seat writes a line
saying what it did, places are named as a player names them (rows and columns from 1), and a
line follows what caused it."""

from __future__ import annotations

import re

import pytest

from minegames import GAMES
from minegames.goldmine_rumbles import new_game
from minegames.goldmine_rumbles.actions import NoBid
from minegames.goldmine_rumbles.mine import Point, Portal
from minegames.goldmine_rumbles.wording import describe, quarter_turns


def play(seed: int, players: int, most: int = 3000):
    """A seeded game of bots of every strength; yields (action, the lines it wrote)."""
    game = new_game(seed=seed, players=players)
    names = list(GAMES["goldmine_rumbles"].bots)
    bots = {p: GAMES["goldmine_rumbles"].bot(names[(p + seed) % len(names)], p, seed * 10 + p)
            for p in range(players)}
    for _ in range(most):
        if game.is_over:
            break
        before = len(game.log)
        action = bots[game.current_player].choose(game)
        game.apply(action)
        yield game, action, [text for _, text in game.log.entries[before:]]


@pytest.mark.parametrize("seed", range(6))
def test_every_action_of_every_seat_writes_a_line(seed):
    for _game, action, lines in play(seed, 3 + seed % 2):
        assert lines, f"{action} wrote no log line"


@pytest.mark.parametrize("seed", range(4))
def test_the_log_names_places_as_players_do(seed):
    for _game, _action, lines in play(seed, 4):
        for line in lines:
            assert not re.search(r"port \d|square \(|\(\d, \d\)", line), line
            assert not line.startswith("phase "), line  # the log's own number says the phase
            assert "injuries" not in line or not re.search(r"\b1 injuries", line), line


def test_points_and_blasts_in_words():
    assert describe(Point((1, 2), 4)) == "the right tunnel between row 2, column 3 and row 3, column 3"
    assert describe(Point((0, 1), 0)) == "the left tunnel on the top edge of row 1, column 2"
    assert describe(Portal(4, "A")) == "entrance A of tile 4"
    assert describe(7) == "claim site 7"
    assert quarter_turns(1) == "a quarter turn (90\u00b0)" and quarter_turns(2).startswith("a half turn")


def test_a_blast_says_the_tile_by_row_and_column_from_1():
    for _game, action, lines in play(1, 4):
        if type(action).__name__ == "Blast":
            assert f"row {action.row + 1}, column {action.col + 1}" in lines[0] and "Dynamite" in lines[0]
            return
    pytest.skip("no blast in this game")  # pragma: no cover


def test_nobody_bid_is_said():
    for seed in range(20):
        for game, action, lines in play(seed, 4):
            if isinstance(action, NoBid):
                assert lines[0].endswith("does not bid")
            if any(line.startswith("nobody bid: ") for line in lines):
                owner = game.sheet(game.current_player)["colour"]  # the owner decides next: mine alone
                assert f"nobody bid: {owner} mines claim" in lines[-1] and lines[-1].endswith("alone")
                return
    raise AssertionError("no round of bids without a bid in these games")


def test_steals_items_and_the_bible_are_said_with_what_they_did():
    seen = set()
    for seed in range(30):
        for _game, action, lines in play(seed, 3 + seed % 2):
            name = type(action).__name__
            text = " ".join(lines)
            if name == "Steal":
                assert "uses Bacon to steal" in text and action.item in text
                seen.add("steal")
            if name == "UseItem" and action.item in ("Whiskey", "Medical Supplies", "Fungus", "Apple Pie"):
                if "winds down" in text or "uses " in text:
                    assert re.search(r"clears \d+ \w+.* \(\d+ left\)", text), text
                    seen.add("remedy")
            if "uses the Bible" in text:
                assert re.search(r"the \d on the yield die counts as a \d", text), text
                seen.add("bible")
        if {"steal", "remedy"} <= seen:
            break
    assert {"steal", "remedy"} <= seen


def test_a_hazard_line_comes_before_the_bandage_it_causes():
    for seed in range(30):
        for _game, _action, lines in play(seed, 4):
            for k, line in enumerate(lines):
                if "reaches 4 injuries and takes a Bandage" in line:
                    cause = " ".join(lines[:k])
                    assert re.search(r"suffers the hazard|cave-in|backfires|round scores", cause), lines
                    return
    pytest.skip("no Bandage from injuries in these games")  # pragma: no cover
