"""The Off the Rails planner: a dry-run of one cart's move, a turn planner, and the bot built on them.

* :func:`drive` works out one cart's move without touching a game: the squares it enters, the
  gems it picks up, where it ends, whether it derails, delivers or runs into another cart. It
  follows the move rules of ``moving.py`` step for step, using ``driving.py`` for the track (the
  tests drive seeded games for real against it). :func:`dry_run_cart` is the same for a cart of
  a game.
* :func:`plan_turn` finds the best use of the player's (up to four) actions at the start of their
  action phase: for each cart (and each cart that could be put out) it follows the cheapest
  buildable path to a goal (a deposit worth taking while the cart has room, else the nearest
  surface square; in the solo game the exit matching a jewel it carries), tries laying the first
  tiles of that path with each speed change that fits, dry-runs the moves and keeps the best mix
  of the carts' plans. A plan's value weighs points delivered this turn (100 a point, missions
  included) above gems loaded (60 a point) above the way left to go (12 an action); a derailment
  costs more than anything a turn can win, so a plan never accepts one when any other plan
  avoids it.
* :class:`PlannerBot` plays a plan action by action (planning again if the state is not what the
  plan expected), drives the carts in the plan's order and answers junctions with the plan's
  ways, picks the best gems, drops the cheapest, and puts chasm tokens near the other players'
  carts and far from its own.

The paths come from "entry fields": for each square and the side a cart would come in by, the
fewest actions (tiles to lay, branches to add) still needed to reach a goal from there, worked
out backwards from the goals once per turn (a Dijkstra over about 660 square-side pairs).
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import random
from typing import Any, Callable, Mapping, Sequence

from . import board, driving, scoring
from .actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, EndActions, PlaceCart, PlaceToken, PlaceTrack, Turn, Upgrade,
)
from .components import (
    CART_CAPACITY, GEM_POINTS, GEMS, JEWELS, MAX_SPEED, MIN_SPEED, MISSION_BY_ID, MISSION_POINTS, START_SPEED,
    TOKENS_PER_COLOUR, Delivery,
)

Square = tuple[int, int]
INF = float("inf")
OPPOSITE = (2, 3, 0, 1)
TRACK = board.TRACK_SQUARE_SET
#: (shape, turn) of the tile that joins exactly the sides in a mask
LAY_OF_MASK = {mask: (shape, turn) for shape, masks in board.SHAPE_MASKS.items() for turn, mask in enumerate(masks)}
#: the neighbour of every square of the board by side (off-board neighbours included)
NEIGHBOUR = {(x, y): tuple(board.neighbour((x, y), side) for side in range(4))
             for x in range(board.SIZE) for y in range(board.SIZE)}
SURFACE_GOALS = tuple(square for square in NEIGHBOUR if board.is_surface(square) and not board.is_corner(square))
SURFACE_SET = frozenset(SURFACE_GOALS)
INWARD = {square: board.inward_side(square) for square in SURFACE_GOALS}
#: the ways out of a tile (by mask) for a cart that came in by each side
WAYS = tuple(tuple(tuple(side for side in board.sides_of(mask) if side != came) for came in range(4))
             for mask in range(16))


def _ways(square: Square, came_from: int, tracks) -> tuple[int, ...]:
    """``driving.exits`` from tables, for the planner's many look-ups (the dry-run calls driving)."""
    if square in SURFACE_SET:
        return (INWARD[square],)
    return WAYS[tracks.get(square, 0)][came_from]

# ---- weights of the plan's value (one gem point held is worth W_LOAD, one delivered W_DELIVER) ----
W_DELIVER = 100.0
W_LOAD = 60.0
W_ACTION = 12.0        # one action still needed to reach the goal
STEP_COST = 0.25       # one square of travel, in actions
OCCUPIED_COST = 1.0    # a square a cart stands on, in actions
DERAIL_COST = 1000.0
ESCAPE_VALUE = 300.0   # the 3-point cart bonus made safe
DEPOSIT_BONUS = 1.0    # actions a gem point at a deposit is worth when choosing where to go
SOLO_DEPOSIT_BONUS = 2.0


def solo_escape_value(tokens_left: int) -> float:
    """A solo cart out of the mine: the game ends (and is judged) only when all are out, but a cart
    out early carries nothing more."""
    return 20.0 if tokens_left <= 8 else -40.0


# =============================================================================================
# The dry-run
# =============================================================================================
@dataclasses.dataclass
class Collision:
    """A moving cart ran into the cart on ``square``."""

    square: Square
    mover_derailed: bool
    hit_derailed: bool
    dropped: list[str]               # the gems the hit cart drops on its square
    hit_came_from: int | None        # the hit cart's new facing (None: unchanged)


@dataclasses.dataclass
class MoveResult:
    """What one cart's move does (see :func:`drive`)."""

    start: Square
    steps: int                        # squares moved
    squares: list[Square]             # the squares entered, in order
    sides: list[int]                  # the side left by at each step
    junctions: list[int]              # the ways chosen at junctions, in order
    picked: list[str]                 # the gems picked up, in order
    load: list[str]                   # the cart's load at the end (empty after a delivery or a derailment)
    end: Square | None                # where the cart stands at the end (None: derailed)
    came_from: int                    # its facing at the end
    outcome: str                      # "moved", "delivered", "derailed" or "collided"
    delivered: list[str] = dataclasses.field(default_factory=list)   # the load delivered (sorted)
    exit: Square | None = None        # the surface square it delivered at
    why: str = ""                     # why it derailed
    collision: Collision | None = None
    gems: dict[Square, list[str]] = dataclasses.field(default_factory=dict)  # deposits changed: what is left

    filled: bool = False              # it ended its move on a deposit and filled up there
    junction_squares: list[Square] = dataclasses.field(default_factory=list)  # where the ways were chosen

    @property
    def derailed(self) -> bool:
        return self.end is None


Policy = Callable[[Square, int, tuple[int, ...], int], int] | Sequence[int] | None


