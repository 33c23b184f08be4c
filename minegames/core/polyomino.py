"""Polyomino geometry on a square grid, shared by the tile-laying games.

Cells are ``(row, col)`` with rows growing downward. A *shape* is a frozenset
of cells normalised so that its smallest row and column are 0; the same
physical piece turned or flipped is another orientation of one shape.

The eight symmetries have fixed numbers so an orientation can be saved:
``k`` in 0..3 turns the piece ``k`` quarter turns clockwise; ``k`` in 4..7
mirrors it left-right first, then turns it ``k - 4`` quarter turns.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

Cell = tuple[int, int]
Shape = frozenset  # frozenset[Cell]

SYMMETRIES = tuple(range(8))
ROTATIONS = (0, 1, 2, 3)


def normalise(cells: Iterable[Cell]) -> Shape:
    """Shift cells so the smallest row and column are 0."""
    cells = list(cells)
    if not cells:
        return frozenset()
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def transform(cells: Iterable[Cell], k: int) -> Shape:
    """Symmetry ``k`` of a shape (see the module docstring), normalised."""
    if k not in SYMMETRIES:
        raise ValueError(f"symmetry must be 0..7, got {k}")
    out = [(r, -c) if k >= 4 else (r, c) for r, c in cells]
    for _ in range(k % 4):
        out = [(c, -r) for r, c in out]  # a quarter turn clockwise
    return normalise(out)


def symmetries(flips: bool = True) -> tuple[int, ...]:
    """The symmetry numbers allowed: all eight, or only the four turns."""
    return SYMMETRIES if flips else ROTATIONS


@lru_cache(maxsize=None)
def orientations(shape: Shape, flips: bool = True) -> tuple[tuple[int, Shape], ...]:
    """The distinct orientations of ``shape`` as (first symmetry giving it, cells)."""
    seen: dict[Shape, int] = {}
    for k in symmetries(flips):
        seen.setdefault(transform(shape, k), k)
    return tuple((k, cells) for cells, k in seen.items())


def canonical(cells: Iterable[Cell], flips: bool = True) -> Shape:
    """One fixed representative of a shape's orientations (to compare free shapes)."""
    return min((transform(cells, k) for k in symmetries(flips)), key=lambda s: sorted(s))


def translate(cells: Iterable[Cell], dr: int, dc: int) -> Shape:
    return frozenset((r + dr, c + dc) for r, c in cells)


def placements(shape: Shape, region: Iterable[Cell], flips: bool = True) -> Iterator[tuple[int, int, int, Shape]]:
    """Every way ``shape`` fits inside ``region``: (symmetry, row, col, cells).

    ``row, col`` is where the oriented shape's (0, 0) lands; each distinct set
    of covered cells is given once (with the first symmetry that makes it).
    """
    region = frozenset(region)
    for k, oriented in orientations(frozenset(shape), flips):
        anchor = min(oriented)
        for r, c in sorted(region):
            dr, dc = r - anchor[0], c - anchor[1]
            cells = translate(oriented, dr, dc)
            if cells <= region:
                yield k, dr, dc, cells


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours, in the order north, east, south, west."""
    r, c = cell
    return (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)


EDGES = ("N", "E", "S", "W")


def across(cell: Cell, edge: str) -> Cell:
    """The cell on the other side of ``edge`` of ``cell``."""
    return neighbours(cell)[EDGES.index(edge)]


def is_connected(cells: Iterable[Cell]) -> bool:
    cells = set(cells)
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def bounding_box(cells: Iterable[Cell]) -> tuple[int, int]:
    """(rows, cols) of the smallest box around the cells."""
    cells = list(cells)
    if not cells:
        return 0, 0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def draw(cells: Iterable[Cell], fill: str = "#", empty: str = ".") -> str:
    """ASCII picture of cells (for docstrings, errors and tests)."""
    cells = set(cells)
    if not cells:
        return ""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rows, cols = bounding_box(cells)
    return "\n".join(
        "".join(fill if (top + r, left + c) in cells else empty for c in range(cols)) for r in range(rows)
    )


# ---- turning a piece in hand by symmetry number ------------------------------
def turned(k: int) -> int:
    """The symmetry after a quarter turn clockwise of a piece lying in symmetry ``k``:
    ``transform(s, turned(k)) == transform(transform(s, k), 1)``."""
    if k not in SYMMETRIES:
        raise ValueError(f"symmetry must be 0..7, got {k}")
    return (k // 4) * 4 + (k % 4 + 1) % 4


def flipped(k: int) -> int:
    """The symmetry after turning a piece in symmetry ``k`` over left-right (mirror * turn^j is
    turn^-j * mirror): ``transform(s, flipped(k))`` is the mirror image of ``transform(s, k)``."""
    if k not in SYMMETRIES:
        raise ValueError(f"symmetry must be 0..7, got {k}")
    return (0 if k >= 4 else 4) + (-(k % 4)) % 4
