"""How long the Off the Rails app's click handlers take on the Python side.

A click must be answered well under 100 ms. The browser round trip is measured by
benchmarks/bench_browser.py; this script isolates the kernel's share: apply the action (if the
click makes one), then refresh the whole app (the board's picture when the game changed, the
layer on top with the tile previewed and where your carts would run, the square and carts panels
with the model's refusals, the clans' table, the chasm's exact clock and the bag's odds).

Positions come from real seeded games for 1 (solo) to 4 players: the registry's bots play the
other seats and the person's seat is played through the app's own controls, mostly as the
planner would, sometimes at random. Track is laid as a person lays it: click the square (the
likeliest tile is previewed), sometimes click it again to turn the tile, then press the tile's
button. Now and then the benchmark also asks for a hint, clicks a square to look at it, and takes
a move back with Undo. Bot moves (the bot's choice, the model's apply and the redraw) are timed
on their own.

    python benchmarks/bench_off_the_rails_clicks.py           # 8 games
    python benchmarks/bench_off_the_rails_clicks.py --quick   # 2 games
"""

from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_widget_clicks import game_count, report, timed, verdict  # noqa: E402  (the same measures)
from minegames import GAMES  # noqa: E402
from minegames.off_the_rails import board  # noqa: E402
from minegames.off_the_rails.actions import PlaceTrack, Upgrade  # noqa: E402
from widgets.off_the_rails import OffTheRailsApp, default_strength  # noqa: E402

INFO = GAMES["off_the_rails"]
#: work done by the bots between your clicks: timed, but not held to the click budget
NOT_A_CLICK = ("bot move",)
#: players by seed, in turn
TABLES = [2, 1, 3, 4]
LABELS = {"PlaceCart": "put a cart out (button)", "ChangeSpeed": "speed die (button)",
          "EndActions": "end the actions", "Drive": "move a cart", "Turn": "junction (click a square)",
          "Pick": "pick a gem", "Drop": "drop a gem", "DrawCard": "draw a deposit card",
          "DrawToken": "draw a chasm token", "PlaceToken": "place a chasm token (click)"}


def lay_like_a_person(app: OffTheRailsApp, action, samples, chooser: random.Random) -> None:
    """Square (pick it; the tile previewed), sometimes again (turn it), then the button."""
    square = (action.x, action.y)
    if app.selected != square:
        timed(samples, "click a square (pick it)", lambda: app.board.click_square(square))
    if isinstance(action, PlaceTrack):
        if chooser.random() < 0.3:
            timed(samples, "click it again (turn the tile)", lambda: app.board.click_square(square))
        timed(samples, "lay a tile (button)", lambda: app.take(action))
    else:
        timed(samples, "upgrade (button)", lambda: app.take(action))


def play_and_time(seed: int, samples: dict[str, list[float]], clicks: Counter) -> None:
    players = TABLES[seed % len(TABLES)]
    app = OffTheRailsApp(seed=seed, players=players, live=False)
    adviser = INFO.bot(default_strength(), app.seat, seed)
    chooser = random.Random(seed)
    while not app.state.is_over:
        while not app.state.is_over and not app.persons_turn():
            timed(samples, "bot move (choose, apply, redraw)", lambda: (app.step_bot(), app.refresh()))
        if app.state.is_over:
            break
        if chooser.random() < 0.1:
            timed(samples, "hint", app.show_hint)
        if chooser.random() < 0.1:
            square = chooser.choice(board.TRACK_SQUARES)
            timed(samples, "click a square (look)", lambda: app.board.click_square(square))
        offered = sorted(app.offered(), key=str)
        action = adviser.choose(app.state) if chooser.random() < 0.8 else chooser.choice(offered)
        before = len(app.state.history)
        if isinstance(action, (PlaceTrack, Upgrade)):
            lay_like_a_person(app, action, samples, chooser)
        else:
            timed(samples, LABELS.get(type(action).__name__, type(action).__name__), lambda: app.take(action))
        clicks[table_name(seed)] += 1
        assert len(app.state.history) > before, (action, app.status.text)
        if app.undo_refusal() is None and chooser.random() < 0.1:
            timed(samples, "undo", app.click_undo)
            app.run_bots(0)
            if app.persons_turn() and action in app.offered():
                app.take(action)


def table_name(seed: int) -> str:
    players = TABLES[seed % len(TABLES)]
    return f"{players}p" if players > 1 else "solo"


def main() -> int:
    games = game_count(__doc__.splitlines()[0], 2, 8)
    cold: dict[str, list[float]] = defaultdict(list)
    timed(cold, "first app (imports, first drawing)", lambda: OffTheRailsApp(seed=0, live=False))
    samples: dict[str, list[float]] = defaultdict(list)
    clicks, tables = Counter(), Counter(table_name(seed) for seed in range(games))
    for seed in range(games):
        play_and_time(seed, samples, clicks)
    print(f"Off the Rails app, Python-side click handlers, {games} games (apply + full refresh; no browser)")
    over = report(dict(sorted(samples.items())), NOT_A_CLICK, width=36)
    print("\none-off costs, paid once per kernel:")
    report(cold, width=36)
    print("\nyour actions per game: " + ", ".join(f"{t} {clicks[t] / n:.0f}" for t, n in sorted(tables.items())))
    return verdict("every click's p95", over)


if __name__ == "__main__":
    sys.exit(main())
