"""The "easy" Goldmine Rumbles bot: a beginner's opponent that plays plausible moves, carelessly."""

from __future__ import annotations

from .actions import AttackPlayer, Bid, NoBid, PlaceCube, UseItem
from .bot_journeys import JourneyPlanner
from .bot_valuation import column_values
from .heuristic_bot import HeuristicBot

NOISE = 3.0  # gn of random error on what each main action seems worth
EAGER_MARGIN = -2.0  # it would rather do something than pass
CUBE_CHOICES = 3  # its cube goes on one of this many best-looking columns


class EasyBot(HeuristicBot):
    """Plays like a beginner: it buys claims, digs and bids, but judges by eye.

    Each main action's worth gets a few nuggets of random error, so it often buys a worse claim
    than it could, and it plans journeys with at most one Dynamite blast. It never attacks
    another miner (Papa Clayton only), puts each cube on one of the three columns that look best
    rather than the best one, bids a random amount it can afford up to what partnering is worth,
    and keeps its Pipe, Flask and Detonator unused. Its random choices follow its seed.
    """

    pass_margin = EAGER_MARGIN

    def __init__(self, seed: int | None = None, strict: bool = False, plan: str = "investor"):
        super().__init__(seed, strict, plan)
        self.journeys = JourneyPlanner(max_blasts=1)

    def _main_options(self, state, me, legal):
        options = [(value + float(self.rng.normal(0.0, NOISE)), action, goal, budget)
                   for value, action, goal, budget in super()._main_options(state, me, legal)
                   if not isinstance(action, AttackPlayer) and action != UseItem(me.p, "Harmonica")]
        options.sort(key=lambda option: -option[0])
        return options

    def _flask_refresh(self, state, me, legal):
        return None

    def _pipe_worth_playing(self, me, legal) -> bool:
        return False

    def _on_place_cubes(self, state, top, me, legal):
        values = column_values(me)
        columns = sorted((a for a in legal if isinstance(a, PlaceCube)), key=lambda a: -values.get(a.column, -1.0))
        if not columns:
            return None
        return columns[int(self.rng.integers(min(CUBE_CHOICES, len(columns))))]

    def _on_bids(self, state, top, me, legal):
        worth = self._partner_value(me, state.turn_record)
        squares = [a.square for a in legal if isinstance(a, Bid) and a.square <= worth]
        if not squares or self.rng.random() < 0.3:
            return NoBid(me.p)
        return Bid(me.p, squares[int(self.rng.integers(len(squares)))])
