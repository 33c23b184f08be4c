"""The lesson's exact numbers: which board sides each treasure card can fill, and what that is worth.

A round pairs a board side (20 in the box) with a card (40 in the deck). For
every one of the 800 pairs the exact solver answers three questions: can the
card's tiles cover the whole gallery, in how many different ways, and what is
the best round score a perfect player can reach. Averaging over the pairs,
each equally likely, gives exact fractions: the chance that a random card can
fill a random board, and a perfect player's expected round score.

Everything is computed from the components (nothing is stored) and cached per
rule set: the basic table takes about a second, the best scores under the
advanced rules (elves and finds) about seven (benchmarks/bench_packing_solver.py
times the solver per pair).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from . import components as C
from . import scoring
from .solver import Packing, best_cover, round_score

__all__ = ["PairResult", "fill_table", "fill_probability", "unfillable_pairs", "expected_best_score",
           "best_scores", "covers_per_board", "covers_per_card"]


class PairResult(NamedTuple):
    """One board side with one card: a perfect cover exists, how many there are, best basic score."""

    board: int
    side: str
    card: int
    coverable: bool
    covers: int
    best_score: int  # 10 minus the fewest empty cells the card allows (no caller bonus)


def fill_table(flips: bool = True, white_shapes: str = "default") -> tuple[PairResult, ...]:
    """Every (board side, card) pair, board sides in box order, then cards by id.

    Covers are counted as :func:`solver.count_covers` counts them (different
    cuttings of the gallery into pieces), with the box's tiles per shape.
    """
    return _fill_table(flips, white_shapes)


@lru_cache(maxsize=None)
def _fill_table(flips: bool, white_shapes: str) -> tuple[PairResult, ...]:
    rows = []
    for board in C.BOARDS:
        for card in C.TREASURE_CARDS:
            problem = Packing(board, card, flips, white_shapes).problem()
            covers = problem.count()
            if covers:
                empty = 0
            else:
                empty = len(board.cells) - max(0, problem.maximise().value)
            points = scoring.round_points(empty)["total"]
            rows.append(PairResult(board.board, board.side, card.id, covers > 0, covers, points))
    return tuple(rows)


def fill_probability(flips: bool = True, white_shapes: str = "default") -> Fraction:
    """The exact chance that a uniformly random card can fill a uniformly random board side."""
    table = fill_table(flips, white_shapes)
    return Fraction(sum(r.coverable for r in table), len(table))


def unfillable_pairs(flips: bool = True, white_shapes: str = "default") -> list[tuple[int, str, int]]:
    """(board, side, card id) of every pair with no perfect cover."""
    return [(r.board, r.side, r.card) for r in fill_table(flips, white_shapes) if not r.coverable]


def covers_per_board(flips: bool = True, white_shapes: str = "default") -> dict[tuple[int, str], int]:
    """How many of the 40 cards can fill each board side (the hard boards have few)."""
    counts: dict[tuple[int, str], int] = {}
    for r in fill_table(flips, white_shapes):
        counts[(r.board, r.side)] = counts.get((r.board, r.side), 0) + r.coverable
    return counts


def covers_per_card(flips: bool = True, white_shapes: str = "default") -> dict[int, int]:
    """How many of the 20 board sides each card can fill."""
    counts: dict[int, int] = {}
    for r in fill_table(flips, white_shapes):
        counts[r.card] = counts.get(r.card, 0) + r.coverable
    return counts


def best_scores(elves: bool = False, finds: bool = False, caller_bonus: bool = False, flips: bool = True,
                white_shapes: str = "default") -> tuple[int, ...]:
    """A perfect player's best round score on every pair (order of :func:`fill_table`).

    With ``elves``/``finds`` the solver's "score" objective picks the placements
    and the tiles (the whole box is the supply: a player alone at the table).
    ``caller_bonus``: a filled board also earns the caller's 2 points (a
    player racing nobody, who calls whenever the board is full), so the best
    perfect cover plus 2 competes with the best cover of any kind.
    """
    return _best_scores(elves, finds, caller_bonus, flips, white_shapes)


@lru_cache(maxsize=None)
def _best_scores(elves: bool, finds: bool, caller_bonus: bool, flips: bool, white_shapes: str) -> tuple[int, ...]:
    table = fill_table(flips, white_shapes)
    if not (elves or finds):
        return tuple(r.best_score + scoring.CALLER_BONUS * (caller_bonus and r.coverable) for r in table)
    tiles = C.tiles(white_shapes)
    scores = []
    pairs = ((board, card) for board in C.BOARDS for card in C.TREASURE_CARDS)
    for (board, card), row in zip(pairs, table):
        cover = best_cover(board, card, flips, white_shapes, "score", elves, finds)
        points = round_score(board, card, cover, elves, finds, tiles)
        if caller_bonus and row.coverable:
            perfect = best_cover(board, card, flips, white_shapes, "cells", elves, finds)
            points = max(points, round_score(board, card, perfect, elves, finds, tiles) + scoring.CALLER_BONUS)
        scores.append(points)
    return tuple(scores)


def expected_best_score(elves: bool = False, finds: bool = False, caller_bonus: bool = False,
                        flips: bool = True, white_shapes: str = "default") -> Fraction:
    """A perfect player's expected round score over a uniformly random pair, exactly (see :func:`best_scores`)."""
    scores = best_scores(elves, finds, caller_bonus, flips, white_shapes)
    return Fraction(sum(scores), len(scores))
