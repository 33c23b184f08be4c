"""What the Goldmine Rumbles state and its rule modules share: table constants, the
checks that a decision is the one waited on, and the form positions take in actions."""

from __future__ import annotations

from typing import Any

from minegames.core import refuse

from . import components
from .decisions import Decision
from .mine import position_to_json

__all__ = ["refuse"]  # the rule modules take it from here, with the constants below

CLAYTON = -1  # the fight side that is Papa Clayton
FREE_USE = {  # items usable whenever their owner is active: what they clear
    "Whiskey": "injuries", "Medical Supplies": "bandages", "Fungus": "poisons", "Apple Pie": "black_marks",
}
STORE_SLOTS = len(components.STORE_PRICES)
SLOT_PAIRS = ((0, 1), (0, 2), (1, 2))
WHOLE_ROW = (0, 1, 2)  # a Matchstick takes all three
FIGHT_ITEMS = {Decision.ARM: "armed", Decision.CHIPPAWA: "leaf"}  # decision -> the fight's flag the item sets
ITEM_ANSWERS = {  # decisions answered yes by using one item (or no, by declining)
    Decision.RAT: "Bread", Decision.SNAKE: "Blunderbuss", Decision.BIBLE: "Bible",
    Decision.ARM: "Blunderbuss", Decision.CHIPPAWA: "Chippawa Leaf",
}
SWAP_ICONS = {"Flask": components.FLASK_ITEMS, "Harmonica": components.HARMONICA_ITEMS}  # Papa Clayton's swaps
TRADE_SET, TRADE_SOLD, TRADE_PRICE = 3, 2, 6  # three alike: two go back for 6gn
PIPE_MOVES = 3
ROUTE_FINDER_FEE = 1  # paid route finders: the helper's reward, from the bank
ROUTE_PLAN_BLASTS = 2  # how many Dynamite rotations the compass (route_plan) considers


def position_key(position) -> Any:
    """A position in the form Step and Travel actions carry (an int, or a tuple)."""
    data = position_to_json(position)
    return tuple(data) if isinstance(data, list) else data


def in_turn(state, modes: tuple, what: str) -> dict[str, Any]:
    """Refuse ``what`` unless the turn decision is on top and its main action is at one of ``modes``
    (one main action a turn); give the turn's entry."""
    top, turn = state._top(), state._turn()
    if turn is not None and turn["mode"] not in modes:
        refuse("one main action", f"{what} is not possible now (the turn is at: {turn['mode'] or 'its start'})")
    if top["kind"] != Decision.TURN:
        refuse("not now", f"{what} waits until the {top['kind']} decision is settled")
    return top


def deciding(state, kind: Decision, what: str) -> dict[str, Any]:
    """Refuse ``what`` unless the decision on top is of ``kind``; give its entry."""
    top = state._top()
    if top["kind"] != kind:
        refuse("not now", f"{what} is not possible while the {top['kind']} decision is pending")
    return top
