"""Find the rare seeds: those of the long mode that reach a line of the rules the default run misses.

    .venv/bin/python tests/property/rare_seeds.py test_otr_seeded_games play off_the_rails 1000 4000

plays seeds 0 .. 3999 through ``play(seed)`` of tests/property/test_otr_seeded_games.py under
coverage.py, one coverage context per seed, and prints which lines of minegames/off_the_rails
seeds 0 .. 999 (the default run's) reach, which lines only later seeds reach, and a smallest
set of later seeds (greedy) that reaches them all. Those go in the suite's RARE_SEEDS, so the
default run reaches every line the long mode reaches. Re-run it when the rules change.
"""

from __future__ import annotations

import importlib
import sys
from collections import defaultdict
from pathlib import Path

from coverage import Coverage

ROOT = Path(__file__).resolve().parents[2]


def lines_by_seed(module: str, function: str, package: str, seeds: int) -> dict[int, set]:
    sys.path.insert(0, str(ROOT))
    play = getattr(importlib.import_module(f"tests.property.{module}"), function)
    coverage = Coverage(data_file=None, source=[str(ROOT / "minegames" / package)])
    coverage.start()
    for seed in range(seeds):
        coverage.switch_context(str(seed))
        play(seed)
    coverage.stop()
    data = coverage.get_data()
    reached: dict[int, set] = defaultdict(set)
    for path in data.measured_files():
        name = path.split("minegames/", 1)[-1]
        for line, contexts in data.contexts_by_lineno(path).items():
            for context in contexts:
                if context.isdigit():
                    reached[int(context)].add((name, line))
    return reached


def main(module: str, function: str, package: str, default: str, long: str) -> None:
    default_seeds, long_seeds = int(default), int(long)
    reached = lines_by_seed(module, function, package, long_seeds)
    base = set().union(*(reached[s] for s in range(default_seeds)))
    missing = set().union(*(reached[s] for s in range(default_seeds, long_seeds))) - base
    print(f"{module}: seeds 0-{default_seeds - 1} reach {len(base)} lines of minegames/{package}; "
          f"seeds {default_seeds}-{long_seeds - 1} reach {len(missing)} more: {sorted(missing)}")
    chosen = []
    while missing:
        best = max(range(default_seeds, long_seeds), key=lambda s: (len(reached[s] & missing), -s))
        chosen.append(best)
        missing -= reached[best]
    print(f"RARE_SEEDS = {tuple(chosen)}")


if __name__ == "__main__":
    main(*sys.argv[1:])
