"""Seeded Goldmine Rumbles games played to the end by RandomBots (3 and 4 players,
short and long games, both pickings readings), checking after every action: items are
conserved between the supply and the miners, nobody carries more than 6, dashboards
stay within their columns, gold and tokens never go negative, injuries stay under 4,
every listed action is legal, a refused action changes nothing and undo is exact. At
the end: the game is over after the last phase, scores follow the end-game steps in
the rulebook's order, and the save reloads to the same state.

`test_gr_thousand_games.py` plays many more games with lighter checks. About 8 s on one core."""

import random

import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.actions import EndTurn
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.positions import load, new_game

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
    chooser = random.Random(seed)
    for count in range(4000):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal and all(game.is_legal(a) for a in legal)
        wrong = (game.current_player + 1) % players
        before = game._full_snapshot()
        with pytest.raises(IllegalActionError):
            game.apply(EndTurn(wrong))
        assert game._full_snapshot() == before
        action = bots[game.current_player].choose(game)
        game.apply(action)
        check_invariants(game)
        if chooser.random() < 0.05:
            after = game._full_snapshot()
            assert game.undo() == action and game._full_snapshot() == before
            game.apply(action)
            assert game._full_snapshot() == after
    assert game.is_over and game.phase == len(game.phase_cubes)
    breakdown = game.score_breakdown()
    for steps, score in zip(breakdown, game.scores()):
        assert list(steps) == STEP_ORDER
        assert steps["final"] == score == sum(v for k, v in steps.items() if k != "final")
    marks = [game.player(p)["black_marks"] for p in range(players)]
    assert [s["fewest black marks"] for s in breakdown] == R.fewest_marks_bonuses(marks)
    assert load(game.to_json()) == game
