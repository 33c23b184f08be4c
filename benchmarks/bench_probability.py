"""How fast are the exact Mineshaft Mayhem odds, and what would simulation cost instead?

Run:  PYTHONPATH=. python benchmarks/bench_probability.py [--quick]

Prints:
* the time to build the whole exact table (5 gems x 1..3 rolls x ones locked
  or free) from a cold cache;
* the time per ``advise`` call after a warm-up (median and 95th percentile),
  the budget being 20 ms for a widget's hint button;
* the time per ``keep_policy`` for gem worths never seen before;
* a Monte Carlo estimate of the same table, each entry to +-0.001 at 95%
  confidence (+-0.005 with --quick), and how many times slower it is than
  the exact table. The simulation follows the optimal keeps, which it borrows
  from ``keep_policy``: simulation alone could estimate a chance but not find
  the best play.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np

started = time.perf_counter()
from minegames.mineshaft_mayhem import analysis as mma  # noqa: E402
from minegames.mineshaft_mayhem.patterns import GEMS  # noqa: E402

IMPORT_SECONDS = time.perf_counter() - started
ROLLS = (1, 2, 3)
Z_95 = 1.96


def seconds(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def exact_table() -> dict[tuple[bool, str, int], float]:
    tables = {lock: mma.probability_table(ROLLS, lock_ones=lock) for lock in (True, False)}
    return {(lock, gem, r): float(tables[lock][gem][r]) for lock in tables for gem in GEMS for r in ROLLS}


def random_advice_query(rng: np.random.Generator) -> tuple:
    """A position a player might meet: dice, re-rolls left, gems on the belt and their worth."""
    dice = tuple(int(d) for d in rng.integers(1, 7, size=4))
    on_belt = rng.integers(0, 3, size=5)
    points = rng.integers(1, 6, size=5)
    values = {gem: int(n * p) for gem, n, p in zip(GEMS, on_belt, points) if n}
    return dice, int(rng.integers(0, 3)), values


def time_advise(calls: int, rng: np.random.Generator) -> list[float]:
    mma.advise((1, 2, 3, 4), 2)  # warm-up: exact tables for the default rules
    times = []
    for _ in range(calls):
        dice, rolls_left, values = random_advice_query(rng)
        times.append(seconds(lambda: mma.advise(dice, rolls_left, values=values)))
    return times


def time_new_policies(count: int, rng: np.random.Generator) -> list[float]:
    return [seconds(lambda: mma.keep_policy(rng.random(5) * 10)) for _ in range(count)]


def simulate_chance(gem: str, rolls: int, lock_ones: bool, trials: int, rng: np.random.Generator) -> float:
    """Play ``trials`` turns at once, keeping dice for ``gem`` alone; the share that end showing it."""
    g = GEMS.index(gem)
    policy = mma.keep_policy(np.eye(len(GEMS))[g], lock_ones, max_rolls=rolls)
    wins = 0
    for chunk in _chunks(trials, 250_000):
        dice = rng.integers(1, 7, size=(chunk, 4))
        for rolls_left in range(rolls - 1, 0, -1):
            masks = policy.keep_mask[rolls_left, mma.multiset_index(dice)]
            fresh = rng.integers(1, 7, size=dice.shape)
            dice = np.where(mma.keep_flags(dice, masks), dice, fresh)
        wins += int(mma.SHOWS[False][g, mma.multiset_index(dice)].sum())
    return wins / trials


def _chunks(total: int, size: int):
    while total > 0:
        yield min(size, total)
        total -= size


def monte_carlo_table(half_width: float, rng: np.random.Generator) -> tuple[dict, int]:
    """Each entry to +-half_width at 95%: a pilot run sizes the real one from its own estimate."""
    estimates, total_trials = {}, 0
    for lock in (True, False):
        for gem in GEMS:
            for rolls in ROLLS:
                pilot = simulate_chance(gem, rolls, lock, 20_000, rng)
                trials = max(20_000, math.ceil(Z_95**2 * pilot * (1 - pilot) / half_width**2))
                estimates[(lock, gem, rolls)] = simulate_chance(gem, rolls, lock, trials, rng)
                total_trials += trials + 20_000
    return estimates, total_trials


def milliseconds(values: list[float], quantile: float) -> float:
    return 1000 * float(np.quantile(values, quantile))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls, Monte Carlo to +-0.005")
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    half_width = 0.005 if args.quick else 0.001

    print(f"import and precomputed transitions: {IMPORT_SECONDS * 1000:.0f} ms")

    mma.clear_caches()
    exact_seconds = seconds(exact_table)
    exact = exact_table()
    print(f"exact table, cold cache (5 gems x rolls 1-3 x lock on/off): {exact_seconds * 1000:.1f} ms")

    advise_times = time_advise(300 if args.quick else 3000, rng)
    print(
        f"advise after warm-up: median {milliseconds(advise_times, 0.5):.3f} ms, "
        f"p95 {milliseconds(advise_times, 0.95):.3f} ms, max {max(advise_times) * 1000:.3f} ms (budget 20 ms)"
    )

    policy_times = time_new_policies(50 if args.quick else 500, rng)
    print(f"keep_policy for new worths: median {statistics.median(policy_times) * 1000:.3f} ms")

    start = time.perf_counter()
    simulated, trials = monte_carlo_table(half_width, rng)
    mc_seconds = time.perf_counter() - start
    gaps = [abs(simulated[key] - exact[key]) for key in exact]
    print(
        f"Monte Carlo table to +-{half_width} (95%): {mc_seconds:.2f} s, {trials:,} simulated turns, "
        f"largest gap to exact {max(gaps):.4f}, {sum(gap <= half_width for gap in gaps)}/{len(gaps)} within +-{half_width}"
    )
    print(f"Monte Carlo time / exact time: {mc_seconds / exact_seconds:,.0f}x")

    print("\nexact chance within 1 / 2 / 3 rolls (ones locked | ones free)")
    for gem in GEMS:
        locked = " ".join(f"{exact[(True, gem, r)]:.4f}" for r in ROLLS)
        free = " ".join(f"{exact[(False, gem, r)]:.4f}" for r in ROLLS)
        print(f"  {gem:9} {locked} | {free}")


if __name__ == "__main__":
    main()
