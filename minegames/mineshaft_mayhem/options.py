"""The options of Mineshaft Mayhem: every reading of the rulebook players may differ on.

The defaults are the project's reading (docs/rules/mineshaft_mayhem.md,
"Assumptions"); each option is saved with the game so a save replays the
same rules. Upper bounds only keep the drawn sheet readable.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from minegames.core import OptionError
from minegames.core.options import whole_number, yes_or_no

from .patterns import GEMS

DEFAULT_GEM_COUNTS: tuple[tuple[str, int], ...] = (
    ("diamond", 4),
    ("emerald", 6),
    ("ruby", 6),
    ("sapphire", 6),
    ("amethyst", 8),
)

NUMBER_OF_DICE = 4


@dataclasses.dataclass(frozen=True)
class Options:
    """Rules of one game; see the options table in docs/rules/mineshaft_mayhem.md."""

    gem_counts: tuple[tuple[str, int], ...] = DEFAULT_GEM_COUNTS
    cursite: int = 8
    top_spaces: int = 5
    lower_spaces: int = 3
    gears: int = 3
    container_values: tuple[int, ...] = (1, 2, 3, 4, 5)
    max_rolls: int = 3
    lock_ones: bool = True
    four_kind_counts_as_two_pairs: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "gem_counts", _gem_counts(self.gem_counts))
        whole_number("cursite", self.cursite, 0, 99)
        whole_number("top_spaces", self.top_spaces, 1, 12)
        whole_number("lower_spaces", self.lower_spaces, 0, 10)
        whole_number("gears", self.gears, 1, 10)
        whole_number("max_rolls", self.max_rolls, 1, 10)
        object.__setattr__(self, "container_values", _container_values(self.container_values))
        for name in ("lock_ones", "four_kind_counts_as_two_pairs"):
            yes_or_no(name, getattr(self, name))

    # derived ----------------------------------------------------------------
    @property
    def spaces(self) -> int:
        """Resting spaces on the whole conveyor (top belt, then lower belt)."""
        return self.top_spaces + self.lower_spaces

    @property
    def containers(self) -> int:
        return len(self.container_values)

    def gem_count(self, gem: str) -> int:
        return dict(self.gem_counts)[gem]

    @property
    def total_gems(self) -> int:
        return sum(count for _, count in self.gem_counts)


def _gem_counts(value: Any) -> tuple[tuple[str, int], ...]:
    """A dict or pairs of (gem, count) -> one pair per gem type in GEMS order (absent = 0)."""
    try:
        pairs = list(value.items()) if isinstance(value, Mapping) else [tuple(p) for p in value]
    except TypeError:
        raise OptionError("gem_counts", f"must be a dict of gem -> count, got {value!r}") from None
    counts: dict[str, int] = {}
    for pair in pairs:
        if len(pair) != 2:
            raise OptionError("gem_counts", f"each entry must be a (gem, count) pair, got {pair!r}")
        gem, count = pair
        if gem not in GEMS:
            raise OptionError("gem_counts", f"{gem!r} is not a gem type; the types are {list(GEMS)}")
        if gem in counts:
            raise OptionError("gem_counts", f"{gem} is given twice")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 99:
            raise OptionError("gem_counts", f"the count of {gem} must be a whole number 0..99, got {count!r}")
        counts[gem] = count
    if sum(counts.values()) == 0:
        raise OptionError("gem_counts", "the tin must hold at least one gem")
    return tuple((gem, counts.get(gem, 0)) for gem in GEMS)


def _container_values(value: Any) -> tuple[int, ...]:
    try:
        values = tuple(value)
    except TypeError:
        raise OptionError("container_values", f"must be a list of points per gem, got {value!r}") from None
    if not 1 <= len(values) <= 10:
        raise OptionError("container_values", f"needs 1 to 10 containers, got {len(values)}")
    for points in values:
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 99:
            raise OptionError("container_values", f"points per gem must be whole numbers 0..99, got {points!r}")
    return values
