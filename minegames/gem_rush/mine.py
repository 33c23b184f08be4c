"""The Gem Rush mine as plain data, and the geometry every rule needs from it.

A mine is a dict ``{(x, y): (room_id, rotation)}`` with y growing southward. Sides are
numbered North, East, South, West = 0, 1, 2, 3. A rotation r turns a tile r quarter-turns
clockwise, so what the tile printed on its side ``k`` ends up on world side ``(k + r) % 4``
(equivalently, the door seen on world side s is ``room.doors[(s - r) % 4]``).

Everything here is a pure function of the mine and a ``rooms`` table (room id -> Room). The
table defaults to ``components.ROOM_BY_ID``, imported only when needed, so tests and tools can
pass a handful of home-made rooms instead. Only the fields ``kind``, ``doors``, ``links``
(and ``name`` for drawings) are read.
"""

from __future__ import annotations

import collections
import dataclasses
from typing import Iterable, Mapping

Pos = tuple[int, int]
Placement = tuple[str, int]
Mine = Mapping[Pos, Placement]

N, E, S, W = 0, 1, 2, 3
SIDE_NAMES = ("north", "east", "south", "west")
#: offset of the neighbouring square on each side (y grows southward)
STEP: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: the side of the neighbour that touches a given side of ours
OPPOSITE: tuple[int, ...] = (S, W, N, E)

TUNNEL, MINE_CART = "tunnel", "mine_cart"


def _table(rooms):
    """The room table to read: the given one, or the game's own (imported late so this module
    loads even before, or without, the component data)."""
    if rooms is not None:
        return rooms
    from .components import ROOM_BY_ID

    return ROOM_BY_ID


def neighbour(pos: Pos, side: int) -> Pos:
    """The square across ``side`` of ``pos``."""
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def room_at(mine: Mine, pos: Pos, rooms=None):
    """The Room placed at ``pos``, or None for an empty square."""
    placed = mine.get(pos)
    return None if placed is None else _table(rooms)[placed[0]]


def world_doors(room, rotation: int) -> tuple:
    """The room's doors as they face the world after turning it: index = world side."""
    return tuple(room.doors[(s - rotation) % 4] for s in range(4))


def world_links(room, rotation: int) -> tuple[tuple[int, int], ...]:
    """A tunnel's side pairs as they face the world after turning it."""
    return tuple(((a + rotation) % 4, (b + rotation) % 4) for a, b in (room.links or ()))


def door_at(mine: Mine, pos: Pos, side: int, rooms=None):
    """The Door the tile at ``pos`` shows on world side ``side``; None for a wall or when the
    square is empty (either way nobody can leave through it)."""
    placed = mine.get(pos)
    if placed is None:
        return None
    room_id, rotation = placed
    return _table(rooms)[room_id].doors[(side - rotation) % 4]


def is_tunnel(mine: Mine, pos: Pos, rooms=None) -> bool:
    """Whether a tunnel lies at ``pos`` (a dwarf passes through those and never stays)."""
    room = room_at(mine, pos, rooms)
    return room is not None and room.kind == TUNNEL


def tunnel_exit(room, rotation: int, entered_side: int) -> int | None:
    """The world side a tunnel lets you out of when you came in on ``entered_side``; None when
    no path starts there (such a side is a dead end, so the move cannot be made)."""
    for a, b in world_links(room, rotation):
        if a == entered_side:
            return b
        if b == entered_side:
            return a
    return None


def legal_rotations(room, back_side: int) -> tuple[int, ...]:
    """Rotations allowed for a freshly built tile whose ``back_side`` faces the room the
    builder came from: those showing a door there. Each door of the tile can be turned to face
    back exactly once, so there are as many rotations as doors (a four-door tunnel: all 4)."""
    return tuple(r for r in range(4) if room.doors[(back_side - r) % 4] is not None)


@dataclasses.dataclass(frozen=True)
class Landing:
    """Where one step through a door ends.

    ``pos`` is the first non-tunnel square reached (built or ``empty``); ``entered_side`` is
    that square's side the dwarf came in by (for a build, the side a new tile must show a door
    on); ``tunnels`` lists the tunnel squares crossed, in order. ``loop``: the tunnels lead
    round for ever; ``blocked``: a tunnel had no path from the side entered. Neither can be
    walked, see ``possible``.
    """
    pos: Pos
    empty: bool
    entered_side: int
    tunnels: tuple[Pos, ...] = ()
    loop: bool = False
    blocked: bool = False

    @property
    def possible(self) -> bool:
        return not (self.loop or self.blocked)


