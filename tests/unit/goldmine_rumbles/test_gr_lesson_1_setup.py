"""Goldmine Rumbles lesson 1 (minegames.goldmine_rumbles.lesson_1_setup): its answers, keyed, and its scenes."""

from fractions import Fraction

import numpy as np
import pytest

from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import lesson_1_setup as lesson
from minegames.goldmine_rumbles.lesson_1_setup import LESSON, Scene

#: The key as the teacher's guide prints it: a change of the model that moves one is a change of the lesson.
KEY = {"cubes_in_all": 12, "diary_gold": 5, "red_cave_in": 3, "yellow_cave_in": 1, "shares_price": 2,
       "backfire": Fraction(1, 6), "shot_works": Fraction(5, 6), "blasts": 1}


def test_the_answers_are_the_keyed_ones():
    assert {q.key: q.exact() for q in LESSON.questions} == KEY


def test_the_plan_fits_a_class_and_predicts_four_times():
    assert 45 <= LESSON.minutes <= 60
    assert [q.key for q in LESSON.predictions] == ["cubes_in_all", "red_cave_in", "backfire", "blasts"]


def test_the_cave_in_answers_agree_with_the_rule_table():
    state, _ = lesson.phase_two()
    for p, expected in ((0, R.phase_injuries(0, 2, 2)), (3, R.phase_injuries(2, 2, 0))):
        assert lesson.cave_in_injuries(p) == expected
    assert lesson.cave_in_report(3, 2, 2, 2).lines[-1].endswith("the miner takes 3.")


def test_the_complement_adds_up_to_one():
    assert lesson.backfire_chance() + lesson.shot_works_chance() == 1


def test_the_simulated_shots_settle_near_one_in_six():
    shares = lesson.backfire_shares(20000, seed=3)
    assert shares.shape == (20000,) and np.all((0 <= shares) & (shares <= 1))
    assert abs(shares[-1] - 1 / 6) < 0.02


SCENES = [lesson.setup_scene, lesson.key_scene, lesson.cube_scene, lesson.phase_start_scene, lesson.quake_scene,
          lesson.phase_two_scene, lesson.shop_scene, lesson.buy_scene, lesson.walk_scene, lesson.rat_scene,
          lesson.snake_scene, lesson.blast_board, lesson.blast_scene, lesson.jump_scene]


@pytest.mark.parametrize("make", SCENES, ids=[f.__name__ for f in SCENES])
def test_every_scene_reads_as_html_and_as_text(make):
    scene = make()
    assert isinstance(scene, Scene)
    shown = scene._repr_html_()
    assert shown.startswith("<div") and ("<svg" in shown) == (scene.state is not None)
    assert repr(scene).strip()


def test_the_travel_scenes_show_their_rule():
    assert any("past a rat" in line for line in lesson.rat_scene().lines)
    assert any("shoots the snake" in line for line in lesson.snake_scene().lines)
    blast = lesson.blast_scene().lines
    assert "Can Blue walk there? no" in blast and any("blasts the tile" in line for line in blast)
    assert any("jump from entrance" in line for line in lesson.jump_scene().lines)
    assert any("refused (one main action)" in line for line in lesson.buy_scene().lines)


@pytest.mark.parametrize("make", SCENES, ids=[f.__name__ for f in SCENES])
def test_a_scene_speaks_in_words_and_its_board_names_no_untaught_step(make):
    """No grid coordinates, action names or seat codes in what a pupil reads; the board drawn
    without the line on whose decision is in play (it names steps lesson 1 does not teach)."""
    import re

    scene = make()
    shown = "\n".join(scene.lines)
    assert not re.search(r"\(\d+, \d+\)|[A-Z][a-z]+[A-Z]\w*\(|\bx\d+,", shown), shown
    if scene.state is not None:
        assert "to decide" not in scene._repr_html_()


def test_the_diary_question_waits_in_the_extension():
    assert LESSON["diary_gold"].is_extension and LESSON.questions[-1].key == "diary_gold"


def test_each_colour_keeps_one_character_through_the_lesson():
    import re

    seen = {}
    for make in SCENES:
        for colour, name in re.findall(r">(\w+) · ([\w ]+?)<", make()._repr_html_()):
            assert seen.setdefault(colour, name) == name, (make.__name__, colour, name)
    assert seen["Red"] == "Hattie Moss" and seen["Blue"] == "Rosa Delgado"


def test_the_key_leaves_untaught_words_to_later_lessons():
    shown = repr(lesson.key_scene())
    for word in ("Detonator", "hazard die", "fight roll", "yield", "2gn at the end"):
        assert word not in shown, word
    assert "later lessons" in shown


def test_route_lines_name_tiles_once_and_count_turns_in_words():
    lines = "\n".join(lesson.blast_scene().lines)
    assert "quarter turn(s)" not in lines and "1 quarter turn" in lines
    assert "walk a tunnel of tile" not in lines
    assert "the upper tunnel between tile 1 (row 1, column 1) and tile 2 (row 1, column 2)" in lines
    assert "port " not in lines and "square (" not in lines  # places as a player names them, counted from 1


def test_a_board_splits_into_mine_and_panels_that_wrap_on_a_phone():
    shown = lesson.shop_scene()._repr_html_()
    assert "flex-wrap:wrap" in shown and 'viewBox="0 0 470 ' in shown and 'viewBox="470 0 ' in shown


def test_the_dynamite_text_does_not_give_the_count_away():
    assert "walk" not in lesson.blast_board().caption
