"""Dice patterns and the gem each one wins.

A pattern is a test on the dice showing (order does not matter). The
definitions follow the project's reading of the rulebook (docs/rules); with
the game's four dice they read:

* four of a kind: all four dice equal;
* three of a kind: at least three dice equal (four of a kind counts);
* two pairs: two *different* values, each on two dice (2-2-5-5). With
  ``four_kind_counts_as_two_pairs`` a four of a kind counts as well;
* straight: four consecutive values (1-2-3-4, 2-3-4-5 or 3-4-5-6);
* all evens: every die even.

They are written for any number of dice ("at least four equal", "four
consecutive values among the dice") so the analysis can ask what a fifth
die would be worth.
"""

from __future__ import annotations

from typing import Iterable

from minegames.core import face_counts

#: Gem types in the order of the rulebook's quick reference.
GEMS: tuple[str, ...] = ("diamond", "emerald", "ruby", "sapphire", "amethyst")


def gem_count(count: int, gem: str) -> str:
    """A number of gems in words with the plural right: '1 ruby', '3 rubies', '2 amethysts'."""
    if count == 1:
        return f"{count} {gem}"
    return f"{count} {gem[:-1]}ies" if gem.endswith("y") else f"{count} {gem}s"

#: Which gem each pattern wins, from the most to the least likely roll.
PATTERN_GEM: dict[str, str] = {
    "three_of_a_kind": "amethyst",
    "two_pairs": "emerald",
    "all_evens": "ruby",
    "straight": "sapphire",
    "four_of_a_kind": "diamond",
}
GEM_PATTERN: dict[str, str] = {gem: pattern for pattern, gem in PATTERN_GEM.items()}
PATTERNS: tuple[str, ...] = tuple(GEM_PATTERN[g] for g in GEMS)


def four_of_a_kind(dice: Iterable[int]) -> bool:
    return face_counts(dice)[0] >= 4


def three_of_a_kind(dice: Iterable[int]) -> bool:
    return face_counts(dice)[0] >= 3


def two_pairs(dice: Iterable[int], four_kind_counts: bool = False) -> bool:
    counts = face_counts(dice) + [0]
    return (counts[0] >= 2 and counts[1] >= 2) or (four_kind_counts and counts[0] >= 4)


def straight(dice: Iterable[int], length: int = 4) -> bool:
    faces = set(dice)
    return any(all(low + k in faces for k in range(length)) for low in faces)


def all_evens(dice: Iterable[int]) -> bool:
    return all(face % 2 == 0 for face in dice)


def pattern_name(name: str) -> str:
    """Accept a pattern or a gem name (any case, spaces or underscores)."""
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    if key in GEM_PATTERN:
        return GEM_PATTERN[key]
    if key in PATTERN_GEM:
        return key
    raise ValueError(f"unknown pattern or gem {name!r}; patterns: {list(PATTERNS)}, gems: {list(GEMS)}")


def matches(pattern: str, dice: Iterable[int], four_kind_counts_as_two_pairs: bool = False) -> bool:
    """Does ``dice`` show ``pattern`` (a pattern or gem name)?"""
    pattern = pattern_name(pattern)
    dice = tuple(dice)
    if pattern == "two_pairs":
        return two_pairs(dice, four_kind_counts_as_two_pairs)
    return _TESTS[pattern](dice)


def gems_shown(dice: Iterable[int], four_kind_counts_as_two_pairs: bool = False) -> list[str]:
    """Every gem whose pattern the dice show, in GEMS order."""
    dice = tuple(dice)
    return [g for g in GEMS if matches(GEM_PATTERN[g], dice, four_kind_counts_as_two_pairs)]


_TESTS = {
    "four_of_a_kind": four_of_a_kind,
    "three_of_a_kind": three_of_a_kind,
    "straight": straight,
    "all_evens": all_evens,
}
