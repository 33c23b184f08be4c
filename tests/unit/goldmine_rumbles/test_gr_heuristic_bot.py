"""Goldmine Rumbles heuristic bot: legal and sensible choices, a clear edge over random play,
games that end, and decisions that ignore what its player cannot see (about 10 s).

Decision tests build positions with the engine tests' helpers and fix the dice through
the state's ``_roll``."""

import statistics

import numpy as np
import pytest

from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.actions import (
    AcceptBid, AttackPlayer, Bid, BuyEssentials, ChooseDie, Decline, Discard, Dismiss, FightClayton, FightRound,
    InviteBids, MineAlone, NoBid, PayFee, Pick, Steal, Swap, Trade, UseItem,
)
from minegames.core import play
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.heuristic_bot import FREE_ACTIONS_PER_TURN, HeuristicBot
from minegames.goldmine_rumbles.positions import new_game

from .test_gr_engine_fights import duel, rounds
from .test_gr_engine_partners import BLUE, GREEN, RED, YELLOW, at_claim_2, partnered

NO_FIGHT_ITEMS = 0  # mission 0 (Detonator, Pipe, Medical Supplies, Flask): no Bible, Leaf or Blunderbuss
FREE_ACTIONS = (BuyEssentials, Discard, Trade, Steal, Swap, Pick)


def mixed_bots(seed, players):
    """Heuristic bots on every other seat (rotating with the seed), random bots on the rest."""
    heuristic = {(seed + k) % players for k in range(0, players, 2)}
    bots = [HeuristicBot(seed * 7 + p, strict=True) if p in heuristic else RandomBot(seed * 7 + p)
            for p in range(players)]
    return bots, heuristic


# ---- legality ---------------------------------------------------------------------------------

def test_every_choice_is_legal_in_positions_random_play_reaches():
    """Random games visit odd corners (Pipes, snakes, wind-downs); the bot is asked at each decision."""
    asked = set()
    for players in (3, 4):
        for seed in range(3):
            game = new_game(40 + seed, players=players)
            advisers = [HeuristicBot(seed + p, strict=True) for p in range(players)]
            randoms = [RandomBot(seed * 5 + p) for p in range(players)]
            while not game.is_over:
                p = game.current_player
                choice = advisers[p].choose(game)
                assert game.is_legal(choice), (game.step, choice)
                asked.add(game.step)
                game.apply(randoms[p].choose(game))
    assert {"place cubes", "turn", "travel", "items", "bids", "accept", "fight"} <= asked


def test_heuristic_bots_only_play_legal_actions_and_few_free_actions_a_turn():
    for players in (3, 4):
        for seed in range(4):
            game = new_game(60 + seed, players=players)
            bots, heuristic = mixed_bots(seed, players)
            free_used = {}
            while not game.is_over:
                p = game.current_player
                action = bots[p].choose(game)
                assert game.is_legal(action), (game.step, action)
                if p in heuristic and (isinstance(action, FREE_ACTIONS) or (
                        isinstance(action, UseItem) and game.step in ("turn", "travel", "items"))):
                    key = (game.phase, game.turn_player)
                    free_used[key] = free_used.get(key, 0) + 1
                    assert free_used[key] <= FREE_ACTIONS_PER_TURN
                game.apply(action)


def test_heuristic_bots_alone_finish_a_game_within_the_action_cap():
    for players in (3, 4):
        game = play(new_game(7, players=players), [HeuristicBot(p, strict=True) for p in range(players)],
                         max_actions=3000)
        assert game.is_over and not game.problems()
        assert max(game.scores()) > 20  # they mine: twelve turns leave someone well off


# ---- strength ----------------------------------------------------------------------------------

def test_heuristic_bots_score_far_more_than_random_bots():
    """24 seeded games (12 with 3 players, 12 with 4): measured means about 33 against 0."""
    heuristic_scores, random_scores = [], []
    for players in (3, 4):
        for seed in range(12):
            bots, heuristic = mixed_bots(seed, players)
            game = play(new_game(100 + seed, players=players), bots, max_actions=3000)
            assert game.is_over
            for p, score in enumerate(game.scores()):
                (heuristic_scores if p in heuristic else random_scores).append(score)
    assert statistics.mean(heuristic_scores) - statistics.mean(random_scores) > 20


# ---- hidden information --------------------------------------------------------------------------

def hidden_twin(game, p):
    """A copy that differs from ``game`` only in what ``p`` cannot see."""
    twin = game.copy()
    for q, sheet in enumerate(twin._players):
        if q != p:
            sheet["mission"] = (sheet["mission"] + 3) % len(C.MISSIONS)
    shown = set(range(twin._revealed)) | set(twin._players[p]["peeked"])
    hidden = [i for i in range(len(twin._track)) if i not in shown]
    unseen = [t for t in C.TILE_NUMBERS if t not in {twin._track[i] for i in shown}]
    for i, tile in zip(hidden, reversed(unseen)):
        twin._track[i] = tile
    twin._pile[1:] = reversed(twin._pile[1:])
    twin.rng = np.random.default_rng(12345)
    return twin


