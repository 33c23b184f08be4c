"""How carts run along the track: pure functions of the board, used by the rules, the planner
and the picture. A cart stands on a square and remembers the side it came in by; it may leave
by any other side its tile joins (a cart on the surface can only go back down).
"""

from __future__ import annotations

from typing import Mapping

from . import board
from .components import CART_CAPACITY, GEMS

Square = tuple[int, int]


def exits(square: Square, came_from: int, tracks: Mapping[Square, int]) -> tuple[int, ...]:
    """The sides a cart on ``square`` (having come in by ``came_from``) may leave by."""
    if board.is_surface(square):
        return (board.inward_side(square),)
    return tuple(side for side in board.sides_of(tracks.get(square, 0)) if side != came_from)


def blocked(square: Square, side: int, tracks: Mapping[Square, int], chasm) -> str | None:
    """Why a cart leaving ``square`` by ``side`` would derail (None: the way is open). Entering
    the surface is never blocked: that is a delivery."""
    target = board.neighbour(square, side)
    if board.is_surface(target):
        return None if not board.is_corner(target) else "the edge of the board"
    if not board.on_board(target):
        return "the edge of the board"
    if target in board.CENTRE_SQUARES:
        return "a mine's centre"
    if target in chasm:
        return "the chasm"
    if not tracks.get(target, 0) >> board.opposite(side) & 1:
        return "no track joining it"
    return None


def picks_passing(deposit: list[str], load_size: int) -> tuple[str, ...]:
    """The gems a cart passing a deposit could take (one, rocks first): the choices, or () if
    it takes nothing."""
    if load_size >= CART_CAPACITY or not deposit:
        return ()
    if "rock" in deposit:
        return ("rock",)
    return tuple(sorted(set(deposit), key=GEMS.index))


def fill_forced(deposit: list[str], load_size: int) -> tuple[list[str], int]:
    """Filling a cart that ends on a deposit: the gems taken without a choice (rocks first,
    then all the rest if they fit, or all of one kind when only one kind is left), and how many
    more the player must choose among the remaining jewels."""
    space = CART_CAPACITY - load_size
    rest = list(deposit)
    taken = []
    while space and "rock" in rest:
        rest.remove("rock")
        taken.append("rock")
        space -= 1
    if len(rest) <= space or len(set(rest)) <= 1:
        more = rest[:space]
        return taken + more, 0
    return taken, space


def best_first(gems, count: int) -> list[str]:
    """The ``count`` most valuable of ``gems`` (what is taken when gems are not chosen)."""
    return sorted(gems, key=GEMS.index, reverse=True)[:count]


def cheapest_first(gems, count: int) -> list[str]:
    return sorted(gems, key=GEMS.index)[:count]


def dropped_on_hit(load_size: int) -> int:
    """A hit cart drops half its gems, rounded up."""
    return (load_size + 1) // 2
