"""The mine of Goldmine Rumbles: a 3x3 grid of tiles, the claim sites round its
rim, and every way a miner can walk through it.

Pure values and functions only (no game state): the engine snapshots a
:class:`Mine` (immutable, hashable, JSON-ready) and asks this module where a
miner may go, what they pass, and what Dynamite and a Detonator may change.

Board frame: cells are (row, column) from the top-left; a tile's ports are
numbered clockwise 0..7 from the left port of its top edge (see
``components``). Rotating a tile a quarter turn clockwise moves port p to
p + 2. A port on a shared edge touches the matching port of the neighbouring
tile, so a tunnel ending there continues into the neighbour's tunnel at that
point (if it has one).

Positions a miner can stand at:

- an ``int``: a claim site 1..16 on the rim (claims 4s+1..4s+4 on side s);
- :class:`Point`: a point on a tile edge where a miner has stopped (a
  port, named by one of the two tiles that meet there, canonically);
- :class:`Portal`: the lettered entrance inside a tile (named by tile number,
  so it moves with its tile).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from typing import NamedTuple, Union

from minegames.core.errors import SaveFormatError

from . import dice_rules
from .components import CLAIM_SITES, FACES, MINE_TILES, TILE_NUMBERS, End, Tunnel

SIZE = 3
Cell = tuple[int, int]
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
START_SITES = (3, 7, 11, 15)  # the second claim of each side's middle tile
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # top, right, bottom, left
_SITE_PERIMETER = (0, 2, 3, 5)  # a side's 6 rim ports p0..p5 carry claims on p0, p2, p3, p5


class Placement(NamedTuple):
    """What lies on one grid square: which tile, which face up, and quarter turns clockwise."""

    tile: int
    face: str = "light"
    rotation: int = 0


class Point(NamedTuple):
    """A point on a tile edge (not a claim site), e.g. where a miner halts before a tile."""

    cell: Cell
    port: int


class Portal(NamedTuple):
    """The lettered entrance of tile ``tile``: Tunnel Plans let a miner jump between them."""

    tile: int
    letter: str


Position = Union[int, Point, Portal]


class Leg(NamedTuple):
    """Walking one tunnel of one tile from ``start`` to ``end`` (board-frame ports or a letter)."""

    tile: int
    cell: Cell
    start: End
    end: End
    hazard: str | None

    def reversed(self) -> "Leg":
        return self._replace(start=self.end, end=self.start)


class Jump(NamedTuple):
    """A Tunnel Plans jump from one lettered entrance to another."""

    start: Portal
    end: Portal

    def reversed(self) -> "Jump":
        return Jump(self.end, self.start)


Step = Union[Leg, Jump]


class Route(NamedTuple):
    """A walk through the mine: ``path`` lists the positions from origin to destination,
    ``steps`` what was walked between consecutive positions."""

    path: tuple[Position, ...]
    steps: tuple[Step, ...]

    @property
    def origin(self) -> Position:
        return self.path[0]

    @property
    def destination(self) -> Position:
        return self.path[-1]

    @property
    def legs(self) -> tuple[Leg, ...]:
        return tuple(s for s in self.steps if isinstance(s, Leg))

    @property
    def jumps(self) -> tuple[Jump, ...]:
        return tuple(s for s in self.steps if isinstance(s, Jump))

    @property
    def tiles(self) -> tuple[int, ...]:
        """Tile numbers walked, in order (a tile appears once per tunnel walked on it)."""
        return tuple(leg.tile for leg in self.legs)

    @property
    def hazards(self) -> tuple[tuple[int, str], ...]:
        """(tile, "rat" or "snake") for every marked tunnel walked, in order: each one poisons."""
        return tuple((leg.tile, leg.hazard) for leg in self.legs if leg.hazard)

    @property
    def rats(self) -> int:
        return sum(kind == "rat" for _, kind in self.hazards)

    @property
    def snakes(self) -> int:
        return sum(kind == "snake" for _, kind in self.hazards)

    @property
    def sites(self) -> tuple[int, ...]:
        """Claim sites the route touches, in order (Matchstick: items from displayed claims visited).

        A claim site is a tunnel mouth on the rim; a walk may come out at one and go back in
        along another branch of the same junction tunnel, so a site can lie inside a route.
        """
        return tuple(p for p in self.path if isinstance(p, int))

    def reversed(self) -> "Route":
        return Route(self.path[::-1], tuple(step.reversed() for step in reversed(self.steps)))


# --------------------------------------------------------------------------- geometry

def rotate_port(port: int, turns: int) -> int:
    """Where a port goes when its tile turns ``turns`` quarter turns clockwise."""
    return (port + 2 * turns) % 8


def port_edge(port: int) -> int:
    """0 top, 1 right, 2 bottom, 3 left."""
    return port // 2


def neighbour(cell: Cell, port: int) -> tuple[Cell, int] | None:
    """The tile and port across the edge from ``port`` of ``cell``; None on the mine's rim."""
    dr, dc = _STEP[port_edge(port)]
    row, col = cell[0] + dr, cell[1] + dc
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return (row, col), (5 - port if port_edge(port) % 2 == 0 else 9 - port)


