"""Exact packing of an Out of Mine! gallery with the tiles a treasure card allows.

One board side and one card make an exact-cover problem
(:mod:`minegames.core.exact_cover`): the gallery cells are the columns, every
way a crystal shape fits inside the gallery is a row, and the card's counts are
group limits ("at most 3 red"). The tiles in the supply limit each shape too
(a box holds only three square reds), so every shape is a group as well.

* :func:`best_cover` picks the placements: as many cells as possible
  (objective "cells", a perfect cover when one exists) or the best round score
  of the advanced rules (objective "score": elves and finds), exactly.
* :func:`count_covers` and :func:`can_cover` answer the lesson's questions.
* :func:`hint` completes a half-filled board, saying which tiles to take off
  when the ones already placed block the best cover.

Boards only need ``.cells`` (and ``.elves`` for the elf bonus); cards only
need ``.limits`` (and ``.finds`` for the finds bonus).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from minegames.core import polyomino as P
from minegames.core.exact_cover import ExactCover

from . import components as C
from . import scoring
from .actions import Place

__all__ = ["Hint", "Packing", "Placement", "UNLIMITED", "best_cover", "can_cover", "count_covers", "hint", "round_score",
           "shape_table"]

OBJECTIVES = ("cells", "score")
MAX_EMPTY = scoring.MOST_EMPTY_CELLS
BASE_POINTS = scoring.BASE_POINTS
# Two goals in one integer: ``main * _SCALE + tie_break``; every tie-break total is far below _SCALE / 2.
_SCALE = 1000


@dataclass(frozen=True)
class Placement:
    """One tile on the board: shape ``shape`` of ``colour`` turned by symmetry ``orientation``
    with its (0, 0) at (row, col), covering ``cells``; ``tile`` is a physical tile id once assigned."""

    colour: str
    shape: int
    orientation: int
    row: int
    col: int
    cells: frozenset
    tile: int | None = None

    def action(self, player: int, tile: int | None = None) -> Place:
        """The model's ``Place`` action for this placement (``tile`` overrides the assigned one)."""
        tile = self.tile if tile is None else tile
        if tile is None:
            raise ValueError("no physical tile assigned: pass tile= or solve with a supply")
        return Place(player, tile, self.orientation, self.row, self.col)


@dataclass(frozen=True)
class Hint:
    """What to do next: take the tiles ``remove`` (ids) off, then lay ``place``.

    ``covered`` cells of ``size`` will then be covered (all of them if ``perfect``).
    """

    remove: tuple[int, ...]
    place: tuple[Placement, ...]
    covered: int
    size: int

    @property
    def perfect(self) -> bool:
        return self.covered == self.size


# ---------------------------------------------------------------------------
# shapes and supply
# ---------------------------------------------------------------------------


def shape_table(white_shapes: str = "default") -> dict[str, list[frozenset]]:
    """The crystal shapes per colour; ``white_shapes="all"`` gives every free pentomino."""
    return {colour: list(shapes) for colour, shapes in C.crystal_shapes(white_shapes).items()}


def box_tiles(white_shapes: str = "default") -> tuple:
    """Every tile in the box, with the white tiles cut as in the chosen white set."""
    return tuple(C.tiles(white_shapes))


UNLIMITED = "unlimited"  # a supply value: any number of tiles of every shape (none has an id)


def _find_value(tile: Any, card: Any, finds: bool) -> int:
    if not finds or tile.find is None:
        return 0
    return getattr(card, "finds", {}).get(tile.find[1], 0)


def _tiles_by_kind(supply: Iterable[Any], card: Any, finds: bool) -> dict[tuple[str, int], list]:
    """Free tiles per (colour, shape), best first: good finds, then no find, then bad; then by id."""
    kinds: dict[tuple[str, int], list] = defaultdict(list)
    for tile in supply:
        kinds[(tile.colour, tile.shape)].append(tile)
    for tiles in kinds.values():
        tiles.sort(key=lambda t: (-_find_value(t, card, finds), t.find is not None, t.id))
    return kinds


# ---------------------------------------------------------------------------
# the exact-cover problem of one board and card
# ---------------------------------------------------------------------------


