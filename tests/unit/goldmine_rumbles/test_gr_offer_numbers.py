"""Goldmine Rumbles: the numbers beside bids, robberies, yield dice and fights, each checked against
a computation written here from the rules (a breadth-first search for tile turns, a fight recursion,
the engine playing the choice out). Positions come from the position helper on the standard mine."""

from fractions import Fraction
from functools import lru_cache
from itertools import product

from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles import offer_odds as O
from minegames.goldmine_rumbles import wording
from minegames.goldmine_rumbles.actions import (
    AcceptBid, AttackPlayer, Bid, BuyClaim, ChooseDie, Decline, FightRound, InviteBids, NoBid, RollYield, TakeItems,
    Travel, UseItem,
)
from minegames.goldmine_rumbles.engine_common import position_key
from minegames.goldmine_rumbles.positions import position
from widgets.components import percent
from widgets.goldmine_rumbles import GoldmineRumblesApp, Hints, TableDice

STANDARD = M.Mine.standard()
RED, BLUE, GREEN, YELLOW = range(4)


def quiet_track(*sites, tiles=4):
    """Rumbles tiles (4 with 3 players, 3 with 4) with Red first, the first hurting nobody at ``sites``."""
    first = next(t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"
                 and all(M.site_distance(STANDARD, s, t.number) > 0 for s in sites))
    return [first] + [n for n in C.TILE_NUMBERS if n != first][:tiles - 1]


def fewest_tile_turns(mine, origin, goal, most):
    """Breadth-first over (mine, place): the fewest Dynamite tile turns that open a walk to ``goal``."""
    layer = {(mine, origin)}
    seen = set(layer)
    for turns in range(most + 1):
        walked, stack = set(layer), list(layer)
        while stack:
            here_mine, here = stack.pop()
            if here == goal:
                return turns
            for _, target in M.moves(here_mine, here):
                if (here_mine, target) not in walked:
                    walked.add((here_mine, target))
                    stack.append((here_mine, target))
        seen |= walked
        layer = {(m.rotated(cell, t), here) for m, here in walked
                 for cell in M.dynamite_targets(m, here) for t in (1, 2, 3)} - seen
    return None


@lru_cache(maxsize=None)
def duel(edge, mine, theirs, my_leaves=0, their_leaves=0):
    """(win, lose) for the first side, both sides chewing leaves as suits them, the first side first."""
    if mine >= 4 or theirs >= 4:
        return Fraction(int(theirs >= 4 > mine)), Fraction(int(mine >= 4 > theirs))
    win = lose = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        def after(margin, mine_left, theirs_left):
            hurt_me, hurt_them = (1, 0) if margin < 0 else (0, 1) if margin > 0 else (1, 1)
            return duel(edge, mine + hurt_me, theirs + hurt_them, mine_left, theirs_left)

        def reply(margin, mine_left):
            options = [after(margin, mine_left, their_leaves)]
            if their_leaves:
                options.append(after(margin - 3, mine_left, their_leaves - 1))
            return max(options, key=lambda v: (v[1], -v[0]))
        options = [reply(a - b + edge, my_leaves)]
        if my_leaves:
            options.append(reply(a - b + edge + 3, my_leaves - 1))
        best = max(options, key=lambda v: (v[0], -v[1]))
        win += best[0] / 36
        lose += best[1] / 36
    return win, lose


# ---- bids --------------------------------------------------------------------------------------------


def bidding(blue):
    """Red owns Flooded claim 2 and invites bids; Blue, at site 7, is the first to bid."""
    game = position([{"at": 2, "items": {}}, {"at": 7, **blue}, {"at": 7}, {"at": 7}], players=4,
                    mine=STANDARD, store=[2, 1, 3, 4, 5], track=quiet_track(2, 7, tiles=3))
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 0, (0, 1))).apply(InviteBids(RED))
    assert game.current_player == BLUE and game.step == "bids"
    return game


def test_a_bid_on_a_claim_out_of_reach_says_so_and_names_the_claim():
    game = bidding({"gold": 1, "items": {}})
    needed = fewest_tile_turns(STANDARD, 7, 2, 3)
    assert needed == 1  # one tile turn opens the way, and Blue can pay for none once the bid is paid
    offer = O.bid_offer(game, BLUE, 1)
    assert not offer.reachable and offer.value is None and offer.budget.turns == 0
    label = Hints(game, BLUE).label(Bid(BLUE, 1))
    assert label.startswith("Bid 1gn on claim #2: you cannot reach it") and "expected" not in label