def _policy_fn(choose: Policy) -> Callable[[Square, int, tuple[int, ...], int], int]:
    if choose is None:
        return lambda square, came_from, ways, step: ways[0]
    if callable(choose):
        return choose
    planned = list(choose)
    used = [0]

    def follow(square, came_from, ways, step):
        k = used[0]
        used[0] += 1
        return planned[k] if k < len(planned) and planned[k] in ways else ways[0]
    return follow


def _best_gem_key(gem: str) -> int:
    return GEMS.index(gem)


def drive(square: Square, came_from: int, steps: int, load: Sequence[str], tracks: Mapping[Square, int],
          gems: Mapping[Square, Sequence[str]], chasm: Mapping[Square, Any] | set,
          others: Mapping[Square, Sequence[str]] = (),
          choose: Policy = None, bumper: bool = False, pick_key: Callable[[str], Any] = _best_gem_key,
          start_side: int | None = None) -> MoveResult:
    """Dry-run one cart's move: a cart on ``square`` that came in by ``came_from`` moves ``steps``
    squares with ``load``. ``others`` maps the squares of the other carts on the board to their
    loads. At a junction the way is ``choose(square, came_from, ways, step)`` (or the next of a
    list of sides, or the first way); ``start_side`` is the way already chosen at a junction the
    cart stands on. Gems are picked up as the rules say, the choices going to the gems ranking
    highest by ``pick_key`` (the most valuable by default); a hit cart drops its cheapest gems.
    Nothing given is changed. As in ``moving.py``, the way must be open (track that joins, no
    chasm) before a cart standing there makes it a collision."""
    policy = _policy_fn(choose)
    load = list(load)
    changed: dict[Square, list[str]] = {}

    def deposit(at: Square) -> list[str]:
        if at not in changed:
            changed[at] = list(gems.get(at, ()))
        return changed[at]

    result = MoveResult(start=square, steps=0, squares=[], sides=[], junctions=[], picked=[], load=load,
                        end=square, came_from=came_from, outcome="moved")
    left = steps
    first = True
    while True:
        if left <= 0:
            break
        if first and start_side is not None:
            side = start_side
            result.junctions.append(side)
            result.junction_squares.append(square)
        else:
            ways = driving.exits(square, came_from, tracks)
            if not ways:
                _derail(result, square, load, deposit, "its track goes nowhere")
                break
            if len(ways) > 1:
                side = policy(square, came_from, ways, result.steps)
                if side not in ways:
                    side = ways[0]
                result.junctions.append(side)
                result.junction_squares.append(square)
            else:
                side = ways[0]
        first = False
        target = NEIGHBOUR[square][side] if square in NEIGHBOUR else board.neighbour(square, side)
        why = driving.blocked(square, side, tracks, chasm)
        if why is not None:
            _derail(result, square, load, deposit, f"it ran into {why}")
            break
        if target in others:
            _collide(result, square, side, target, load, list(others[target]), deposit, bumper)
            came_from = result.came_from
            break
        square, came_from = target, OPPOSITE[side]
        left -= 1
        result.steps += 1
        result.squares.append(target)
        result.sides.append(side)
        result.end, result.came_from = square, came_from
        if board.is_surface(target):
            result.delivered = sorted(load, key=GEMS.index)
            result.exit = target
            load.clear()
            result.outcome = "delivered"
            break
        here = changed.get(target) if target in changed else gems.get(target)
        if here:
            _pick_up(result, target, load, deposit(target), last=left == 0, pick_key=pick_key)
    result.load = load
    result.gems = changed
    return result


def _derail(result: MoveResult, square: Square, load: list[str], deposit, why: str) -> None:
    if load:
        deposit(square).extend(load)
    load.clear()
    result.end = None
    result.outcome = "derailed"
    result.why = why


def _pick_up(result: MoveResult, square: Square, load: list[str], pile: list[str], last: bool, pick_key) -> None:
    if last:
        taken, more = driving.fill_forced(pile, len(load))
    else:
        choices = driving.picks_passing(pile, len(load))
        taken, more = (list(choices), 0) if len(choices) <= 1 else ([], 1)
    if more:
        rest = list(pile)
        for gem in taken:
            rest.remove(gem)
        taken = taken + sorted(rest, key=pick_key, reverse=True)[:more]
    for gem in taken:
        pile.remove(gem)
        load.append(gem)
        result.picked.append(gem)
    if last and taken:
        result.filled = True


def _collide(result: MoveResult, square: Square, side: int, target: Square, load: list[str], hit_load: list[str],
             deposit, bumper: bool) -> None:
    mover_empty, hit_empty = not load, not hit_load
    hit_came_from = None
    if not mover_empty:
        result.came_from = side
    if not hit_empty and not board.is_surface(target):
        hit_came_from = OPPOSITE[side]
    dropped: list[str] = []
    if not hit_empty and not bumper:
        dropped = driving.cheapest_first(hit_load, driving.dropped_on_hit(len(hit_load)))
        deposit(target).extend(dropped)
    result.collision = Collision(square=target, mover_derailed=mover_empty, hit_derailed=hit_empty,
                                 dropped=dropped, hit_came_from=hit_came_from)
    if mover_empty:
        _derail(result, square, load, deposit, "it was empty when it crashed")
    result.outcome = "derailed" if mover_empty else "collided"


def others_of(state, index: int) -> dict[Square, list[str]]:
    """The squares and loads of every cart on the board but ``index``."""
    return {tuple(c["square"]): c["load"] for i, c in enumerate(state.carts) if i != index and c["where"] == "board"}


def dry_run_cart(state, index: int, choose: Policy = None, steps: int | None = None,
                 start_side: int | None = None, pick_key=_best_gem_key) -> MoveResult:
    """Dry-run the move of cart ``index`` of a game as it stands (its speed, unless ``steps``)."""
    cart = state.carts[index]
    return drive(tuple(cart["square"]), cart["came_from"], cart["speed"] if steps is None else steps, cart["load"],
                 state.tracks, state.gems, state.chasm, others_of(state, index), choose,
                 state.options.bumper_carts, pick_key, start_side)


