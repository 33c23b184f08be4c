"""What :mod:`.analysis` needs to know about a miner, read off a game as it stands.

``analysis`` works on plain numbers (a yield bonus, a Bread count...). The app's hints and the
lessons' exercises ask about a live state; these helpers turn one into the other, once, for both.
(Bots keep their own versions: they may see only what their seat's view shows.)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import analysis, components, dice_rules
from .state import GoldmineRumbles


def miner_at_claim(state: GoldmineRumbles, p: int, claim: int) -> dict[str, Any]:
    """A miner's yield bonus, token penalty and Bible for :mod:`.analysis`'s yield functions."""
    return {"bonus": dice_rules.yield_bonus(components.CLAIMS[claim].type, state.sheet(p)["dashboard"]),
            "penalty": state.penalty(p), "bible": state.items(p)["Bible"] > 0,
            "bible_faces": state.options.bible_faces}


def hazard_miner(state: GoldmineRumbles, p: int) -> dict[str, Any]:
    """What the hazard die's cost depends on, for miner ``p`` as things stand (``analysis``'s keywords)."""
    sheet = state.sheet(p)
    return {"bread": state.items(p)["Bread"], "tonic_cubes": sheet["dashboard"][dice_rules.FORTIFYING_TONIC],
            "safety_cubes": sheet["dashboard"][dice_rules.SAFETY_GEAR],
            "gold_rank": dice_rules.gold_ranks([state.gold(q) for q in range(state.num_players)])[p],
            "tonic_rule": state.options.tonic_rule}


def hazard_cost(state: GoldmineRumbles, p: int) -> Fraction:
    """The hazard die's exact expected cost to miner ``p``, in gold, as things stand.

    Bread counts 1gn, a Bandage or Poison token the 2gn it costs at the end, injuries only
    when they fill the track; Papa Clayton's fee is paid, not fought (:func:`.analysis.expected_hazard_cost`).
    """
    return analysis.expected_hazard_cost(injuries=state.sheet(p)["injuries"], **hazard_miner(state, p))
