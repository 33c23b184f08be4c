"""Off the Rails bots: ``random`` and ``planner`` (see ``planner.py``).

The random bot plays any legal action, but like a beginner rather than a monkey: it puts its carts
out, and most of the time it lays track just ahead of a cart (a tile that joins the way the cart
is coming), so its carts travel, fill up, collide and derail, and games reach the chasm with carts
still on the board. Uniform choices among a thousand ways to lay track would leave every cart in
the supply and most rules untried.
"""

from __future__ import annotations

import random

from . import board, driving, legal
from .actions import EndActions, PlaceTrack

#: how often the random bot lays track ahead of a cart, and puts out a cart it can
AHEAD_CHANCE, CART_CHANCE = 0.6, 0.5


def track_front(state, index: int, limit: int = 12):
    """The first square without track on a cart's way ahead (following forced ways, the first
    way at a junction), and the side the cart would come in by: (square, side) or None."""
    cart = state.carts[index]
    square, came_from = tuple(cart["square"]), cart["came_from"]
    for _ in range(limit):
        ways = driving.exits(square, came_from, state.tracks)
        if not ways:
            return None
        side = ways[0]
        target = board.neighbour(square, side)
        if target not in board.TRACK_SQUARE_SET or target in state.chasm:
            return None
        if target not in state.tracks:
            return target, board.opposite(side)
        if not state.tracks[target] >> board.opposite(side) & 1:
            return None
        square, came_from = target, board.opposite(side)
    return None


def tiles_joining(square, side: int) -> list[PlaceTrack]:
    """Ways to lay a straight or corner on ``square`` that join ``side`` (player filled in later)."""
    found = []
    for shape in board.PLACEABLE:
        for turn, mask in enumerate(board.SHAPE_MASKS[shape]):
            if mask >> side & 1:
                found.append((shape, turn))
    return [PlaceTrack(0, square[0], square[1], shape, turn) for shape, turn in found]


class RandomBot:
    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.random = random.Random(seed)

    def choose(self, state):
        if state.phase != "actions" or state.pending is not None:
            return self.random.choice(state.legal_actions())
        player = state.current_player
        carts = legal.cart_placements(state, player)
        if carts and self.random.random() < CART_CHANCE:
            return self.random.choice(carts)
        ahead = []
        for index in state.carts_of(player):
            if state.carts[index]["where"] == "board":
                front = track_front(state, index)
                if front is not None:
                    ahead += [PlaceTrack(player, a.x, a.y, a.shape, a.turn) for a in tiles_joining(*front)]
        ahead = [a for a in ahead if state.is_legal(a)]
        if ahead and self.random.random() < AHEAD_CHANCE:
            return self.random.choice(ahead)
        # the kind of action first (the thousand ways to lay a tile count as one kind)
        kinds = [legal.track_placements, legal.upgrades, legal.cart_placements, legal.speed_changes]
        self.random.shuffle(kinds)
        for kind in kinds[:self.random.randint(0, 4)]:
            found = kind(state, player)
            if found:
                return self.random.choice(found)
        return EndActions(player)


def make_bot(kind: str, seat: int, seed: int | None = None):
    if kind == "random":
        return RandomBot(seat, seed)
    if kind == "planner":
        from .planner import PlannerBot

        return PlannerBot(seat, seed)
    if kind == "one_turn":  # the planner before issue 20, for the benchmark (not offered in the app)
        from .planner import PlannerBot, plan_one_turn

        return PlannerBot(seat, seed, plan=plan_one_turn)
    raise ValueError(f"no {kind!r} bot")
