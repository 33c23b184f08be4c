"""The exact dice odds, the adviser and the keep policy of Mineshaft Mayhem.

The exact numbers are checked against hand counts (one roll), against a
plain brute force over ordered rolls (two and three rolls) and against a
seeded simulation that follows the adviser.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest

from minegames.mineshaft_mayhem import analysis as mma
from minegames.mineshaft_mayhem.options import Options
from minegames.mineshaft_mayhem.patterns import GEM_PATTERN, GEMS, matches

ALL_FOUR = (0, 1, 2, 3)


# ---- single roll: hand counts out of 1296 ---------------------------------------------


@pytest.mark.parametrize(
    "pattern, count",
    [("four_of_a_kind", 6), ("two_pairs", 90), ("all_evens", 81), ("straight", 72), ("three_of_a_kind", 126)],
)
def test_single_roll_counts(pattern, count):
    assert mma.pattern_probability(pattern, rolls=1) == Fraction(count, 1296)


def test_four_of_a_kind_counts_as_two_pairs_when_the_option_says_so():
    assert mma.pattern_probability("two_pairs", rolls=1, four_kind_counts_as_two_pairs=True) == Fraction(96, 1296)


def test_gem_names_in_any_case_mean_their_pattern():
    assert mma.pattern_probability("Emerald", rolls=2) == mma.pattern_probability("two_pairs", rolls=2)
    with pytest.raises(ValueError):
        mma.pattern_probability("coal")


def test_a_fifth_die_counts_at_least_four_equal():
    # 6 faces x (5 ways to place the odd die x 5 other faces + 1 five of a kind)
    assert mma.pattern_probability("diamond", dice=5, rolls=1) == Fraction(6 * 26, 6**5)


# ---- brute force over ordered rolls and every keep ------------------------------------


def brute_force_chance(pattern, rolls, lock_ones, four_kind_counts_as_two_pairs=False):
    """Try every subset of dice to keep and every ordered re-roll; memoised only for speed."""

    @functools.cache
    def best(dice, rolls_left):
        if matches(pattern, dice, four_kind_counts_as_two_pairs):
            return Fraction(1)
        if rolls_left == 0:
            return Fraction(0)
        chances = [Fraction(0)]
        for keep in itertools.product((True, False), repeat=4):
            if all(keep):
                continue
            if lock_ones and any(face == 1 and not kept for face, kept in zip(dice, keep)):
                continue
            rolled = [i for i in range(4) if not keep[i]]
            wins = Fraction(0)
            for faces in itertools.product(range(1, 7), repeat=len(rolled)):
                new = list(dice)
                for i, face in zip(rolled, faces):
                    new[i] = face
                wins += best(tuple(sorted(new)), rolls_left - 1)
            chances.append(wins / 6 ** len(rolled))
        return max(chances)

    first = [best(tuple(sorted(roll)), rolls - 1) for roll in itertools.product(range(1, 7), repeat=4)]
    return sum(first, Fraction(0)) / 6**4


@pytest.mark.parametrize(
    "pattern, rolls, lock_ones, fk",
    [
        ("two_pairs", 2, True, False),
        ("all_evens", 2, True, False),
        ("straight", 2, False, False),
        ("two_pairs", 2, False, True),
        ("all_evens", 3, True, False),
        ("straight", 3, False, False),
        ("four_of_a_kind", 3, True, False),
    ],
)
def test_exact_chance_matches_brute_force(pattern, rolls, lock_ones, fk):
    assert mma.pattern_probability(pattern, rolls=rolls, lock_ones=lock_ones,
                                   four_kind_counts_as_two_pairs=fk) == brute_force_chance(pattern, rolls, lock_ones, fk)


# ---- shape of the table ---------------------------------------------------------------


@pytest.mark.parametrize("lock_ones", [True, False])
@pytest.mark.parametrize("fk", [True, False])
def test_more_rolls_never_lower_the_chance(lock_ones, fk):
    table = mma.probability_table(rolls=(1, 2, 3, 4), lock_ones=lock_ones, four_kind_counts_as_two_pairs=fk)
    for gem, row in table.items():
        assert row[1] < row[2] < row[3] < row[4] < 1, gem


def test_locking_ones_never_raises_a_chance():
    cost = mma.lock_ones_cost(rolls=(1, 2, 3))
    for gem in GEMS:
        assert cost[gem][1].cost == 0, "nothing is re-rolled in one roll"
        for rolls in (2, 3):
            assert cost[gem][rolls].locked <= cost[gem][rolls].free
    assert cost["ruby"][3].cost > Fraction(1, 4), "a locked 1 spoils all evens"


# ---- multiset lookups -----------------------------------------------------------------


def test_multiset_index_round_trips():
    rng = np.random.default_rng(3)
    rolls = rng.integers(1, 7, size=(500, 4))
    assert (mma.MULTISETS[mma.multiset_index(rolls)] == np.sort(rolls, axis=1)).all()
    assert (mma.multiset_index(mma.MULTISETS) == np.arange(126)).all()
    assert mma.multiset_index([4, 1, 4, 2]) == mma.multiset_index([1, 2, 4, 4])
    assert mma.MULTISET_WEIGHT.sum() == 1296 and len(mma.MULTISETS) == 126


def test_multiset_index_refuses_faces_that_are_not_dice():
    with pytest.raises(ValueError):
        mma.multiset_index([0, 1, 2, 3])
    with pytest.raises(ValueError):
        mma.multiset_index([1, 2, 3])


def test_transitions_are_distributions():
    assert np.allclose(mma.TRANSITION.sum(axis=2), 1)
    s = mma.multiset_index([2, 3, 3, 5])
    keep_the_threes = 0b0110
    row = mma.TRANSITION[s, keep_the_threes]
    assert row[mma.multiset_index([3, 3, 3, 3])] == pytest.approx(1 / 36)


def test_keep_flags_map_sorted_positions_back_to_the_table():
    flags = mma.keep_flags([[5, 1, 5, 2], [6, 6, 6, 6]], [0b0011, 0b1000])
    assert flags.tolist() == [[False, True, False, True], [False, False, False, True]]


# ---- the adviser ----------------------------------------------------------------------


def test_advice_keeps_what_the_pattern_needs():
    advice = mma.advise((3, 1, 4, 4), rolls_left=2)
    assert advice.per_gem["emerald"].keep == (1, 2, 3)  # keep 1-4-4, fish for another 1
    assert advice.per_gem["emerald"].chance == 1 - Fraction(5, 6) ** 2
    assert advice.per_gem["ruby"].chance == 0, "the locked 1 is odd"
    assert advice.per_gem["sapphire"].keep == (0, 1, 2)  # keep 1-3-4 and roll for the 2


def test_pattern_showing_means_stop_with_certainty():
    advice = mma.advise((2, 2, 5, 5), rolls_left=2, gems=["emerald"])
    assert advice.per_gem["emerald"] == mma.GemAdvice("emerald", Fraction(1), ALL_FOUR, True)
    assert advice.best.stop and advice.best.collect == "emerald" and advice.best.worth == 1


@pytest.mark.parametrize("lock_ones", [True, False])
def test_locked_ones_are_always_kept(lock_ones):
    rng = np.random.default_rng(11)
    for _ in range(60):
        dice = tuple(int(d) for d in rng.integers(1, 7, size=4))
        values = {gem: int(v) for gem, v in zip(GEMS, rng.integers(0, 6, size=5))}
        advice = mma.advise(dice, rolls_left=int(rng.integers(0, 3)), values=values, lock_ones=lock_ones)
        keeps = [g.keep for g in advice.per_gem.values()] + [advice.best.keep]
        ones = {i for i, face in enumerate(dice) if face == 1}
        assert all(ones <= set(keep) for keep in keeps) or not lock_ones


def follow_gem_advice(gem, dice, rolls_left, rng, lock_ones, trials):
    """How often the adviser's keeps for ``gem`` end with its pattern showing."""
    advice = functools.cache(lambda d, r: mma.advise(d, r, gems=[gem], lock_ones=lock_ones).per_gem[gem])
    wins = 0
    for _ in range(trials):
        current = dice if dice is not None else tuple(int(x) for x in rng.integers(1, 7, size=4))
        left = rolls_left if dice is not None else rolls_left - 1
        while left > 0:
            keep = advice(current, left).keep
            if len(keep) == 4:
                break
            fresh = rng.integers(1, 7, size=4)
            current = tuple(face if i in keep else int(fresh[i]) for i, face in enumerate(current))
            left -= 1
        wins += matches(GEM_PATTERN[gem], current)
    return wins / trials


