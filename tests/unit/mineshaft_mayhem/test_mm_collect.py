"""Collecting, sorting into containers, and the shake that follows an empty container."""

from minegames import mineshaft_mayhem as mm

RUBY_ROLL = (2, 4, 6, 6)  # all evens, nothing else


def test_collect_takes_every_gem_of_that_type_and_only_that_type():
    game = mm.position(conveyor=["ruby", "amethyst", None, "ruby", None, None, "ruby"], dice=RUBY_ROLL)
    game.apply("collect ruby")
    assert "ruby" not in game.conveyor
    assert game.conveyor.count("amethyst") == 1
    assert game.containers[0] == ("ruby", 3)


def test_collect_is_allowed_after_any_roll_of_the_turn():
    game = mm.position(conveyor=["ruby"], dice=RUBY_ROLL, rolls_used=1)
    assert mm.Collect("ruby") in game.legal_actions()


def test_the_first_type_goes_to_the_left_most_container_and_shakes_the_mine():
    game = mm.position(conveyor=["ruby", "amethyst"], dice=RUBY_ROLL)
    game.apply(mm.Collect("ruby"))
    assert game.containers[0] == ("ruby", 1)
    assert game.phase == "shake"
    assert game.dice == RUBY_ROLL  # the turn is not over until the shake is done


def test_a_type_already_sorted_joins_its_container_without_a_shake():
    game = mm.position(conveyor=["ruby", "amethyst"], containers=[("amethyst", 1), ("ruby", 2)], dice=RUBY_ROLL)
    game.apply(mm.Collect("ruby"))
    assert game.containers[:3] == (("amethyst", 1), ("ruby", 3), (None, 0))
    assert game.phase == "start" and game.turn == 2


def test_a_new_type_goes_to_the_left_most_empty_container():
    game = mm.position(conveyor=["ruby"], containers=[("amethyst", 1), None, ("sapphire", 1)], dice=RUBY_ROLL)
    game.apply(mm.Collect("ruby"))
    assert game.containers[1] == ("ruby", 1)


def test_with_no_container_left_for_a_type_it_cannot_be_collected():
    game = mm.position(conveyor=["ruby", "amethyst"], containers=[("amethyst", 1), ("sapphire", 1)],
                       dice=RUBY_ROLL, container_values=(1, 2))
    assert "ruby" in game.shown_gems()
    assert game.collectable() == []
    assert not game.is_legal(mm.Collect("ruby"))


def test_shake_offers_every_type_in_the_tin_on_every_empty_space():
    game = mm.position(conveyor=["ruby", "amethyst", "emerald"], dice=RUBY_ROLL,
                       gem_counts={"ruby": 1, "amethyst": 1, "emerald": 1, "diamond": 2, "sapphire": 1})
    game.apply(mm.Collect("ruby"))
    empty = [0] + list(range(3, 8))
    assert set(game.legal_actions()) == {mm.Shake(g, s) for g in ("diamond", "sapphire") for s in empty}


def test_a_shake_puts_the_chosen_gem_then_the_turn_ends():
    game = mm.position(seed=1, conveyor=["ruby"], dice=RUBY_ROLL)
    diamonds = game.tin.count("diamond")
    game.apply(mm.Collect("ruby"))
    game.apply("shake: diamond onto space 4")
    assert game.tin.count("diamond") == diamonds - 1 - (game.conveyor[0] == "diamond")
    assert game.turn == 2 and game.phase == "start"
    assert game.conveyor[4] == "diamond"  # shaken onto space 4 (index 3), then advanced


def test_no_shake_when_the_tin_is_empty():
    game = mm.position(conveyor=["ruby", "amethyst"], gem_counts={"ruby": 1, "amethyst": 1}, dice=RUBY_ROLL)
    game.apply(mm.Collect("ruby"))
    assert game.phase == "start" and game.turn == 2
    assert game.conveyor[:3] == (None, None, "amethyst")


def test_collecting_the_last_gem_ends_the_game():
    game = mm.position(conveyor=[None, "ruby", "ruby"], gem_counts={"ruby": 2}, dice=RUBY_ROLL)
    game.apply(mm.Collect("ruby"))
    assert game.is_over
    assert game.containers[0] == ("ruby", 2)
    assert game.score_breakdown() == {"containers": 2, "empty_gears": 15, "cursite": 0, "total": 17}


def test_shake_onto_a_gear_only_when_the_conveyor_is_full():
    full = ["amethyst", "emerald", "sapphire", "amethyst", "emerald", "sapphire", "amethyst", "emerald"]
    game = mm.position(conveyor=full, gears=["ruby", "diamond"], cursite=3)
    game.apply(mm.CursiteRescue(0))
    assert game.phase == "shake"
    assert set(game.legal_actions()) == {mm.ShakeOntoGear(g) for g in game.tin.kinds()}
    game.apply("shake: ruby onto a gear")
    assert game.gears == ("ruby", "diamond", None)  # the left-most empty gear
    assert game.containers[0] == ("ruby", 1)
    assert game.phase == "start"  # the turn carries on where the rescue interrupted it
