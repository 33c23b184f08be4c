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
        assert end["revealed"][p].count(",") == len(state.round_results) - 1
