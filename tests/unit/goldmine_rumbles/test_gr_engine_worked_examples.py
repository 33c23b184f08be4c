"""Goldmine Rumbles engine: every worked example of the facts file
(shared/rules/facts-goldmine.md, "Worked examples in the rulebook") played through the
engine with actions, from a hand-made ``position`` to the expected gold, tokens, injuries
or end score. test_gr_dice_rules.py checks the same examples against the pure dice rules;
here they must also come out of the turn flow. Where the rulebook contradicts itself, the
test names the option under which the example holds (and shows the other reading).

Dice are fixed by replacing the state's ``_roll`` with a list of results, as the other
engine tests do; the fight and partner set-ups are imported from their test modules.
Runtime: about a second.
"""

import pytest

from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import (
    AcceptBid, AttackPapaClayton, AttackPlayer, Bid, BuyClaim, BuyEssentials, ChooseDie, EndTurn, FightRound,
    InviteBids, MineAlone, MoveCube, PayFee, PlaceCube, TakeItems, UseItem,
)
from minegames.goldmine_rumbles.positions import position

from .test_gr_engine_fights import duel, rounds
from .test_gr_engine_partners import (
    BLUE, GREEN, RED, YELLOW, at_claim_2, clayton_on_the_hazard_die, fight_together, partnered,
)
from .test_gr_engine_turns import with_dice

STANDARD = M.Mine.standard()
# Rumbles tile 3 orders Red, Blue, Green, Yellow and lies one tile away from sites 2 and 3 (no
# phase-1 injury there); tiles 7 and 9 lie three tiles from site 2, so later phases leave it alone.
RED_FIRST_TRACK = (3, 7, 9, 8)


def red_to_play(*sheets, players=None, track=None, store=(2, 1, 3, 4, 5), dice=(), **options):
    """A position on the standard mine at the first turn, which is Red's.

    ``sheets`` describe Red, Blue, ... as ``position`` takes them; ``dice`` feed every roll in order.
    """
    players = players or max(3, len(sheets))
    track = track or RED_FIRST_TRACK[:len(C.phase_cubes(players))]
    game = position(list(sheets), players=players, mine=STANDARD, store=list(store), pile=[16, 15, 14],
                    track=list(track), **options)
    assert game.turn_player == RED and game.step == "turn"
    return with_dice(game, *dice)


def next_phase(game, column_for=lambda p: R.COLT_45):
    """End the turns left in this phase, then place the next phase's cubes: each miner's on the
    column ``column_for`` names, or on the first free one that is not Notebooks (gold stays put)."""
    assert game.step in ("turn", "place cubes", "game over"), game.step
    while game.step == "turn":
        game.apply(EndTurn(game.current_player))
    while game.step == "place cubes":
        p = game.current_player
        free = [action.column for action in game.legal_actions()]
        wanted = column_for(p)
        game.apply(PlaceCube(p, wanted if wanted in free else next(c for c in free if c != R.NOTEBOOKS)))
    return game


def play_to_the_end(game, column_for=lambda p: R.COLT_45):
    while not game.is_over:
        next_phase(game, column_for)
    return game


def buy_claim_2_and_take(game, red_row=1):
    """Red buys claim 2 (Flooded) from store square 1 and takes two items of a row: by default
    Matchstick and Detonator, which ask no questions later."""
    return game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, red_row, (0, 1)))


# ---- end scoring -----------------------------------------------------------------------------


def test_mission_bonus_example_1_2_3_4_items_score_1_3_6_10_at_the_end():
    sheets = [{"mission": p, "items": dict.fromkeys(C.MISSIONS[p][:p + 1], 1)} for p in range(4)]
    game = play_to_the_end(red_to_play(*sheets, players=4))
    assert [steps["mission"] for steps in game.score_breakdown()] == [1, 3, 6, 10]


