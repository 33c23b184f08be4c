"""Earning cursite on failed turns, and the three powers with their costs."""

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import IllegalActionError, make_rng, roll_dice

NO_PATTERN = (2, 3, 5, 6)


@pytest.mark.parametrize("gems, gained", [(2, 0), (3, 1), (5, 1)])
def test_a_failed_turn_with_three_or_more_gems_on_the_conveyor_earns_one_cursite(gems, gained):
    game = mm.position(conveyor=["amethyst"] * gems, dice=NO_PATTERN, cursite=1)
    game.apply(mm.Stop())
    assert game.cursite == 1 + gained
    assert game.cursite_supply == 7 - gained


def test_no_cursite_once_the_lid_is_empty():
    game = mm.position(conveyor=["amethyst"] * 4, dice=NO_PATTERN, cursite=2, lid=0)
    game.apply(mm.Stop())
    assert game.cursite == 2 and game.cursite_supply == 0


def test_stopping_is_allowed_even_when_a_gem_could_be_collected():
    game = mm.position(conveyor=["ruby", "amethyst", "emerald"], dice=(2, 4, 6, 6))
    assert game.collectable() == ["ruby"]
    game.apply("stop without a gem")
    assert game.cursite == 1
    assert game.containers[0] == (None, 0)


def test_cursite_reroll_costs_one_moves_locked_dice_and_uses_no_roll():
    game = mm.position(seed=6, conveyor=["ruby"], dice=(1, 1, 5, 6), rolls_used=3, cursite=1)
    fresh = roll_dice(make_rng(6), 4)
    game.apply("cursite: re-roll dice 1, 3")
    assert game.dice == (fresh[0], 1, fresh[2], 6)
    assert game.cursite == 0 and game.cursite_spent == 1 and game.rolls_used == 3


def test_cursite_set_die_costs_two_and_can_unlock_a_die():
    game = mm.position(conveyor=["ruby"], dice=(1, 4, 6, 2), rolls_used=2, cursite=3)
    game.apply("cursite: set die 1 to 6")
    assert game.dice == (6, 4, 6, 2)
    assert game.locked == (False,) * 4
    assert game.cursite == 1 and game.cursite_spent == 2 and game.rolls_used == 2
    assert game.collectable() == ["ruby"]


def test_set_die_offers_every_other_face_of_every_die():
    game = mm.position(conveyor=["ruby"], dice=(1, 4, 6, 2), cursite=2)
    sets = [a for a in game.legal_actions() if isinstance(a, mm.CursiteSetDie)]
    assert len(sets) == 20
    assert mm.CursiteSetDie(1, 4) not in sets


def test_rescue_costs_three_sorts_the_gem_and_frees_the_gear():
    game = mm.position(conveyor=["amethyst"], gears=["ruby", "emerald"], containers=[("ruby", 2)], cursite=4)
    game.apply("cursite: rescue the gem on gear 1")
    assert game.gears == (None, "emerald", None)
    assert game.containers[0] == ("ruby", 3)
    assert game.cursite == 1 and game.cursite_spent == 3
    assert game.phase == "start"  # no shake: the container already held rubies


def test_rescue_while_rolling_keeps_the_dice_and_rolls_after_its_shake():
    game = mm.position(conveyor=["amethyst"], gears=[None, "emerald"], dice=(1, 3, 3, 5), rolls_used=2, cursite=3)
    game.apply(mm.CursiteRescue(1))
    assert game.phase == "shake"
    game.apply(mm.Shake("diamond", 7))
    assert game.phase == "rolling" and game.dice == (1, 3, 3, 5) and game.rolls_used == 2
    assert game.conveyor[7] == "diamond" and game.containers[0] == ("emerald", 1)


def test_each_power_needs_its_cursite():
    game = mm.position(conveyor=["ruby"], gears=["emerald"], dice=NO_PATTERN, cursite=0)
    for action, cost in [(mm.CursiteReroll((0,)), 1), (mm.CursiteSetDie(0, 4), 2), (mm.CursiteRescue(0), 3)]:
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.rule == "not enough cursite"
        rich = mm.position(conveyor=["ruby"], gears=["emerald"], dice=NO_PATTERN, cursite=cost)
        poor = mm.position(conveyor=["ruby"], gears=["emerald"], dice=NO_PATTERN, cursite=cost - 1)
        assert rich.is_legal(action) and not poor.is_legal(action)
