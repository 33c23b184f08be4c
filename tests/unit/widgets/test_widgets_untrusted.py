"""Values from the browser are untrusted: a crafted one is refused on the status line, and the app
stays whole (no exception in the kernel, the state unchanged, every control still drawn)."""

from __future__ import annotations

import json

import pytest

from minegames.mineshaft_mayhem import Roll
from widgets.mineshaft_mayhem import MineshaftMayhemApp
from widgets.out_of_mine import HUMAN, OutOfMineApp


def send(widget, **state) -> None:
    """What a page sends: an update of the widget's state, through the widget's own message handler."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def send_custom(widget, content) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


@pytest.fixture(autouse=True)
def no_exception_in_the_kernel(caplog):
    """ipywidgets logs (or shows) an exception raised while handling a message instead of raising
    it: any such record fails the test, as a traceback in the visitor's page would."""
    yield
    raised = [r.getMessage() for r in caplog.records if "Exception in widget method" in r.getMessage()]
    assert not raised, raised


def rolled_app() -> MineshaftMayhemApp:
    app = MineshaftMayhemApp(seed=7)
    app.click_roll()
    assert app.state.phase == "rolling"
    return app


def whole(app) -> str:
    """The drawn app as text: equal before and after a refused value means nothing broke or moved."""
    return app.state.to_json() + app.sheet.value + app.instruction.value


@pytest.mark.parametrize("index", [None, 99, -1, "x", 1.5])
def test_the_die_dropdown_refuses_an_empty_or_out_of_range_index(index):
    app = rolled_app()
    before = app.state.to_json()
    send(app.set_die_choice, index=index)
    assert app.status.kind == "error" and "die to set" in app.status.text
    assert app.set_die_choice.value in (0, 1, 2, 3)  # back to an offered die
    assert app.state.to_json() == before
    app.set_die_button.click()  # the button still makes a move or says why: no exception
    assert app.state.to_json() == before or app.state.history[-1].__class__.__name__ == "CursiteSetDie"


@pytest.mark.parametrize("index", [None, 6, -1, "six"])
def test_the_face_dropdown_refuses_a_face_it_does_not_offer(index):
    app = rolled_app()
    before = whole(app)
    send(app.set_face_choice, index=index)
    assert app.status.kind == "error" and "face to set" in app.status.text
    assert app.set_face_choice.value in range(1, 7)
    assert app.state.to_json() in before


@pytest.mark.parametrize("value", ["yes", None, 3])
def test_a_die_toggle_refuses_a_value_that_is_not_a_flag(value):
    app = rolled_app()
    before = whole(app)
    send(app.dice_row.toggles[1], value=value)
    assert app.status.kind == "error" and "die 2" in app.status.text
    assert whole(app) == before and app.dice_row.toggles[1].value is False


def test_the_shake_gem_dropdown_refuses_a_gem_not_in_the_tin():
    app = rolled_app()
    before = app.state.to_json()
    send(app.shake_gem_choice, index=5)
    assert app.status.kind == "error" and "gem to shake" in app.status.text
    assert app.state.to_json() == before
    app.shake_gear_button.click()  # no gem is chosen: said, not raised
    assert app.status.kind == "error" and app.state.to_json() == before


def test_a_bad_seed_or_save_text_is_refused_and_the_game_stays():
    app = rolled_app()
    before = app.state.to_json()
    send(app.controls.seed_box, value=12)  # not text
    assert app.status.kind == "error" and "seed" in app.status.text
    for text in ("-1", "1e5", "9" * 40):
        app.controls.seed_box.value = text
        assert not app.new_game_from_box() and app.status.kind == "error" and "seed" in app.status.text
    for text in ("", "[]", '{"format": 2, "game": "mineshaft_mayhem"}', '{"format": 2}', "null"):
        assert not app.load(text) and app.status.kind == "error"
    assert app.state.to_json() == before


