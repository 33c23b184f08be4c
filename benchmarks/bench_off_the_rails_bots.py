"""Off the Rails bots, measured: the planner against the random bot and against itself, a
four-player mix, solo outcomes, games per second, milliseconds per decision, and how often a
planner turn does nothing useful or a planner cart derails.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_off_the_rails_bots.py [--games 40]
"""

from __future__ import annotations

import argparse
import statistics
import time

from minegames.off_the_rails import new_game
from minegames.off_the_rails.bots import make_bot


class Tally:
    """Decision times and turn outcomes of the planner seats of many games."""

    def __init__(self):
        self.times: list[float] = []
        self.plan_times: list[float] = []  # the decisions that made a new plan
        self.turns = 0
        self.wasted = 0
        self.idle = 0        # wasted turns with no cart on the board
        self.derails = 0     # a planner cart derailing in its own player's move (not the end-of-game ones)
        self.knocked = 0     # ... run into (empty) by another player's cart
        self.lost = 0        # swallowed by the chasm
        self.stranded = 0    # still in the mine at the end
        self.carts_out = 0   # carts that got out with their bonus
        self.errors = 0      # exceptions the planner caught and answered with a fallback

    def add_game(self, game, seats) -> None:
        for i, cart in enumerate(game.carts):
            if cart["owner"] in seats:
                self.lost += cart["where"] == "lost"
                self.carts_out += cart["where"] == "escaped" and not cart["derailed"]
        for _, text in game.log:
            if "is still in the mine: derailed" in text and any(
                    game.players[s]["clan"].capitalize() in text or game.options.solo for s in seats):
                self.stranded += 1


def _turn_snapshot(game, player):
    carts = [(c["where"], len(c["load"])) for c in game.carts if c["owner"] == player]
    return (len(game.players[player]["stockpile"]), carts, dict(game.tracks))


def _useful(before, after) -> bool:
    stock0, carts0, tracks0 = before
    stock1, carts1, tracks1 = after
    if stock1 > stock0:
        return True                                                   # delivered
    if any(w0 == w1 == "board" and n1 > n0 for (w0, n0), (w1, n1) in zip(carts0, carts1)):
        return True                                                   # loaded gems
    if tracks1 != tracks0:
        return True                                                   # built toward a goal
    return any(w0 != w1 and w1 in ("board", "escaped") for (w0, _), (w1, _) in zip(carts0, carts1))


def play(game, kinds, seed, tally: Tally | None = None):
    bots = {seat: make_bot(kind, seat, seed * 10 + seat) for seat, kind in enumerate(kinds)}
    planners = {seat for seat, kind in enumerate(kinds) if kind == "planner"}
    turn_start = None
    while not game.is_over:
        seat = game.current_player
        if tally is not None and game.phase == "actions" and game.actions_left == 4 and seat in planners \
                and turn_start is None:
            turn_start = (game.turn, seat, _turn_snapshot(game, seat))
        before = [c["where"] for c in game.carts]
        plans = getattr(bots[seat], "plans_made", 0)
        start = time.perf_counter()
        action = bots[seat].choose(game)
        elapsed = time.perf_counter() - start
        game.apply(action)
        if tally is None:
            continue
        if seat in planners:
            tally.times.append(elapsed)
            if bots[seat].plans_made != plans:
                tally.plan_times.append(elapsed)
        for i, cart in enumerate(game.carts):
            if cart["owner"] in planners and before[i] == "board" and cart["where"] == "supply":
                if cart["owner"] == seat:
                    tally.derails += 1
                else:
                    tally.knocked += 1
        if turn_start is not None and (game.is_over or game.turn != turn_start[0]):
            tally.turns += 1
            if not _useful(turn_start[2], _turn_snapshot(game, turn_start[1])):
                tally.wasted += 1
                tally.idle += not any(where == "board" for where, _ in turn_start[2][1])
            turn_start = None
    if tally is not None:
        tally.add_game(game, planners)
        tally.errors += sum(len(bots[seat].errors) for seat in planners)
    return game


