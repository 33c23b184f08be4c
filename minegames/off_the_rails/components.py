"""The components of Off the Rails as fixed data: the gems in the bag, the deposit cards, the
chasm tokens and the mission cards.

Counts come from the facts file (66 gems, 33 deposit cards, 20 chasm tokens, 11 missions);
the rock count (12) follows from them. What each mission asks was never found: the eleven
missions here are this project's own design (docs/rules/off_the_rails.md, reading 12).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from .board import CLANS

#: The gems, cheapest first, with their points and how many are in the bag.
GEMS = ("rock", "ruby", "emerald", "gold", "diamond")
JEWELS = GEMS[1:]  # the four that score
GEM_POINTS = {"rock": 0, "ruby": 1, "emerald": 2, "gold": 3, "diamond": 4}
BAG_COUNTS = {"rock": 12, "ruby": 24, "emerald": 15, "gold": 10, "diamond": 5}
TOTAL_GEMS = sum(BAG_COUNTS.values())  # 66

CARTS_PER_PLAYER = 2
CART_CAPACITY = 5
START_SPEED, MIN_SPEED, MAX_SPEED = 3, 1, 6
ACTIONS_PER_TURN = 4
TOKENS_PER_COLOUR = 5
#: End-game points: a cart never derailed, a mission card, the most rubies.
CART_BONUS, MISSION_POINTS, RUBY_MAJORITY = 3, 4, 5
MISSIONS_FACE_UP = 3
#: The supply when tiles are limited (option ``limited_tiles``): the facts file's suggestion.
TILE_LIMITS = {"straight": 30, "corner": 30, "T": 20, "cross": 10}


@dataclasses.dataclass(frozen=True)
class DepositCard:
    """A numbered deposit card: which mine, which of its squares, and how many gems it puts there."""

    colour: str
    number: int

    @property
    def id(self) -> str:
        return f"{self.colour} {self.number}"

    @property
    def gems(self) -> int:
        """Cards 1-5 put 2 gems, cards 6-8 put 3 (the facts file's table)."""
        return 2 if self.number <= 5 else 3


DEPOSIT_CARDS = tuple(DepositCard(colour, number) for colour in CLANS for number in range(1, 9))
CARD_BY_ID = {card.id: card for card in DEPOSIT_CARDS}
CHASM_CARD = "chasm"


# ---- missions (invented) -----------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Delivery:
    """What a mission looks at: one cart's load arriving at the surface."""

    player: int
    load: tuple[str, ...]
    exit_clan: str | None  # the clan whose exit it reached (None: a plain surface square)
    own_clan: str
    stockpile: tuple[str, ...]  # the player's stockpile after this delivery
    deliveries_this_turn: int   # this player's deliveries this turn, this one included


@dataclasses.dataclass(frozen=True)
class Mission:
    id: str
    title: str
    text: str
    met: Callable[[Delivery], bool]


def _count(load, gem) -> int:
    return sum(1 for g in load if g == gem)


MISSIONS = (
    Mission("rainbow", "Rainbow", "Deliver a ruby, an emerald, a gold and a diamond in one load.",
            lambda d: all(j in d.load for j in JEWELS)),
    Mission("full_load", "Full load", "Deliver a cart holding 5 gems.", lambda d: len(d.load) == 5),
    Mission("ruby_run", "Ruby run", "Deliver 3 or more rubies in one load.", lambda d: _count(d.load, "ruby") >= 3),
    Mission("green_haul", "Green haul", "Deliver 2 or more emeralds in one load.",
            lambda d: _count(d.load, "emerald") >= 2),
    Mission("gold_rush", "Gold rush", "Deliver 2 or more gold in one load.", lambda d: _count(d.load, "gold") >= 2),
    Mission("rough_diamond", "Rough diamond", "Deliver a diamond and a rock in one load.",
            lambda d: "diamond" in d.load and "rock" in d.load),
    Mission("clean_load", "Clean load", "Deliver 4 or more gems with no rock among them.",
            lambda d: len(d.load) >= 4 and "rock" not in d.load),
    Mission("long_way_home", "Long way home", "Deliver a load at another clan's exit.",
            lambda d: d.exit_clan is not None and d.exit_clan != d.own_clan),
    Mission("double_delivery", "Double delivery", "Deliver with both your carts in one turn.",
            lambda d: d.deliveries_this_turn >= 2),
    Mission("treasure", "Treasure", "Deliver a load worth 8 points or more.",
            lambda d: sum(GEM_POINTS[g] for g in d.load) >= 8),
    Mission("hoard", "Hoard", "Have 12 or more gems in your stockpile.", lambda d: len(d.stockpile) >= 12),
)
MISSION_BY_ID = {mission.id: mission for mission in MISSIONS}


def load_points(load) -> int:
    return sum(GEM_POINTS[gem] for gem in load)


def gem_sort_key(gem: str) -> int:
    return GEMS.index(gem)
