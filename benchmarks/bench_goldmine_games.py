"""Goldmine Rumbles: how fast whole games run on the rules model, and the exact fight table against
simulating it.

Run:  PYTHONPATH=. python benchmarks/bench_goldmine_games.py [--quick]

Prints:
* seeded random games (RandomBots, 3 and 4 players, short game) per second, with actions per second
  and the mean number of actions a game;
* the same for four HeuristicBots;
* the fight table (net bonuses -4..+4 on both sides) computed exactly from a cold cache, against a
  seeded numpy Monte Carlo with every chance to +-0.001 at 95% (+-0.005 with --quick), both times and
  their ratio. The table code is ``bench_fight_odds.py``'s, imported.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_fight_odds import exact_table, monte_carlo_table  # noqa: E402

from minegames.goldmine_rumbles import analysis as A  # noqa: E402
from minegames.core import play  # noqa: E402
from minegames.goldmine_rumbles.bots import HeuristicBot, RandomBot  # noqa: E402
from minegames.goldmine_rumbles.positions import new_game  # noqa: E402


def timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def bench_games(label: str, make_bot, players: int, games: int) -> None:
    def play_all():
        return [play(new_game(seed=s, players=players), [make_bot(s * 10 + p) for p in range(players)])
                for s in range(games)]

    played, seconds = timed(play_all)
    unfinished = sum(not game.is_over for game in played)
    actions = sum(len(game.history) for game in played)
    print(f"{label} games, {players} players: {games / seconds:8.1f} games/s ({actions / seconds:,.0f} actions/s, "
          f"{actions / games:.0f} actions a game, mean winning score "
          f"{np.mean([max(game.scores()) for game in played]):.1f}"
          + (f", {unfinished} games unfinished" if unfinished else "") + ")")


def bench_fight_table(half_width: float) -> None:
    A.clear_caches()
    exact, exact_seconds = timed(exact_table)
    print(f"exact fight table, cold cache (81 entries, bonuses -4..+4): {exact_seconds * 1000:.1f} ms")
    (simulated, fights), mc_seconds = timed(lambda: monte_carlo_table(half_width, np.random.default_rng(2025)))
    gaps = [abs(s - e) for key in exact for s, e in zip(simulated[key], exact[key])]
    within = sum(gap <= half_width for gap in gaps)
    print(f"Monte Carlo fight table to +-{half_width} (95%): {mc_seconds:.2f} s, {fights:,} simulated fights, "
          f"largest gap to exact {max(gaps):.4f}, {within}/{len(gaps)} chances within +-{half_width}")
    print(f"Monte Carlo time / exact time: {mc_seconds / exact_seconds:,.0f}x")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few games and a Monte Carlo to +-0.005, a smoke run")
    args = parser.parse_args(argv)
    random_games, heuristic_games, half_width = (10, 2, 0.005) if args.quick else (200, 20, 0.001)

    for players in (3, 4):
        bench_games("random", RandomBot, players, random_games)
    bench_games("heuristic", HeuristicBot, 4, heuristic_games)
    bench_fight_table(half_width)


if __name__ == "__main__":
    main()