def test_choices_ignore_other_missions_unrevealed_tiles_and_the_pile():
    changed = 0
    for players in (3, 4):
        game = new_game(21, players=players)
        bots = [HeuristicBot(p, strict=True) for p in range(players)]
        step = 0
        while not game.is_over:
            p = game.current_player
            if step % 3 == 0:
                twin = hidden_twin(game, p)
                assert twin.view(p) == game.view(p)
                other = (p + 1) % players
                changed += twin.mission(other) != game.mission(other)
                assert HeuristicBot(99, strict=True).choose(twin) == HeuristicBot(99, strict=True).choose(game)
            game.apply(bots[p].choose(game))
            step += 1
    assert changed  # the twins really held other secrets


# ---- single decisions ---------------------------------------------------------------------------------

def test_a_bible_dismisses_the_dice_only_when_the_round_would_lose_the_fight():
    # Red attacks and rolls 6 against Blue's 2: Blue at 3 injuries would reach 4 and lose
    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}, "injuries": 3}, [6, 2])
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 1)
    assert game.step == "dismiss"
    assert HeuristicBot(1, strict=True).choose(game) == Dismiss(BLUE, R.BOTH)  # 15/36 to win it back
    void = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}, "injuries": 3}, [6, 2],
                bible_in_fights=R.DISMISS_VOID)
    void.apply(AttackPlayer(RED, BLUE))
    rounds(void, 1)
    assert HeuristicBot(1, strict=True).choose(void) == Dismiss(BLUE, R.BOTH)  # the round does not count
    calm = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}}, [6, 2])
    calm.apply(AttackPlayer(RED, BLUE))
    rounds(calm, 1)
    assert HeuristicBot(1, strict=True).choose(calm) == Decline(BLUE)  # one injury of four: keep the Bible


def test_a_chippawa_leaf_is_played_when_it_turns_the_round():
    def leaf_choice(dice):
        game = duel({"gold": 20, "items": {"Chippawa Leaf": 1}, "mission": NO_FIGHT_ITEMS}, {"gold": 20, "items": {}},
                    dice)
        game.apply(AttackPlayer(RED, BLUE))
        rounds(game, 1)
        assert game.step == "chippawa"
        return HeuristicBot(1, strict=True).choose(game)

    assert leaf_choice([3, 5]) == UseItem(RED, "Chippawa Leaf")  # 3 + 3 beats 5
    assert leaf_choice([6, 1]) == Decline(RED)  # already won
    assert leaf_choice([1, 6]) == Decline(RED)  # lost anyway


def test_a_bible_lifts_a_low_yield_die_when_mining_alone():
    game = at_claim_2(red={"items": {"Bible": 1}, "mission": NO_FIGHT_ITEMS}, dice=[1, 3])
    game.apply(MineAlone(RED))
    assert game.step == "bible" and HeuristicBot(0, strict=True).choose(game) == UseItem(RED, "Bible")


def test_the_owner_invites_bids_and_accepts_the_highest():
    game = at_claim_2()
    assert HeuristicBot(0, strict=True).choose(game) == InviteBids(RED)
    game.apply(InviteBids(RED)).apply(Bid(BLUE, 2)).apply(Bid(GREEN, 5)).apply(Bid(YELLOW, 3))
    assert HeuristicBot(0, strict=True).choose(game) == AcceptBid(RED, GREEN)


def test_a_neighbour_bids_what_partnering_is_worth_to_it():
    def yellow_bid(yellow):
        game = at_claim_2(yellow={"gold": 20, **yellow})  # Yellow already stands at Flooded claim 2
        game.apply(InviteBids(RED)).apply(NoBid(BLUE)).apply(NoBid(GREEN))
        return HeuristicBot(3, strict=True).choose(game)

    assert yellow_bid({"dashboard": {R.WATER_PUMPS: 3}}) == Bid(YELLOW, 4)  # +4 on every die: about 7gn to it
    assert yellow_bid({}) == Bid(YELLOW, 1)  # about 3gn
    assert yellow_bid({"bandages": 4}) == NoBid(YELLOW)  # -4 on the yield leaves nothing to pay for


def test_each_partner_takes_the_die_worth_most_to_them():
    game = partnered([2, 5, 1])
    assert HeuristicBot(0, strict=True).choose(game) == ChooseDie(RED, 1)
    game.apply(ChooseDie(RED, 1))
    assert HeuristicBot(3, strict=True).choose(game) == ChooseDie(YELLOW, 1)


def test_papa_clayton_on_the_hazard_die_weak_miners_pay_strong_ones_fight():
    # Red holds the Blunderbuss from claim 2's top row: +4, less three Poison tokens when weak
    weak = partnered([3, 3, 6], red={"gold": 8, "poisons": 3})
    weak.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 0))
    assert weak.step == "clayton" and HeuristicBot(0, strict=True).choose(weak) == PayFee(RED)
    strong = partnered([3, 3, 6], red={"gold": 8, "dashboard": {R.COLT_45: 4}})
    strong.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 0))
    assert HeuristicBot(0, strict=True).choose(strong) == FightClayton(RED)  # even odds for 12gn and an item


