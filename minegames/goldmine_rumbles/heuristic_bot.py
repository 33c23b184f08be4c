"""The decisions of Goldmine Rumbles' heuristic bot: one method per kind of decision.

:class:`HeuristicBot` scores each choice in gold nuggets expected by the end of the game and takes
the best one. It sees only what its player may see: the public board (mine, pawns, claims, gold,
items, dashboards and tokens of every miner, revealed Rumbles tiles), its own mission and the
decision on top of the stack. It never reads another miner's mission or the unrevealed tiles.

The worth of things comes from :mod:`.bot_seat` (items, tokens, the hazard die),
:mod:`.bot_valuation` (cubes, claims, rows, partnering) and :mod:`.bot_fights` (fights, with exact
odds); journeys from :mod:`.bot_journeys`. This module only decides: :data:`DECISIONS` names the
method for each decision kind.

Free actions (healing, trading, essentials, discarding for room) are capped per turn so that the
bot can never loop.
"""

from __future__ import annotations

import math
from collections import Counter

from minegames.core import Action, make_rng

from . import components as C
from . import dice_rules as R
from .actions import (
    AcceptBid, AttackPapaClayton, AttackPlayer, Bid, Blast, BuyClaim, BuyEssentials, ChooseDie, ChooseItem, Decline,
    Discard, Dismiss, EndTurn, FightClayton, FightRound, InviteBids, MineAlone, MoveCube, NoBid, OfferRoute, PayFee,
    Peek, Pick, PlaceCube, Rearrange, Refresh, RejectBids, RollYield, Steal, Step, Swap, TakeItems, Trade, UseItem,
)
from .bot_fights import (
    against, attack_value, blunderbuss_bonus, fight_sides, fight_value, rerolled_value, round_value, weapon,
)
from .bot_journeys import JourneyPlanner
from .bot_seat import EPSILON, HEALING_ORDER, INJURY_COST, USE_VALUE, Seat
from .bot_valuation import (
    FULL_COLUMN_CUBE, PLANS, SLOT_PAIRS, claim_price, claim_value, column_values, partner_value_at_claim, row_value,
)
from .decisions import Decision
from .engine_common import CLAYTON, PIPE_MOVES, TRADE_PRICE, position_key
from .state import GoldmineRumbles

__all__ = ["HeuristicBot", "DECISIONS", "PLANS", "FREE_ACTIONS_PER_TURN"]

FREE_ACTIONS_PER_TURN = 8
BID_SHARE = 0.6  # a bidder offers this share of what partnering is worth to it
#: A main action is taken when its worth after the journey beats this; below zero, because a turn
#: passed is a turn lost and claims' worth leaves out what standing at a claim site and digging
#: again later bring (measured: bots that pass less win more).
PASS_MARGIN = -2.5
#: free actions, counted against the per-turn cap
FREE_KINDS = (BuyEssentials, Discard, Trade, Steal, Swap, Pick, Refresh, Rearrange, Peek)
PIPE_MARGIN = 1.0  # a Pipe is played only for a clear gain
FREE_STEPS = ("turn", "travel", "items", "partner items")  # where an item use counts as a free action

#: The method that answers each kind of decision (a :class:`Decision` equals its text, so the
#: state's ``decision["kind"]`` finds its entry either way).
DECISIONS: dict[str, str] = {
    Decision.PLACE_CUBES: "_on_place_cubes",
    Decision.TURN: "_on_turn",
    Decision.TRAVEL: "_on_travel",
    Decision.ITEMS: "_on_items",
    Decision.PARTNER_ITEMS: "_on_partner_items",
    Decision.BIDS: "_on_bids",
    Decision.ACCEPT: "_on_accept",
    Decision.CHOOSE_DIE: "_on_choose_die",
    Decision.BIBLE: "_on_bible",
    Decision.PIPE: "_on_pipe",
    Decision.RAT: "_on_rat",
    Decision.SNAKE: "_on_snake",
    Decision.CLAYTON: "_on_clayton",
    Decision.FIGHT: "_on_fight",
    Decision.ARM: "_on_arm",
    Decision.CHIPPAWA: "_on_chippawa",
    Decision.DISMISS: "_on_dismiss",
    Decision.SPOILS: "_on_spoils",
    Decision.WIND_DOWN: "_on_wind_down",
    Decision.ROUTE_OFFER: "_on_route_offer",
    Decision.ROUTE_ACCEPT: "_on_route_accept",
}

