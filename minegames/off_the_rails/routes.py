"""Paths for the planner: how many actions (tiles to lay, branches to add) a cart still needs to
reach a goal, and the path that needs the fewest.

A plan tries many boards a turn, so the cost of reaching each kind of goal is worked out once per
turn as an "entry field": for each square and the side a cart would come in by, the fewest
actions still needed to reach a goal from there, found backwards from the goals (a Dijkstra over
about 660 square-side pairs). :func:`descend` follows a field down to a path, :func:`realize`
turns a path into track work, and :func:`goal_cost` reads a field past the squares a plan has
changed.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from . import board, driving

if TYPE_CHECKING:
    from .plan_values import Context

Square = tuple[int, int]
INF = float("inf")
OPPOSITE = (2, 3, 0, 1)
TRACK = board.TRACK_SQUARE_SET
#: the neighbour of every square of the board by side (off-board neighbours included)
NEIGHBOUR = {(x, y): tuple(board.neighbour((x, y), side) for side in range(4))
             for x in range(board.SIZE) for y in range(board.SIZE)}
SURFACE_GOALS = tuple(square for square in NEIGHBOUR if board.is_surface(square) and not board.is_corner(square))
SURFACE_SET = frozenset(SURFACE_GOALS)

# ---- costs, in actions --------------------------------------------------------------------------
STEP_COST = 0.25       # one square of travel
OCCUPIED_COST = 1.0    # a square a cart stands on
DEPOSIT_BONUS = 1.0    # a gem point at a deposit, when choosing where to go


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
        for out in driving.exits(here, came_in, tracks):
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
        for out in driving.exits(here, came_in, tracks):
            ahead = NEIGHBOUR[here][out]
            if ahead in SURFACE_SET:
                return limit
            came = OPPOSITE[out]
            if ahead not in TRACK or ahead in chasm or not tracks.get(ahead, 0) >> came & 1:
                continue
            stack.append((ahead, came, done + 1))
    return best


def follow_path(path: Sequence[tuple[Square, int, int]], ctx: Context):
    """A junction policy: the path's way while on it, else the way toward the surface."""
    def choose(square, came_from, ways, step):
        if step < len(path) and path[step][0] == square and path[step][2] in ways:
            return path[step][2]
        field, _ = ctx.field("surface")
        return min(ways, key=lambda s: field.get((NEIGHBOUR[square][s], OPPOSITE[s]), INF))
    return choose
