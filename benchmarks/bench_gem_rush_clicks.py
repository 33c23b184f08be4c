"""How long the Gem Rush app's click handlers take on the Python side.

A click must be answered well under 100 ms. The browser round trip is measured by
benchmarks/bench_browser.py; this script isolates the kernel's share: apply the action (if the
click makes one), then refresh the whole app (the mine's overlay and, after a build, its
picture; the exact chance to pay each door within reach; the door card; the hand; the hint).

Positions come from real seeded games, Rush for 2 to 5 players and Crisis for 1 to 4: the
registry's bots play the other seats and the person's seat is played through the app's own
controls, mostly as the greedy (or team) bot would, sometimes at random. A build is made as a
person makes it: click the door (to see what it needs), pick each card, click the door again.
Now and then the benchmark also switches the mine view and takes a move back with Undo.
Bot moves (the bot's choice, the model's apply and the redraw) are timed on their own.

    python benchmarks/bench_gem_rush_clicks.py           # 10 games
    python benchmarks/bench_gem_rush_clicks.py --quick   # 2 games
"""

from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_widget_clicks import game_count, report, timed, verdict  # noqa: E402  (the same measures)
from minegames import GAMES  # noqa: E402
from minegames.gem_rush.actions import Build, WarpBuild  # noqa: E402
from widgets.gem_rush import GemRushApp  # noqa: E402

INFO = GAMES["gem_rush"]
#: work done by the bots between your clicks: timed, but not held to the click budget
NOT_A_CLICK = ("bot move",)
#: (players, mode) by seed, in turn
TABLES = [(2, "rush"), (1, "crisis"), (3, "rush"), (2, "crisis"), (4, "rush"), (3, "crisis"), (5, "rush"),
          (4, "crisis")]
LABELS = {"Step": "step (click a room or door)", "Ride": "ride (click a Mine Cart)", "Warp": "warp (click a room)",
          "Place": "place the new room", "EndMovement": "end movement", "DrawCard": "draw a card",
          "UseRoom": "use a room", "ChooseX": "ability: choose X", "NameGem": "ability: name a gem",
          "Keep": "ability: keep a card", "Discard": "discard (pick + button)", "Burn": "burn",
          "NewSkill": "Chaos Magic", "ChooseSkill": "choose a skill", "EndGame": "end or play on",
          "PlayOn": "end or play on", "SwapPlaces": "swap places", "MoveRoom": "move the elevator",
          "CartWhistle": "Cart Whistle", "Scavenge": "scavenge"}


def door_of(app: GemRushApp, action) -> tuple:
    if isinstance(action, WarpBuild):
        return (action.x, action.y), action.side
    return tuple(app.state.players[app.seat]["pos"]), action.side


def build_like_a_person(app: GemRushApp, action, samples) -> None:
    """Door (look), each card, door again (build); every click timed."""
    key = door_of(app, action)
    app.chosen = []
    if action.cards:
        timed(samples, "click a door (see its price)", lambda: app.mine_view.click_door(*key))
        for card in action.cards:
            timed(samples, "pick a card", lambda card=card: app.click_card(card))
    before = len(app.state.history)
    if action.cards:
        timed(samples, "build (click the door)", lambda: app.mine_view.click_door(*key))
    else:  # a free door is picked first; its Build button builds (a room tile is drawn for good)
        timed(samples, "click a door (see its price)", lambda: app.mine_view.click_door(*key))
        timed(samples, "build (the Build button)", lambda: app.build_button.click())
    assert len(app.state.history) == before + 1, app.status.text


def play_and_time(seed: int, samples: dict[str, list[float]], clicks: Counter) -> None:
    players, mode = TABLES[seed % len(TABLES)]
    skills = ("normal", "choice", "chaos", "shared", "magic_circle")[seed % 5]
    app = GemRushApp(seed=seed, players=players, mode=mode, skills=skills, live=False)
    adviser = INFO.bot("team" if mode == "crisis" else "greedy", app.seat, seed)
    chooser = random.Random(seed)
    while not app.state.is_over:
        while not app.state.is_over and not app.persons_turn():
            timed(samples, "bot move (choose, apply, redraw)", lambda: (app.step_bot(), app.refresh()))
        if app.state.is_over:
            break
        offered = app.offered()
        action = adviser.choose(app.state) if chooser.random() < 0.75 else chooser.choice(sorted(offered, key=str))
        before = len(app.state.history)
        if isinstance(action, (Build, WarpBuild)):
            build_like_a_person(app, action, samples)
        else:
            timed(samples, LABELS.get(type(action).__name__, type(action).__name__), lambda: app.take(action))
        clicks[f"{players}p {mode}"] += 1 + (len(action.cards) + 1 if isinstance(action, (Build, WarpBuild))
                                             and action.cards else 0)
        assert len(app.state.history) > before, (action, app.status.text)
        if chooser.random() < 0.05:
            zoom = "close" if app.zoom_choice.value == "fit" else "fit"
            timed(samples, "switch the mine view", lambda: setattr(app.zoom_choice, "value", zoom))
        if app.undo_refusal() is None and chooser.random() < 0.15:
            timed(samples, "undo", app.click_undo)
            app.run_bots(0)
            if app.persons_turn() and action in app.offered():
                app.take(action)


def main() -> int:
    games = game_count(__doc__.splitlines()[0], 2, 10)

    cold: dict[str, list[float]] = defaultdict(list)
    timed(cold, "first app (imports, first drawing)", lambda: GemRushApp(seed=0, live=False))

    samples: dict[str, list[float]] = defaultdict(list)
    clicks: Counter = Counter()
    for seed in range(games):
        play_and_time(seed, samples, clicks)
    print(f"Gem Rush app, Python-side click handlers, {games} games (apply + full refresh; no browser)")
    over = report(dict(sorted(samples.items())), NOT_A_CLICK, width=36)
    print("\none-off costs, paid once per kernel:")
    report(cold, width=36)
    print("\nyour clicks per game (with the picks of cards and looks at doors):")
    for table, count in sorted(clicks.items()):
        tables = sum(1 for seed in range(games) if "{}p {}".format(*TABLES[seed % len(TABLES)]) == table)
        print(f"  {table:<12} {count / tables:6.0f}")
    return verdict("every click's p95", over)


if __name__ == "__main__":
    sys.exit(main())
