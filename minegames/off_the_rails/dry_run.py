"""A dry-run of one cart's move: what the move would do, worked out without touching a game.

The planner tries many moves a turn (each mix of track, speed and junction ways), so it cannot
play them on copies of the game; :func:`drive` runs the move on plain data instead. Every rule of
a step comes from ``driving.py``, as in the game (``moving.py``); where the game would ask the
player, the dry-run answers with a junction policy and a gems ranking. The tests drive seeded
games for real against it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from . import board, driving
from .components import GEMS

Square = tuple[int, int]


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


#: how a junction is answered: a function of (square, came_from, ways, steps taken), the sides to
#: take at the junctions in order, or None (the first way)
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


def drive(square: Square, came_from: int, steps: int, load: Sequence[str], tracks: Mapping[Square, int],
          gems: Mapping[Square, Sequence[str]], chasm: Mapping[Square, Any] | set,
          others: Mapping[Square, Sequence[str]] = (),
          choose: Policy = None, bumper: bool = False, pick_key: Callable[[str], Any] = GEMS.index,
          start_side: int | None = None) -> MoveResult:
    """Dry-run one cart's move: a cart on ``square`` that came in by ``came_from`` moves ``steps``
    squares with ``load``. ``others`` maps the squares of the other carts on the board to their
    loads. At a junction the way is ``choose(square, came_from, ways, step)`` (or the next of a
    list of sides, or the first way); ``start_side`` is the way already chosen at a junction the
    cart stands on. Gems are picked up as the rules say, the choices going to the gems ranking
    highest by ``pick_key`` (the most valuable by default); a hit cart drops its cheapest gems.
    Nothing given is changed."""
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
    while left > 0:
        if start_side is not None:
            side, start_side = start_side, None
            result.junctions.append(side)
            result.junction_squares.append(square)
        else:
            ways = driving.exits(square, came_from, tracks)
            if not ways:
                _derail(result, square, load, deposit, driving.GOES_NOWHERE)
                break
            if len(ways) > 1:
                side = policy(square, came_from, ways, result.steps)
                if side not in ways:
                    side = ways[0]
                result.junctions.append(side)
                result.junction_squares.append(square)
            else:
                side = ways[0]
        kind, target, why = driving.step(square, side, tracks, chasm, others)
        if kind == driving.DERAIL:
            _derail(result, square, load, deposit, why)
            break
        if kind == driving.CRASH:
            _collide(result, square, side, target, load, list(others[target]), deposit, bumper)
            break
        square, came_from = target, board.opposite(side)
        left -= 1
        result.steps += 1
        result.squares.append(target)
        result.sides.append(side)
        result.end, result.came_from = square, came_from
        if kind == driving.DELIVER:
            result.delivered = driving.delivery(load)
            result.exit = target
            load.clear()
            result.outcome = "delivered"
            break
        here = changed.get(target) if target in changed else gems.get(target)
        if here:
            _pick_up(result, load, deposit(target), last=left == 0, pick_key=pick_key)
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


def _pick_up(result: MoveResult, load: list[str], pile: list[str], last: bool, pick_key) -> None:
    taken = driving.picks(pile, len(load), last, pick_key)
    for gem in taken:
        pile.remove(gem)
        load.append(gem)
        result.picked.append(gem)
    if last and taken:
        result.filled = True


def _collide(result: MoveResult, square: Square, side: int, target: Square, load: list[str], hit_load: list[str],
             deposit, bumper: bool) -> None:
    crash = driving.crash(load, hit_load, target, side, bumper)
    if crash.mover_came_from is not None:
        result.came_from = crash.mover_came_from
    dropped = driving.cheapest_first(hit_load, crash.drops)
    if dropped:
        deposit(target).extend(dropped)
    result.collision = Collision(square=target, mover_derailed=crash.mover_derails, hit_derailed=crash.hit_derails,
                                 dropped=dropped, hit_came_from=crash.hit_came_from)
    if crash.mover_derails:
        _derail(result, square, load, deposit, driving.CRASHED_EMPTY)
    result.outcome = "derailed" if crash.mover_derails else "collided"


class MergedGems(dict):
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


def others_of(state, index: int) -> dict[Square, list[str]]:
    """The squares and loads of every cart on the board but ``index``."""
    return {tuple(c["square"]): c["load"] for i, c in enumerate(state.carts) if i != index and c["where"] == "board"}


def dry_run_cart(state, index: int, choose: Policy = None, steps: int | None = None,
                 start_side: int | None = None, pick_key=GEMS.index) -> MoveResult:
    """Dry-run the move of cart ``index`` of a game as it stands (its speed, unless ``steps``)."""
    cart = state.carts[index]
    return drive(tuple(cart["square"]), cart["came_from"], cart["speed"] if steps is None else steps, cart["load"],
                 state.tracks, state.gems, state.chasm, others_of(state, index), choose,
                 state.options.bumper_carts, pick_key, start_side)
