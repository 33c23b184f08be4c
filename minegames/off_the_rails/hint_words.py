"""What to weigh before a turn of Off the Rails: the first press of the app's hint.

A tutor would not start with the plan; they would set out what the plan has to balance: the
deposits each cart can reach and how soon (track to lay against squares to run at its speed),
what those gems are worth, how long before the chasm takes which squares, and which cart is
about to derail. :func:`weigh` works that out for one seat, from what the seat may see (the
board and ``view``: the hidden decks only by their sizes), with the rules' own helpers
(``driving``, ``routes``' track costs, ``app_support.route`` and ``chasm_clock``); the plan itself
(the second press) stays the planner's. Nothing here changes a game.
"""

from __future__ import annotations

import dataclasses
import heapq
import math
from fractions import Fraction
from typing import Optional

from . import app_support, board, driving
from .components import GEM_POINTS, GEMS, START_SPEED
from .routes import INF, NEIGHBOUR, OCCUPIED_COST, OPPOSITE, STEP_COST, TRACK, square_cost
from .wording import percent

__all__ = ["CartOutlook", "ChasmOutlook", "Reach", "Weighing", "weigh"]

Square = tuple[int, int]
#: actions a turn gives (the rules' four)
ACTIONS_PER_TURN = 4
#: deposits named per cart (the best by points a turn)
DEPOSITS_SHOWN = 2


@dataclasses.dataclass(frozen=True)
class Reach:
    """A goal as one cart could reach it: ``actions`` of track work (tiles, branches, putting the
    cart out), ``squares`` of travel, and about how many ``turns`` (1: this turn's move)."""

    square: Square
    gems: tuple[str, ...]
    points: int
    actions: int
    squares: int
    turns: int
    speed: int                          # the speed the turns are counted at
    falls_in: Optional[int] = None      # the fewest turns before the chasm may take the square


@dataclasses.dataclass(frozen=True)
class CartOutlook:
    """One of the seat's carts: where it is, what it carries, and its options."""

    index: int
    name: str
    where: str
    speed: int
    load: tuple[str, ...]
    load_points: int
    on_board: bool
    route: Optional[app_support.Route]  # where it would run if it moved now
    deposits: tuple[Reach, ...]         # the best few, most points a turn first
    home: Optional[Reach]               # the nearest surface square
    falls_in: Optional[int]             # the fewest turns before the chasm may take its square


@dataclasses.dataclass(frozen=True)
class ChasmOutlook:
    """The chasm's clock for this seat: ``phase`` as ``chasm_clock`` names it; ``earliest`` the
    first turn the Chasm card may end (quiet), ``by_next_turn`` the chance it has come by the end of
    the seat's next turn; ``turns_left`` / ``my_turns_left`` before the chasm begins; ``next_colours``
    the chance of each colour for the next token and ``edge`` the squares each may take next."""

    phase: str
    solo: bool
    earliest: Optional[int] = None
    by_next_turn: Fraction = Fraction(0)
    next_turn: Optional[int] = None
    turns_left: int = 0
    my_turns_left: int = 0
    next_colours: tuple[tuple[str, Fraction], ...] = ()
    edge: dict = dataclasses.field(default_factory=dict)
    rest_chance: Optional[Fraction] = None
    players: int = 1     # to say a turn's round ("round 3": every seat's third turn)

    def round_of(self, turn: int) -> int:
        return (turn - 1) // self.players + 1