@pytest.mark.parametrize("marks, bonuses", [
    ([0, 1, 2, 3], [10, 0, 0, 0]),  # 4 players, one alone on the fewest
    ([1, 1, 2, 3], [6, 6, 0, 0]),  # two tied
    ([1, 1, 1, 2], [3, 3, 3, 0]),  # three tied
    ([1, 1, 2], [6, 6, 0]),  # the 3-player case
    ([2, 2, 2, 2], [0, 0, 0, 0]),  # all equal: nobody
    ([1, 1, 1], [0, 0, 0]),
])
def test_black_mark_bonus_examples_at_the_end(marks, bonuses):
    game = play_to_the_end(red_to_play(*({"black_marks": m} for m in marks), players=len(marks)))
    breakdown = game.score_breakdown()
    assert [steps["fewest black marks"] for steps in breakdown] == bonuses
    assert [steps["tokens"] for steps in breakdown] == [
        -2 * (game.player(p)["black_marks"] + game.player(p)["bandages"] + game.player(p)["poisons"])
        for p in range(len(marks))]
    assert [game.player(p)["black_marks"] for p in range(len(marks))] == marks


def test_tokens_example_five_tokens_cost_4_in_play_but_10gn_at_the_end():
    """4 tokens take 4 off a yield; a fifth takes nothing more in play but 2gn more at the end."""
    results = {}
    for bandages, poisons in ((0, 0), (3, 1), (3, 2)):
        red = {"at": 2, "items": {"Bread": 1}, "dashboard": {R.WATER_PUMPS: 3}, "bandages": bandages,
               "poisons": poisons}
        game = red_to_play(red, players=4, dice=(6, 1))  # a 6 at Flooded claim 2, then Bread x1
        buy_claim_2_and_take(game)
        gold = game.gold(RED)
        game.apply(MineAlone(RED))
        dug = game.gold(RED) - gold
        play_to_the_end(game)
        assert (game.player(RED)["bandages"], game.player(RED)["poisons"]) == (bandages, poisons)
        results[bandages + poisons] = (dug, game.score_breakdown()[RED]["tokens"])
    assert results == {0: (10, 0), 4: (6, -8), 5: (6, -10)}


def test_notebook_example_31gn_and_a_pipe_moving_three_cubes_leave_16gn_and_give_15gn_back_at_the_end():
    """The example's note holds too: at 16gn (bag 2) Red's pickings from Blue (20gn, bag 2) are 4, not
    the 2 they would be at 31gn (bag 4)."""
    red = {"gold": 31, "items": {"Pipe": 1}, "dashboard": {R.MINING_TOOLS: 3, R.COLT_45: 4}}
    game = duel(red, {"gold": 20, "items": {}}, [6, 1] * 4)
    game.apply(UseItem(RED, "Pipe"))
    for _ in range(3):
        game.apply(MoveCube(RED, R.MINING_TOOLS, R.NOTEBOOKS))
    assert game.dashboard(RED)[R.NOTEBOOKS] == 3 and game.gold(RED) == 16
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 4)
    assert (game.gold(RED), game.gold(BLUE)) == (16 + 4, 20 - 4)
    steps = play_to_the_end(game).score_breakdown()[RED]
    assert steps["gold"] == 20 and steps["notebooks"] == 15


# ---- buying, bidding and essentials ------------------------------------------------------------


def test_bid_example_green_1_yellow_3_blue_4_red_accepts_yellow_who_pays_3gn():
    game = at_claim_2()
    game.apply(InviteBids(RED))
    bidders = []
    for bidder, square in ((BLUE, 4), (GREEN, 1), (YELLOW, 3)):
        bidders.append(game.current_player)
        game.apply(Bid(bidder, square))
    assert bidders == [BLUE, GREEN, YELLOW]  # from the owner's left
    assert game.bid_board == {4: BLUE, 1: GREEN, 3: YELLOW}
    golds = [game.gold(p) for p in range(4)]
    game.apply(AcceptBid(RED, YELLOW))
    assert [game.gold(p) - golds[p] for p in range(4)] == [3, 0, 0, -3]


@pytest.mark.parametrize("slot, price, paid", [(1, 3, 0), (2, 4, 1), (4, 6, 3)])
def test_company_shares_example_two_cubes_take_3gn_off(slot, price, paid):
    assert C.STORE_PRICES[slot] == price
    game = red_to_play({"at": 2, "items": {}, "dashboard": {R.COMPANY_SHARES: 2}})
    game.apply(BuyClaim(RED, slot))
    assert game.gold(RED) == 10 - paid


