"""Final score and rank chart of Mineshaft Mayhem.

The score is what the sheet shows at any moment, so a learner can watch it
move; it becomes final when the game ends.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .patterns import gem_count

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


def ending(state) -> dict:
    """The end screen's facts: ``rows`` (label, points) for each container, the empty gears and the
    cursite; ``total``; ``rank`` and ``why`` (the rank's band and how far the next rank was)."""
    rows = []
    for index, ((gem, count), value) in enumerate(zip(state.containers, state.options.container_values), 1):
        if gem:
            rows.append((f"container {index} ({gem_count(count, gem)} \u00d7 {value})", count * value))
        else:
            rows.append((f"container {index}: empty ({_points(value)} per gem)", 0))
    empty = sum(1 for gem in state.gears if gem is None)
    rows.append((f"empty gears ({empty} \u00d7 {POINTS_PER_EMPTY_GEAR})", POINTS_PER_EMPTY_GEAR * empty))
    rows.append((f"cursite kept ({state.cursite} \u00d7 {POINTS_PER_CURSITE})", POINTS_PER_CURSITE * state.cursite))
    total = sum(points for _, points in rows)
    rank = rank_for(total)
    higher = [(lowest, name) for lowest, name in RANKS if lowest > total]
    why = (f"{total} points make you {_a(rank)}; {higher[0][0] - total} more would have made you "
           f"{_a(higher[0][1])}." if higher else f"{total} points make you {_a(rank)}, the best rank.")
    return {"rows": rows, "total": total, "rank": rank, "why": why}


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")


def empty_gears_words(state) -> str:
    """Why the score starts high and falls as gears fill: 'each empty gear scores 5 at the end: 15 now'."""
    empty = sum(1 for gem in state.gears if gem is None)
    return (f"each empty gear scores {POINTS_PER_EMPTY_GEAR} at the end: {POINTS_PER_EMPTY_GEAR * empty} now "
            f"({empty} empty), so the score falls when a gem lands on a gear")


def _a(name: str) -> str:
    return ("an " if name[0].lower() in "aeiou" else "a ") + name
