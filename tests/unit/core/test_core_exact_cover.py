"""The exact-cover engine against known counts and against brute force on small random problems."""

import itertools
import random

import pytest

from minegames.core import polyomino as P
from minegames.core.exact_cover import ExactCover, SearchLimitReached

PENTOMINOES = {
    "F": ".##|##.|.#.", "I": "#####", "L": "#.|#.|#.|##", "N": "##..|.###", "P": "##|##|#.", "T": "###|.#.|.#.",
    "U": "#.#|###", "V": "#..|#..|###", "W": "#..|##.|.##", "X": ".#.|###|.#.", "Y": "####|.#..", "Z": "##.|.#.|.##",
}
DOMINO = frozenset({(0, 0), (0, 1)})


def parse(drawing):
    return P.normalise((r, c) for r, line in enumerate(drawing.split("|")) for c, ch in enumerate(line) if ch == "#")


def domino_problem(cells):
    cells = sorted(cells)
    problem = ExactCover(cells)
    for _, _, _, covered in P.placements(DOMINO, cells):
        problem.add_row(covered)
    return problem


def fibonacci(n):
    a, b = 1, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("n", range(1, 13))
def test_domino_tilings_of_a_2_by_n_strip_are_fibonacci_numbers(n):
    cells = [(r, c) for c in range(n) for r in range(2)]
    assert domino_problem(cells).count() == fibonacci(n)


def test_domino_tilings_of_the_chessboard():
    board = [(r, c) for r in range(8) for c in range(8)]
    assert domino_problem(board).count() == 12_988_816


def test_the_mutilated_chessboard_has_no_domino_tiling():
    board = {(r, c) for r in range(8) for c in range(8)} - {(0, 0), (7, 7)}
    problem = domino_problem(board)
    assert problem.count() == 0
    assert problem.first() is None
    assert list(problem.solutions()) == []
    assert problem.maximise().value == 60  # 31 dominoes cover all but two cells


@pytest.mark.parametrize("rows, cols, count", [(3, 20, 2 * 4), (4, 15, 368 * 4)])
def test_the_twelve_pentominoes_in_a_box(rows, cols, count):
    """Known counts (2 and 368 up to the box's 4 symmetries); every piece used once (piece columns)."""
    cells = [(r, c) for c in range(cols) for r in range(rows)]
    problem = ExactCover(cells + list(PENTOMINOES))
    for name, drawing in PENTOMINOES.items():
        for _, _, _, covered in P.placements(parse(drawing), cells):
            problem.add_row([*covered, name], label=(name, covered))
    assert problem.count() == count
    if rows == 3:
        found = list(problem.solutions())
        assert len(found) == count
        for solution in found:
            assert set().union(*(c for _, c in solution)) == set(cells)
            assert sorted(name for name, _ in solution) == sorted(PENTOMINOES)


@pytest.mark.parametrize("n, count", [(4, 2), (5, 10), (6, 4), (8, 92)])
def test_n_queens_uses_secondary_columns_for_diagonals(n, count):
    ranks, files = [("rank", i) for i in range(n)], [("file", i) for i in range(n)]
    diagonals = [("diag", d) for d in range(2 * n - 1)] + [("anti", d) for d in range(2 * n - 1)]
    problem = ExactCover(ranks + files, secondary=diagonals)
    for r, f in itertools.product(range(n), repeat=2):
        problem.add_row([("rank", r), ("file", f), ("diag", r + f), ("anti", r - f + n - 1)], label=(r, f))
    assert problem.count() == count
    solutions = list(problem.solutions())
    assert len(solutions) == count
    queens = problem.first()
    assert len({r + f for r, f in queens}) == n and len({r - f for r, f in queens}) == n


# ---- brute force on small random problems -------------------------------------------