def test_essentials_example_three_at_once_cost_3gn_and_one_black_mark():
    game = red_to_play({"at": 2, "items": {}})
    game.apply(BuyEssentials(RED, ("Bread", "Dynamite", "Whiskey")))
    assert game.gold(RED) == 7 and game.player(RED)["black_marks"] == 1
    game.undo()
    for item in ("Bread", "Dynamite", "Whiskey"):  # three purchases are three Black Marks
        game.apply(BuyEssentials(RED, (item,)))
    assert game.gold(RED) == 7 and game.player(RED)["black_marks"] == 3


def test_lightning_example_red_carrying_6_takes_medical_supplies_at_claim_12_and_uses_it_at_once():
    six = {"Bread": 2, "Whiskey": 2, "Dynamite": 2}
    game = red_to_play({"at": 12, "items": six, "bandages": 1}, store=(12, 1, 2, 3, 4))
    supply = game.supply["Medical Supplies"]
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 1, (1, 2)))  # Medical Supplies and a cube
    assert game.player(RED)["bandages"] == 0 and game.items(RED) == six
    assert game.supply["Medical Supplies"] == supply and game.step == "place cubes"


# ---- yields --------------------------------------------------------------------------------------


@pytest.mark.parametrize("claim, bonus", [(2, 1), (3, 0)])  # Flooded claim 2; Hard Rock claim 3
def test_water_pumps_example_one_cube_adds_1gn_at_a_flooded_claim(claim, bonus):
    game = red_to_play({"at": claim, "items": {"Bread": 1}, "dashboard": {R.WATER_PUMPS: 1}},
                       store=(claim, 1, 4, 5, 6), dice=(3, 1))
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 1, (0, 1)))
    gold = game.gold(RED)
    game.apply(MineAlone(RED))
    assert game.gold(RED) - gold == 3 + bonus


def test_pipe_example_red_finds_a_pipe_at_a_flooded_claim_and_moves_3_cubes_onto_water_pumps_for_4gn_more():
    """Claim 5 (Flooded) shows a Bread and a Pipe in its top row; Red takes both."""
    assert C.CLAIMS[5].type == "Flooded" and C.CLAIMS[5].rows[0][:2] == ("Bread", "Pipe")
    board = {R.COLT_45: 1, R.SAFETY_GEAR: 1, R.MINING_TOOLS: 1}
    game = red_to_play({"at": 5, "items": {}, "dashboard": board}, store=(5, 1, 2, 3, 4), dice=(3, 1))
    game.apply(BuyClaim(RED, 0)).apply(TakeItems(RED, 0, (0, 1))).apply(UseItem(RED, "Pipe"))
    for column in board:
        game.apply(MoveCube(RED, column, R.WATER_PUMPS))
    assert game.step == "turn" and game.dashboard(RED)[R.WATER_PUMPS] == 3 and "Pipe" not in game.items(RED)
    gold = game.gold(RED)
    game.apply(MineAlone(RED))
    assert game.gold(RED) - gold == 3 + 4


@pytest.mark.parametrize("bible_table", ["item text", "summary table"])  # both turn a 2 into a 6
def test_alone_example_claim_2_a_rolled_2_with_a_bible_and_3_pumps_digs_10gn(bible_table):
    game = red_to_play({"at": 2, "items": {"Bible": 1, "Bread": 1}, "dashboard": {R.WATER_PUMPS: 3}},
                       dice=(2, 1), bible_table=bible_table)
    buy_claim_2_and_take(game)
    gold = game.gold(RED)
    game.apply(MineAlone(RED))
    assert game.step == "bible" and game.current_player == RED
    game.apply(UseItem(RED, "Bible"))
    assert game.gold(RED) - gold == 10 and "Bible" not in game.items(RED)


@pytest.mark.parametrize("partner_dice, yellow_dice, yellow_dug", [(R.SHARED_DICE, (0, 1), 5),
                                                                    (R.SPLIT_DICE, (0,), 4)])
