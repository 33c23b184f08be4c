"""How long the Goldmine Rumbles app's click handlers take on the Python side.

A click must be answered well under 100 ms. The browser round trip is measured by
benchmarks/bench_browser.py; this script isolates the kernel's share: apply the action,
then refresh the whole app (the mine's SVG, the route, the odds beside the buttons).

Positions come from real games: the registry's bots play the other seats and the person's
seat is played through the app's own controls, mostly as the default bot would, sometimes at
random. Before each of the person's decisions the benchmark also clicks a claim site (the
route preview) and takes the click back when Undo allows. The search for a way that needs
Dynamite runs after the click is answered (as a live app does) and is timed on its own.

    python benchmarks/bench_goldmine_clicks.py           # 12 games
    python benchmarks/bench_goldmine_clicks.py --quick   # 2 games
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_widget_clicks import game_count, report, timed, verdict  # noqa: E402  (the same measures)
from minegames import GAMES  # noqa: E402
from widgets.goldmine_rumbles import FREE_TYPES, GoldmineRumblesApp, default_strength  # noqa: E402

INFO = GAMES["goldmine_rumbles"]
#: work done after a click is answered, or by the bots: timed, but not held to the click budget
AFTER_THE_CLICK = ("deep route", "bot move")


def label_of(app: GoldmineRumblesApp, action) -> str:
    kind = str(app.state.decision["kind"])
    name = type(action).__name__
    if isinstance(action, FREE_TYPES) and kind in ("turn", "travel", "items", "partner items"):
        return "item action"
    return {"PlaceCube": "place a cube", "BuyClaim": "buy a claim", "Step": "travel: a step",
            "Travel": "travel: walk all the way", "Blast": "travel: Dynamite blast", "TakeItems": "take items",
            "MineAlone": "mine alone", "FightRound": "fight round", "Bid": "bid", "NoBid": "bid",
            }.get(name, f"other ({kind})")


def play_and_time(seed: int, samples: dict[str, list[float]]) -> None:
    players = 3 + seed % 2
    app = GoldmineRumblesApp(seed=seed, players=players, seat=seed % players, long_game=seed % 3 == 2,
                             live=False, defer_searches=True)
    adviser = INFO.bot(default_strength(), app.seat, seed)
    chooser = random.Random(seed)
    while not app.state.is_over:
        while not app.state.is_over and not app.persons_turn():
            timed(samples, "bot move (choose, apply, redraw)", lambda: (app.step_bot(), app.refresh()))
        if app.state.is_over:
            break
        site = chooser.randrange(1, 17)
        timed(samples, "click a claim site (route)", lambda: app.click_site(site))
        timed(samples, "deep route search (after)", app.run_deferred)
        offered = app.offered()
        if chooser.random() < 0.7:
            action = adviser.choose(app.state)
        else:
            main = [a for a in offered if not isinstance(a, FREE_TYPES)] or list(offered)
            action = chooser.choice(sorted(main, key=str))
        timed(samples, label_of(app, action), lambda: app.take(action))
        if app.undo_refusal() is None and chooser.random() < 0.2:
            timed(samples, "undo", app.click_undo)
            app.take(action)
        timed(samples, "deep route search (after)", app.run_deferred)


def main() -> int:
    games = game_count(__doc__.splitlines()[0], 2, 12)

    cold: dict[str, list[float]] = defaultdict(list)
    timed(cold, "first app (imports, first drawing)", lambda: GoldmineRumblesApp(seed=0, live=False))

    samples: dict[str, list[float]] = defaultdict(list)
    for seed in range(games):
        play_and_time(seed, samples)
    print(f"Goldmine Rumbles app, Python-side click handlers, {games} games (apply + full refresh; no browser)")
    over = report(dict(sorted(samples.items())), AFTER_THE_CLICK, width=36)
    print("\none-off costs, paid once per kernel:")
    report(cold, width=36)
    return verdict("every click's p95", over)


if __name__ == "__main__":
    sys.exit(main())