@dataclasses.dataclass(frozen=True)
class Weighing:
    """Everything the first press of the hint sets out, and :meth:`lines` to say it."""

    turn: int
    phase: str
    actions_left: int
    carts: tuple[CartOutlook, ...]
    chasm: ChasmOutlook

    def lines(self) -> list[str]:
        """The explanation, a line per cart, then the chasm and the risk of derailing."""
        out = []
        if self.phase == "actions":
            out.append(f"You have {self.actions_left} action{_s(self.actions_left)} this turn; then every cart "
                       "on the board runs exactly its speed.")
        for cart in self.carts:
            out.append(_cart_line(cart))
        if not self.carts:
            out.append("No cart of yours is left to play: none is in the mine, and none can be put out.")
        out.append(_chasm_line(self.chasm))
        if not any(c.on_board for c in self.carts):
            return out
        risky = [c for c in self.carts if c.route is not None and c.route.outcome == "derailed"]
        crash = [c for c in self.carts if c.route is not None and c.route.outcome == "collided" and not c.load]
        bump = [c for c in self.carts if c.route is not None and c.route.outcome == "collided" and c.load]
        if bump:
            out.append(f"Crashes: {', '.join(c.name for c in bump)} would run into another cart if moved now; "
                       "the cart hit drops half its load, rounded up.")
        if risky or crash:
            names = ", ".join(c.name for c in risky + crash)
            out.append(f"Derailing: {names} would derail if moved now. A derailed cart loses its 3-point bonus "
                       "for good and leaves its load behind: lay the track ahead, or change its speed so the "
                       "move ends where the track does.")
        else:
            out.append("Derailing: no cart of yours would derail if it moved now. Keep it so: a cart runs exactly "
                       "its speed, and track that ends short, the chasm or a crash (an empty cart) derails it.")
        return out


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _turns(n: int) -> str:
    return "this turn" if n <= 1 else f"in about {n} turns"


def _reach_words(reach: Reach, gems: bool = True) -> str:
    work = f"{reach.actions} action{_s(reach.actions)}" if reach.actions else "no track work"
    what = f"{', '.join(reach.gems)} ({reach.points} point{_s(reach.points)}) on " if gems else ""
    risk = ""
    if reach.falls_in is not None and reach.falls_in <= reach.turns + 1:
        risk = (", but the chasm may take it at the end of this turn" if reach.falls_in <= 1
                else f", but the chasm may take it in {reach.falls_in} turns")
    return (f"{what}{board.square_name(reach.square)}: {work}, {reach.squares} square{_s(reach.squares)} "
            f"(at speed {reach.speed}: {_turns(reach.turns)}){risk}")


def _cart_line(cart: CartOutlook) -> str:
    load = (f"carrying {', '.join(cart.load)} ({cart.load_points} point{_s(cart.load_points)})" if cart.load
            else "empty")
    parts = [f"{cart.name[0].upper()}{cart.name[1:]} ({cart.where}; {load})."]
    if cart.route is not None:
        parts.append(f"If it moved now it {cart.route.words}.")
    if cart.falls_in is not None and cart.falls_in <= 2:
        when = "at the end of this turn" if cart.falls_in <= 1 else f"in {cart.falls_in} turns"
        parts.append(f"Its square may fall into the chasm {when}.")
    if cart.load and cart.home is not None:
        parts.append(f"Home to the surface: {_reach_words(cart.home, gems=False)}.")
    if cart.deposits:
        parts.append("Deposits within reach: " + "; ".join(_reach_words(r) for r in cart.deposits) + ".")
    elif not cart.load:
        parts.append("No deposit within reach.")
    return " ".join(parts)


def _chasm_line(chasm: ChasmOutlook) -> str:
    if chasm.phase == "quiet" and not chasm.solo:
        if chasm.earliest is None:
            return "The chasm sleeps."
        soon = (f" (a {percent(chasm.by_next_turn)} chance it has come by the end of your next turn, "
                f"in round {chasm.round_of(chasm.next_turn)})" if chasm.next_turn is not None and chasm.by_next_turn
                else "")
        return (f"The chasm sleeps: the Chasm card can come at the end of a turn in round "
                f"{chasm.round_of(chasm.earliest)} at the earliest"
                f"{soon}. After it every clan has one more turn, then one square of each mine falls and carts at the "
                "surface leave the mine.")
    if chasm.phase == "final turns":
        when = ("this is the last turn before it falls" if chasm.turns_left <= 1 else
                f"{chasm.turns_left} more turns before it falls, this one counted "
                f"({chasm.my_turns_left} of them yours)")
        return (f"The chasm wakes: {when}; "
                "then one hidden square of each mine falls and a square more each turn, next to a token of its "
                "colour. Carts at the surface then leave the mine; carts still below at the end derail.")
    colours = ", ".join(f"{colour} {percent(chance)}" for colour, chance in chasm.next_colours)
    edge = "; ".join(f"{colour}: {', '.join(board.square_name(s).split(' ')[0] for s in squares)}"
                     for colour, squares in chasm.edge.items() if squares)
    rest = (f" The Chasm card (chance {percent(chasm.rest_chance)}) would hold it back a turn."
            if chasm.solo and chasm.rest_chance else "")
    if not colours:
        return "The chasm has no tokens left to draw."
    return (f"The chasm spreads a square a turn. Next token: {colours}. Squares it may take next: "
            f"{edge or 'none'}.{rest}")