# =============================================================================================
# Entry fields: actions still needed to reach a goal
# =============================================================================================
def square_cost(tracks: Mapping[Square, int], occupied, square: Square, came_in: int, out: int) -> float:
    """Actions needed so a cart can cross ``square`` in by ``came_in`` and out by ``out``: a tile
    to lay (1), branches to add (1 or 2; not under a cart), or nothing."""
    mask = tracks.get(square)
    if mask is None:
        return 1.0
    missing = ((1 << came_in) | (1 << out)) & ~mask
    if not missing:
        return 0.0
    if square in occupied:
        return INF
    return 1.0 if missing & (missing - 1) == 0 else 2.0


def entry_field(sources: Mapping[tuple[Square, int], float], tracks: Mapping[Square, int], chasm,
                occupied) -> dict[tuple[Square, int], float]:
    """For each (square, side) a cart could come into ``square`` by: the least cost (actions, plus
    ``STEP_COST`` a square and ``OCCUPIED_COST`` a cart in the way) of reaching a source from
    there, a source counting its own value. Worked out backwards from the sources.

    Nodes are numbered (square number * 4 + side) so the search runs on lists."""
    count = len(_SQUARES)
    # per square: -2 cannot be crossed, -1 no track yet, else the tile's mask; and who stands there
    masks = [-2] * count
    for number in _TRACK_NUMBERS:
        masks[number] = -1
    for square, mask in tracks.items():
        number = _SQUARE_NUMBER.get(square)
        if number is not None and masks[number] != -2:
            masks[number] = mask
    for square in chasm:
        number = _SQUARE_NUMBER.get(square)
        if number is not None:
            masks[number] = -2
    standing = [False] * count
    for square in occupied:
        number = _SQUARE_NUMBER.get(square)
        if number is not None:
            standing[number] = True
    dist = [INF] * (count * 4)
    heap = []
    for (square, side), value in sources.items():
        node = _SQUARE_NUMBER[square] * 4 + side
        if value < dist[node]:
            dist[node] = value
            heap.append((value, node))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    before_of = _BEFORE
    while heap:
        value, node = pop(heap)
        if value > dist[node]:
            continue
        before = before_of[node]
        if before < 0:
            continue
        mask = masks[before]
        if mask == -2:
            continue
        out = (node & 3) ^ 2
        occupied_here = standing[before]
        base = value + STEP_COST + (OCCUPIED_COST if occupied_here else 0.0)
        first = before * 4
        for side in range(4):
            if side == out:
                continue
            if mask == -1:
                cost = 1.0
            else:
                missing = ((1 << side) | (1 << out)) & ~mask
                if not missing:
                    cost = 0.0
                elif occupied_here:
                    continue
                else:
                    cost = 1.0 if missing & (missing - 1) == 0 else 2.0
            new = base + cost
            if new < dist[first + side]:
                dist[first + side] = new
                push(heap, (new, first + side))
    return {_NODE_KEYS[node]: value for node, value in enumerate(dist) if value < INF}


#: the squares of the board numbered, and for each (square, side) node the square a cart comes from
_SQUARES = tuple((x, y) for y in range(board.SIZE) for x in range(board.SIZE))
_SQUARE_NUMBER = {square: number for number, square in enumerate(_SQUARES)}
_TRACK_NUMBERS = tuple(_SQUARE_NUMBER[square] for square in board.TRACK_SQUARES)
_BEFORE = tuple(_SQUARE_NUMBER[NEIGHBOUR[square][side]] if NEIGHBOUR[square][side] in TRACK else -1
                for square in _SQUARES for side in range(4))
_NODE_KEYS = tuple((square, side) for square in _SQUARES for side in range(4))


def surface_sources(squares=SURFACE_GOALS) -> dict[tuple[Square, int], float]:
    return {(square, board.inward_side(square)): 0.0 for square in squares}


def deposit_sources(gems: Mapping[Square, Sequence[str]], tracks, chasm, occupied,
                    worth: Callable[[Sequence[str]], float]) -> dict[tuple[Square, int], float]:
    """Entering a deposit square: the action to make its tile join, less what its gems are worth."""
    found = {}
    for square, pile in gems.items():
        if not pile or square not in TRACK or square in chasm:
            continue
        bonus = worth(pile)
        if bonus <= 0:
            continue
        mask = tracks.get(square)
        for side in range(4):
            if mask is None:
                cost = 1.0
            elif mask >> side & 1:
                cost = 0.0
            elif square in occupied:
                continue
            else:
                cost = 1.0
            found[(square, side)] = cost - DEPOSIT_BONUS * bonus
    return found


def descend(field, terminal, tracks, occupied, square: Square, came_from: int, first: bool = True,
            limit: int = 40) -> tuple[list[tuple[Square, int, int]], tuple[Square, int], str]:
    """Follow a field down from a cart on ``square`` (``first``: it stands there, so only its
    tile's ways count) to a goal: the path as (square, came in by, leave by) triples, the state
    reached and how the path ends ("surface", "deposit" or "stuck")."""
    path: list[tuple[Square, int, int]] = []
    seen = set()
    while len(path) < limit:
        if not first and board.is_surface(square):
            return path, (square, came_from), "surface"
        if (square, came_from) in seen:
            break
        seen.add((square, came_from))
        if first:
            outs = driving.exits(square, came_from, tracks)
        else:
            outs = tuple(side for side in range(4) if side != came_from)
        best, best_value = None, INF
        for out in outs:
            ahead = NEIGHBOUR[square][out]
            value = field.get((ahead, OPPOSITE[out]), INF)
            if value == INF:
                continue
            if not first:
                value += square_cost(tracks, occupied, square, came_from, out)
            if value < best_value:
                best, best_value = out, value
        if not first and terminal is not None and (square, came_from) in terminal:
            if terminal[(square, came_from)] <= best_value + 1e-9:
                return path, (square, came_from), "deposit"
        if best is None:
            break
        path.append((square, came_from, best))
        square, came_from, first = NEIGHBOUR[square][best], OPPOSITE[best], False
    return path, (square, came_from), "stuck"


