"""The components one game plays with: tiles, their shapes, board sides and treasure cards.

A normal game uses the boxed set from :mod:`.components` (its tile set depends on the
``white_shapes`` option). Lessons and tests may build a small hand-made kit instead
(``positions.position``); such a kit saves itself with the game so a save stays
self-contained, while the boxed set is only named.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from minegames.core.polyomino import symmetries, transform

from . import components

Cell = tuple[int, int]

#: What the letter of a shape's name ("L4": an L of 4 cells) looks like, in a player's words;
#: other letters are the letter the tile looks like ("the red 4-cell T-shape").
SHAPE_WORDS = {"I": "bar", "O": "square", "S": "zigzag", "W": "staircase", "X": "cross"}


def shape_words(name: str, size: int) -> str:
    """A shape as a player sees it, by its size and look: "4-cell bar", "5-cell L-shape",
    "1-cell square" (a single cell looks like a square whatever its letter)."""
    letter = name[:1].upper()
    if size == 1:
        look = "square"
    elif letter in SHAPE_WORDS:
        look = SHAPE_WORDS[letter]
    elif letter.isalpha():
        look = f"{letter}-shape"
    else:
        look = "piece"
    return f"{size}-cell {look}"


def oriented(shape: frozenset, k: int, mark: Cell | None = None) -> tuple[frozenset, Cell | None]:
    """Symmetry ``k`` of ``shape`` (normalised) and where the marked cell (a find) ends up."""
    return transform(shape, k), None if mark is None else components.oriented(shape, k, mark)


class Kit:
    """Tiles (index = tile id), shapes per colour, board sides by (board, side), cards by id."""

    def __init__(self, tiles: Iterable[Any], shapes: dict[str, list[frozenset]], names: dict[str, list[str]],
                 boards: Iterable[Any], cards: Iterable[Any], standard: str | None = None):
        self.tiles = tuple(tiles)
        for index, tile in enumerate(self.tiles):
            if tile.id != index:
                raise ValueError(f"tile ids must be 0..{len(self.tiles) - 1} in order; got {tile.id} at {index}")
        self.shapes = {colour: [frozenset(s) for s in shapes[colour]] for colour in shapes}
        self.names = {colour: list(names[colour]) for colour in names}
        self.boards = {(b.board, b.side): b for b in boards}
        self.cards = {c.id: c for c in cards}
        self.standard = standard
        self._oriented: dict[tuple[int, int], tuple[frozenset, Cell | None]] = {}

    def __deepcopy__(self, memo) -> "Kit":
        """A kit never changes during play, so copies of a game (bots looking ahead) share it."""
        return self

    @property
    def board_numbers(self) -> list[int]:
        return sorted({board for board, _ in self.boards})

    def sides_of(self, board: int) -> list[str]:
        return sorted(side for number, side in self.boards if number == board)

    def shape(self, tile: int) -> frozenset:
        t = self.tiles[tile]
        return self.shapes[t.colour][t.shape]

    def shape_name(self, tile: int) -> str:
        t = self.tiles[tile]
        return self.names[t.colour][t.shape]

    def tile_words(self, tile: int) -> str:
        """A tile as a player names it: colour and look, and its find when it shows one
        ("yellow 1-cell square", "white 5-cell U-shape showing a gold nugget"); the tile's number never shows."""
        t = self.tiles[tile]
        return self.kind_words(t.colour, t.shape) + ("" if t.find is None else f" showing {components.FIND_WORDS[t.find[1]]}")

    def kind_words(self, colour: str, shape: int) -> str:
        """A (colour, shape) of the supply in a player's words ("red 4-cell L-shape")."""
        return f"{colour} {shape_words(self.names[colour][shape], len(self.shapes[colour][shape]))}"

    def orient(self, tile: int, k: int) -> tuple[frozenset, Cell | None]:
        """Cells of ``tile`` turned by symmetry ``k`` and the cell of its find (or None)."""
        key = (tile, k)
        if key not in self._oriented:
            t = self.tiles[tile]
            mark = None if t.find is None else tuple(t.find[0])
            self._oriented[key] = oriented(self.shape(tile), k, mark)
        return self._oriented[key]

    def kind(self, tile: int, with_find: bool = True) -> tuple:
        """Tiles of one kind are interchangeable: same colour and shape (and find, when finds count)."""
        t = self.tiles[tile]
        find = None if t.find is None or not with_find else (tuple(t.find[0]), t.find[1])
        return (t.colour, t.shape, find)

    def same_layouts(self, tile: int, k: int, flips: bool, with_find: bool) -> tuple[int, ...]:
        """The symmetries that lay ``tile`` exactly as symmetry ``k`` does (cells, and the find
        when finds count): placing it in any of them is the same move."""
        key = ("same", tile, k, flips, with_find)
        if key not in self._oriented:
            cells, mark = self.orient(tile, k)
            self._oriented[key] = tuple(
                j for j in symmetries(flips)
                if self.orient(tile, j)[0] == cells and (not with_find or self.orient(tile, j)[1] == mark))
        return self._oriented[key]

    def distinct_orientations(self, tile: int, flips: bool, with_find: bool) -> list[int]:
        """Symmetries giving different results: different cells, or the find on another cell."""
        seen, kept = set(), []
        for k in symmetries(flips):
            cells, mark = self.orient(tile, k)
            key = (cells, mark if with_find else None)
            if key not in seen:
                seen.add(key)
                kept.append(k)
        return kept

    # ---- saving a hand-made kit -------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": [[t.colour, t.shape, None if t.find is None else [list(t.find[0]), t.find[1]]]
                      for t in self.tiles],
            "shapes": {colour: [sorted(map(list, s)) for s in shapes] for colour, shapes in self.shapes.items()},
            "names": self.names,
            "boards": [[b.board, b.side, sorted(map(list, b.cells)),
                        [[list(e.cell), e.edge, e.colour] for e in b.elves]] for b in self.boards.values()],
            "cards": [[c.id, dict(c.limits), dict(c.finds)] for c in self.cards.values()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Kit":
        BoardSide, Elf, FrozenMap = components.BoardSide, components.Elf, components.FrozenMap
        Tile, TreasureCard = components.Tile, components.TreasureCard
        tiles = [Tile(i, colour, shape, None if find is None else ((find[0][0], find[0][1]), find[1]))
                 for i, (colour, shape, find) in enumerate(data["tiles"])]
        shapes = {colour: [frozenset(map(tuple, s)) for s in lists] for colour, lists in data["shapes"].items()}
        boards = [BoardSide(board, side, frozenset(map(tuple, cells)),
                            tuple(Elf((cell[0], cell[1]), edge, colour) for cell, edge, colour in elves))
                  for board, side, cells, elves in data["boards"]]
        cards = [TreasureCard(cid, FrozenMap(limits), FrozenMap(finds)) for cid, limits, finds in data["cards"]]
        return cls(tiles, shapes, data["names"], boards, cards)


@lru_cache(maxsize=None)
def standard_kit(white_shapes: str = "default") -> Kit:
    """The boxed set, with the white tiles of the chosen pentomino set."""
    return Kit(components.tiles(white_shapes), components.crystal_shapes(white_shapes),
               components.shape_names(white_shapes), components.BOARDS, components.TREASURE_CARDS,
               standard=white_shapes)
