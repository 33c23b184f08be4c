"""A plan in words: the hint the app shows ("lay a corner on F5, speed up the 2 cart to 4: the
2 cart delivers ruby, gold (4 points) at L1 (red exit)"). Kept apart from the planner, which
only says what to do, so the wording can change without touching a decision.
"""

from __future__ import annotations

from . import board
from .components import GEM_POINTS, GEMS
from .plan_ahead import Aim
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


def _turns(turns: float) -> str:
    count = max(1, round(turns))
    return f"about {count} turn{'s' if count != 1 else ''}"


def _gems(gems) -> str:
    """Gems the most valuable first, rocks last."""
    return ", ".join(sorted(gems, key=GEMS.index, reverse=True))


def aim_words(state, index: int, aim: Aim, load, eligible: bool, square) -> str:
    """One cart's aim over the coming turns ("bring the white cart to the ruby at F5 (about 2
    turns), then home before the chasm"); ``square``: where it stands after this turn's move."""
    name = cart_name(state, index)
    quiet = state.chasm_phase == "quiet"
    home = "out of the mine" if state.chasm_phase == "collapsing" else "home"
    if aim.kind == "deposit":
        gems = [g for g in aim.pile if g != "rock"] or list(aim.pile)
        return (f"bring {name} to the {_gems(gems)} at {board.square_name(aim.square)} ({_turns(aim.there)}), "
                f"then {home}{' before the chasm' if quiet else ''}")
    if aim.out <= 0.0:
        return f"{name} cannot get {home} before the end"
    if load:
        return f"bring {name} {home} with {_gems(load)} ({_turns(aim.turns)})"
    if board.is_surface(square):
        return f"{name} is on the surface with no deposit it could bring home in time"
    bonus = " for its bonus" if eligible else ""
    return f"bring {name} {home}{bonus} ({_turns(aim.turns)}): no deposit it could bring home in time"


def with_this_turn(head: str, plan) -> str:
    """The coming turns' words, then this turn's ("This turn: ..."), and the points expected only
    when the move delivers some."""
    text = f"{head} This turn: {plan.text}."
    if plan.points:
        text += f" Expected this turn: {plan.points} point{'s' if plan.points != 1 else ''}."
    return text


def coming_turns_words(state, aims: dict, plan, extra=()) -> str:
    """A plan with other players in words: each cart's aim after this turn's move (``aims``: by
    cart index, the aim and the cart as the move leaves it), then this turn (``plan.text`` is this
    turn's wording when called)."""
    parts = []
    for index, move in plan.moves.items():
        if move.outcome == "delivered" and state.chasm_phase == "collapsing":
            parts.append(f"{cart_name(state, index)} leaves the mine this turn")
    for index, (aim, now) in aims.items():
        parts.append(aim_words(state, index, aim, now.load, now.eligible, now.square))
    parts += list(extra)
    head = ("Over the coming turns: " + "; ".join(parts) + ".") if parts else "Over the coming turns: nothing to aim at."
    return with_this_turn(head, plan)
