"""Off the Rails: the planner that looks ahead (``plan_turn``, the "planner" bot) against the one
that plans a turn at a time (``plan_one_turn``, the "one_turn" bot), in seeded two-player games
with the seats alternating and in seeded solo games, with the milliseconds a plan takes and how
often each planner sends an empty cart down from the surface and straight back up (issue 20).

    PYTHONPATH=. .venv/bin/python benchmarks/bench_off_the_rails_planner.py [--games 100]

The default is a quick run of 20 games each; the targets (issue 20) are 60% of two-player games
won against the one-turn planner and 20% of solo games won (victory or major victory). The last
line is the verdict; the script exits 0 whatever it says.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from minegames.off_the_rails import new_game
from minegames.off_the_rails.bots import make_bot
from minegames.off_the_rails.components import JEWELS
from minegames.off_the_rails.planner_bot import EmptyRoundTrips

OUTCOMES = ("major victory", "victory", "partial victory", "loss")


def play(game, kinds, seed, times: dict[str, list[float]] | None = None, trips: Counter | None = None):
    """Play a game out; ``times`` collects the seconds of each decision that made a new plan,
    ``trips`` counts each kind's empty round trips (a cart down from the surface and back up empty)."""
    bots = [make_bot(kind, seat, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    watch = EmptyRoundTrips()
    errors = 0
    while not game.is_over:
        bot = bots[game.current_player]
        made = bot.plans_made
        start = time.perf_counter()
        action = bot.choose(game)
        elapsed = time.perf_counter() - start
        if times is not None and bot.plans_made != made:
            times.setdefault(kinds[game.current_player], []).append(elapsed)
        watch.before(game, action)
        game.apply(action)
        watch.after(game)
    errors += sum(len(bot.errors) for bot in bots)
    if trips is not None:
        trips.update(kinds[player] for _, player in watch.found)
    return game, errors


def interval(share: float, games: int) -> float:
    """Half the width of the 95% interval of a share in percent (normal approximation): 100 games
    cannot tell 58% from 62%, 1000 games can tell them apart within about 3 points."""
    p = share / 100
    return 100 * 1.96 * (p * (1 - p) / games) ** 0.5


def head_to_head(games: int, times) -> tuple[float, int]:
    won, margins, errors, trips = 0.0, [], 0, Counter()
    for seed in range(games):
        kinds = ("planner", "one_turn") if seed % 2 == 0 else ("one_turn", "planner")
        game, bad = play(new_game(seed=seed, players=2), kinds, seed, times, trips)
        errors += bad
        seat = kinds.index("planner")
        winners = game.winners()
        won += 1 / len(winners) if seat in winners else 0
        scores = game.scores()
        margins.append(scores[seat] - scores[1 - seat])
    share = 100 * won / games
    print(f"2 players, the new planner against the one-turn planner, seats alternating: the new planner wins "
          f"{share:.1f}% of {games} games, 95% interval ±{interval(share, games):.1f} "
          f"(mean margin {statistics.mean(margins):+.1f} points)")
    print(f"2 players, empty round trips (a cart down from the surface and straight back up empty, before the "
          f"chasm): the new planner {trips['planner']}, the one-turn planner {trips['one_turn']}")
    return share, errors


def solo(games: int, times) -> tuple[dict, int]:
    results, errors = {}, 0
    for kind in ("planner", "one_turn"):
        counts: Counter = Counter()
        for seed in range(games):
            game, bad = play(new_game(seed=seed, players=1), [kind], seed, times)
            errors += bad
            counts[game.solo_result] += 1
        results[kind] = counts
        name = "the new planner" if kind == "planner" else "the one-turn planner"
        print(f"Solo, {name}: " + ", ".join(f"{o} {counts.get(o, 0)}" for o in OUTCOMES) + f" (of {games})")
    # an upper bound no player can beat: a jewel missing from the mine at the start means a loss
    missing = sum(1 for seed in range(games) if any(
        not any(gem in pile for pile in new_game(seed=seed, players=1).gems.values()) for gem in JEWELS))
    print(f"Solo, games with a jewel missing from the mine at the start (a loss whatever is played): "
          f"{missing} of {games}")
    return results, errors


def report_times(times) -> None:
    for kind, label in (("planner", "new planner"), ("one_turn", "one-turn planner")):
        found = sorted(times.get(kind, []))
        if found:
            print(f"{label} ms per decision (a new plan): median {1000 * found[len(found) // 2]:.1f}, "
                  f"p95 {1000 * found[int(len(found) * .95)]:.1f}, worst {1000 * found[-1]:.1f} "
                  f"({len(found)} plans)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="4 games each (the test suite's smoke run)")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    times: dict[str, list[float]] = {}
    share, errors = head_to_head(games, times)
    results, more = solo(games, times)
    report_times(times)
    wins = results["planner"]["victory"] + results["planner"]["major victory"]
    solo_share = 100 * wins / games
    worst = 1000 * max(times.get("planner", [0.0]))
    met = share >= 60 and solo_share >= 20
    print(f"verdict: {'MET' if met else 'NOT MET'}: new planner wins {share:.0f}% (±{interval(share, games):.0f}) "
          f"against the one-turn planner (target 60%), solo victories {solo_share:.0f}% (target 20%), worst plan {worst:.0f} ms, "
          f"errors caught {errors + more}")


if __name__ == "__main__":
    main()
