"""The check after a round and the points of one board.

Pure functions on plain data, so a lesson can score a board drawn by hand and the
state, the solver and the bots all agree on one formula; ``score_breakdown`` and ``ending``
sum a finished game's rounds for the end screen.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

BASE_POINTS = 10
CALLER_BONUS = 2
MOST_EMPTY_CELLS = 10  # more empty cells than this scores 0 in total

OVER_ROCK = "over the rock"
NOT_ON_CARD = "colour not on card"
OVER_LIMIT = "over the card limit"


def wrongly_placed(gallery: frozenset, placed: Sequence[tuple[int, str, frozenset]],
                   limits: Mapping[str, int]) -> list[tuple[int, str]]:
    """The tiles the check takes off a board, with the reason, in the order they go.

    ``placed`` lists (tile, colour, cells) in the order the tiles were put down.
    First every tile hanging over the rock goes, then every tile of a colour the card
    does not show, then, per colour, the most recently placed tiles beyond the card's
    limit (the last tile put down is the one that broke the limit).
    """
    over_rock = [(tile, OVER_ROCK) for tile, _, cells in placed if not cells <= gallery]
    off_card = [(tile, NOT_ON_CARD) for tile, colour, cells in placed
                if cells <= gallery and limits.get(colour, 0) <= 0]
    gone = {tile for tile, _ in over_rock + off_card}
    staying = [(tile, colour) for tile, colour, _ in placed if tile not in gone]
    used: dict[str, int] = {}
    for tile, colour in staying:
        used[colour] = used.get(colour, 0) + 1
    over_limit = []
    for tile, colour in reversed(staying):
        if used[colour] > limits[colour]:
            over_limit.append((tile, OVER_LIMIT))
            used[colour] -= 1
    return over_rock + off_card + over_limit


def elf_points(elves: Iterable, colour_at: Mapping[tuple[int, int], str], limits: Mapping[str, int]) -> int:
    """+1 per elf whose gallery cell holds a crystal of its colour, if the card shows that colour."""
    return sum(1 for elf in elves
               if colour_at.get(tuple(elf.cell)) == elf.colour and limits.get(elf.colour, 0) > 0)


def find_points(kinds_on_board: Iterable[str], card_finds: Mapping[str, int]) -> int:
    """The card's points for each find lying on the board (kinds the card omits score 0)."""
    return sum(card_finds.get(kind, 0) for kind in kinds_on_board)


def round_points(empty: int, *, caller: bool = False, caller_correct: bool = False, elves: int = 0,
                 finds: int = 0, negative_rounds: bool = True) -> dict[str, int]:
    """One player's points for a round, with the breakdown the score sheet shows.

    More than ten empty cells score nothing at all (no bonus, no penalty).
    ``negative_rounds=False`` raises a negative total to 0.
    """
    if empty > MOST_EMPTY_CELLS:
        return {"base": BASE_POINTS, "empty": -empty, "caller": 0, "elves": 0, "finds": 0,
                "total": 0, "zeroed": True}
    caller_points = (CALLER_BONUS if caller_correct else -CALLER_BONUS) if caller else 0
    total = BASE_POINTS - empty + caller_points + elves + finds
    if not negative_rounds:
        total = max(total, 0)
    return {"base": BASE_POINTS, "empty": -empty, "caller": caller_points, "elves": elves, "finds": finds,
            "total": total, "zeroed": False}


#: plain-word labels of the parts of :func:`round_points`, summed over the rounds
PART_LABELS = {"base": f"base ({BASE_POINTS} a round)", "empty": "empty cells (-1 each)",
               "caller": f"calling the end (+{CALLER_BONUS} or -{CALLER_BONUS})", "elves": "elves",
               "finds": "finds"}
ZEROED_LABEL = "rounds that scored 0"


def score_breakdown(state) -> list[dict[str, int]]:
    """Per player, each source of points summed over the rounds played, then what rounds scored 0
    took back (more than ten empty cells, or a negative round raised to 0), then "total"."""
    result = []
    for p in range(state.num_players):
        parts = dict.fromkeys([*PART_LABELS.values(), ZEROED_LABEL], 0)
        total = 0
        for played in state.round_results:
            points = played["points"][p]
            for key, label in PART_LABELS.items():
                parts[label] += points[key]
            parts[ZEROED_LABEL] += points["total"] - sum(points[key] for key in PART_LABELS)
            total += points["total"]
        parts["total"] = total
        result.append(parts)
    return result


#: what "the check" is, said once where the end screen first uses it
CHECK_WORDS = ("the check at the end of each round takes off every tile laid wrongly: over the rock, "
               "of a colour the treasure card does not show, or beyond the number the card allows")


def _signed(points: int, what: str) -> str:
    sign = "+" if points >= 0 else "\u2212"
    return f"{sign} {abs(points)} {what}"


def round_sum_words(points: Mapping[str, int]) -> str:
    """One round's points as a sum a player can check: '10 base − 4 empty cells + 2 for the call = 8'."""
    empty = -points["empty"]
    if points["zeroed"]:
        return f"{empty} empty cells, more than {MOST_EMPTY_CELLS}: 0"
    parts = [f"{points['base']} base", f"\u2212 {empty} empty cell" + ("" if empty == 1 else "s")]
    named = {"caller": "for the call", "elves": "for elves", "finds": "for finds"}
    parts += [_signed(points[key], what) for key, what in named.items() if points.get(key)]
    raw = sum(points[key] for key in ("base", "empty", *named))
    result = f" = {raw}".replace("-", "\u2212") + (", raised to 0" if points["total"] != raw else "")
    return " ".join(parts) + result


def ending(state, names=None) -> dict:
    """The end screen's facts: ``rows`` (one per round: each player's points), ``totals``, ``winners``,
    ``revealed`` (per player, each round's points as a sum and the tiles the check took off) and
    ``why`` (sentences: the winner, then the rules that made a round score 0)."""
    count = state.num_players
    names = list(names) if names is not None else [f"Player {p + 1}" for p in range(count)]
    results = state.round_results
    rows = [(f"round {played['round']}", [played["points"][p]["total"] for p in range(count)]) for played in results]
    totals = [sum(values[p] for _, values in rows) for p in range(count)]
    revealed = []
    for p in range(count):
        rounds = "; ".join(f"round {played['round']}: {round_sum_words(played['points'][p])}" for played in results)
        taken = sum(len(played["removed"][p]) for played in results)
        revealed.append(f"{names[p]}: {rounds}. Tiles the end-of-round check took off: {taken}.")
    won = state.winners()
    best = totals[won[0]]
    if len(won) > 1:
        why = f"{_and(names[p] for p in won)} share the win with {best} points each (no tie-break)."
    elif count == 1:
        why = f"Your total: {best} points."
    else:
        second = max(t for p, t in enumerate(totals) if p != won[0])
        why = f"Winner: {names[won[0]]} with {best} points, {best - second} ahead of the next player."
    return {"rows": rows, "totals": totals, "winners": won, "revealed": revealed,
            "why": [why, *_rule_words(state)]}


def _rule_words(state) -> list[str]:
    """The rules behind the round sums, said once: the check, the zero rule, the floor at 0 if used."""
    words = [f"Each round starts at {BASE_POINTS} points, less 1 for every empty cell left after the check "
             f"({CHECK_WORDS})."]
    words.append(f"A round with more than {MOST_EMPTY_CELLS} empty cells scores 0, bonuses and penalties included.")
    if not state.options.negative_rounds:
        words.append("In this game a round that would score below 0 counts as 0.")
    return words


def _and(names) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
