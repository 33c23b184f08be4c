"""The end screen's numbers: door points, Orichalcum and Foreman sum to each score, and Crisis
compares the team's total with the target (seeded bot games)."""

from __future__ import annotations

import pytest

from minegames import GAMES
from minegames.core.driver import play
from minegames.gem_rush import scoring

INFO = GAMES["gem_rush"]


def finished(seed: int, players: int, mode: str, strength: str, **options):
    state = INFO.new_game(seed=seed, players=players, mode=mode, **options)
    play(state, [INFO.bot(strength, p, p) for p in range(players)])
    assert state.is_over
    return state


@pytest.mark.parametrize("seed, players, mode, strength", [(1, 3, "rush", "greedy"), (2, 2, "rush", "random"),
                                                           (3, 2, "crisis", "team"), (4, 1, "crisis", "team")])
def test_the_breakdown_sums_to_the_final_score(seed, players, mode, strength):
    state = finished(seed, players, mode, strength)
    for row, score in zip(scoring.score_breakdown(state), state.scores()):
        assert sum(v for k, v in row.items() if k != "total") == row["total"] == score
        assert row["points from the set-up"] == 0     # a real game: every point came from a build
    end = scoring.ending(state)
    assert end["totals"] == state.scores() and end["winners"] == state.winners()
    for p in range(players):
        assert sum(values[p] for _, values in end["rows"]) == state.scores()[p]
        assert f"{scoring.builds_of(state, p)} door" in end["revealed"][p]


@pytest.mark.parametrize("target", [10, 500])
def test_crisis_says_the_team_total_against_the_target(target):
    state = finished(5, 2, "crisis", "team", target=target)
    why = scoring.ending(state)["why"][1]
    assert f"total is {state.team_score}, the target {target}" in why
    assert ("the team wins" in why) == (state.team_score >= target)
