"""Dice: rolling, and the shape of a roll (face counts) that patterns test."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Iterable, Iterator

import numpy as np

Roll = tuple[int, ...]


def roll_dice(rng: np.random.Generator, count: int, sides: int = 6) -> Roll:
    """Roll ``count`` dice with ``sides`` faces each (faces 1..sides)."""
    return tuple(int(face) for face in rng.integers(1, sides + 1, size=count))


def reroll(rng: np.random.Generator, dice: Roll, positions: Iterable[int], sides: int = 6) -> Roll:
    """Re-roll the dice at ``positions``, keeping the others.

    One value is drawn for *every* die position, whichever are re-rolled, so
    the dice a seed gives at each roll do not depend on which dice were kept.
    """
    fresh = roll_dice(rng, len(dice), sides)
    chosen = set(positions)
    return tuple(fresh[i] if i in chosen else face for i, face in enumerate(dice))


def face_counts(dice: Iterable[int]) -> list[int]:
    """How many dice show each face, largest first: (2,2,5,5) -> [2, 2]."""
    return sorted(Counter(dice).values(), reverse=True)


def all_rolls(count: int, sides: int = 6) -> Iterator[Roll]:
    """Every ordered roll of ``count`` dice (sides**count of them)."""
    return product(range(1, sides + 1), repeat=count)


def sorted_rolls(count: int, sides: int = 6) -> dict[Roll, int]:
    """Each unordered roll (sorted tuple) with how many ordered rolls give it."""
    return dict(Counter(tuple(sorted(r)) for r in all_rolls(count, sides)))
