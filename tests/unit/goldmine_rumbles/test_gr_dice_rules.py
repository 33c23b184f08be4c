"""The dice rules of Goldmine Rumbles against every worked example of the rulebook that
concerns dice, fights, pickings, yields, hazards, phase cave-ins, fees, tokens and the end
scoring. Where two examples contradict each other, each passes under the option named in
the test. Runtime: well under a second.
"""

from __future__ import annotations

import pytest

from minegames.core import OptionError
from minegames.goldmine_rumbles import dice_rules as R

# ---- tokens and injuries ---------------------------------------------------------------


@pytest.mark.parametrize("bandages, poisons, penalty", [(0, 0, 0), (1, 0, 1), (2, 1, 3), (2, 2, 4), (4, 1, 4), (0, 7, 4)])
def test_token_penalty_counts_both_kinds_and_stops_at_four(bandages, poisons, penalty):
    assert R.token_penalty(bandages, poisons) == penalty


def test_five_tokens_cost_four_in_play_but_ten_at_the_end():
    assert R.token_penalty(3, 2) == 4
    assert R.end_game_steps(20, 0, 0, 5, 0)["tokens"] == -10


@pytest.mark.parametrize("before, taken, after", [(0, 3, (3, 0)), (2, 1, (3, 0)), (3, 1, (0, 1)), (2, 5, (0, 1)), (1, 0, (1, 0))])
def test_four_injuries_bring_one_bandage_and_reset_the_track(before, taken, after):
    assert R.add_injuries(before, taken) == after


# ---- fights ------------------------------------------------------------------------------


def test_papa_clayton_against_three_colt_cubes_compares_d6_plus_4_with_d6_plus_3():
    colt = R.column_effect(R.COLT_45, 3)
    assert colt == 3
    assert R.fight_total(5, colt) == 8 and R.fight_total(4, R.PAPA_CLAYTON_BONUS) == 8
    assert R.play_round(0, 0, 5, 4, colt, R.PAPA_CLAYTON_BONUS) == (1, 1)  # a tie hurts both


@pytest.mark.parametrize("total, other, injuries", [(3, 5, (1, 0)), (6, 2, (0, 1)), (4, 4, (1, 1))])
def test_the_lower_total_takes_an_injury_and_a_tie_hurts_both(total, other, injuries):
    assert R.round_injuries(total, other) == injuries


def test_penalties_come_off_the_fight_roll():
    assert R.fight_total(4, 3, R.token_penalty(1, 1)) == 5


@pytest.mark.parametrize(
    "mine, theirs, result",
    [(3, 3, None), (0, 2, None), (4, 2, R.LOSE), (1, 4, R.WIN), (4, 4, R.BOTH_LOSE), (5, 4, R.BOTH_LOSE)],
)
def test_first_to_four_injuries_loses_and_together_both_lose(mine, theirs, result):
    assert R.fight_result(mine, theirs) == result


def test_two_miners_against_papa_clayton_replay_the_three_round_example():
    """p14: Red +3 and Yellow +2 share one die; Papa Clayton has +4."""
    bonuses = (3, 2)
    red = yellow = papa = 0

    hurt, papa_hurt = R.papa_clayton_round(5, 4, bonuses)  # Red 8 ties PC 8, Yellow 7 loses
    assert (hurt, papa_hurt) == ((1, 1), 1)
    red, yellow, papa = red + hurt[0], yellow + hurt[1], papa + papa_hurt

    hurt, papa_hurt = R.papa_clayton_round(4, 1, bonuses)  # Red 7, Yellow 6 both beat PC 5
    assert (hurt, papa_hurt) == ((0, 0), 2)
    red, yellow, papa = red + hurt[0], yellow + hurt[1], papa + papa_hurt

    # Round 3 only tells us Papa Clayton rolled a 6: his 10 beats both whatever the shared die.
    for shared in range(1, 7):
        assert R.papa_clayton_round(shared, 6, bonuses) == ((1, 1), 0)
    hurt, papa_hurt = R.papa_clayton_round(6, 6, bonuses)
    red, yellow, papa = red + hurt[0], yellow + hurt[1], papa + papa_hurt

    assert (red, yellow, papa) == (2, 2, 3)
    assert R.fight_result(red, papa) is None and R.fight_result(yellow, papa) is None


# ---- gold, bags and pickings -------------------------------------------------------------


