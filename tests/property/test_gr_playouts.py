"""Seeded Goldmine Rumbles games played to the end by RandomBots (3 and 4 players,
short and long games, both pickings readings), checking the game's own invariants after
every action: the engine's consistency checks find no problem (items conserved between the
supply and the miners, nobody carries more than 6, dashboards within their columns), gold
and tokens never go negative and injuries stay under 4. At the end: the game is over after
the last phase, and scores follow the end-game steps in the rulebook's order, the fewest
Black Marks bonus included.

`test_gr_seeded_games.py` plays many more games checking every change of gold and marks.
The protocol checks (saves, undo, is_legal against legal_actions, refused actions,
replays) live in the shared conformance suite, tests/protocol/."""

import pytest

from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.positions import new_game

CASES = [(seed, 3 + seed % 2, seed % 3 == 0, 4 + (seed % 5 == 0)) for seed in range(24)]
STEP_ORDER = ["gold", "notebooks", "fewest black marks", "tokens", "mission", "final"]


def check_invariants(game):
    assert game.problems() == []
    for p in range(game.num_players):
        sheet = game.player(p)
        assert sheet["gold"] >= 0 and 0 <= sheet["injuries"] < R.INJURY_LIMIT
        assert min(sheet["bandages"], sheet["poisons"], sheet["black_marks"]) >= 0
    assert all(n >= 0 for n in game.supply.values())


@pytest.mark.parametrize("seed,players,long_game,offset", CASES)
def test_random_games_reach_the_end_with_the_rules_kept(seed, players, long_game, offset):
    game = new_game(seed=seed, players=players, long_game=long_game, pickings_offset=offset)
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    check_invariants(game)
    for _ in range(4000):
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game))
        check_invariants(game)
    assert game.is_over and game.phase == len(game.phase_cubes)
    breakdown = game.score_breakdown()
    for steps, score in zip(breakdown, game.scores()):
        assert list(steps) == STEP_ORDER
        assert steps["final"] == score == sum(v for k, v in steps.items() if k != "final")
    marks = [game.player(p)["black_marks"] for p in range(players)]
    assert [s["fewest black marks"] for s in breakdown] == R.fewest_marks_bonuses(marks)
