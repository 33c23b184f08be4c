"""Score formula, rank chart and its boundaries."""

import pytest

from minegames import mineshaft_mayhem as mm


def test_score_adds_containers_empty_gears_and_cursite():
    game = mm.position(conveyor=["ruby"], containers=[("ruby", 3), ("amethyst", 2), None, ("emerald", 1)],
                       gears=["sapphire"], cursite=4)
    assert game.score_breakdown() == {"containers": 3 + 4 + 4, "empty_gears": 10, "cursite": 8, "total": 29}
    assert game.scores() == [29]
    assert game.rank() == "Novice Dwarf"


def test_container_values_option_changes_the_points():
    game = mm.position(conveyor=["ruby"], containers=[("ruby", 3), ("amethyst", 2)], container_values=(10, 1))
    assert game.score_breakdown()["containers"] == 32


@pytest.mark.parametrize(
    "score, rank",
    [
        (0, "Disgraceful Dwarf"), (15, "Disgraceful Dwarf"), (16, "Apprentice Dwarf"), (25, "Apprentice Dwarf"),
        (26, "Novice Dwarf"), (40, "Novice Dwarf"), (41, "Adept Dwarf"), (59, "Adept Dwarf"),
        (60, "Expert Dwarf"), (79, "Expert Dwarf"), (80, "Master Dwarf"), (140, "Master Dwarf"),
    ],
)
def test_rank_boundaries(score, rank):
    assert mm.rank_for(score) == rank


def test_negative_scores_do_not_exist():
    with pytest.raises(ValueError):
        mm.rank_for(-1)


@pytest.mark.parametrize("rubies, rank", [(0, "Disgraceful Dwarf"), (1, "Apprentice Dwarf")])
def test_a_state_on_each_side_of_the_first_boundary(rubies, rank):
    # 3 empty gears = 15 points; one ruby in the first container makes 16
    containers = [("ruby", rubies)] if rubies else []
    game = mm.position(conveyor=["amethyst"], containers=containers)
    assert game.scores() == [15 + rubies] and game.rank() == rank


def test_the_final_score_of_a_game_ended_by_the_gears():
    game = mm.position(conveyor={7: "ruby"}, gears=["emerald", "diamond"], containers=[("amethyst", 4)],
                       cursite=2, dice=(2, 3, 5, 6))
    game.apply(mm.Stop())
    assert game.is_over
    assert game.score_breakdown() == {"containers": 4, "empty_gears": 0, "cursite": 4, "total": 8}
    assert game.rank() == "Disgraceful Dwarf"