# ---- working it out ------------------------------------------------------------------------------
def _gem_points(gems) -> int:
    return sum(GEM_POINTS[g] for g in gems)


def _search(state, square: Square, came_from: int, occupied) -> tuple[dict, Optional[tuple]]:
    """From a cart on ``square`` facing away from ``came_from``: for every deposit square, the least
    (actions, squares) to stop on it, and the same for the nearest surface square. A Dijkstra over
    (square, side come in by), weighing an action 1 and a square of travel ``STEP_COST`` (a cart in
    the way ``OCCUPIED_COST`` more), as the planner's paths do."""
    tracks, chasm, gems = state.tracks, state.chasm, state.gems
    heap: list = []
    for out in driving.exits(square, came_from, tracks):
        ahead = NEIGHBOUR[square][out]
        if _enterable(ahead, chasm):
            heap.append((STEP_COST, 0, 1, ahead, OPPOSITE[out]))
    heapq.heapify(heap)
    done: set = set()
    deposits: dict[Square, tuple[float, int, int]] = {}
    home: Optional[tuple[float, int, int, Square]] = None
    while heap:
        weight, actions, squares, here, came_in = heapq.heappop(heap)
        if (here, came_in) in done:
            continue
        done.add((here, came_in))
        if board.is_surface(here):
            if home is None:
                home = (weight, actions, squares, here)
            continue
        mask = tracks.get(here)
        if gems.get(here) and here not in deposits:
            enter = 0 if mask is not None and mask >> came_in & 1 else (INF if here in occupied and mask else 1)
            if enter < INF:
                deposits[here] = (weight + enter, actions + enter, squares)
        extra = OCCUPIED_COST if here in occupied else 0.0
        for out in range(4):
            if out == came_in:
                continue
            cost = square_cost(tracks, occupied, here, came_in, out)
            ahead = NEIGHBOUR[here][out]
            if cost == INF or not _enterable(ahead, chasm):
                continue
            heapq.heappush(heap, (weight + cost + STEP_COST + extra, actions + int(cost), squares + 1, ahead,
                                  OPPOSITE[out]))
    return deposits, home


def _enterable(square: Square, chasm) -> bool:
    if board.is_surface(square):
        return not board.is_corner(square)
    return square in TRACK and square not in chasm


def _turns_needed(actions: int, squares: int, speed: int, left: int) -> int:
    """Turns (1: this one) until the track work is done and the cart has run that far at ``speed``."""
    work = 1 if actions <= left else 1 + math.ceil((actions - left) / ACTIONS_PER_TURN)
    return max(work, math.ceil(squares / max(speed, 1)))


def _chasm_reach(state) -> dict[Square, int]:
    """For each square, the fewest tokens (one a turn) before the chasm may take it: the steps from
    a fallen square of a colour that still has tokens (none before the chasm begins)."""
    tokens = state.tokens
    start = [s for s, colour in state.chasm.items() if tokens.get(colour, 0) > 0]
    if state.options.collapse_die:   # the die picks any square of the token's mine
        return {board.mine_square(c, n): 1 for c in board.CLANS if tokens.get(c, 0) > 0 for n in range(1, 9)
                if board.mine_square(c, n) not in state.chasm}
    dist: dict[Square, int] = {}
    frontier = list(start)
    level = 0
    seen = set(start)
    while frontier:
        level += 1
        nxt = []
        for square in frontier:
            for side in range(4):
                near = board.neighbour(square, side)
                if near in TRACK and near not in state.chasm and near not in seen:
                    seen.add(near)
                    dist[near] = level
                    nxt.append(near)
        frontier = nxt
    return dist


