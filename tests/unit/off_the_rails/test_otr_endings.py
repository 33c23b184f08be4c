"""The end screen's numbers: each part sums to the final score, the ruby bonus names who holds
the most rubies, and the tie-break that decided is said (seeded planner-bot games)."""

from __future__ import annotations

import pytest

from minegames import GAMES
from minegames.core.driver import play
from minegames.off_the_rails import scoring

INFO = GAMES["off_the_rails"]


def finished(seed: int, players: int, strength: str = "planner"):
    state = INFO.new_game(seed=seed, players=players)
    play(state, [INFO.bot(strength, p, p) for p in range(players)])
    assert state.is_over
    return state


@pytest.mark.parametrize("seed, players", [(0, 3), (1, 2), (2, 3), (3, 4)])
def test_the_breakdown_sums_to_the_final_score(seed, players):
    state = finished(seed, players)
    end = scoring.ending(state)
    assert end["totals"] == state.scores()
    for p in range(players):
        assert sum(values[p] for _, values in end["rows"]) == state.scores()[p]
    assert end["winners"] == state.winners()
    ruby_row = dict(end["rows"])[scoring.PART_LABELS["rubies"]]
    rubies = [pl["stockpile"].count("ruby") for pl in state.players]
    for p in range(players):
        holds_most = max(rubies) > 0 and rubies[p] == max(rubies)
        assert ruby_row[p] == (5 if holds_most else 0)
        assert f"{state.players[p]['clan'].capitalize()} {rubies[p]}" in end["why"][0]


def test_a_tie_on_points_names_the_tie_break_that_decided():
    state = finished(2, 3)   # Red and Blue tie on points; Blue has more gems
    totals = state.scores()
    assert totals.count(max(totals)) == 2 and len(state.winners()) == 1
    why = scoring.ending(state)["why"][1]
    assert "tie on" in why and "most gems" in why
    assert why.endswith(f"so {state.players[state.winners()[0]]['clan'].capitalize()} wins.")


def test_nobody_with_a_ruby_gets_no_ruby_bonus():
    state = finished(0, 3, "random")
    if any(p["stockpile"].count("ruby") for p in state.players):
        pytest.skip("this seed's random bots stockpiled a ruby")
    assert scoring.ending(state)["why"][0].startswith("Nobody delivered a ruby")