def cell_order(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cells in reading order along the board's narrow side (the search frontier stays short)."""
    cells = list(cells)
    rows, cols = P.bounding_box(cells)
    return sorted(cells) if cols <= rows else sorted(cells, key=lambda rc: (rc[1], rc[0]))


@lru_cache(maxsize=4096)
def _fits(cells: frozenset, shape: frozenset, flips: bool) -> tuple:
    return tuple(P.placements(shape, cells, flips))


class Packing:
    """The rows, limits and scores of one board side with one card (build once, ask many times)."""

    def __init__(
        self,
        board: Any,
        card: Any,
        flips: bool = True,
        white_shapes: str = "default",
        supply: Iterable[Any] | str | None = None,
        elves: bool = False,
        finds: bool = False,
        shapes: Mapping[str, Sequence[frozenset]] | None = None,
    ):
        self.cells = frozenset(map(tuple, board.cells))
        self.order = cell_order(self.cells)
        self.card, self.finds, self.flips = card, finds, flips
        self.shapes = shape_table(white_shapes) if shapes is None else {c: list(s) for c, s in shapes.items()}
        if supply is None and shapes is None:
            supply = box_tiles(white_shapes)
        self.unlimited = supply is None or supply == UNLIMITED
        self.kinds = {} if self.unlimited else _tiles_by_kind(supply, card, finds)
        limits = {colour: n for colour, n in card.limits.items() if n > 0 and self.shapes.get(colour)}
        self.elf_colours: dict[tuple[int, int], list[str]] = defaultdict(list)
        if elves:
            for elf in getattr(board, "elves", ()):
                if elf.colour in limits:
                    self.elf_colours[tuple(elf.cell)].append(elf.colour)
        self.limits: dict[Any, int] = dict(limits)
        self.placements: list[Placement] = []
        self.groups: list[tuple] = []
        for colour in limits:
            for s, shape in enumerate(self.shapes[colour]):
                groups: tuple = (colour,)
                if not self.unlimited:
                    stock = min(limits[colour], len(self.kinds.get((colour, s), ())))
                    if not stock:
                        continue
                    self.limits[(colour, s)] = stock
                    groups = (colour, (colour, s))
                for k, row, col, covered in _fits(self.cells, frozenset(shape), flips):
                    self.placements.append(Placement(colour, s, k, row, col, covered))
                    self.groups.append(groups)

    def elf_bonus(self, placement: Placement) -> int:
        return sum(placement.colour == colour for cell in placement.cells for colour in self.elf_colours.get(cell, ()))

    def find_values(self, kind: tuple[str, int]) -> list[int]:
        return [_find_value(t, self.card, self.finds) for t in self.kinds.get(kind, ())]

    def problem(self, weight=None) -> ExactCover:
        """The exact-cover problem; ``weight(placement)`` sets the rows' weights for ``maximise``."""
        problem = ExactCover(self.order, limits=self.limits)
        for index, placement in enumerate(self.placements):
            problem.add_row(
                placement.cells,
                label=index,
                groups=self.groups[index],
                weight=None if weight is None else weight(placement),
            )
        return problem

    def assign_tiles(self, rows: Iterable[int], keep: Mapping[int, int] | None = None) -> list[Placement]:
        """Placements of the chosen rows with physical tiles: ``keep`` maps rows to fixed
        tile ids, the others take the best free tile of their kind. In reading order."""
        keep = keep or {}
        taken = set(keep.values())
        queues = {kind: [t for t in tiles if t.id not in taken] for kind, tiles in self.kinds.items()}
        out = []
        for index in sorted(rows, key=lambda i: min(self.placements[i].cells)):
            placement = self.placements[index]
            if index in keep:
                tile = keep[index]
            elif self.unlimited:
                tile = None
            else:
                tile = queues[(placement.colour, placement.shape)].pop(0).id
            out.append(_with_tile(placement, tile))
        return out


def _with_tile(placement: Placement, tile: int | None) -> Placement:
    return Placement(placement.colour, placement.shape, placement.orientation, placement.row, placement.col,
                     placement.cells, tile)


# ---------------------------------------------------------------------------
# public answers
# ---------------------------------------------------------------------------


def best_cover(
    board: Any,
    card: Any,
    flips: bool = True,
    white_shapes: str = "default",
    objective: str = "cells",
    elves: bool = False,
    finds: bool = False,
    supply: Iterable[Any] | str | None = None,
    shapes: Mapping[str, Sequence[frozenset]] | None = None,
) -> list[Placement]:
    """The best placements for ``board`` under ``card``, in reading order, with tiles assigned.

    objective "cells": cover as many cells as the card and supply allow (a
    perfect cover if one exists); among those, the best advanced score when
    ``elves``/``finds`` are on. objective "score": the best round score
    (:func:`round_score`, no caller bonus), then the most cells, so a perfect
    cover loses only to a strictly better score. ``supply``: the free tiles
    (objects with id, colour, shape, find), default the whole box, or
    ``"unlimited"`` (no tile ids). ``shapes`` replaces the boxed crystal
    shapes (hand-made kits; then the supply defaults to unlimited).
    Exact in every case.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    packing = Packing(board, card, flips, white_shapes, supply, elves, finds, shapes)
    cells_first = objective == "cells"
    if cells_first and not (elves or finds):
        found = packing.problem().first()
        if found is not None:
            return packing.assign_tiles(found)

    def weight(p: Placement) -> int:
        size, points = len(p.cells), len(p.cells) + packing.elf_bonus(p)
        return size * _SCALE + points if cells_first else points * _SCALE + size

    group_values = {}
    if finds:
        for kind in packing.kinds:
            if kind in packing.limits:
                group_values[kind] = [v if cells_first else v * _SCALE for v in packing.find_values(kind)]
    problem = packing.problem(weight)
    best = problem.maximise(group_values)
    if not cells_first and len(best.uncovered) > MAX_EMPTY:
        # the best choice overall leaves too many cells empty (it would score 0): search again
        # among choices within the limit (the unlimited search is faster, and almost always enough)
        best = problem.maximise(group_values, max_uncovered=MAX_EMPTY)
    if not cells_first and (best is None or _decode(best.value)[0] < len(packing.cells) - BASE_POINTS):
        return []  # every cover with at most 10 empty cells scores below zero: placing nothing scores 0
    return packing.assign_tiles(best.rows)


def _decode(value: int) -> tuple[int, int]:
    """Split ``main * _SCALE + tie_break`` (the tie-break may be negative)."""
    main = (value + _SCALE // 2) // _SCALE
    return main, value - main * _SCALE


def round_score(board: Any, card: Any, placements: Sequence[Placement], elves: bool = False, finds: bool = False,
                tiles: Sequence[Any] | None = None) -> int:
    """The round's points for correct placements, without the caller's bonus (the scoring module's formula).

    ``tiles`` (indexed by id, default the box) tells which find each placed tile carries.
    """
    covered = set().union(*(p.cells for p in placements))
    empty = len(frozenset(map(tuple, board.cells)) - covered)
    colour_at = {cell: p.colour for p in placements for cell in p.cells}
    elf = scoring.elf_points(board.elves, colour_at, card.limits) if elves else 0
    found = 0
    if finds:
        tiles = box_tiles() if tiles is None else tiles
        if any(p.tile is None for p in placements):
            raise ValueError("finds need physical tiles: solve with a supply")
        kinds = [tiles[p.tile].find[1] for p in placements if tiles[p.tile].find is not None]
        found = scoring.find_points(kinds, getattr(card, "finds", {}))
    return scoring.round_points(empty, elves=elf, finds=found)["total"]


def count_covers(board: Any, card: Any, flips: bool = True, white_shapes: str = "default",
                 supply: Iterable[Any] | str | None = None,
                 shapes: Mapping[str, Sequence[frozenset]] | None = None) -> int:
    """How many perfect covers the card allows on ``board``.

    Two covers are the same when they cut the gallery into the same pieces
    (the same set of cell sets). A piece's colour follows from its size and
    its shape from its cells, so turning a symmetric tile over, or swapping
    two tiles of the same shape, gives no new cover. The card's counts and the
    tiles per shape in ``supply`` (default the whole box) are respected.
    """
    return Packing(board, card, flips, white_shapes, supply, shapes=shapes).problem().count()


def can_cover(board: Any, card: Any, flips: bool = True, white_shapes: str = "default",
              supply: Iterable[Any] | str | None = None,
              shapes: Mapping[str, Sequence[frozenset]] | None = None) -> bool:
    """Whether the card's tiles can cover every cell of ``board``."""
    return Packing(board, card, flips, white_shapes, supply, shapes=shapes).problem().first() is not None


def hint(board: Any, card: Any, placed: Iterable[Any], flips: bool = True, white_shapes: str = "default",
         supply: Iterable[Any] | None = None, tiles: Sequence[Any] | None = None,
         shapes: Mapping[str, Sequence[frozenset]] | None = None) -> Hint:
    """How to finish a board that already holds ``placed`` tiles (objects with .tile and .cells).

    Covers as many cells as the card allows (a perfect cover if possible)
    while taking off as few placed tiles as possible: the tiles to take off
    are those that block every such cover, break the card's counts or hang
    over the rock. ``tiles``: every tile of the game by id (default the box);
    ``supply``: the free ones (default: ``tiles`` minus ``placed``).
    """
    placed = list(placed)
    tiles = box_tiles(white_shapes) if tiles is None else tiles
    placed_ids = {p.tile for p in placed}
    free = [t for t in tiles if t.id not in placed_ids] if supply is None else list(supply)
    packing = Packing(board, card, flips, white_shapes, free + [tiles[i] for i in placed_ids], shapes=shapes)
    row_of = {(p.colour, p.cells): i for i, p in enumerate(packing.placements)}
    wanted: dict[int, int] = {}  # row -> id of a placed tile lying exactly there
    for p in placed:
        index = row_of.get((tiles[p.tile].colour, frozenset(map(tuple, p.cells))))
        if index is not None and index not in wanted:
            wanted[index] = p.tile
    rows_wanted = {id(packing.placements[i]) for i in wanted}
    best = packing.problem(lambda p: len(p.cells) * _SCALE + (id(p) in rows_wanted)).maximise()
    keep = {i: tile for i, tile in wanted.items() if i in best.rows}
    remove = tuple(sorted(placed_ids - set(keep.values())))
    packing.kinds = _tiles_by_kind(free + [tiles[i] for i in remove], card, False)
    place = tuple(packing.assign_tiles(i for i in best.rows if i not in keep))
    return Hint(remove, place, _decode(best.value)[0], len(packing.cells))