def _chasm_outlook(state, seat: int) -> ChasmOutlook:
    view = state.view(seat)
    options = state.options
    clock = app_support.chasm_clock(view, options)
    edge = {}
    if clock.phase == "collapsing" or options.solo:
        edge = {colour: tuple(state.token_squares(colour)) for colour, _ in clock.token_chances}
    if clock.phase == "quiet" and not options.solo:
        turns = [t for t, chance in clock.card_turns if chance > 0]
        earliest = min(turns) if turns else None
        next_turn = state.turn + options.players if state.current_player == seat else None
        by_next = sum((c for t, c in clock.card_turns if next_turn is not None and t <= next_turn), Fraction(0))
        return ChasmOutlook(clock.phase, False, earliest=earliest, by_next_turn=by_next, next_turn=next_turn,
                            players=options.players)
    if clock.phase == "final turns":
        mine = sum(1 for t in range(state.turn, state.turn + clock.turns_left)
                   if app_support.seat_of_turn(t, options) == seat)
        return ChasmOutlook(clock.phase, False, turns_left=clock.turns_left, my_turns_left=mine)
    return ChasmOutlook(clock.phase, options.solo, next_colours=clock.token_chances, edge=edge,
                        rest_chance=clock.rest_chance)


def weigh(state, seat: int) -> Weighing:
    """What ``seat`` should weigh now: its carts' options, the chasm's clock, the risk of derailing."""
    acting = state.phase == "actions" and state.current_player == seat
    left = state.actions_left if acting else 0
    occupied = {tuple(c["square"]) for c in state.carts if c["where"] == "board"}
    falls = _chasm_reach(state) if state.chasm_phase == "collapsing" or state.options.solo else {}
    carts = []
    for index in state.carts_of(seat):
        cart = state.carts[index]
        starts = []
        if cart["where"] == "board":
            starts.append((tuple(cart["square"]), cart["came_from"], cart["speed"], 0))
        elif cart["where"] == "supply" and not (state.options.solo and cart["derailed"]):
            for square in board.EXITS[cart["clan"]]:
                if square not in occupied:
                    starts.append((square, OPPOSITE[board.inward_side(square)], START_SPEED, 1))
        if not starts:
            continue
        best: dict[Square, tuple] = {}
        home = None
        for square, came_from, speed, put in starts:
            found, surface = _search(state, square, came_from, occupied - {square})
            for target, (weight, actions, squares) in found.items():
                key = (weight + put, actions + put, squares, speed)
                if target not in best or key < best[target]:
                    best[target] = key
            if cart["load"] and surface is not None and put == 0:
                weight, actions, squares, where = surface
                home = Reach(where, (), 0, actions, squares, _turns_needed(actions, squares, speed, left), speed)
        reaches = []
        for target, (_w, actions, squares, speed) in best.items():
            pile = tuple(sorted(state.gems[target], key=GEMS.index))
            points = _gem_points(pile)
            if points <= 0:
                continue
            reaches.append(Reach(target, pile, points, actions, squares,
                                 _turns_needed(actions, squares, speed, left), speed, falls.get(target)))
        reaches.sort(key=lambda r: (-r.points / r.turns, r.turns, r.actions, r.square))
        on_board = cart["where"] == "board"
        route = app_support.route(state, index) if on_board and not (state.phase == "move" and cart["moved"]) \
            else None
        where = (f"on {board.square_name(tuple(cart['square']))}, speed {cart['speed']}" if on_board
                 else f"in the supply: 1 action puts it out, at speed {START_SPEED}")
        carts.append(CartOutlook(index, state.cart_name(index), where,
                                 cart["speed"], tuple(cart["load"]), _gem_points(cart["load"]), on_board, route,
                                 tuple(reaches[:DEPOSITS_SHOWN]), home,
                                 falls.get(tuple(cart["square"])) if on_board else None))
    return Weighing(state.turn, state.phase, left, tuple(carts), _chasm_outlook(state, seat))
