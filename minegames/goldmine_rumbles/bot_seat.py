"""What a Goldmine Rumbles bot knows about the miner it decides for, and the exact numbers it leans on.

:class:`Seat` holds the deciding miner's public sheet, their own mission and the turns they have
left, and prices the things every decision weighs in gold nuggets (gn): one more or one fewer
item, a Bandage or Poison token, a Black Mark, the hazard die. The ``cached_*`` functions wrap
:mod:`.analysis` (exact odds) in caches, since bots ask the same questions again and again.

The tuning constants at the top are shared by every bot module; all values are rough.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from . import analysis
from . import components as C
from . import dice_rules as R
from .engine_common import FREE_USE, TRADE_SET
from .state import GoldmineRumbles

MINING_CHANCE = 0.75  # how often a future turn is spent mining
SELL_GAIN = 4.5  # a third copy of an item: two sold for 6gn, less what the two were worth
INJURY_COST = 0.5
PENALTY_COST = 0.6  # a Bandage or Poison token's -1, for each turn still to play
MARKS_BONUS_WEIGHT = 0.5
EPSILON = 0.05
USE_VALUE = {  # a first copy's worth for its own use, before missions, trades and healing
    "Bread": 0.8, "Dynamite": 1.2, "Whiskey": 0.6, "Medical Supplies": 0.8, "Fungus": 0.6, "Apple Pie": 0.6,
    "Blunderbuss": 1.2, "Chippawa Leaf": 1.2, "Bible": 1.2, "Harmonica": 0.6, "Matchstick": 0.6, "Bacon": 0.3,
    "Pipe": 0.2, "Flask": 0.2, "Detonator": 0.2,
}
HEALING_ORDER = ("Medical Supplies", "Fungus", "Apple Pie", "Whiskey")


# ---- cached exact numbers ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def cached_fight_odds(bonus: int, opponent_bonus: int, injuries: int, opponent_injuries: int,
                      leaves: int) -> tuple[float, float, float]:
    """(win, lose, both lose) as floats; ``leaves`` < 0 are the opponent's Chippawa Leaves."""
    injuries, opponent_injuries = min(injuries, R.INJURY_LIMIT - 1), min(opponent_injuries, R.INJURY_LIMIT - 1)
    if leaves >= 0:
        return analysis.fight_odds(bonus, opponent_bonus, injuries, opponent_injuries, leaves).floats()
    theirs = analysis.fight_odds(opponent_bonus, bonus, opponent_injuries, injuries, -leaves).floats()
    return theirs[1], theirs[0], theirs[2]


@lru_cache(maxsize=None)
def cached_mean_yield(bonus: int, penalty: int) -> float:
    """Expected gold from one yield die."""
    return sum(R.miner_yield(die, bonus, penalty) for die in range(1, 7)) / 6


@lru_cache(maxsize=None)
def cached_partner_yield(owner: tuple, partner: tuple, sharing: str, faces: tuple) -> float:
    """A partner's exact expected yield; ``owner``/``partner`` are (bonus, penalty, holds a Bible)."""
    def miner(spec):
        return {"bonus": spec[0], "penalty": spec[1], "bible": spec[2], "bible_faces": dict(faces)}
    joint = analysis.partnered_yield_distribution(miner(owner), miner(partner), sharing)
    return float(analysis.expected_value(analysis.marginal(joint, 1)))


@lru_cache(maxsize=None)
def cached_hazard_cost(injuries: int, bread: int, tonic: int, safety: int, rank: int, tonic_rule: str,
                       token_value: float) -> float:
    return float(analysis.expected_hazard_cost(injuries, 1, token_value, bread=min(bread, 2), tonic_cubes=tonic,
                                               safety_cubes=safety, gold_rank=rank, tonic_rule=tonic_rule))


# ---- the deciding miner ---------------------------------------------------------------------------

