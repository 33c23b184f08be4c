"""Seeded Goldmine Rumbles games (a thousand in the long mode, see sizes.py) played to the end by
RandomBots, each with its own mix of table size, length and rule readings. After every action:
the box's items are all in the supply or with a miner, nobody carries more than 6, nothing goes
negative, and every change of gold and of Black Marks is one the action explains (a purchase
costs its price, a bid moves from partner to owner, a fee is paid, yields and pickings stay
within their bounds). At the end the scores follow the end-game steps. Forty more games seat
HeuristicBots beside RandomBots under the same checks. `test_gr_playouts.py` checks fewer games
against the engine's own consistency checks. The protocol checks (saves, undo, is_legal against
legal_actions, refused actions, replays) live in the shared conformance suite, tests/protocol/."""

import random
from collections import Counter

import pytest

from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import item_rules, turn_rules
from minegames.goldmine_rumbles.actions import (
    AcceptBid, AcceptRoute, BuyClaim, BuyEssentials, MoveCube, PayFee, PlaceCube, TakeItems, Trade, UseItem,
)
from minegames.goldmine_rumbles.bots import HeuristicBot, RandomBot
from minegames.goldmine_rumbles.positions import new_game

from .sizes import seeded_games, with_rare

GAMES, CHUNKS = seeded_games(250), 10
#: seeds of the long mode that reach rule lines seeds 0-249 do not (tests/property/rare_seeds.py)
RARE_SEEDS = (275, 622, 430, 287, 310, 410, 482)
SEEDS = with_rare(GAMES, RARE_SEEDS)
NOTEBOOK_COST = R.column_effect(R.NOTEBOOKS, 1)
MOST_IN_ONE_ACTION = 10 + R.MAX_PICKINGS + R.PAPA_CLAYTON_REWARD  # a best yield, or pickings and the reward
READINGS = {
    "pickings_offset": (4, 5), "bible_table": ("item text", "summary table"), "tonic_rule": R.TONIC_RULES,
    "partner_dice": (R.SHARED_DICE, R.SPLIT_DICE), "flask_refresh_max": (3, 5), "detonator_columns": (True, False),
    "blunderbuss_backfire": R.BACKFIRE_RULES, "bible_in_fights": R.DISMISS_RULES,
    "hidden_cubes": (False, True), "paid_route_finders": (False, True),
}


def options_for(seed: int) -> dict:
    chooser = random.Random(seed)
    return {"players": chooser.choice((3, 4)), "long_game": chooser.random() < 0.25,
            **{name: chooser.choice(values) for name, values in READINGS.items()}}


def expected_gold_change(game, action) -> dict[int, int] | None:
    """The exact gold each miner gains from ``action`` where the action fixes it (None: bounded only)."""
    p = action.player
    if isinstance(action, PlaceCube):
        return {p: -NOTEBOOK_COST if action.column == R.NOTEBOOKS else 0}
    if isinstance(action, MoveCube):
        return {p: -NOTEBOOK_COST if action.target == R.NOTEBOOKS else 0}
    if isinstance(action, BuyEssentials):
        return {p: -len(action.items)}
    if isinstance(action, BuyClaim):
        return {p: -turn_rules.claim_price(game, p, action.slot)}
    if isinstance(action, Trade):
        return {p: 6}
    if isinstance(action, AcceptBid):
        square = next(sq for sq, bidder in game._turn()["bids"] if bidder == action.bidder)
        return {p: square, action.bidder: -square}
    if isinstance(action, PayFee):
        return {p: -min(game._top()["fee"], game.gold(p))}
    if isinstance(action, TakeItems):  # no gold, unless items over the carry limit make a trade at once
        held = Counter(game.items(p))
        if len(action.slots) == 3:
            held["Matchstick"] -= 1  # struck to take the whole row
        picked = Counter(C.CLAIMS[game._top()["claim"]].rows[action.row][s] for s in action.slots)
        held.update({item: min(n, game.supply[item]) for item, n in picked.items()
                     if item != C.CUBE and not C.ITEMS[item].lightning})
        return {p: 6 * len(item_rules.trades_to_fit(held))}
    if isinstance(action, AcceptRoute):
        return {action.helper: 1}
    return None


def expected_black_marks(game, action) -> set[int]:
    """The change of the actor's Black Marks that ``action`` allows."""
    if isinstance(action, BuyEssentials):
        return {1}
    if isinstance(action, UseItem) and action.item == "Apple Pie":
        return {-1}
    if isinstance(action, TakeItems):  # an Apple Pie taken at 6 items is eaten at once
        return {0, -1}
    return {0}


def check_sheets(game):
    assert game.problems() == []
    for p in range(game.num_players):
        sheet = game._players[p]
        assert sheet["gold"] >= 0 and 0 <= sheet["injuries"] < R.INJURY_LIMIT
        assert min(sheet["bandages"], sheet["poisons"], sheet["black_marks"]) >= 0
        assert sum(sheet["items"].values()) <= C.CARRY_LIMIT


def random_bots(seed: int, players: int) -> list:
    return [RandomBot(seed * 7 + p) for p in range(players)]


def mixed_bots(seed: int, players: int) -> list:
    """Heuristic and random bots side by side (strict: a bot's own error fails the test)."""
    return [HeuristicBot(seed * 7 + p, strict=True) if (seed + p) % 2 else RandomBot(seed * 7 + p)
            for p in range(players)]


def play_and_check(seed: int, make_bots=random_bots):
    options = options_for(seed)
    game = new_game(seed=seed, **options)
    bots = make_bots(seed, game.num_players)
    for _ in range(5000):
        if game.is_over:
            break
        action = bots[game.current_player].choose(game)
        gold = [game.gold(p) for p in range(game.num_players)]
        marks = game._players[action.player]["black_marks"]
        exact = expected_gold_change(game, action)
        allowed_marks = expected_black_marks(game, action)
        game.apply(action)
        change = [game.gold(p) - g for p, g in enumerate(gold)]
        if exact is not None:
            assert change == [exact.get(p, 0) for p in range(game.num_players)], (seed, action)
        else:
            assert all(-R.MAX_PICKINGS <= c <= MOST_IN_ONE_ACTION for c in change), (seed, action, change)
        assert game._players[action.player]["black_marks"] - marks in allowed_marks, (seed, action)
        check_sheets(game)
    assert game.is_over, (seed, options)
    breakdown = game.score_breakdown()
    for sheet, steps, score in zip(game._players, breakdown, game.scores()):
        assert steps["gold"] == sheet["gold"]
        assert steps["notebooks"] == NOTEBOOK_COST * sheet["dashboard"][R.NOTEBOOKS]
        assert steps["tokens"] == -2 * (sheet["bandages"] + sheet["poisons"] + sheet["black_marks"])
        assert score == sum(v for k, v in steps.items() if k != "final")
    return game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_games_keep_every_account(chunk):
    games = [play_and_check(seed) for seed in SEEDS[chunk::CHUNKS]]
    assert {g.num_players for g in games} == {3, 4}
    assert {g.options.long_game for g in games} == {False, True}


@pytest.mark.parametrize("chunk", range(4))
def test_heuristic_and_random_bots_at_one_table_keep_every_account(chunk):
    games = [play_and_check(seed, mixed_bots) for seed in range(5000 + chunk, 5040, 4)]
    assert {g.num_players for g in games} == {3, 4}