def random_problem(rng):
    """A few primary and secondary columns, rows with groups, limits (some zero), weights and values."""
    primary = list(range(rng.randint(1, 6)))
    secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
    groups = ["a", "b", "c"]
    limits = {g: rng.randint(0, 3) for g in groups}
    rows = []
    for _ in range(rng.randint(1, 11)):
        columns = set(rng.sample(primary, rng.randint(1, min(3, len(primary)))))
        columns |= {s for s in secondary if rng.random() < 0.3}
        rows.append((columns, tuple(g for g in groups if rng.random() < 0.4), rng.randint(-2, 5)))
    values = {g: [rng.randint(-2, 3) for _ in range(rng.randint(0, 3))] for g in groups if rng.random() < 0.5}
    problem = ExactCover(primary, secondary, limits)
    for columns, row_groups, weight in rows:
        problem.add_row(columns, groups=row_groups, weight=weight)
    return problem, primary, limits, rows, values


def brute_force(primary, limits, rows, values, max_uncovered):
    """Every set of rows: the exact covers, and the best value of partial covers."""
    covers, best = [], None
    for size in range(len(rows) + 1):
        for chosen in itertools.combinations(range(len(rows)), size):
            columns = [c for i in chosen for c in rows[i][0]]
            if len(columns) != len(set(columns)):
                continue
            used = {g: sum(g in rows[i][1] for i in chosen) for g in limits}
            if any(used[g] > limits[g] for g in limits):
                continue
            uncovered = len(set(primary) - set(columns))
            if uncovered == 0:
                covers.append(set(chosen))
            if max_uncovered is not None and uncovered > max_uncovered:
                continue
            value = sum(rows[i][2] for i in chosen)
            value += sum(sum(v[:used[g]]) for g, v in values.items())
            best = value if best is None else max(best, value)
    return covers, best


@pytest.mark.parametrize("seed", range(150))
def test_engine_agrees_with_brute_force(seed):
    rng = random.Random(seed)
    problem, primary, limits, rows, values = random_problem(rng)
    max_uncovered = rng.choice([None, 0, 1, 2])
    covers, best = brute_force(primary, limits, rows, values, max_uncovered)
    assert problem.count() == len(covers)
    assert sorted(map(sorted, problem.solutions())) == sorted(map(sorted, covers))
    first = problem.first()
    assert (first is None) == (not covers)
    if first is not None:
        assert set(first) in covers
    for prune in (True, False):
        found = problem.maximise(values, max_uncovered, prune=prune)
        if best is None:
            assert found is None
            continue
        assert found.value == best
        chosen = list(found.rows)
        used = {g: sum(g in rows[i][1] for i in chosen) for g in limits}
        recomputed = sum(rows[i][2] for i in chosen) + sum(sum(v[:used[g]]) for g, v in values.items())
        assert recomputed == best
        covered = [c for i in chosen for c in rows[i][0]]
        assert len(covered) == len(set(covered))
        assert set(found.uncovered) == set(primary) - set(covered)


def test_limits_and_bad_rows_are_refused():
    problem = ExactCover([1, 2], secondary=["s"], limits={"g": 1})
    with pytest.raises(ValueError):
        problem.add_row(["s"])  # no primary column
    with pytest.raises(KeyError):
        problem.add_row([1], groups=["unknown"])
    with pytest.raises(KeyError):
        problem.add_row([3])
    with pytest.raises(ValueError):
        ExactCover([1, 1])
    with pytest.raises(ValueError):
        ExactCover([1], limits={"g": -1})
    problem.add_row([1], groups=["g"])
    problem.add_row([2], groups=["g"])
    assert problem.count() == 0  # the group allows only one of the two rows
    assert problem.maximise().value == 1


def test_a_node_limit_stops_a_long_search():
    board = {(r, c) for r in range(8) for c in range(8)} - {(0, 0), (7, 7)}
    problem = domino_problem(board)
    with pytest.raises(SearchLimitReached):
        problem.first(node_limit=50)
    assert domino_problem([(0, 0), (0, 1)]).first(node_limit=1) is not None
