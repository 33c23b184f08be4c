"""A heuristic bot for Goldmine Rumbles: plays every decision sensibly and fast enough for simulations.

:class:`HeuristicBot` scores each choice in gold nuggets expected by the end of the game and takes
the best one. It sees only what its player may see: the public board (mine, pawns, claims, gold,
items, dashboards and tokens of every miner, revealed Rumbles tiles), its own mission and the
decision on top of the stack. It never reads another miner's mission or the unrevealed tiles.

How it values things (all rough, all in gn):

- *Claims*: expected yield with its own bonus and penalty, the best row of items, less the price,
  the hazard die's exact expected cost and the journey (Dynamite used or bought with its Black
  Mark, rats and snakes on the way). Journeys come from ``mine.plan_journey`` with at most two
  blasts, planned lazily for the most promising targets only, cached, and then followed step by step.
- *Fights* (robbing Papa Clayton or a miner, the hazard die's Papa Clayton, Blunderbuss, Chippawa
  Leaf, Bible): exact odds from ``analysis.fight_odds`` times what winning, losing and both losing
  are worth (pickings, reward, spoils, a Bandage).
- *Items*: a small use value that shrinks with copies held, the mission bonus a missing mission
  item adds, the sale a third copy allows, and what a healing item would clear now.
- *The Pipe*: played at a claim about to be dug when moving cubes onto its yield column pays.
- *The Flask*: refreshes the claims on show when nothing else is worth a turn and new claims would be affordable.
- *Cubes*: each column's effect over the turns left (yield columns concentrate on one claim type).

Free actions (healing, trading, essentials, discarding for room) are capped per turn so that the
bot can never loop.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Any, Mapping

from minegames.core import Action, make_rng

from . import analysis
from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import (
    AcceptBid, AttackPapaClayton, AttackPlayer, Bid, Blast, BuyClaim, BuyEssentials, ChooseDie, ChooseItem, Decline,
    Discard, Dismiss, EndTurn, FightClayton, FightRound, InviteBids, MineAlone, MoveCube, NoBid, OfferRoute, PayFee, Pick, PlaceCube,
    Refresh, RejectBids, RollYield, Steal, Step, Swap, TakeItems, Trade, UseItem,
)
from .engine_common import CLAYTON, FREE_USE, PIPE_MOVES, TRADE_PRICE, TRADE_SET, position_key
from .state import GoldmineRumbles

__all__ = ["HeuristicBot"]

MAX_SEARCH_BLASTS = 2  # plan_journey grows fast with blasts; two keep a turn's planning to milliseconds
DEEP_SEARCHES = 4  # targets per decision allowed the slower two-blast search
FREE_ACTIONS_PER_TURN = 8
PARTNER_PREMIUM = 1.0  # inviting bids: the better of two dice and a bid, roughly
BID_SHARE = 0.6  # a bidder offers this share of what partnering is worth to it
PASS_MARGIN = 0.3  # a main action must beat ending the turn by this much
MINING_CHANCE = 0.75  # how often a future turn is spent mining
SELL_GAIN = 4.5  # a third copy of an item: two sold for 6gn, less what the two were worth
INJURY_COST = 0.5
PENALTY_COST = 0.6  # a Bandage or Poison token's -1, for each turn still to play
MARKS_BONUS_WEIGHT = 0.5
EPSILON = 0.05
#: Opening plans: how much more (or less) than its worth in gold a bot values a cube in each
#: dashboard column when it places cubes. "investor" is the plain valuation, which buys Company
#: Shares first; the others lean to digging deep or to fighting, so bots at a table differ.
PLANS: dict[str, dict[str, float]] = {
    "investor": {},
    "prospector": {R.COMPANY_SHARES: 0.3, R.WATER_PUMPS: 1.6, R.MINERS_LAMPS: 1.6, R.MINING_TOOLS: 1.6,
                   R.TUNNEL_PLANS: 1.5, R.EXPLOSIVES_MANUALS: 1.5},
    "brawler": {R.COMPANY_SHARES: 0.4, R.COLT_45: 2.5, R.SAFETY_GEAR: 1.3},
}
USE_VALUE = {  # a first copy's worth for its own use, before missions, trades and healing
    "Bread": 0.8, "Dynamite": 1.2, "Whiskey": 0.6, "Medical Supplies": 0.8, "Fungus": 0.6, "Apple Pie": 0.6,
    "Blunderbuss": 1.2, "Chippawa Leaf": 1.2, "Bible": 1.2, "Harmonica": 0.6, "Matchstick": 0.6, "Bacon": 0.3,
    "Pipe": 0.2, "Flask": 0.2, "Detonator": 0.2,
}
FREE_KINDS = (BuyEssentials, Discard, Trade, Steal, Swap, Pick, Refresh)  # counted against the per-turn cap
PIPE_MARGIN = 1.0  # a Pipe is played only for a clear gain
FULL_COLUMN_CUBE = 1.5  # a cube in a full column: its worth is not estimated, so assume it matters
HEALING_ORDER = ("Medical Supplies", "Fungus", "Apple Pie", "Whiskey")


# ---- cached exact numbers ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _fight_odds(bonus: int, opponent_bonus: int, injuries: int, opponent_injuries: int,
                leaves: int) -> tuple[float, float, float]:
    """(win, lose, both lose) as floats; ``leaves`` < 0 are the opponent's Chippawa Leaves."""
    injuries, opponent_injuries = min(injuries, R.INJURY_LIMIT - 1), min(opponent_injuries, R.INJURY_LIMIT - 1)
    if leaves >= 0:
        return analysis.fight_odds(bonus, opponent_bonus, injuries, opponent_injuries, leaves).floats()
    theirs = analysis.fight_odds(opponent_bonus, bonus, opponent_injuries, injuries, -leaves).floats()
    return theirs[1], theirs[0], theirs[2]


