"""End scores, the winner, and the solo game's outcome: pure functions of a state.

A player scores the points of the gems in their stockpile (rock 0 to diamond 4), 5 more for
holding the most rubies (every player tied for most, if anyone has one), 3 for each cart that
went out and has not derailed since it was last put out (with ``bonus_lost_for_good``: never
derailed at all), and 4 for each mission card. Ties go to the most gems, then the
fewest rocks; players still level share the win.
"""

from __future__ import annotations

from .board import CLANS, JEWEL_OF_CLAN
from .components import CART_BONUS, GEM_POINTS, JEWELS, MISSION_BY_ID, MISSION_POINTS, RUBY_MAJORITY


def gem_points(state, player: int) -> int:
    return sum(GEM_POINTS[gem] for gem in state.players[player]["stockpile"])


def has_ruby_majority(state, player: int) -> bool:
    rubies = [p["stockpile"].count("ruby") for p in state.players]
    return max(rubies) > 0 and rubies[player] == max(rubies)


def sound_carts(state, player: int) -> int:
    """Carts that went out and hold their bonus (a cart left in the supply earns nothing). A cart's
    ``derailed`` flag is cleared when it is put out again, unless ``bonus_lost_for_good``."""
    return sum(1 for i in state.carts_of(player)
               if state.carts[i]["placed"] and not state.carts[i]["derailed"])


def bonus_if_put_out(state, index: int) -> bool:
    """Whether the cart ``index``, put out from the supply now, could still earn its bonus: a
    fresh cart always can, a derailed one only when the bonus is not lost for good."""
    return not (state.carts[index]["derailed"] and state.options.bonus_lost_for_good)


def breakdown(state, player: int) -> dict[str, int]:
    """Each part of a player's score (the ruby bonus only counts with two or more players)."""
    parts = {
        "gems": gem_points(state, player),
        "rubies": RUBY_MAJORITY if state.num_players > 1 and has_ruby_majority(state, player) else 0,
        "carts": CART_BONUS * sound_carts(state, player),
        "missions": MISSION_POINTS * len(state.players[player]["missions"]),
    }
    parts["total"] = sum(parts.values())
    return parts


def scores(state) -> list[int]:
    return [breakdown(state, p)["total"] for p in range(state.num_players)]


def ranking_key(state, player: int) -> tuple[int, int, int]:
    stock = state.players[player]["stockpile"]
    return breakdown(state, player)["total"], len(stock), -stock.count("rock")


def winners(state) -> list[int]:
    """The player(s) with the best score, after the tie-breaks."""
    keys = [ranking_key(state, p) for p in range(state.num_players)]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]


#: plain-word labels of the parts of :func:`breakdown`, in its order
PART_LABELS = {"gems": "gem points in the stockpile", "rubies": f"most rubies (+{RUBY_MAJORITY})",
               "carts": f"carts kept on the rails (+{CART_BONUS} each)",
               "missions": f"missions (+{MISSION_POINTS} each)"}

#: what the running points shown during play may still lose or gain
RUNNING_NOTE = (f"The +{RUBY_MAJORITY} ruby bonus goes to whoever holds the most rubies at the end, "
                f"so it can still move; a cart that derails loses its +{CART_BONUS}.")


def ruby_words(state, names) -> str:
    """Who holds the most rubies, and so the ruby bonus (two or more players only)."""
    rubies = [p["stockpile"].count("ruby") for p in state.players]
    counts = ", ".join(f"{names[p]} {n}" for p, n in enumerate(rubies))
    if max(rubies) == 0:
        return f"Nobody delivered a ruby, so nobody gets the ruby bonus (rubies delivered: {counts})."
    holders = [names[p] for p in range(state.num_players) if has_ruby_majority(state, p)]
    return (f"Most rubies ({max(rubies)}) delivered: {_and(holders)} +{RUBY_MAJORITY} "
            f"(rubies delivered: {counts}).")


