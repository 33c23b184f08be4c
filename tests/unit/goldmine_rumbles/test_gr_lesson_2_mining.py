"""Goldmine Rumbles lesson 2 (minegames.goldmine_rumbles.lesson_2_mining): pinned positions, keyed answers."""

from fractions import Fraction

import pytest

from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import lesson_2_mining as lesson
from minegames.goldmine_rumbles.lesson_1_setup import Scene
from minegames.goldmine_rumbles.lesson_2_mining import BLUE, CLAIM, LESSON, RED
from minegames.goldmine_rumbles.state_odds import miner_at_claim

#: The key as the teacher's guide prints it (the positions are pinned, so these never move with the tiles).
KEY = {"plain_die": Fraction(7, 2), "blue_mean": Fraction(35, 6), "hazard_free": Fraction(1, 6),
       "hazard_mean": Fraction(11, 6), "higher_six": Fraction(11, 36), "red_gain": Fraction(53, 36),
       "best_bid": 4, "trade_gold": 8}


def test_the_answers_are_the_keyed_ones():
    assert {q.key: q.exact() for q in LESSON.questions} == KEY


def test_the_plan_fits_a_class_and_predicts_four_times():
    assert 45 <= LESSON.minutes <= 60
    assert [q.key for q in LESSON.predictions] == ["plain_die", "hazard_free", "higher_six", "best_bid"]


def test_the_positions_are_pinned_as_the_questions_say():
    """The questions state Blue's +1 and Bible, and Red's plain die: the positions must give exactly that."""
    assert {k: v for k, v in lesson.blue_here().items() if k != "bible_faces"} == {"bonus": 1, "penalty": 0,
                                                                                 "bible": True}
    duo = lesson.duo_table()
    assert duo.positions[RED] == duo.positions[BLUE] == CLAIM  # nobody walks: the tunnels play no part
    red = miner_at_claim(duo, RED, CLAIM)
    assert (red["bonus"], red["penalty"], red["bible"]) == (0, 0, False)
    assert lesson.face_costs() == [1, 3, 0, 2, 2, 3]


def test_the_numbers_the_text_and_guide_quote():
    assert [lesson.red_gain(bid) for bid in (4, 5)] == [Fraction(17, 36), Fraction(-19, 36)]
    assert lesson.red_gain(0) == Fraction(161, 36)  # bid nothing: the expected higher die
    value = lesson.bid_report(3).lines[1]
    assert "43/12" in value


def test_the_die_thrown_many_times_lands_in_its_band():
    lines = lesson.throw_blue_die(10000, seed=1).lines
    assert lines[-1] == "the average is inside the band."


def test_the_dig_shows_the_bible_at_work():
    lines = lesson.dig_scene().lines
    assert "rolls 1" in lines[0] or "rolls 2" in lines[0]


SCENES = [lesson.claim_scene, lesson.yield_scene, lesson.dig_scene, lesson.token_scene, lesson.hazard_scene,
          lesson.bids_scene, lesson.pairs_scene, lesson.pair_counts_scene, lesson.bid_report, lesson.partner_dig_scene, lesson.carry_scene,
          lesson.trade_scene, lesson.item_scene]


@pytest.mark.parametrize("make", SCENES, ids=[f.__name__ for f in SCENES])
def test_every_scene_reads_as_html_and_as_text(make):
    scene = make()
    assert isinstance(scene, Scene)
    assert scene._repr_html_().startswith("<div") and repr(scene).strip()


def test_the_carry_limit_refuses_a_seventh_item():
    assert any("carry limit" in line for line in lesson.carry_scene().lines)


def test_the_bid_board_is_the_one_the_lesson_asks_about():
    assert tuple(lesson.BIDS) == tuple(C.BID_SQUARES) == (1, 2, 3, 4, 5, 6)


def test_predictions_followed_by_work_keep_their_working_for_the_key():
    """The hazard faces, the 36 pairs and the bids are worked out after the prediction: its box
    shows only the answer, and the working stays in the teacher's key."""
    for key in ("hazard_free", "higher_six", "best_bid"):
        assert not LESSON[key].show_working and LESSON[key].worked


def test_rounded_decimals_count_and_the_items_wait_in_the_extension():
    for key in ("blue_mean", "hazard_mean", "red_gain", "higher_six"):
        assert LESSON[key].tolerance >= 0.02
    assert [q.key for q in LESSON.questions if q.is_extension] == ["trade_gold"]
    assert "P1" not in "\n".join(lesson.bids_scene().lines)


def test_phone_readable_pictures_and_tables():
    """Boards carry their players' cards in words; the 36-pair grid is narrow and leaves the counting to pupils."""
    assert "1 Water Pumps" in lesson.claim_scene().caption
    assert lesson.risky_board().caption.startswith("A new position, set up for this question.")
    assert "2 injuries" in lesson.risky_board().caption and "1 Safety Gear" in lesson.risky_board().caption
    header = lesson.pairs_scene().tables[0][0]
    assert all(len(str(h)) <= 9 for h in header)
    assert "pairs" not in "\n".join(lesson.pairs_scene().lines)
    assert "11 pairs" in lesson.pair_counts_scene().lines[0]


def test_the_hazard_table_names_the_bandage_and_the_band_needs_no_formula():
    rows = {row[0]: row[1] for row in lesson.hazard_scene().tables[0][1]}
    assert rows["cave-in x3"] == "2 injuries -> 4th injury, 1 Bandage"
    lines = lesson.throw_blue_die(100, seed=1).lines
    assert "band" in lines[2] and "x" not in lines[2].split(":")[0] and "\u221a" not in lines[2]
    assert "two Bibles" in lesson.trade_scene().lines[0]
