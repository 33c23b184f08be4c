"""Exact odds of Goldmine Rumbles fights, yields and hazards.

The fight chain is checked against hand counts, against a brute force over every
sequence of dice for short fights, against itself (symmetry, monotony, the matrix view)
and against a seeded simulation. Runtime: about 3 seconds.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from minegames.goldmine_rumbles import analysis as A
from minegames.goldmine_rumbles import dice_rules as R

BONUSES = range(-4, 5)


# ---- one round ---------------------------------------------------------------------------


def test_equal_bonuses_win_lose_and_tie_a_round_15_15_6_times_in_36():
    assert A.round_odds(0) == (Fraction(15, 36), Fraction(15, 36), Fraction(6, 36))


def test_a_plus_one_edge_wins_21_ties_5_loses_10():
    assert A.round_odds(1) == (Fraction(21, 36), Fraction(10, 36), Fraction(5, 36))
    assert A.round_odds(1).edge == Fraction(11, 36)


def test_six_or_more_ahead_never_loses_a_round():
    assert A.round_odds(6) == (1, 0, 0)
    assert A.round_odds(-6) == (0, 1, 0)


# ---- whole fights --------------------------------------------------------------------------


def test_every_fight_ends_one_way_or_another():
    for (mine, theirs), odds in A.fight_table(BONUSES).items():
        assert sum(odds) == 1, (mine, theirs)
        assert all(isinstance(p, Fraction) for p in odds)


def test_swapping_sides_swaps_win_and_lose():
    for mine, theirs in product(BONUSES, repeat=2):
        for start in [(0, 0), (1, 3), (2, 0)]:
            forward = A.fight_odds(mine, theirs, *start)
            backward = A.fight_odds(theirs, mine, *reversed(start))
            assert (forward.win, forward.lose, forward.both_lose) == (backward.lose, backward.win, backward.both_lose)


def test_equal_fighters_are_even():
    odds = A.fight_odds(2, 2)
    assert odds.win == odds.lose == (1 - odds.both_lose) / 2


def test_more_bonus_always_helps():
    for theirs in BONUSES:
        wins = [A.fight_odds(mine, theirs).win for mine in BONUSES]
        losses = [A.fight_odds(mine, theirs).lose for mine in BONUSES]
        assert wins == sorted(wins)
        assert all(a < b for a, b in zip(wins, wins[1:]) if 0 < b and a < 1)  # strictly, unless out of reach
        assert losses == sorted(losses, reverse=True)


def test_starting_injuries_count_against_you():
    assert A.fight_odds(0, 0, injuries=2).win < A.fight_odds(0, 0).win < A.fight_odds(0, 0, opponent_injuries=2).win


def test_one_round_from_three_injuries_each_is_the_round_itself():
    odds = A.fight_odds(1, 0, 3, 3)
    assert odds == (Fraction(21, 36), Fraction(10, 36), Fraction(5, 36))


def test_injuries_out_of_range_are_refused():
    with pytest.raises(ValueError):
        A.fight_odds(0, 0, injuries=4)


def brute_force(bonus: int, opponent_bonus: int, injuries: int, opponent_injuries: int, rounds: int) -> Counter:
    """Play out every sequence of ``rounds`` dice pairs with the rule functions; count the ends."""
    ends: Counter = Counter()
    for sequence in product(product(range(1, 7), repeat=2), repeat=rounds):
        mine, theirs = injuries, opponent_injuries
        for die, opponent_die in sequence:
            mine, theirs = R.play_round(mine, theirs, die, opponent_die, bonus, opponent_bonus)
            result = R.fight_result(mine, theirs)
            if result:
                ends[result] += 1
                break
        else:
            raise AssertionError("the fight outlasted the rounds allowed")
    return ends


@pytest.mark.parametrize("bonus, opponent_bonus, start", [(0, 0, (2, 2)), (3, 1, (2, 2)), (-2, 1, (3, 1)), (4, 0, (1, 3))])
def test_exact_odds_match_brute_force_over_dice_sequences(bonus, opponent_bonus, start):
    rounds = 3  # from these starts three rounds end any fight (brute_force checks it)
    ends = brute_force(bonus, opponent_bonus, *start, rounds)
    total = 36**rounds
    exact = A.fight_odds(bonus, opponent_bonus, *start)
    assert exact == (Fraction(ends[R.WIN], total), Fraction(ends[R.LOSE], total), Fraction(ends[R.BOTH_LOSE], total))


def test_seeded_simulation_agrees_within_five_standard_errors():
    rng = np.random.default_rng(7)
    trials = 40_000
    for mine, theirs, start in [(0, 0, (0, 0)), (3, 4, (0, 0)), (1, -2, (2, 1))]:
        counts = A.simulate_fights(mine, theirs, trials, rng, *start)
        assert counts.sum() == trials
        for observed, exact in zip(counts / trials, A.fight_odds(mine, theirs, *start).floats()):
            error = (exact * (1 - exact) / trials) ** 0.5
            assert abs(observed - exact) <= 5 * error + 1e-12


def test_fresh_fights_last_four_to_seven_rounds():
    lengths = A.rounds_distribution(0, 0)
    assert set(lengths) == {4, 5, 6, 7} and sum(lengths.values()) == 1
    assert A.expected_rounds(0, 0) == sum(k * p for k, p in lengths.items())
    assert A.rounds_distribution(1, 0, 3, 3) == {1: 1}


def test_a_lopsided_fight_is_over_in_four_rounds():
    assert A.rounds_distribution(8, 0) == {4: 1}
    assert A.expected_rounds(8, 0) == 4


def test_transition_matrix_rows_are_distributions_and_solve_to_the_exact_odds():
    states, matrix = A.transition_matrix(1, 0)
    assert len(states) == 19 and all(sum(row) == 1 for row in matrix)
    assert matrix[states.index((3, 3))][states.index(R.BOTH_LOSE)] == Fraction(5, 36)
    # Absorption chances from the fundamental matrix, in floats, agree with the recursion.
    transient = 16
    q = np.array([[float(p) for p in row[:transient]] for row in matrix[:transient]])
    r = np.array([[float(p) for p in row[transient:]] for row in matrix[:transient]])
    absorbed = np.linalg.solve(np.eye(transient) - q, r)
    assert np.allclose(absorbed[states.index((0, 0))], A.fight_odds(1, 0).floats())
    assert np.allclose(absorbed[states.index((2, 1))], A.fight_odds(1, 0, 2, 1).floats())


# ---- Chippawa Leaves -----------------------------------------------------------------------


def test_a_leaf_at_the_last_round_wins_unless_the_dice_are_three_apart():
    """At 3-3 with even bonuses, the leaf turns every difference of -2 or more into a win."""
    assert A.fight_odds(0, 0, 3, 3, chippawa=1) == (Fraction(30, 36), Fraction(3, 36), Fraction(3, 36))


def test_leaves_help_and_more_leaves_help_more():
    chances = [A.fight_odds(0, 2, chippawa=k).win for k in range(4)]
    assert chances == sorted(chances) and len(set(chances)) == 4
    assert all(sum(A.fight_odds(-1, 1, chippawa=k)) == 1 for k in range(3))


# ---- two miners against Papa Clayton ------------------------------------------------------


def test_one_miner_against_papa_clayton_is_an_ordinary_fight():
    odds = A.fight_odds(3, R.PAPA_CLAYTON_BONUS)
    assert A.papa_clayton_pair((3,)) == {(R.WIN,): odds.win, (R.LOSE,): odds.lose, (R.BOTH_LOSE,): odds.both_lose}


def test_two_miners_joint_distribution_is_complete_and_consistent():
    joint = A.papa_clayton_pair((3, 2))
    assert sum(joint.values()) == 1
    # Yellow's total is always one below Red's on the shared die: Red never does worse.
    rank = {R.WIN: 0, R.BOTH_LOSE: 1, R.LOSE: 2}
    assert all(rank[red] <= rank[yellow] for red, yellow in joint)
    # Fighting together helps: Papa Clayton takes injuries from both miners.
    red_wins = sum(p for (red, _), p in joint.items() if red == R.WIN)
    assert red_wins > A.fight_odds(3, R.PAPA_CLAYTON_BONUS).win


def test_two_miners_match_a_seeded_replay_of_the_rules():
    rng = np.random.default_rng(11)
    trials = 6_000
    ends: Counter = Counter()
    for _ in range(trials):
        miners: list = [0, 0]
        papa = 0
        while not all(isinstance(m, str) for m in miners):
            standing = [k for k, m in enumerate(miners) if not isinstance(m, str)]
            shared, papa_die = (int(x) for x in rng.integers(1, 7, 2))
            hurt, papa_hurt = R.papa_clayton_round(shared, papa_die, [(3, 2)[k] for k in standing])
            papa += papa_hurt
            for k, taken in zip(standing, hurt):
                miners[k] = R.fight_result(miners[k] + taken, papa) or miners[k] + taken
        ends[tuple(miners)] += 1
    for outcome, exact in A.papa_clayton_pair((3, 2)).items():
        exact = float(exact)
        error = (exact * (1 - exact) / trials) ** 0.5
        assert abs(ends[outcome] / trials - exact) <= 5 * error + 1e-9


# ---- yields --------------------------------------------------------------------------------


def test_order_statistics_of_two_dice():
    high, low = A.max_min_distributions()
    assert high == {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
    assert low == {k: Fraction(13 - 2 * k, 36) for k in range(1, 7)}
    assert A.expected_value(high) == Fraction(161, 36) and A.expected_value(low) == Fraction(91, 36)


def test_alone_yield_with_bonus_penalty_and_bible():
    assert A.yield_distribution() == {k: Fraction(1, 6) for k in range(1, 7)}
    assert A.yield_distribution(bonus=2, penalty=4) == {0: Fraction(2, 6), 1: Fraction(1, 6), 2: Fraction(1, 6),
                                                         3: Fraction(1, 6), 4: Fraction(1, 6)}
    assert A.yield_distribution(bible=True) == {3: Fraction(1, 6), 4: Fraction(1, 6), 5: Fraction(2, 6), 6: Fraction(2, 6)}
    assert A.expected_value(A.yield_distribution(bible=True, bible_faces=R.BIBLE_SUMMARY_TABLE)) == Fraction(27, 6)


def test_shared_dice_give_each_miner_the_best_of_two():
    joint = A.partnered_yield_distribution({"bonus": 2}, {})
    high, _ = A.max_min_distributions()
    assert A.marginal(joint, 0) == {k + 2: p for k, p in high.items()}
    assert A.marginal(joint, 1) == high


def test_split_dice_give_the_partner_the_lower_die():
    joint = A.partnered_yield_distribution({}, {}, sharing=R.SPLIT_DICE)
    high, low = A.max_min_distributions()
    assert A.marginal(joint, 0) == high and A.marginal(joint, 1) == low
    assert all(owner >= partner for owner, partner in joint)


def test_partner_value_is_linear_in_the_bid():
    owner, partner = {"bonus": 1}, {"bonus": 1}
    values = [A.partner_value(bid, owner, partner) for bid in range(1, 7)]
    assert [v.owner - values[0].owner for v in values] == list(range(6))
    assert [values[0].partner - v.partner for v in values] == list(range(6))
    # The owner gains the best-of-two improvement (161/36 - 3.5) plus the bid.
    assert values[2].owner == Fraction(161, 36) - Fraction(7, 2) + 3
    assert A.partner_value(0, owner, partner).partner == A.break_even_bid(owner, partner) == Fraction(197, 36)


def test_split_dice_make_a_partnership_worth_less_to_the_partner():
    owner, partner = {}, {"bible": True}
    assert A.break_even_bid(owner, partner, R.SPLIT_DICE) < A.break_even_bid(owner, partner)


# ---- hazards -------------------------------------------------------------------------------


def test_hazard_distribution_covers_the_six_faces():
    costs = A.hazard_distribution(bread=2, safety_cubes=1, gold_rank=2)
    assert sum(costs.values()) == 1
    assert costs[R.HazardCost(poisons=1)] == Fraction(1, 6)
    assert costs[R.HazardCost(fee=2)] == Fraction(1, 6)


def test_a_well_prepared_miner_fears_only_the_snake():
    """3 Tonic, 3 Safety Gear and the poorest rank: only the snake costs anything."""
    assert A.hazard_cost_chance(tonic_cubes=3, safety_cubes=3, gold_rank=4) == Fraction(1, 6)
    assert A.expected_hazard_cost(tonic_cubes=3, safety_cubes=3, gold_rank=4) == Fraction(2, 6)


def test_expected_hazard_cost_in_gold_for_a_leader_with_one_bread():
    # Bread x1: 1; Bread x2: 1 Bread + Bandage = 3; cave-ins: no Bandage from 0 injuries; snake 2; fee 3.
    assert A.expected_hazard_cost(bread=1) == Fraction(1 + 3 + 0 + 0 + 2 + 3, 6)
    # With two injuries already, both cave-ins fill the track and bring a Bandage.
    assert A.expected_hazard_cost(injuries=2, bread=1) == Fraction(1 + 3 + 2 + 2 + 2 + 3, 6)


def test_other_hazard_dice_can_be_analysed():
    kinder = (R.HazardFace(R.BREAD, 1),) * 5 + (R.HazardFace(R.SNAKE),)
    assert A.hazard_cost_chance(bread=1, tonic_cubes=2, faces=kinder) == Fraction(1, 6)


def test_float_views_for_plots():
    assert A.as_floats(A.fight_odds(0, 0)) == A.fight_odds(0, 0).floats()
    assert A.as_floats({1: Fraction(1, 4)}) == {1: 0.25}


def test_a_bible_in_a_fight_never_hurts_and_is_worth_a_lot_at_even_odds():
    for edge in range(-3, 4):
        plain, blessed = A.fight_odds(edge, 0), A.fight_odds(edge, 0, bibles=1)
        assert blessed.win >= plain.win and blessed.win + blessed.lose + blessed.both_lose == 1
    assert A.fight_odds(0, 0, bibles=1).win > A.fight_odds(0, 0).win + Fraction(18, 100)
    assert A.fight_odds(0, 0, bibles=2).win > A.fight_odds(0, 0, bibles=1).win


def test_the_bible_policy_played_out_by_dice_matches_its_exact_value():
    """Play the recursion's own choices with random dice: the win rate agrees with the exact chance."""
    rng = random.Random(5)
    edge, trials, wins = 1, 10000, 0
    for _ in range(trials):
        state = (0, 0, 0, 1)
        while R.fight_result(state[0], state[1]) is None:
            rolled = (rng.randint(1, 6), rng.randint(1, 6))
            if not state[3]:  # the Bible is spent: the dice stand
                state = A._settled(edge, state, rolled[0] - rolled[1])
                continue
            states, chances = zip(*A._best_dismissal(edge, state, rolled).items())
            state = rng.choices(states, weights=[float(c) for c in chances])[0]
        wins += R.fight_result(state[0], state[1]) == R.WIN
    exact = float(A.fight_odds(edge, 0, bibles=1).win)
    assert abs(wins / trials - exact) < 4 * (exact * (1 - exact) / trials) ** 0.5