def test_a_strong_miner_robs_a_rich_hurt_neighbour():
    game = duel({"gold": 5, "dashboard": {R.COLT_45: 4}, "items": {}},
                {"gold": 45, "items": {"Pipe": 1}, "injuries": 3}, [])
    assert HeuristicBot(0, strict=True).choose(game) == AttackPlayer(RED, BLUE)
    quiet = duel({"gold": 5, "items": {}}, {"gold": 45, "items": {}, "dashboard": {R.COLT_45: 4}}, [])
    assert HeuristicBot(0, strict=True).choose(quiet) != AttackPlayer(RED, BLUE)


def test_an_unknown_decision_falls_back_to_decline_or_another_legal_action():
    class Forgetful(HeuristicBot):
        _on_dismiss = None
        _on_fight = None

    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}, "injuries": 3}, [6, 2])
    game.apply(AttackPlayer(RED, BLUE))
    assert Forgetful(0, strict=True).choose(game) == FightRound(RED)
    rounds(game, 1)
    assert Forgetful(0, strict=True).choose(game) == Decline(BLUE)


def test_a_person_plays_a_whole_game_against_two_heuristic_bots():
    """play stops at each of the person's decisions; here a RandomBot stands in for the person."""
    from minegames.goldmine_rumbles.bots import HeuristicBot as Bot, RandomBot as Person
    from minegames.goldmine_rumbles.positions import new_game as fresh

    game = fresh(seed=11, players=3)
    bots, person = {1: Bot(1, strict=True), 2: Bot(2, strict=True)}, Person(0)
    decisions = 0
    while not play(game, bots).is_over and decisions < 2000:
        assert game.current_player == 0
        game.apply(person.choose(game))
        decisions += 1
    assert decisions > 10 and game.is_over and len(game.scores()) == 3


def test_the_bot_pipes_spare_cubes_into_the_yield_column_before_digging():
    """The rulebook's Pipe example: at Flooded claim 2, cubes moved onto Water Pumps pay at once."""
    from minegames.goldmine_rumbles.actions import MoveCube as Move

    red = {"items": {"Pipe": 1}, "dashboard": {R.TUNNEL_PLANS: 3}}
    game = at_claim_2(red=red)
    bot = HeuristicBot(0, strict=True)
    moved = []
    for _ in range(6):
        action = bot.choose(game)
        if not isinstance(action, (UseItem, Move)):
            break
        moved.append(action)
        game.apply(action)
    assert moved[0] == UseItem(RED, "Pipe") and game.dashboard(RED)[R.WATER_PUMPS] == 3
    assert all(m.target == R.WATER_PUMPS for m in moved[1:]) and game.step == "turn"


def test_the_bot_keeps_its_pipe_when_moving_cubes_would_not_pay():
    red = {"items": {"Pipe": 1}, "dashboard": {R.WATER_PUMPS: 3}}
    game = at_claim_2(red=red)
    assert HeuristicBot(0, strict=True).choose(game) != UseItem(RED, "Pipe")


def test_the_flask_refreshes_the_store_only_when_new_claims_could_be_bought():
    from minegames.goldmine_rumbles.heuristic_bot import _Me
    from minegames.goldmine_rumbles.positions import position

    for gold, refreshes in ((0, False), (20, True)):
        game = position([{"gold": gold, "items": {"Flask": 1}}], seed=0, players=3)
        while game.current_player != 0:
            game.apply(HeuristicBot(game.current_player).choose(game))
        bot = HeuristicBot(0, strict=True)
        refresh = bot._flask_refresh(game, _Me(game, 0), game.legal_actions())
        assert (refresh is not None) == refreshes
        if refreshes:
            assert refresh.slots == (0, 1, 2, 3, 4) and refresh in game.legal_actions()


def test_opening_plans_put_the_first_cubes_in_different_columns():
    from collections import Counter

    from minegames.core import play
    from minegames.goldmine_rumbles.actions import PlaceCube

    def first_cubes(plan):
        game = new_game(seed=21, players=3)
        bots = [HeuristicBot(p, strict=True, plan=plan) for p in range(3)]
        first = Counter()
        while len(first) < 3:
            action = bots[game.current_player].choose(game)
            if isinstance(action, PlaceCube) and action.player not in {p for p, _ in first}:
                first[(action.player, action.column)] += 1
            game.apply(action)
        return {column for _, column in first}

    assert first_cubes("investor") == {"Company Shares"}
    assert "Company Shares" not in first_cubes("prospector")
    assert first_cubes("brawler") == {"Colt 45"}
    with pytest.raises(ValueError):
        HeuristicBot(0, plan="grandmaster")
    assert play(new_game(seed=22, players=3), [HeuristicBot(p, plan="prospector") for p in range(3)]).is_over
