"""Seeded Goldmine Rumbles games (RandomBots, which often step at random, beside HeuristicBots)
watched journey by journey. After every action:

- no step or whole walk comes back to a place the journey has passed since the mine last changed
  (the test keeps its own record of the trail, from the positions it sees and the mine);
- Poison from rats and snakes on the way stays bounded: in one turn at most one per hazard
  tunnel end for each state the mine was in (7 marked tunnels, at most 4 ends each);
- the compass agrees with the steps: when it finds a way (a walk, or one blast with the Dynamite
  held), its first move is a legal action, and a whole walk is offered exactly when it finds one.
"""

import pytest

from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import travel_rules
from minegames.goldmine_rumbles.actions import Blast, Decline, Step, Travel
from minegames.goldmine_rumbles.bots import HeuristicBot, RandomBot
from minegames.goldmine_rumbles.engine_common import position_key
from minegames.goldmine_rumbles.positions import new_game

from .sizes import seeded_games

GAMES = seeded_games(24)
CHUNKS = 4
MARKED_TUNNELS, MOST_ENDS = 7, 4


def bots_for(seed, players):
    return [HeuristicBot(seed * 5 + p, strict=True) if (seed + p) % 3 == 0 else RandomBot(seed * 5 + p)
            for p in range(players)]


def check_compass(game, travel):
    p = travel["player"]
    behind, jumped = game.journey_trail()
    here, goal = game.positions[p], game.journey_goal()
    assert here in behind
    legal = game.legal_actions()
    plans = game.dashboard(p)[R.TUNNEL_PLANS]
    walk = M.plan_journey(game.mine, here, goal, plans, 0, behind, jumped)
    assert (walk is not None) == any(isinstance(a, Travel) for a in legal)
    blasts = 1 if (travel["blasts"] or game.items(p)["Dynamite"]) else 0
    journey = walk if not blasts else M.plan_journey(game.mine, here, goal, plans, blasts, behind, jumped)
    if journey is not None and journey.plan:
        first = journey.plan[0]
        move = (Blast(p, first.cell[0], first.cell[1], first.turns) if isinstance(first, M.Blast)
                else Step(p, position_key(first.path[1])))
        assert move in legal, (move, journey)


def play(seed):
    game = new_game(seed=seed, players=3 + seed % 2)
    bots = bots_for(seed, game.num_players)
    journey, trail, mine = None, set(), game.mine
    turn, turn_poison, turn_mines = None, 0, 1
    for _ in range(5000):
        if game.is_over:
            break
        travel = travel_rules.journey(game)
        if travel is not journey or game.mine != mine:  # a new journey, or the mine changed
            trail = set() if travel is None else {game.positions[travel["player"]]}
        journey, mine = travel, game.mine
        if game._turn() is not turn:
            turn, turn_poison, turn_mines = game._turn(), 0, 1
        if game.step == "travel":
            check_compass(game, travel)
        action = bots[game.current_player].choose(game)
        p = action.player
        if isinstance(action, Step):
            walked = [M.position_from_json(action.to)]
        elif isinstance(action, Travel):
            walked = list(travel_rules.best_route(game, travel).path[1:])
        else:
            walked = []
        assert not set(walked) & trail, (seed, action, trail)
        poisons, answering = game.player(p)["poisons"], game.step in ("rat", "snake")
        game.apply(action)
        trail |= set(walked)
        if game.mine != mine:
            turn_mines += 1
        if walked or (answering and isinstance(action, Decline)):
            turn_poison += max(0, game.player(p)["poisons"] - poisons)
        assert turn_poison <= MARKED_TUNNELS * MOST_ENDS * turn_mines, (seed, turn_poison, turn_mines)
    assert game.is_over, seed
    return game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_journeys_never_come_back_and_poison_stays_bounded(chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        game = play(seed)
        assert all(game.player(p)["poisons"] < 100 for p in range(game.num_players))