def test_partner_yield_example_dice_3_4_give_both_miners_5gn_when_they_share_the_4(
        partner_dice, yellow_dice, yellow_dug):
    """Red (2 Pumps, 1 Poison) takes the 4: 4+2-1; Yellow (1 Pump) takes the 4 as well: 4+1. The example
    needs the default shared dice: under the split reading Yellow is left the 3."""
    game = partnered([3, 4, 5], red={"dashboard": {R.WATER_PUMPS: 2}, "poisons": 1},
                     yellow={"dashboard": {R.WATER_PUMPS: 1}}, partner_dice=partner_dice)
    red, yellow = game.gold(RED), game.gold(YELLOW)
    game.apply(ChooseDie(RED, 1))
    assert game.legal_actions() == [ChooseDie(YELLOW, die) for die in yellow_dice]
    game.apply(ChooseDie(YELLOW, yellow_dice[-1]))
    assert (game.gold(RED) - red, game.gold(YELLOW) - yellow) == (5, yellow_dug)


@pytest.mark.parametrize("partner_dice", [R.SHARED_DICE, R.SPLIT_DICE])
def test_partner_bible_example_dice_3_2_owner_takes_3_partner_turns_the_2_into_6(partner_dice):
    game = partnered([3, 2, 5], yellow={"items": {"Bible": 1}}, partner_dice=partner_dice)
    red, yellow, bibles = game.gold(RED), game.gold(YELLOW), game.supply["Bible"]
    game.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 1))
    assert game.step == "bible" and game.current_player == YELLOW
    game.apply(UseItem(YELLOW, "Bible"))
    assert (game.gold(RED) - red, game.gold(YELLOW) - yellow) == (3, 6)
    assert game.supply["Bible"] == bibles + 1


def test_gold_track_example_18gn_and_a_yield_of_5_make_23gn_which_is_bag_3():
    """The engine shows a bag only through pickings: Blue (10gn, bag 1) then beats Red and takes
    4 + 3 - 1 = 6 (in bag 2, with 18gn, Red would hand over 5)."""
    red = {"at": 2, "gold": 18, "items": {"Bread": 1}, "dashboard": {R.COMPANY_SHARES: 1}}  # claim 2 free
    game = red_to_play(red, {"at": 2, "gold": 10, "items": {}}, dice=(5, 1) + (6, 1) * 4)
    buy_claim_2_and_take(game).apply(MineAlone(RED))
    assert game.gold(RED) == 23
    game.apply(EndTurn(RED)).apply(AttackPlayer(BLUE, RED))
    rounds(game, 4)
    assert game.player(RED)["bandages"] == 1
    assert (game.gold(BLUE), game.gold(RED)) == (10 + 6, 23 - 6)


@pytest.mark.parametrize("loser_gold, loser_bag", [(30, 3), (31, 4), (40, 4), (41, 5)])
def test_gold_track_example_31_to_40gn_is_bag_4(loser_gold, loser_bag):
    """Red (10gn, bag 1) beats Blue: the pickings 4 + Blue's bag - 1 show Blue's bag."""
    game = duel({"gold": 10, "items": {}, "dashboard": {R.COLT_45: 4}}, {"gold": loser_gold, "items": {}},
                [6, 1] * 4)
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 4)
    assert game.gold(RED) - 10 == 4 + loser_bag - 1 == loser_gold - game.gold(BLUE)


# ---- the hazard die and phase cave-ins -----------------------------------------------------------


def test_hazard_bread_x2_example_red_with_3_tonic_cubes_loses_nothing_yellow_with_1_bread_takes_a_bandage():
    game = partnered([3, 4, 2], red={"dashboard": {R.FORTIFYING_TONIC: 3}, "items": {"Bread": 2}},
                     yellow={"items": {"Bread": 1}})
    game.apply(ChooseDie(RED, 1)).apply(ChooseDie(YELLOW, 1))  # then the hazard die: Bread x2
    assert (game.items(RED)["Bread"], game.player(RED)["bandages"]) == (2, 0)
    assert (game.items(YELLOW)["Bread"], game.player(YELLOW)["bandages"]) == (0, 1)


