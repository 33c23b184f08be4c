"""How a Goldmine Rumbles bot gets somewhere: journeys with Dynamite, their cost, and the Detonator.

:class:`JourneyPlanner` finds the cheapest journey (``mine.plan_journey``) with the blasts a miner
can afford, one blast first and two only for a few targets per decision, prices it in gold
(Dynamite used or bought with its Black Mark, rats and snakes on the way), and remembers each
journey's next move for every (mine, place) along it, so travelling is a lookup.

:func:`detonator_openings` tries every rearrangement a Detonator allows from where the miner
stands and keeps those after which a goal is reachable without buying Dynamite.
"""

from __future__ import annotations

import math
from itertools import permutations
from typing import NamedTuple

from . import components as C
from . import dice_rules as R
from . import mine as M
from .bot_seat import Seat

MAX_SEARCH_BLASTS = 2  # plan_journey grows fast with blasts; two keep a turn's planning to milliseconds
DEEP_SEARCHES = 4  # targets per decision allowed the slower two-blast search
ROUTE_MEMORY_LIMIT = 20000


class JourneyPlanner:
    """Plans, prices and remembers journeys for one bot.

    ``max_blasts`` caps a search; ``deep_searches`` is how many targets per decision may use more
    than one blast (call :meth:`new_decision` at each decision to restore them). With
    ``discard_for_room`` a miner carrying six items counts on throwing the least useful one away
    to buy Dynamite.
    """

    def __init__(self, max_blasts: int = MAX_SEARCH_BLASTS, deep_searches: int = DEEP_SEARCHES,
                 discard_for_room: bool = False):
        self.max_blasts = max_blasts
        self.deep_searches = deep_searches
        self.deep_left = deep_searches
        self.discard_for_room = discard_for_room
        self.route_memory: dict[tuple, tuple] = {}

    def new_decision(self) -> None:
        self.deep_left = self.deep_searches

    def blast_budget(self, me: Seat, budget_gold: int, owed: int = 0) -> int:
        """Blasts the miner could set off: ``owed`` already paid for, Dynamite held, Dynamite buyable."""
        dynamite = me.items["Dynamite"]
        room = C.CARRY_LIMIT - me.carried + dynamite
        if self.discard_for_room:
            room = max(room, dynamite + 1)
        buyable = max(0, min(budget_gold, room))
        return min(self.max_blasts, owed + me.per_dynamite * (dynamite + buyable))

    def plan(self, me: Seat, here, goal, budget_gold: int, owed: int = 0, mine: M.Mine | None = None
             ) -> M.Journey | None:
        """The cheapest journey with the blasts the miner can afford: one blast first, more if needed
        (and if a deep search is left this decision). From where a journey under way stands, in the
        mine as it is, the way never goes back to a place the journey has passed."""
        mine = me.state.mine if mine is None else mine
        if here == goal:
            return M.Journey((), mine)
        behind, jumped = me.state.journey_trail() if (mine == me.state.mine and here == me.here) else (frozenset(), False)
        blasts = self.blast_budget(me, budget_gold, owed)
        plans = me.dash[R.TUNNEL_PLANS]
        journey = M.plan_journey(mine, here, goal, plans, min(blasts, 1), behind, jumped)
        if journey is None and blasts > 1 and self.deep_left > 0:
            self.deep_left -= 1
            journey = M.plan_journey(mine, here, goal, plans, blasts, behind, jumped)
        return journey

    def cost(self, me: Seat, journey: M.Journey, budget_gold: int, owed: int = 0) -> tuple[float, bool]:
        """Gold-equivalent cost of a journey (Dynamite, purchases, rats and snakes) and whether it is affordable."""
        per = me.per_dynamite
        needed = math.ceil(max(0, journey.blasts - owed) / per)
        held = me.items["Dynamite"]
        bought = max(0, needed - held)
        cost = min(needed, held) * me.keep("Dynamite", healing=False)
        if bought:
            cost += bought + me.mark_cost()
            over = bought - (C.CARRY_LIMIT - me.carried)
            if over > 0 and self.discard_for_room:
                cost += sum(sorted(me.keep(item) for item in me.items.elements())[:over])
        bread = me.items["Bread"]
        for _, kind in journey.hazards:
            if kind == "rat" and bread:
                bread -= 1
                cost += min(me.keep("Bread"), me.token_cost())
            else:
                cost += me.token_cost()
        return cost, bought <= budget_gold

    def net_cost(self, me: Seat, here, goal, budget_gold: int, owed: int = 0,
                 mine: M.Mine | None = None) -> float | None:
        """The cost of the cheapest affordable journey, or None when there is none."""
        journey = self.plan(me, here, goal, budget_gold, owed, mine)
        if journey is None:
            return None
        cost, possible = self.cost(me, journey, budget_gold, owed)
        return cost if possible else None

    # -- following a journey ----------------------------------------------------------------------------
    def next_move(self, me: Seat, goal, owed: int) -> tuple | None:
        """The next move towards ``goal``: ("step", place, None, blasts left) or ("blast", cell, turns,
        blasts left); None when no affordable journey gets there."""
        mine = me.state.mine
        move = self.route_memory.get((mine, me.here, goal))
        if move is not None and move[0] == "step" and not self._open(me, move[1]):
            move = None  # remembered from another journey: it would go back, or jump twice
        if move is None:
            journey = self.plan(me, me.here, goal, me.gold, owed)
            if journey is None:
                return None
            self.memorise(mine, journey, me.here, goal)
            move = self.route_memory.get((mine, me.here, goal))
        return move

    @staticmethod
    def _open(me: Seat, target) -> bool:
        """Whether the journey under way may step to ``target`` now (never back along its trail)."""
        behind, jumped = me.state.journey_trail()
        return target not in behind and any(
            there == target for _, there in M.moves(me.state.mine, me.here, me.dash[R.TUNNEL_PLANS], jumped))

    def memorise(self, mine: M.Mine, journey: M.Journey, origin, goal) -> None:
        """Store the next move of a journey for every (mine, place) along it."""
        if len(self.route_memory) > ROUTE_MEMORY_LIMIT:
            self.route_memory.clear()
        here, blasts_left = origin, journey.blasts
        for part in journey.plan:
            if isinstance(part, M.Blast):
                self.route_memory[(mine, here, goal)] = ("blast", part.cell, part.turns, blasts_left)
                mine = mine.rotated(part.cell, part.turns)
                blasts_left -= 1
            else:
                for a, b in zip(part.path, part.path[1:]):
                    self.route_memory[(mine, a, goal)] = ("step", b, None, blasts_left)
                here = part.path[-1]

    @staticmethod
    def dynamite_to_buy(me: Seat, blasts_left: int) -> tuple[str, ...]:
        """Dynamite for the blasts still planned, in one purchase (one Black Mark), with a Bread if short."""
        count = min(math.ceil(blasts_left / me.per_dynamite), me.gold, C.CARRY_LIMIT - me.carried,
                    me.state.supply["Dynamite"])
        items = ("Dynamite",) * max(1, count)
        extra_bread = (not me.items["Bread"] and me.gold > len(items) and me.carried + len(items) < C.CARRY_LIMIT
                       and me.state.supply["Bread"] >= 1 and me.gain("Bread") > 1)
        return items + (("Bread",) if extra_bread else ())


# ---- the Detonator -----------------------------------------------------------------------------------

class Opening(NamedTuple):
    """A Detonator rearrangement of ``line`` (``order`` as in ``Mine.rearranged``) and the cost of the
    cheapest journey to the goal once it is done."""

    line: tuple[str, int]
    order: tuple[int, int, int]
    cost: float


def detonator_openings(planner: JourneyPlanner, me: Seat, goal, budget_gold: int, owed: int = 0,
                       columns: bool = True) -> list[Opening]:
    """Every rearrangement of a line the miner touches after which ``goal`` is reachable with the
    blasts already paid for (``owed``) and no more Dynamite, cheapest journey first."""
    mine = me.state.mine
    found: list[Opening] = []
    for line in M.detonator_lines(mine, me.here, columns):
        for order in permutations(range(M.SIZE)):
            if order == (0, 1, 2):
                continue
            journey = M.plan_journey(mine.rearranged(line, order), me.here, goal, me.dash[R.TUNNEL_PLANS],
                                     min(owed, 1))
            if journey is None:
                continue
            cost, possible = planner.cost(me, journey, budget_gold, owed)
            if possible:
                found.append(Opening(line, order, cost))
    found.sort(key=lambda opening: opening.cost)
    return found