@pytest.mark.parametrize(
    "gem, dice, rolls_left, lock_ones",
    [
        ("emerald", None, 3, True),
        ("sapphire", None, 3, False),
        ("diamond", (3, 1, 4, 4), 2, True),
        ("amethyst", (6, 2, 1, 5), 2, True),
        ("ruby", (2, 3, 5, 6), 1, False),
    ],
)
def test_adviser_chance_holds_in_simulation(gem, dice, rolls_left, lock_ones):
    rng = np.random.default_rng(20240611)
    trials = 6000
    stated = float(mma.advise(dice, rolls_left, gems=[gem], lock_ones=lock_ones).per_gem[gem].chance)
    observed = follow_gem_advice(gem, dice, rolls_left, rng, lock_ones, trials)
    standard_error = (stated * (1 - stated) / trials) ** 0.5
    assert abs(observed - stated) <= 5 * standard_error + 1e-12


def worth_after_keep(dice, keep, rolls_left, policy):
    """Expected worth of keeping ``keep`` (table positions) and re-rolling the rest, then playing on at best."""
    rolled = [i for i in range(4) if i not in keep]
    outcomes = []
    for faces in itertools.product(range(1, 7), repeat=len(rolled)):
        new = list(dice)
        for i, face in zip(rolled, faces):
            new[i] = face
        outcomes.append(policy.value[rolls_left - 1, mma.multiset_index(new)])
    return float(np.mean(outcomes))