@pytest.mark.parametrize("kind", ["too deep", "too long", "too many actions"])
def test_a_crafted_save_is_refused_on_the_status_line_and_the_game_stays(kind):
    from minegames.core.state import MAX_SAVE_ACTIONS, MAX_SAVE_CHARS

    app = rolled_app()
    before = whole(app)
    save = json.loads(app.state.to_json())
    if kind == "too deep":
        text = "[" * 100_000 + "]" * 100_000
    elif kind == "too long":
        text = " " * MAX_SAVE_CHARS + app.state.to_json()
    else:
        save["actions"] = save["actions"] * (MAX_SAVE_ACTIONS + 1)
        text = json.dumps(save)
    send(app.controls.save_text, value=text)  # pasted in the page
    app.controls.load_button.click()
    assert app.status.kind == "error" and app.status.text.startswith("The save was not loaded")
    why = {"too deep": "not a whole save", "too long": "far longer than any save",
           "too many actions": "far longer than any save"}[kind]
    assert why in app.controls.load_notice.value and app.controls.load_notice.layout.display is None
    assert whole(app) == before


def test_the_undo_button_is_greyed_out_with_the_models_reason():
    app = MineshaftMayhemApp(seed=7)
    assert app.controls.undo_button.disabled and "no undo" in app.controls.undo_button.tooltip
    app.click_roll()
    refusal = app.state.undo_refusal()
    assert refusal is not None and app.controls.undo_button.disabled
    assert app.controls.undo_button.tooltip == f"no undo: {refusal}"
    app.controls.undo_button.click()  # a page can click a disabled button: the model refuses, the app says why
    assert app.status.kind == "error" and app.status.text.startswith("undo") and isinstance(
        app.state.history[-1], Roll)


# ---- Out of Mine! ---------------------------------------------------------------------------


def placing_app() -> OutOfMineApp:
    app = OutOfMineApp(seed=5, bots=(), live=False)
    assert app.choose_side("A")
    return app


@pytest.mark.parametrize("content", [
    {"event": "click", "row": "a", "col": 0},
    {"event": "click", "row": 99, "col": 0},
    {"event": "click", "row": 1.5, "col": 0},
    {"event": "click"},
    {"event": "key", "key": "x"},
    {"event": "key", "key": ["r"]},
    {"event": "teleport"},
    "not a dict",
])
def test_the_board_refuses_a_crafted_message(content):
    app = placing_app()
    before = whole(app)
    send_custom(app.board, content)
    assert app.status.kind == "error" and app.status.text.startswith("board:")
    assert whole(app) == before


@pytest.mark.parametrize("pointer", [["a", "b"], [1, 2, 3], [999, 999], [True, 0], [0.5, 1]])
def test_the_board_refuses_a_pointer_that_is_no_cell(pointer):
    app = placing_app()
    colour, shape = next(iter(app.palette_kinds()))
    assert app.select(colour, shape)
    send(app.board, pointer=pointer)
    assert app.board.pointer_cell is None and app.board.ghost == []
    assert app.status.kind == "error" and app.status.text.startswith("board:")


def test_the_find_choice_and_remove_mode_refuse_bad_values():
    app = OutOfMineApp(seed=5, bots=(), live=False, finds=True)
    assert app.choose_side("A")
    colour, shape = next(iter(app.palette_kinds()))
    assert app.select(colour, shape)
    held = app.selected
    send(app.find_choice, index=50)
    assert app.status.kind == "error" and "find" in app.status.text and app.selected == held
    send(app.find_choice, index=None)  # emptied: the hand keeps its tile
    assert app.status.kind == "error" and app.selected == held
    send(app.remove_mode, value="on")
    assert app.status.kind == "error" and "remove mode" in app.status.text and app.remove_mode.value is False


def test_select_refuses_what_the_supply_does_not_offer_in_the_models_words():
    app = placing_app()
    card = app.state.cards[HUMAN]
    missing = next(c for c in app.state.kit.shapes if c not in card.limits)
    assert not app.select(missing, 0)
    offer = app.state.tile_offers(HUMAN)[(missing, 0)]
    assert app.status.text == f"{offer.rule}: {offer.reason}"
    for bad in (99, -1, True, "no such shape", None):
        assert not app.select(next(iter(card.limits)), bad) and app.status.kind == "error"
    assert not app.select("purple", 0) and app.status.kind == "error"


def test_out_of_mine_undo_tooltip_says_why():
    app = placing_app()
    assert app.controls.undo_button.disabled
    assert app.controls.undo_button.tooltip.startswith("no undo: nothing to take back")
    tile, k, row, col = app.state.placements(HUMAN)[0]
    from minegames.out_of_mine import Place

    assert app.act(Place(HUMAN, tile, k, row, col))
    assert not app.controls.undo_button.disabled and app.undo()
