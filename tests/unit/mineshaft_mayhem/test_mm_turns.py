"""The automatic turn start (advance, draw, gears) and the dice rolls."""

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import IllegalActionError, make_rng, roll_dice

NO_PATTERN = (2, 3, 5, 6)  # no pair, no straight, not all even


def test_new_game_draws_one_gem_onto_the_start_space():
    game = mm.new_game(seed=4)
    assert game.phase == "start" and game.turn == 1
    assert game.conveyor[0] in mm.GEMS
    assert game.conveyor[1:] == (None,) * 7
    assert len(game.tin) == 29
    assert game.tin.count(game.conveyor[0]) == dict(game.options.gem_counts)[game.conveyor[0]] - 1


def test_every_gem_advances_one_space_and_a_new_gem_is_drawn():
    game = mm.position(seed=3, conveyor=["ruby", None, "emerald", None, "sapphire"], dice=NO_PATTERN)
    drawn = game.tin.draw(make_rng(3))  # the position has used no randomness yet
    game.apply(mm.Stop())
    assert game.turn == 2 and game.phase == "start" and game.dice is None
    assert game.conveyor == (drawn, "ruby", None, "emerald", None, "sapphire", None, None)


def test_top_belt_drops_to_the_lower_belt_then_the_gem_reaches_a_gear():
    game = mm.position(conveyor={4: "diamond", 7: "amethyst"}, dice=NO_PATTERN)
    game.apply(mm.Stop())
    assert game.conveyor[5] == "diamond"  # first space of the lower belt
    assert game.conveyor[7] is None
    assert game.gears == ("amethyst", None, None)


def test_a_gem_goes_onto_the_left_most_empty_gear():
    game = mm.position(conveyor={7: "ruby"}, gears=["emerald", None, None], dice=NO_PATTERN)
    game.apply(mm.Stop())
    assert game.gears == ("emerald", "ruby", None)
    assert not game.is_over


def test_the_third_gear_ends_the_game_at_once_without_a_draw():
    game = mm.position(conveyor={3: "ruby", 7: "sapphire"}, gears=["emerald", "diamond"], dice=NO_PATTERN)
    tin_before = game.tin
    game.apply(mm.Stop())
    assert game.is_over and game.phase == "over" and game.current_player is None
    assert game.gears == ("emerald", "diamond", "sapphire")
    assert game.tin == tin_before
    assert game.legal_actions() == []


def test_with_an_empty_tin_turns_go_on_without_a_draw():
    game = mm.position(conveyor=[None, "ruby", "amethyst"], gem_counts={"ruby": 1, "amethyst": 1}, dice=NO_PATTERN)
    assert len(game.tin) == 0
    game.apply(mm.Stop())
    assert game.conveyor[:4] == (None, None, "ruby", "amethyst")
    assert game.phase == "start" and game.turn == 2


def test_the_game_ends_at_a_turn_start_when_tin_and_conveyor_are_empty():
    game = mm.position(conveyor={7: "ruby"}, gem_counts={"ruby": 1}, dice=NO_PATTERN)
    game.apply(mm.Stop())
    assert game.is_over
    assert game.gears == ("ruby", None, None)


def test_the_first_roll_rolls_all_four_dice_from_the_seed():
    game = mm.position(seed=12, conveyor=["ruby"])
    assert game.legal_actions()[0] == mm.Roll((0, 1, 2, 3))
    game.apply("roll all dice")
    assert game.dice == roll_dice(make_rng(12), 4)
    assert game.rolls_used == 1 and game.phase == "rolling"


def test_a_re_roll_changes_only_the_chosen_dice_and_uses_a_roll():
    game = mm.position(seed=12, conveyor=["ruby"], dice=(2, 3, 5, 6), rolls_used=1)
    fresh = roll_dice(make_rng(12), 4)
    game.apply(mm.Roll((1, 3)))
    assert game.dice == (2, fresh[1], 5, fresh[3])
    assert game.rolls_used == 2
    assert str(game.history[-1]) == "re-roll dice 2, 4"


def test_a_roll_once_seen_cannot_be_taken_back():
    game = mm.new_game(seed=8)
    game.apply("roll all dice")
    first = game.dice
    with pytest.raises(IllegalActionError) as refused:
        game.undo()
    assert refused.value.rule == "undo" and "dice have been seen" in refused.value.message
    assert game.dice == first and game.rolls_used == 1


def test_the_roll_limit_leaves_collect_stop_and_cursite():
    game = mm.position(conveyor=["ruby"], dice=NO_PATTERN, rolls_used=3, cursite=1)
    kinds = {type(a) for a in game.legal_actions()}
    assert mm.Roll not in kinds
    assert {mm.Stop, mm.CursiteReroll} <= kinds
    with pytest.raises(IllegalActionError) as info:
        game.apply(mm.Roll((0,)))
    assert info.value.rule == "roll limit"


def test_max_rolls_option_sets_the_limit():
    game = mm.position(conveyor=["ruby"], dice=NO_PATTERN, rolls_used=3, max_rolls=4)
    game.apply(mm.Roll((0,)))
    assert game.rolls_used == 4
    assert not any(isinstance(a, mm.Roll) for a in game.legal_actions())


def test_a_die_showing_one_is_locked_and_normal_re_rolls_skip_it():
    game = mm.position(conveyor=["ruby"], dice=(1, 3, 1, 6), rolls_used=1)
    assert game.locked == (True, False, True, False)
    rolls = [a.dice for a in game.legal_actions() if isinstance(a, mm.Roll)]
    assert sorted(rolls) == [(1,), (1, 3), (3,)]
    with pytest.raises(IllegalActionError) as info:
        game.apply(mm.Roll((0, 1)))
    assert info.value.rule == "locked dice"


def test_without_lock_ones_every_die_can_be_re_rolled():
    game = mm.position(conveyor=["ruby"], dice=(1, 3, 1, 6), rolls_used=1, lock_ones=False)
    assert game.locked == (False,) * 4
    assert len([a for a in game.legal_actions() if isinstance(a, mm.Roll)]) == 15
    game.apply(mm.Roll((0, 2)))
    assert game.rolls_used == 2


def test_a_roll_that_shows_one_locks_that_die_for_the_next_roll():
    for seed in range(200):
        game = mm.position(seed=seed, conveyor=["ruby"])
        game.apply("roll all dice")
        if 1 in game.dice:
            die = game.dice.index(1)
            assert game.locked[die]
            assert all(die not in a.dice for a in game.legal_actions() if isinstance(a, mm.Roll))
            return
    pytest.fail("no seed rolled a 1")