@pytest.mark.parametrize("safety_cubes, injuries", [(0, 2), (1, 1), (2, 0)])
def test_hazard_cave_in_x2_example_one_safety_gear_cube_leaves_one_injury(safety_cubes, injuries):
    game = red_to_play({"at": 2, "items": {}, "dashboard": {R.SAFETY_GEAR: safety_cubes}}, dice=(4, 3))
    buy_claim_2_and_take(game).apply(MineAlone(RED))
    assert game.player(RED)["injuries"] == injuries and game.player(RED)["bandages"] == 0


def test_phase_cave_in_example_next_to_the_turned_tile_3_safety_gear_cubes_leave_2_injuries():
    """Phase 2 turns over tile 2, next to sites 2 and 3: 5 injuries less 3. The rulebook names the
    column "Explosives Manuals" (contradiction 5); three cubes there protect nobody."""
    red = {"at": 3, "items": {}, "dashboard": {R.SAFETY_GEAR: 3}}
    blue = {"at": 2, "items": {}, "dashboard": {R.EXPLOSIVES_MANUALS: 3}}
    game = red_to_play(red, blue, track=(3, 2, 7, 9))
    assert game.player(RED)["injuries"] == game.player(BLUE)["injuries"] == 0  # tile 3 is one tile away
    next_phase(game)
    assert game.rumbles_revealed == (3, 2) and game.phase == 2
    assert (game.player(RED)["injuries"], game.player(RED)["bandages"]) == (2, 0)
    assert (game.player(BLUE)["injuries"], game.player(BLUE)["bandages"]) == (0, 1)


@pytest.mark.parametrize("others, fee", [
    ((20, 15, 10), 3), ((40, 20, 10), 2), ((40, 50, 10), 1), ((40, 50, 60), 0),  # ranks 1-4
    ((34, 20, 10), 3),  # a joint leader pays 3
    ((40, 40, 10), 2),  # behind two joint leaders: rank 2, not 3
])
def test_safe_passage_fee_examples_by_gold_rank_with_ties(others, fee):
    """Red (30gn) pays 1gn for claim 2 and digs 5: 34gn when the hazard die shows Papa Clayton."""
    sheets = [{"at": 2, "gold": 30, "items": {}}] + [{"gold": g} for g in others]
    game = red_to_play(*sheets, players=4, dice=(5, 6))
    buy_claim_2_and_take(game).apply(MineAlone(RED))
    assert game.step == "clayton" and [game.gold(p) for p in range(4)] == [34, *others]
    game.apply(PayFee(RED))
    assert game.gold(RED) == 34 - fee


def test_safe_passage_fee_example_two_joint_leaders_mining_together_pay_3_each():
    game = partnered([3, 3, 6], red={"gold": 30}, yellow={"gold": 31})  # Red gets Yellow's 1gn bid
    game.apply(ChooseDie(RED, 0)).apply(ChooseDie(YELLOW, 0))
    assert game.gold(RED) == game.gold(YELLOW) == 33 > max(game.gold(BLUE), game.gold(GREEN))
    game.apply(PayFee(RED)).apply(PayFee(YELLOW))
    assert game.gold(RED) == game.gold(YELLOW) == 30


# ---- fights --------------------------------------------------------------------------------------


@pytest.mark.parametrize("colt_cubes, red_hurt, blue_hurt", [(2, 1, 0), (3, 1, 1), (4, 0, 1)])
def test_colt_example_three_cubes_add_3_to_a_fight_roll(colt_cubes, red_hurt, blue_hurt):
    """Red rolls 2 against Blue's 5: with +3 the totals tie and both take an injury."""
    game = duel({"gold": 20, "items": {}, "dashboard": {R.COLT_45: colt_cubes}}, {"gold": 20, "items": {}}, [2, 5])
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 1)
    assert (game.player(RED)["injuries"], game.player(BLUE)["injuries"]) == (red_hurt, blue_hurt)


