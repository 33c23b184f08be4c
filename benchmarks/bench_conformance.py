"""Every registered game (``minegames.GAMES``): how fast seeded games run plainly and under the
conformance suite's checks, and what the suite's long mode costs.

Run:  PYTHONPATH=. python benchmarks/bench_conformance.py [--quick] [--games N]

Prints, per game (its player counts in turn):
* plain games per second: the game's weakest bots with ``minegames.core.play``;
* checked games per second with the long mode's mix (every check on one game in 25, the undo
  and end checks on the rest), and with every check on every game (the default suite);
* the projected time of ``MINEGAMES_CONFORMANCE_GAMES=10000`` for that game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minegames import GAMES  # noqa: E402
from minegames.core import play  # noqa: E402
from tests.protocol.playouts import play_checked, table_of_bots  # noqa: E402

LONG_MODE_GAMES = 10_000


def per_second(games: int, work) -> float:
    start = time.perf_counter()
    for n in range(games):
        work(n)
    return games / (time.perf_counter() - start)


def bench_game(game_id: str, games: int) -> None:
    info = GAMES[game_id]

    def seats(n: int) -> int:
        return info.players[n % len(info.players)]

    def plain(n: int) -> None:
        state = info.new_game(seed=n, players=seats(n))
        bots, _ = table_of_bots(info, state, n)
        play(state, bots)
        assert state.is_over

    plain_rate = per_second(games, plain)
    mixed_rate = per_second(games, lambda n: play_checked(info, seats(n), 1000 + n, full_checks=n % 25 == 0))
    full_rate = per_second(max(1, games // 4), lambda n: play_checked(info, seats(n), 2000 + n))
    print(f"{info.title} ({info.player_text()} players)")
    print(f"  plain games/s                  {plain_rate:8.2f}")
    print(f"  long-mode mix, checked games/s {mixed_rate:8.2f}")
    print(f"  every check, games/s           {full_rate:8.2f}")
    print(f"  long mode ({LONG_MODE_GAMES} games), projected {LONG_MODE_GAMES / mixed_rate / 60:8.1f} min; "
          f"checks cost x{plain_rate / mixed_rate:.1f} over plain play")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games per engine")
    parser.add_argument("--games", type=int, default=None, help="games per engine for each measure")
    args = parser.parse_args()
    games = args.games or (4 if args.quick else 40)
    for game_id in GAMES:
        bench_game(game_id, games)


if __name__ == "__main__":
    main()