def realize(path: Sequence[tuple[Square, int, int]], tracks: Mapping[Square, int], occupied,
            skip_first: bool = True) -> tuple[list[tuple], list[int]]:
    """The track work a path needs, in path order: ("lay", square, mask) and ("up", square, side)
    operations, and for each step k of the path how many of them moving k squares needs. A path
    that would need a branch under a cart stops there."""
    ops: list[tuple] = []
    needed = [0]
    work: dict[Square, int] = {}
    for k, (square, came_in, out) in enumerate(path):
        if k == 0 and skip_first:
            continue
        mask = work.get(square, tracks.get(square))
        need = (1 << came_in) | (1 << out)
        if mask is None:
            ops.append(("lay", square, need))
            work[square] = need
        elif need & ~mask:
            if square in occupied:
                break
            for side in board.sides_of(need & ~mask):
                ops.append(("up", square, side))
            work[square] = mask | need
        needed.append(len(ops))
    return ops, needed


def apply_ops(tracks: dict[Square, int], ops) -> bool:
    """Lay and upgrade on a copy of the track; False if two operations disagree."""
    for kind, square, arg in ops:
        if kind == "lay":
            if square in tracks:
                if tracks[square] != arg:
                    return False
                continue
            tracks[square] = arg
        else:
            tracks[square] = tracks.get(square, 0) | (1 << arg)
    return True


# =============================================================================================
# What a position is worth to the player planning
# =============================================================================================
class Context:
    """What one plan needs of a game, computed once: the board, the values of gems to this
    player, the goals' fields (each worked out when first needed)."""

    def __init__(self, state, player: int):
        self.state = state
        self.player = player
        self.solo = state.options.solo
        self.bumper = state.options.bumper_carts
        self.tracks = state.tracks
        self.gems = state.gems
        self.chasm = state.chasm
        self.phase = state.chasm_phase
        self.collapsing = self.phase == "collapsing"
        self.clan = state.players[player]["clan"]
        self.occupied = {tuple(c["square"]) for c in state.carts if c["where"] == "board"}
        self.tokens_left = TOKENS_PER_COLOUR * len(board.CLANS) - state.tokens_out
        self.missions_up = list(state.missions_up)
        self.stockpile = list(state.players[player]["stockpile"])
        if self.solo:
            self.matched = scoring.matched_deliveries(state)
            self.delivered = scoring.delivered(state)
        self._fields: dict[str, tuple[dict, dict | None]] = {}
        self.goal_cache: dict[tuple, float] = {}
        self._risk: dict[Square, float] | None = None
        rubies = [p["stockpile"].count("ruby") for p in state.players]
        mine = rubies[player]
        best_other = max([r for p, r in enumerate(rubies) if p != player], default=0)
        #: a ruby is worth more while the ruby majority is in play
        self.ruby_value = 1.0 if self.solo or state.num_players == 1 or mine > best_other + 4 else 1.6

    # ---- gem values (in points) ------------------------------------------------------------------
    def gem_value(self, gem: str) -> float:
        if gem == "rock":
            return -0.3
        if not self.solo:
            return self.ruby_value if gem == "ruby" else float(GEM_POINTS[gem])
        value = 0.1 * GEM_POINTS[gem]
        if self.matched[gem] == 0:
            value += 3.0
        elif self.matched[gem] == 1:
            value += 1.5
        if self.delivered[gem] == 0:
            value += 2.0
        return value

    def pick_key(self, gem: str) -> tuple[float, int]:
        return self.gem_value(gem), GEMS.index(gem)

    def load_value(self, load: Sequence[str]) -> float:
        if not self.solo:
            return sum(self.gem_value(g) for g in load)
        value, seen = 0.0, set()
        for gem in load:
            if gem == "rock":
                value -= 0.3
            elif gem in seen:
                value += 0.1 * GEM_POINTS[gem] + (1.5 if self.matched[gem] == 0 else 0.0)
            else:
                seen.add(gem)
                value += self.gem_value(gem)
        return value

    def pile_worth(self, pile: Sequence[str]) -> float:
        """What a deposit is worth to a cart that empties it (at most a cartful)."""
        values = sorted((self.gem_value(g) for g in pile if g != "rock"), reverse=True)[:CART_CAPACITY]
        rocks = sum(1 for g in pile if g == "rock")
        return (sum(values) - 0.3 * rocks) * (SOLO_DEPOSIT_BONUS if self.solo else 1.0)

    def delivery_value(self, load: Sequence[str], exit_square: Square, deliveries: int,
                       missions_up: list[str], stockpile: list[str]) -> tuple[float, list[str]]:
        """Points (as the planner counts them) of delivering ``load`` at ``exit_square``, and the
        missions it claims (taken off ``missions_up``)."""
        exit_clan = board.EXIT_CLAN.get(exit_square)
        if self.solo:
            value = 0.0
            matched = dict(self.matched)
            first = {gem: self.delivered[gem] == 0 for gem in JEWELS}
            for gem in load:
                if gem == "rock":
                    continue
                value += 0.1 * GEM_POINTS[gem]
                if exit_clan and board.JEWEL_OF_CLAN[exit_clan] == gem and matched[gem] < 2:
                    value += 4.0 if matched[gem] == 0 else 2.0   # toward a victory, then a major one
                    matched[gem] += 1
                if first[gem]:
                    value += 3.0                                # toward a partial victory
                    first[gem] = False
            return value, []
        points = sum(GEM_POINTS[g] for g in load) + (self.ruby_value - 1.0) * load.count("ruby")
        claimed = []
        if load:
            stock = tuple(stockpile) + tuple(load)
            delivery = Delivery(player=self.player, load=tuple(sorted(load, key=GEMS.index)), exit_clan=exit_clan,
                                own_clan=self.clan, stockpile=stock, deliveries_this_turn=deliveries)
            for mission in list(missions_up):
                if MISSION_BY_ID[mission].met(delivery):
                    claimed.append(mission)
                    missions_up.remove(mission)
        return points + MISSION_POINTS * len(claimed), claimed

    def solo_delivery_value(self, load: Sequence[str], exit_clan: str | None) -> float:
        square = board.EXITS[exit_clan][0] if exit_clan else (7, 0)
        return self.delivery_value(load, square, 1, [], [])[0]

    # ---- fields ----------------------------------------------------------------------------------
    def field(self, name: str) -> tuple[dict, dict | None]:
        """"surface" (any surface square), "deposit" (deposits, by worth) or "exit:<clan>"."""
        if name not in self._fields:
            if name == "surface":
                sources, terminal = surface_sources(), None
            elif name == "deposit":
                terminal = deposit_sources(self.gems, self.tracks, self.chasm, self.occupied, self.pile_worth)
                sources = terminal
            elif name.startswith("jewel:"):
                terminal = self._jewel_sources(name.split(":")[1])
                sources = terminal
            else:
                sources, terminal = surface_sources(board.EXITS[name.split(":")[1]]), None
            self._fields[name] = (entry_field(sources, self.tracks, self.chasm, self.occupied), terminal)
        return self._fields[name]

    def _jewel_sources(self, gem: str) -> dict[tuple[Square, int], float]:
        """The solo game: the deposits holding ``gem``, each valued by the whole trip, there and on
        to an exit of the clan that wants it, less what the jewel is worth."""
        exit_field, _ = self.field("exit:" + _clan_of_jewel(gem))
        bonus = SOLO_DEPOSIT_BONUS * self.gem_value(gem)
        found = {}
        for square, pile in self.gems.items():
            if gem not in pile or square not in TRACK or square in self.chasm:
                continue
            for came_in in range(4):
                best = INF
                for out in range(4):
                    if out == came_in:
                        continue
                    onward = exit_field.get((NEIGHBOUR[square][out], OPPOSITE[out]), INF)
                    if onward < INF:
                        best = min(best, square_cost(self.tracks, self.occupied, square, came_in, out) + onward)
                if best < INF:
                    found[(square, came_in)] = best + STEP_COST - bonus
        return found

    def wanted_jewels(self, load: Sequence[str]) -> list[str]:
        """The solo game: jewels not yet delivered at their matching exit that a cart with room could
        fetch (none it holds already)."""
        if not self.solo or len(load) >= CART_CAPACITY:
            return []
        return [gem for gem in JEWELS if self.matched[gem] == 0 and gem not in load
                and any(gem in pile for pile in self.gems.values())]

    def risk(self) -> dict[Square, float]:
        """The chance that a chasm token lands on each square before this player moves again."""
        if self._risk is None:
            self._risk = {}
            if self.collapsing and self.tokens_left > 0:
                total = sum(self.state.tokens.values())
                draws = 1 if self.solo else max(1, self.state.num_players - 1)
                for colour in board.CLANS:
                    if not self.state.tokens[colour]:
                        continue
                    squares = self.state.token_squares(colour)
                    if not squares:
                        continue
                    # another player puts the token where it hurts; in the solo game the player does
                    share = self.state.tokens[colour] / total * (1.0 / len(squares) if self.solo else 1.0)
                    for square in squares:
                        self._risk[square] = min(1.0, self._risk.get(square, 0.0) + draws * share)
        return self._risk

    # ---- goals -------------------------------------------------------------------------------------
    def goal_for(self, load: Sequence[str]) -> str:
        """Where a cart holding ``load`` should head for."""
        if self.solo:
            best, best_value = "surface", 0.0
            for gem in set(load):
                if gem in JEWELS and self.matched[gem] < 2:
                    value = 4.0 if self.matched[gem] == 0 else 2.0
                    if value > best_value:
                        best, best_value = "exit:" + _clan_of_jewel(gem), value
            if best != "surface":
                return best
            room = len(load) < CART_CAPACITY
            if room and self.tokens_left > 5 and self.load_value(load) < 4.0 and self.field("deposit")[1]:
                return "deposit"
            return "surface"
        if len(load) >= CART_CAPACITY or self.phase != "quiet":
            return "surface"
        if self.load_value(load) >= 6.0 or len(load) >= 4:
            return "surface"
        if not self.field("deposit")[1]:
            return "surface"
        return "deposit"

    def urgency(self, load: Sequence[str], goal: str) -> float:
        if goal == "deposit":
            return 1.0
        urgency = 1.0 + max(0.0, self.load_value(load)) / 4.0
        if self.phase != "quiet":
            urgency += 1.5
        if self.solo and self.tokens_left <= 6:
            urgency += 1.5
        return urgency


