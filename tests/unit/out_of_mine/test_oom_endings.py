"""The end screen's numbers: each source summed over the rounds, with what zeroed rounds took
back, adds up to each player's total (seeded bot games, with and without the variants)."""

from __future__ import annotations

import pytest

from minegames import GAMES
from minegames.core.driver import play
from minegames.out_of_mine import scoring

INFO = GAMES["out_of_mine"]


@pytest.mark.parametrize("seed, players, strength, options", [
    (1, 2, "good", {}), (2, 3, "random", {}), (3, 4, "hasty", {"elves": True, "finds": True}),
    (4, 2, "random", {"negative_rounds": False}),
])
def test_the_breakdown_sums_to_the_final_score(seed, players, strength, options):
    state = INFO.new_game(seed=seed, players=players, **options)
    play(state, [INFO.bot(strength, p, seed + p) for p in range(players)])
    assert state.is_over
    for row, score in zip(scoring.score_breakdown(state), state.scores()):
        assert sum(v for k, v in row.items() if k != "total") == row["total"] == score
    end = scoring.ending(state)
    assert end["totals"] == state.scores() and end["winners"] == state.winners()
    for p in range(players):
        assert sum(values[p] for _, values in end["rows"]) == state.scores()[p]
        assert end["revealed"][p].count(";") == len(state.round_results) - 1
        assert len(end["rows"]) == len(state.round_results)


@pytest.mark.parametrize("points, words", [
    ({"base": 10, "empty": -4, "caller": -2, "elves": 0, "finds": 0, "total": 4, "zeroed": False},
     "10 base \u2212 4 empty cells \u2212 2 for the call = 4"),
    ({"base": 10, "empty": -1, "caller": 0, "elves": 2, "finds": -1, "total": 10, "zeroed": False},
     "10 base \u2212 1 empty cell + 2 for elves \u2212 1 for finds = 10"),
    ({"base": 10, "empty": -13, "caller": 0, "elves": 0, "finds": 0, "total": 0, "zeroed": True},
     "13 empty cells, more than 10: 0"),
    ({"base": 10, "empty": -9, "caller": -2, "elves": 0, "finds": -1, "total": 0, "zeroed": False},
     "10 base \u2212 9 empty cells \u2212 2 for the call \u2212 1 for finds = \u22122, raised to 0"),
])
def test_each_round_reads_as_a_sum_a_player_can_check(points, words):
    assert scoring.round_sum_words(points) == words


@pytest.mark.parametrize("negative_rounds", [True, False])
def test_the_ending_says_what_the_check_is_and_the_zero_rules(negative_rounds):
    state = INFO.new_game(seed=2, players=2, negative_rounds=negative_rounds)
    play(state, [INFO.bot("random", p, 2 + p) for p in range(2)])
    end = scoring.ending(state)
    words = " ".join(end["why"] + end["revealed"])
    assert "rounds that scored 0" not in words and "the checks" not in words
    assert "the check at the end of each round takes off every tile laid wrongly" in words
    assert "more than 10 empty cells scores 0" in words
    assert ("below 0 counts as 0" in words) is (not negative_rounds)
    assert [label for label, _ in end["rows"]] == [f"round {r + 1}" for r in range(len(state.round_results))]
