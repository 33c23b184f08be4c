"""Which seeded games the whole-game property suites play.

The default run (`make test`) plays the first ``default`` seeds of a suite and its rare seeds:
seeds among the long mode's thousand that reach a line of the game's rules the first ones do
not (found by rare_seeds.py). So it reaches every rule line a thousand games reach, with the
same checks after every action, in about a quarter of the time. The long mode
(`make test-long`, MINEGAMES_PROPERTY_GAMES) plays more seeds, to look further for the rare
position. Figures: docs/dev/testing.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

LONG_MODE = "MINEGAMES_PROPERTY_GAMES"


def seeded_games(default: int) -> int:
    """The number of games a suite plays: ``default``, or the long mode's count."""
    value = os.environ.get(LONG_MODE, "")
    if not value:
        return default
    if not value.isdigit() or int(value) < default:
        raise ValueError(f"{LONG_MODE} plays more games than the default run, never fewer: a whole "
                         f"number of at least {default} (got {value!r})")
    return int(value)


def with_rare(count: int, rare: Iterable[int]) -> list[int]:
    """Seeds 0 .. count - 1, then the rare seeds beyond them."""
    return list(range(count)) + sorted(seed for seed in set(rare) if seed >= count)