class Seat:
    """The deciding player's public sheet, their mission and the turns they have left.

    ``viewer`` is the seat whose eyes the bot uses (the player on move); other miners' hidden
    dashboards are guessed from what that seat may see.
    """

    def __init__(self, state: GoldmineRumbles, p: int, viewer: int | None = None):
        self.state, self.p = state, p
        self.viewer = p if viewer is None else viewer
        self.sheet = state.sheet(p)  # read-only: the public fields and, for p itself, the mission
        self.items = state.items(p)
        self.dash = state.dashboard(p)
        self.gold = state.gold(p)
        self.mission = set(state.mission(p))
        self.here = state.positions[p]
        self.ahead = turns_ahead(state, p)
        self.penalty = state.penalty(p)
        self.cube_value: float | None = None  # the best column's worth, filled in once per decision

    @property
    def carried(self) -> int:
        return sum(self.items.values())

    @property
    def per_dynamite(self) -> int:
        return R.column_effect(R.EXPLOSIVES_MANUALS, self.dash[R.EXPLOSIVES_MANUALS])

    def token_cost(self) -> float:
        """A Bandage or Poison: 2gn at the end, and -1 on the yields and fights still to come."""
        return R.END_TOKEN_COST + (PENALTY_COST * min(self.ahead, 3) if self.penalty < R.PENALTY_CAP else 0)

    def mark_cost(self) -> float:
        """One more Black Mark: 2gn at the end and part of any fewest-marks bonus it costs (the others may
        well take Black Marks later)."""
        marks = [self.state.sheet(q)["black_marks"] for q in range(self.state.num_players)]
        before = R.fewest_marks_bonuses(marks)[self.p]
        marks[self.p] += 1
        return R.END_TOKEN_COST + MARKS_BONUS_WEIGHT * (before - R.fewest_marks_bonuses(marks)[self.p])

    def heal_value(self, item: str) -> float:
        """What using a healing item now clears."""
        field = FREE_USE.get(item)
        if field is None or not self.sheet[field]:
            return 0.0
        if item == "Whiskey":
            return INJURY_COST * self.sheet["injuries"] + (0.5 if self.sheet["injuries"] >= 2 else 0)
        if item == "Apple Pie":
            marks = [self.state.sheet(q)["black_marks"] for q in range(self.state.num_players)]
            before = R.fewest_marks_bonuses(marks)[self.p]
            marks[self.p] -= 1
            return R.END_TOKEN_COST + R.fewest_marks_bonuses(marks)[self.p] - before
        return self.token_cost()

    def gain(self, item: str, held: Counter | None = None, healing: bool = True) -> float:
        """What one more ``item`` is worth on top of ``held`` (the current items by default)."""
        held = self.items if held is None else held
        n = held.get(item, 0)
        value = USE_VALUE.get(item, 0.2) / (1 + n) if self.ahead else 0.0
        if item == "Bread" and n == 0 and self.ahead:
            value += 0.6
        if healing and FREE_USE.get(item) and self.sheet[FREE_USE[item]] > n:
            value = max(value, self.heal_value(item))
        if item in self.mission and n == 0:
            found = sum(1 for m in self.mission if held.get(m, 0))
            value += R.mission_bonus(found + 1) - R.mission_bonus(found)
        if not C.ITEMS[item].essential:
            value += {TRADE_SET - 1: SELL_GAIN, TRADE_SET - 2: 0.5}.get(n, 0.0)
        return value

    def keep(self, item: str, healing: bool = True) -> float:
        """What the last copy held of ``item`` is worth keeping."""
        held = Counter(self.items)
        held[item] = max(0, held[item] - 1)
        return self.gain(item, held, healing)

    def hazard_args(self) -> tuple:
        """The hazard die's inputs for :func:`cached_hazard_cost`, with the Bread count left out."""
        ranks = R.gold_ranks([self.state.gold(q) for q in range(self.state.num_players)])
        return (self.sheet["injuries"], self.dash[R.FORTIFYING_TONIC], self.dash[R.SAFETY_GEAR], ranks[self.p],
                self.state.options.tonic_rule, round(self.token_cost(), 1))

    def hazard_cost(self, bread: int | None = None) -> float:
        """The hazard die's expected cost with ``bread`` Bread (the Bread held by default)."""
        injuries, *rest = self.hazard_args()
        return cached_hazard_cost(injuries, self.items["Bread"] if bread is None else bread, *rest)


def turns_ahead(state: GoldmineRumbles, p: int) -> int:
    """Turns of ``p`` still to play, counting one in progress (or this phase's, while cubes go down)."""
    later = len(state.phase_cubes) - state.phase
    if state.turn_record is None:
        return later + 1
    order = state.phase_order
    return later + (1 if p in order and order.index(p) >= state.turn_index else 0)
