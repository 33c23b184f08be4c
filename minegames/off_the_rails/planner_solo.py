"""The solo game's planner: one whole trip for each cart, chosen together, built ahead of the carts.

Solo, a cart that delivers leaves the mine, so the four carts make four deliveries in all, and a
victory needs each of them to bring a different jewel to an exit of that jewel's colour. Planning
a turn at a time cannot see that, so this planner works from the trips:

- a *trip* takes a cart from where it is (or from one of its start squares) over a square holding
  the jewel and on to an exit of the wanted colour; its cost is the track work it still needs
  (tiles, branches) plus a little for each square, read from entry fields (``routes.py``);
- the carts are matched to the jewels still wanted by trying every matching (at most 24) and keeping
  the cheapest;
- each turn's actions first keep the carts on the board moving along their trips (the tiles they
  need this turn, a slower speed if there are not enough actions), then lay the next tiles of the
  cheapest unfinished trip, and put a cart out once its track is laid far enough ahead of it.

When the wanted matches cannot all be made before the chasm takes the last square (a jewel gone,
a cart lost, or more track than the turns left can lay) it aims for a partial victory instead:
each jewel not yet delivered anywhere, to the nearest surface square.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

from . import board
from .components import ACTIONS_PER_TURN, JEWELS, MAX_SPEED, MIN_SPEED, TOKENS_PER_COLOUR
from .plan_values import clan_of_jewel
from .routes import INF, NEIGHBOUR, OPPOSITE, STEP_COST, TRACK, descend, entry_field, realize, square_cost, \
    surface_sources

Square = tuple[int, int]
#: squares a cart should have laid ahead of it (after its move) before it is put out
PLACE_AHEAD = 3


@dataclasses.dataclass
class Trip:
    """One cart's whole way: over a square holding ``jewel`` (None: it holds it already, or it only
    has to get out) to an exit of ``colour`` (None: any surface square)."""

    cart: int
    jewel: str | None
    colour: str | None
    path: list                     # (square, came in by, leave by), the cart's own square first
    cost: float                    # actions still needed (and a quarter a square of travel)
    place: int | None = None       # start square number, for a cart still in the supply
    jewel_square: Square | None = None

    @property
    def length(self) -> int:
        """Squares to travel to the surface (the first step of a cart in the supply included)."""
        return len(self.path)


def turns_left(state) -> int:
    """Turns (this one counted) before the last chasm token lands: one token each turn."""
    return max(0, TOKENS_PER_COLOUR * len(board.CLANS) - state.tokens_out)


class SoloRoutes:
    """The trips open to each cart on the board as it stands (fields worked out when first needed)."""

    def __init__(self, state):
        self.state = state
        self.tracks = state.tracks
        self.chasm = state.chasm
        self.occupied = {tuple(c["square"]) for c in state.carts if c["where"] == "board"}
        self._exit: dict = {}
        self._jewel: dict = {}

    def exit_field(self, colour: str | None) -> dict:
        if colour not in self._exit:
            sources = surface_sources(board.EXITS[colour]) if colour else surface_sources()
            self._exit[colour] = entry_field(sources, self.tracks, self.chasm, self.occupied)
        return self._exit[colour]

    def jewel_field(self, jewel: str, colour: str | None) -> tuple[dict, dict]:
        """The cost of a trip over a square holding ``jewel`` and on to an exit of ``colour``."""
        key = (jewel, colour)
        if key not in self._jewel:
            onward = self.exit_field(colour)
            sources = {}
            for square, pile in self.state.gems.items():
                if jewel not in pile or square not in TRACK or square in self.chasm:
                    continue
                for came_in in range(4):
                    best = INF
                    for out in range(4):
                        if out != came_in:
                            rest = onward.get((NEIGHBOUR[square][out], OPPOSITE[out]), INF)
                            if rest < INF:
                                best = min(best, square_cost(self.tracks, self.occupied, square, came_in, out) + rest)
                    if best < INF:
                        sources[(square, came_in)] = best + STEP_COST
            self._jewel[key] = (entry_field(sources, self.tracks, self.chasm, self.occupied), sources)
        return self._jewel[key]

    def starts(self, index: int) -> list[tuple[int | None, Square, int]]:
        """Where a cart would start its trip: (start number or None, square, came in by)."""
        cart = self.state.carts[index]
        if cart["where"] == "board":
            return [(None, tuple(cart["square"]), cart["came_from"])]
        if cart["where"] != "supply" or cart["derailed"]:
            return []
        found = []
        for k, square in enumerate(board.EXITS[cart["clan"]]):
            if square not in self.occupied:
                found.append((k, square, OPPOSITE[board.inward_side(square)]))
        return found

    def trip(self, index: int, jewel: str | None, colour: str | None) -> Trip | None:
        """The cheapest trip of cart ``index`` over ``jewel`` (unless it holds one) to ``colour``."""
        cart = self.state.carts[index]
        holds = jewel is None or (cart["where"] == "board" and jewel in cart["load"])
        best = None
        for place, square, came_from in self.starts(index):
            if holds:
                path, (end, _), how = descend(self.exit_field(colour), None, self.tracks, self.occupied,
                                              square, came_from)
                jewel_square = None
            else:
                field, terminal = self.jewel_field(jewel, colour)
                path, (end, came_in), how = descend(field, terminal, self.tracks, self.occupied, square, came_from)
                if how != "deposit":
                    continue
                jewel_square = end
                more, (end, _), how = descend(self.exit_field(colour), None, self.tracks, self.occupied, end,
                                              came_in, first=False)
                path = path + more
            if how != "surface" or (colour and board.EXIT_CLAN.get(end) != colour):
                continue
            ops, needed = realize(path, self.tracks, self.occupied)
            if len(needed) < len(path):
                continue  # a branch would be needed under a cart
            cost = len(ops) + STEP_COST * len(path) + (place is not None)
            if best is None or cost < best.cost:
                best = Trip(index, None if holds else jewel, colour, path, cost, place, jewel_square)
        return best


def choose_trips(state, routes: SoloRoutes) -> tuple[str, list[Trip]]:
    """The aim ("victory" or "partial victory") and a trip for each cart still to go out."""
    from . import scoring

    carts = [i for i, c in enumerate(state.carts)
             if c["where"] == "board" or (c["where"] == "supply" and not c["derailed"])]
    matched = scoring.matched_deliveries(state)
    delivered = scoring.delivered(state)
    left = turns_left(state)
    wanted = [gem for gem in JEWELS if matched[gem] == 0]
    trips = _match(routes, carts, [(gem, clan_of_jewel(gem)) for gem in wanted])
    if trips is not None:
        work = sum(t.cost for t in trips)
        if work <= ACTIONS_PER_TURN * left:
            return "victory", trips
    wanted = [gem for gem in JEWELS if delivered[gem] == 0]
    trips = _match(routes, carts, [(gem, None) for gem in wanted])
    if trips is None:
        trips = _match(routes, carts, [])
    return "partial victory", trips or []


def _match(routes: SoloRoutes, carts: list[int], needs: list[tuple[str, str | None]]) -> list[Trip] | None:
    """The cheapest way to give each need (jewel, exit colour) its own cart; the carts left over
    only get out. None if some need has no cart that can meet it."""
    if len(needs) > len(carts):
        return None
    table = {}
    for index in carts:
        for need in needs:
            table[(index, need)] = routes.trip(index, *need)
        table[(index, None)] = routes.trip(index, None, None)
    best, best_cost = None, INF
    for chosen in itertools.permutations(carts, len(needs)):
        trips = [table[(index, need)] for index, need in zip(chosen, needs)]
        trips += [table[(index, None)] for index in carts if index not in chosen]
        if any(t is None for t in trips):
            continue
        cost = sum(t.cost for t in trips)
        if cost < best_cost:
            best, best_cost = trips, cost
    return best


@dataclasses.dataclass
class Schedule:
    """This turn's share of the trips: per cart (placement, track work, speed change)."""

    options: dict                  # cart -> (place, ops, change, path)
    placed: list[int]
    left: int                      # actions not spent


