"""Goldmine Rumbles: how the registered bots fare against each other at one 4-player table.

Run:  PYTHONPATH=. python benchmarks/bench_goldmine_bots.py [--quick] [--games N]

Every game seats one bot of each kind in ``minegames.GAMES["goldmine_rumbles"].bots`` (the
seats rotate from game to game, the games are seeded), and prints each kind's share of wins
(ties shared), its mean score, and the games per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minegames import GAMES  # noqa: E402
from minegames.core import play  # noqa: E402


def win_rates(games: int) -> tuple[dict, dict, float]:
    info = GAMES["goldmine_rumbles"]
    kinds = list(info.bots)
    wins: Counter = Counter()
    points: Counter = Counter()
    started = time.perf_counter()
    for n in range(games):
        order = kinds[n % len(kinds):] + kinds[:n % len(kinds)]
        seats = min(len(order), max(info.players))
        game = info.new_game(seed=5000 + n, players=seats)
        play(game, {s: info.bot(order[s], s, seed=n * 10 + s) for s in range(seats)})
        scores = game.scores()
        winners = [order[s] for s in range(seats) if scores[s] == max(scores)]
        for kind in winners:
            wins[kind] += Fraction(1, len(winners))
        for s in range(seats):
            points[order[s]] += scores[s]
    seconds = time.perf_counter() - started
    return wins, points, games / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="8 games")
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args()
    games = args.games or (8 if args.quick else 200)
    wins, points, rate = win_rates(games)
    print(f"{games} seeded 4-player games, one bot of each kind, seats rotating")
    for kind in GAMES["goldmine_rumbles"].bots:
        print(f"  {kind:<11} wins {float(wins[kind]) / games:6.1%}   mean score {points[kind] / games:6.1f}")
    print(f"games per second: {rate:.1f}")


if __name__ == "__main__":
    main()
