"""The grid board widget without a browser: ghost geometry, and events reaching Python callbacks."""

from __future__ import annotations

import pytest

from minegames.core.polyomino import transform
from widgets.board import GridBoard, ghost_cells, grab_cell

L4 = frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})
I3 = frozenset({(0, 0), (0, 1), (0, 2)})
GALLERY = [(r, c) for r in range(4) for c in range(5) if (r, c) != (0, 4)]


def make_board(**kwargs) -> GridBoard:
    return GridBoard(rows=4, cols=5, gallery=GALLERY, **kwargs)


def test_grab_cell_is_the_middle_cell_of_a_line_and_inside_every_shape():
    assert grab_cell(I3) == (0, 1)
    assert grab_cell(transform(I3, 1)) == (1, 0)
    for k in range(8):
        shape = transform(L4, k)
        assert grab_cell(shape) in shape
    with pytest.raises(ValueError):
        grab_cell(frozenset())


@pytest.mark.parametrize("k", range(8))
def test_ghost_puts_the_grab_cell_under_the_pointer_for_every_orientation(k):
    shape = transform(L4, k)
    offset, cells = ghost_cells(shape, (2, 2))
    grab = grab_cell(shape)
    assert (grab[0] + offset[0], grab[1] + offset[1]) == (2, 2)
    assert cells == frozenset((r + offset[0], c + offset[1]) for r, c in shape)
    assert len(cells) == 4


def test_hover_with_a_held_shape_draws_the_ghost_and_asks_the_check():
    board = make_board()
    asked = []

    def check(offset, cells):
        asked.append((offset, cells))
        return cells <= set(GALLERY)

    board.hold(I3, check)
    assert board.ghost == []  # the pointer is off the board
    board.hover((1, 1))
    assert board.ghost == [[1, 0], [1, 1], [1, 2]] and board.ghost_ok
    assert asked[-1] == ((1, 0), frozenset({(1, 0), (1, 1), (1, 2)}))
    board.hover((0, 3))  # would cover the rock cell (0, 4)
    assert board.ghost == [[0, 2], [0, 3], [0, 4]] and not board.ghost_ok
    board.hold(transform(I3, 1), check)  # turning re-draws at the same pointer
    assert board.ghost == [[-1, 3], [0, 3], [1, 3]] and not board.ghost_ok
    board.hover(None)
    assert board.ghost == [] and board.pointer == []
    board.hover((2, 2))
    board.hold(None)
    assert board.ghost == []


def test_browser_messages_reach_the_click_and_key_callbacks():
    board = make_board()
    clicks, keys, hovers = [], [], []
    board.on_click(clicks.append)
    board.on_key(lambda key, cell: keys.append((key, cell)))
    board.on_hover(hovers.append)
    board._message(board, {"event": "click", "row": 2, "col": 3}, [])
    assert clicks == [(2, 3)] and board.pointer == [2, 3] and hovers == [(2, 3)]
    board._message(board, {"event": "click", "row": 9, "col": 0}, [])  # off the grid: ignored
    board._message(board, {"event": "key", "key": "r"}, [])
    board._message(board, {"event": "key", "key": "Delete"}, [])
    board._message(board, {"event": "key", "key": "alert('x')"}, [])  # unknown keys are dropped
    assert clicks == [(2, 3)]
    assert keys == [("r", (2, 3)), ("Delete", (2, 3))]
    board.pointer = [1, 1]  # what the browser does when the mouse moves
    assert hovers[-1] == (1, 1)


def test_arrow_keys_move_a_cursor_that_enter_clicks():
    board = make_board()
    clicks = []
    board.on_click(clicks.append)
    board.press("Enter")
    assert clicks == []  # no cursor yet
    board.press("ArrowUp")
    assert board.pointer == [2, 2]  # the cursor starts in the middle
    for key in ("ArrowUp", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight"):
        board.press(key)
    assert board.pointer == [0, 4]  # clamped to the grid
    board.press("ArrowLeft")
    board.press("Enter")
    assert clicks == [(0, 3)]
    with pytest.raises(ValueError):
        board.press("x")


def test_show_sends_only_what_changed_and_tile_at_finds_tiles():
    board = make_board()
    sent = []
    board.observe(lambda change: sent.append(change["name"]), names=["tiles", "markers", "highlight", "gallery"])
    tiles = [{"key": 7, "cells": [(1, 0), (1, 1)], "fill": "#3a63c9"}]
    board.show(tiles=tiles, markers=[], highlight=[])
    assert sent == ["tiles"]
    board.show(tiles=tiles, markers=[])
    assert sent == ["tiles"]
    assert board.tiles[0]["cells"] == [[1, 0], [1, 1]]
    assert board.tile_at((1, 1))["key"] == 7 and board.tile_at((2, 2)) is None
    board.show(highlight=[(3, 3), (3, 2)])
    assert board.highlight == [[3, 2], [3, 3]]


def test_the_esm_module_keeps_no_game_rules():
    source = GridBoard._esm
    assert "export default { render }" in source
    for word in ("crystal", "treasure", "legal", "Place"):
        assert word not in source


def test_a_board_can_show_rock_above_and_left_of_the_gallery():
    board = GridBoard(rows=6, cols=7, first_row=-1, first_col=-1, gallery=GALLERY)
    clicks = []
    board.on_click(clicks.append)
    board._message(board, {"event": "click", "row": -1, "col": -1}, [])
    board._message(board, {"event": "click", "row": -2, "col": 0}, [])  # outside the drawn grid
    assert clicks == [(-1, -1)]
    board.press("ArrowUp")
    board.press("ArrowLeft")
    assert board.pointer == [-1, -1]
    assert board.contains((4, 5)) and not board.contains((5, 5))


def test_resting_hides_the_ghost_until_the_pointer_moves_or_the_shape_changes():
    board = make_board()
    board.hold(I3)
    board.hover((1, 1))
    assert board.ghost
    board.rest()  # a tile was just laid here
    assert board.ghost == [] and board.pointer_cell == (1, 1)  # the keyboard cursor stays
    board.hold(I3)  # the app redraws with the same tile in hand: still resting
    assert board.ghost == []
    board.hover((2, 1))
    assert board.ghost == [[2, 0], [2, 1], [2, 2]]
    board.hover((1, 1))
    assert board.ghost  # back on the cell: resting is over
    board.rest()
    board.hold(transform(I3, 1))  # turned: the new shape shows at once
    assert board.ghost == [[0, 1], [1, 1], [2, 1]]
