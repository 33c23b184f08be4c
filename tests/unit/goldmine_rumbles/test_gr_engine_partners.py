"""Goldmine Rumbles engine: partners: bids from the owner's left, accepting or rejecting,
the partner's journey and row, and the shared two-dice yield with the rulebook's
examples (about 1 s). Dice are fixed by replacing the state's ``_roll``."""

import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import (
    AcceptBid, Bid, BuyClaim, ChooseDie, Decline, FightClayton, FightRound, InviteBids, MineAlone, NoBid, PayFee,
    RejectBids, RollYield, TakeItems, UseItem,
)
from minegames.goldmine_rumbles.positions import position

STANDARD = M.Mine.standard()
QUIET_RED_FIRST = next(t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"
                       and M.site_distance(STANDARD, 2, t.number) > 0 and M.site_distance(STANDARD, 7, t.number) > 0)
RED, BLUE, GREEN, YELLOW = range(4)


def at_claim_2(red=None, yellow=None, dice=(), **options):
    """Red owns Flooded claim 2 and has taken the top row; Yellow also stands at site 2."""
    track = [QUIET_RED_FIRST] + [n for n in C.TILE_NUMBERS if n != QUIET_RED_FIRST][:2]
    game = position([{"at": 2, "items": {}, **(red or {})}, {"at": 7}, {"at": 7},
                     {"at": 2, "items": {}, **(yellow or {})}], players=4, mine=STANDARD,
                    store=[2, 1, 3, 4, 5], track=track, **options)
    game._roll = iter(dice).__next__
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 0, (0, 1)))
    return game


def test_bids_go_round_from_the_owners_left_one_square_each():
    game = at_claim_2()
    game.apply(InviteBids(RED))
    assert game.current_player == BLUE and game.step == "bids"
    game.apply(Bid(BLUE, 4)).apply(Bid(GREEN, 1))
    with pytest.raises(IllegalActionError):
        game.apply(Bid(YELLOW, 4))  # Blue's square
    game.apply(Bid(YELLOW, 3))
    assert game.current_player == RED and game.step == "accept"
    red, yellow = game.gold(RED), game.gold(YELLOW)
    game.apply(AcceptBid(RED, YELLOW))  # the rulebook's example: Yellow pays Red 3gn
    assert game.gold(RED) == red + 3 and game.gold(YELLOW) == yellow - 3
    assert game.step == "items" and game.current_player == YELLOW  # already at the claim
    with pytest.raises(IllegalActionError) as refused:
        game.apply(TakeItems(YELLOW, 0, (0, 1)))
    assert refused.value.rule == "the other row"
    game.apply(TakeItems(YELLOW, 1, (0, 1)))  # a Matchstick and a Detonator: usable now
    assert game.step == "partner items" and game.current_player == YELLOW
    game.apply(Decline(YELLOW))  # done with the items
    assert game.current_player == RED and RollYield(RED) in game.legal_actions()
    assert MineAlone(RED) not in game.legal_actions()


def test_nobody_bidding_or_every_bid_rejected_means_mining_alone():
    game = at_claim_2()
    game.apply(InviteBids(RED)).apply(NoBid(BLUE)).apply(NoBid(GREEN)).apply(NoBid(YELLOW))
    assert game.current_player == RED and MineAlone(RED) in game.legal_actions()
    assert InviteBids(RED) not in game.legal_actions()
    game = at_claim_2()
    game.apply(InviteBids(RED)).apply(Bid(BLUE, 2)).apply(NoBid(GREEN)).apply(NoBid(YELLOW))
    game.apply(RejectBids(RED))
    assert game.gold(BLUE) == 10 and MineAlone(RED) in game.legal_actions()


def partner_done(game):
    """The partner says they are done with the items picked up (when there is something to use)."""
    if game.step == "partner items":
        game.apply(Decline(game.current_player))
    return game


def partnered(dice, red=None, yellow=None, **options):
    game = at_claim_2(red, yellow, dice=dice, **options)
    game.apply(InviteBids(RED)).apply(NoBid(BLUE)).apply(NoBid(GREEN)).apply(Bid(YELLOW, 1))
    partner_done(game.apply(AcceptBid(RED, YELLOW)).apply(TakeItems(YELLOW, 1, (0, 1))))
    game.apply(RollYield(RED))
    return game


def test_partner_yield_example_both_take_the_four():
    # dice 3 and 4; Red: 2 Water Pumps, 1 Poison -> 4+2-1 = 5; Yellow: 1 Water Pump -> 4+1 = 5
    game = partnered([3, 4, 1], red={"dashboard": {R.WATER_PUMPS: 2}, "poisons": 1},
                     yellow={"dashboard": {R.WATER_PUMPS: 1}})
    red, yellow = game.gold(RED), game.gold(YELLOW)
    assert game.step == "choose die" and game.current_player == RED
    game.apply(ChooseDie(RED, 1)).apply(ChooseDie(YELLOW, 1))
    assert game.gold(RED) - red == 5 and game.gold(YELLOW) - yellow == 5
    assert game.items(RED)["Bread"] == 0 and game.items(YELLOW)["Bread"] == 0  # hazard Bread x1, none held


def test_partner_bible_example():
    # dice 3 and 2: Red takes the 3; Yellow spends a Bible on the 2 -> 6
    game = partnered([3, 2, 3], yellow={"items": {"Bible": 1}})
    red, yellow = game.gold(RED), game.gold(YELLOW)
    game.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 1))
    assert game.step == "bible" and game.current_player == YELLOW
    game.apply(UseItem(YELLOW, "Bible"))
    assert game.gold(RED) - red == 3 and game.gold(YELLOW) - yellow == 6


