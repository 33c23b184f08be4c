"""How the mine plays: how much Dynamite the nearest displayed claim needs, and how often a
turn passes with nothing done. The yardstick for tuning the tile set (issue 10).

Run:  PYTHONPATH=. python minegames/goldmine_rumbles/data/measure_mine.py [--setups N] [--games N]

Prints, over seeded setups (3 and 4 players):
* for each miner at their start site, the Dynamite blasts the nearest displayed claim needs
  (0, 1, 2, 3 or more), and how often no claim at all is reachable without Dynamite;
* for every displayed claim, the blasts it needs (2+ is where an Explosives Manual saves
  Dynamite) and how often 3 Tunnel Plans cubes save a blast;
and over seeded games with a ``HeuristicBot`` in every seat:
* the same at the start of every turn, for the miner whose turn it is;
* the share of turns that end with no main action (no claim bought, no fight).

A blast is one Dynamite rotation, with no Tunnel Plans (the fewest a journey can need).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from minegames.goldmine_rumbles import mine as M  # noqa: E402
from minegames.goldmine_rumbles.actions import EndTurn  # noqa: E402
from minegames.goldmine_rumbles.heuristic_bot import HeuristicBot  # noqa: E402
from minegames.goldmine_rumbles.positions import new_game  # noqa: E402

#: the bounds the tile set is held to (docs/rules/goldmine_rumbles.md; a test checks a sample):
#: shares of turn starts whose nearest displayed claim needs no Dynamite / at most one blast,
#: and the most turns a table of heuristic bots may pass with no main action.
AT_LEAST_NO_DYNAMITE = 0.60
AT_LEAST_ONE_BLAST_OR_LESS = 0.95
AT_MOST_PASSED = 0.05

#: the most blasts a search tries; "3+" in the tables means more than this or none at all.
MOST_BLASTS = 2
BUCKETS = ("0", "1", "2", "3+")


def blasts_to(state, origin, site: int) -> int | None:
    """Blasts the cheapest journey from ``origin`` to claim ``site`` needs (None: more than MOST_BLASTS)."""
    journey = M.plan_journey(state.mine, origin, site, 0, MOST_BLASTS)
    return None if journey is None else journey.blasts


def nearest_claim_blasts(state, p: int) -> int | None:
    """Blasts to the displayed claim nearest to ``p`` in Dynamite (None: none within MOST_BLASTS)."""
    found = [blasts_to(state, state.positions[p], site) for site in state.claim_store if site is not None]
    found = [b for b in found if b is not None]
    return min(found, default=None)


def bucket(blasts: int | None) -> str:
    return "3+" if blasts is None or blasts > MOST_BLASTS else str(blasts)


def measure_setups(setups: int) -> tuple[Counter, int]:
    counts: Counter = Counter()
    for seed in range(setups):
        state = new_game(seed=seed, players=3 + seed % 2)
        for p in range(state.num_players):
            counts[bucket(nearest_claim_blasts(state, p))] += 1
    return counts, sum(counts.values())


def measure_tools(setups: int) -> tuple[Counter, Counter, int]:
    """Whether Dynamite, Explosives Manuals and Tunnel Plans still matter: for every displayed
    claim seen from every start site, the blasts it needs (a Manual turns one Dynamite into 2-4
    blasts, so it matters from 2 blasts up), and whether 3 Tunnel Plans cubes save a blast."""
    claims: Counter = Counter()
    plans_help: Counter = Counter()
    for seed in range(setups):
        state = new_game(seed=seed, players=3 + seed % 2)
        for p in range(state.num_players):
            for site in (s for s in state.claim_store if s is not None):
                plain = blasts_to(state, state.positions[p], site)
                claims[bucket(plain)] += 1
                with_plans = M.plan_journey(state.mine, state.positions[p], site, 3, MOST_BLASTS)
                saved = with_plans is not None and (plain is None or with_plans.blasts < plain)
                plans_help["saves a blast" if saved else "no help"] += 1
    return claims, plans_help, sum(claims.values())


def measure_games(games: int, max_actions: int = 4000) -> tuple[Counter, int, int]:
    """Nearest-claim blasts at each turn start, turns, and turns passed with no main action."""
    starts: Counter = Counter()
    turns = passed = 0
    for seed in range(games):
        state = new_game(seed=1000 + seed, players=3 + seed % 2)
        bots = [HeuristicBot(seed * 10 + p) for p in range(state.num_players)]
        seen_turn = None
        for _ in range(max_actions):
            if state.is_over:
                break
            top = state.decision
            at_start = top["kind"] == "turn" and top.get("mode") is None
            if at_start and state.turn_index != seen_turn:
                seen_turn = state.turn_index
                turns += 1
                starts[bucket(nearest_claim_blasts(state, top["player"]))] += 1
            action = bots[state.current_player].choose(state)
            if at_start and isinstance(action, EndTurn):
                passed += 1
            state.apply(action)
    return starts, turns, passed


def table(title: str, counts: Counter, total: int, what: str = "nearest claim") -> None:
    print(title)
    for name in BUCKETS:
        print(f"  {what} needs {name:>2} blasts: {counts[name]:6d}  {100 * counts[name] / max(total, 1):5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=400)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    counts, total = measure_setups(args.setups)
    table(f"start sites, {args.setups} seeded setups ({total} miners)", counts, total)
    print(f"  no claim reachable without Dynamite: {100 * (total - counts['0']) / total:.1f}%")
    claims, plans_help, pairs = measure_tools(args.setups)
    table(f"every displayed claim from every start site ({pairs} pairs)", claims, pairs, "claim")
    print(f"  3 Tunnel Plans cubes save at least one blast: {100 * plans_help['saves a blast'] / pairs:.1f}%")
    starts, turns, passed = measure_games(args.games)
    table(f"turn starts, {args.games} seeded games with HeuristicBots ({turns} turns)", starts, turns)
    print(f"turns passed with no main action: {passed} of {turns} ({100 * passed / max(turns, 1):.1f}%)")


if __name__ == "__main__":
    main()
