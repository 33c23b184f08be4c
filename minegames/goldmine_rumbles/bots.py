"""Bots for Goldmine Rumbles: a seeded random player for property tests and demos, and the three
strengths a person can choose: :class:`EasyBot` (:mod:`.easy_bot`), :class:`HeuristicBot`
(:mod:`.heuristic_bot`, "medium") and :class:`HardBot` (:mod:`.hard_bot`). The registry
(``minegames.GAMES["goldmine_rumbles"].bots``) offers them as "easy", "medium" and "hard", the
medium bot's other openings as "prospector" and "brawler", and "random" and "heuristic".

:class:`RandomBot` picks among the legal actions at random, but plays a turn with
some purpose so that playouts reach every part of the engine: it seldom spends its
free actions (essentials, discards), and when travelling it follows the cheapest
journey that ``mine.plan_journey`` finds with the Dynamite it holds (or gives up
and ends the turn when there is none).
"""

from __future__ import annotations

from minegames.core import Action, make_rng

from . import dice_rules as R
from . import mine as M
from .actions import Blast, BuyEssentials, Decline, Discard, EndTurn, Step, UseItem
from .easy_bot import EasyBot
from .engine_common import position_key
from .hard_bot import HardBot
from .heuristic_bot import HeuristicBot
from .state import GoldmineRumbles

__all__ = ["EasyBot", "HardBot", "HeuristicBot", "RandomBot"]

FREE_ACTION_CHANCE = 0.1
MAX_BLASTS = 2  # keeps journey planning fast


class RandomBot:
    def __init__(self, seed: int | None = None):
        self.rng = make_rng(seed)

    def choose(self, state: GoldmineRumbles) -> Action:
        legal = state.legal_actions()
        if state.step == "travel":
            planned = self._journey_action(state, state.decision)
            if planned is not None and planned in legal:
                return planned
        main = [a for a in legal if not isinstance(a, (BuyEssentials, Discard, UseItem, EndTurn))]
        if main and self.rng.random() > FREE_ACTION_CHANCE:
            return main[int(self.rng.integers(len(main)))]
        return legal[int(self.rng.integers(len(legal)))]

    @staticmethod
    def _journey_action(state: GoldmineRumbles, travel: dict) -> Action | None:
        p = travel["player"]
        sheet = state.sheet(p)
        per_dynamite = R.column_effect(R.EXPLOSIVES_MANUALS, sheet["dashboard"][R.EXPLOSIVES_MANUALS])
        blasts = min(MAX_BLASTS, travel["blasts"] + per_dynamite * sheet["items"].get("Dynamite", 0))
        here, goal = state.positions[p], state.journey_goal()
        journey = M.plan_journey(state.mine, here, goal, sheet["dashboard"][R.TUNNEL_PLANS], blasts)
        if journey is None or not journey.plan:
            return EndTurn(p) if travel["purpose"] != "partner" else Decline(p)
        first = journey.plan[0]
        if isinstance(first, M.Blast):
            return Blast(p, first.cell[0], first.cell[1], first.turns)
        return Step(p, position_key(first.path[1]))
