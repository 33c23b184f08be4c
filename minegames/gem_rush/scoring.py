"""The end of the game explained: each player's points by source (from ``state.builds``), the skills
held, and why the game was won (Rush: the most points; Crisis: the team's total against the target).
Nothing here changes how a score is worked out (moves._build adds each build's points).
"""

from __future__ import annotations

from typing import Any, Sequence

from .components import SKILL_BY_ID
from .skills import skills_of

#: plain-word labels of each source of points, in :func:`score_breakdown`'s order
LABELS = ("door points", "Orichalcum bonus (1 point for each Orichalcum whose card's other gem paid)",
          "Foreman skill", "points from the set-up")


def score_breakdown(state) -> list[dict[str, int]]:
    """Per player: door points, Orichalcum points, the Foreman skill's points, any points the
    position started with (a made-up position), then "total" (the player's score)."""
    result = []
    for p, player in enumerate(state.players):
        doors = orichalcum = foreman = 0
        for builder, _room, _rotation, _side, door, ori, bonus in state.builds:
            if builder == p:
                doors, orichalcum, foreman = doors + door, orichalcum + ori, foreman + bonus
        parts = dict(zip(LABELS, (doors, orichalcum, foreman, player["score"] - doors - orichalcum - foreman)))
        parts["total"] = player["score"]
        result.append(parts)
    return result


def builds_of(state, p: int) -> int:
    return sum(1 for build in state.builds if build[0] == p)


def ending(state, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The end screen's facts: ``rows`` (label, points per player; a source nobody scored is left
    out), ``totals``, ``winners``, ``revealed`` (builds and skills per player) and ``why`` (sentences)."""
    count = state.num_players
    names = list(names) if names is not None else [f"player {p + 1}" for p in range(count)]
    parts = score_breakdown(state)
    rows = [(label, [row[label] for row in parts]) for label in LABELS
            if label == LABELS[0] or any(row[label] for row in parts)]
    totals = [row["total"] for row in parts]
    revealed = []
    for p, player in enumerate(state.players):
        held = skills_of(state, p)
        skills = ", ".join(SKILL_BY_ID[s].name if s in SKILL_BY_ID else s for s in held) or "none"
        builds = builds_of(state, p)
        revealed.append(f"{names[p]}: {builds} door{'' if builds == 1 else 's'} built; skills at the end: {skills}.")
    return {"rows": rows, "totals": totals, "winners": state.winners(), "revealed": revealed,
            "why": [f"The game ended: {state.ended_by}.", _why(state, names, totals)]}


def _why(state, names: Sequence[str], totals: list[int]) -> str:
    target = state.options.target_score
    if state.options.mode == "crisis":
        team = state.team_score
        if target is None:
            return f"Crisis with no target: the team scored {team} in all."
        if team >= target:
            over = "exactly on it" if team == target else f"{team - target} over"
            return f"The team's total is {team}, the target {target}: the team wins, {over}."
        return f"The team's total is {team}, the target {target}: {target - team} short, so the mine wins."
    won = state.winners()
    best = totals[won[0]]
    if len(won) > 1:
        return f"{_and(names[p] for p in won)} share the win with {best} points each (no tie-break)."
    second = max(t for p, t in enumerate(totals) if p != won[0])
    return f"Winner: {names[won[0]]} with {best} points, {best - second} ahead of the next player."


def _and(names) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
