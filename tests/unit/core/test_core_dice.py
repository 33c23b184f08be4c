"""Dice helpers: seeded rolls, re-rolls that spend one value per die, roll shapes."""

from fractions import Fraction

from minegames.core import all_rolls, face_counts, make_rng, reroll, roll_dice, sorted_rolls


def test_roll_dice_gives_faces_in_range_and_depends_only_on_seed():
    roll = roll_dice(make_rng(3), 50)
    assert len(roll) == 50 and set(roll) <= set(range(1, 7))
    assert roll == roll_dice(make_rng(3), 50)
    assert set(roll_dice(make_rng(1), 200, sides=3)) == {1, 2, 3}


def test_reroll_keeps_unchosen_dice_and_spends_a_value_for_every_die():
    dice = (1, 1, 1, 1)
    rng = make_rng(8)
    fresh = roll_dice(make_rng(8), 4)
    assert reroll(rng, dice, [1, 3]) == (1, fresh[1], 1, fresh[3])
    # whatever was re-rolled, the next roll is the same: four values were drawn
    after_some, after_all = make_rng(8), make_rng(8)
    reroll(after_some, dice, [0])
    reroll(after_all, dice, [0, 1, 2, 3])
    assert roll_dice(after_some, 4) == roll_dice(after_all, 4)


def test_face_counts_is_the_shape_of_a_roll():
    assert face_counts((2, 2, 5, 5)) == [2, 2]
    assert face_counts((3, 3, 3, 1)) == [3, 1]
    assert face_counts((1, 2, 3, 4)) == [1, 1, 1, 1]


def test_all_rolls_and_sorted_rolls_count_every_outcome():
    assert sum(1 for _ in all_rolls(4)) == 1296
    table = sorted_rolls(4)
    assert sum(table.values()) == 1296
    assert len(table) == 126  # multisets of 4 faces from 6
    assert table[(1, 2, 3, 4)] == 24 and table[(6, 6, 6, 6)] == 1 and table[(2, 2, 5, 5)] == 6
    two_pairs = sum(n for roll, n in table.items() if face_counts(roll) == [2, 2])
    assert Fraction(two_pairs, 1296) == Fraction(90, 1296)
