"""A plan in words: the hint the app shows ("lay a corner on F4, speed up the 2 cart to 4: the
2 cart delivers ruby, gold (4 points) at L0 (red exit)"). Kept apart from the planner, which
only says what to do, so the wording can change without touching a decision.
"""

from __future__ import annotations

from . import board
from .components import GEM_POINTS
from .dry_run import MoveResult


def cart_name(state, index: int) -> str:
    """A cart as the hint names it: by its clan in the solo game, else by its die."""
    cart = state.carts[index]
    return f"the {cart['clan']} cart" if state.options.solo else f"the {cart['die']} cart"


def describe_move(state, index: int, move: MoveResult) -> str:
    """What a planned move of cart ``index`` does, with the ways it takes at junctions."""
    name = cart_name(state, index)
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
        escape = " and leaves the mine" if state.chasm_phase == "collapsing" else ""
        return f"{name} {what} at {where}{escape}"
    if move.outcome == "collided":
        return f"{name} runs into the cart on {board.square_name(move.collision.square)}"
    if move.filled:
        label = board.square_name(move.squares[-1])
        return f"{name} fills at {label} with {len(move.picked)} gems"
    if move.picked:
        return f"{name} picks up {', '.join(move.picked)} and stops on {board.square_name(move.end)}"
    return f"{name} moves {move.steps} square{'s' if move.steps != 1 else ''} to {board.square_name(move.end)}"
