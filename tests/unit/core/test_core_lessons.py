"""Lessons as data (minegames/core/lessons.py): questions, plans, and the generated answer key."""

from __future__ import annotations

from fractions import Fraction

import pytest

from minegames.core.lessons import KEY_BEGIN, KEY_END, Lesson, Question, Section, answer_key, with_key


def lesson(*questions: Question) -> Lesson:
    return Lesson("dice_1_two_dice", "Two dice", ("say a chance as a fraction",), ("fractions",),
                  (Section("rolling", 20), Section("counting", 25)), questions)


def test_the_plan_says_goals_prerequisites_and_minutes():
    plan = lesson().plan_markdown()
    assert plan.startswith("# Two dice") and "say a chance as a fraction" in plan and "fractions" in plan
    assert "45 minutes" in plan and "| counting | 25 |" in plan


def test_the_key_lists_each_exact_answer_and_its_working_in_order():
    key = answer_key(lesson(Question("six", "A total of 6?", lambda: Fraction(5, 36), worked="5 of 36 pairs"),
                            Question("more", "Which is likelier?", "7", choices=("6", "7"), predict=True)))
    rows = [line for line in key.splitlines() if line.startswith("| 1") or line.startswith("| 2")]
    assert rows[0] == "| 1 | A total of 6? | 5/36 (about 13.9%) | 5 of 36 pairs |"
    assert rows[1].startswith("| 2 | Which is likelier? (prediction first) | 7 |")


def test_with_key_rewrites_only_the_key_section():
    guide = f"# Guide\n\nBefore.\n\n{KEY_BEGIN}\nold\n{KEY_END}\n\nAfter.\n"
    new = with_key(guide, lesson(Question("a", "One?", 1)))
    assert new.startswith("# Guide\n\nBefore.") and new.endswith("After.\n") and "old" not in new
    with pytest.raises(ValueError, match="no answer key section"):
        with_key("# no key here", lesson())


def test_a_bad_definition_is_refused_when_asked():
    with pytest.raises(ValueError, match="not among the choices"):
        Question("c", "Pick", "9", choices=("6", "7")).exact()
    with pytest.raises(TypeError, match="int or a Fraction"):
        Question("f", "Float?", 0.5).exact()
    with pytest.raises(ValueError, match="used twice"):
        lesson(Question("a", "One?", 1), Question("a", "Two?", 2))


def test_the_standard_error_of_a_share():
    from minegames.core.lessons import standard_error

    assert standard_error(Fraction(1, 2), 100) == pytest.approx(0.05)
    assert standard_error(0.25, 10_000) * 10 == pytest.approx(standard_error(0.25, 100))  # 100x trials: a tenth
    assert standard_error(1, 50) == 0


def test_extension_questions_are_marked_in_the_key_and_not_counted_as_the_lessons_predictions():
    extra = Question("top", "Extension: how many?", 3, predict=True, section="Extension (for a top set)")
    plain = Question("one", "How many?", 2, predict=True)
    assert extra.is_extension and not plain.is_extension
    assert lesson(plain, extra).predictions == [plain]
    assert "How many? (prediction first) (extension)" not in answer_key(lesson(plain, extra))
    assert "Extension: how many? (prediction first) (extension)" in answer_key(lesson(plain, extra))
