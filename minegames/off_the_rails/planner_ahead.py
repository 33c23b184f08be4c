"""The planner the app's hint and the "planner" bot use: it plans a turn for where it leads over the
turns left, not for what the turn alone brings.

It is :class:`~.planner.OneTurnPlanner`'s search (each cart's placement, first tiles of a path
and speed change, dry-run together) with two changes:

- **Solo** it plans whole trips (``planner_solo.py``): a cart per jewel still wanted, each over a
  square holding its jewel to an exit of the jewel's colour, the track laid ahead of the carts.
- **With other players** a cart is valued after the move by the trip it can still make before the
  chasm (``plan_ahead.py``): the gems it can load and bring up, counted only if the turns left
  allow it, and its 3-point bonus if it can get out. An empty cart has nothing to gain from a
  round trip that loads nothing, and a cart too far from the surface for the turns left heads
  home first. So that a cart can make way for another, the options kept differ in where they
  leave the cart, every mix of the carts' options is tried when there are few, and an empty cart
  on the surface also tries a way down clear of the player's other carts.

The hint says what the plan aims at over the coming turns and what this turn delivers.
"""

from __future__ import annotations

import itertools
import math

from . import board
from .components import ACTIONS_PER_TURN
from .plan_ahead import TripValue
from .plan_values import ESCAPE_VALUE, W_ACTION, W_DELIVER
from .plan_words import cart_name, coming_turns_words, with_this_turn
from .planner import CartOption, OneTurnPlanner, Plan
from .planner_solo import SoloRoutes, Trip, choose_trips, schedule, turns_left
from .routes import deposit_sources, descend, entry_field, realize


#: what coming up empty before the chasm costs a plan (the actions spent gain nothing)
EMPTY_ROUND_TRIP = 200.0
#: mixes of the carts' options dry-run together one by one when there are no more than this many
EVERY_MIX = 300
#: what a cart in the supply is worth less than its bonus (waiting costs a little time)
SUPPLY_WAIT = 20.0


