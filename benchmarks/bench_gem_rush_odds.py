"""Gem Rush card odds: how long one exact chance_to_pay takes, from a cold cache.

Run:  PYTHONPATH=. python benchmarks/bench_gem_rush_odds.py [--repeat N]

Prints, for a fixed 4-card hand and several door costs, the milliseconds per call of
``analysis.chance_to_pay`` for 0-6 draws (the median of N cold runs, caches cleared before
each), first without skills and then with a few pairs of payment skills; then the time of
``payment.payments`` over 4- and 8-card hands, and of ``ability_odds`` for every room.
The live slider wants well under 100 ms per call.
"""

from __future__ import annotations

import argparse
import statistics
import time

from minegames.gem_rush import analysis as A
from minegames.gem_rush import payment as P
from minegames.gem_rush.components import GEM_CARDS, ROOMS

HAND = tuple(GEM_CARDS[i] for i in (0, 10, 30, 66))  # Ob+Pf, Pf+Ob, Pf+Su, So+Echoglass
BIG_HAND = HAND + tuple(GEM_CARDS[i] for i in (45, 63, 70, 72))
COSTS = [
    ("obsidian", "electrum", "soulstone"),
    ("obsidian", "obsidian", "electrum", "electrum"),
    ("fire_ruby", "fire_ruby", "fire_ruby"),
    ("obsidian", "permafrost", "electrum", "soulstone", "star_tear"),
    ("obsidian", "permafrost", "electrum", "soulstone", "star_tear", "fire_ruby"),
    ("star_tear", "star_tear", "fire_ruby", "fire_ruby", "sunstone", "sunstone"),
]
SKILLS = [(), ("harmonization", "transmutation"), ("evocation", "permeation"), ("resonance", "thrift"),
          ("alloying", "attunement")]
DRAWS = range(7)


def cold_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        A.clear_caches()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def short(cost) -> str:
    return "+".join(g[:2] for g in cost)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="one run each (the test suite's smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.repeat = 1
    print(f"chance_to_pay, 4-card hand, ms per call (median of {args.repeat} cold runs)")
    for skills in SKILLS:
        print(f"\nskills: {', '.join(skills) or 'none'} (colour soulstone)")
        print(f"{'cost':<20}" + "".join(f"{f'd={d}':>8}" for d in DRAWS))
        worst = 0.0
        for cost in COSTS:
            row = [cold_ms(lambda: A.chance_to_pay(cost, HAND, d, skills=skills, colour="soulstone"), args.repeat)
                   for d in DRAWS]
            worst = max(worst, max(row[:5]))
            print(f"{short(cost):<20}" + "".join(f"{ms:8.1f}" for ms in row))
        print(f"worst for draws 0-4: {worst:.1f} ms")
    print("\npayments (every acceptable subset), ms per call")
    for hand, label in ((HAND, "4 cards"), (BIG_HAND, "8 cards")):
        for skills in SKILLS[:3]:
            start = time.perf_counter()
            for cost in COSTS:
                P.payments(cost, hand, colour="soulstone", skills=skills)
            ms = (time.perf_counter() - start) * 1000 / len(COSTS)
            print(f"  {label}, skills {', '.join(skills) or 'none'}: {ms:.1f}")
    start = time.perf_counter()
    rooms = [room for room in ROOMS if room.ability]
    for room in rooms:
        A._ability_odds.cache_clear()
        A.ability_odds(room.ability, x=2)
    print(f"\nability_odds, every room (X=2), from cold: {(time.perf_counter() - start) * 1000 / len(rooms):.1f} "
          f"ms per room on average")


if __name__ == "__main__":
    main()