@lru_cache(maxsize=None)
def _mean_yield(bonus: int, penalty: int) -> float:
    """Expected gold from one yield die."""
    return sum(R.miner_yield(die, bonus, penalty) for die in range(1, 7)) / 6


@lru_cache(maxsize=None)
def _partner_yield(owner: tuple, partner: tuple, sharing: str, faces: tuple) -> float:
    """A partner's exact expected yield; ``owner``/``partner`` are (bonus, penalty, holds a Bible)."""
    def miner(spec):
        return {"bonus": spec[0], "penalty": spec[1], "bible": spec[2], "bible_faces": dict(faces)}
    joint = analysis.partnered_yield_distribution(miner(owner), miner(partner), sharing)
    return float(analysis.expected_value(analysis.marginal(joint, 1)))


@lru_cache(maxsize=None)
def _hazard_cost(injuries: int, bread: int, tonic: int, safety: int, rank: int, tonic_rule: str,
                 token_value: float) -> float:
    return float(analysis.expected_hazard_cost(injuries, 1, token_value, bread=min(bread, 2), tonic_cubes=tonic,
                                               safety_cubes=safety, gold_rank=rank, tonic_rule=tonic_rule))


# ---- what the bot knows about its own player ------------------------------------------------------

class _Me:
    """The deciding player's public sheet, their mission and the turns they have left."""

    def __init__(self, state: GoldmineRumbles, p: int):
        self.state, self.p = state, p
        self.sheet = state.sheet(p)  # read-only: the public fields and, for p itself, the mission
        self.items = state.items(p)
        self.dash = state.dashboard(p)
        self.gold = state.gold(p)
        self.mission = set(state.mission(p))
        self.here = state.positions[p]
        self.ahead = _turns_ahead(state, p)
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

    def hazard_cost(self) -> float:
        ranks = R.gold_ranks([self.state.gold(q) for q in range(self.state.num_players)])
        return _hazard_cost(self.sheet["injuries"], self.items["Bread"], self.dash[R.FORTIFYING_TONIC],
                            self.dash[R.SAFETY_GEAR], ranks[self.p], self.state.options.tonic_rule,
                            round(self.token_cost(), 1))


def _turns_ahead(state: GoldmineRumbles, p: int) -> int:
    """Turns of ``p`` still to play, counting one in progress (or this phase's, while cubes go down)."""
    later = len(state.phase_cubes) - state.phase
    if state.turn_record is None:
        return later + 1
    order = state.phase_order
    return later + (1 if p in order and order.index(p) >= state.turn_index else 0)


def _fight_entry(state: GoldmineRumbles) -> Mapping[str, Any] | None:
    return state.fight_record


# ---- the bot ----------------------------------------------------------------------------------

