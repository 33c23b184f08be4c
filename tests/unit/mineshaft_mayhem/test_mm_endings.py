"""The end screen's numbers: each container, the empty gears and the cursite sum to the final score."""

from __future__ import annotations

import pytest

from minegames import GAMES
from minegames.core.driver import play
from minegames.mineshaft_mayhem import scoring

INFO = GAMES["mineshaft_mayhem"]


@pytest.mark.parametrize("seed, strength", [(1, "strong"), (2, "random"), (4, "strong")])
def test_the_rows_sum_to_the_final_score_and_the_rank(seed, strength):
    state = INFO.new_game(seed=seed)
    play(state, [INFO.bot(strength, 0, seed)])
    assert state.is_over
    end = scoring.ending(state)
    assert sum(points for _, points in end["rows"]) == end["total"] == state.scores()[0]
    assert end["rank"] == state.rank() and state.rank() in end["why"]
    assert len(end["rows"]) == len(state.options.container_values) + 2
