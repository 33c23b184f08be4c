"""End scores, the winner, and the solo game's outcome: pure functions of a state.

A player scores the points of the gems in their stockpile (rock 0 to diamond 4), 5 more for
holding the most rubies (every player tied for most, if anyone has one), 3 for each cart that
went out and has not derailed since it was last put out (with ``bonus_lost_for_good``: never
derailed at all), and 4 for each mission card. Ties go to the most gems, then the
fewest rocks; players still level share the win.
"""

from __future__ import annotations

from .board import CLANS, JEWEL_OF_CLAN
from .components import CART_BONUS, GEM_POINTS, JEWELS, MISSION_POINTS, RUBY_MAJORITY


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


__all__ = ["CLANS", "breakdown", "scores", "winners", "solo_result", "solo_standing"]
