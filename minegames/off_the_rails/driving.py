"""How carts run along the track: the rules of the move phase as pure functions, written once.
The game (``moving.py``) applies them to a game and pauses for the players' choices; the dry-run
(``dry_run.py``) applies them to copies, answering the choices with a ranking; the planner and the
picture use the track functions.

A cart stands on a square and remembers the side it came in by; it may leave by any other side
its tile joins (a cart on the surface can only go back down). Each step, in this order: the way
must be open (track that joins, no chasm, no edge or mine centre), else the cart derails; then a
cart standing there makes it a crash; then the surface is a delivery; else the cart enters the
square and picks up gems there (docs/rules/off_the_rails.md, readings 5-12).
"""

from __future__ import annotations

from typing import Callable, Container, Mapping, NamedTuple, Sequence

from . import board
from .components import CART_CAPACITY, GEMS

Square = tuple[int, int]

# ---- the track ---------------------------------------------------------------------------------
#: the ways out of a tile (by mask) for a cart that came in by each side
_WAYS = tuple(tuple(tuple(side for side in board.sides_of(mask) if side != came) for came in range(4))
              for mask in range(16))
#: the one way down from each surface square
_INWARD = {(x, y): board.inward_side((x, y)) for x in range(board.SIZE) for y in range(board.SIZE)
           if board.is_surface((x, y))}


def exits(square: Square, came_from: int, tracks: Mapping[Square, int]) -> tuple[int, ...]:
    """The sides a cart on ``square`` (having come in by ``came_from``) may leave by (from tables:
    the planner asks this very often)."""
    inward = _INWARD.get(square)
    if inward is not None:
        return (inward,)
    return _WAYS[tracks.get(square, 0)][came_from]


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


# ---- a step ------------------------------------------------------------------------------------
DERAIL, CRASH, DELIVER, ENTER = "derail", "crash", "deliver", "enter"
#: why a cart derails when its tile has no way on, and when it crashes empty or is hit empty
GOES_NOWHERE = "its track goes nowhere"
CRASHED_EMPTY = "it was empty when it crashed"
HIT_EMPTY = "it was empty when it was hit"


class Step(NamedTuple):
    """What a cart leaving a square by a side does: ``kind`` is DERAIL (``why``), CRASH (into the
    cart on ``target``), DELIVER (``target`` is on the surface) or ENTER."""

    kind: str
    target: Square
    why: str = ""


def step(square: Square, side: int, tracks: Mapping[Square, int], chasm, carts: Container[Square]) -> Step:
    """One step of a move. ``carts``: the squares other carts stand on. The way must be open
    before a cart standing there makes it a crash."""
    target = board.neighbour(square, side)
    why = blocked(square, side, tracks, chasm)
    if why is not None:
        return Step(DERAIL, target, f"it ran into {why}")
    if target in carts:
        return Step(CRASH, target)
    if board.is_surface(target):
        return Step(DELIVER, target)
    return Step(ENTER, target)


def delivery(load: Sequence[str]) -> list[str]:
    """A delivered load as it is recorded: cheapest first."""
    return sorted(load, key=GEMS.index)


# ---- gems picked up ----------------------------------------------------------------------------
def real_choice(gems: Sequence[str], count: int) -> bool:
    """Whether taking (or dropping) ``count`` of ``gems`` is a choice: else it is the first
    ``count`` (all of them, or all of one kind)."""
    return count > 0 and len(gems) > count and len(set(gems)) > 1


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
    if not real_choice(rest, space):
        return taken + rest[:space], 0
    return taken, space


def pick_forced(deposit: list[str], load_size: int, last: bool) -> tuple[list[str], int]:
    """A cart entering a deposit (``last``: its move ends there): the gems it takes without a
    choice, and how many more the player chooses."""
    if last:
        return fill_forced(deposit, load_size)
    choices = picks_passing(deposit, load_size)
    return (list(choices), 0) if len(choices) <= 1 else ([], 1)


def complete_picks(deposit: Sequence[str], taken: list[str], count: int,
                   key: Callable[[str], object] = GEMS.index) -> list[str]:
    """``taken`` and the ``count`` gems of the rest of ``deposit`` ranking highest by ``key``
    (the most valuable by default): the choice made for a player who is not asked."""
    if not count:
        return taken
    rest = list(deposit)
    for gem in taken:
        rest.remove(gem)
    return taken + best_first(rest, count, key)


def picks(deposit: list[str], load_size: int, last: bool, key: Callable[[str], object] = GEMS.index) -> list[str]:
    """All the gems a cart entering a deposit takes, its choices going by ``key``."""
    taken, count = pick_forced(deposit, load_size, last)
    return complete_picks(deposit, taken, count, key)


def best_first(gems, count: int, key: Callable[[str], object] = GEMS.index) -> list[str]:
    """The ``count`` of ``gems`` ranking highest by ``key`` (the most valuable by default)."""
    return sorted(gems, key=key, reverse=True)[:count]


def cheapest_first(gems, count: int) -> list[str]:
    return sorted(gems, key=GEMS.index)[:count]


# ---- crashes -----------------------------------------------------------------------------------
class Crash(NamedTuple):
    """What a crash does: who derails, how many gems the hit cart drops (the player chooses which
    when there is a choice) and the carts' new facings (None: unchanged)."""

    mover_derails: bool
    hit_derails: bool
    drops: int
    mover_came_from: int | None
    hit_came_from: int | None


def crash(mover_load: Sequence[str], hit_load: Sequence[str], hit_square: Square, side: int,
          bumper_carts: bool) -> Crash:
    """A cart leaving its square by ``side`` runs into the cart on ``hit_square``: an empty cart
    derails (mover or hit); a loaded hit cart drops half its gems, rounded up (none with bumper
    carts); a loaded cart turns to face the other (not on the surface)."""
    mover_empty, hit_empty = not mover_load, not hit_load
    mover_came_from = None if mover_empty else side
    hit_came_from = None if hit_empty or board.is_surface(hit_square) else board.opposite(side)
    drops = 0 if hit_empty or bumper_carts else dropped_on_hit(len(hit_load))
    return Crash(mover_empty, hit_empty, drops, mover_came_from, hit_came_from)


def dropped_on_hit(load_size: int) -> int:
    """A hit cart drops half its gems, rounded up."""
    return (load_size + 1) // 2