def follow(mine: Mine, pos: Pos, side: int, rooms=None) -> Landing:
    """Walk out of ``pos`` through its ``side`` and on through any tunnels, to the first square
    that is not a tunnel.

    The caller checks that ``pos`` shows a door on ``side``; nothing is asked of the squares
    entered (a door on their side is never needed), except that a tunnel must have a path from
    the side entered. Tunnels crossed cost nothing extra: the whole walk is one step. A newly
    placed tunnel is handled the same way: place it, then follow the same door again.

    A loop can only be met when ``pos`` is itself a tunnel: every tunnel step can be traced
    backwards uniquely, so a walk that starts in a room could only repeat by returning to that
    room, where it stops. The check stays as a guard for such starts.
    """
    table = _table(rooms)
    seen: set[tuple[Pos, int]] = set()
    crossed: list[Pos] = []
    here, entered = neighbour(pos, side), OPPOSITE[side]
    while True:
        placed = mine.get(here)
        if placed is None:
            return Landing(here, True, entered, tuple(crossed))
        room = table[placed[0]]
        if room.kind != TUNNEL:
            return Landing(here, False, entered, tuple(crossed))
        if (here, entered) in seen:
            return Landing(here, False, entered, tuple(crossed), loop=True)
        seen.add((here, entered))
        crossed.append(here)
        out = tunnel_exit(room, placed[1], entered)
        if out is None:
            return Landing(here, False, entered, tuple(crossed), blocked=True)
        here, entered = neighbour(here, out), OPPOSITE[out]


def moves_from(mine: Mine, pos: Pos, rooms=None) -> dict[int, Landing]:
    """Every side of ``pos`` with a door, and where a step through it lands (walks that can
    never end are left out). Landings that are ``empty`` need a build."""
    table = _table(rooms)
    result = {}
    for side in range(4):
        if door_at(mine, pos, side, table) is None:
            continue
        landing = follow(mine, pos, side, table)
        if landing.possible:
            result[side] = landing
    return result


#: the name the API page uses
steps_from = moves_from


def frontier(mine: Mine, rooms=None) -> dict[tuple[Pos, int], Landing]:
    """Every door of a (non-tunnel) room that leads, straight or through tunnels, into empty
    space, keyed ``(pos, side)``, with its landing: the places a Warpstone build may start
    from. Tunnel doors are not starting points themselves (they have no cost of their own)."""
    table = _table(rooms)
    result = {}
    for pos in sorted(mine):
        if is_tunnel(mine, pos, table):
            continue
        for side, landing in moves_from(mine, pos, table).items():
            if landing.empty:
                result[(pos, side)] = landing
    return result


def empty_spaces_next_to(mine: Mine, ignore: Pos | None = None) -> tuple[Pos, ...]:
    """Empty squares sharing an edge with a tile, sorted: where the Mystic Elevator may go.

    ``ignore`` is treated as lifted out of the mine (the elevator's own square when it moves):
    it is neither a destination nor a neighbour that makes one. Doors are not considered and the
    mine is not required to stay connected; this is the plain reading of "next to the mine".
    """
    tiles = {p for p in mine if p != ignore}
    spaces = {neighbour(p, s) for p in tiles for s in range(4)}
    return tuple(sorted(q for q in spaces if q not in tiles and q != ignore))


def mine_carts(mine: Mine, rooms=None) -> tuple[Pos, ...]:
    """Positions of Mine Cart rooms, sorted (two or more make free rides between them)."""
    table = _table(rooms)
    return tuple(sorted(p for p, (rid, _) in mine.items() if table[rid].kind == MINE_CART))


def shortest_steps(mine: Mine, start: Pos, rooms=None, carts_free: bool = True) -> dict[Pos, int]:
    """Fewest movement steps from ``start`` to each built room reachable by walking.

    One step per door walked through (tunnels included in it); with ``carts_free`` and at least
    two Mine Carts, riding from one cart to another costs nothing. Empty squares, tunnels and
    room abilities (Warped Mirror, Mystic Elevator) are left out: this is a distance for plans
    and hints, not a list of moves.
    """
    table = _table(rooms)
    carts = mine_carts(mine, table) if carts_free else ()
    if len(carts) < 2:
        carts = ()
    best = {start: 0}
    queue = collections.deque([start])  # 0-1 breadth-first search
    while queue:
        pos = queue.popleft()
        d = best[pos]
        if pos in carts:
            for other in carts:
                if d < best.get(other, d + 1):
                    best[other] = d
                    queue.appendleft(other)
        for landing in moves_from(mine, pos, table).values():
            if not landing.empty and d + 1 < best.get(landing.pos, d + 2):
                best[landing.pos] = d + 1
                queue.append(landing.pos)
    return best


def bounds(mine: Iterable[Pos]) -> tuple[int, int, int, int]:
    """``(min_x, min_y, max_x, max_y)`` of the squares given (tiles of a mine); ``(0, 0, 0, 0)``
    when there are none, so a drawing of an empty mine still has a square to show."""
    positions = list(mine)
    if not positions:
        return (0, 0, 0, 0)
    xs = [p[0] for p in positions]
    ys = [p[1] for p in positions]
    return (min(xs), min(ys), max(xs), max(ys))