def test_best_keep_is_never_worse_than_any_single_gem_keep():
    rng = np.random.default_rng(5)
    for _ in range(40):
        dice = tuple(int(d) for d in rng.integers(1, 7, size=4))
        rolls_left = int(rng.integers(1, 3))
        values = {gem: int(v) for gem, v in zip(GEMS, rng.integers(0, 9, size=5))}
        advice = mma.advise(dice, rolls_left, values=values)
        policy = mma.keep_policy([values[g] for g in GEMS], max_rolls=rolls_left + 1)
        claim_now = max([values[g] for g in GEMS if matches(GEM_PATTERN[g], dice)], default=0)
        for gem_advice in advice.per_gem.values():
            keep = gem_advice.keep
            worth = claim_now if len(keep) == 4 else worth_after_keep(dice, keep, rolls_left, policy)
            assert advice.best.worth >= worth - 1e-9
        if not advice.best.stop:
            assert worth_after_keep(dice, advice.best.keep, rolls_left, policy) == pytest.approx(advice.best.worth)
        assert advice.best.worth >= claim_now - 1e-9


def test_advice_before_the_first_roll_is_the_whole_turn():
    advice = mma.advise(None, 3, gems=["ruby", "amethyst"])
    assert advice.per_gem["ruby"].chance == mma.pattern_probability("ruby", rolls=3)
    # worth 1 for either gem: the chance of showing at least one of them
    assert float(advice.per_gem["amethyst"].chance) < advice.best.worth < 1


def test_advice_refuses_nonsense():
    with pytest.raises(ValueError):
        mma.advise((1, 2, 3), 2)
    with pytest.raises(ValueError):
        mma.advise((1, 2, 3, 7), 2)
    with pytest.raises(ValueError):
        mma.advise((1, 2, 3, 4), 2, gems=["coal"])
    with pytest.raises(ValueError):
        mma.advise(None, 0)


def test_advice_prints_a_table():
    advice = mma.advise((3, 1, 4, 4), 2, values={"emerald": 2, "sapphire": 3})
    text = str(advice)
    assert "emerald" in text and "sapphire" in text and "ruby" not in text
    assert "re-roll die 4" in text  # sapphire: roll the second 4 for a 2
    assert "<table>" in advice._repr_html_()


# ---- the keep policy ------------------------------------------------------------------


def test_keep_policy_agrees_with_exact_advice_on_random_states():
    rng = np.random.default_rng(17)
    for _ in range(40):
        dice = tuple(int(d) for d in rng.integers(1, 7, size=4))
        rolls_left = int(rng.integers(0, 3))
        lock_ones, fk = bool(rng.integers(2)), bool(rng.integers(2))
        values = {gem: int(v) for gem, v in zip(GEMS, rng.integers(0, 6, size=5))}
        advice = mma.advise(dice, rolls_left, values=values, lock_ones=lock_ones, four_kind_counts_as_two_pairs=fk)
        s = mma.multiset_index(dice)
        policy = mma.keep_policy([values[g] for g in GEMS], lock_ones, 3, fk)
        assert policy.value[rolls_left, s] == pytest.approx(advice.best.worth)
        assert mma.keep_indices(dice, policy.keep_mask[rolls_left, s]) == advice.best.keep
        for g, gem in enumerate(GEMS):
            alone = mma.keep_policy(np.eye(5)[g], lock_ones, 3, fk)
            assert alone.value[rolls_left, s] == pytest.approx(float(advice.per_gem[gem].chance), abs=1e-12)
            assert mma.keep_indices(dice, alone.keep_mask[rolls_left, s]) == advice.per_gem[gem].keep