def test_a_bid_within_reach_counts_the_dynamite_bought_and_the_partner_yield():
    game = bidding({"gold": 5, "items": {}})
    offer = O.bid_offer(game, BLUE, 1)
    assert offer.reachable and offer.journey.blasts == fewest_tile_turns(STANDARD, 7, 2, 3) == 1
    # Blue has no cubes and no tokens on Flooded claim 2, and shares the better of two dice
    partner_yield = sum(Fraction(max(a, b), 36) for a, b in product(range(1, 7), repeat=2))
    tokens = Fraction(2 * len(offer.journey.hazards))  # no Bread, no Blunderbuss: each one poisons
    expected = partner_yield - 1 - 1 - R.END_TOKEN_COST - tokens  # bid, one Dynamite, its Black Mark
    assert offer.value == expected
    assert f"({float(expected):+.1f}gn expected" in Hints(game, BLUE).label(Bid(BLUE, 1))


# ---- robberies -----------------------------------------------------------------------------------------


def robbing(red, blue, red_at, blue_at):
    return position([{"at": red_at, **red}, {"at": blue_at, **blue}, {"at": 1}], players=3, mine=STANDARD,
                    track=quiet_track(red_at, blue_at, 1))


def test_a_robbery_out_of_reach_says_so():
    game = robbing({"gold": 0, "items": {}}, {"items": {}}, 8, 12)
    assert fewest_tile_turns(STANDARD, 8, 12, 2) is None  # three tile turns are needed at least
    offer = O.rob_offer(game, RED, BLUE)
    assert not offer.reachable and offer.odds is None
    label = Hints(game, RED).label(AttackPlayer(RED, BLUE))
    assert label.startswith("Rob Blue: you cannot reach them") and "win" not in label


def test_a_robbery_past_a_rat_and_a_snake_counts_the_poison_picked_up():
    red = {"gold": 5, "items": {}, "dashboard": {R.COLT_45: 3}}
    game = robbing(red, {"items": {}}, 4, 7)
    offer = O.rob_offer(game, RED, BLUE)
    assert offer.hazards == ("rat", "snake")
    # play the walk with the engine: the penalty Red arrives with is what the fight is fought with
    game.apply(AttackPlayer(RED, BLUE))
    game.apply(Travel(RED, position_key(7)))
    assert game.step == "fight" and game.penalty(RED) == 2
    colt = R.column_effect(R.COLT_45, 3)
    on_arrival, _ = duel(colt - 2, 0, 0)
    there_now, _ = duel(colt, 0, 0)
    assert offer.odds.win == on_arrival and offer.odds_here.win == there_now and on_arrival < there_now
    label = Hints(robbing(red, {"items": {}}, 4, 7), RED).label(AttackPlayer(RED, BLUE))
    assert label.startswith(f"Rob Blue (win {percent(on_arrival)}, on arrival after a snake, a rat; "
                            f"{percent(there_now)} if there now")


def test_a_robbery_counts_the_chippawa_leaf_the_victim_holds():
    red = {"items": {}, "dashboard": {R.COLT_45: 3}}
    with_leaf = robbing(red, {"items": {"Chippawa Leaf": 1}}, 4, 4)
    without = robbing(red, {"items": {}}, 4, 4)
    edge = R.column_effect(R.COLT_45, 3)
    leaf_win, leaf_lose = duel(edge, 0, 0, 0, 1)
    plain_win, _ = duel(edge, 0, 0)
    odds = O.rob_offer(with_leaf, RED, BLUE).odds
    assert (odds.win, odds.lose) == (leaf_win, leaf_lose)
    assert O.rob_offer(without, RED, BLUE).odds.win == plain_win > leaf_win
    label = Hints(with_leaf, RED).label(AttackPlayer(RED, BLUE))
    assert "1 Chippawa Leaf counted" in label


def test_a_defenders_leaf_matches_a_seeded_simulation_of_the_engine():
    """The engine fights 400 robberies with a defender who chews the leaf when it changes the round."""
    import numpy as np

    red = {"items": {}, "dashboard": {R.COLT_45: 1}}
    blue = {"items": {"Chippawa Leaf": 1}}
    exact = O.rob_offer(robbing(red, blue, 4, 4), RED, BLUE).odds.win
    rng = np.random.default_rng(20)
    wins = trials = 0
    for _ in range(400):
        game = robbing(red, blue, 4, 4)
        game._roll = lambda: int(rng.integers(1, 7))
        game.apply(AttackPlayer(RED, BLUE))
        while game.fight_record is not None:
            if game.step == "chippawa":
                fight = game.fight_record
                mine, theirs = game.fight_bonus(RED), game.fight_bonus(BLUE)
                margin = fight["dice"][1] + theirs - fight["dice"][0] - mine
                chew = -3 <= margin <= 0  # the leaf turns a loss or a tie into a won round
                game.apply(UseItem(BLUE, "Chippawa Leaf") if chew else Decline(BLUE))
            elif game.step == "fight":
                game.apply(FightRound(game.current_player))
            else:
                break
        trials += 1
        wins += "Red beats Blue" in " ".join(text for _, text in game.log)
    assert abs(wins / trials - float(exact)) < 4 * (float(exact) * (1 - float(exact)) / trials) ** 0.5 + 0.01


