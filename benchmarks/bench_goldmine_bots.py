"""Goldmine Rumbles: how the bot strengths a person can choose fare against each other, and how fast they decide.

Run:  PYTHONPATH=. python benchmarks/bench_goldmine_bots.py [--quick] [--games N]

The strengths are the registry's "easy", "medium" and "hard" bots
(``minegames.GAMES["goldmine_rumbles"].bots``). Games alternate between 3 players (the three
strengths in each of their 6 seatings) and 4 players (one strength twice, in each of the 36
seatings), seeded, so every strength sits in every seat equally often. Prints:

* each strength's share of the games won (ties shared) at 3 and at 4 players, and its mean score;
* a pairwise table: how often the row's bot ends with more gold than the column's bot at the same
  table (ties count half), over every pair of seats with different strengths;
* milliseconds per bot decision (mean, 99th percentile and worst) for each strength: a bot in a
  browser app must answer well under 200 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minegames import GAMES  # noqa: E402

STRENGTHS = ("easy", "medium", "hard")
SEED = 5000


def seatings() -> dict[int, list[tuple[str, ...]]]:
    """Every distinct seating of the strengths: at 3 players one each, at 4 one of them twice."""
    four = sorted({order for twice in STRENGTHS for order in permutations(STRENGTHS + (twice,))})
    return {3: list(permutations(STRENGTHS)), 4: four}


def tournament(games: int) -> dict:
    info = GAMES["goldmine_rumbles"]
    orders = seatings()
    won = defaultdict(float)
    played = defaultdict(int)
    scores = defaultdict(list)
    beat = defaultdict(float)
    met = defaultdict(int)
    times = defaultdict(list)
    started = time.perf_counter()
    for n in range(games):
        players = 3 if n % 2 == 0 else 4
        order = orders[players][(n // 2) % len(orders[players])]
        game = info.new_game(seed=SEED + n, players=players)
        bots = [info.bot(order[s], s, seed=n * 10 + s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            clock = time.perf_counter()
            action = bots[seat].choose(game)
            times[order[seat]].append(time.perf_counter() - clock)
            game.apply(action)
        final = game.scores()
        winners = [s for s in range(players) if final[s] == max(final)]
        for strength in set(order):
            played[(strength, players)] += 1
        for s in winners:
            won[(order[s], players)] += 1 / len(winners)
        for s in range(players):
            scores[order[s]].append(final[s])
            for t in range(players):
                if order[s] != order[t]:
                    met[(order[s], order[t])] += 1
                    beat[(order[s], order[t])] += 1.0 if final[s] > final[t] else 0.5 if final[s] == final[t] else 0.0
    return {"won": won, "played": played, "scores": scores, "beat": beat, "met": met, "times": times,
            "seconds": time.perf_counter() - started}


def report(games: int, result: dict) -> None:
    won, played = result["won"], result["played"]
    print(f"{games} seeded games of easy, medium and hard bots (3 and 4 players alternating, every seating in turn)")
    print(f"  {'strength':<8} {'won at 3p':>10} {'won at 4p':>10} {'mean score':>11}")
    for strength in STRENGTHS:
        shares = [won[(strength, p)] / played[(strength, p)] if played[(strength, p)] else 0.0 for p in (3, 4)]
        scores = result["scores"][strength]
        print(f"  {strength:<8} {shares[0]:>10.1%} {shares[1]:>10.1%} {sum(scores) / max(len(scores), 1):>11.1f}")
    print("how often the row's bot outscores the column's bot at the same table (ties count half)")
    print("  " + " " * 8 + "".join(f"{s:>9}" for s in STRENGTHS))
    for row in STRENGTHS:
        shares = {col: result["beat"][(row, col)] / max(result["met"][(row, col)], 1) for col in STRENGTHS}
        cells = [f"{'-':>9}" if row == col else f"{shares[col]:>9.1%}" for col in STRENGTHS]
        print(f"  {row:<8}" + "".join(cells))
    print("ms per decision (mean / 99th percentile / worst)")
    for strength in STRENGTHS:
        spent = sorted(result["times"][strength])
        mean = 1000 * sum(spent) / max(len(spent), 1)
        p99 = 1000 * spent[int(0.99 * (len(spent) - 1))]
        print(f"  {strength:<8} {mean:6.1f} / {p99:6.1f} / {1000 * spent[-1]:6.1f}   ({len(spent)} decisions)")
    print(f"games per second: {games / result['seconds']:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="6 games")
    parser.add_argument("--games", type=int, default=None, help="games to play (default 150)")
    args = parser.parse_args()
    games = args.games or (6 if args.quick else 150)
    report(games, tournament(games))


if __name__ == "__main__":
    main()
