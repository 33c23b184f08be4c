"""position(): hand-made mid-game states stay consistent or are refused with a reason."""

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import IllegalActionError, OptionError


def test_gems_on_the_sheet_come_out_of_the_tin():
    game = mm.position(conveyor=["ruby", None, "ruby"], gears=["diamond"], containers={"amethyst": 3, "ruby": 1})
    tin = game.tin
    assert tin.count("ruby") == 6 - 3 and tin.count("diamond") == 3 and tin.count("amethyst") == 5
    assert game.containers[:3] == (("amethyst", 3), ("ruby", 1), (None, 0))
    assert game.conveyor == ("ruby", None, "ruby") + (None,) * 5


def test_dice_default_to_the_rolling_phase_with_one_roll_used():
    game = mm.position(conveyor=["ruby"], dice=[6, 5, 4, 3])
    assert game.phase == "rolling" and game.rolls_used == 1 and game.dice == (6, 5, 4, 3)
    assert mm.position(conveyor=["ruby"]).phase == "start"


def test_cursite_held_comes_from_the_lid():
    game = mm.position(conveyor=["ruby"], cursite=3)
    assert (game.cursite, game.cursite_supply, game.options.cursite) == (3, 5, 8)
    game = mm.position(conveyor=["ruby"], cursite=3, lid=1)
    assert (game.cursite, game.cursite_supply, game.options.cursite) == (3, 1, 4)


def test_gear_count_sets_the_number_of_gears():
    game = mm.position(conveyor=["ruby"], gears=["emerald"], gear_count=4)
    assert game.gears == ("emerald", None, None, None)


def test_an_ended_position_must_say_so():
    game = mm.position(gears=["ruby"] * 3, conveyor=["amethyst"], phase="over")
    assert game.is_over and game.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        mm.position(gears=["ruby"] * 3, conveyor=["amethyst"])
    assert info.value.rule == "game end"
    with pytest.raises(IllegalActionError) as info:
        mm.position(conveyor=["amethyst"], phase="over")
    assert info.value.rule == "game end"


@pytest.mark.parametrize(
    "arguments, name",
    [
        ({"conveyor": ["ruby"] * 9}, "conveyor"),
        ({"conveyor": ["opal"]}, "conveyor"),
        ({"conveyor": "ruby"}, "conveyor"),
        ({"conveyor": {8: "ruby"}}, "conveyor"),
        ({"gears": ["ruby"] * 4}, "gears"),
        ({"containers": [("ruby", 0)]}, "containers"),
        ({"containers": ["ruby"]}, "containers"),
        ({"containers": [None] * 6}, "containers"),
        ({"dice": (1, 2, 3)}, "dice"),
        ({"dice": (0, 2, 3, 4)}, "dice"),
        ({"phase": "shake"}, "phase"),
        ({"cursite": -1}, "cursite"),
        ({"turn": 0}, "turn"),
        ({"gears": 7}, "gears"),
        ({"containers": 2}, "containers"),
        ({"gear_count": 0}, "gears"),
    ],
)
def test_bad_arguments_raise_option_error_naming_them(arguments, name):
    arguments.setdefault("conveyor", ["amethyst"])
    with pytest.raises(OptionError) as info:
        mm.position(**arguments)
    assert info.value.option == name


@pytest.mark.parametrize(
    "arguments, rule",
    [
        ({"conveyor": ["diamond"] * 5}, "gem count"),
        ({"conveyor": ["ruby"], "containers": [("ruby", 1), ("ruby", 1)]}, "sorting"),
        ({"conveyor": ["ruby"], "dice": (1, 2, 3, 4), "rolls_used": 4}, "dice"),
        ({"conveyor": ["ruby"], "phase": "rolling"}, "dice"),
        ({"conveyor": ["ruby"], "rolls_used": 1}, "dice"),
    ],
)
def test_unreachable_positions_raise_naming_the_rule(arguments, rule):
    with pytest.raises(IllegalActionError) as info:
        mm.position(**arguments)
    assert info.value.rule == rule


def test_a_position_plays_on_like_any_game():
    game = mm.position(seed=5, conveyor=["ruby"], dice=(2, 2, 4, 6))
    game.apply("collect ruby")
    game.apply("shake: emerald onto space 2")
    assert game.turn == 2 and game.conveyor[2] == "emerald"
    assert game.drew_on_chance()  # the next turn's gem came out of the tin
    with pytest.raises(IllegalActionError):
        game.undo()