# ---- fights: the log's scores and the app's table ------------------------------------------------------


def test_a_round_with_a_leaf_is_scored_with_it_in_the_log_and_the_table():
    red = {"items": {}, "dashboard": {R.COLT_45: 2}, "injuries": 3}
    blue = {"items": {"Chippawa Leaf": 1}, "poisons": 1, "injuries": 3}
    game = robbing(red, blue, 4, 4)
    game._roll = iter([3, 5]).__next__
    table = TableDice()
    before = len(game.log)
    game.apply(AttackPlayer(RED, BLUE))
    table.read(game, [t for _, t in list(game.log)[before:]], None, RED)
    fight = {"sides": list(game.fight_record["sides"])}
    for action in (FightRound(RED), UseItem(BLUE, "Chippawa Leaf")):
        before = len(game.log)
        game.apply(action)
        table.read(game, [t for _, t in list(game.log)[before:]], fight, RED)
    scores = [wording.fight_scores_in(t) for _, t in game.log if wording.fight_scores_in(t)]
    red_score, blue_score = scores[-1]
    colt = R.column_effect(R.COLT_45, 2)
    assert (red_score.die, red_score.total) == (3, 3 + colt)  # 3 + Colt 45
    assert (blue_score.die, blue_score.total) == (5, 5 + 3 - 1)  # 5 + Chippawa Leaf - a Poison
    assert (red_score.injuries, blue_score.injuries) == (4, 3)  # Red's total is lower: Red reaches 4
    html = table.fight_html()
    assert f"= <b>{3 + colt}</b>" in html and "+3 Chippawa Leaf" in html and "= <b>7</b>" in html
    assert "4 injuries" in html and "(over)" in html


# ---- the route finder with Explosives Manuals --------------------------------------------------------


def test_the_route_finder_uses_every_tile_turn_one_dynamite_gives():
    assert fewest_tile_turns(STANDARD, 8, 12, 2) is None and fewest_tile_turns(STANDARD, 8, 12, 3) == 3
    red = {"gold": 0, "items": {"Dynamite": 1}, "dashboard": {R.EXPLOSIVES_MANUALS: 2}}
    game = robbing(red, {"items": {}}, 8, 4)
    assert O.dynamite_budget(game, RED).turns == 3  # one Dynamite, three turns each, nothing to buy with
    app = GoldmineRumblesApp(state=game, live=False)
    app.click_site(12)
    app.run_deferred()
    assert "needs <b>1 Dynamite</b>" in app.route_text.value
    poorer = robbing({**red, "dashboard": {R.EXPLOSIVES_MANUALS: 1}}, {"items": {}}, 8, 4)
    app = GoldmineRumblesApp(state=poorer, live=False)
    app.click_site(12)
    app.run_deferred()
    assert "No way to claim site 12" in app.route_text.value and "2 tile turns" in app.route_text.value


# ---- the yield die with a Bible ------------------------------------------------------------------------


def test_a_die_choice_shows_what_the_bible_makes_of_it():
    game = position([{"at": 2, "items": {}}, {"at": 7}, {"at": 7}, {"at": 2, "items": {"Bible": 1}}], players=4,
                    mine=STANDARD, store=[2, 1, 3, 4, 5], track=quiet_track(2, 7, tiles=3))
    game._roll = iter([3, 1, 3]).__next__
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 0, (0, 1))).apply(InviteBids(RED))
    game.apply(NoBid(BLUE)).apply(NoBid(GREEN)).apply(Bid(YELLOW, 1)).apply(AcceptBid(RED, YELLOW))
    game.apply(TakeItems(YELLOW, 1, (0, 1)))
    if game.step == "partner items":
        game.apply(Decline(YELLOW))
    game.apply(RollYield(RED)).apply(ChooseDie(RED, 0))
    assert game.current_player == YELLOW and game.step == "choose die"
    hints = Hints(game, YELLOW)
    with_bible = R.BIBLE_ITEM_TEXT[1]  # no cubes, no tokens: the face is the gold
    assert hints.label(ChooseDie(YELLOW, 1)) == f"Take die 2: a 1, 1gn, {with_bible}gn with the Bible"
    assert hints.label(ChooseDie(YELLOW, 0)) == "Take die 1: a 3, 3gn"
    gold = game.gold(YELLOW)
    game.apply(ChooseDie(YELLOW, 1)).apply(UseItem(YELLOW, "Bible"))
    assert game.gold(YELLOW) - gold == with_bible
