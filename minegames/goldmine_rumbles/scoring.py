"""The end of the game explained: each step of the final gold per miner, the missions revealed,
and why the winner won. The numbers come from ``state.score_breakdown()`` (dice_rules.end_game_steps);
nothing here changes how a score is worked out.
"""

from __future__ import annotations

from typing import Any, Sequence

from minegames.core.words import plural

from . import components, dice_rules

#: the plain-word label of each end step, in the rulebook's order (p9)
STEP_LABELS = {
    "gold": "gold on the track",
    "notebooks": f"gold back from {dice_rules.NOTEBOOKS} ({dice_rules.column_effect(dice_rules.NOTEBOOKS, 1)} a cube)",
    "fewest black marks": "fewest Black Marks",
    "tokens": f"tokens (-{dice_rules.END_TOKEN_COST} each)",
    "mission": "mission items",
}

#: what the running gold shown during play leaves out
RUNNING_NOTE = ("Gold on the track only: Notebook gold, the fewest-Black-Marks bonus, "
                f"-{dice_rules.END_TOKEN_COST}gn per Bandage, Poison and Black Mark, and mission items "
                "count at the end.")


def score_breakdown(state) -> list[dict[str, int]]:
    """Per miner, each end step as a plain-word label -> gold (penalties negative), then "total"."""
    result = []
    for steps in state.score_breakdown():
        parts = {STEP_LABELS[key]: value for key, value in steps.items() if key != "final"}
        parts["total"] = steps["final"]
        result.append(parts)
    return result


def mission_items(state, p: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Miner ``p``'s (hidden) mission, and the items of it they hold at the end."""
    wanted = components.MISSIONS[state.sheet(p)["mission"]]
    held = state.sheet(p)["items"]
    return wanted, tuple(item for item in wanted if held.get(item))


def ending(state, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Everything the end screen says: ``rows`` (label, gold per miner), ``totals``, ``winners``,
    ``revealed`` (one line per miner: mission and tokens) and ``why`` (plain sentences)."""
    count = state.num_players
    names = list(names) if names is not None else [state.sheet(p)["colour"] for p in range(count)]
    parts = score_breakdown(state)
    labels = [label for label in parts[0] if label != "total"]
    totals = [row["total"] for row in parts]
    best = max(totals)
    winners = [p for p in range(count) if totals[p] == best]
    revealed = []
    for p in range(count):
        sheet = state.sheet(p)
        wanted, held = mission_items(state, p)
        got = ", ".join(held) if held else "none"
        revealed.append(f"{names[p]}: mission {', '.join(wanted)}; held {len(held)} ({got}) "
                        f"= +{dice_rules.mission_bonus(len(held))}gn. Bandages {sheet['bandages']}, "
                        f"Poison {sheet['poisons']}, Black Marks {sheet['black_marks']}.")
    why = [_marks_words(state, names)]
    why.append(_winner_words(names, totals, winners, [row[STEP_LABELS["gold"]] for row in parts]))
    return {"rows": [(label, [row[label] for row in parts]) for label in labels], "totals": totals,
            "winners": winners, "revealed": revealed, "why": why}


def _marks_words(state, names: Sequence[str]) -> str:
    marks = [state.sheet(p)["black_marks"] for p in range(state.num_players)]
    bonuses = dice_rules.fewest_marks_bonuses(marks)
    if not any(bonuses):
        return f"Everyone has {plural(marks[0], 'Black Mark')}, so nobody gets the fewest-Black-Marks bonus."
    who = _and(names[p] for p, bonus in enumerate(bonuses) if bonus)
    return f"Fewest Black Marks ({min(marks)}): {who} +{max(bonuses)}gn."


def _winner_words(names: Sequence[str], totals: list[int], winners: list[int], track: list[int]) -> str:
    best = totals[winners[0]]
    if len(winners) > 1:
        return (f"{_and(names[p] for p in winners)} share the win with {best}gn each "
                "(the rules have no tie-break).")
    winner = winners[0]
    rest = [totals[p] for p in range(len(totals)) if p != winner]
    words = f"Winner: {names[winner]} with {best}gn, {best - max(rest)}gn ahead of the next miner."
    leaders = [p for p, gold in enumerate(track) if gold == max(track)]
    if winner not in leaders:
        words += (f" {_and(names[p] for p in leaders)} had the most gold on the track ({max(track)}gn), "
                  "but the end steps changed the order.")
    return words


def _and(names) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
