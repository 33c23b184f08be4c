"""Constants and small helpers shared by the Goldmine Rumbles state and its rule mixins."""

from __future__ import annotations

from typing import Any

from minegames.core import refuse

from . import components as C
from . import mine as M

__all__ = ["refuse"]  # the rule modules take it from here, with the constants below

CLAYTON = -1  # the fight side that is Papa Clayton
FREE_USE = {  # items usable whenever their owner is active: what they clear
    "Whiskey": "injuries", "Medical Supplies": "bandages", "Fungus": "poisons", "Apple Pie": "black_marks",
}
STORE_SLOTS = len(C.STORE_PRICES)
#: decisions during which the decider may also act freely ("partner items": a partner using
#: what they picked up at the claim, until they say they are done)
ACTIVE_KINDS = ("turn", "travel", "items", "partner items")
SLOT_PAIRS = ((0, 1), (0, 2), (1, 2))
WHOLE_ROW = (0, 1, 2)  # a Matchstick takes all three
FIGHT_ITEMS = {"arm": "armed", "chippawa": "leaf"}  # decision -> the fight's flag the item sets
SWAP_ICONS = {"Flask": C.FLASK_ITEMS, "Harmonica": C.HARMONICA_ITEMS}  # what Papa Clayton swaps each for
TRADE_SET, TRADE_SOLD, TRADE_PRICE = 3, 2, 6  # three alike: two go back for 6gn
PIPE_MOVES = 3
ROUTE_FINDER_FEE = 1  # paid route finders: the helper's reward, from the bank
ROUTE_PLAN_BLASTS = 2  # how many Dynamite rotations the compass (route_plan) considers


def position_key(position) -> Any:
    """A position in the form Step and Travel actions carry (an int, or a tuple)."""
    data = M.position_to_json(position)
    return tuple(data) if isinstance(data, list) else data