@pytest.mark.parametrize("gold, bag", [(0, 1), (1, 1), (10, 1), (11, 2), (23, 3), (31, 4), (40, 4), (41, 5), (50, 5), (87, 5)])
def test_bags_of_ten_gold_capped_at_five(gold, bag):
    assert R.bag(gold) == bag


def test_eighteen_gold_plus_a_yield_of_five_is_in_bag_three():
    assert R.bag(18 + 5) == 3


def test_gold_past_fifty_goes_onto_a_token_and_still_counts():
    assert R.track_position(50) == (0, 50)
    assert R.track_position(51) == (1, 1)
    assert R.track_position(123) == (2, 23)
    assert R.total_gold(23, 2) == 123
    assert R.bag(R.total_gold(3, 1)) == 5


@pytest.mark.parametrize("offset", [4, 5])
def test_beating_red_three_bags_ahead_pays_seven_only_under_the_table(offset):
    """p16 example 1 (you at 8gn beat Red at 36gn) fits the table, not offset 5."""
    assert (R.fight_pickings(winner_gold=8, loser_gold=36, offset=offset) == 7) is (offset == 4)


def test_two_bags_ahead_pays_six_and_between_players_swings_twelve():
    assert R.fight_pickings(winner_gold=25, loser_gold=R.PAPA_CLAYTON_GOLD) == 6  # Papa Clayton in bag 5
    you, them = 15, 35
    paid = R.fight_pickings(you, them)
    assert paid == 6 and (you + paid) - (them - paid) - (you - them) == 12


def test_equal_gold_example_pays_five_only_with_offset_five():
    """p15: both at 21gn, you lose and drop to 16 while they rise to 26 (the table would say 4)."""
    assert R.fight_pickings(winner_gold=21, loser_gold=21) == 4
    paid = R.fight_pickings(winner_gold=21, loser_gold=21, offset=5)
    assert (21 - paid, 21 + paid) == (16, 26)


def test_losing_to_papa_clayton_four_bags_ahead_costs_one_only_with_offset_five():
    """p16 example 2: Papa Clayton (43gn) beats you at 8gn."""
    assert R.fight_pickings(winner_gold=R.PAPA_CLAYTON_GOLD, loser_gold=8) == 0
    assert R.fight_pickings(winner_gold=R.PAPA_CLAYTON_GOLD, loser_gold=8, offset=5) == 1


def test_pickings_stay_within_zero_to_eight_and_the_losers_gold():
    assert R.fight_pickings(winner_gold=5, loser_gold=49) == 8
    assert R.fight_pickings(winner_gold=5, loser_gold=49, offset=5) == 8
    assert R.fight_pickings(winner_gold=49, loser_gold=3) == 0
    assert R.fight_pickings(winner_gold=2, loser_gold=3) == 3


# ---- the dashboard -----------------------------------------------------------------------


def test_dashboard_holds_thirty_one_squares_with_the_printed_effects():
    assert R.DASHBOARD_SQUARES == 31
    assert [R.column_effect(R.COLT_45, n) for n in range(5)] == [0, 1, 2, 3, 4]
    for column in (R.WATER_PUMPS, R.MINERS_LAMPS, R.MINING_TOOLS):
        assert [R.column_effect(column, n) for n in range(4)] == [0, 1, 2, 4]
    assert [R.column_effect(R.COMPANY_SHARES, n) for n in range(4)] == [0, 2, 3, 6]
    assert [R.column_effect(R.EXPLOSIVES_MANUALS, n) for n in range(4)] == [1, 2, 3, 4]
    assert [R.column_effect(R.SAFETY_GEAR, n) for n in range(4)] == [0, 1, 2, 3]
    assert R.column_effect(R.TUNNEL_PLANS, 2) == ("A", "B")
    with pytest.raises(ValueError):
        R.column_effect(R.SAFETY_GEAR, 4)


def test_two_share_cubes_take_three_off_and_a_big_discount_makes_a_claim_free():
    assert R.claim_price(5, 2) == 2
    assert R.claim_price(4, 3) == 0
    assert R.claim_price(1, 0) == 1


def test_one_water_pump_adds_one_at_a_flooded_claim_only():
    assert R.yield_bonus("Flooded", {R.WATER_PUMPS: 1}) == 1
    assert R.yield_bonus("Dark", {R.WATER_PUMPS: 1}) == 0


def test_pipe_example_three_pumps_give_four():
    assert R.yield_bonus("Flooded", {R.WATER_PUMPS: 3}) == 4