def _side_cell(side: int, k: int) -> Cell:
    """The k-th tile (0..2) along side ``side``, going clockwise."""
    return ((0, k), (k, SIZE - 1), (SIZE - 1, SIZE - 1 - k), (SIZE - 1 - k, 0))[side]


def site_port(site: int) -> tuple[Cell, int]:
    """The tile and port a claim site opens onto: claims 4s+1..4s+4 use side s's rim ports p0, p2, p3, p5."""
    if site not in CLAIM_SITES:
        raise ValueError(f"claim sites are 1..16, not {site!r}")
    side, j = divmod(site - 1, 4)
    rim = _SITE_PERIMETER[j]
    return _side_cell(side, rim // 2), 2 * side + rim % 2


_SITE_AT = {site_port(s): s for s in CLAIM_SITES}


def site_tile(site: int) -> Cell:
    """The grid square next to a claim site: a miner at the site counts as next to that tile."""
    return site_port(site)[0]


def distance(a: Cell, b: Cell) -> int:
    """Tiles between two grid squares, counted along rows and columns (Manhattan)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def point(cell: Cell, port: int) -> Position:
    """The position at ``port`` of ``cell``: a claim site, or the canonical :class:`Point`."""
    if (cell, port) in _SITE_AT:
        return _SITE_AT[(cell, port)]
    across = neighbour(cell, port)
    return Point(*min((cell, port), across)) if across else Point(cell, port)


def sides(position: int | Point) -> tuple[tuple[Cell, int], ...]:
    """The (tile square, port) pairs that meet at a site or point (one on the rim, two inside)."""
    if isinstance(position, int):
        return (site_port(position),)
    across = neighbour(position.cell, position.port)
    return ((position.cell, position.port),) + ((across,) if across else ())


# --------------------------------------------------------------------------- the mine

@lru_cache(maxsize=None)
def placed_tunnels(placement: Placement) -> tuple[Tunnel, ...]:
    """The tunnels of a placed tile in the board frame (ports turned with the tile)."""
    tile = MINE_TILES[placement.tile]
    return tuple(
        t._replace(ends=tuple(e if isinstance(e, str) else rotate_port(e, placement.rotation) for e in t.ends))
        for t in tile.face(placement.face)
    )


@lru_cache(maxsize=None)
def _open_ends(placement: Placement) -> dict[End, Tunnel]:
    """Port or letter -> the open tunnel there, for a placed tile (72 placements in all, so the
    route search never rebuilds a table for a new mine)."""
    return {end: t for t in placed_tunnels(placement) if not t.collapsed for end in t.ends}


@dataclass(frozen=True)
class Mine:
    """The 3x3 grid as nine :class:`Placement` values, row by row. Immutable and hashable:
    every change returns a new Mine."""

    grid: tuple[Placement, ...]
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self):
        grid = tuple(Placement(*p) for p in self.grid)
        if len(grid) != SIZE * SIZE or sorted(p.tile for p in grid) != list(TILE_NUMBERS):
            raise ValueError("a mine holds each of the tiles 1..9 exactly once")
        if any(p.face not in FACES or p.rotation not in range(4) for p in grid):
            raise ValueError("faces are 'light' or 'dark' and rotations 0..3 quarter turns")
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "_hash", hash(grid))  # route search hashes mines a lot

    def __hash__(self) -> int:
        return self._hash

    # construction -----------------------------------------------------------------
    @classmethod
    def standard(cls) -> "Mine":
        """Tiles 1..9 in reading order, light side up, unturned: a fixed mine for examples."""
        return cls(tuple(Placement(n) for n in TILE_NUMBERS))

    @classmethod
    def random(cls, rng) -> "Mine":
        """Setup: the tiles shuffled onto the grid, light side up, each in a random orientation.

        ``rng`` is a numpy Generator (the state's seeded one)."""
        order = rng.permutation(len(TILE_NUMBERS)) + 1
        turns = rng.integers(0, 4, size=len(TILE_NUMBERS))
        return cls(tuple(Placement(int(n), "light", int(t)) for n, t in zip(order, turns)))

    def to_json(self) -> list:
        return [[p.tile, p.face, p.rotation] for p in self.grid]

    @classmethod
    def from_json(cls, data) -> "Mine":
        try:
            return cls(tuple(Placement(int(n), str(f), int(r)) for n, f, r in data))
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"mine is malformed ({exc})") from None

    # reading --------------------------------------------------------------------
    def at(self, cell: Cell) -> Placement:
        _check_cell(cell)
        return self.grid[cell[0] * SIZE + cell[1]]

    def cell_of(self, tile: int) -> Cell:
        for index, placement in enumerate(self.grid):
            if placement.tile == tile:
                return divmod(index, SIZE)
        raise ValueError(f"mine tiles are 1..9, not {tile!r}")

    def tunnels(self, cell: Cell) -> tuple[Tunnel, ...]:
        return placed_tunnels(self.at(cell))

    def tunnel_at(self, cell: Cell, end: End) -> Tunnel | None:
        """The open tunnel of ``cell`` with an end at port or letter ``end`` (None: rock or rubble)."""
        row, col = cell
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return None
        return _open_ends(self.grid[row * SIZE + col]).get(end)

    def portals(self) -> tuple[Portal, ...]:
        """Every usable lettered entrance, in grid order."""
        return tuple(Portal(p.tile, end) for p in self.grid for end in _open_ends(p) if isinstance(end, str))

    # changing -------------------------------------------------------------------
    def _with(self, changes: dict[Cell, Placement]) -> "Mine":
        """A changed copy. The grid is already valid, so the checks of ``__init__`` are skipped:
        the journey search builds tens of thousands of these."""
        grid = tuple(changes.get(cell, p) for cell, p in zip(CELLS, self.grid))
        mine = object.__new__(Mine)
        object.__setattr__(mine, "grid", grid)
        object.__setattr__(mine, "_hash", hash(grid))
        return mine

    def rotated(self, cell: Cell, turns: int = 1) -> "Mine":
        """The tile at ``cell`` turned ``turns`` quarter turns clockwise (Dynamite)."""
        p = self.at(cell)
        return self._with({cell: p._replace(rotation=(p.rotation + turns) % 4)})

    def new_orientations(self, cell: Cell) -> tuple["Mine", ...]:
        """The three mines one Dynamite blast on ``cell`` can leave (any orientation but the current)."""
        return tuple(self.rotated(cell, turns) for turns in (1, 2, 3))

    def turned_over(self, tile: int) -> "Mine":
        """Tile ``tile`` turned over in place, like a book page: same square, same orientation, other face."""
        cell = self.cell_of(tile)
        p = self.at(cell)
        return self._with({cell: p._replace(face="dark" if p.face == "light" else "light")})

    def rearranged(self, line: tuple[str, int], order: tuple[int, int, int]) -> "Mine":
        """Detonator: the three tiles of ``line`` put in a new order without turning them.

        ``order[i]`` is the index (0..2, along the line) of the tile that moves to place i.
        """
        if sorted(order) != [0, 1, 2]:
            raise ValueError(f"order must be a permutation of 0, 1, 2, not {order!r}")
        cells = line_cells(line)
        return self._with({cells[i]: self.at(cells[j]) for i, j in enumerate(order)})


def _check_cell(cell: Cell) -> None:
    if cell not in CELLS:
        raise ValueError(f"grid squares are (row, column) with 0..2 each, not {cell!r}")


# --------------------------------------------------------------------------- travel

def jump_allowed(a: str, b: str, tunnel_plans: int) -> bool:
    """Whether Tunnel Plans (cubes 0..3) let a miner jump between entrances lettered ``a`` and ``b``.

    1 cube joins the A entrances; 2 add the B entrance to them; 3 add the C
    entrance as well, so any two lettered entrances are then joined.
    """
    letters = dice_rules.column_effect(dice_rules.TUNNEL_PLANS, tunnel_plans)
    return a in letters and b in letters


def moves(mine: Mine, position: Position, tunnel_plans: int = 0,
          after_jump: bool = False) -> tuple[tuple[Step, Position], ...]:
    """Every single step from ``position``: one tunnel of one tile, or one jump.

    A jump is one trip through the plans, so right after one (``after_jump``)
    the miner walks out of the entrance before jumping again.
    """
    result = []
    if isinstance(position, Portal):
        cell = mine.cell_of(position.tile)
        tunnel = mine.tunnel_at(cell, position.letter)
        if tunnel is not None:
            for port in tunnel.other_ends(position.letter):
                result.append((Leg(position.tile, cell, position.letter, port, tunnel.hazard), point(cell, port)))
            for other in () if after_jump else mine.portals():
                if other != position and jump_allowed(position.letter, other.letter, tunnel_plans):
                    result.append((Jump(position, other), other))
        return tuple(result)
    for cell, port in sides(position):
        tunnel = mine.tunnel_at(cell, port)
        if tunnel is None:
            continue
        tile = mine.at(cell).tile
        for end in tunnel.other_ends(port):  # a junction offers several ways on
            target = Portal(tile, end) if isinstance(end, str) else point(cell, end)
            result.append((Leg(tile, cell, port, end, tunnel.hazard), target))
    return tuple(result)


def best_route(mine: Mine, origin: Position, destination: Position, tunnel_plans: int = 0,
               just_jumped: bool = False, avoid: frozenset = frozenset()) -> Route | None:
    """The walk from ``origin`` to ``destination`` with fewest rats and snakes, then fewest steps
    (None: no walk there without Dynamite).

    A search, not a list of every walk: junctions make the number of walks grow
    fast. ``just_jumped``: the miner's last step was a Tunnel Plans jump, so the
    first step walks out of the entrance. ``avoid``: places the walk may not enter (a
    journey never comes back to a place it has passed while the mine is unchanged).
    A claim site is a place like any other: a walk may pass one on a junction.
    """
    _check_position(mine, origin)
    _check_position(mine, destination)
    if origin == destination:
        return None
    start = (origin, just_jumped)
    best, came_from, counter = {start: (0, 0)}, {}, 0
    queue = [((0, 0), 0, start)]
    while queue:
        cost, _, node = heapq.heappop(queue)
        if cost != best.get(node):
            continue
        here, jumped = node
        if here == destination:
            path, steps = [here], []
            while node in came_from:
                node, step = came_from[node]
                path.append(node[0])
                steps.append(step)
            return Route(tuple(reversed(path)), tuple(reversed(steps)))
        for step, target in moves(mine, here, tunnel_plans, jumped):
            if target in avoid:
                continue
            is_jump = isinstance(step, Jump)
            new_cost = (cost[0] + bool(not is_jump and step.hazard), cost[1] + 1)
            new_node = (target, is_jump)
            if new_cost < best.get(new_node, (1 << 30, 0)):
                best[new_node] = new_cost
                came_from[new_node] = (node, step)
                counter += 1
                heapq.heappush(queue, (new_cost, counter, new_node))
    return None


def reachable(mine: Mine, origin: Position, tunnel_plans: int = 0) -> frozenset:
    """Every position a miner at ``origin`` can walk to (``origin`` itself not included)."""
    _check_position(mine, origin)
    seen, frontier = {origin}, [origin]
    while frontier:
        for _, target in moves(mine, frontier.pop(), tunnel_plans):
            if target not in seen:
                seen.add(target)
                frontier.append(target)
    return frozenset(seen - {origin})


def reachable_sites(mine: Mine, origin: Position, tunnel_plans: int = 0) -> frozenset[int]:
    """The claim sites among :func:`reachable`."""
    return frozenset(p for p in reachable(mine, origin, tunnel_plans) if isinstance(p, int))


# --------------------------------------------------------------------------- changing the mine

def dynamite_targets(mine: Mine, position: Position) -> frozenset[Cell]:
    """The grid squares a miner at ``position`` may blast with Dynamite.

    The miner must stand in a tunnel that leads onto the tile, and may not
    blast the tile they are in. From a claim site that is the tile next to
    the site. At a point between two tiles, each tile qualifies if the other
    one has an open tunnel ending there (the miner stands in it). At a
    lettered entrance the miner is inside that tile and next to no other, and
    a Tunnel Plans jump never counts as leading onto a tile.
    """
    _check_position(mine, position)
    if isinstance(position, int):
        return frozenset({site_tile(position)})
    if isinstance(position, Portal):
        return frozenset()
    touching = sides(position)
    if len(touching) < 2:
        return frozenset()
    (a, pa), (b, pb) = touching
    return frozenset(target for target, (here, port) in ((b, (a, pa)), (a, (b, pb)))
                     if mine.tunnel_at(here, port) is not None)


LINES: tuple[tuple[str, int], ...] = tuple((kind, i) for kind in ("row", "column") for i in range(SIZE))


def line_cells(line: tuple[str, int]) -> tuple[Cell, Cell, Cell]:
    """The three squares of ``("row", i)`` (left to right) or ``("column", i)`` (top to bottom)."""
    kind, index = line
    if kind not in ("row", "column") or index not in range(SIZE):
        raise ValueError(f"a line is ('row' or 'column', 0..2), not {line!r}")
    return tuple((index, k) if kind == "row" else (k, index) for k in range(SIZE))


def touching_cells(mine: Mine, position: Position) -> frozenset[Cell]:
    """The tiles a miner at ``position`` is next to or inside."""
    _check_position(mine, position)
    if isinstance(position, Portal):
        return frozenset({mine.cell_of(position.tile)})
    return frozenset(cell for cell, _ in sides(position))


def detonator_lines(mine: Mine, position: Position, columns: bool = True) -> tuple[tuple[str, int], ...]:
    """The lines of three tiles a Detonator may rearrange from ``position``: those with a tile
    the miner touches. ``columns=False`` keeps to the rows only (see the rules doc)."""
    near = touching_cells(mine, position)
    return tuple(line for line in LINES if (columns or line[0] == "row") and near & set(line_cells(line)))


def rearrangements(mine: Mine, line: tuple[str, int]) -> tuple[Mine, ...]:
    """The five new orders of a line (each distinct mine once; identical tiles cannot occur)."""
    return tuple(mine.rearranged(line, order) for order in permutations(range(SIZE)) if order != (0, 1, 2))


class Blast(NamedTuple):
    """One Dynamite rotation: the tile on ``cell`` turned ``turns`` quarter turns clockwise."""

    cell: Cell
    turns: int


class Journey(NamedTuple):
    """A way to a destination with Dynamite: walks and blasts in order, and the mine left behind."""

    plan: tuple[Union[Route, Blast], ...]
    mine: Mine

    @property
    def blasts(self) -> int:
        return sum(isinstance(p, Blast) for p in self.plan)

    @property
    def hazards(self) -> tuple[tuple[int, str], ...]:
        return tuple(h for p in self.plan if isinstance(p, Route) for h in p.hazards)


def plan_journey(mine: Mine, origin: Position, destination: Position, tunnel_plans: int = 0,
                 max_blasts: int = 2, visited: frozenset = frozenset(), just_jumped: bool = False
                 ) -> Journey | None:
    """The cheapest way from ``origin`` to ``destination`` using at most ``max_blasts`` Dynamite
    rotations: fewest blasts first, then fewest rats and snakes, then fewest steps.

    Each blast obeys :func:`dynamite_targets` where the miner stands at that
    moment. None when no such journey exists. (One Dynamite gives 1-4 blasts
    with Explosives Manuals; the caller turns blasts into Dynamite.)

    A journey under way passes what it knows of itself: ``visited``, the places it has
    passed since the mine last changed (it may not come back to them until a blast changes
    the mine), and ``just_jumped``, whether its last step was a Tunnel Plans jump (the
    next step walks out of the entrance). A claim site is a place like any other: the way
    may pass one on a junction, or stop there to blast and go on.

    Answers are remembered, and so is every tail of a found journey (the rest of a
    cheapest journey is a cheapest journey from where it has got to), so a miner who
    asks again at each step of the way costs one search, not one per step.
    """
    visited = frozenset(visited)
    key = (mine, origin, destination, tunnel_plans, max_blasts, visited, bool(just_jumped))
    if key not in _JOURNEYS:
        _check_position(mine, origin)
        _check_position(mine, destination)
        if len(_JOURNEYS) > _JOURNEY_MEMORY:
            _JOURNEYS.clear()
        _JOURNEYS[key] = _search_journey(mine, origin, destination, tunnel_plans, max_blasts, visited,
                                         bool(just_jumped))
    return _JOURNEYS[key]


_JOURNEY_MEMORY = 20_000
_JOURNEYS: dict = {}


def _search_journey(mine: Mine, origin: Position, destination: Position, tunnel_plans: int,
                    max_blasts: int, visited: frozenset, just_jumped: bool) -> Journey | None:
    """Cheapest-first search over (mine, place, just jumped, before any blast). Before the first
    blast the places in ``visited`` are shut; a cheapest way never comes back to a place while
    the mine is unchanged, as that would only add steps."""
    start = (mine, origin, just_jumped, bool(visited))
    best = {start: (0, 0, 0)}
    queue = [((0, 0, 0), 0, start)]
    came_from: dict = {}
    counter = 0
    while queue:
        cost, _, state = heapq.heappop(queue)
        if cost != best.get(state):
            continue
        here_mine, here, jumped, unblasted = state
        if here == destination:
            return _remember_tails(came_from, state, destination, tunnel_plans, max_blasts, visited)
        options = [((cost[0], cost[1] + bool(step.hazard if isinstance(step, Leg) else None), cost[2] + 1),
                    (here_mine, target, isinstance(step, Jump), unblasted), step)
                   for step, target in moves(here_mine, here, tunnel_plans, jumped)
                   if not (unblasted and target in visited)]
        if cost[0] < max_blasts:
            options += [((cost[0] + 1, cost[1], cost[2]), (here_mine.rotated(cell, turns), here, jumped, False),
                         Blast(cell, turns))
                        for cell in sorted(dynamite_targets(here_mine, here)) for turns in (1, 2, 3)]
        for new_cost, new_state, move in options:
            if new_cost < best.get(new_state, (max_blasts + 1, 0, 0)):
                best[new_state] = new_cost
                came_from[new_state] = (state, move)
                counter += 1
                heapq.heappush(queue, (new_cost, counter, new_state))
    return None


def _remember_tails(came_from: dict, state, destination: Position, tunnel_plans: int, max_blasts: int,
                    visited: frozenset) -> Journey:
    """The journey that ends at ``state``, after storing each of its tails under the
    (mine, position, blasts left, places passed, just jumped) it starts from.

    The places passed are those a miner following the journey would have passed since the
    mine last changed. A tail is also the answer for a caller who passes no places, when
    the search that found it had none to avoid or the tail starts after a blast."""
    final_mine = state[0]
    chain = []  # (search state before, move, position after), last first
    while state in came_from:
        previous, move = came_from[state]
        chain.append((previous, move, state[1]))
        state = previous
    chain.reverse()
    origin = chain[0][0][1] if chain else state[1]
    used, passed = 0, set(visited) | {origin}
    for i, (before, move, after) in enumerate(chain):
        if i:
            here_mine, here, jumped, unblasted = before
            tail = _journey(chain[i:], here, final_mine)
            left = max_blasts - used
            _JOURNEYS.setdefault((here_mine, here, destination, tunnel_plans, left, frozenset(passed), jumped), tail)
            if not (visited and unblasted):
                _JOURNEYS.setdefault((here_mine, here, destination, tunnel_plans, left, frozenset(), jumped), tail)
        if isinstance(move, Blast):
            used += 1
            passed = {before[1]}
        else:
            passed.add(after)
    return _journey(chain, origin, final_mine)


def _journey(chain: list, origin: Position, final_mine: Mine) -> Journey:
    """Rebuild a plan from its moves, gathering consecutive steps into one Route per walk."""
    plan: list = []
    path, steps = [origin], []
    for _, move, after in chain:
        if isinstance(move, Blast):
            if steps:
                plan.append(Route(tuple(path), tuple(steps)))
                path, steps = [path[-1]], []
            plan.append(move)
        else:
            steps.append(move)
            path.append(after)
    if steps:
        plan.append(Route(tuple(path), tuple(steps)))
    return Journey(tuple(plan), final_mine)


def site_distance(mine: Mine, site: int, tile: int) -> int:
    """How far a miner at ``site`` is from mine tile ``tile`` (0: next to it), for phase injuries."""
    return distance(site_tile(site), mine.cell_of(tile))


# --------------------------------------------------------------------------- positions as JSON

def _check_position(mine: Mine, position: Position) -> None:
    if isinstance(position, bool):
        raise ValueError(f"not a position: {position!r}")
    if isinstance(position, int):
        site_port(position)
    elif isinstance(position, Point):
        _check_cell(position.cell)
        if position.port not in range(8) or point(position.cell, position.port) != position:
            raise ValueError(f"{position!r} is not a canonical point; build it with point(cell, port)")
    elif isinstance(position, Portal):
        if position.tile not in MINE_TILES or MINE_TILES[position.tile].letter != position.letter:
            raise ValueError(f"tile {position.tile} has no entrance {position.letter!r}")
    else:
        raise ValueError(f"not a position: {position!r}")


def position_to_json(position: Position):
    """A claim site stays an int; points and portals become small tagged lists."""
    if isinstance(position, Point):
        return ["point", position.cell[0], position.cell[1], position.port]
    if isinstance(position, Portal):
        return ["portal", position.tile, position.letter]
    return position


def position_from_json(data) -> Position:
    try:
        if isinstance(data, int) and not isinstance(data, bool):
            site_port(data)
            return data
        if data[0] == "point":
            result = point((int(data[1]), int(data[2])), int(data[3]))
            if result != Point((int(data[1]), int(data[2])), int(data[3])):
                raise ValueError("point is not canonical")
            return result
        if data[0] == "portal" and data[2] in ("A", "B", "C") and int(data[1]) in TILE_NUMBERS:
            return Portal(int(data[1]), data[2])
        raise ValueError("unknown kind")
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise SaveFormatError(f"bad position {data!r} ({exc})") from None
