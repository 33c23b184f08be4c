"""Goldmine Rumbles fights: the exact odds table against simulating the same table.

Run:  PYTHONPATH=. python benchmarks/bench_fight_odds.py [--quick]

Prints:
* the time to compute the whole exact table (net bonuses -4..+4 on both sides, fresh
  fights, 81 entries of win / lose / both-lose Fractions) from a cold cache;
* a seeded Monte Carlo estimate of the same table, every chance of every entry to
  +-0.001 at 95% confidence (+-0.005 with --quick), sized entry by entry from a pilot
  run; its time, the number of fights simulated and the largest gap to the exact table;
* how many times slower the simulation is;
* both tables of win chances side by side;
* the cold time of :func:`analysis.duel_odds` for robberies with items on both sides (the
  app's robbery labels ask for these within a click).

The simulation fights each entry separately, as a reader checking the table would; the
exact side is free to notice that only the difference of the bonuses matters (its cache
does), which is part of why it is fast.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from minegames.goldmine_rumbles import analysis as A

BONUSES = range(-4, 5)
Z_95 = 1.96
PILOT = 20_000
CHUNK = 500_000
#: duel_odds arguments (bonuses, injuries, leaves, Bibles: mine then theirs) a robbery label asks for
DUELS = [(2, 0, 0, 0, 1, 1, 1, 1), (2, 0, 0, 0, 0, 0, 2, 2), (2, 1, 0, 0, 2, 1, 1, 2)]


def exact_table() -> dict[tuple[int, int], tuple[float, float, float]]:
    return {key: odds.floats() for key, odds in A.fight_table(BONUSES).items()}


def simulate(bonus: int, opponent_bonus: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    counts = np.zeros(3, dtype=np.int64)
    done = 0
    while done < trials:
        chunk = min(CHUNK, trials - done)
        counts += A.simulate_fights(bonus, opponent_bonus, chunk, rng)
        done += chunk
    return counts


def monte_carlo_table(half_width: float, rng: np.random.Generator) -> tuple[dict, int]:
    """Each chance to +-half_width at 95%: a pilot run sizes the real one from its own estimate."""
    estimates, total = {}, 0
    for bonus in BONUSES:
        for opponent_bonus in BONUSES:
            pilot = simulate(bonus, opponent_bonus, PILOT, rng) / PILOT
            spread = max(float(p * (1 - p)) for p in pilot)
            trials = max(PILOT, math.ceil(Z_95**2 * spread / half_width**2))
            estimates[(bonus, opponent_bonus)] = tuple(simulate(bonus, opponent_bonus, trials, rng) / trials)
            total += PILOT + trials
    return estimates, total


def print_table(title: str, table: dict) -> None:
    print(f"\n{title} (rows: your net bonus, columns: the opponent's)")
    print("      " + "".join(f"{b:>7}" for b in BONUSES))
    for bonus in BONUSES:
        print(f"{bonus:>4}  " + "".join(f"{table[(bonus, other)][0]:7.3f}" for other in BONUSES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Monte Carlo to +-0.005 instead of +-0.001")
    args = parser.parse_args()
    half_width = 0.005 if args.quick else 0.001
    rng = np.random.default_rng(2025)

    A.clear_caches()
    start = time.perf_counter()
    exact = exact_table()
    exact_seconds = time.perf_counter() - start
    print(f"exact fight table, cold cache (81 entries, bonuses -4..+4): {exact_seconds * 1000:.1f} ms")

    start = time.perf_counter()
    simulated, fights = monte_carlo_table(half_width, rng)
    mc_seconds = time.perf_counter() - start
    gaps = [abs(s - e) for key in exact for s, e in zip(simulated[key], exact[key])]
    within = sum(gap <= half_width for gap in gaps)
    print(f"Monte Carlo fight table to +-{half_width} (95%): {mc_seconds:.2f} s, {fights:,} simulated fights, "
          f"largest gap to exact {max(gaps):.4f}, {within}/{len(gaps)} chances within +-{half_width}")
    print(f"Monte Carlo time / exact time: {mc_seconds / exact_seconds:,.0f}x")

    print_table("exact chance of winning", exact)
    print_table("simulated chance of winning", simulated)

    print()
    for duel in DUELS:
        A.clear_caches()
        start = time.perf_counter()
        odds = A.duel_odds(*duel)
        print(f"duel_odds{duel}, cold cache: {(time.perf_counter() - start) * 1000:.1f} ms "
              f"(win {float(odds.win):.4f}, lose {float(odds.lose):.4f})")


if __name__ == "__main__":
    main()
