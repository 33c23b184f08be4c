"""The Out of Mine! components: crystal shapes, the 69 tiles, 20 gallery sides, 40 cards.

The publisher's counts and layouts are not known, so the set is invented by
``data/make_components.py`` (seeded, run by hand) and stored in
``data/components.json``; this module only reads and checks that file, so
importing it is cheap and always gives the same components. See
docs/dev/out_of_mine_api.md, "Components".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from minegames.core import polyomino as P

DATA_FILE = Path(__file__).with_name("data") / "components.json"

COLOURS = ("yellow", "blue", "green", "red", "white")
SIZES = {"yellow": 1, "blue": 2, "green": 3, "red": 4, "white": 5}
FINDS = ("gold", "silver", "woodworm", "rat")
#: a find as a player sees it printed on a tile
FIND_WORDS = {"gold": "a gold nugget", "silver": "a silver nugget", "woodworm": "a woodworm", "rat": "a rat"}
WHITE_SHAPE_SETS = ("default", "all")
BOARD_AREA = 20
MAX_BOX = (8, 5)  # rows, columns

Cell = tuple[int, int]


class FrozenMap(Mapping):
    """A read-only, hashable mapping, so treasure cards can be constants and dict keys.

    Compares equal to a plain dict with the same items; ``dict(m)`` gives a
    mutable copy (for JSON, for instance).
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping | Iterable[tuple[Any, Any]] = ()):
        self._items = dict(items)

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(self):
        return FrozenMap, (self._items,)


class Tile(NamedTuple):
    """One physical crystal tile; ``shape`` indexes the colour's shape list, ``find`` is None or (cell, kind)."""

    id: int
    colour: str
    shape: int
    find: tuple[Cell, str] | None


class Elf(NamedTuple):
    """An elf printed on the rock beside ``edge`` ("N", "E", "S", "W") of gallery cell ``cell``."""

    cell: Cell
    edge: str
    colour: str


class BoardSide(NamedTuple):
    board: int
    side: str
    cells: frozenset
    elves: tuple[Elf, ...]


class TreasureCard(NamedTuple):
    """``limits``: colour -> most tiles of it (areas add to 20); ``finds``: kind -> points (advanced variant)."""

    id: int
    limits: FrozenMap
    finds: FrozenMap


def _cells(rows: Iterable[Iterable[int]]) -> frozenset:
    return frozenset((int(r), int(c)) for r, c in rows)


def _fail(message: str) -> None:
    raise ValueError(f"{DATA_FILE.name}: {message}")


def _check_shapes(colour: str, shapes: list[frozenset]) -> None:
    for shape in shapes:
        if len(shape) != SIZES[colour] or P.normalise(shape) != shape or not P.is_connected(shape):
            _fail(f"bad {colour} shape\n{P.draw(shape)}")
    if len({P.canonical(s) for s in shapes}) != len(shapes):
        _fail(f"two {colour} shapes are the same piece")


def _tile(row: dict, shapes: dict) -> Tile:
    find = row["find"]
    if find is not None:
        cell, kind = (int(find[0][0]), int(find[0][1])), find[1]
        if kind not in FINDS or cell not in shapes[row["colour"]][row["shape"]]:
            _fail(f"bad find on tile {row['id']}")
        find = (cell, kind)
    return Tile(int(row["id"]), row["colour"], int(row["shape"]), find)


def _board(row: dict) -> BoardSide:
    cells = _cells(row["cells"])
    rows, cols = P.bounding_box(cells)
    if len(cells) != BOARD_AREA or not P.is_connected(cells) or P.normalise(cells) != cells:
        _fail(f"board {row['board']}{row['side']} is not 20 connected normalised cells")
    if rows > MAX_BOX[0] or cols > MAX_BOX[1]:
        _fail(f"board {row['board']}{row['side']} is larger than {MAX_BOX}")
    elves = tuple(Elf((int(e["cell"][0]), int(e["cell"][1])), e["edge"], e["colour"]) for e in row["elves"])
    for elf in elves:
        if elf.cell not in cells or elf.colour not in COLOURS or P.across(elf.cell, elf.edge) in cells:
            _fail(f"elf {elf} of board {row['board']}{row['side']} does not stand on rock")
    if not 2 <= len(elves) <= 4:
        _fail(f"board {row['board']}{row['side']} has {len(elves)} elves")
    return BoardSide(int(row["board"]), row["side"], cells, elves)


def _card(row: dict) -> TreasureCard:
    limits = FrozenMap((c, int(row["limits"][c])) for c in COLOURS if c in row["limits"])
    finds = FrozenMap((k, int(row["finds"][k])) for k in FINDS if k in row["finds"])
    ok = (
        len(limits) == len(row["limits"]) and 2 <= len(limits) <= 4 and all(n > 0 for n in limits.values())
        and sum(SIZES[c] * n for c, n in limits.items()) == BOARD_AREA
        and len(finds) == len(row["finds"]) and 1 <= len(finds) <= 2
        and all((p in (1, 2)) if k in ("gold", "silver") else (p in (-1, -2)) for k, p in finds.items())
    )
    if not ok:
        _fail(f"bad treasure card {row['id']}")
    return TreasureCard(int(row["id"]), limits, finds)