def test_papa_clayton_example_his_plus_4_against_a_colt_plus_3():
    """d6+4 against d6+3: Red's die one higher ties, equal dice lose, two higher win."""
    game = duel({"gold": 20, "items": {}, "dashboard": {R.COLT_45: 3}}, {}, [5, 4, 3, 3, 6, 4])
    game.apply(AttackPapaClayton(RED))
    seen = []
    for _ in range(3):
        game.apply(FightRound(RED))
        seen.append((game.player(RED)["injuries"], game._top()["clayton_injuries"]))
    assert seen == [(1, 1), (2, 1), (2, 2)]


@pytest.mark.parametrize("third_shared_die", range(1, 7))
def test_two_players_against_papa_clayton_example_injuries_after_each_round(third_shared_die):
    """Red +3 and Yellow +2 share a die against his +4. The third round only gives his 6 (10 in all):
    it beats both whatever the shared die."""
    game = fight_together(clayton_on_the_hazard_die([(5, 4), (4, 1), (third_shared_die, 6)]))
    seen = []
    for _ in range(3):
        game.apply(FightRound(RED))
        seen.append((game.player(RED)["injuries"], game.player(YELLOW)["injuries"], game._top()["clayton_injuries"]))
    assert seen == [(1, 1, 1), (1, 1, 3), (2, 2, 3)]
    assert game.step == "fight" and game.player(RED)["bandages"] == game.player(YELLOW)["bandages"] == 0


def test_pickings_example_beating_papa_clayton_two_bags_ahead_pays_6():
    """Red at 25gn (bag 3) against his 43gn (bag 5): 6gn of pickings and the 4gn reward."""
    game = duel({"gold": 25, "items": {}, "dashboard": {R.COLT_45: 4}}, {}, [6, 1] * 4)
    game.apply(AttackPapaClayton(RED))
    rounds(game, 4)
    assert game.gold(RED) == 25 + 6 + R.PAPA_CLAYTON_REWARD and game.step == "spoils"


def test_pickings_example_beating_a_player_two_bags_ahead_swings_12gn():
    game = duel({"gold": 15, "items": {}, "dashboard": {R.COLT_45: 4}}, {"gold": 35, "items": {}}, [6, 1] * 4)
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 4)
    assert (game.gold(RED), game.gold(BLUE)) == (15 + 6, 35 - 6)


def test_pickings_example_you_at_8gn_beat_red_at_36gn_and_take_7():
    """Blue is "you": Red passes, then Blue attacks Red in Blue's own turn."""
    game = duel({"gold": 36, "items": {}}, {"gold": 8, "items": {}}, [6, 1] * 4)
    game.apply(EndTurn(RED)).apply(AttackPlayer(BLUE, RED))
    rounds(game, 4)
    assert (game.gold(BLUE), game.gold(RED)) == (8 + 7, 36 - 7) and game.player(RED)["bandages"] == 1


@pytest.mark.parametrize("offset, paid", [(5, 5), (4, 4)])  # the example needs pickings_offset=5
def test_pickings_example_both_at_21gn_the_loser_drops_to_16_and_the_winner_rises_to_26(offset, paid):
    game = duel({"gold": 21, "items": {}}, {"gold": 21, "items": {}}, [1, 6] * 4, pickings_offset=offset)
    game.apply(AttackPlayer(RED, BLUE))
    rounds(game, 4)
    assert (game.gold(RED), game.gold(BLUE)) == (21 - paid, 21 + paid)
    assert game.player(RED)["bandages"] == 1 and game.player(BLUE)["injuries"] == 0


@pytest.mark.parametrize("offset, forfeited", [(5, 1), (4, 0)])  # the example needs pickings_offset=5
def test_pickings_example_papa_clayton_at_43gn_beats_you_at_8gn_and_you_forfeit_1(offset, forfeited):
    game = duel({"gold": 8, "items": {}}, {}, [1, 6] * 4, pickings_offset=offset)
    game.apply(AttackPapaClayton(RED))
    rounds(game, 4)
    assert game.gold(RED) == 8 - forfeited and game.player(RED)["bandages"] == 1
    assert game.step == "turn" and game.current_player == RED
