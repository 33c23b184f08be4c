"""The lesson exercise: safe parsing, exact checking, feedback, and predict-then-reveal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from widgets import Exercise
from widgets.exercise import AnswerError, compare, number_text, parse_choice, parse_number, running_share_svg

GEMS = ("amethyst", "emerald", "ruby", "sapphire", "diamond")


# -- parsing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("5/36", Fraction(5, 36)),
    (" 5 / 36 ", Fraction(5, 36)),
    ("10/360", Fraction(1, 36)),
    ("12", Fraction(12)),
    ("-3", Fraction(-3)),
    ("\u22123", Fraction(-3)),      # a typographic minus
    ("0.25", Fraction(1, 4)),
    (".5", Fraction(1, 2)),
    ("3.", Fraction(3)),
    ("12.5%", Fraction(1, 8)),
    ("0.5 %", Fraction(1, 200)),
    ("1 in 216", Fraction(1, 216)),
    ("1 IN 6", Fraction(1, 6)),
])
def test_parse_number_reads_what_learners_write(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text, says", [
    ("", "Type an answer"),
    ("   ", "Type an answer"),
    ("abc", "can't read"),
    ("1/0", "0 below the line"),
    ("2**3", "can't read"),
    ("__import__('os').system('echo hi')", "can't read"),
    ("1/2/3", "can't read"),
    ("1e5", "can't read"),
    ("5/36.0", "can't read"),
    ("9" * 100, "too long"),
])
def test_bad_text_gets_a_friendly_message(text, says):
    with pytest.raises(AnswerError, match=says):
        parse_number(text)


def test_parse_choice_ignores_case_and_spacing():
    assert parse_choice("  DIAMOND ", GEMS) == "diamond"
    with pytest.raises(AnswerError, match="Pick one of: amethyst"):
        parse_choice("opal", GEMS)
    with pytest.raises(AnswerError, match="Pick one"):
        parse_choice("", GEMS)


def test_number_text_shows_the_exact_value_and_a_reading():
    assert number_text(7) == "7"
    assert number_text(Fraction(1, 216)) == "1/216 (about 0.46%)"
    assert number_text(Fraction(573, 80)) == "573/80 (about 7.16)"


# -- checking numbers -----------------------------------------------------------------------

def test_exact_fraction_is_right_in_any_form():
    for text in ("1/216", "2/432", "1 in 216"):
        feedback = Exercise("q", Fraction(1, 216)).check(text)
        assert feedback.correct and feedback.verdict == "right"
        assert "exactly 1/216" in feedback.message


def test_a_decimal_close_to_a_fraction_counts_but_a_fraction_must_be_exact():
    answer = Fraction(1, 216)                  # 0.46296...
    assert compare(Fraction("0.0046"), answer, typed="0.0046").correct
    assert not compare(Fraction(23, 5000), answer, typed="23/5000").correct
    assert not compare(Fraction("0.005"), answer, typed="0.005").correct      # 8% off
    assert not compare(Fraction("5.01"), 5, typed="5.01").correct            # a whole answer is exact
    assert not compare(Fraction("0.0046"), answer, tolerance=0, typed="0.0046").correct


def test_wrong_answers_say_which_way_and_how_far():
    exercise = Exercise("q", Fraction(1, 216), reveal_after=None)
    high = exercise.check("1/36")
    assert high.verdict == "wrong" and "too high" in high.message and "6 times" in high.message
    low = exercise.check("1/300")
    assert "too low" in low.message and "percentage points" in low.message
    whole = Exercise("q", 5).check("7")
    assert "too high" in whole.message and "off by 2" in whole.message


def test_hint_follows_a_wrong_try():
    exercise = Exercise("q", 5, hint="Count the empty cells.")
    exercise.check("3")
    assert "Hint: Count the empty cells." in exercise.feedback_view.value
    exercise.check("5")
    assert "Hint" not in exercise.feedback_view.value


def test_the_answer_is_revealed_after_a_right_try_or_enough_wrong_ones():
    right = Exercise("q", Fraction(5, 36))
    assert not right.revealed and right.answer_view.value == ""
    right.check("5/36")
    assert right.revealed and "The exact answer: 5/36" in right.answer_view.value

    stubborn = Exercise("q", Fraction(5, 36), reveal_after=2)
    stubborn.check("1/2")
    assert not stubborn.revealed
    stubborn.check("1/3")
    assert stubborn.revealed and "5/36" in stubborn.answer_view.value


def test_the_answer_on_request():
    exercise = Exercise("q", 42, explanation="Six times seven.", reveal_after=None)
    exercise.reveal_button.click()
    assert exercise.revealed
    assert "The exact answer: 42" in exercise.answer_view.value and "Six times seven." in exercise.answer_view.value
    assert exercise.reveal_button.layout.display == "none"


def test_bad_input_is_not_counted_as_a_try():
    exercise = Exercise("q", 3, reveal_after=1)
    feedback = exercise.check("three")
    assert feedback.verdict == "invalid" and not feedback.correct
    assert "can't read" in exercise.feedback_view.value
    assert exercise.tries == [] and not exercise.revealed


def test_typed_text_is_escaped_in_the_feedback():
    exercise = Exercise("<b>q</b>", 3)
    exercise.check("<script>alert(1)</script>")
    assert "<script>" not in exercise.feedback_view.value
    assert "<b>q</b>" not in exercise.question_view.value


def test_answer_text_can_be_set_and_checked_like_a_click():
    exercise = Exercise("q", Fraction(1, 6))
    exercise.answer_text = "1/6"
    assert exercise.input.value == "1/6" and exercise.answer_text == "1/6"
    exercise.check_button.click()
    assert exercise.tries[-1].correct


def test_answers_must_be_exact_numbers():
    with pytest.raises(TypeError):
        Exercise("q", 0.5)
    with pytest.raises(ValueError):
        Exercise("q", "opal", choices=GEMS)


# -- choices ---------------------------------------------------------------------------------

def test_choice_exercise():
    exercise = Exercise("Which gem is hardest?", "diamond", choices=GEMS, reveal_after=None)
    assert exercise.input.options == GEMS and exercise.input.value is None
    wrong = exercise.check("ruby")
    assert wrong.verdict == "wrong" and exercise.input.value == "ruby"
    assert exercise.check("opal").verdict == "invalid"
    exercise.answer_text = "Diamond"
    assert exercise.input.value == "diamond"
    assert exercise.check().correct
    assert "The exact answer: diamond" in exercise.answer_view.value


def test_choice_exercise_with_nothing_picked():
    assert Exercise("q", "ruby", choices=GEMS).check().verdict == "invalid"


# -- predict first, then reveal --------------------------------------------------------------

def test_predict_then_reveal():
    calls = []

    def simulation():
        calls.append(1)
        return [0.0, 0.5, 0.2, 0.18, 0.17]

    exercise = Exercise("Predict", Fraction(1, 6), predict=True, simulation=simulation)
    assert exercise.check_button.description == "Lock in my prediction"
    assert exercise.reveal_button.layout.display == "none"          # no peeking before predicting
    assert exercise.check("one sixth").verdict == "invalid"           # not locked in
    assert not exercise.revealed and exercise.prediction is None

    feedback = exercise.check("25%")
    assert feedback.verdict == "wrong" and feedback.message.startswith("You predicted 25%: too high")
    assert exercise.prediction == Fraction(1, 4)
    assert exercise.revealed and exercise.input.disabled and exercise.check_button.disabled
    shown = exercise.answer_view.value
    assert "The exact answer: 1/6" in shown and "<svg" in shown and "your prediction" in shown
    assert "after 5 trials" in shown

    again = exercise.check("1/6")                                   # a prediction cannot be changed
    assert again == feedback and exercise.prediction == Fraction(1, 4) and calls == [1]


def test_a_right_prediction():
    exercise = Exercise("Predict", Fraction(1, 216), predict=True)
    feedback = exercise.check("1/216")
    assert feedback.correct and "Spot on" in feedback.message and exercise.revealed


def test_running_share_svg():
    svg = running_share_svg([1.0, 0.5, 0.3, 0.25], exact=0.25, prediction=0.4)
    assert svg.startswith("<svg") and svg.count("<line") == 2 and "polyline" in svg
    assert running_share_svg([], exact=0.5) == ""


# -- answers out of sight -------------------------------------------------------------------

def test_show_the_answer_appears_only_after_a_real_try():
    exercise = Exercise("How many faces does a die have?", 6)
    assert exercise.reveal_button.layout.display == "none"          # no answer before a try
    exercise.check("six")                                              # not an answer: not a try
    assert exercise.reveal_button.layout.display == "none"
    exercise.check("5")
    assert exercise.reveal_button.layout.display != "none" and not exercise.revealed
    exercise.reveal_button.click()
    assert exercise.revealed and "6" in exercise.answer_view.value


def test_a_saved_exercise_shows_its_question_and_never_its_answer():
    exercise = Exercise("Chance of two sixes?", Fraction(1, 36), explanation="1/6 times 1/6", hint="multiply")
    bundle = exercise._repr_mimebundle_()
    static = bundle["text/plain"] + bundle["text/html"]
    assert "Chance of two sixes?" in bundle["text/plain"] and "Chance of two sixes?" in bundle["text/html"]
    assert "Your answer: ____" in bundle["text/plain"]
    for secret in ("1/36", "1/6 times", "multiply", "2.78"):
        assert secret not in static
    assert "Exercise(children" not in static


def test_ask_takes_question_answer_and_working_from_the_lesson_definition():
    from minegames.core.lessons import Question
    from widgets.exercise import ask

    calls = []

    def from_the_model():
        calls.append(1)
        return Fraction(5, 36)

    question = Question("five", "Chance of a total of 6 with two dice?", from_the_model, worked="5 of 36 pairs",
                        predict=True)
    exercise = ask(question)
    assert calls == [1] and exercise.answer == Fraction(5, 36) and exercise.predict
    assert "5 of 36" not in exercise._repr_mimebundle_()["text/html"]
    exercise.check("1/6")
    assert exercise.revealed and "5 of 36 pairs" in exercise.answer_view.value


def test_a_chance_typed_as_a_bare_percentage_is_read_as_one():
    exercise = Exercise("Chance of a six?", Fraction(1, 6))
    feedback = exercise.check("16.7")
    assert feedback.correct and "16.7%" in feedback.message
    assert not Exercise("Chance?", Fraction(1, 6)).check("1/2").correct     # a fraction stays a fraction
    assert Exercise("How many?", 60).check("60").correct                    # not a chance: a plain number
    assert "2 is too high" in Exercise("How many points?", 1).check("2").message  # a whole-number answer of 1
    assert not Exercise("Chance?", Fraction(1, 6)).check("0.5").correct     # 0.5 stays 0.5


def test_a_question_can_keep_its_working_for_the_key():
    from minegames.core.lessons import Question
    from widgets.exercise import ask

    exercise = ask(Question("k", "Predict the chance", Fraction(29, 64), worked="1/8 + 4/8 x 21/32", predict=True,
                            show_working=False))
    exercise.check("1/2")
    assert exercise.revealed and "29/64" in exercise.answer_view.value and "21/32" not in exercise.answer_view.value


def test_numbers_are_never_in_e_notation():
    from widgets.exercise import plain_number

    feedback = Exercise("How many throws show only even numbers?", 81).check("81/1296")
    assert "e+" not in feedback.message and "1,300 times too small" in feedback.message
    assert plain_number(0.00283) == "0.00283" and plain_number(1234567) == "1,230,000"
    assert "e-" not in number_text(Fraction(1, 4576 * 1000))


def test_a_fraction_too_big_to_read_leads_with_its_reading():
    assert number_text(Fraction(5976397, 7558272)) == "about 79.1% (exactly 5976397/7558272)"
    assert number_text(Fraction(1, 216)).startswith("1/216 (about")


def test_a_count_is_off_by_a_count_not_by_percentage_points():
    assert Exercise("How many blasts?", 1).check("0").message == "Not quite: 0 is too low (off by 1)."