def _clan_of_jewel(gem: str) -> str:
    for clan, jewel in board.JEWEL_OF_CLAN.items():
        if jewel == gem:
            return clan
    return "red"


def goal_cost(ctx: Context, goal: str, square: Square, came_from: int, tracks, gems, chasm, modified,
              depth: int = 10, key=None) -> float:
    """Actions (and travel) still needed for a cart standing on ``square`` to reach ``goal`` on
    a board changed this turn: the old field, walked past the squares changed since. ``key``
    names the board's changes, for the context's cache."""
    deposits = goal == "deposit" or goal.startswith("jewel:")
    if key is not None:
        cache_key = (goal, square, came_from, key, frozenset(getattr(gems, "changes", ())) if deposits else None)
        found = ctx.goal_cache.get(cache_key)
        if found is None:
            found = ctx.goal_cache[cache_key] = goal_cost(ctx, goal, square, came_from, tracks, gems, chasm,
                                                          modified, depth)
        return found
    field, terminal = ctx.field(goal)
    jewel = goal.split(":")[1] if goal.startswith("jewel:") else None
    best = INF
    stack = [(square, came_from, 0.0, True, 0)]
    seen = set()
    while stack:
        here, came_in, acc, first, level = stack.pop()
        if (here, came_in) in seen:
            continue
        seen.add((here, came_in))
        if not first and here not in modified:
            best = min(best, acc + field.get((here, came_in), INF))
        for out in _ways(here, came_in, tracks):
            ahead = NEIGHBOUR[here][out]
            came = OPPOSITE[out]
            if ahead in SURFACE_SET:
                if not deposits:
                    best = min(best, acc + STEP_COST)
                continue
            if ahead not in TRACK or ahead in chasm:
                continue
            mask = tracks.get(ahead)
            if mask is not None and mask >> came & 1:
                if deposits and gems.get(ahead):
                    if jewel is None:
                        worth = ctx.pile_worth(gems[ahead])
                        if worth > 0:
                            best = min(best, acc + STEP_COST - DEPOSIT_BONUS * worth)
                    elif jewel in gems[ahead] and (ahead, came) in terminal:
                        best = min(best, acc + terminal[(ahead, came)])
                if level < depth:
                    stack.append((ahead, came, acc + STEP_COST, False, level + 1))
            else:
                best = min(best, acc + field.get((ahead, came), INF))
    return best