class HeuristicBot:
    """Plays Goldmine Rumbles by expected gold, from public information and its own mission only.

    ``strict=True`` lets an internal error surface (for tests); otherwise the bot falls back to a
    safe legal action, so a game never stops because of it. ``plan`` (a key of :data:`PLANS`) is
    its opening: where its cubes go.
    """

    def __init__(self, seed: int | None = None, strict: bool = False, plan: str = "investor"):
        if plan not in PLANS:
            raise ValueError(f"plan must be one of {sorted(PLANS)}, not {plan!r}")
        self.rng = make_rng(seed)  # the bots' common signature; every choice is deterministic so far
        self.strict = strict
        self.plan = plan
        self._free_used: dict[tuple, int] = {}
        self._route_memory: dict[tuple, tuple] = {}
        self._deep_left = DEEP_SEARCHES
        self._seat = 0  # the seat deciding now (set by choose)

    # -- entry point -------------------------------------------------------------------------
    def choose(self, state: GoldmineRumbles) -> Action:
        self._seat = state.current_player
        legal = state.legal_actions()
        action = None
        try:
            action = self._decide(state, legal)
        except Exception:
            if self.strict:
                raise
        if action is None or not self._allowed(state, action, legal):
            action = self._fallback(state, legal)
        if isinstance(action, FREE_KINDS) or (
                isinstance(action, UseItem) and state.step in ("turn", "travel", "items", "partner items")):
            key = self._turn_key(state)
            self._free_used[key] = self._free_used.get(key, 0) + 1
        return action

    def _decide(self, state: GoldmineRumbles, legal: list[Action]) -> Action | None:
        top = state.decision
        me = _Me(state, top["player"])
        self._deep_left = DEEP_SEARCHES
        handler = getattr(self, "_on_" + top["kind"].replace(" ", "_"), None)
        if handler is None:
            return None
        return handler(state, top, me, legal)

    @staticmethod
    def _allowed(state: GoldmineRumbles, action: Action, legal: list[Action]) -> bool:
        return action in legal  # a purchase of several Essentials is listed as one action

    @staticmethod
    def _fallback(state: GoldmineRumbles, legal: list[Action]) -> Action:
        """A harmless legal action: decline, else end the turn, else anything that spends nothing."""
        p = state.current_player
        for safe in (Decline(p), EndTurn(p)):
            if safe in legal:
                return safe
        quiet = [a for a in legal if not isinstance(a, FREE_KINDS + (UseItem,))]
        return (quiet or legal)[0]

    def _turn_key(self, state: GoldmineRumbles) -> tuple:
        return state.phase, state.turn_player

    def _free_left(self, state: GoldmineRumbles) -> bool:
        return self._free_used.get(self._turn_key(state), 0) < FREE_ACTIONS_PER_TURN

    # -- free actions -------------------------------------------------------------------------
    def _free_action(self, state: GoldmineRumbles, me: _Me, legal: list[Action]):
        """Heal, sell or swap when it pays (at most a few free actions a turn)."""
        if not self._free_left(state):
            return None
        for item in HEALING_ORDER:
            action = UseItem(me.p, item)
            if action in legal and me.heal_value(item) > me.keep(item, healing=False) + EPSILON:
                return action
        for action in legal:
            if isinstance(action, Trade):
                held = Counter(me.items)
                lost = 0.0
                for _ in range(2):
                    held[action.item] -= 1
                    lost += me.gain(action.item, held)
                if TRADE_PRICE > lost:
                    return action
        return self._item_swap(me, legal)

    @staticmethod
    def _item_swap(me: _Me, legal: list[Action]) -> Action | None:
        """Bacon, a Swap with Papa Clayton or a Matchstick on the way, when what comes is worth clearly more."""
        best, best_gain = None, 0.5
        for action in legal:
            if isinstance(action, Steal):
                gain = me.gain(action.item) - me.keep("Bacon")
            elif isinstance(action, Swap):
                gain = me.gain(action.take) - me.keep(action.give)
            elif isinstance(action, Pick):
                gain = me.gain(C.CLAIMS[action.claim].rows[action.row][action.slot]) - me.keep("Matchstick")
            else:
                continue
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    # -- cube placement -------------------------------------------------------------------------
    def _on_place_cubes(self, state, top, me: _Me, legal):
        values, lean = self.column_values(me), PLANS[self.plan]
        columns = [a for a in legal if isinstance(a, PlaceCube)]
        return max(columns, key=lambda a: values.get(a.column, -1.0) * lean.get(a.column, 1.0), default=None)

    def column_values(self, me: _Me) -> dict[str, float]:
        """What one more cube is worth in each column that has room."""
        state, dash, ahead = me.state, me.dash, me.ahead
        store = [C.CLAIMS[c].type for c in state.claim_store if c is not None]
        values: dict[str, float] = {}
        for claim_type, column in R.YIELD_COLUMN.items():
            cubes = dash[column]
            if cubes >= C.DASHBOARD_CAPACITY[column]:
                continue
            share = (store.count(claim_type) + 1) / (len(store) + 3)
            if cubes:
                share = max(share, 0.55)
            top_effect = R.column_effect(column, C.DASHBOARD_CAPACITY[column])
            per_cube = (top_effect - R.column_effect(column, cubes)) / (C.DASHBOARD_CAPACITY[column] - cubes)
            values[column] = per_cube * ahead * MINING_CHANCE * share * 1.2
        values[R.COLT_45] = self._colt_value(me)
        prices = C.STORE_PRICES
        savings = [sum(min(price, R.column_effect(R.COMPANY_SHARES, k)) for price in prices) / len(prices)
                   for k in range(C.DASHBOARD_CAPACITY[R.COMPANY_SHARES] + 1)]
        values[R.COMPANY_SHARES] = self._best_rate(savings, dash[R.COMPANY_SHARES]) * ahead * MINING_CHANCE
        values[R.EXPLOSIVES_MANUALS] = (0.6 if dash[R.EXPLOSIVES_MANUALS] == 0 else 0.05) * ahead
        reveals = sum(1 for k in range(len(state.rumbles_revealed), len(state.phase_cubes)) if k >= 1)
        safety = dash[R.SAFETY_GEAR]
        if safety < C.DASHBOARD_CAPACITY[R.SAFETY_GEAR]:
            values[R.SAFETY_GEAR] = reveals * (0.45, 0.3, 0.15)[safety] + ahead * 0.15
        values[R.TUNNEL_PLANS] = (0.3 if dash[R.TUNNEL_PLANS] == 0 else 0.1) * ahead
        values[R.FORTIFYING_TONIC] = 0.05 * ahead
        spare = me.gold - R.column_effect(R.NOTEBOOKS, 1)
        notebook = 0.3 if ahead <= 1 else -0.3
        if spare < 8 and ahead:
            notebook -= 2.0
        values[R.NOTEBOOKS] = notebook
        return {col: v for col, v in values.items() if dash[col] < C.DASHBOARD_CAPACITY[col]}

    @staticmethod
    def _best_rate(totals: list[float], cubes: int) -> float:
        """Best average gain per cube from ``cubes`` towards any fuller column."""
        return max(((totals[k] - totals[cubes]) / (k - cubes) for k in range(cubes + 1, len(totals))), default=0.0)

    def _colt_value(self, me: _Me) -> float:
        cubes = me.dash[R.COLT_45]
        stakes = self._stakes(me, CLAYTON)
        evs = [max(0.0, self._fight_value(stakes, R.column_effect(R.COLT_45, k) - me.penalty,
                                          R.PAPA_CLAYTON_BONUS, 0, 0, 0))
               for k in range(C.DASHBOARD_CAPACITY[R.COLT_45] + 1)]
        return self._best_rate(evs, cubes) * me.ahead * 0.35 + 0.25

    # -- fights -----------------------------------------------------------------------------------
    def _stakes(self, me: _Me, opponent: int, share: int = 1) -> tuple[float, float, float]:
        """(gain if I win, loss if I lose, loss if both lose) against ``opponent`` (CLAYTON for him)."""
        state = me.state
        offset = state.options.pickings_offset
        theirs = state.options.papa_clayton_gold if opponent == CLAYTON else state.gold(opponent)
        room = me.carried < C.CARRY_LIMIT
        if opponent == CLAYTON:
            loot = [item for item in C.ITEM_NAMES if state.supply[item] >= 1]
            reward = R.PAPA_CLAYTON_REWARD / share
        else:
            loot = list(state.items(opponent))
            reward = 0
        spoils = max((me.gain(item) for item in loot), default=0.0) if room else 0.0
        bandage = me.token_cost()
        lost_item = 0.0
        if opponent != CLAYTON and me.items:
            lost_item = max(me.keep(item) for item in me.items)
        win = R.fight_pickings(me.gold, theirs, offset) + reward + spoils
        lose = R.fight_pickings(theirs, me.gold, offset) + bandage + lost_item
        return win, lose, bandage

    @staticmethod
    def _fight_value(stakes, bonus: int, opponent_bonus: int, injuries: int, opponent_injuries: int,
                     leaves: int) -> float:
        win, lose, both = stakes
        result = R.fight_result(injuries, opponent_injuries)
        if result is not None:
            return {R.WIN: win, R.LOSE: -lose, R.BOTH_LOSE: -both}[result]
        odds = _fight_odds(bonus, opponent_bonus, injuries, opponent_injuries, leaves)
        return odds[0] * win - odds[1] * lose - odds[2] * both

    @staticmethod
    def _blunderbuss(state: GoldmineRumbles) -> int:
        """The Blunderbuss's fight bonus as the bot counts it: less when a 6 backfires in fights too."""
        return R.BLUNDERBUSS_BONUS - (2 if state.options.blunderbuss_backfire == R.BACKFIRE_FIGHTS else 0)

    def _dashboard_of(self, state: GoldmineRumbles, q: int) -> dict[str, int]:
        """Another miner's dashboard as this bot may see it; with cubes hidden, a guess of one cube
        on each column they could have filled."""
        seen = state.visible_dashboard(q, self._seat)
        return seen if seen is not None else {col: 1 for col in C.DASHBOARD_COLUMNS}

    def _weapon(self, state: GoldmineRumbles, q: int) -> int:
        """A miner's fight bonus before leaves: Colt 45, or a Blunderbuss they hold, less tokens."""
        colt = R.column_effect(R.COLT_45, self._dashboard_of(state, q)[R.COLT_45])
        armed = self._blunderbuss(state) if state.items(q)["Blunderbuss"] else 0
        return max(colt, armed) - state.penalty(q)

    def attack_value(self, me: _Me, opponent: int, can_heal: bool = True) -> float:
        """Expected gold from fighting ``opponent`` here and now, items spent included (Whiskey first
        when ``can_heal``)."""
        state = me.state
        bonus = self._weapon(state, me.p)
        leaves = me.items["Chippawa Leaf"]
        if opponent == CLAYTON:
            opponent_bonus, opponent_injuries = R.PAPA_CLAYTON_BONUS, 0
        else:
            opponent_bonus = self._weapon(state, opponent)
            opponent_injuries = state.sheet(opponent)["injuries"]
            leaves -= state.items(opponent)["Chippawa Leaf"]
        injuries = 0 if can_heal and me.items["Whiskey"] else me.sheet["injuries"]
        value = self._fight_value(self._stakes(me, opponent), bonus, opponent_bonus, injuries, opponent_injuries,
                                  leaves)
        spent = 0.0
        if me.items["Blunderbuss"] and self._blunderbuss(state) > R.column_effect(R.COLT_45, me.dash[R.COLT_45]):
            spent += me.keep("Blunderbuss")
        if me.items["Chippawa Leaf"]:
            spent += 0.5 * me.keep("Chippawa Leaf")
        if injuries != me.sheet["injuries"]:
            spent += me.keep("Whiskey", healing=False)
        return value - spent - INJURY_COST  # the winner keeps the injuries taken

    def _round_values(self, me: _Me, fight: dict, dice: list[int], bonuses: list[int], index: int,
                      opponent: int, leaves: int, boost: int = 0) -> float:
        """The fight's value after this round is scored with ``dice`` (and ``boost`` on this side for it)."""
        mine_total = R.fight_total(dice[index], bonuses[index] + boost)
        theirs_total = R.fight_total(dice[opponent], bonuses[opponent])
        hurt, hurt_them = R.round_injuries(mine_total, theirs_total)
        stakes, theirs = self._against(me, fight, opponent)
        weapon = [b - (R.CHIPPAWA_BONUS if fight["leaf"][i] else 0) for i, b in enumerate(bonuses)]
        return self._fight_value(stakes, weapon[index], weapon[opponent], me.sheet["injuries"] + hurt,
                                 theirs + hurt_them, leaves)

    def _against(self, me: _Me, fight: dict, opponent: int) -> tuple[tuple[float, float, float], int]:
        """The stakes of a fight under way and the injuries the other side has taken."""
        side = fight["sides"][opponent]
        if side == CLAYTON:
            return self._stakes(me, side, share=max(1, len(fight["sides"]) - 1)), fight["clayton_injuries"]
        return self._stakes(me, side), me.state.sheet(side)["injuries"]

    def _fight_sides(self, state: GoldmineRumbles, fight: dict, p: int) -> tuple[int, int, list[int]]:
        """My index, my opponent's index and every side's bonus as things stand."""
        sides = fight["sides"]
        index = sides.index(p)
        opponent = len(sides) - 1 if index < len(sides) - 1 else 0
        return index, opponent, [state.fight_bonus(side) for side in sides]

    def _on_fight(self, state, top, me, legal):
        return FightRound(me.p)

    def _on_arm(self, state, top, me: _Me, legal):
        fight = _fight_entry(state)
        if fight is None:
            return Decline(me.p)
        index, opponent, bonuses = self._fight_sides(state, fight, me.p)
        side = fight["sides"][opponent]
        if side != CLAYTON and not fight["armed"][opponent]:
            bonuses[opponent] = self._weapon(state, side)  # they may still arm after this choice
        stakes, theirs = self._against(me, fight, opponent)
        blunderbuss = self._blunderbuss(state) - me.penalty
        leaves = me.items["Chippawa Leaf"]
        armed = self._fight_value(stakes, blunderbuss, bonuses[opponent], me.sheet["injuries"], theirs, leaves)
        plain = self._fight_value(stakes, bonuses[index], bonuses[opponent], me.sheet["injuries"], theirs, leaves)
        return UseItem(me.p, "Blunderbuss") if armed - plain > me.keep("Blunderbuss") else Decline(me.p)

    def _on_chippawa(self, state, top, me: _Me, legal):
        fight = _fight_entry(state)
        if fight is None or fight["dice"] is None:
            return Decline(me.p)
        index, opponent, bonuses = self._fight_sides(state, fight, me.p)
        leaves = me.items["Chippawa Leaf"]
        plain = self._round_values(me, fight, fight["dice"], bonuses, index, opponent, leaves)
        boosted = self._round_values(me, fight, fight["dice"], bonuses, index, opponent, leaves - 1,
                                     R.CHIPPAWA_BONUS)
        outside = me.keep("Chippawa Leaf") - USE_VALUE["Chippawa Leaf"]  # mission or sale worth
        return UseItem(me.p, "Chippawa Leaf") if boosted - plain > max(outside, 0) + EPSILON else Decline(me.p)

    def _on_dismiss(self, state, top, me: _Me, legal):
        """A Bible on fight dice: only when the round as rolled would make this miner lose the fight."""
        fight = _fight_entry(state)
        if fight is None or fight["dice"] is None:
            return Decline(me.p)
        index, opponent, bonuses = self._fight_sides(state, fight, me.p)
        dice = list(fight["dice"])
        hurt, _ = R.round_injuries(R.fight_total(dice[index], bonuses[index]),
                                   R.fight_total(dice[opponent], bonuses[opponent]))
        if me.sheet["injuries"] + hurt < R.INJURY_LIMIT:
            return Decline(me.p)
        leaves = me.items["Chippawa Leaf"]
        as_rolled = self._round_values(me, fight, dice, bonuses, index, opponent, leaves)
        best, best_value = Decline(me.p), as_rolled + max(0.0, me.keep("Bible") - USE_VALUE["Bible"])
        for action in legal:
            if not isinstance(action, Dismiss):
                continue
            if state.options.bible_in_fights == R.DISMISS_VOID:
                stakes, theirs = self._against(me, fight, opponent)
                value = self._fight_value(stakes, bonuses[index], bonuses[opponent], me.sheet["injuries"], theirs,
                                          leaves)
            else:
                value = self._rerolled_value(me, fight, dice, bonuses, index, opponent, leaves, action.dice)
            if value > best_value + EPSILON:
                best, best_value = action, value
        return best

    def _rerolled_value(self, me, fight, dice, bonuses, index, opponent, leaves, which: str) -> float:
        own = which in (R.OWN, R.BOTH)
        other = which in (R.OTHER, R.BOTH)
        total, count = 0.0, 0
        for mine_die, their_die in product(range(1, 7) if own else (dice[index],),
                                           range(1, 7) if other else (dice[opponent],)):
            trial = list(dice)
            trial[index], trial[opponent] = mine_die, their_die
            total += self._round_values(me, fight, trial, bonuses, index, opponent, leaves)
            count += 1
        return total / count

    def _on_clayton(self, state, top, me: _Me, legal):
        fee = min(top.get("fee", 0), me.gold)
        fight_value = self.attack_value(me, CLAYTON, can_heal=False)
        if fee <= 1 and fight_value < 3:
            return PayFee(me.p)
        return FightClayton(me.p) if fight_value > -fee + 0.5 else PayFee(me.p)

    def _on_spoils(self, state, top, me: _Me, legal):
        choices = [a for a in legal if isinstance(a, ChooseItem)]
        if choices:
            return max(choices, key=lambda a: me.gain(a.item))
        # carrying 6: make room only when the best spoil is worth more than the item given up
        loot = ([item for item, n in state.supply.items() if n] if top["loser"] == CLAYTON
                else [item for item, n in state.items(top["loser"]).items() if n])
        best = max((me.gain(item) for item in loot), default=0.0)
        cheapest = min((a for a in legal if isinstance(a, Discard)), key=lambda a: me.keep(a.item), default=None)
        if cheapest is not None and best > me.keep(cheapest.item) + EPSILON:
            return cheapest
        return Decline(me.p)

    def _on_wind_down(self, state, top, me: _Me, legal):
        for item in HEALING_ORDER:
            if UseItem(me.p, item) in legal and me.heal_value(item) > me.keep(item, healing=False) + EPSILON:
                return UseItem(me.p, item)
        return Decline(me.p)

    # -- mining -----------------------------------------------------------------------------------
    def _on_bible(self, state, top, me: _Me, legal):
        claim_type = C.CLAIMS[state.turn_record["claim"]].type
        bonus = R.yield_bonus(claim_type, me.dash)
        faces = state.options.bible_faces
        gain = (R.miner_yield(top["die"], bonus, me.penalty, True, faces)
                - R.miner_yield(top["die"], bonus, me.penalty, False, faces))
        return UseItem(me.p, "Bible") if gain > me.keep("Bible") - USE_VALUE["Bible"] + EPSILON else Decline(me.p)

    def _on_choose_die(self, state, top, me: _Me, legal):
        claim_type = C.CLAIMS[state.turn_record["claim"]].type
        bonus = R.yield_bonus(claim_type, me.dash)
        allowed = [a.die for a in legal if isinstance(a, ChooseDie)]
        if not allowed:
            return None
        dice = [top["dice"][d] for d in allowed]
        choice = R.best_yield(dice, bonus, me.penalty, bool(me.items["Bible"]), state.options.bible_faces)
        return ChooseDie(me.p, allowed[choice.die_index])

    def _on_rat(self, state, top, me: _Me, legal):
        return UseItem(me.p, "Bread") if me.token_cost() > me.keep("Bread") else Decline(me.p)

    def _on_snake(self, state, top, me: _Me, legal):
        backfire = me.token_cost() if me.sheet["injuries"] + 3 >= R.INJURY_LIMIT else 3 * INJURY_COST
        if me.token_cost() > me.keep("Blunderbuss") + backfire / 6:
            return UseItem(me.p, "Blunderbuss")
        return Decline(me.p)

    def _on_bids(self, state, top, me: _Me, legal):
        turn = state.turn_record
        value = self.partner_value(me, turn)
        squares = sorted((a.square for a in legal if isinstance(a, Bid)), reverse=True)
        target = math.floor(BID_SHARE * value)
        for square in squares:
            if square <= target:
                return Bid(me.p, square)
        return NoBid(me.p)

    def partner_value(self, me: _Me, turn: dict) -> float:
        """Expected gold from partnering on the turn's claim before the bid: yield, row, hazard, journey."""
        state = me.state
        claim = turn["claim"]
        claim_type = C.CLAIMS[claim].type
        owner = turn["player"]
        owner_spec = (R.yield_bonus(claim_type, self._dashboard_of(state, owner)), state.penalty(owner),
                      bool(state.items(owner)["Bible"]))
        mine_spec = (R.yield_bonus(claim_type, me.dash), me.penalty, bool(me.items["Bible"]))
        faces = tuple(sorted(state.options.bible_faces.items()))
        value = _partner_yield(owner_spec, mine_spec, state.options.partner_dice, faces)
        taken = turn.get("taken")
        rows = [1 - taken] if taken in (0, 1) else [0, 1]
        value += max(self._row_value(me, claim, row, (a, b))[0] for row in rows for a, b in ((0, 1), (0, 2), (1, 2)))
        value -= me.hazard_cost()
        if value < 1 / BID_SHARE:
            return value  # not worth a bid even with a free journey
        journey = self._plan(me, me.here, claim, me.gold)
        if journey is None:
            return -1.0
        cost, possible = self._journey_cost(me, journey, me.gold)
        return value - cost if possible else -1.0

    def _on_accept(self, state, top, me: _Me, legal):
        bids = [a for a in legal if isinstance(a, AcceptBid)]
        board = {bidder: square for square, bidder in state.bid_board.items()}
        if not bids:
            return RejectBids(me.p)
        return max(bids, key=lambda a: board.get(a.bidder, 0))

    # -- items at the claim ------------------------------------------------------------------------
    def _row_value(self, me: _Me, claim: int, row: int, slots: tuple) -> tuple[float, int]:
        """Worth of taking ``slots`` of a claim row, and how many items must be discarded for room."""
        state = me.state
        held = Counter(me.items)
        if me.cube_value is None:
            me.cube_value = max(self.column_values(me).values(), default=0.0)
        cube = me.cube_value
        value, kept = 0.0, 0
        picked = [C.CLAIMS[claim].rows[row][s] for s in slots]
        if len(slots) == 3:
            value -= me.keep("Matchstick")
            held["Matchstick"] -= 1
        carried = sum(held.values())
        for item in sorted(picked, key=lambda i: i != C.CUBE and C.ITEMS[i].lightning):
            if item == C.CUBE:
                value += cube
                cube *= 0.8
            elif state.supply[item] < 1:
                continue
            elif C.ITEMS[item].lightning and carried + kept >= C.CARRY_LIMIT:
                value += me.heal_value(item)
            else:
                value += me.gain(item, held)
                held[item] += 1
                kept += 1
        over = max(0, carried + kept - C.CARRY_LIMIT)
        if over:
            value -= sum(sorted(me.keep(item) for item in me.items.elements())[:over])
        return value, over

    def _on_items(self, state, top, me: _Me, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        best, best_value, best_over = None, -math.inf, 0
        choices = [(row, pair) for row in top["rows"] for pair in ((0, 1), (0, 2), (1, 2))]
        if me.items["Matchstick"] and len(top["rows"]) == 2:
            choices += [(row, (0, 1, 2)) for row in top["rows"]]
        for row, slots in choices:
            value, over = self._row_value(me, top["claim"], row, slots)
            action = TakeItems(me.p, row, slots)
            if value > best_value and (action in legal or (over and self._free_left(state))):
                best, best_value, best_over = action, value, over
        if best is not None and best not in legal and best_over:
            cheapest = min(me.items, key=lambda item: me.keep(item))
            return Discard(me.p, cheapest)
        return best

    # -- the turn -----------------------------------------------------------------------------------
    def _on_partner_items(self, state, top, me: _Me, legal):
        """A partner with items picked up at the claim: heal, sell or play a Pipe when it pays."""
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        if self._pipe_worth_playing(me, legal):
            return UseItem(me.p, "Pipe")
        return Decline(me.p)

    def _on_turn(self, state, top, me: _Me, legal):
        mode = top.get("mode")
        if mode is None:
            return self._main_action(state, me, legal)
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        if mode in ("at claim", "invited", "partnered") and self._pipe_worth_playing(me, legal):
            return UseItem(me.p, "Pipe")
        if mode in ("at claim", "invited"):
            bread = self._bread_purchase(me, legal)
            if bread is not None:
                return bread
            return InviteBids(me.p) if InviteBids(me.p) in legal else MineAlone(me.p)
        if mode == "partnered":
            return RollYield(me.p)
        return EndTurn(me.p)

    def _bread_purchase(self, me: _Me, legal):
        """Bread before the hazard die, when what it saves beats its price and Black Mark."""
        buy = BuyEssentials(me.p, ("Bread",))
        if buy not in legal or not self._free_left(me.state):
            return None
        ranks = R.gold_ranks([me.state.gold(q) for q in range(me.state.num_players)])
        args = (me.sheet["injuries"], me.dash[R.FORTIFYING_TONIC], me.dash[R.SAFETY_GEAR], ranks[me.p],
                me.state.options.tonic_rule, round(me.token_cost(), 1))
        bread = me.items["Bread"]
        saved = _hazard_cost(args[0], bread, *args[1:]) - _hazard_cost(args[0], bread + 1, *args[1:])
        return buy if saved > 1 + me.mark_cost() else None

    def _main_action(self, state, me: _Me, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        options = []  # (value before the journey, action, goal, gold left for the journey)
        hazard = me.hazard_cost()
        for action in legal:
            if isinstance(action, BuyClaim):
                claim = state.claim_store[action.slot]
                price = R.claim_price(C.STORE_PRICES[action.slot], me.dash[R.COMPANY_SHARES])
                bonus = R.yield_bonus(C.CLAIMS[claim].type, me.dash)
                rows = max(self._row_value(me, claim, row, pair)[0] for row in (0, 1)
                           for pair in ((0, 1), (0, 2), (1, 2)))
                value = _mean_yield(bonus, me.penalty) + PARTNER_PREMIUM + rows - price - hazard
                options.append((value, action, claim, me.gold - price))
            elif isinstance(action, AttackPapaClayton):
                value = self.attack_value(me, CLAYTON)
                options.append((value, action, state.clayton_position, me.gold))
                if me.items["Harmonica"] and UseItem(me.p, "Harmonica") in legal and self._free_left(state):
                    options.append((value - me.keep("Harmonica"), UseItem(me.p, "Harmonica"), me.here, me.gold))
            elif isinstance(action, AttackPlayer):
                options.append((self.attack_value(me, action.target), action, state.positions[action.target],
                                 me.gold))
        options.sort(key=lambda option: -option[0])
        best, best_value = EndTurn(me.p), PASS_MARGIN
        for value, action, goal, budget in options:
            if value <= best_value:
                break
            journey = self._plan(me, me.here, goal, budget)
            if journey is None:
                continue
            cost, possible = self._journey_cost(me, journey, budget)
            if possible and value - cost > best_value:
                best, best_value = action, value - cost
        if best == EndTurn(me.p):
            refresh = self._flask_refresh(state, me, legal)
            if refresh is not None:
                return refresh
        attacking = isinstance(best, (AttackPapaClayton, AttackPlayer)) or best == UseItem(me.p, "Harmonica")
        if attacking and me.sheet["injuries"] and UseItem(me.p, "Whiskey") in legal and self._free_left(state):
            return UseItem(me.p, "Whiskey")
        return best

    def _flask_refresh(self, state, me: _Me, legal):
        """With nothing worth doing, a Flask sends the claims on show under the pile for new ones."""
        if not me.items["Flask"] or state.claim_pile_top is None or not self._free_left(state):
            return None
        cheapest = min(R.claim_price(price, me.dash[R.COMPANY_SHARES]) for price in C.STORE_PRICES)
        if me.gold < cheapest + 1:  # new claims would be as far out of reach
            return None
        shown = tuple(s for s, claim in enumerate(state.claim_store) if claim is not None)
        refresh = Refresh(me.p, shown[:state.options.flask_refresh_max])
        return refresh if refresh in legal else None

    # -- journeys ------------------------------------------------------------------------------------
    def _blast_budget(self, me: _Me, budget_gold: int, owed: int = 0) -> int:
        dynamite = me.items["Dynamite"]
        room = C.CARRY_LIMIT - me.carried + dynamite
        buyable = max(0, min(budget_gold, room))
        return min(MAX_SEARCH_BLASTS, owed + me.per_dynamite * (dynamite + buyable))

    def _plan(self, me: _Me, here, goal, budget_gold: int, owed: int = 0) -> M.Journey | None:
        """The cheapest journey with the blasts the miner can afford: one blast first, two if needed."""
        if here == goal:
            return M.Journey((), me.state.mine)
        blasts = self._blast_budget(me, budget_gold, owed)
        plans = me.dash[R.TUNNEL_PLANS]
        journey = M.plan_journey(me.state.mine, here, goal, plans, min(blasts, 1))
        if journey is None and blasts > 1 and self._deep_left > 0:
            self._deep_left -= 1
            journey = M.plan_journey(me.state.mine, here, goal, plans, blasts)
        return journey

    def _journey_cost(self, me: _Me, journey: M.Journey, budget_gold: int, owed: int = 0) -> tuple[float, bool]:
        """Gold-equivalent cost of a journey (Dynamite, purchases, rats and snakes) and whether it is affordable."""
        per = me.per_dynamite
        needed = math.ceil(max(0, journey.blasts - owed) / per)
        held = me.items["Dynamite"]
        bought = max(0, needed - held)
        cost = min(needed, held) * me.keep("Dynamite", healing=False)
        if bought:
            cost += bought + me.mark_cost()
        bread = me.items["Bread"]
        for _, kind in journey.hazards:
            if kind == "rat" and bread:
                bread -= 1
                cost += min(me.keep("Bread"), me.token_cost())
            else:
                cost += me.token_cost()
        return cost, bought <= budget_gold

    def _on_travel(self, state, top, me: _Me, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        purpose = top["purpose"]
        give_up = Decline(me.p) if purpose == "partner" else EndTurn(me.p)
        goal = state.journey_goal()
        move = self._route_memory.get((state.mine, me.here, goal))
        if move is None:
            journey = self._plan(me, me.here, goal, me.gold, top.get("blasts", 0))
            if journey is None:
                return give_up
            self._memorise(state.mine, journey, me.here, goal)
            move = self._route_memory.get((state.mine, me.here, goal))
            if move is None:
                return give_up
        kind, target, turns, blasts_left = move
        if kind == "step":
            action = Step(me.p, position_key(target))
            return action if action in legal else give_up
        if not top.get("blasts", 0) and not me.items["Dynamite"]:
            buy = self._dynamite_purchase(me, blasts_left, legal)
            return buy if buy is not None else give_up
        action = Blast(me.p, target[0], target[1], turns)
        return action if action in legal else give_up

    def _memorise(self, mine: M.Mine, journey: M.Journey, origin, goal) -> None:
        """Store the next move of a journey for every (mine, place) along it, so travelling is a lookup."""
        if len(self._route_memory) > 20000:
            self._route_memory.clear()
        here, blasts_left = origin, journey.blasts
        for part in journey.plan:
            if isinstance(part, M.Blast):
                self._route_memory[(mine, here, goal)] = ("blast", part.cell, part.turns, blasts_left)
                mine = mine.rotated(part.cell, part.turns)
                blasts_left -= 1
            else:
                for a, b in zip(part.path, part.path[1:]):
                    self._route_memory[(mine, a, goal)] = ("step", b, None, blasts_left)
                here = part.path[-1]

    def _dynamite_purchase(self, me: _Me, blasts_left: int, legal):
        """Dynamite for the blasts still planned, in one purchase (one Black Mark), with a Bread if short."""
        if not self._free_left(me.state) or BuyEssentials(me.p, ("Dynamite",)) not in legal:
            return None
        count = min(math.ceil(blasts_left / me.per_dynamite), me.gold, C.CARRY_LIMIT - me.carried,
                    me.state.supply["Dynamite"])
        items = ("Dynamite",) * max(1, count)
        extra_bread = (not me.items["Bread"] and me.gold > len(items) and me.carried + len(items) < C.CARRY_LIMIT
                       and me.state.supply["Bread"] >= 1 and me.gain("Bread") > 1)
        return BuyEssentials(me.p, items + (("Bread",) if extra_bread else ()))

    # -- the Pipe: cubes moved into the yield column of the claim about to be dug ----------------
    def _pipe_moves(self, me: _Me) -> tuple[str, list[str]] | None:
        """The claim's yield column and, cheapest first, the cubes a Pipe would move into it."""
        turn = me.state.turn_record
        if turn is None or turn["claim"] is None:
            return None
        target = R.YIELD_COLUMN[C.CLAIMS[turn["claim"]].type]
        room = min(PIPE_MOVES, C.DASHBOARD_CAPACITY[target] - me.dash[target])
        values = self.column_values(me)
        cubes = sorted((values.get(col, FULL_COLUMN_CUBE), col) for col in C.DASHBOARD_COLUMNS
                       if col not in (target, R.NOTEBOOKS) for _ in range(me.dash[col]))
        return target, [col for _, col in cubes[:room]]

    def _pipe_worth_playing(self, me: _Me, legal: list[Action]) -> bool:
        """Play the Pipe when this dig's extra gold and the cubes' later use beat what they leave."""
        plan = self._pipe_moves(me) if UseItem(me.p, "Pipe") in legal else None
        if not plan or not plan[1]:
            return False
        target, sources = plan
        values = self.column_values(me)
        now = R.column_effect(target, me.dash[target] + len(sources)) - R.column_effect(target, me.dash[target])
        later = values.get(target, 0.0) * len(sources)
        lost = sum(values.get(col, FULL_COLUMN_CUBE) for col in sources)
        return now + later - lost > me.keep("Pipe") + PIPE_MARGIN

    # -- paid route finders (optional rule) ------------------------------------------------------
    def _on_route_offer(self, state, top, me, legal):
        """A route shown is 1gn from the bank: always worth offering."""
        return OfferRoute(me.p) if OfferRoute(me.p) in legal else Decline(me.p)

    def _on_route_accept(self, state, top, me, legal):
        """The bot plans its own journeys, so it needs no help (and pays no rival)."""
        return Decline(me.p)

    def _on_pipe(self, state, top, me, legal):
        plan = self._pipe_moves(me)
        if plan and plan[1]:
            move = MoveCube(me.p, plan[1][0], plan[0])
            if move in legal:
                return move
        return Decline(me.p)