def schedule(state, trips: list[Trip], budget: int, may_place: bool = True) -> Schedule:
    """Spend ``budget`` actions on the trips: keep the carts on the board moving (tiles ahead of
    them, else a slower speed), then lay the cheapest unfinished trip's next tiles, then put a cart
    out when its track is laid far enough ahead."""
    tracks = dict(state.tracks)
    occupied = {tuple(c["square"]) for c in state.carts if c["where"] == "board"}
    plan: dict[int, list] = {}
    left = budget
    clock = turns_left(state)

    def lay(trip: Trip, count: int) -> int:
        """Lay up to ``count`` of the trip's next ops; returns how many were laid."""
        nonlocal left
        ops, _ = realize(trip.path, tracks, occupied)
        laid = 0
        for op in ops[:max(0, min(count, left))]:
            _apply(tracks, op)
            plan.setdefault(trip.cart, [None, [], 0])[1].append(op)
            laid += 1
        left -= laid
        return laid

    def ahead(trip: Trip) -> int:
        """Squares the cart can go on the track as laid (its whole trip if laid to the surface)."""
        ops, needed = realize(trip.path, tracks, occupied)
        if not ops:
            return len(trip.path)
        first = next((k for k, count in enumerate(needed) if count), len(needed))
        return first - 1

    on_board = sorted((t for t in trips if state.carts[t.cart]["where"] == "board"), key=lambda t: t.cost)
    waiting = sorted((t for t in trips if state.carts[t.cart]["where"] != "board"), key=lambda t: t.cost)
    # 1. the carts on the board: this turn's move must stay on laid track
    for trip in on_board:
        speed = state.carts[trip.cart]["speed"]
        _, needed = realize(trip.path, tracks, occupied)
        best = None
        for change in sorted(range(MIN_SPEED - speed, MAX_SPEED - speed + 1), key=abs):
            steps = min(speed + change, len(trip.path) - 1)
            if steps >= len(needed):
                continue
            cost = needed[steps] + abs(change)
            if cost <= left and (best is None or cost < best[0]):
                best = (cost, change, needed[steps])
        entry = plan.setdefault(trip.cart, [None, [], 0])
        if best is None:  # not enough actions: slow down as far as they go, lay what is left
            change = -min(left, speed - MIN_SPEED)
            entry[2] = change
            left -= abs(change)
            lay(trip, left)
            continue
        _, change, count = best
        entry[2] = change
        left -= abs(change)
        lay(trip, count)
    # 2. speed up a cart whose way out is laid when the clock runs short
    for trip in on_board:
        entry = plan[trip.cart]
        speed = state.carts[trip.cart]["speed"] + entry[2]
        if ahead(trip) >= len(trip.path) and left > 0:
            while left > 0 and speed < MAX_SPEED and math.ceil((len(trip.path) - 1) / speed) > max(1, clock - 2):
                speed += 1
                entry[2] += 1
                left -= 1
    # 3. the next tiles of the trips: the carts' own first, then the cheapest waiting one
    for trip in on_board + waiting:
        if left <= 0:
            break
        lay(trip, left)
        if state.carts[trip.cart]["where"] != "board":
            break  # one waiting trip at a time, so a cart goes out as soon as possible
    # 4. put out a cart whose track reaches far enough
    placed = []
    for trip in waiting if may_place else ():
        if left <= 0:
            break
        room = ahead(trip)
        if room >= min(len(trip.path), PLACE_AHEAD + 1) or room >= len(trip.path):
            entry = plan.setdefault(trip.cart, [None, [], 0])
            entry[0] = trip.place
            left -= 1
            placed.append(trip.cart)
            break
    options = {index: (entry[0], tuple(entry[1]), entry[2]) for index, entry in plan.items()}
    return Schedule(options, placed, left)


def _apply(tracks, op) -> None:
    kind, square, arg = op
    if kind == "lay":
        tracks[square] = arg
    else:
        tracks[square] = tracks.get(square, 0) | (1 << arg)
