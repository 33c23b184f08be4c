"""The board of Off the Rails as fixed data: the grid, the four mines, the surface ring and the
clans' start and exit squares, and the track shapes.

The printed board's layout is not known (docs/rules/off_the_rails.md, reading 1): this one is
the project's own, after the facts file's suggestion. A 15 x 15 board: the outer ring is the
surface, the 13 x 13 inside is underground. Each mine is a centre square (no track, no cart)
and its eight neighbours, numbered 1-8 clockwise from the top-left. Each clan owns two start
and exit squares on the surface, on its own side.

Squares are ``(x, y)`` with x to the east and y to the south, both from 0; players read them
by name, a column letter and a row number from 1 (:func:`square_name`: ``(3, 0)`` is "D1").
Sides are 0-3 for north, east, south, west; a track tile is a 4-bit mask of the sides it
joins (bit ``1 << side``).
"""

from __future__ import annotations

from typing import Iterator

SIZE = 15  # squares along a side, the surface ring included
NORTH, EAST, SOUTH, WEST = range(4)
SIDE_NAMES = ("north", "east", "south", "west")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) leaving by each side

#: The clans, which are also the mines' colours, in the order seats take them.
CLANS = ("red", "yellow", "blue", "green")
#: Which seats' clans play at each table size: two players sit on opposite sides.
CLANS_BY_PLAYERS = {1: CLANS, 2: ("red", "blue"), 3: ("red", "yellow", "blue"), 4: CLANS}

#: Each mine's centre square, by colour.
MINE_CENTRES = {"red": (5, 5), "yellow": (9, 5), "blue": (9, 9), "green": (5, 9)}
#: (dx, dy) of the numbered squares 1-8 around a centre: clockwise from the top-left.
NUMBER_OFFSETS = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))

#: Each clan's two start and exit squares on the surface, and the side they face the mine from.
EXITS = {
    "red": ((3, 0), (11, 0)),
    "yellow": ((14, 3), (14, 11)),
    "blue": ((11, 14), (3, 14)),
    "green": ((0, 11), (0, 3)),
}

#: The jewel each clan's exits want in the solo game (ruby red, gold yellow, ...).
JEWEL_OF_CLAN = {"red": "ruby", "yellow": "gold", "blue": "diamond", "green": "emerald"}

# ---- track shapes -------------------------------------------------------------------------
STRAIGHT, CORNER, TEE, CROSS = "straight", "corner", "T", "cross"
#: A placed shape at each turn (0-3, a quarter turn clockwise each): the sides it joins.
SHAPE_MASKS = {
    STRAIGHT: (0b0101, 0b1010),                  # north-south, east-west
    CORNER: (0b0011, 0b0110, 0b1100, 0b1001),    # north-east, east-south, south-west, west-north
}
PLACEABLE = (STRAIGHT, CORNER)


def sides_of(mask: int) -> tuple[int, ...]:
    return tuple(side for side in range(4) if mask >> side & 1)


def shape_of(mask: int) -> str:
    """The name of a track tile from the sides it joins."""
    count = bin(mask).count("1")
    if count == 4:
        return CROSS
    if count == 3:
        return TEE
    if count == 2:
        return STRAIGHT if mask in SHAPE_MASKS[STRAIGHT] else CORNER
    raise ValueError(f"no track tile joins sides {sides_of(mask)}")


def opposite(side: int) -> int:
    return (side + 2) % 4


def neighbour(square: tuple[int, int], side: int) -> tuple[int, int]:
    dx, dy = STEP[side]
    return square[0] + dx, square[1] + dy


def side_towards(square: tuple[int, int], other: tuple[int, int]) -> int:
    """The side of ``square`` that touches the orthogonal neighbour ``other``."""
    return STEP.index((other[0] - square[0], other[1] - square[1]))


# ---- the squares -----------------------------------------------------------------------------
def on_board(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def is_surface(square: tuple[int, int]) -> bool:
    x, y = square
    return on_board(square) and (x in (0, SIZE - 1) or y in (0, SIZE - 1))


def is_corner(square: tuple[int, int]) -> bool:
    return square[0] in (0, SIZE - 1) and square[1] in (0, SIZE - 1)


def is_underground(square: tuple[int, int]) -> bool:
    return on_board(square) and not is_surface(square)


def inward_side(square: tuple[int, int]) -> int:
    """The side of a (non-corner) surface square that faces the underground."""
    x, y = square
    if y == 0:
        return SOUTH
    if y == SIZE - 1:
        return NORTH
    if x == 0:
        return EAST
    return WEST


def mine_square(colour: str, number: int) -> tuple[int, int]:
    """The square of a mine's numbered square (1-8)."""
    cx, cy = MINE_CENTRES[colour]
    dx, dy = NUMBER_OFFSETS[number - 1]
    return cx + dx, cy + dy


MINE_SQUARES = {(colour, number): mine_square(colour, number) for colour in CLANS for number in range(1, 9)}
#: square -> (mine colour, number), for the numbered squares
SQUARE_LABELS = {square: key for key, square in MINE_SQUARES.items()}
CENTRE_SQUARES = frozenset(MINE_CENTRES.values())
EXIT_CLAN = {square: clan for clan, squares in EXITS.items() for square in squares}


def track_squares() -> Iterator[tuple[int, int]]:
    """Every square that can hold track: underground, not a mine centre."""
    for y in range(1, SIZE - 1):
        for x in range(1, SIZE - 1):
            if (x, y) not in CENTRE_SQUARES:
                yield (x, y)


TRACK_SQUARES = tuple(track_squares())
TRACK_SQUARE_SET = frozenset(TRACK_SQUARES)


def column_letter(x: int) -> str:
    """A column as players read it: A for the westmost (x = 0)."""
    return chr(ord("A") + x)


def row_number(y: int) -> int:
    """A row as players read it: 1 for the northmost (y = 0). Coordinates count from 0, people from 1."""
    return y + 1


def square_name(square: tuple[int, int]) -> str:
    """A square for people: its column letter and row number (from 1), with a mine number where it
    has one ("F5 (red 3)")."""
    x, y = square
    if not on_board(square):
        return f"column {x + 1}, row {row_number(y)}, off the board"
    name = f"{column_letter(x)}{row_number(y)}"
    if square in SQUARE_LABELS:
        colour, number = SQUARE_LABELS[square]
        name += f" ({colour} {number})"
    elif square in EXIT_CLAN:
        name += f" ({EXIT_CLAN[square]} exit)"
    return name
