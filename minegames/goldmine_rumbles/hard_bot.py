"""The "hard" Goldmine Rumbles bot: the heuristic bot with a fighter's opening, a Detonator and an
eye on its rivals."""

from __future__ import annotations

from . import analysis
from . import components as C
from . import dice_rules as R
from .actions import AcceptBid, Rearrange, RejectBids
from .bot_fights import dashboard_of
from .bot_journeys import detonator_openings
from .bot_seat import EPSILON, Seat
from .heuristic_bot import HeuristicBot

DETONATOR_MARGIN = 0.5  # a rearrangement must beat the plan without it by this much, beyond the Detonator's worth
OPTIONS_FOR_DETONATOR = 3  # the most promising main actions a rearrangement is tried for


class HardBot(HeuristicBot):
    """Plays like the heuristic bot, harder (the "hard" strength).

    - It opens as a brawler by default (Colt 45 and Safety Gear before Company Shares): in seeded
      games that opening beats the investor's.
    - It plays a Detonator: before its main action, and on the way, it tries every rearrangement of
      the rows and columns it touches and plays one when the journey it opens (without Dynamite)
      beats its best plan by more than the Detonator is worth keeping.
    - It counts a rival's gold against its own (shared among the rivals): robbing a miner pays twice,
      and as a claim's owner it weighs each bid with the exact partnered odds
      (``analysis.partner_value``), taking a partner only when the bid and the partnered dice beat
      digging alone by more than they help the partner.
    """

    rival_share = 1.0

    def __init__(self, seed: int | None = None, strict: bool = False, plan: str = "brawler"):
        super().__init__(seed, strict, plan)

    # -- the Detonator before the main action ------------------------------------------------------------
    def _main_action(self, state, me: Seat, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        best, best_value = self._best_main_action(state, me, legal)
        if me.items["Detonator"] and self._free_left(state):
            detonation = self._detonation_for_main(state, me, legal, best_value)
            if detonation is not None:
                return detonation
        return self._before_main_action(state, me, legal, best)

    def _detonation_for_main(self, state, me: Seat, legal, best_value: float):
        """A rearrangement that makes one of the best main actions clearly better than the plan without it."""
        threshold = best_value + me.keep("Detonator") + DETONATOR_MARGIN
        best, best_net = None, threshold
        tried = 0
        for value, _, goal, budget in self._main_options(state, me, legal):
            if value <= best_net or tried >= OPTIONS_FOR_DETONATOR:
                break
            tried += 1
            for opening in detonator_openings(self.journeys, me, goal, budget, columns=state.options.detonator_columns):
                if value - opening.cost > best_net:
                    best, best_net = opening, value - opening.cost
                break  # the cheapest opening for this goal
        if best is None:
            return None
        action = Rearrange(me.p, best.line[0], best.line[1], best.order)
        return action if action in legal else None

    # -- the Detonator on the way -----------------------------------------------------------------------------
    def _on_travel(self, state, top, me: Seat, legal):
        if me.items["Detonator"] and self._free_left(state):
            detonation = self._detonation_on_the_way(state, top, me, legal)
            if detonation is not None:
                return detonation
        return super()._on_travel(state, top, me, legal)

    def _detonation_on_the_way(self, state, top, me: Seat, legal):
        """A rearrangement when the way ahead is shut, or dearer than the Detonator by a margin."""
        goal, owed = state.journey_goal(), top.get("blasts", 0)
        now = self.journeys.net_cost(me, me.here, goal, me.gold, owed)
        if now is not None and now <= me.keep("Detonator") + DETONATOR_MARGIN:
            return None
        openings = detonator_openings(self.journeys, me, goal, me.gold, owed, columns=state.options.detonator_columns)
        if not openings:
            return None
        cheapest = openings[0]
        if now is not None and cheapest.cost + me.keep("Detonator") + DETONATOR_MARGIN >= now:
            return None
        action = Rearrange(me.p, cheapest.line[0], cheapest.line[1], cheapest.order)
        return action if action in legal else None

    # -- taking a partner -----------------------------------------------------------------------------------
    def _on_accept(self, state, top, me: Seat, legal):
        bids = [a for a in legal if isinstance(a, AcceptBid)]
        if not bids:
            return RejectBids(me.p)
        board = {bidder: square for square, bidder in state.bid_board.items()}
        claim_type = C.CLAIMS[state.turn_record["claim"]].type
        faces = state.options.bible_faces

        def miner(q, dashboard):
            return {"bonus": R.yield_bonus(claim_type, dashboard), "penalty": state.penalty(q),
                    "bible": bool(state.items(q)["Bible"]), "bible_faces": faces}

        owner = miner(me.p, me.dash)
        best, best_gain = RejectBids(me.p), EPSILON
        for action in bids:
            partner = miner(action.bidder, dashboard_of(state, action.bidder, me.viewer))
            value = analysis.partner_value(board.get(action.bidder, 0), owner, partner, state.options.partner_dice)
            gain = float(value.owner) - self._rival_weight(state) * float(value.partner)
            if gain > best_gain:
                best, best_gain = action, gain
        return best
