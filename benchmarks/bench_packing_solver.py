"""How fast is the Out of Mine! packing solver, next to a general-purpose exact solver?

Run:  PYTHONPATH=. python benchmarks/bench_packing_solver.py [--quick]

For every board side against every treasure card (800 pairs; --quick: every
tenth pair, drawn with a fixed seed) both solvers answer the same question, "the most gallery cells
the card's tiles can cover, with the box's tiles per shape":

* ``best_cover`` (pure Python: exact cover on bitsets, memoized search),
  timed for the whole call, from a cold cache of piece placements;
* OR-Tools CP-SAT on the same placements: one 0/1 variable per placement,
  each cell covered at most once, the card's count per colour and the box's
  stock per shape, maximise the covered cells. Timed for building the model
  and solving it on one worker (the placements are handed over ready-made).

It prints the median, 95th percentile and worst time per pair of each, the
ratio of their medians and totals, and checks that they agree on the best
number of cells of every pair (so also on which pairs can be filled).
Also timed: counting every perfect cover, and the "score" objective with
elves and finds (ours only).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ortools.sat.python import cp_model

from minegames.out_of_mine import components as C
from minegames.out_of_mine import solver as S


def pairs(quick: bool) -> list[tuple]:
    every = [(board, card) for board in C.BOARDS for card in C.TREASURE_CARDS]
    return random.Random(2014).sample(every, len(every) // 10) if quick else every


def ours(board, card) -> tuple[int, float]:
    start = time.perf_counter()
    cover = S.best_cover(board, card)
    return sum(len(p.cells) for p in cover), time.perf_counter() - start


def cp_sat(board, card) -> tuple[int, float]:
    packing = S.Packing(board, card)  # the same placements and limits, not timed
    start = time.perf_counter()
    model = cp_model.CpModel()
    chosen = [model.NewBoolVar(f"p{i}") for i in range(len(packing.placements))]
    by_cell: dict = {cell: [] for cell in packing.cells}
    by_group: dict = {group: [] for group in packing.limits}
    for var, placement, groups in zip(chosen, packing.placements, packing.groups):
        for cell in placement.cells:
            by_cell[cell].append(var)
        for group in groups:
            by_group[group].append(var)
    for vars_ in by_cell.values():
        model.AddAtMostOne(vars_)
    for group, vars_ in by_group.items():
        model.Add(sum(vars_) <= packing.limits[group])
    model.Maximize(sum(len(p.cells) * v for p, v in zip(packing.placements, chosen)))
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    status = solver.Solve(model)
    elapsed = time.perf_counter() - start
    if status != cp_model.OPTIMAL:
        raise RuntimeError(f"CP-SAT did not prove an optimum: {solver.StatusName(status)}")
    return round(solver.ObjectiveValue()), elapsed


def describe(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name:<26} median {1000 * statistics.median(times):8.2f} ms   p95 {1000 * p95:8.2f} ms   "
            f"worst {1000 * ordered[-1]:8.2f} ms   total {sum(times):7.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the pairs")
    args = parser.parse_args()
    chosen = pairs(args.quick)
    print(f"{len(chosen)} (board side, card) pairs")

    S._fits.cache_clear()
    mine = [ours(board, card) for board, card in chosen]
    theirs = [cp_sat(board, card) for board, card in chosen]
    mine_t, theirs_t = [t for _, t in mine], [t for _, t in theirs]
    print(describe("best_cover per pair", mine_t))
    print(describe("CP-SAT per pair", theirs_t))
    print(f"CP-SAT / best_cover: {statistics.median(theirs_t) / statistics.median(mine_t):.1f}x (medians), "
          f"{sum(theirs_t) / sum(mine_t):.1f}x (totals)")

    disagree = [(b.board, b.side, c.id) for (b, c), (m, _), (t, _) in zip(chosen, mine, theirs) if m != t]
    filled = sum(m == 20 for m, _ in mine)
    if disagree:
        raise SystemExit(f"the solvers disagree on {len(disagree)} pairs, e.g. {disagree[:5]}")
    print(f"both solvers agree on every pair: best cells equal; {filled} of {len(chosen)} pairs can be filled")

    counts = []
    for board, card in chosen:
        start = time.perf_counter()
        S.count_covers(board, card)
        counts.append(time.perf_counter() - start)
    print(describe("count_covers per pair", counts))
    scored = []
    for board, card in chosen:
        start = time.perf_counter()
        S.best_cover(board, card, objective="score", elves=True, finds=True)
        scored.append(time.perf_counter() - start)
    print(describe("score objective per pair", scored))


if __name__ == "__main__":
    main()
