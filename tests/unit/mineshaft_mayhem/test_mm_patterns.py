"""Every pattern, as the state sees it, counted exactly over all 1296 rolls."""

from collections import Counter

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import all_rolls

EVERY_GEM = ["diamond", "emerald", "ruby", "sapphire", "amethyst"]


@pytest.mark.parametrize(
    "dice, shown",
    [
        ((5, 5, 5, 5), ["diamond", "amethyst"]),
        ((4, 4, 4, 4), ["diamond", "ruby", "amethyst"]),
        ((2, 5, 2, 5), ["emerald"]),
        ((2, 4, 6, 6), ["ruby"]),
        ((3, 1, 4, 2), ["sapphire"]),
        ((6, 4, 5, 3), ["sapphire"]),
        ((2, 3, 4, 5), ["sapphire"]),
        ((3, 3, 1, 3), ["amethyst"]),
        ((2, 2, 4, 4), ["emerald", "ruby"]),
        ((1, 2, 3, 5), []),
        ((1, 1, 2, 3), []),  # one pair is nothing
        ((6, 6, 6, 2), ["ruby", "amethyst"]),
    ],
)
def test_shown_gems_and_collectable(dice, shown):
    game = mm.position(conveyor=EVERY_GEM, dice=dice)
    assert game.shown_gems() == shown
    assert game.collectable() == shown
    for gem in shown:
        assert mm.Collect(gem) in game.legal_actions()


def test_four_of_a_kind_counts_as_two_pairs_only_with_the_option():
    plain = mm.position(conveyor=EVERY_GEM, dice=(3, 3, 3, 3))
    option = mm.position(conveyor=EVERY_GEM, dice=(3, 3, 3, 3), four_kind_counts_as_two_pairs=True)
    assert "emerald" not in plain.shown_gems()
    assert option.shown_gems() == ["diamond", "emerald", "amethyst"]


def test_pattern_but_no_gem_on_the_conveyor_is_shown_not_collectable():
    game = mm.position(conveyor=["amethyst"], dice=(2, 4, 6, 2))
    assert game.shown_gems() == ["ruby"]
    assert game.collectable() == []


@pytest.mark.parametrize(
    "two_pairs_option, expected",
    [
        (False, {"diamond": 6, "emerald": 90, "ruby": 81, "sapphire": 72, "amethyst": 126}),
        (True, {"diamond": 6, "emerald": 96, "ruby": 81, "sapphire": 72, "amethyst": 126}),
    ],
)
def test_exact_chances_of_each_pattern_on_one_roll(two_pairs_option, expected):
    counts = Counter()
    for roll in all_rolls(4):
        game = mm.position(conveyor=EVERY_GEM, dice=roll, four_kind_counts_as_two_pairs=two_pairs_option)
        counts.update(game.shown_gems())
    assert dict(counts) == expected