def head_to_head(games: int, tally: Tally) -> None:
    print("2 players, planner against random, seats alternating:")
    won, margins = 0.0, []
    for seed in range(games):
        kinds = ("planner", "random") if seed % 2 == 0 else ("random", "planner")
        game = play(new_game(seed=seed, players=2), kinds, seed, tally)
        seat = kinds.index("planner")
        winners = game.winners()
        won += 1 / len(winners) if seat in winners else 0
        scores = game.scores()
        margins.append(scores[seat] - scores[1 - seat])
    print(f"  planner beats random in {100 * won / games:.1f}% of {games} games "
          f"(mean margin {statistics.mean(margins):+.1f} points)")
    print("2 players, planner against planner:")
    scores, turns, start = [[], []], [], time.perf_counter()
    for seed in range(games):
        game = play(new_game(seed=seed, players=2), ("planner", "planner"), seed, tally)
        for seat in (0, 1):
            scores[seat].append(game.scores()[seat])
        turns.append(game.turn)
    seconds = time.perf_counter() - start
    print(f"  mean scores: seat 1 {statistics.mean(scores[0]):.1f}, seat 2 {statistics.mean(scores[1]):.1f}; "
          f"game length {statistics.mean(turns):.1f} turns (median {statistics.median(turns)}); "
          f"{games / seconds:.1f} planner games/s")


def four_players(games: int, tally: Tally) -> None:
    print("4 players:")
    won = 0.0
    for seed in range(games):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "planner"
        game = play(new_game(seed=seed, players=4), kinds, seed, tally)
        won += 1 / len(game.winners()) if seat in game.winners() else 0
    print(f"  one planner among three random bots wins {100 * won / games:.1f}% (a quarter would be chance)")
    scores, turns = [[] for _ in range(4)], []
    for seed in range(games):
        game = play(new_game(seed=seed, players=4), ["planner"] * 4, seed, tally)
        for seat in range(4):
            scores[seat].append(game.scores()[seat])
        turns.append(game.turn)
    means = ", ".join(f"{statistics.mean(s):.1f}" for s in scores)
    print(f"  four planners: mean scores by seat {means}; game length {statistics.mean(turns):.1f} turns")
    scores, kinds = {"planner": [], "random": []}, ("planner", "random", "planner", "random")
    for seed in range(games):
        order = kinds if seed % 2 == 0 else kinds[::-1]
        game = play(new_game(seed=seed, players=4), order, seed, tally)
        for seat, kind in enumerate(order):
            scores[kind].append(game.scores()[seat])
    print(f"  two planners and two random bots: mean score planner {statistics.mean(scores['planner']):.1f}, "
          f"random {statistics.mean(scores['random']):.1f}")


def solo(games: int, tally: Tally) -> None:
    print("Solo, the planner:")
    outcomes: dict[str, int] = {}
    for seed in range(games):
        game = play(new_game(seed=seed, players=1), ["planner"], seed, tally)
        outcomes[game.solo_result] = outcomes.get(game.solo_result, 0) + 1
    print("  " + ", ".join(f"{name} {100 * outcomes.get(name, 0) / games:.0f}%"
                           for name in ("major victory", "victory", "partial victory", "loss")))


def speed(games: int) -> None:
    for kind in ("random", "planner"):
        start, actions = time.perf_counter(), 0
        for seed in range(games):
            game = play(new_game(seed=seed, players=2), (kind, kind), seed)
            actions += len(game.history)
        seconds = time.perf_counter() - start
        print(f"{kind} bots, 2 players: {games / seconds:.1f} games/s, {1e6 * seconds / actions:.0f} µs per action")


def report(tally: Tally, games: int) -> None:
    for name, times in (("planner ms per decision", sorted(tally.times)),
                        ("  of which planning a turn", sorted(tally.plan_times))):
        if times:
            print(f"{name}: median {1000 * times[len(times) // 2]:.2f}, "
                  f"p95 {1000 * times[int(len(times) * .95)]:.1f}, worst {1000 * times[-1]:.1f} "
                  f"({len(times)} decisions)")
    print(f"planner turns: {tally.turns}, wasted (no delivery, no gem loaded, no track, no cart out) "
          f"{100 * tally.wasted / max(1, tally.turns):.1f}%, of which with no cart in the mine "
          f"{100 * tally.idle / max(1, tally.wasted):.0f}%")
    print(f"planner carts: derailed in their own move {tally.derails}, knocked off by another player "
          f"{tally.knocked}, lost to the chasm {tally.lost}, "
          f"left in the mine at the end {tally.stranded}, got out with the bonus {tally.carts_out}; "
          f"errors caught {tally.errors}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="4 games each (the test suite's smoke run)")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    tally = Tally()
    head_to_head(games, tally)
    four_players(games, tally)
    solo(games, tally)
    speed(games)
    report(tally, games)


if __name__ == "__main__":
    main()
