"""The Out of Mine! lesson (minegames/out_of_mine/lesson_1_packing_chances.py): its answers, its
tables and its buttons agree with the model, and its teacher's guide quotes the model's numbers."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from minegames.out_of_mine import analysis
from minegames.out_of_mine import lesson_1_packing_chances as mine

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "teaching" / f"{mine.LESSON.name}.md"


def percent(value: Fraction, places: int) -> str:
    return f"{float(value) * 100:.{places}f}%"


def test_the_lesson_is_one_class_with_predictions_before_the_exact_numbers():
    assert 45 <= mine.LESSON.minutes <= 60
    assert len(mine.LESSON.predictions) >= 4
    extension = [q.key for q in mine.LESSON if q.section == mine.EXTENSION]
    assert extension == [q.key for q in mine.LESSON][-len(extension):], "extension questions come last"


def test_choosing_the_side_first_beats_a_random_side():
    random_side, best_side = analysis.fill_probability(), mine.best_side_chance()
    assert random_side == mine.LESSON["fill_chance"].exact() and best_side > random_side
    assert mine.cannot_fill_chance() == 1 - random_side
    # the better side of the side board is the one the key names
    counts = mine.side_counts()
    assert mine.easier_side() == f"side {max(counts, key=counts.get)}" and counts["A"] != counts["B"]


def test_the_tables_cover_the_whole_sample_space():
    pairs = mine.pair_count()
    assert sum(row[1] for row in mine.ways_table().rows) == pairs
    assert mine.sides_table().rows[-1][1] + mine.sides_table().rows[-1][2] == round(analysis.fill_probability() * pairs)
    scores = mine.scores_table().rows
    assert scores[-1][2] == pairs
    assert Fraction(sum(s * n for s, _, n in scores[:-1]), pairs) == mine.expected_score()


def test_the_buttons_work():
    text = mine.random_rounds(200, seed=1)
    assert "200 random rounds" in text and "standard-error band" in text and "<svg" in text
    shares = mine.fill_simulation(500, seed=2)
    assert len(shares) == 500 and 0 <= shares[-1] <= 1
    first = mine.unfillable_choices()[0]
    assert "cells stay empty" in mine.best_cover_report(first)
    assert "87.25%" in mine.flip_rule("no") and "92.375%" in mine.flip_rule("yes")
    assert mine.elf_round_points() == 8
    elves = mine.elf_picture().svg
    assert elves.count("<circle") == 4 and "tile" not in elves and "Round" not in elves


def test_the_rules_narration_refuses_what_the_rules_forbid():
    said = [row[1] for row in mine.refusals().rows]
    assert [s.startswith("refused: ") for s in said] == [True] * 4 + [False] and said[-1] == "placed"
    # each refusal is said in words, never with the model's rule names, tile numbers or coordinates
    assert len(set(said[:4])) == 4 and all(s.removeprefix("refused: ") in mine.PLAIN_RULES.values() for s in said[:4])
    steps = dict(mine.hasty_call().rows)
    assert steps["points for the round"] == "10 − 4 − 2 = 4" and steps["empty cells after the check"] == 4


def test_no_code_or_answers_in_what_pupils_read_before_the_questions():
    plan = mine.LESSON.plan_markdown()
    for number in ("92.4", "95.75", "9.77", "739", "383"):
        assert number not in plan, f"the goals give away {number}"
    for text in (repr(mine.refusals()), repr(mine.hasty_call()), mine.refusals()._repr_html_()):
        assert not re.search(r"\(\d+, \d+\)|\btile \d|\bP\d|I\d\b", text), text


def test_the_guide_quotes_the_models_numbers():
    guide = GUIDE.read_text(encoding="utf-8")
    random_side, best_side = analysis.fill_probability(), mine.best_side_chance()
    for needed in (percent(random_side, 1), percent(best_side, 2), str(random_side), str(best_side),
                   str(mine.cannot_fill_chance()), str(mine.expected_score()), str(mine.expected_score_with_call()),
                   f"{mine.one_way_pairs()} of the 800", f"{max(r.covers for r in analysis.fill_table()):,}"):
        assert needed in guide, needed
    counts = mine.side_counts()
    assert re.search(rf"side A can be filled by {counts['A']} of the 40", guide)
    assert f"by {counts['B']}" in guide


def test_pupils_read_boards_numbered_1_to_10_and_a_band_no_higher_than_100_percent():
    assert [row[0] for row in mine.sides_table().rows[:-1]] == list(range(1, 11))
    assert mine.sides_table().header[-1] == "cards that fill the better side"
    assert all(not label.startswith("board 0") for label in mine.unfillable_choices())
    first = mine.unfillable_choices()[0]
    assert first.split(",")[0] + ": the best cover" in mine.best_cover_report(first)
    assert "board 3A" in mine.filled_sample().svg and "board 2, side A" in mine.two_sides(mine.SIDE_BOARD).svg
    few = mine.random_rounds(10, seed=1)
    assert "to 100% (cut at 100%" in few and not re.search(r"\b(10[1-9]|1[1-9][0-9])\.\d%", few)


def test_the_pieces_picture_keeps_its_words_in_html_and_white_pieces_have_dark_outlines():
    drawn = mine.pieces_picture()._repr_html_()
    assert "1 cell, 13 in the box" in drawn and "<text" not in drawn
    assert "#8a8a8a" not in drawn and "#8a8a8a" not in mine.best_cover_report(mine.unfillable_choices()[0])