_Me = Seat  # the name older callers use


class HeuristicBot:
    """Plays Goldmine Rumbles by expected gold, from public information and its own mission only
    (the "medium" strength).

    Each turn it buys the claim, or picks the fight, worth most after the journey's cost (Dynamite
    bought as needed, an item thrown away for room if it must), and passes only when every main
    action looks clearly losing; it places cubes by what
    each column will bring over the turns left, bids a share of what partnering is worth, and uses
    Bible, Chippawa Leaf, Blunderbuss, Bread, Pipe and Flask when the numbers say so. It never
    plays a Detonator.

    ``strict=True`` lets an internal error surface (for tests); otherwise the bot falls back to a
    safe legal action, so a game never stops because of it. ``plan`` (a key of :data:`PLANS`) is
    its opening: where its cubes go.
    """

    pass_margin = PASS_MARGIN
    rival_share = 0.0  # how much another miner's gold counts against this bot's (shared among them)

    def __init__(self, seed: int | None = None, strict: bool = False, plan: str = "investor"):
        if plan not in PLANS:
            raise ValueError(f"plan must be one of {sorted(PLANS)}, not {plan!r}")
        self.rng = make_rng(seed)  # the bots' common signature; every choice is deterministic so far
        self.strict = strict
        self.plan = plan
        self.journeys = JourneyPlanner(discard_for_room=True)
        self._free_used: dict[tuple, int] = {}

    # -- entry point -------------------------------------------------------------------------
    def choose(self, state: GoldmineRumbles) -> Action:
        legal = state.legal_actions()
        action = None
        try:
            action = self._decide(state, legal)
        except Exception:
            if self.strict:
                raise
        if action is None or action not in legal:
            action = self._fallback(state, legal)
        if isinstance(action, FREE_KINDS) or (isinstance(action, UseItem) and state.step in FREE_STEPS):
            key = self._turn_key(state)
            self._free_used[key] = self._free_used.get(key, 0) + 1
        return action

    def _decide(self, state: GoldmineRumbles, legal: list[Action]) -> Action | None:
        top = state.decision
        me = Seat(state, top["player"], viewer=state.current_player)
        self.journeys.new_decision()
        handler = getattr(self, DECISIONS.get(top["kind"], ""), None)
        if handler is None:
            return None
        return handler(state, top, me, legal)

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
    def _free_action(self, state: GoldmineRumbles, me: Seat, legal: list[Action]):
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
    def _item_swap(me: Seat, legal: list[Action]) -> Action | None:
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
    def _on_place_cubes(self, state, top, me: Seat, legal):
        values, lean = column_values(me), PLANS[self.plan]
        columns = [a for a in legal if isinstance(a, PlaceCube)]
        return max(columns, key=lambda a: values.get(a.column, -1.0) * lean.get(a.column, 1.0), default=None)

    # -- the turn -----------------------------------------------------------------------------------
    def _on_turn(self, state, top, me: Seat, legal):
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

    def _bread_purchase(self, me: Seat, legal):
        """Bread before the hazard die, when what it saves beats its price and Black Mark."""
        buy = BuyEssentials(me.p, ("Bread",))
        if buy not in legal or not self._free_left(me.state):
            return None
        bread = me.items["Bread"]
        saved = me.hazard_cost(bread) - me.hazard_cost(bread + 1)
        return buy if saved > 1 + me.mark_cost() else None

    def _main_options(self, state, me: Seat, legal) -> list[tuple[float, Action, object, int]]:
        """(value before the journey, action, goal, gold left for the journey) of each main action."""
        options = []
        hazard = me.hazard_cost()
        for action in legal:
            if isinstance(action, BuyClaim):
                value = claim_value(me, action.slot, hazard)
                options.append((value, action, state.claim_store[action.slot], me.gold - claim_price(me, action.slot)))
            elif isinstance(action, AttackPapaClayton):
                value = attack_value(me, CLAYTON)
                options.append((value, action, state.clayton_position, me.gold))
                if me.items["Harmonica"] and UseItem(me.p, "Harmonica") in legal and self._free_left(state):
                    options.append((value - me.keep("Harmonica"), UseItem(me.p, "Harmonica"), me.here, me.gold))
            elif isinstance(action, AttackPlayer):
                value = attack_value(me, action.target, rival_weight=self._rival_weight(state))
                options.append((value, action, state.positions[action.target], me.gold))
        options.sort(key=lambda option: -option[0])
        return options

    def _main_action(self, state, me: Seat, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        best, _ = self._best_main_action(state, me, legal)
        return self._before_main_action(state, me, legal, best)

    def _best_main_action(self, state, me: Seat, legal) -> tuple[Action, float]:
        """The main action worth most after its journey, with that worth (ending the turn is worth the
        pass margin)."""
        best, best_value = EndTurn(me.p), self.pass_margin
        for value, action, goal, budget in self._main_options(state, me, legal):
            if value <= best_value:
                break
            cost = self.journeys.net_cost(me, me.here, goal, budget)
            if cost is not None and value - cost > best_value:
                best, best_value = action, value - cost
        return best, best_value

    def _rival_weight(self, state) -> float:
        """What one gold nugget of one rival counts against this bot's own."""
        return self.rival_share / max(1, state.num_players - 1)

    def _before_main_action(self, state, me: Seat, legal, best: Action) -> Action:
        """A Flask instead of passing, a Whiskey before a fight, else ``best`` itself."""
        if best == EndTurn(me.p):
            refresh = self._flask_refresh(state, me, legal)
            if refresh is not None:
                return refresh
        attacking = isinstance(best, (AttackPapaClayton, AttackPlayer)) or best == UseItem(me.p, "Harmonica")
        if attacking and me.sheet["injuries"] and UseItem(me.p, "Whiskey") in legal and self._free_left(state):
            return UseItem(me.p, "Whiskey")
        return best

    def _flask_refresh(self, state, me: Seat, legal):
        """With nothing worth doing, a Flask sends the claims on show under the pile for new ones."""
        if not me.items["Flask"] or state.claim_pile_top is None or not self._free_left(state):
            return None
        cheapest = min(R.claim_price(price, me.dash[R.COMPANY_SHARES]) for price in C.STORE_PRICES)
        if me.gold < cheapest + 1:  # new claims would be as far out of reach
            return None
        shown = tuple(s for s, claim in enumerate(state.claim_store) if claim is not None)
        refresh = Refresh(me.p, shown[:state.options.flask_refresh_max])
        return refresh if refresh in legal else None

    # -- travelling ----------------------------------------------------------------------------------
    def _on_travel(self, state, top, me: Seat, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        give_up = Decline(me.p) if top["purpose"] == "partner" else EndTurn(me.p)
        move = self.journeys.next_move(me, state.journey_goal(), top.get("blasts", 0))
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

    def _dynamite_purchase(self, me: Seat, blasts_left: int, legal):
        """Dynamite for the blasts still planned, in one purchase (one Black Mark); carrying six items,
        first the least useful one thrown away to make room."""
        if not self._free_left(me.state):
            return None
        if BuyEssentials(me.p, ("Dynamite",)) in legal:
            return BuyEssentials(me.p, self.journeys.dynamite_to_buy(me, blasts_left))
        if me.carried >= C.CARRY_LIMIT:
            return min((a for a in legal if isinstance(a, Discard)), key=lambda a: me.keep(a.item), default=None)
        return None

    # -- partners -------------------------------------------------------------------------------------
    def _on_bids(self, state, top, me: Seat, legal):
        value = self._partner_value(me, state.turn_record)
        squares = sorted((a.square for a in legal if isinstance(a, Bid)), reverse=True)
        target = math.floor(BID_SHARE * value)
        for square in squares:
            if square <= target:
                return Bid(me.p, square)
        return NoBid(me.p)

    def _partner_value(self, me: Seat, turn) -> float:
        """Expected gold from partnering on the turn's claim before the bid, the journey there included."""
        value = partner_value_at_claim(me, turn)
        if value < 1 / BID_SHARE:
            return value  # not worth a bid even with a free journey
        cost = self.journeys.net_cost(me, me.here, turn["claim"], me.gold)
        return -1.0 if cost is None else value - cost

    def _on_accept(self, state, top, me: Seat, legal):
        bids = [a for a in legal if isinstance(a, AcceptBid)]
        board = {bidder: square for square, bidder in state.bid_board.items()}
        if not bids:
            return RejectBids(me.p)
        return max(bids, key=lambda a: board.get(a.bidder, 0))

    def _on_partner_items(self, state, top, me: Seat, legal):
        """A partner with items picked up at the claim: heal, sell or play a Pipe when it pays."""
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        if self._pipe_worth_playing(me, legal):
            return UseItem(me.p, "Pipe")
        return Decline(me.p)

    # -- items at the claim ------------------------------------------------------------------------
    def _on_items(self, state, top, me: Seat, legal):
        free = self._free_action(state, me, legal)
        if free is not None:
            return free
        best, best_value, best_over = None, -math.inf, 0
        choices = [(row, pair) for row in top["rows"] for pair in SLOT_PAIRS]
        if me.items["Matchstick"] and len(top["rows"]) == 2:
            choices += [(row, (0, 1, 2)) for row in top["rows"]]
        for row, slots in choices:
            value, over = row_value(me, top["claim"], row, slots)
            action = TakeItems(me.p, row, slots)
            if value > best_value and (action in legal or (over and self._free_left(state))):
                best, best_value, best_over = action, value, over
        if best is not None and best not in legal and best_over:
            cheapest = min(me.items, key=lambda item: me.keep(item))
            return Discard(me.p, cheapest)
        return best

    # -- the Pipe: cubes moved into the yield column of the claim about to be dug ----------------
    def _pipe_moves(self, me: Seat) -> tuple[str, list[str]] | None:
        """The claim's yield column and, cheapest first, the cubes a Pipe would move into it."""
        turn = me.state.turn_record
        if turn is None or turn["claim"] is None:
            return None
        target = R.YIELD_COLUMN[C.CLAIMS[turn["claim"]].type]
        room = min(PIPE_MOVES, C.DASHBOARD_CAPACITY[target] - me.dash[target])
        values = column_values(me)
        cubes = sorted((values.get(col, FULL_COLUMN_CUBE), col) for col in C.DASHBOARD_COLUMNS
                       if col not in (target, R.NOTEBOOKS) for _ in range(me.dash[col]))
        return target, [col for _, col in cubes[:room]]

    def _pipe_worth_playing(self, me: Seat, legal: list[Action]) -> bool:
        """Play the Pipe when this dig's extra gold and the cubes' later use beat what they leave."""
        plan = self._pipe_moves(me) if UseItem(me.p, "Pipe") in legal else None
        if not plan or not plan[1]:
            return False
        target, sources = plan
        values = column_values(me)
        now = R.column_effect(target, me.dash[target] + len(sources)) - R.column_effect(target, me.dash[target])
        later = values.get(target, 0.0) * len(sources)
        lost = sum(values.get(col, FULL_COLUMN_CUBE) for col in sources)
        return now + later - lost > me.keep("Pipe") + PIPE_MARGIN

    def _on_pipe(self, state, top, me, legal):
        plan = self._pipe_moves(me)
        if plan and plan[1]:
            move = MoveCube(me.p, plan[1][0], plan[0])
            if move in legal:
                return move
        return Decline(me.p)

    # -- mining -----------------------------------------------------------------------------------
    def _on_bible(self, state, top, me: Seat, legal):
        claim_type = C.CLAIMS[state.turn_record["claim"]].type
        bonus = R.yield_bonus(claim_type, me.dash)
        faces = state.options.bible_faces
        gain = (R.miner_yield(top["die"], bonus, me.penalty, True, faces)
                - R.miner_yield(top["die"], bonus, me.penalty, False, faces))
        return UseItem(me.p, "Bible") if gain > me.keep("Bible") - USE_VALUE["Bible"] + EPSILON else Decline(me.p)

    def _on_choose_die(self, state, top, me: Seat, legal):
        claim_type = C.CLAIMS[state.turn_record["claim"]].type
        bonus = R.yield_bonus(claim_type, me.dash)
        allowed = [a.die for a in legal if isinstance(a, ChooseDie)]
        if not allowed:
            return None
        dice = [top["dice"][d] for d in allowed]
        choice = R.best_yield(dice, bonus, me.penalty, bool(me.items["Bible"]), state.options.bible_faces)
        return ChooseDie(me.p, allowed[choice.die_index])

    def _on_rat(self, state, top, me: Seat, legal):
        return UseItem(me.p, "Bread") if me.token_cost() > me.keep("Bread") else Decline(me.p)

    def _on_snake(self, state, top, me: Seat, legal):
        backfire = me.token_cost() if me.sheet["injuries"] + 3 >= R.INJURY_LIMIT else 3 * INJURY_COST
        if me.token_cost() > me.keep("Blunderbuss") + backfire / 6:
            return UseItem(me.p, "Blunderbuss")
        return Decline(me.p)

    def _on_wind_down(self, state, top, me: Seat, legal):
        for item in HEALING_ORDER:
            if UseItem(me.p, item) in legal and me.heal_value(item) > me.keep(item, healing=False) + EPSILON:
                return UseItem(me.p, item)
        return Decline(me.p)

    # -- fights -----------------------------------------------------------------------------------
    def _on_clayton(self, state, top, me: Seat, legal):
        fee = min(top.get("fee", 0), me.gold)
        value = attack_value(me, CLAYTON, can_heal=False)
        if fee <= 1 and value < 3:
            return PayFee(me.p)
        return FightClayton(me.p) if value > -fee + 0.5 else PayFee(me.p)

    def _on_fight(self, state, top, me, legal):
        return FightRound(me.p)

    def _on_arm(self, state, top, me: Seat, legal):
        fight = state.fight_record
        if fight is None:
            return Decline(me.p)
        index, opponent, bonuses = fight_sides(state, fight, me.p)
        side = fight["sides"][opponent]
        if side != CLAYTON and not fight["armed"][opponent]:
            bonuses[opponent] = weapon(state, side, me.viewer)  # they may still arm after this choice
        at_stake, theirs = against(me, fight, opponent)
        leaves = me.items["Chippawa Leaf"]
        armed = fight_value(at_stake, blunderbuss_bonus(state) - me.penalty, bonuses[opponent],
                            me.sheet["injuries"], theirs, leaves)
        plain = fight_value(at_stake, bonuses[index], bonuses[opponent], me.sheet["injuries"], theirs, leaves)
        return UseItem(me.p, "Blunderbuss") if armed - plain > me.keep("Blunderbuss") else Decline(me.p)

    def _on_chippawa(self, state, top, me: Seat, legal):
        fight = state.fight_record
        if fight is None or fight["dice"] is None:
            return Decline(me.p)
        index, opponent, bonuses = fight_sides(state, fight, me.p)
        leaves = me.items["Chippawa Leaf"]
        plain = round_value(me, fight, fight["dice"], bonuses, index, opponent, leaves)
        boosted = round_value(me, fight, fight["dice"], bonuses, index, opponent, leaves - 1, R.CHIPPAWA_BONUS)
        outside = me.keep("Chippawa Leaf") - USE_VALUE["Chippawa Leaf"]  # mission or sale worth
        return UseItem(me.p, "Chippawa Leaf") if boosted - plain > max(outside, 0) + EPSILON else Decline(me.p)

    def _on_dismiss(self, state, top, me: Seat, legal):
        """A Bible on fight dice: only when the round as rolled would make this miner lose the fight."""
        fight = state.fight_record
        if fight is None or fight["dice"] is None:
            return Decline(me.p)
        index, opponent, bonuses = fight_sides(state, fight, me.p)
        dice = list(fight["dice"])
        hurt, _ = R.round_injuries(R.fight_total(dice[index], bonuses[index]),
                                   R.fight_total(dice[opponent], bonuses[opponent]))
        if me.sheet["injuries"] + hurt < R.INJURY_LIMIT:
            return Decline(me.p)
        leaves = me.items["Chippawa Leaf"]
        as_rolled = round_value(me, fight, dice, bonuses, index, opponent, leaves)
        best, best_value = Decline(me.p), as_rolled + max(0.0, me.keep("Bible") - USE_VALUE["Bible"])
        for action in legal:
            if not isinstance(action, Dismiss):
                continue
            if state.options.bible_in_fights == R.DISMISS_VOID:
                at_stake, theirs = against(me, fight, opponent)
                value = fight_value(at_stake, bonuses[index], bonuses[opponent], me.sheet["injuries"], theirs, leaves)
            else:
                value = rerolled_value(me, fight, dice, bonuses, index, opponent, leaves, action.dice)
            if value > best_value + EPSILON:
                best, best_value = action, value
        return best

    def _on_spoils(self, state, top, me: Seat, legal):
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

    # -- paid route finders (optional rule) ------------------------------------------------------
    def _on_route_offer(self, state, top, me, legal):
        """A route shown is 1gn from the bank: always worth offering."""
        return OfferRoute(me.p) if OfferRoute(me.p) in legal else Decline(me.p)

    def _on_route_accept(self, state, top, me, legal):
        """The bot plans its own journeys, so it needs no help (and pays no rival)."""
        return Decline(me.p)
