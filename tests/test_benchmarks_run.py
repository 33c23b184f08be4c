"""Every benchmark script still runs (in its short --quick form) and prints its measures.

Speed itself is not asserted here (that belongs to the benchmarks); this keeps the
scripts from rotting as the code under them changes. A benchmark exits non-zero only when
something is wrong (an exception, a wrong result), never because this machine was slow: the
click benchmarks run here with a budget no click can meet, so their "NO" verdict is printed
every time and must still exit 0.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

EXPECTED_LINES = {
    "bench_probability.py": ["exact table, cold cache", "advise after warm-up", "Monte Carlo time / exact time"],
    "bench_simulation.py": ["million 4d6 rolls/s", "vectorized simulator", "bots playing the rules model"],
    "bench_widget_clicks.py": ["roll (first of the turn)", "every p95 under"],
    "bench_browser.py": ["first interaction, median", "click -> sheet update, p95", "Goldmine Rumbles", "Gem Rush", "Off the Rails"],
    "bench_goldmine_clicks.py": ["click a claim site (route)", "place a cube", "every click's p95 under"],
    "bench_packing_solver.py": ["best_cover per pair", "CP-SAT per pair", "both solvers agree on every pair"],
    "bench_fight_odds.py": ["exact fight table, cold cache", "Monte Carlo fight table", "Monte Carlo time / exact time"],
    "bench_server.py": ["memory per app kernel, unique (USS)", "students per GB of free memory",
                        "a class arriving together"],
    "bench_goldmine_bots.py": ["seeded games of easy, medium and hard bots", "outscores the column's bot",
                               "ms per decision", "games per second"],
    "bench_conformance.py": ["plain games/s", "long-mode mix, checked games/s", "long mode (10000 games), projected"],
    "bench_gem_rush_odds.py": ["chance_to_pay, 4-card hand", "worst for draws 0-4", "ability_odds, every room"],
    "bench_gem_rush_clicks.py": ["build (click the door)", "pick a card", "every click's p95 under"],
    "bench_gem_rush_bots.py": ["greedy beats random", "Crisis, team bots", "Crisis by strength", "of the team bot's",
                               "games/s", "ms per decision"],
    "bench_off_the_rails_clicks.py": ["click a square (pick it)", "lay a tile (button)", "every click's p95 under"],
    "bench_off_the_rails_bots.py": ["planner beats random", "planner against planner", "Solo, the planner", "games/s",
                                    "planner ms per decision"],
    "bench_off_the_rails_planner.py": ["against the one-turn planner", "Solo, the new planner",
                                       "ms per decision", "verdict:"],
    "bench_lesson_load.py": ["bare kernel: start", "baseline, the Mineshaft Mayhem app", "page-load CPU under"],
    "bench_goldmine_games.py": ["random games, 3 players", "random games, 4 players", "heuristic games, 4 players",
                                "exact fight table, cold cache", "Monte Carlo time / exact time"],
}


#: the click benchmarks, each read against a budget (the p95 of every click)
CLICK_BENCHMARKS = ["bench_widget_clicks.py", "bench_goldmine_clicks.py", "bench_gem_rush_clicks.py",
                    "bench_off_the_rails_clicks.py"]
#: a budget no click meets (a microsecond): the verdict is "NO" on any machine
IMPOSSIBLE_BUDGET = ["--budget-ms", "0.001"]


def run_quick(script: str, *extra: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--quick", *extra],
        capture_output=True, text=True, timeout=300, env=env,
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


#: Benchmarks run in full by a test of their own instead of here (a script: the test that runs it).
RUN_ELSEWHERE = {"bench_class.py": "tests/browser/test_hub_class.py"}


def test_every_benchmark_script_is_covered():
    assert {p.name for p in BENCHMARKS.glob("bench_*.py")} == set(EXPECTED_LINES) | set(RUN_ELSEWHERE)
    for script, test in RUN_ELSEWHERE.items():
        assert f"import {Path(script).stem}" in (BENCHMARKS.parent / test).read_text(), f"{test} does not run {script}"


@pytest.mark.parametrize(
    "script",
    ["bench_probability.py", "bench_simulation.py", "bench_widget_clicks.py", "bench_packing_solver.py",
     "bench_fight_odds.py", "bench_goldmine_games.py", "bench_conformance.py",
     "bench_goldmine_bots.py", "bench_goldmine_clicks.py", "bench_gem_rush_odds.py", "bench_gem_rush_bots.py",
     "bench_gem_rush_clicks.py", "bench_off_the_rails_bots.py", "bench_off_the_rails_planner.py",
     "bench_off_the_rails_clicks.py"],
)
def test_model_benchmark_runs(script):
    output = run_quick(script, *(IMPOSSIBLE_BUDGET if script in CLICK_BENCHMARKS else ()))
    for line in EXPECTED_LINES[script]:
        assert line in output
    if script in CLICK_BENCHMARKS:
        verdict = next(line for line in output.splitlines() if "under 0.001 ms:" in line)
        assert ": NO (over: " in verdict, "clicks over the budget are named in the verdict"


@pytest.mark.browser
@pytest.mark.parametrize("script", ["bench_browser.py", "bench_server.py"])
def test_browser_benchmark_runs(script):
    output = run_quick(script)
    for line in EXPECTED_LINES[script]:
        assert line in output