def test_keep_policy_turn_value_is_the_exact_table():
    for lock_ones in (True, False):
        for g, gem in enumerate(GEMS):
            policy = mma.keep_policy(np.eye(5)[g], lock_ones)
            assert policy.turn_value == pytest.approx(float(mma.pattern_probability(gem, lock_ones=lock_ones)))


def test_keep_policy_stops_on_the_most_valuable_gem_and_keeps_locked_ones():
    policy = mma.keep_policy([5, 0, 2, 0, 1])
    four_fours = mma.multiset_index([4, 4, 4, 4])  # diamond, ruby and amethyst at once
    assert policy.stop[2, four_fours] and GEMS[policy.claim[four_fours]] == "diamond"
    assert policy.claim[mma.multiset_index([2, 2, 5, 5])] == -1, "emerald is not on the conveyor"
    ones = (mma.MULTISETS == 1) @ (1 << np.arange(4))
    assert ((policy.keep_mask & ones[None, :]) == ones[None, :]).all()
    assert policy.stop[0].all()


def test_keep_policy_is_cached_and_read_only():
    first = mma.keep_policy((1, 2, 3, 4, 5))
    assert mma.keep_policy([1.0, 2.0, 3.0, 4.0, 5.0]) is first
    with pytest.raises(ValueError):
        first.value[0, 0] = 9
    with pytest.raises(ValueError):
        mma.keep_policy([1, 2, 3])


# ---- reading a game -------------------------------------------------------------------


def fake_game(**fields):
    base = dict(
        phase="rolling",
        options=Options(),
        dice=(2, 2, 5, 1),
        rolls_used=1,
        conveyor=("emerald", None, "emerald", "ruby", None, None, None, None),
        containers=(("ruby", 3), (None, 0), (None, 0), ("amethyst", 1), (None, 0)),
        container_values=(1, 2, 3, 4, 5),
        locked=(False, False, False, True),
    )
    return SimpleNamespace(**(base | fields))


def test_state_values_follow_the_sorting_rule():
    assert mma.state_values(fake_game()) == {"emerald": 2 * 2, "ruby": 1 * 1}
    full = (("ruby", 3), ("diamond", 1), ("sapphire", 1), ("amethyst", 1), ("diamond", 2))
    assert mma.state_values(fake_game(containers=full)) == {"emerald": 0, "ruby": 1}


def test_advise_state_reads_the_game():
    game = fake_game()
    advice = mma.advise_state(game)
    assert advice.rolls_left == 2 and advice.dice == (2, 2, 5, 1)
    assert set(advice.per_gem) == {"emerald", "ruby"}
    assert advice.best.keep == (0, 1, 3)  # 2-2 and the locked 1: roll the 5 for a 1
    expected = mma.advise((2, 2, 5, 1), 2, values={"emerald": 4, "ruby": 1})
    assert advice.best == expected.best
    start = mma.advise_state(fake_game(phase="start", dice=None, rolls_used=0))
    assert start.dice is None and start.rolls_left == 3
    with pytest.raises(ValueError):
        mma.advise_state(fake_game(phase="shake"))


def test_following_the_advice_plays_a_real_game_legally():
    from minegames import mineshaft_mayhem as mm

    for seed in (1, 2):
        game = mm.new_game(seed=seed)
        while not game.is_over:
            if game.phase not in ("start", "rolling"):
                game.apply(game.legal_actions()[0])
                continue
            advice = mma.advise_state(game)
            assert advice.values == mma.state_values(game)
            best = advice.best
            if game.phase == "start":
                move = mm.Roll(ALL_FOUR)
            elif best.stop:
                move = mm.Collect(best.collect) if best.collect else mm.Stop()
            else:
                move = mm.Roll(tuple(i for i in ALL_FOUR if i not in best.keep))
            assert move in game.legal_actions(), (str(game), advice)
            game.apply(move)
        assert game.turn > 5
