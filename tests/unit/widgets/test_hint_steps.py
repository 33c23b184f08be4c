"""The two-press hint every app's Hint button follows: explain first, the move second, counted."""

from widgets.components import HintSteps


def test_first_press_explains_second_shows_the_move_and_a_new_position_starts_again():
    steps = HintSteps()
    assert steps.button_label("a") == "Hint"
    assert steps.press("a") == HintSteps.EXPLAIN
    assert steps.button_label("a") == "Show the move"
    assert steps.press("a") == HintSteps.MOVE
    assert steps.button_label("a") == "Move shown" and steps.move_shown("a")
    assert steps.press("a") == HintSteps.MOVE          # shown again, not counted again
    assert (steps.asked, steps.moves_shown) == (1, 1)
    assert steps.button_label("b") == "Hint" and steps.press("b") == HintSteps.EXPLAIN
    assert (steps.asked, steps.moves_shown) == (2, 1)


def test_summary_counts_and_reset_forgets():
    steps = HintSteps()
    assert steps.summary() == "Hints used: none."
    steps.press(1)
    assert steps.summary() == "Hints used: 1 (none showed the move)."
    steps.press(1)
    assert steps.summary() == "Hints used: 1 (1 showed the move)."
    steps.reset()
    assert steps.summary() == "Hints used: none." and steps.stage(1) == 0
