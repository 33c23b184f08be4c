"""Out of Mine!'s hint in two presses: what to weigh first, then one placement; counted to the end."""

from __future__ import annotations

from minegames.out_of_mine import SIZES, Done
from minegames.out_of_mine.hint_words import weigh
from widgets.out_of_mine import HUMAN, OutOfMineApp

SEED = 5


def solo_app() -> OutOfMineApp:
    app = OutOfMineApp(seed=SEED, bots=(), live=False)
    assert app.choose_side("A") and app.state.phase == "placing"
    return app


def test_the_first_press_weighs_without_a_move_and_the_second_shows_one_placement():
    app = solo_app()
    placed_before = app.state.placed[HUMAN]
    first = app.show_hint()
    assert app.selected is None and app.board.highlight == []       # no move yet
    assert app.state.placed[HUMAN] == placed_before                 # nor played
    text = app.status.text
    assert "Hardest to fit" in text and first.step_name in text and "gold" not in text
    assert f"{first.empty} of 20 spaces are still empty" in text and f"fill {first.room} spaces" in text
    assert app.hint_button.description == "Show the move"

    second = app.show_hint()
    step = second.step
    assert step is not None and step.cells and f"lay the {second.step_name}" in app.status.text
    assert sorted(map(tuple, app.board.highlight)) == sorted(step.cells)   # one tile's outline
    assert app.selected[:2] == (step.colour, step.shape) and app.orientation == step.orientation
    assert app.state.placed[HUMAN] == placed_before                 # shown, not played
    assert app.hint_steps.asked == 1 and app.hint_steps.moves_shown == 1


def test_the_move_shown_is_the_piece_with_fewest_places_and_keeps_a_full_cover():
    app = solo_app()
    for _ in range(3):
        weighing = weigh(app.state, HUMAN)
        assert weighing.hint.perfect and weighing.room >= weighing.empty
        step = weighing.step
        # no other piece of the solver's cover fits in fewer places on the empty spaces
        others = [weigh_spots(app, p) for p in weighing.hint.place]
        assert weighing.spots == min(others) == weigh_spots(app, step)
        app.show_hint(), app.show_hint()
        assert app.place_at(step.row, step.col), app.status.text
        assert weigh(app.state, HUMAN).hint.perfect  # the shown tile kept the full cover


def weigh_spots(app, placement) -> int:
    from minegames.out_of_mine.hint_words import _spots

    state = app.state
    return _spots(state.kit.shapes[placement.colour][placement.shape], state.empty_cells(HUMAN),
                  state.options.flips)


def test_a_placement_starts_the_hint_again_at_the_explanation():
    app = solo_app()
    app.show_hint()
    step = app.show_hint().step
    assert app.place_at(step.row, step.col)
    assert app.hint_button.description == "Hint" and app.board.highlight == []
    app.show_hint()
    assert "Hardest to fit" in app.status.text and app.board.highlight == []
    assert app.hint_steps.asked == 2 and app.hint_steps.moves_shown == 1


def test_the_spaces_are_weighed_against_what_the_card_can_fill():
    app = solo_app()
    state = app.state
    weighing = weigh(state, HUMAN)
    card_room = sum(n * SIZES[c] for c, n in state.cards[HUMAN].limits.items())
    assert weighing.room == card_room and weighing.empty == 20   # the whole box is in the supply
    if weighing.room < weighing.empty:
        assert "short" in weighing.explanation()
    elif weighing.room == weighing.empty:
        assert "exactly enough" in weighing.explanation()
    else:
        assert f"{weighing.room - weighing.empty} spare" in weighing.explanation()


def test_the_hints_are_counted_to_the_end_and_a_new_game_starts_at_none():
    app = solo_app()
    app.show_hint(), app.show_hint()   # round 1: explained and shown
    for _ in range(50):
        state = app.state
        if state.is_over:
            break
        if state.phase == "choose_sides":
            assert app.choose_side(state.sides_allowed(HUMAN)[0])
            if state.round == 3:
                app.show_hint()            # round 3: explained only
        else:
            assert app.act(Done(HUMAN)), app.status.text
    assert app.state.is_over
    assert "Hints used: 2 (1 showed the move)." in app.instruction.value
    assert app.new_game(9)
    assert app.hint_steps.asked == 0 and app.hint_button.description == "Hint"
    assert app.hint_steps.summary() == "Hints used: none."


def test_on_a_phone_a_tap_on_any_square_of_the_shown_move_lays_that_tile_there():
    """Issue 21: the tile is placed by its top-left square, so a tap elsewhere in the outline missed."""
    for square in range(5):
        app = solo_app()
        app.pointer_kind.kind = "touch"
        app.show_hint()
        step = app.show_hint().step
        cells = sorted(step.cells)
        if square >= len(cells):
            break
        app.board.click(cells[-1 - square])   # the last squares are never the top-left one
        last = app.state.history[-1]
        assert (last.orientation, last.row, last.col) == (step.orientation, step.row, step.col)
        assert app.state.placed[HUMAN][-1].cells == step.cells


def test_a_tap_outside_the_shown_move_keeps_the_preview_first():
    app = solo_app()
    app.pointer_kind.kind = "touch"
    app.show_hint()
    step = app.show_hint().step
    outside = next(cell for cell in map(tuple, app.board.gallery) if cell not in step.cells)
    before = len(app.state.history)
    app.board.click(outside)
    assert len(app.state.history) == before