def _load() -> dict:
    data = json.loads(DATA_FILE.read_text())
    shapes = {c: [_cells(s["cells"]) for s in data["shapes"][c]] for c in COLOURS}
    names = {c: tuple(s["name"] for s in data["shapes"][c]) for c in COLOURS}
    pentominoes = [_cells(s["cells"]) for s in data["all_pentominoes"]]
    for colour in COLOURS:
        _check_shapes(colour, shapes[colour])
    _check_shapes("white", pentominoes)
    if len(pentominoes) != 12:
        _fail("there are 12 free pentominoes")
    all_shapes = dict(shapes, white=pentominoes)
    tiles = tuple(_tile(row, shapes) for row in data["tiles"])
    white_all = tuple(_tile(row, all_shapes) for row in data["white_tiles_all"])
    if [t.id for t in tiles] != list(range(len(tiles))) or len(tiles) != 69:
        _fail("tiles must be numbered 0..68")
    if [t.id for t in white_all] != [t.id for t in tiles if t.colour == "white"]:
        _fail("the white tiles for white_shapes='all' must reuse the white tile ids")
    boards = tuple(_board(row) for row in data["boards"])
    if [(b.board, b.side) for b in boards] != [(i, s) for i in range(10) for s in "AB"]:
        _fail("boards must be 0A, 0B, ..., 9B")
    cards = tuple(_card(row) for row in data["treasure_cards"])
    if [c.id for c in cards] != list(range(40)):
        _fail("treasure cards must be numbered 0..39")
    return {
        "shapes": shapes, "names": names, "pentominoes": pentominoes,
        "pentomino_names": tuple(s["name"] for s in data["all_pentominoes"]),
        "tiles": tiles, "white_all": white_all, "boards": boards, "cards": cards,
    }


_DATA = _load()

CRYSTAL_SHAPES: dict[str, list[frozenset]] = _DATA["shapes"]
SHAPE_NAMES: dict[str, tuple[str, ...]] = _DATA["names"]
ALL_PENTOMINOES: tuple[frozenset, ...] = tuple(_DATA["pentominoes"])
ALL_PENTOMINO_NAMES: tuple[str, ...] = _DATA["pentomino_names"]
TILES: tuple[Tile, ...] = _DATA["tiles"]
BOARDS: tuple[BoardSide, ...] = _DATA["boards"]
TREASURE_CARDS: tuple[TreasureCard, ...] = _DATA["cards"]


def _check_white_shapes(white_shapes: str) -> None:
    if white_shapes not in WHITE_SHAPE_SETS:
        raise ValueError(f"white_shapes must be one of {WHITE_SHAPE_SETS}, got {white_shapes!r}")


def crystal_shapes(white_shapes: str = "default") -> dict[str, list[frozenset]]:
    """The shapes per colour; with "all", white has the 12 pentominoes (F I L N P T U V W X Y Z)."""
    _check_white_shapes(white_shapes)
    return CRYSTAL_SHAPES if white_shapes == "default" else dict(CRYSTAL_SHAPES, white=list(ALL_PENTOMINOES))


def shape_names(white_shapes: str = "default") -> dict[str, tuple[str, ...]]:
    _check_white_shapes(white_shapes)
    return SHAPE_NAMES if white_shapes == "default" else dict(SHAPE_NAMES, white=ALL_PENTOMINO_NAMES)


def tiles(white_shapes: str = "default") -> tuple[Tile, ...]:
    """The 69 tiles; with "all" the 13 white ones (same ids) are 2 I5 and one of each other pentomino."""
    _check_white_shapes(white_shapes)
    if white_shapes == "default":
        return TILES
    return tuple(t for t in TILES if t.colour != "white") + _DATA["white_all"]


def shape_of(tile: Tile, white_shapes: str = "default") -> frozenset:
    """The tile's normalised cells in orientation 0 (white indices depend on the shape set)."""
    return crystal_shapes(white_shapes)[tile.colour][tile.shape]


def oriented(shape: Iterable[Cell], orientation: int, cell: Cell) -> Cell:
    """Where ``cell`` of ``shape`` lands in ``polyomino.transform(shape, orientation)``.

    Applies the same mirror and quarter turns as ``transform`` to the whole
    shape, then the same shift back to row and column 0, so a mark on a
    tile moves with it.
    """
    def move(r: int, c: int) -> Cell:
        if orientation >= 4:
            c = -c
        for _ in range(orientation % 4):
            r, c = c, -r
        return r, c

    if orientation not in P.SYMMETRIES:
        raise ValueError(f"symmetry must be 0..7, got {orientation}")
    moved = [move(r, c) for r, c in shape]
    top, left = min(r for r, _ in moved), min(c for _, c in moved)
    r, c = move(*cell)
    return r - top, c - left


def find_cell(tile: Tile, orientation: int, white_shapes: str = "default") -> Cell | None:
    """The cell of the oriented, normalised tile that shows its find (None without a find)."""
    if tile.find is None:
        return None
    return oriented(shape_of(tile, white_shapes), orientation, tile.find[0])


def kind_of(tile: Tile) -> tuple[str, int, tuple[Cell, str] | None]:
    """(colour, shape, find): tiles with the same kind are interchangeable in play."""
    return tile.colour, tile.shape, tile.find


def board_side(board: int, side: str) -> BoardSide:
    if not (0 <= board < 10 and side in ("A", "B")):
        raise ValueError(f"no board side {board}{side}: boards are 0..9, sides 'A' or 'B'")
    return BOARDS[2 * board + "AB".index(side)]
