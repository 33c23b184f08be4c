"""Final score and rank chart of Mineshaft Mayhem.

The score is what the sheet shows at any moment, so a learner can watch it
move; it becomes final when the game ends.
"""

from __future__ import annotations

from typing import Iterable, Sequence

POINTS_PER_EMPTY_GEAR = 5
POINTS_PER_CURSITE = 2

#: (lowest score, rank name), best rank last.
RANKS: tuple[tuple[int, str], ...] = (
    (0, "Disgraceful Dwarf"),
    (16, "Apprentice Dwarf"),
    (26, "Novice Dwarf"),
    (41, "Adept Dwarf"),
    (60, "Expert Dwarf"),
    (80, "Master Dwarf"),
)


def container_for(gem: str, containers: Iterable[Sequence]) -> int | None:
    """Where ``gem`` would be sorted: the container already holding its type, else
    the left-most empty one, else None (no container can take it)."""
    empty = None
    for index, (held, _) in enumerate(containers):
        if held == gem:
            return index
        if held is None and empty is None:
            empty = index
    return empty


def rank_for(score: int) -> str:
    """The rank a score earns on the chart (scores below 0 cannot happen)."""
    if score < 0:
        raise ValueError(f"a score cannot be negative, got {score}")
    name = RANKS[0][1]
    for lowest, rank in RANKS:
        if score >= lowest:
            name = rank
    return name


def score_breakdown(
    containers: Iterable[tuple[str | None, int]],
    container_values: Sequence[int],
    gears: Iterable[str | None],
    cursite: int,
) -> dict[str, int]:
    """Points from sorted gems, from empty gears and from unspent cursite, and their sum."""
    from_containers = sum(count * value for (_, count), value in zip(containers, container_values))
    from_gears = POINTS_PER_EMPTY_GEAR * sum(1 for gem in gears if gem is None)
    from_cursite = POINTS_PER_CURSITE * cursite
    return {
        "containers": from_containers,
        "empty_gears": from_gears,
        "cursite": from_cursite,
        "total": from_containers + from_gears + from_cursite,
    }
