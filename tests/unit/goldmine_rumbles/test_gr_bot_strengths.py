"""The Goldmine Rumbles bots a person can choose: strengths in order, openings that differ, and a
hard bot that plays the Detonator (about 25 s). Decision times are measured in
benchmarks/bench_goldmine_bots.py, not here."""

from collections import Counter
from itertools import permutations

from minegames import GAMES
from minegames.goldmine_rumbles.actions import Peek, PlaceCube, Rearrange
from minegames.goldmine_rumbles.easy_bot import EasyBot
from minegames.goldmine_rumbles.hard_bot import HardBot
from minegames.goldmine_rumbles.heuristic_bot import HeuristicBot
from minegames.goldmine_rumbles.positions import new_game, position

INFO = GAMES["goldmine_rumbles"]
STRENGTHS = ("easy", "medium", "hard")


def test_the_registry_offers_three_strengths_the_plans_and_the_older_names():
    assert list(INFO.bots)[:3] == list(STRENGTHS)
    kinds = {name: type(INFO.bot(name, 0, 1)) for name in INFO.bots}
    assert kinds["easy"] is EasyBot and kinds["medium"] is HeuristicBot and kinds["hard"] is HardBot
    assert kinds["heuristic"] is HeuristicBot and kinds["random"].__name__ == "RandomBot"
    assert {INFO.bot(name, 0, 1).plan for name in ("medium", "prospector", "brawler")} == {
        "investor", "prospector", "brawler"}


def test_harder_bots_win_more_games_at_a_table_of_all_three():
    """Every seating of easy, medium and hard at 3 players, three times over (18 seeded games)."""
    wins = Counter()
    for n, order in enumerate(list(permutations(STRENGTHS)) * 3):
        game = new_game(seed=700 + n, players=3)
        bots = [INFO.bot(order[s], s, seed=n * 10 + s) for s in range(3)]
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        scores = game.scores()
        for s in range(3):
            if scores[s] == max(scores):
                wins[order[s]] += 1
    assert wins["easy"] < wins["medium"] < wins["hard"], wins


def first_cube(name: str, seed: int) -> str:
    """The column of the first cube a registered bot places in a game of three bots like it."""
    game = new_game(seed=seed, players=3)
    bots = [INFO.bot(name, s, seed=s) for s in range(3)]
    while True:
        action = bots[game.current_player].choose(game)
        if isinstance(action, PlaceCube):
            return action.column
        game.apply(action)


def test_openings_differ_by_plan_and_not_all_start_on_company_shares():
    openings = {name: {first_cube(name, seed) for seed in (21, 22)}
                for name in ("medium", "prospector", "brawler", "hard")}
    assert openings["medium"] == {"Company Shares"}
    assert "Company Shares" not in openings["prospector"]
    assert openings["brawler"] == openings["hard"] == {"Colt 45"}


def test_the_hard_bot_plays_the_detonator_to_open_a_way_and_each_use_changes_the_mine():
    """Hard bots given a Detonator each, until one of them rearranges a line (three games at most)."""
    uses = []
    for seed in range(3):
        if any(isinstance(action, Rearrange) for action in uses):
            break
        game = position([{"items": {"Detonator": 1}} for _ in range(3)], seed=seed, players=3)
        bots = [HardBot(seed * 10 + p, strict=True) for p in range(3)]
        while not game.is_over:
            action = bots[game.current_player].choose(game)
            assert game.is_legal(action)
            if isinstance(action, (Rearrange, Peek)):
                before, peeked = game.mine, list(game.sheet(action.player)["peeked"])
                game.apply(action)
                assert game.mine != before or game.sheet(action.player)["peeked"] != peeked
                uses.append(action)
            else:
                game.apply(action)
    assert any(isinstance(action, Rearrange) for action in uses)


def test_the_medium_and_easy_bots_keep_their_detonator():
    for Bot in (HeuristicBot, EasyBot):
        game = position([{"items": {"Detonator": 1}} for _ in range(3)], seed=1, players=3)
        bots = [Bot(p, strict=True) for p in range(3)]
        for _ in range(400):
            if game.is_over:
                break
            action = bots[game.current_player].choose(game)
            assert not isinstance(action, (Rearrange, Peek))
            game.apply(action)


def test_the_easy_bot_still_buys_claims_and_digs():
    """It may choose a worse claim, but most turns it buys one (a pass is ending a turn before any
    main action)."""
    game = new_game(seed=31, players=3)
    bots = [EasyBot(p, strict=True) for p in range(3)]
    chosen = Counter()
    while not game.is_over:
        at_start = game.step == "turn" and game.decision.get("mode") is None
        action = bots[game.current_player].choose(game)
        if at_start:
            chosen[type(action).__name__] += 1
        game.apply(action)
    assert chosen["BuyClaim"] >= 9 and chosen["EndTurn"] <= 0.25 * sum(chosen.values())
    assert max(game.scores()) > 15
