"""Values over the turns left (2-4 players): the chasm clock read as the player's own turns, and
what a cart can still make of its trip in them.

A cart after this turn's move is worth the better of two trips: straight home with its load, or on
to the best deposit it can reach and then home with both. A trip counts only if the turns it needs
(its track work at about three actions a turn, or its travel) fit in the turns left, and a point
it brings counts less the later it comes. An empty cart with no trip that loads in time is worth
nothing more than getting home, so a round trip that loads nothing never pays.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from . import app_support
from .components import CART_CAPACITY
from .routes import INF, descend, goal_cost

#: a point delivered one turn later is worth this much of a point now
DISCOUNT = 0.93
#: actions a turn one cart can count on (four shared between two carts, and the speed changes)
ACTIONS_PER_CART_TURN = 2.5
#: once the chasm falls, each turn in the mine risks the cart: a later escape is worth less
DISCOUNT_COLLAPSING = 0.8
#: own turns after the chasm begins in which a cart can still come up safely
AFTER_CHASM = 3.0


@dataclasses.dataclass
class Aim:
    """The trip a cart's value counts on: "deposit" (to ``square`` and its ``pile``, then home) or
    "home" (with its load), about how many own turns it takes, and whether it can get out in time."""

    kind: str
    turns: float                      # to the end of the trip (home)
    square: tuple[int, int] | None = None
    pile: tuple[str, ...] = ()
    out: float = 1.0
    there: float = 0.0                # to the deposit


def own_turns_left(state, player: int) -> tuple[float, float]:
    """(turns before the chasm begins, turns in which a cart can still deliver), in this player's own
    turns after the present one, from the chasm clock (``app_support.chasm_clock``)."""
    players = state.num_players
    view = {"tokens": state.tokens, "chasm_phase": state.chasm_phase, "drawn": state.drawn,
            "deposit_deck": len(state.deposit_deck), "final_turns_left": getattr(state, "final_turns_left", 0)}
    clock = app_support.chasm_clock(view, state.options)
    if clock.phase == "quiet":
        if clock.card_turns:
            card = float(sum((t * p for t, p in clock.card_turns), Fraction(0)))
        else:
            card = state.turn + players
        before = max(0.0, (card - state.turn) / players) + 1.0   # the last round
    elif clock.phase == "final turns":
        before = max(0.0, (clock.turns_left - 1) / players)
    else:
        before = 0.0
    tokens = sum(clock.tokens_left.values())
    after = min(AFTER_CHASM, tokens / players)
    return before, before + after


def turns_for(cost: float) -> float:
    """Own turns a trip of ``cost`` (actions and a quarter a square) takes after this one: at
    least the next (a cart still in the mine delivers next turn at the earliest)."""
    return 1.0 + cost / ACTIONS_PER_CART_TURN


class TripValue:
    """What a cart standing somewhere after this turn can still bring in (in points, discounted)."""

    def __init__(self, planner):
        self.planner = planner
        self.ctx = planner.ctx
        self.before, self.horizon = own_turns_left(planner.state, planner.player)
        self._cache: dict = {}
        #: deposits already counted in the trip of another cart of the plan being valued
        self.claimed: set = set()

    def deposit_trip(self, square, came_from, tracks, gems, modified, key):
        """(actions to the best deposit and on to the surface, its worth in points, its square,
        actions to it) or None."""
        ctx = self.ctx
        cache_key = (square, came_from, key, frozenset(getattr(gems, "changes", ())))
        if cache_key in self._cache:
            return self._cache[cache_key]
        found = None
        field, terminal = ctx.field("deposit")
        if terminal:
            path, (end, came_in), how = descend(field, terminal, tracks, ctx.occupied, square, came_from)
            pile = gems.get(end) if how == "deposit" else None
            if pile:
                worth = ctx.pile_worth(pile)
                to_deposit = goal_cost(ctx, "deposit", square, came_from, tracks, gems, ctx.chasm, modified, key=key)
                back = ctx.field("surface")[0].get((end, came_in), INF)
                if to_deposit < INF and back < INF and worth > 0:
                    found = (to_deposit + worth + back, worth, end, to_deposit + worth)
        self._cache[cache_key] = found
        return found

    def value(self, now, tracks, gems, modified, key) -> float:
        """The cart's load and trip, in points as worth now (the cart bonus not included)."""
        return self.aim(now, tracks, gems, modified, key)[0]

    def aim(self, now, tracks, gems, modified, key) -> tuple[float, Aim]:
        """The better of the trips home with the load and on to a deposit first: (its value, the
        trip). The deposit is claimed for this cart when its trip is the better one."""
        ctx = self.ctx
        load = ctx.load_value(now.load)
        home = goal_cost(ctx, "surface", now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
        home_turns = turns_for(home) if home < INF else INF
        discount = DISCOUNT_COLLAPSING if ctx.collapsing else DISCOUNT
        best, aim = -INF, Aim("home", home_turns)
        if home_turns <= self.horizon:
            best = load * discount ** home_turns
        elif home < INF:
            best = 0.3 * load * discount ** home_turns   # too far for the turns left: a gamble
        if len(now.load) < CART_CAPACITY and ctx.phase == "quiet":
            trip = self.deposit_trip(now.square, now.came_from, tracks, gems, modified, key)
            if trip is not None and trip[2] not in self.claimed:
                cost, worth, square, there = trip
                turns = turns_for(cost)
                if turns <= self.horizon:
                    room = CART_CAPACITY - len(now.load)
                    gain = worth * min(1.0, room / 3.0)
                    value = (load + gain) * DISCOUNT ** turns
                    if value > best:
                        best, aim = value, Aim("deposit", turns, square, tuple(gems.get(square) or ()), there=turns_for(there))
                        self.claimed.add(square)  # one deposit feeds one cart's trip
        return (best if best > -INF else 0.0), aim

    def can_get_out(self, now, tracks, gems, modified, key) -> float:
        """The chance (roughly) the cart reaches the surface before the game ends."""
        home = goal_cost(self.ctx, "surface", now.square, now.came_from, tracks, gems, self.ctx.chasm, modified,
                         key=key)
        if home == INF:
            return 0.0
        turns = turns_for(home)
        soon = DISCOUNT_COLLAPSING ** turns if self.ctx.collapsing else 1.0
        if turns <= self.horizon:
            return soon
        return soon * max(0.0, 1.0 - (turns - self.horizon) / 2.0)