class AheadPlanner(OneTurnPlanner):
    """Plans one player's turn looking ahead to the end of the game (see the module's doc)."""

    counts_empty_deliveries = False   # as the game counts them: a "double delivery" needs two loads

    def __init__(self, state, player: int | None = None, keep: int = 3, beam: int = 6):
        super().__init__(state, player, keep, beam)
        #: while the chosen plan is valued again for its words: each cart's aim and end (see ``aims``)
        self._aims: dict | None = None

    def plan(self) -> Plan:
        if self.ctx.solo:
            plan = self.solo_plan()
            if plan is not None:
                return plan
        return super().plan()

    # ---- 2-4 players: a cart valued by the trip it can still make -------------------------------
    @property
    def trips(self) -> TripValue:
        if not hasattr(self, "_trips"):
            self._trips = TripValue(self)
        return self._trips

    def _run(self, order, carts, tracks, modified, paths, key):
        """The one-turn dry-run and values, with each deposit counted in one cart's trip only, and
        an empty cart that comes up with nothing before the chasm counted as a wasted turn."""
        self.trips.claimed = set()
        value, moves, order, details = super()._run(order, carts, tracks, modified, paths, key)
        if not self.ctx.solo and self.ctx.phase == "quiet":
            for move in moves.values():
                if move.outcome == "delivered" and not move.delivered:
                    value -= EMPTY_ROUND_TRIP
        return value, moves, order, details

    def paths(self, square, came_from, load):
        """The one-turn paths, and for an empty cart on the surface also the way down to a deposit
        that keeps clear of the player's other carts: the cheapest way often runs up the track
        another of them comes down, and the only other track laid so far may lead straight back
        to the surface (the round trip that loads nothing)."""
        found = super().paths(square, came_from, load)
        ctx = self.ctx
        if ctx.solo or load or ctx.phase != "quiet" or not board.is_surface(square):
            return found
        others = {tuple(self.state.carts[i]["square"]) for i in self.on_board} - {square}
        if not others:
            return found
        blocked = set(ctx.chasm) | others
        terminal = deposit_sources(ctx.gems, ctx.tracks, blocked, ctx.occupied, ctx.pile_worth)
        field = entry_field(terminal, ctx.tracks, blocked, ctx.occupied)
        if terminal:
            path, _, how = descend(field, terminal, ctx.tracks, ctx.occupied, square, came_from)
            if how == "deposit" and path and path not in found:
                found.append(path)
        return found

    def kept(self, scored):
        """The best few options of each cost that leave the cart in different places: options often
        tie alone (the cart's worth is the same wherever it waits), and the one that clears the
        way for another cart must not lose the tie to options that all end on the same square."""
        best_by_cost: dict = {}
        for option, outcome in sorted(scored, key=lambda pair: -pair[0].single):
            move = outcome[1].get(option.cart)
            where = None if move is None else (move.outcome, move.end, move.came_from)
            bucket = best_by_cost.setdefault(option.cost, {})
            if len(bucket) < self.keep and where not in bucket:
                bucket[where] = option
        return [option for bucket in best_by_cost.values() for option in bucket.values()]

    def mixes(self, per_cart, budget):
        """Every mix of the carts' options within the budget when there are few: an option is first
        valued with the player's other carts standing still, so one that needs another cart out of
        its way (an empty cart behind a cart coming up the same track) looks worse alone than it is
        in a mix, and a beam ranked by those values would drop the mix."""
        if math.prod(len(options) for options in per_cart) > EVERY_MIX:
            return super().mixes(per_cart, budget)
        return [list(chosen) for chosen in itertools.product(*per_cart)
                if sum(option.cost for option in chosen) <= budget]

    def standing_value(self, now, tracks, gems, modified, key=None) -> tuple[float, float]:
        """A cart after the move: its load and the trip it can still make in the turns left, in
        points as worth now; its bonus if it can get out in time; less the dangers."""
        ctx = self.ctx
        if ctx.solo:
            return super().standing_value(now, tracks, gems, modified, key)
        trips = self.trips
        worth, aim = trips.aim(now, tracks, gems, modified, key)
        value = W_DELIVER * worth
        aim.out = trips.can_get_out(now, tracks, gems, modified, key)
        if now.eligible:
            value += ESCAPE_VALUE * aim.out
        if self._aims is not None:
            self._aims[now.index] = (aim, now)
        home = 0.0
        if ctx.phase != "quiet":
            from .routes import goal_cost
            home = goal_cost(ctx, "surface", now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
            value -= W_ACTION * min(home, 30.0)
        value -= self._shortage(now, tracks)
        risk = ctx.risk().get(now.square, 0.0)
        if risk:
            value -= risk * ((ESCAPE_VALUE if now.eligible else 150.0) + W_DELIVER * max(0.0, ctx.load_value(now.load)))
        return value, -home

    def _supply_value(self, index: int) -> float:
        """A cart in the supply can still be put out while there are turns for a trip: its bonus is
        not lost by waiting, so putting it out pays only by the trip it starts (no empty round
        trip to keep it on the track)."""
        if self.ctx.solo or not self.placeable(index):
            return super()._supply_value(index)
        if self.trips.horizon >= 2.0:
            return ESCAPE_VALUE - SUPPLY_WAIT
        return 0.0

    def _make_plan(self, chosen, outcome, budget):
        """The plan, said as what it aims at over the coming turns for each cart, then this turn."""
        plan = super()._make_plan(chosen, outcome, budget)
        if not self.ctx.solo:
            placed = {option.cart for option in chosen if option.place is not None}
            plan.text = coming_turns_words(self.state, self.aims(chosen, plan.order), plan, self.supply_words(placed))
        return plan

    def aims(self, chosen, order) -> dict:
        """Each cart's aim after the chosen move (by cart index): the plan dry-run again in its own
        order, with the trips its values counted on kept."""
        self._aims = {}
        try:
            self.evaluate(chosen, orders=[order] if order else None)
            return self._aims
        finally:
            self._aims = None

    def supply_words(self, placed) -> list[str]:
        """What to do with the carts left in the supply (``placed``: those put out this turn)."""
        words = []
        for index in self.mine:
            if index not in placed and self.state.carts[index]["where"] == "supply" and self.placeable(index):
                name = cart_name(self.state, index)
                words.append(f"put {name} out when a deposit is worth a trip" if self.trips.horizon >= 2.0
                             else f"keep {name} in the supply (too late for a trip)")
        return words

    # ---- solo ----------------------------------------------------------------------------------
    def solo_plan(self) -> Plan | None:
        """This turn's share of the trips (None: no trip found, or its move would derail a cart)."""
        state = self.state
        budget = state.actions_left if state.phase == "actions" else 0
        routes = SoloRoutes(state)
        aim, trips = choose_trips(state, routes)
        if not trips:
            return None
        by_cart = {t.cart: t for t in trips}
        for may_place in (True, False):  # a cart put out where another comes up would crash
            work = schedule(state, trips, budget, may_place)
            chosen = [CartOption(index, place, ops, change, tuple(by_cart[index].path))
                      for index, (place, ops, change) in work.options.items()]
            outcome = self.evaluate(chosen)
            if outcome is not None and not any(move.derailed or move.collision is not None
                                               for move in outcome[1].values()):
                break
        else:
            return None
        plan = self._make_plan(chosen, outcome, budget)
        plan.text = solo_words(state, aim, trips, plan)
        return plan


def trip_turns(state, trip: Trip) -> int:
    """About how many turns a trip takes: its track at four actions a turn, or its travel."""
    cart = state.carts[trip.cart]
    ops, _ = realize(trip.path, state.tracks, set())
    speed = cart["speed"] if cart["where"] == "board" else 3
    return max(1, math.ceil(max((len(ops) + (trip.place is not None)) / ACTIONS_PER_TURN,
                                (len(trip.path) - 1) / speed)))


def solo_words(state, aim: str, trips: list[Trip], plan: Plan) -> str:
    """The plan in words: the aim, each cart's trip over the coming turns, then this turn."""
    parts = []
    for trip in sorted(trips, key=lambda t: t.cost):
        name = cart_name(state, trip.cart)
        exit_square = board.neighbour(trip.path[-1][0], trip.path[-1][2])
        where = board.square_name(exit_square)
        turns = trip_turns(state, trip)
        if trip.jewel:
            parts.append(f"{name} to the {trip.jewel} at {board.square_name(trip.jewel_square)}, then out at {where} "
                         f"(about {turns} turn{'s' if turns != 1 else ''})")
        else:
            parts.append(f"{name} out at {where} (about {turns} turn{'s' if turns != 1 else ''})")
    left = turns_left(state)
    aim_words = ("a victory: each jewel to an exit of its colour" if aim == "victory"
                 else "a partial victory: each jewel delivered somewhere")
    head = f"Aim for {aim_words}, all carts out within {left} turn{'s' if left != 1 else ''} (the chasm tokens left). "
    head += "Over the next turns: " + "; ".join(parts) + "."
    return with_this_turn(head, plan)
