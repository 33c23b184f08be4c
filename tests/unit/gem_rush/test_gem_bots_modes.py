"""Bots that play their mode: in Crisis the other players are teammates.

The audit behind this: the greedy bot, offered in Crisis, burnt its teammates' best cards, and 10
three-player Crisis games scored 3-8 for the team against 33-48 with the team bot."""

from __future__ import annotations

import statistics

from minegames import GAMES
from minegames.gem_rush import new_game
from minegames.gem_rush.actions import Burn
from minegames.gem_rush.bots import make_bot

INFO = GAMES["gem_rush"]
SEEDS = range(8)


def crisis_team_score(kind: str, seed: int, players: int = 3) -> int:
    game = new_game(seed=seed, players=players, mode="crisis")
    bots = [make_bot(kind, seat, seed * 10 + seat) for seat in range(players)]
    while not game.is_over:
        game.apply(bots[game.current].choose(game))
    return game.team_score


def test_the_registry_offers_each_mode_only_bots_of_the_game():
    assert set(INFO.mode_strengths) == {"rush", "crisis"}
    for mode, strengths in INFO.mode_strengths.items():
        assert strengths and set(strengths) <= set(INFO.bots), mode
    assert INFO.strengths("crisis") == ("team",) and "random" not in INFO.strengths("crisis")
    assert INFO.strengths() == tuple(INFO.bots)


def test_a_greedy_bot_in_crisis_burns_from_the_deck_not_a_teammates_hand():
    burns = 0
    for seed in SEEDS:
        game = new_game(seed=seed, players=3, mode="crisis")
        bots = [make_bot("greedy", seat, seed) for seat in range(3)]
        while not game.is_over:
            action = bots[game.current].choose(game)
            if isinstance(action, Burn) and Burn() in game.legal_actions():
                assert action == Burn(), f"seed {seed}: burnt {action} while the deck had cards"
                burns += 1
            game.apply(action)
    assert burns > 0


def test_every_bot_offered_for_crisis_and_greedy_keep_the_teams_score():
    team = statistics.median(crisis_team_score("team", seed) for seed in SEEDS)
    for kind in set(INFO.strengths("crisis")) | {"greedy"}:
        median = statistics.median(crisis_team_score(kind, seed) for seed in SEEDS)
        assert median >= 0.8 * team, f"{kind}: median team score {median} against the team bot's {team}"