def test_split_dice_leave_the_partner_the_other_die():
    game = partnered([5, 1, 3], partner_dice=R.SPLIT_DICE)
    game.apply(ChooseDie(RED, 0))
    assert game.legal_actions() == [ChooseDie(YELLOW, 1)]


def test_a_partner_who_cannot_arrive_leaves_the_owner_alone():
    game = at_claim_2()
    game.apply(InviteBids(RED)).apply(Bid(BLUE, 2)).apply(NoBid(GREEN)).apply(NoBid(YELLOW))
    game.apply(AcceptBid(RED, BLUE))
    assert game.step == "travel" and game.current_player == BLUE
    game.apply(Decline(BLUE))
    assert game.current_player == RED and MineAlone(RED) in game.legal_actions()


def clayton_on_the_hazard_die(rounds):
    """Partners Red (Colt +3) and Yellow (Colt +2) dig claim 2; the hazard die shows Papa Clayton."""
    dice = [3, 3, 6] + [d for pair in rounds for d in pair]
    game = partnered(dice, red={"dashboard": {R.COLT_45: 3}, "gold": 8},
                     yellow={"dashboard": {R.COLT_45: 2}, "gold": 8})
    game.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 0))
    assert game.step == "clayton" and game.current_player == RED
    return game


def fight_together(game):
    game.apply(FightClayton(RED)).apply(FightClayton(YELLOW))
    assert game.step == "arm" and game.current_player == RED  # the Blunderbuss from claim 2's top row
    return game.apply(Decline(RED))


def test_two_miners_fight_papa_clayton_together_the_rulebook_example():
    game = clayton_on_the_hazard_die([(5, 4), (4, 1), (1, 6)])
    game.apply(FightClayton(RED))
    assert game.step == "clayton" and game.current_player == YELLOW
    game.undo()
    fight_together(game)
    assert game.step == "fight" and game._top()["sides"] == [RED, YELLOW, -1]
    for _ in range(3):
        game.apply(FightRound(RED))
    assert game.player(RED)["injuries"] == 2 and game.player(YELLOW)["injuries"] == 2
    assert game._top()["clayton_injuries"] == 3


def test_beating_papa_clayton_together_splits_the_reward():
    game = clayton_on_the_hazard_die([(6, 1), (6, 1)])
    fight_together(game)
    red, yellow = game.gold(RED), game.gold(YELLOW)
    game.apply(FightRound(RED)).apply(FightRound(RED))  # he takes 2 injuries a round
    assert game.gold(RED) - red == R.fight_pickings(red, 43) + 2
    assert game.gold(YELLOW) - yellow == R.fight_pickings(yellow, 43) + 2
    assert game.step == "spoils" and game.current_player == RED


def test_a_miner_beaten_by_papa_clayton_leaves_the_partner_fighting_alone():
    game = clayton_on_the_hazard_die([(1, 6)] * 4)
    fight_together(game)
    game._players[RED]["injuries"] = 3  # Red comes into the fight already hurt
    game.apply(FightRound(RED))
    assert game.player(RED)["bandages"] == 1 and game._top()["sides"] == [YELLOW, -1]
    assert game.current_player == YELLOW


def test_one_partner_pays_the_other_fights_alone():
    game = clayton_on_the_hazard_die([])
    gold = game.gold(RED)
    game.apply(PayFee(RED)).apply(FightClayton(YELLOW))
    assert game.gold(RED) < gold and game._top()["sides"] == [YELLOW, -1]


def test_the_partner_winds_down_after_the_hazard_die():
    game = partnered([3, 3, 4], yellow={"items": {"Whiskey": 1}})  # hazard: Cave-in x3
    game.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 0))
    assert game.step == "wind down" and game.current_player == YELLOW
    game.apply(UseItem(YELLOW, "Whiskey"))
    assert game.player(YELLOW)["injuries"] == 0 and game.current_player == RED and game.step == "turn"


def test_the_picture_names_the_bids_and_the_yield_dice():
    from minegames.goldmine_rumbles.render import decision_summary

    game = at_claim_2(dice=[3, 4])
    game.apply(InviteBids(RED)).apply(Bid(BLUE, 2))
    assert decision_summary(game) == "Bids for a partner: Blue 2gn · Green to bid"   # miners by colour, not seat
    game.apply(NoBid(GREEN)).apply(Bid(YELLOW, 1))
    assert decision_summary(game) == "Bids for a partner: Yellow 1gn, Blue 2gn · Red to choose"
    partner_done(game.apply(AcceptBid(RED, YELLOW)).apply(TakeItems(YELLOW, 1, (0, 1)))).apply(RollYield(RED))
    assert decision_summary(game) == "Yield dice 3 and 4 · Red chooses a die"


def test_a_partner_may_use_an_item_just_picked_up_at_the_claim():
    # A partner's window for single-use items opens when the bid fee is paid and closes only once
    # the items picked up at the claim have been chosen and used (the rulebook's item timing list).
    game = at_claim_2()
    game.apply(InviteBids(RED)).apply(NoBid(BLUE)).apply(NoBid(GREEN)).apply(Bid(YELLOW, 1))
    game.apply(AcceptBid(RED, YELLOW)).apply(TakeItems(YELLOW, 1, (0, 1)))  # Matchstick, Detonator
    assert game.step == "partner items" and game.current_player == YELLOW
    peeks = [a for a in game.legal_actions() if type(a).__name__ == "Peek"]
    assert peeks and Decline(YELLOW) in game.legal_actions()
    game.apply(peeks[0])  # the Detonator found at the claim, used by the partner
    assert game.items(YELLOW)["Detonator"] == 0 and len(game.player(YELLOW)["peeked"]) == 1
    assert game.current_player == RED and RollYield(RED) in game.legal_actions()  # nothing left to use
