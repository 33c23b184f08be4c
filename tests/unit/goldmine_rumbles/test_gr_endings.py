"""The end screen's numbers: the breakdown by step sums to each miner's final gold, the missions
are revealed with the items held, and the words name the real winner (seeded bot games)."""

from __future__ import annotations

import pytest

from minegames import GAMES
from minegames.core.driver import play
from minegames.goldmine_rumbles import dice_rules, scoring

INFO = GAMES["goldmine_rumbles"]


def finished(seed: int, players: int, strength: str):
    state = INFO.new_game(seed=seed, players=players)
    play(state, [INFO.bot(strength, p, seed * 10 + p) for p in range(players)])
    assert state.is_over
    return state


@pytest.mark.parametrize("seed, players, strength", [(1, 3, "random"), (2, 4, "random"), (3, 4, "heuristic"),
                                                     (4, 3, "heuristic")])
def test_the_breakdown_sums_to_the_final_score(seed, players, strength):
    state = finished(seed, players, strength)
    parts = scoring.score_breakdown(state)
    for row, score in zip(parts, state.scores()):
        assert sum(v for k, v in row.items() if k != "total") == row["total"] == score
    end = scoring.ending(state)
    assert end["totals"] == state.scores()
    for p in range(players):
        assert sum(values[p] for _, values in end["rows"]) == state.scores()[p]
    gold = dict(end["rows"])[scoring.STEP_LABELS["gold"]]
    assert gold == [state.gold(p) for p in range(players)]
    best = max(state.scores())
    assert end["winners"] == [p for p, s in enumerate(state.scores()) if s == best]


def test_every_mission_is_revealed_with_the_items_held():
    state = finished(3, 4, "heuristic")
    end = scoring.ending(state)
    for p, line in enumerate(end["revealed"]):
        wanted, held = scoring.mission_items(state, p)
        assert all(item in line for item in wanted)
        assert f"held {len(held)}" in line and f"+{dice_rules.mission_bonus(len(held))}gn" in line
        assert dict(end["rows"])[scoring.STEP_LABELS["mission"]][p] == dice_rules.mission_bonus(len(held))


def test_the_winner_is_named_and_a_shared_win_says_so():
    state = finished(2, 4, "random")
    names = [f"N{p}" for p in range(4)]
    why = " ".join(scoring.ending(state, names)["why"])
    winners = scoring.ending(state)["winners"]
    if len(winners) == 1:
        assert f"Winner: N{winners[0]}" in why
    else:
        assert "share the win" in why