def test_notebook_example_hides_fifteen_and_returns_it_at_the_end():
    """p22: 31gn with 3 Notebook cubes shows 16gn now and gets 15gn back at the end."""
    assert 31 - R.notebook_refund(3) == 16
    assert R.end_game_steps(16, 3, 0, 0, 0)["final"] == 31


# ---- yields ------------------------------------------------------------------------------


def test_partner_example_three_and_four_gives_both_miners_five():
    """p13: Red (2 pumps, 1 poison) and the partner (1 pump) both take the 4."""
    owner = {"bonus": R.yield_bonus("Flooded", {R.WATER_PUMPS: 2}), "penalty": R.token_penalty(0, 1)}
    partner = {"bonus": R.yield_bonus("Flooded", {R.WATER_PUMPS: 1})}
    red, other = R.partnered_yields((3, 4), owner, partner)
    assert (red.face, red.gold) == (4, 5)
    assert (other.face, other.gold) == (4, 5)


def test_one_die_each_reading_breaks_the_partner_example():
    owner, partner = {"bonus": 2, "penalty": 1}, {"bonus": 1}
    red, other = R.partnered_yields((3, 4), owner, partner, sharing=R.SPLIT_DICE)
    assert (red.gold, other.gold, other.face) == (5, 4, 3)


def test_partner_bible_example_turns_the_two_into_six():
    """p12: dice 3 and 2; the owner takes 3, the partner spends a Bible on the 2."""
    owner, partner = R.partnered_yields((3, 2), {}, {"bible": True})
    assert (owner.gold, owner.used_bible) == (3, False)
    assert (partner.die_index, partner.face, partner.used_bible, partner.gold) == (1, 6, True, 6)


def test_mining_alone_example_two_with_bible_and_three_pumps_is_ten():
    """p13: claim 2 (Flooded), roll 2, Bible -> 6, +4 for three pumps."""
    bonus = R.yield_bonus("Flooded", {R.WATER_PUMPS: 3})
    choice = R.best_yield((2,), bonus, bible=True)
    assert (choice.face, choice.used_bible, choice.gold) == (6, True, 10)


def test_bible_summary_table_reading_maps_one_to_three():
    assert R.bible_face(1) == 5 and R.bible_face(2) == 6 and R.bible_face(4) == 4
    assert R.bible_face(1, R.BIBLE_SUMMARY_TABLE) == 3
    assert R.best_yield((1,), bible=True, bible_faces=R.BIBLE_SUMMARY_TABLE).gold == 3


def test_a_bible_is_kept_when_it_would_not_raise_the_yield():
    choice = R.best_yield((6, 1), bible=True)
    assert (choice.face, choice.used_bible) == (6, False)


def test_yield_never_drops_below_zero():
    assert R.miner_yield(1, 0, R.token_penalty(4)) == 0
    assert R.miner_yield(6, 1, R.token_penalty(2, 1)) == 4


def test_unknown_partner_dice_rule_is_refused():
    with pytest.raises(OptionError):
        R.partnered_yields((1, 2), {}, {}, sharing="alternate")


# ---- the hazard die ------------------------------------------------------------------------


def test_default_hazard_die_has_the_six_results_once_each():
    assert [str(face) for face in R.HAZARD_FACES] == [
        "bread x1", "bread x2", "cave-in x2", "cave-in x3", "snake", "Papa Clayton"]


def test_bread_two_example_three_tonic_cubes_need_nothing():
    """p13: Red has 3 Fortifying Tonic cubes and ignores Bread x2."""
    assert R.hazard_cost(R.HazardFace(R.BREAD, 2), bread=0, tonic_cubes=3).nothing


def test_bread_two_example_one_bread_and_no_tonic_means_a_bandage():
    """p13: Yellow discards the single Bread and takes a Bandage."""
    assert R.hazard_cost(R.HazardFace(R.BREAD, 2), bread=1) == R.HazardCost(bread=1, bandages=1)


def test_bread_results_with_enough_bread_and_with_none():
    assert R.bread_cost(1, bread=3) == R.HazardCost(bread=1)
    assert R.bread_cost(2, bread=2) == R.HazardCost(bread=2)
    assert R.bread_cost(1, bread=0) == R.HazardCost(bandages=1)