def ending(state, names=None) -> dict:
    """The end screen's facts (two or more players): ``rows`` (label, points per player),
    ``totals``, ``winners``, ``revealed`` (missions and carts per player) and ``why`` (sentences)."""
    count = state.num_players
    names = list(names) if names is not None else [p["clan"].capitalize() for p in state.players]
    parts = [breakdown(state, p) for p in range(count)]
    rows = [(PART_LABELS[key], [row[key] for row in parts]) for key in PART_LABELS]
    totals = [row["total"] for row in parts]
    revealed = []
    for p, player in enumerate(state.players):
        placed = [i for i in state.carts_of(p) if state.carts[i]["placed"]]
        titles = ", ".join(MISSION_BY_ID[m].title for m in player["missions"])
        missions = f"missions completed: {titles}" if titles else "no missions completed"
        revealed.append(f"{names[p]}: {missions}; carts put out {len(placed)}, "
                        f"still on the rails {sound_carts(state, p)}; {_count(len(player['stockpile']), 'gem')}, "
                        f"{_count(player['stockpile'].count('rock'), 'rock')}.")
    return {"rows": rows, "totals": totals, "winners": winners(state), "revealed": revealed,
            "why": [ruby_words(state, names), winner_words(state, names)]}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def winner_words(state, names) -> str:
    """Why the winner won: the most points, or the tie-break that decided (most gems, fewest rocks)."""
    keys = [ranking_key(state, p) for p in range(state.num_players)]
    won = winners(state)
    best = keys[won[0]]
    level = [p for p, key in enumerate(keys) if key[0] == best[0]]
    who = _and(names[p] for p in won)
    if len(won) > 1:
        return (f"{who} share the win: {best[0]} points, {best[1]} gems and {-best[2]} rocks each "
                "(every tie-break is level).")
    if len(level) == 1:
        second = max(key[0] for p, key in enumerate(keys) if p != won[0])
        return f"Winner: {who} with {best[0]} points, {best[0] - second} ahead of the next player."
    tied = _and(names[p] for p in level)
    if sum(keys[p][1] == best[1] for p in level) == 1:
        gems = ", ".join(f"{names[p]} {keys[p][1]}" for p in level)
        return f"{tied} tie on {best[0]} points; the tie-break is the most gems: {gems}, so {who} {_wins(who)}."
    rocks = ", ".join(f"{names[p]} {-keys[p][2]}" for p in level if keys[p][1] == best[1])
    return (f"{tied} tie on {best[0]} points and on gems ({best[1]}); the next tie-break is the fewest "
            f"rocks: {rocks}, so {who} {_wins(who)}.")


# ---- the solo game ---------------------------------------------------------------------------------
MAJOR_VICTORY, VICTORY, PARTIAL_VICTORY, LOSS = "major victory", "victory", "partial victory", "loss"


def matched_deliveries(state) -> dict[str, int]:
    """Jewels of each kind delivered at the exit of the clan whose colour they match."""
    counts = dict.fromkeys(JEWELS, 0)
    for _, exit_clan, load, _ in state.deliveries:
        if exit_clan:
            wanted = JEWEL_OF_CLAN[exit_clan]
            counts[wanted] += load.count(wanted)
    return counts


def delivered(state) -> dict[str, int]:
    counts = dict.fromkeys(JEWELS, 0)
    for _, _, load, _ in state.deliveries:
        for gem in load:
            if gem in counts:
                counts[gem] += 1
    return counts


def solo_standing(state) -> str:
    """The outcome the deliveries so far would give."""
    matched = matched_deliveries(state)
    if all(n >= 2 for n in matched.values()):
        return MAJOR_VICTORY
    if all(n >= 1 for n in matched.values()):
        return VICTORY
    if all(n >= 1 for n in delivered(state).values()):
        return PARTIAL_VICTORY
    return LOSS


def solo_result(state) -> str | None:
    """The solo outcome once the game is over (None before): the game ending because the last
    chasm token has landed is a loss, unless the option ``solo_last_token`` counts the deliveries."""
    if not state.is_over:
        return None
    if state.options.solo_last_token == "loss" and state.ended_by == "tokens":
        return LOSS
    return solo_standing(state)


__all__ = ["CLANS", "breakdown", "ending", "scores", "winners", "solo_result", "solo_standing"]


def _and(names) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _wins(name: str) -> str:
    return "win" if name.lower() == "you" else "wins"
