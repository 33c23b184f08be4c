"""Options: defaults, normalisation and errors that name the option."""

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import OptionError


def test_defaults_match_the_contract():
    opts = mm.Options()
    assert opts.gem_counts == (("diamond", 4), ("emerald", 6), ("ruby", 6), ("sapphire", 6), ("amethyst", 8))
    assert (opts.cursite, opts.top_spaces, opts.lower_spaces, opts.gears) == (8, 5, 3, 3)
    assert opts.container_values == (1, 2, 3, 4, 5)
    assert (opts.max_rolls, opts.lock_ones, opts.four_kind_counts_as_two_pairs) == (3, True, False)
    assert opts.total_gems == 30 and opts.spaces == 8


def test_gem_counts_dict_is_stored_as_pairs_in_gem_order():
    opts = mm.Options(gem_counts={"amethyst": 2, "diamond": 1})
    assert opts.gem_counts == (("diamond", 1), ("emerald", 0), ("ruby", 0), ("sapphire", 0), ("amethyst", 2))
    assert mm.Options(gem_counts=[["amethyst", 2], ["diamond", 1]]) == opts
    assert hash(opts) == hash(mm.Options(gem_counts={"diamond": 1, "amethyst": 2}))


def test_options_change_the_sheet():
    game = mm.new_game(seed=1, top_spaces=3, lower_spaces=1, gears=2, container_values=[4, 2], cursite=0)
    assert len(game.conveyor) == 4 and len(game.gears) == 2
    assert game.containers == ((None, 0), (None, 0)) and game.container_values == (4, 2)
    assert game.cursite_supply == 0


@pytest.mark.parametrize(
    "options, name",
    [
        ({"gem_counts": {"opal": 3}}, "gem_counts"),
        ({"gem_counts": {"ruby": -1}}, "gem_counts"),
        ({"gem_counts": {"ruby": 0}}, "gem_counts"),
        ({"gem_counts": 5}, "gem_counts"),
        ({"gem_counts": [("ruby", 1), ("ruby", 2)]}, "gem_counts"),
        ({"cursite": -1}, "cursite"),
        ({"cursite": 2.5}, "cursite"),
        ({"top_spaces": 0}, "top_spaces"),
        ({"lower_spaces": -1}, "lower_spaces"),
        ({"gears": 0}, "gears"),
        ({"gears": True}, "gears"),
        ({"container_values": []}, "container_values"),
        ({"container_values": [1, "two"]}, "container_values"),
        ({"max_rolls": 0}, "max_rolls"),
        ({"lock_ones": "yes"}, "lock_ones"),
        ({"four_kind_counts_as_two_pairs": 1}, "four_kind_counts_as_two_pairs"),
        ({"speed": 2}, "speed"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, name):
    with pytest.raises(OptionError) as info:
        mm.new_game(seed=0, **options)
    assert info.value.option == name


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        mm.Options().gears = 4