@pytest.mark.parametrize(
    "rule, bread, cost",
    [
        (R.TONIC_NORMAL, 2, R.HazardCost(bread=2)),
        (R.TONIC_NORMAL, 1, R.HazardCost(bread=1, bandages=1)),
        (R.TONIC_NOTE, 2, R.HazardCost(bread=2, bandages=1)),
        (R.TONIC_IGNORE_ONE, 1, R.HazardCost(bread=1)),
        (R.TONIC_IGNORE_ONE, 0, R.HazardCost(bandages=1)),
    ],
)
def test_two_tonic_cubes_against_bread_two_under_each_reading(rule, bread, cost):
    assert R.bread_cost(2, bread, tonic_cubes=2, tonic_rule=rule) == cost


def test_two_tonic_cubes_ignore_bread_one_and_one_cube_does_nothing():
    assert R.bread_cost(1, 0, tonic_cubes=2).nothing
    assert R.bread_cost(1, 0, tonic_cubes=1) == R.HazardCost(bandages=1)


def test_unknown_tonic_rule_is_refused():
    with pytest.raises(OptionError):
        R.bread_cost(2, 0, tonic_cubes=2, tonic_rule="lenient")


def test_cave_in_two_with_one_safety_gear_cube_is_one_injury():
    assert R.hazard_cost(R.HazardFace(R.CAVE_IN, 2), safety_cubes=1) == R.HazardCost(injuries=1)
    assert R.hazard_cost(R.HazardFace(R.CAVE_IN, 3), safety_cubes=3).nothing


def test_a_hazard_snake_always_poisons():
    assert R.hazard_cost(R.HazardFace(R.SNAKE), bread=5, safety_cubes=3) == R.HazardCost(poisons=1)


@pytest.mark.parametrize("rank, fee", [(1, 3), (2, 2), (3, 1), (4, 0)])
def test_safe_passage_fee_by_rank(rank, fee):
    assert R.safe_passage_fee(rank) == fee
    assert R.hazard_cost(R.HazardFace(R.PAPA_CLAYTON), gold_rank=rank) == R.HazardCost(fee=fee)


def test_joint_leaders_both_pay_three_and_the_next_pays_two():
    assert R.gold_ranks([30, 30, 20, 5]) == [1, 1, 2, 3]
    assert R.safe_passage_fees([30, 30, 20, 5]) == [3, 3, 2, 1]
    assert R.safe_passage_fees([12, 40, 25, 3]) == [1, 3, 2, 0]


# ---- phase cave-ins ------------------------------------------------------------------------


def test_phase_cave_in_next_to_the_tile_with_three_safety_gear_cubes_is_two():
    """p22 (the example names the wrong column; the arithmetic is 5 - 3)."""
    assert R.phase_injuries(0, phase=2, safety_cubes=3) == 2


@pytest.mark.parametrize("distance, injuries", [(0, 5), (1, 3), (2, 1), (3, 0), (4, 0)])
def test_later_phases_hurt_by_distance(distance, injuries):
    assert R.phase_injuries(distance, phase=3) == injuries


def test_first_phase_hurts_only_miners_next_to_the_tile_and_gear_can_stop_it():
    assert [R.phase_injuries(d, phase=1) for d in range(3)] == [1, 0, 0]
    assert R.phase_injuries(0, phase=1, safety_cubes=1) == 0


# ---- end of the game -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "marks, bonuses",
    [
        ([0, 1, 2, 3], [10, 0, 0, 0]),
        ([1, 1, 2, 3], [6, 6, 0, 0]),
        ([1, 1, 1, 2], [3, 3, 3, 0]),
        ([1, 1, 2], [6, 6, 0]),
        ([2, 2, 2, 2], [0, 0, 0, 0]),
        ([4, 4, 4], [0, 0, 0]),
        ([3, 0, 5], [0, 10, 0]),
    ],
)
def test_fewest_black_marks_bonus(marks, bonuses):
    assert R.fewest_marks_bonuses(marks) == bonuses


@pytest.mark.parametrize("items, bonus", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_mission_bonus(items, bonus):
    assert R.mission_bonus(items) == bonus


def test_end_game_steps_run_in_the_rulebook_order():
    steps = R.end_game_steps(gold=30, notebook_cubes=2, marks_bonus=6, tokens=3, mission_items=3)
    assert list(steps) == ["gold", "notebooks", "fewest black marks", "tokens", "mission", "final"]
    assert steps["final"] == 30 + 10 + 6 - 6 + 6
