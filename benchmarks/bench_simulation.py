"""How fast whole games of Mineshaft Mayhem run: vectorized, and on the rules model.

Prints, for each policy, simulated games per second next to numpy's raw speed
at generating the same number of dice in the same run (the floor a simulator
made of dice rolls cannot beat), and games per second of the matching bot
playing the real model one action at a time.

    python benchmarks/bench_simulation.py           # full run (about a minute)
    python benchmarks/bench_simulation.py --quick   # a few seconds
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minegames.core import play  # noqa: E402
from minegames.mineshaft_mayhem import new_game  # noqa: E402
from minegames.mineshaft_mayhem.bots import RandomBot, StrongBot, StrongTables  # noqa: E402
from minegames.mineshaft_mayhem.simulate import simulate  # noqa: E402


def timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def dice_seconds(count: int, seed: int = 0) -> float:
    """Best of three: numpy generating ``count`` d6 values in one call."""
    rng = np.random.default_rng(seed)
    return min(timed(lambda: rng.integers(1, 7, size=count))[1] for _ in range(3))


def bench_simulator(policy: str, games: int) -> None:
    result, seconds = timed(lambda: simulate(games, policy, seed=1))
    label = policy
    if policy == "strong":
        # the first run also computes a keep table per new tuple of gem worths it meets; a second run
        # of the same games finds them all cached, which is the speed of a long or repeated simulation
        print(f"  {'strong (cold)':<14} {games / seconds:>10,.0f} games/s  "
              f"({len(StrongTables.for_options(result.options))} keep tables computed)")
        result, seconds = timed(lambda: simulate(games, policy, seed=1))
        label = "strong (warm)"
    dice = result.dice_drawn
    raw = dice_seconds(dice)
    print(f"  {label:<14} {games / seconds:>10,.0f} games/s  {dice / games:6.0f} dice drawn a game; "
          f"numpy draws those dice in {raw * 1e3:.1f} ms, the games take {seconds * 1e3:.0f} ms "
          f"(ratio {seconds / raw:,.0f}x)  mean score {result.mean():.1f}")


def bench_bots(games: int) -> None:
    for name, make in (("random", lambda s: RandomBot(s)), ("strong", lambda s: StrongBot())):
        played, seconds = timed(lambda: [play(new_game(seed=s), [make(s)]) for s in range(games)])
        actions = sum(len(g.history) for g in played)
        print(f"  {name:<14} {games / seconds:>10,.1f} games/s  ({actions / seconds:,.0f} actions/s), "
              f"mean score {np.mean([g.scores()[0] for g in played]):.1f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = parser.parse_args(argv)
    random_games, strong_games, bot_games = (2_000, 1_000, 10) if args.quick else (50_000, 20_000, 100)

    rolls = 1_000_000
    print(f"numpy: {rolls / dice_seconds(4 * rolls) / 1e6:,.1f} million 4d6 rolls/s")
    print("vectorized simulator (numpy arrays, all games in lockstep):")
    bench_simulator("random", random_games)
    bench_simulator("strong", strong_games)
    print("bots playing the rules model, one action at a time:")
    bench_bots(bot_games)


if __name__ == "__main__":
    main()