def track_ahead(square: Square, came_from: int, tracks, chasm, limit: int = 6) -> int:
    """How far a cart can go on the track as it is (the surface counts as all the way)."""
    best = 0
    stack = [(square, came_from, 0)]
    while stack:
        here, came_in, done = stack.pop()
        best = max(best, done)
        if best >= limit:
            return limit
        for out in _ways(here, came_in, tracks):
            ahead = NEIGHBOUR[here][out]
            if ahead in SURFACE_SET:
                return limit
            came = OPPOSITE[out]
            if ahead not in TRACK or ahead in chasm or not tracks.get(ahead, 0) >> came & 1:
                continue
            stack.append((ahead, came, done + 1))
    return best


# =============================================================================================
# Plans
# =============================================================================================
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
class _Option:
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
class _CartNow:
    index: int
    square: Square | None
    came_from: int
    speed: int
    load: list[str]
    eligible: bool                    # would earn the cart bonus if it gets out
    short: int = 0                    # after the move: speed beyond the track ahead (actions needed next turn)


class Planner:
    """Plans one player's turn (see :func:`plan_turn`)."""

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
        state = self.state
        cart = state.carts[index]
        if cart["where"] != "supply" or (self.ctx.solo and cart["derailed"]):
            return []
        return [k for k, square in enumerate(board.EXITS[cart["clan"]]) if square not in self.base_others]

    def options(self, index: int, budget: int) -> list[_Option]:
        state, ctx = self.state, self.ctx
        cart = state.carts[index]
        found: dict[tuple, _Option] = {}
        if cart["where"] == "board":
            starts = [(None, tuple(cart["square"]), cart["came_from"], cart["speed"], cart["load"])]
            found[(None, (), 0)] = _Option(index, None, (), 0, ())
        elif cart["where"] == "supply":
            starts = []
            for k in self.placeable(index):
                square = board.EXITS[cart["clan"]][k]
                starts.append((k, square, OPPOSITE[board.inward_side(square)], START_SPEED, []))
            found[("supply",)] = _Option(index, None, (), 0, ())
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
                            found[key] = _Option(index, place, tuple(ops[:n]), change, steps)
        return list(found.values())

    def paths(self, square: Square, came_from: int, load) -> list[list[tuple[Square, int, int]]]:
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
                onward = "exit:" + _clan_of_jewel(goal.split(":")[1]) if goal.startswith("jewel:") else "surface"
                more, _, _ = descend(ctx.field(onward)[0], None, ctx.tracks, ctx.occupied, end, came_in, first=False)
                path = path + more
            if path and path not in found:
                found.append(path)
        return found

    # ---- evaluation --------------------------------------------------------------------------------
    def cart_now(self, option: _Option) -> _CartNow | None:
        cart = self.state.carts[option.cart]
        eligible = not cart["derailed"]
        if cart["where"] == "board":
            return _CartNow(option.cart, tuple(cart["square"]), cart["came_from"], cart["speed"] + option.change,
                            list(cart["load"]), eligible)
        if option.place is None:
            return None
        square = board.EXITS[cart["clan"]][option.place]
        return _CartNow(option.cart, square, OPPOSITE[board.inward_side(square)], START_SPEED + option.change, [],
                        eligible)

    def evaluate(self, options: Sequence[_Option], orders: Sequence[Sequence[int]] | None = None):
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

    def _run(self, order, carts: dict[int, _CartNow], tracks, modified, paths, key):
        ctx = self.ctx
        others = dict(self.base_others)
        for now in carts.values():
            others[now.square] = now.load  # carts put out this turn stand on their start squares
        gems = ctx.gems
        gem_changes: dict[Square, list[str]] = {}
        state_of = {i: _CartNow(n.index, n.square, n.came_from, n.speed, list(n.load), n.eligible)
                    for i, n in carts.items()}
        for index in self.on_board:  # carts of this player with no option here stand still
            if index not in state_of:
                cart = self.state.carts[index]
                state_of[index] = _CartNow(index, tuple(cart["square"]), cart["came_from"], cart["speed"],
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
        merged = _Merged(gems, gem_changes)
        for index in order:
            now = state_of[index]
            if index in derailed or now.square is None:
                continue
            path = paths.get(index, ())
            others.pop(now.square, None)
            result = drive(now.square, now.came_from, now.speed, now.load, tracks, merged, ctx.chasm, others,
                           _follow_path(path, ctx), ctx.bumper, ctx.pick_key)
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
                deliveries += 1
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
                value -= self._derail_cost(lost)
                continue
            if index in state_of:
                now = state_of[index]
                if now.square is None:
                    continue  # escaped
                v, p = self._standing_value(now, tracks, _Merged(gems, gem_changes), modified, key=key)
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

    def _derail_cost(self, load) -> float:
        ctx = self.ctx
        if ctx.solo:
            cost = 250.0 if ctx.tokens_left > 4 else 60.0
        else:
            cost = DERAIL_COST
        return cost + W_LOAD * max(0.0, ctx.load_value(load))

    def _standing_value(self, now: _CartNow, tracks, gems, modified, key=None) -> tuple[float, float]:
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

    def _solo_standing_value(self, now: _CartNow, tracks, gems, modified, key=None) -> tuple[float, float]:
        """The solo game: the best of delivering the load at an exit (a matching one if it holds a
        jewel still wanted there) and, while there is time, going on to a deposit."""
        ctx = self.ctx
        left = ctx.tokens_left
        if left <= 1:
            return -2000.0, 0.0  # still in the mine when the last token falls: the game is lost
        urgency = 1.0 + (1.5 if left <= 6 else 0.0)
        goals = ["surface"] + ["exit:" + _clan_of_jewel(g) for g in set(now.load)
                               if g in JEWELS and ctx.matched[g] < 2]
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

    def _shortage(self, now: _CartNow, tracks) -> float:
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
        state = self.state
        budget = state.actions_left if state.phase == "actions" else 0
        per_cart: list[list[_Option]] = []
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
                scored.append(option)
            best_by_cost: dict[int, list[_Option]] = {}
            for option in sorted(scored, key=lambda o: -o.single):
                bucket = best_by_cost.setdefault(option.cost, [])
                if len(bucket) < self.keep:
                    bucket.append(option)
            per_cart.append([o for bucket in best_by_cost.values() for o in bucket])
        # combine the carts' options within the budget (a beam over total cost)
        combos: dict[int, list[tuple[float, list[_Option]]]] = {0: [(0.0, [])]}
        for options in per_cart:
            grown: dict[int, list[tuple[float, list[_Option]]]] = {}
            for cost, entries in combos.items():
                for total, chosen in entries:
                    for option in options:
                        new_cost = cost + option.cost
                        if new_cost > budget:
                            continue
                        grown.setdefault(new_cost, []).append((total + option.single, chosen + [option]))
            combos = {cost: sorted(entries, key=lambda e: -e[0])[:self.beam] for cost, entries in grown.items()}
        best = None
        for cost, entries in combos.items():
            for _, chosen in entries:
                outcome = self.evaluate(chosen)
                if outcome is None:
                    continue
                if best is None or outcome[0] > best[0][0] + 1e-9 or \
                        (abs(outcome[0] - best[0][0]) <= 1e-9 and _cost(chosen) < _cost(best[1])):
                    best = (outcome, chosen)
        if best is None:
            return Plan(self.player, state.turn, [EndActions(self.player)], {}, [], "end the actions", 0)
        return self._make_plan(best[1], best[0], budget)

    def _make_plan(self, chosen: list[_Option], outcome, budget: int) -> Plan:
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
                words.append(f"put {self._name(option.cart)} on {board.square_name(square)}")
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
                words.append(f"{'speed up' if step > 0 else 'slow down'} {self._name(option.cart)} to {speed}")
        if len(actions) < budget:
            actions.append(EndActions(player))
        routes = {index: list(move.junctions) for index, move in moves.items()}
        outcomes = [self._describe(index, move) for index, move in moves.items()]
        text = ", ".join(words) if words else "take no action"
        if outcomes:
            text += ": " + "; ".join(outcomes)
        points = sum(sum(GEM_POINTS[g] for g in move.delivered) for move in moves.values())
        points += self._missions_points(moves, order)
        return Plan(player=player, turn=state.turn, actions=actions, routes=routes, order=order, text=text,
                    points=points, value=value, moves=moves, loaded=details["loaded"], remaining=details["remaining"],
                    escapes=details["escapes"])

    def _missions_points(self, moves, order) -> int:
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

    def _name(self, index: int) -> str:
        cart = self.state.carts[index]
        return f"the {cart['clan']} cart" if self.ctx.solo else f"the {cart['die']} cart"

    def _describe(self, index: int, move: MoveResult) -> str:
        name = self._name(index)
        if move.junctions:
            ways = ", ".join(f"{board.SIDE_NAMES[side]} at {board.square_name(square)}"
                             for side, square in zip(move.junctions, move.junction_squares))
            name += f" (going {ways})"
        if move.outcome == "derailed":
            return f"{name} derails ({move.why})"
        if move.outcome == "delivered":
            if move.delivered:
                points = sum(GEM_POINTS[g] for g in move.delivered)
                what = f"delivers {', '.join(move.delivered)} ({points} point{'s' if points != 1 else ''})"
            else:
                what = "reaches the surface"
            where = board.square_name(move.exit)
            escape = " and leaves the mine" if self.ctx.collapsing else ""
            return f"{name} {what} at {where}{escape}"
        if move.outcome == "collided":
            return f"{name} runs into the cart on {board.square_name(move.collision.square)}"
        if move.filled:
            label = board.square_name(move.squares[-1])
            return f"{name} fills at {label} with {len(move.picked)} gems"
        if move.picked:
            return f"{name} picks up {', '.join(move.picked)} and stops on {board.square_name(move.end)}"
        return f"{name} moves {move.steps} square{'s' if move.steps != 1 else ''} to {board.square_name(move.end)}"


class _Merged(dict):
    """The deposits as they are after some moves: the changes over the old piles (read only)."""

    def __init__(self, base, changes):
        super().__init__()
        self.base, self.changes = base, changes

    def get(self, square, default=None):
        if square in self.changes:
            return self.changes[square]
        return self.base.get(square, default)

    def __getitem__(self, square):
        if square in self.changes:
            return self.changes[square]
        return self.base[square]

    def __contains__(self, square):
        return square in self.changes or square in self.base


def _cost(chosen) -> int:
    return sum(o.cost for o in chosen)


def _follow_path(path: Sequence[tuple[Square, int, int]], ctx: Context):
    """A junction policy: the path's way while on it, else the way toward the surface."""
    def choose(square, came_from, ways, step):
        if step < len(path) and path[step][0] == square and path[step][2] in ways:
            return path[step][2]
        field, _ = ctx.field("surface")
        return min(ways, key=lambda s: field.get((NEIGHBOUR[square][s], OPPOSITE[s]), INF))
    return choose


def plan_turn(state, player: int | None = None) -> Plan:
    """The best use of the actions left to the player to act, and the routes of their carts this turn.

    >>> from minegames.off_the_rails import new_game
    >>> plan = plan_turn(new_game(seed=1, players=2))
    >>> len(plan.actions) <= 4 and plan.points == 0
    True
    """
    if state.is_over:
        raise ValueError("the game is over: there is no turn to plan")
    return Planner(state, player).plan()


# =============================================================================================
# The bot
# =============================================================================================
class PlannerBot:
    """Plays Off the Rails by planning each turn (see :func:`plan_turn`). ``choose`` never raises
    and always returns a legal action."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.random = random.Random(seed)
        self.plan: Plan | None = None
        self._next = 0
        self._expect: tuple[int, Any] | None = None
        self._junctions: dict[int, int] = {}
        self.plans_made = 0
        #: exceptions met and answered with a fallback (tests check there are none)
        self.errors: list[str] = []

    def choose(self, state):
        try:
            action = self._choose(state)
            if action is not None and state.is_legal(action):
                self._expect = (len(state.history) + 1, action)
                return action
        except Exception as error:  # noqa: BLE001 - a bot must answer whatever happens
            self.errors.append(f"{type(error).__name__}: {error}")
        self.plan = None
        return self._fallback(state)

    def _fallback(self, state):
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, EndActions):
                return action
        return legal[0]

    # ---- the phases --------------------------------------------------------------------------
    def _choose(self, state):
        pending = state.pending
        if pending is not None:
            kind = pending["kind"]
            if kind == "turn":
                return self._turn(state)
            if kind == "pick":
                return self._pick(state)
            if kind == "drop":
                return self._drop(state)
            return self._token(state)
        if state.phase == "actions":
            return self._action(state)
        if state.phase == "move":
            return self._drive(state)
        if state.options.solo or state.chasm_phase != "collapsing":
            return DrawCard(state.current_player)
        return DrawToken(state.current_player)

    def _plan_is_current(self, state) -> bool:
        plan = self.plan
        if plan is None or plan.turn != state.turn or plan.player != state.current_player:
            return False
        if self._expect is None:
            return False
        length, action = self._expect
        history = state.history
        return len(history) == length and history[-1] == action

    def _action(self, state):
        if not self._plan_is_current(state) or self._next >= len(self.plan.actions):
            self.plan = plan_turn(state, state.current_player)
            self.plans_made += 1
            self._next = 0
            self._junctions = {}
        action = self.plan.actions[self._next]
        if not state.is_legal(action):
            self.plan = plan_turn(state, state.current_player)
            self.plans_made += 1
            self._next = 0
            action = self.plan.actions[0]
        self._next += 1
        return action

    def _drive(self, state):
        player = state.current_player
        to_move = [state.cart_index(player, a.cart) for a in state.legal_actions() if isinstance(a, Drive)]
        plan = self.plan
        if plan is not None and plan.turn == state.turn and plan.player == player:
            for index in plan.order:
                if index in to_move:
                    return Drive(player, state.cart_number(index))
        # no plan for this move: the order whose dry-runs do best
        if len(to_move) == 1:
            return Drive(player, state.cart_number(to_move[0]))
        planner = Planner(state, player)
        best, best_value = to_move[0], -INF
        for order in itertools.permutations(to_move):
            value = self._order_value(state, planner, list(order))
            if value > best_value:
                best, best_value = order[0], value
        return Drive(player, state.cart_number(best))

    def _order_value(self, state, planner: Planner, order: list[int]) -> float:
        options = [_Option(i, None, (), 0, ()) for i in order]
        outcome = planner.evaluate(options, orders=[order])
        return -INF if outcome is None else outcome[0]

    def _turn(self, state):
        player = state.current_player
        sides = state.pending["sides"]
        index = state.driving["cart"]
        plan = self.plan
        count = self._junctions.get(index, 0)
        self._junctions[index] = count + 1
        if plan is not None and plan.turn == state.turn and plan.player == player:
            route = plan.routes.get(index, [])
            if count < len(route) and route[count] in sides:
                return Turn(player, route[count])
        # choose by dry-running what is left of the move each way
        planner = Planner(state, player)
        ctx = planner.ctx
        cart = state.carts[index]
        best, best_value = sides[0], -INF
        for side in sides:
            move = dry_run_cart(state, index, _follow_path((), ctx), steps=state.driving["steps"], start_side=side,
                                pick_key=ctx.pick_key)
            value = self._move_value(planner, cart, move)
            if value > best_value:
                best, best_value = side, value
        return Turn(player, best)

    def _move_value(self, planner: Planner, cart, move: MoveResult) -> float:
        ctx = planner.ctx
        if move.derailed:
            return -planner._derail_cost(cart["load"])
        value = 0.0
        if move.outcome == "delivered":
            points, _ = ctx.delivery_value(move.delivered, move.exit, 1, list(ctx.missions_up), list(ctx.stockpile))
            value += W_DELIVER * points
            if ctx.collapsing:
                return value + (ESCAPE_VALUE if not cart["derailed"] else 0.0)
        gems = _Merged(ctx.gems, move.gems)
        now = _CartNow(-1, move.end, move.came_from, cart["speed"], list(move.load), not cart["derailed"])
        standing, _ = planner._standing_value(now, ctx.tracks, gems, set())
        return value + standing

    def _pick(self, state):
        ctx = Context(state, state.current_player)
        choices = [a for a in state.legal_actions()]
        return max(choices, key=lambda a: ctx.pick_key(a.gem))

    def _drop(self, state):
        choices = state.legal_actions()
        return min(choices, key=lambda a: GEMS.index(a.gem))

    def _token(self, state):
        player = state.current_player
        mine = [tuple(c["square"]) for i, c in enumerate(state.carts) if c["where"] == "board" and c["owner"] == player]
        theirs = [(tuple(c["square"]), c["load"]) for c in state.carts
                  if c["where"] == "board" and c["owner"] != player]
        best, best_value = None, -INF
        for x, y in state.pending["squares"]:
            square = (x, y)
            value = 0.0
            for at in mine:
                if at == square:
                    value -= 1000.0
                else:
                    value -= 40.0 / (1 + _distance(at, square))
            for at, load in theirs:
                if at == square:
                    value += 500.0 + 50.0 * sum(GEM_POINTS[g] for g in load)
                else:
                    value += 30.0 / (1 + _distance(at, square))
            pile = state.gems.get(square, ())
            if state.options.solo:
                value -= 5.0 * len(pile)
            elif pile and theirs:
                # gems there are lost to everyone: good if another player's cart is nearer them
                mine_near = min((_distance(at, square) for at in mine), default=99)
                theirs_near = min(_distance(at, square) for at, _ in theirs)
                if theirs_near < mine_near:
                    value += 5.0 * sum(GEM_POINTS[g] for g in pile)
            value += self.random.random() * 1e-3
            if value > best_value:
                best, best_value = square, value
        return PlaceToken(player, best[0], best[1])


def _distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
