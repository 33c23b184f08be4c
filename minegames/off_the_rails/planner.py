"""The Off the Rails turn planner: the best use of a player's (up to four) actions, and the ways
their carts should take (the app's hint, and the plans :class:`~.planner_bot.PlannerBot` plays).

At the start of the player's action phase, for each cart (and each cart that could be put out)
it follows the cheapest buildable path to a goal (``routes.py``: a deposit worth taking while the
cart has room, else the nearest surface square; in the solo game the exit matching a jewel it
carries), tries laying the first tiles of that path with each speed change that fits, dry-runs
the moves (``dry_run.py``) and keeps the best mix of the carts' plans. A plan's value
(``plan_values.py``) weighs points delivered this turn (100 a point, missions included) above gems
loaded (60 a point) above the way left to go (12 an action); a derailment costs more than anything
a turn can win, so a plan never accepts one when any other plan avoids it.

The app and the bots import the planner's public names from here: :func:`plan_turn`,
:class:`Plan`, :func:`dry_run_cart` and :class:`PlannerBot` (from ``planner_bot.py``, loaded when
first asked for, as that module is built on this one).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Sequence

from . import board
from .actions import ChangeSpeed, EndActions, PlaceCart, PlaceTrack, Upgrade
from .components import CART_CAPACITY, GEM_POINTS, MAX_SPEED, MIN_SPEED, MISSION_POINTS, START_SPEED
from .dry_run import MergedGems, MoveResult, drive, dry_run_cart
from .plan_values import (
    DERAIL_COST, ESCAPE_VALUE, W_ACTION, W_DELIVER, W_LOAD, Context, clan_of_jewel, solo_escape_value,
)
from .plan_words import cart_name, describe_move
from .routes import INF, OPPOSITE, apply_ops, descend, follow_path, goal_cost, realize, track_ahead
from .scoring import bonus_if_put_out

#: the names other modules import from here (and ``PlannerBot``: see ``__getattr__`` at the end)
__all__ = ["Plan", "Planner", "OneTurnPlanner", "dry_run_cart", "plan_turn", "plan_one_turn"]

Square = tuple[int, int]
#: (shape, turn) of the tile that joins exactly the sides in a mask
LAY_OF_MASK = {mask: (shape, turn) for shape, masks in board.SHAPE_MASKS.items() for turn, mask in enumerate(masks)}


@dataclasses.dataclass
class Plan:
    """The actions of one turn, in order, with how the carts will go."""

    player: int
    turn: int
    actions: list                     # the actions in order (EndActions last if fewer than allowed)
    routes: dict[int, list[int]]      # cart index -> the ways to take at junctions, in order
    order: list[int]                  # cart indices in the order to drive them
    text: str                         # the hint, in words
    points: int                       # points (gems and missions) expected to be delivered this turn
    value: float = 0.0
    moves: dict[int, MoveResult] = dataclasses.field(default_factory=dict)
    loaded: float = 0.0               # value of the gems expected to be picked up
    remaining: float = 0.0            # actions (and travel) the carts still need to reach their goals after it
    escapes: int = 0

    def __str__(self) -> str:
        return self.text


@dataclasses.dataclass
class CartOption:
    """One cart's share of a plan: its placement, track work and speed change."""

    cart: int
    place: int | None                 # start square number when it is put out this turn
    ops: tuple                        # track operations
    change: int                       # speed change
    path: tuple                       # its path as (square, came in by, leave by), for the junctions
    single: float = 0.0               # its value alone

    @property
    def cost(self) -> int:
        return len(self.ops) + abs(self.change) + (self.place is not None)


@dataclasses.dataclass
class CartNow:
    """A cart as a plan moves it: where it stands (None: out of the mine), facing, speed, load."""

    index: int
    square: Square | None
    came_from: int
    speed: int
    load: list[str]
    eligible: bool                    # would earn the cart bonus if it gets out
    short: int = 0                    # after the move: speed beyond the track ahead (actions needed next turn)


