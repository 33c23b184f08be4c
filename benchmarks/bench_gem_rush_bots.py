"""Gem Rush bots, measured: Rush win rates of each bot against the others, Crisis team scores
against the tiers, games per second, and milliseconds per decision.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_gem_rush_bots.py [--games 60]
"""

from __future__ import annotations

import argparse
import statistics
import time

from minegames.gem_rush import new_game
from minegames.gem_rush.bots import make_bot
from minegames.gem_rush.options import CRISIS_TIERS


def play(game, kinds, seed):
    bots = {seat: make_bot(kind, seat, seed * 10 + seat) for seat, kind in enumerate(kinds)}
    times = {kind: [] for kind in kinds}
    while not game.is_over:
        kind = kinds[game.current]
        start = time.perf_counter()
        action = bots[game.current].choose(game)
        times[kind].append(time.perf_counter() - start)
        game.apply(action)
    return game, times


def rush(games: int) -> None:
    print("Rush, 2 players, each pairing, seats alternating:")
    for a, b in (("greedy", "random"), ("greedy", "greedy")):
        wins = {a: 0.0, b: 0.0}
        turns = []
        for seed in range(games):
            kinds = (a, b) if seed % 2 == 0 else (b, a)
            game, _ = play(new_game(seed=seed, players=2), kinds, seed)
            winners = game.winners()
            for seat in winners:
                wins[kinds[seat]] += 1 / len(winners) if a != b else 0.5 / len(winners)
            turns.append(game.turns_taken)
        if a != b:
            print(f"  {a} beats {b} in {100 * wins[a] / games:.1f}% of {games} games "
                  f"(median {statistics.median(turns)} turns)")
        else:
            print(f"  {a} vs {a}: median {statistics.median(turns)} turns a game")
    print("Rush, 4 players, greedy in seat 1 against three random bots:")
    won = 0.0
    for seed in range(games):
        game, _ = play(new_game(seed=seed, players=4), ("greedy", "random", "random", "random"), seed)
        won += 1 / len(game.winners()) if 0 in game.winners() else 0
    print(f"  greedy wins {100 * won / games:.1f}% (a quarter would be chance)")


def crisis(games: int) -> None:
    print("Crisis, team bots, team score (no target, played to the last burn):")
    for players in (1, 2, 4, 7):
        scores, decisions = [], []
        start = time.perf_counter()
        for seed in range(games):
            game, times = play(new_game(seed=seed, players=players, mode="crisis"), ["team"] * players, seed)
            scores.append(game.team_score)
            decisions += times["team"]
        seconds = time.perf_counter() - start
        tiers = ", ".join(f"{name} {100 * sum(s >= t for s in scores) / games:.0f}%"
                          for name, t in CRISIS_TIERS.items())
        decisions.sort()
        print(f"  {players} player(s): mean {statistics.mean(scores):.1f}, median {statistics.median(scores)}, "
              f"reached: {tiers}; {games / seconds:.1f} games/s; ms per decision median "
              f"{1000 * decisions[len(decisions) // 2]:.2f}, p99 {1000 * decisions[int(len(decisions) * .99)]:.1f}, "
              f"worst {1000 * decisions[-1]:.0f}")


def crisis_by_strength(games: int) -> None:
    """Each bot in a 3-player Crisis team, against the team bot: the registry offers a mode only
    the strengths whose median stays within 20% (minegames.GAMES['gem_rush'].mode_strengths)."""
    from minegames import GAMES

    offered = GAMES["gem_rush"].strengths("crisis")
    print(f"Crisis by strength, 3 players, {games} seeded games (offered in Crisis: {', '.join(offered)}):")
    medians = {}
    for kind in ("team", "greedy", "random"):
        scores = [play(new_game(seed=seed, players=3, mode="crisis"), [kind] * 3, seed)[0].team_score
                  for seed in range(games)]
        medians[kind] = statistics.median(scores)
    for kind, median in medians.items():
        print(f"  {kind:7} median team score {median:5.1f}  ({100 * median / medians['team']:.0f}% of the team bot's)")


def speed(games: int) -> None:
    start, actions = time.perf_counter(), 0
    for seed in range(games):
        game, _ = play(new_game(seed=seed, players=4, mode="crisis"), ["random"] * 4, seed)
        actions += len(game.history)
    seconds = time.perf_counter() - start
    print(f"Random bots, 4-player Crisis: {games / seconds:.1f} games/s, {1e6 * seconds / actions:.0f} µs per action")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help="4 games each (the test suite's smoke run)")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    rush(games)
    crisis(games)
    crisis_by_strength(games)
    speed(games)


if __name__ == "__main__":
    main()
