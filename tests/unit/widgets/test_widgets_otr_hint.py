"""Off the Rails' hint in two presses: what to weigh first (the carts' deposits and turns, the chasm,
the risk of derailing), the plan on a second press; Follow plays only a move shown; counted."""

from __future__ import annotations

import random

import pytest

from minegames import GAMES
from minegames import off_the_rails
from minegames.off_the_rails import app_support, hint_words
from minegames.off_the_rails.actions import ChangeSpeed
from widgets.off_the_rails import OffTheRailsApp

INFO = GAMES["off_the_rails"]
COLUMN = {(3, y): "NS" for y in range(1, 4)}      # D2-D4, south from the red start square D1


def app_on(**given) -> OffTheRailsApp:
    return OffTheRailsApp(state=off_the_rails.position(**given), live=False)


def column_app() -> OffTheRailsApp:
    """A cart on D1 at speed 4 over three squares of track; a diamond and gold on D5 just beyond."""
    return app_on(tracks=COLUMN, gems={(3, 4): ["diamond", "gold"]}, carts=[{"at": (3, 0), "speed": 4}])


def test_the_first_press_weighs_the_options_without_the_plan():
    app = column_app()
    assert app.hint_button.description == "Hint" and app.follow_button.disabled
    app.hint_button.click()
    text = app.hint.value
    assert "What to weigh" in text and "The move" not in text and "<ol>" not in text
    # the deposit, its gems and points, and how soon: one tile to lay, four squares at speed 4
    assert "gold, diamond (7 points) on D5" in text and "1 action, 4 squares (at speed 4: this turn)" in text
    # the track ends after three squares: a speed-4 move now derails, and the hint says so
    name = app.state.cart_name(app.state.cart_index(0, 0))
    assert f"Derailing: {name} would derail if moved now" in text.replace("&#x27;", "'")
    assert app.hint_plan is None and "otr-mark-hint" not in app.board.overlay.svg
    assert app.hint_button.description == "Show the move"
    assert app.follow_button.disabled and "Show the move first" in app.follow_button.tooltip
    assert app.state.history == []


def test_the_second_press_shows_the_plan_and_follow_plays_it_step_by_step():
    if "planner" not in INFO.bots:
        pytest.skip("no planner registered yet")
    app = column_app()
    app.hint_button.click()
    app.hint_button.click()
    plan = app.hint_plan
    assert plan is not None and "The move" in app.hint.value and "This turn:" in app.hint.value
    assert "What to weigh" in app.hint.value                       # the reasons stay above the plan
    squares = app_support.action_squares(plan.actions)
    assert app.board.overlay.svg.count("otr-mark-hint") == len(set(squares))
    assert not app.follow_button.disabled
    first = plan.actions[0]
    app.follow_button.click()
    assert app.state.history == [first]
    if app._acting():                       # the plan stays on show for the next step
        assert app.hint_plan is not None and "The move" in app.hint.value and not app.follow_button.disabled
    assert app.hint_steps.asked == 1 and app.hint_steps.moves_shown == 1


def test_follow_refuses_until_the_move_is_shown():
    app = column_app()
    app.follow_hint()
    assert app.status.kind == "error" and "Follow plays the move once it is shown" in app.status.text
    app.hint_button.click()
    app.follow_hint()
    assert app.status.kind == "error" and app.state.history == []


def test_an_action_of_your_own_starts_the_hint_again():
    app = column_app()
    app.hint_button.click(), app.hint_button.click()
    assert app.take(ChangeSpeed(0, 0, -1))
    assert app.hint_button.description == "Hint" and app.hint.value == "" and app.hint_plan is None
    assert app.follow_button.disabled
    app.hint_button.click()
    assert "What to weigh" in app.hint.value and "speed 3" in app.hint.value
    assert app.hint_steps.asked == 2 and app.hint_steps.moves_shown == 1


def test_the_chasm_clock_names_the_squares_it_may_take_next():
    # the red chasm stands on F7 (5, 6) below the red centre: E7 (4, 6) may fall with the next red token
    app = app_on(tracks=COLUMN, gems={(4, 6): ["ruby", "gold"]}, carts=[{"at": (3, 0), "speed": 3}],
                 chasm={(5, 6): "red"}, chasm_begun=True)
    weighing = hint_words.weigh(app.state, 0)
    assert (4, 6) in weighing.chasm.edge["red"]
    app.hint_button.click()
    text = app.hint.value
    assert "The chasm spreads a square a turn" in text and "red: " in text and "E7" in text
    assert "ruby, gold (4 points) on E7" in text and "the chasm may take it at the end of this turn" in text


def test_the_hints_are_counted_to_the_end_and_a_new_game_starts_at_none():
    app = OffTheRailsApp(seed=2, players=2, bots="random", live=False)
    rng = random.Random(0)
    asked_turns = []
    for _ in range(5000):
        app.run_bots()
        state = app.state
        if state.is_over:
            break
        if app._acting() and state.turn not in asked_turns and len(asked_turns) < 2:
            asked_turns.append(state.turn)
            app.hint_button.click()                       # both: explained
            if len(asked_turns) == 2:
                app.hint_button.click()                   # the second: the move shown too
        assert app.take(rng.choice(sorted(state.legal_actions(), key=str)))
    assert app.state.is_over
    assert "Hints used: 2 (1 showed the move)." in app.instruction.value
    assert app.new_game(5)
    assert app.hint_steps.summary() == "Hints used: none." and app.hint_button.description == "Hint"