class OneTurnPlanner:
    """Plans one player's turn for what that turn alone brings (the planner before issue 20; kept
    as the base of :class:`~.planner_ahead.AheadPlanner` and as the benchmark's yardstick)."""

    #: whether a cart reaching the surface empty counts toward a mission's deliveries this turn (the
    #: game does not count it; kept True here so the yardstick stays the planner it was)
    counts_empty_deliveries = True

    def __init__(self, state, player: int | None = None, keep: int = 2, beam: int = 6):
        self.state = state
        self.player = state.current_player if player is None else player
        self.ctx = Context(state, self.player)
        self.keep = keep
        self.beam = beam
        self.mine = [i for i in state.carts_of(self.player)]
        self.on_board = [i for i in self.mine if state.carts[i]["where"] == "board"]
        self.base_others = {tuple(c["square"]): c["load"] for c in state.carts if c["where"] == "board"}

    # ---- the carts' options ------------------------------------------------------------------------
    def placeable(self, index: int) -> list[int]:
        """The start squares (by number) a cart in the supply could be put on now."""
        state = self.state
        cart = state.carts[index]
        if cart["where"] != "supply" or (self.ctx.solo and cart["derailed"]):
            return []
        return [k for k, square in enumerate(board.EXITS[cart["clan"]]) if square not in self.base_others]

    def options(self, index: int, budget: int) -> list[CartOption]:
        """The ways to spend up to ``budget`` actions on one cart: putting it out, laying the first
        tiles of a path toward a goal, changing its speed (doing nothing included)."""
        state, ctx = self.state, self.ctx
        cart = state.carts[index]
        found: dict[tuple, CartOption] = {}
        if cart["where"] == "board":
            starts = [(None, tuple(cart["square"]), cart["came_from"], cart["speed"], cart["load"])]
            found[(None, (), 0)] = CartOption(index, None, (), 0, ())
        elif cart["where"] == "supply":
            starts = []
            for k in self.placeable(index):
                square = board.EXITS[cart["clan"]][k]
                starts.append((k, square, OPPOSITE[board.inward_side(square)], START_SPEED, []))
            found[("supply",)] = CartOption(index, None, (), 0, ())
        else:
            return []
        for place, square, came_from, speed, load in starts:
            spare = budget - (place is not None)
            if spare < 0:
                continue
            for path in self.paths(square, came_from, load):
                ops, _ = realize(path, ctx.tracks, ctx.occupied)
                steps = tuple(path)
                for n in range(0, min(spare, len(ops)) + 1):
                    left = spare - n
                    for change in range(-left, left + 1):
                        if not MIN_SPEED <= speed + change <= MAX_SPEED:
                            continue
                        key = (place, tuple(ops[:n]), change)
                        if key not in found:
                            found[key] = CartOption(index, place, tuple(ops[:n]), change, steps)
        return list(found.values())

    def paths(self, square: Square, came_from: int, load) -> list[list[tuple[Square, int, int]]]:
        """The cheapest paths from a cart's square to each goal worth trying (see ``routes.py``)."""
        ctx = self.ctx
        goals = [ctx.goal_for(load)]
        if "surface" not in goals:
            goals.append("surface")
        if len(load) < CART_CAPACITY and "deposit" not in goals and ctx.field("deposit")[1] and \
                (not ctx.collapsing or ctx.solo):
            goals.append("deposit")
        if ctx.solo and ctx.tokens_left > 3:
            goals += ["jewel:" + gem for gem in ctx.wanted_jewels(load)]
        found = []
        for goal in goals:
            field, terminal = ctx.field(goal)
            path, (end, came_in), how = descend(field, terminal, ctx.tracks, ctx.occupied, square, came_from)
            if how == "deposit":
                onward = "exit:" + clan_of_jewel(goal.split(":")[1]) if goal.startswith("jewel:") else "surface"
                more, _, _ = descend(ctx.field(onward)[0], None, ctx.tracks, ctx.occupied, end, came_in, first=False)
                path = path + more
            if path and path not in found:
                found.append(path)
        return found

    # ---- evaluation --------------------------------------------------------------------------------
    def cart_now(self, option: CartOption) -> CartNow | None:
        """The cart of ``option`` after its actions, before it moves (None: left in the supply)."""
        cart = self.state.carts[option.cart]
        # on the board a derailed cart has lost its bonus; put out again it may earn it (reading 10)
        eligible = not cart["derailed"] if cart["where"] == "board" else bonus_if_put_out(self.state, option.cart)
        if cart["where"] == "board":
            return CartNow(option.cart, tuple(cart["square"]), cart["came_from"], cart["speed"] + option.change,
                            list(cart["load"]), eligible)
        if option.place is None:
            return None
        square = board.EXITS[cart["clan"]][option.place]
        return CartNow(option.cart, square, OPPOSITE[board.inward_side(square)], START_SPEED + option.change, [],
                        eligible)

    def evaluate(self, options: Sequence[CartOption], orders: Sequence[Sequence[int]] | None = None):
        """Dry-run the carts of ``options`` (one per cart) after their actions: (value, moves by cart,
        order, details), or None when the options cannot go together."""
        ctx = self.ctx
        tracks = dict(ctx.tracks)
        ops = []
        seen_ops = set()
        for option in options:
            for op in option.ops:
                if op not in seen_ops:
                    seen_ops.add(op)
                    ops.append(op)
        if not apply_ops(tracks, ops):
            return None
        if not self._tiles_ok(ops):
            return None
        carts = {}
        for option in options:
            now = self.cart_now(option)
            if now is not None:
                carts[option.cart] = now
        places = [now.square for i, now in carts.items() if self.state.carts[i]["where"] == "supply"]
        if len(set(places)) != len(places):
            return None
        modified = {square for _, square, _ in ops}
        paths = {o.cart: o.path for o in options}
        moving = [i for i in carts]
        if orders is None:
            orders = [moving] if len(moving) <= 1 else list(itertools.permutations(moving)) if len(moving) <= 3 \
                else [moving, moving[::-1]]
        best = None
        for order in orders:
            outcome = self._run(order, carts, tracks, modified, paths, frozenset(ops))
            if best is None or outcome[0] > best[0]:
                best = outcome
        return best

    def _tiles_ok(self, ops) -> bool:
        """Whether the tiles left in the supply allow the track work ``ops``."""
        tiles = self.state.tiles
        if not tiles:
            return True
        need: dict[str, int] = {}
        work = dict(self.ctx.tracks)
        for kind, square, arg in ops:
            if kind == "lay":
                shape = board.shape_of(arg)
                need[shape] = need.get(shape, 0) + 1
                work[square] = arg
            else:
                old = board.shape_of(work[square])
                work[square] |= 1 << arg
                new = board.shape_of(work[square])
                need[old] = need.get(old, 0) - 1
                need[new] = need.get(new, 0) + 1
        return all(tiles.get(shape, 0) >= count for shape, count in need.items() if count > 0)

    def _run(self, order, carts: dict[int, CartNow], tracks, modified, paths, key):
        """Dry-run the carts in ``order`` on the changed track, each after the one before, and
        value where they end: (value, moves by cart, order, details)."""
        ctx = self.ctx
        others = dict(self.base_others)
        for now in carts.values():
            others[now.square] = now.load  # carts put out this turn stand on their start squares
        gems = ctx.gems
        gem_changes: dict[Square, list[str]] = {}
        state_of = {i: CartNow(n.index, n.square, n.came_from, n.speed, list(n.load), n.eligible)
                    for i, n in carts.items()}
        for index in self.on_board:  # carts of this player with no option here stand still
            if index not in state_of:
                cart = self.state.carts[index]
                state_of[index] = CartNow(index, tuple(cart["square"]), cart["came_from"], cart["speed"],
                                           list(cart["load"]), not cart["derailed"])
        moves: dict[int, MoveResult] = {}
        value = 0.0
        delivered_points = 0.0
        loaded = 0.0
        escapes = 0
        deliveries = 0
        missions_up = list(ctx.missions_up)
        stockpile = list(ctx.stockpile)
        derailed = set()
        touched = set(carts)  # carts whose value may differ from one option to another
        merged = MergedGems(gems, gem_changes)
        for index in order:
            now = state_of[index]
            if index in derailed or now.square is None:
                continue
            path = paths.get(index, ())
            others.pop(now.square, None)
            result = drive(now.square, now.came_from, now.speed, now.load, tracks, merged, ctx.chasm, others,
                           follow_path(path, ctx), ctx.bumper, ctx.pick_key)
            moves[index] = result
            gem_changes.update(result.gems)
            loaded += ctx.load_value(result.picked) if result.picked else 0.0
            if result.collision is not None:
                hit = result.collision.square
                hit_index = self._cart_on(hit, state_of, derailed)
                if hit_index is not None:
                    touched.add(hit_index)
                if result.collision.hit_derailed:
                    others.pop(hit, None)
                    if hit_index is not None:
                        derailed.add(hit_index)
                    else:
                        value += 20.0  # another player's empty cart knocked off
                elif result.collision.dropped:
                    lost = ctx.load_value(result.collision.dropped)
                    if hit_index is not None:
                        state_of[hit_index].load = [g for g in state_of[hit_index].load]
                        for gem in result.collision.dropped:
                            state_of[hit_index].load.remove(gem)
                        if result.collision.hit_came_from is not None:
                            state_of[hit_index].came_from = result.collision.hit_came_from
                        others[hit] = state_of[hit_index].load
                    else:
                        value += 0.3 * W_LOAD * max(0.0, lost)
                        load = list(others[hit])
                        for gem in result.collision.dropped:
                            load.remove(gem)
                        others[hit] = load
            if result.derailed:
                derailed.add(index)
                continue
            now.load = list(result.load)
            if result.outcome == "delivered":
                deliveries += 1 if result.delivered or self.counts_empty_deliveries else 0
                points, _ = ctx.delivery_value(result.delivered, result.exit, deliveries, missions_up, stockpile)
                stockpile += result.delivered
                delivered_points += points
                if ctx.collapsing:
                    now.square = None
                    if now.eligible:
                        escapes += 1
                    continue
            now.square, now.came_from = result.end, result.came_from
            others[now.square] = now.load
        # values of the carts as they end
        value += W_DELIVER * delivered_points
        value += ESCAPE_VALUE * escapes if not ctx.solo else solo_escape_value(ctx.tokens_left) * escapes
        remaining = 0.0
        for index in self.mine:
            cart = self.state.carts[index]
            if index not in touched and index in state_of:
                continue  # stands still, untouched: the same in every option
            if index in derailed:
                lost = state_of[index].load if index in state_of else cart["load"]
                value -= self.derail_cost(lost)
                continue
            if index in state_of:
                now = state_of[index]
                if now.square is None:
                    continue  # escaped
                v, p = self.standing_value(now, tracks, MergedGems(gems, gem_changes), modified, key=key)
                value += v
                remaining -= p
            elif cart["where"] == "supply":
                value += self._supply_value(index)
        # next turn's four actions must save every cart that runs short of track
        short = sum(now.short for index, now in state_of.items() if index not in derailed and now.square is not None)
        if short > 4:
            value -= 300.0 * (short - 4)
        details = {"points": delivered_points, "loaded": loaded, "escapes": escapes, "remaining": remaining}
        return value, moves, list(order), details

    def _cart_on(self, square, state_of, derailed):
        for index, now in state_of.items():
            if now.square == square and index not in derailed:
                return index
        return None

    def derail_cost(self, load) -> float:
        """What losing a cart (and ``load``) costs a plan: more than any turn can win."""
        ctx = self.ctx
        if ctx.solo:
            cost = 250.0 if ctx.tokens_left > 4 else 60.0
        else:
            cost = DERAIL_COST
        return cost + W_LOAD * max(0.0, ctx.load_value(load))

    def standing_value(self, now: CartNow, tracks, gems, modified, key=None) -> tuple[float, float]:
        """A cart on the board after the move: its load, less the way still to go and the dangers."""
        ctx = self.ctx
        if ctx.solo:
            return self._solo_standing_value(now, tracks, gems, modified, key)
        load_value = ctx.load_value(now.load)
        goal = ctx.goal_for(now.load)
        cost = goal_cost(ctx, goal, now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
        if cost == INF and goal != "surface":
            goal = "surface"
            cost = goal_cost(ctx, goal, now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
        if cost == INF:
            cost = 30.0
        urgency = ctx.urgency(now.load, goal)
        value = W_LOAD * load_value - W_ACTION * urgency * cost
        if board.is_surface(now.square):
            if ctx.phase == "final turns" and now.eligible and not ctx.solo:
                value += ESCAPE_VALUE * 0.9
        # the speed must suit the track ahead next turn
        value -= self._shortage(now, tracks)
        risk = ctx.risk().get(now.square, 0.0)
        if risk:
            stake = (ESCAPE_VALUE if now.eligible and not ctx.solo else 150.0) + W_LOAD * max(0.0, load_value)
            value -= risk * stake
        return value, -cost

    def _solo_standing_value(self, now: CartNow, tracks, gems, modified, key=None) -> tuple[float, float]:
        """The solo game: the best of delivering the load at an exit (a matching one if it holds a
        jewel still wanted there) and, while there is time, going on to a deposit."""
        ctx = self.ctx
        left = ctx.tokens_left
        if left <= 1:
            return -2000.0, 0.0  # still in the mine when the last token falls: the game is lost
        urgency = 1.0 + (1.5 if left <= 6 else 0.0)
        goals = ["surface"] + ["exit:" + clan_of_jewel(gem) for gem in ctx.matching_wanted(now.load)]
        best, best_cost = -INF, INF
        for goal in goals:
            cost = goal_cost(ctx, goal, now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
            if cost == INF:
                continue
            exit_clan = goal.split(":")[1] if ":" in goal else None
            points = ctx.solo_delivery_value(now.load, exit_clan)
            value = 0.9 * W_DELIVER * points + solo_escape_value(left) - W_ACTION * urgency * cost
            value -= 300.0 * max(0.0, cost / 3.0 - (left - 1))  # too far to get out in time
            if value > best:
                best, best_cost = value, cost
        if len(now.load) < CART_CAPACITY and left > 4 and ctx.field("deposit")[1]:
            for goal in ["deposit"] + ["jewel:" + gem for gem in ctx.wanted_jewels(now.load)]:
                cost = goal_cost(ctx, goal, now.square, now.came_from, tracks, gems, ctx.chasm, modified, key=key)
                if cost < INF:
                    value = W_LOAD * ctx.load_value(now.load) - W_ACTION * cost
                    if value > best:
                        best, best_cost = value, cost
        if best == -INF:
            best, best_cost = -300.0, 30.0
        best -= self._shortage(now, tracks)
        return best, -best_cost

    def _shortage(self, now: CartNow, tracks) -> float:
        """The cost of a speed the track ahead cannot take next turn without actions."""
        ahead = track_ahead(now.square, now.came_from, tracks, self.ctx.chasm)
        now.short = max(0, now.speed - ahead)
        if now.short > 4:
            return 400.0
        return 6.0 * now.short

    def _supply_value(self, index: int) -> float:
        """A cart left in the supply: worth less than one on its way."""
        ctx = self.ctx
        if not self.placeable(index):
            return 0.0
        if ctx.solo:
            if ctx.tokens_left <= 1:
                return -2000.0  # never put out: the game would be lost
            return 0.0 if ctx.tokens_left > 6 else -250.0
        if ctx.collapsing:
            return 0.0
        return -W_ACTION * 8 - 30.0

    # ---- the plan -------------------------------------------------------------------------------------
    def plan(self) -> Plan:
        """The best plan: each cart's best options alone, then the best mix within the budget."""
        state = self.state
        budget = state.actions_left if state.phase == "actions" else 0
        per_cart: list[list[CartOption]] = []
        for index in self.mine:
            options = self.options(index, budget)
            if not options:
                continue
            scored = []
            for option in options:
                outcome = self.evaluate([option])
                if outcome is None:
                    continue
                option.single = outcome[0]
                scored.append((option, outcome))
            per_cart.append(self.kept(scored))
        best = None
        for chosen in self.mixes(per_cart, budget):
            outcome = self.evaluate(chosen)
            if outcome is None:
                continue
            if best is None or outcome[0] > best[0][0] + 1e-9 or \
                    (abs(outcome[0] - best[0][0]) <= 1e-9 and _cost(chosen) < _cost(best[1])):
                best = (outcome, chosen)
        if best is None:
            return Plan(self.player, state.turn, [EndActions(self.player)], {}, [], "end the actions", 0)
        return self._make_plan(best[1], best[0], budget)

    def kept(self, scored) -> list[CartOption]:
        """The options of one cart (with their outcomes alone) worth mixing with the other carts':
        the best few of each cost."""
        best_by_cost: dict[int, list[CartOption]] = {}
        for option, _ in sorted(scored, key=lambda pair: -pair[0].single):
            bucket = best_by_cost.setdefault(option.cost, [])
            if len(bucket) < self.keep:
                bucket.append(option)
        return [o for bucket in best_by_cost.values() for o in bucket]

    def mixes(self, per_cart: list[list[CartOption]], budget: int) -> list[list[CartOption]]:
        """The mixes of the carts' options to dry-run together: a beam over total cost, ranked by
        the sum of the options' values alone."""
        combos: dict[int, list[tuple[float, list[CartOption]]]] = {0: [(0.0, [])]}
        for options in per_cart:
            grown: dict[int, list[tuple[float, list[CartOption]]]] = {}
            for cost, entries in combos.items():
                for total, chosen in entries:
                    for option in options:
                        new_cost = cost + option.cost
                        if new_cost > budget:
                            continue
                        grown.setdefault(new_cost, []).append((total + option.single, chosen + [option]))
            combos = {cost: sorted(entries, key=lambda e: -e[0])[:self.beam] for cost, entries in grown.items()}
        return [chosen for entries in combos.values() for _, chosen in entries]

    def _make_plan(self, chosen: list[CartOption], outcome, budget: int) -> Plan:
        """The actions of the chosen options in playing order (carts out, track, speeds), in words too."""
        state = self.state
        value, moves, order, details = outcome
        actions: list = []
        words: list[str] = []
        player = self.player
        for option in chosen:
            if option.place is not None:
                number = state.cart_number(option.cart)
                actions.append(PlaceCart(player, number, option.place))
                square = board.EXITS[state.carts[option.cart]["clan"]][option.place]
                words.append(f"put {cart_name(state, option.cart)} on {board.square_name(square)}")
        seen = set()
        for option in chosen:
            for op in option.ops:
                if op in seen:
                    continue
                seen.add(op)
                kind, square, arg = op
                if kind == "lay":
                    shape, turn = LAY_OF_MASK[arg]
                    actions.append(PlaceTrack(player, square[0], square[1], shape, turn))
                    words.append(f"lay a {shape} on {board.square_name(square)}")
                else:
                    actions.append(Upgrade(player, square[0], square[1], arg))
                    words.append(f"add a branch to the {board.SIDE_NAMES[arg]} on {board.square_name(square)}")
        for option in chosen:
            if option.change:
                number = state.cart_number(option.cart)
                step = 1 if option.change > 0 else -1
                actions += [ChangeSpeed(player, number, step)] * abs(option.change)
                cart = state.carts[option.cart]
                speed = (cart["speed"] if cart["where"] == "board" else START_SPEED) + option.change
                words.append(f"{'speed up' if step > 0 else 'slow down'} {cart_name(state, option.cart)} to {speed}")
        if len(actions) < budget:
            actions.append(EndActions(player))
        routes = {index: list(move.junctions) for index, move in moves.items()}
        outcomes = [describe_move(state, index, move) for index, move in moves.items()]
        text = ", ".join(words) if words else "take no action"
        if outcomes:
            text += ": " + "; ".join(outcomes)
        points = sum(sum(GEM_POINTS[g] for g in move.delivered) for move in moves.values())
        points += self._missions_points(moves, order)
        return Plan(player=player, turn=state.turn, actions=actions, routes=routes, order=order, text=text,
                    points=points, value=value, moves=moves, loaded=details["loaded"], remaining=details["remaining"],
                    escapes=details["escapes"])

    def _missions_points(self, moves, order) -> int:
        """Mission points the planned deliveries claim, in driving order."""
        if self.ctx.solo:
            return 0
        missions_up = list(self.ctx.missions_up)
        stockpile = list(self.ctx.stockpile)
        deliveries, total = 0, 0
        for index in order:
            move = moves.get(index)
            if move is None or move.outcome != "delivered" or not move.delivered:
                continue
            deliveries += 1
            _, claimed = self.ctx.delivery_value(move.delivered, move.exit, deliveries, missions_up, stockpile)
            stockpile += move.delivered
            total += MISSION_POINTS * len(claimed)
        return total


def _cost(chosen) -> int:
    return sum(o.cost for o in chosen)


#: the name the bot's helpers use for the search (moves and values of one turn)
Planner = OneTurnPlanner


def plan_turn(state, player: int | None = None) -> Plan:
    """The best use of the actions left to the player to act, and the routes of their carts this
    turn, looking ahead to the turns left (:class:`~.planner_ahead.AheadPlanner`).

    >>> from minegames.off_the_rails import new_game
    >>> plan = plan_turn(new_game(seed=1, players=2))
    >>> len(plan.actions) <= 4 and plan.points == 0
    True
    """
    if state.is_over:
        raise ValueError("the game is over: there is no turn to plan")
    from .planner_ahead import AheadPlanner

    return AheadPlanner(state, player).plan()


def plan_one_turn(state, player: int | None = None) -> Plan:
    """The plan of :class:`OneTurnPlanner`: what this turn alone brings (the benchmark's yardstick)."""
    if state.is_over:
        raise ValueError("the game is over: there is no turn to plan")
    return OneTurnPlanner(state, player).plan()


def __getattr__(name: str):
    """``PlannerBot`` is re-exported from ``planner_bot.py`` when first asked for (that module
    imports this one, so it cannot be imported at the top)."""
    if name == "PlannerBot":
        from .planner_bot import PlannerBot
        return PlannerBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
