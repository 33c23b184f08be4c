"""Read-only helpers for the Off the Rails app (``widgets/off_the_rails.py``): the tiles and
upgrades a square offers with the model's reason for each one refused, the carts a player can put
out or speed up, where a cart would run if it moved now, what a seat may know of the bag, and the
chasm's clock.

Nothing here changes a state or adds a rule: every answer comes from the model's own modules
(``legal``'s refusals, ``driving``, ``analysis``, ``scoring``) applied to the state or to what
``view(seat)`` shows, so a person never sees more than their seat may. No widgets are imported.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence

from . import analysis, board, legal, scoring
from .actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken, PlaceTrack, Turn,
    Upgrade, a_gem,
)
from .components import BAG_COUNTS, GEM_POINTS, GEMS, JEWELS, TOKENS_PER_COLOUR

Square = tuple[int, int]

#: Box-drawing glyphs of every tile, by the mask of the sides it joins (for buttons and words).
TILE_GLYPHS = {0b0101: "│", 0b1010: "─", 0b0011: "└", 0b0110: "┌", 0b1100: "┐", 0b1001: "┘",
               0b0111: "├", 0b1110: "┬", 0b1101: "┤", 0b1011: "┴", 0b1111: "┼"}
#: Every tile that may be laid, in button order: (shape, turn).
LAYS = tuple((shape, turn) for shape in board.PLACEABLE for turn in range(len(board.SHAPE_MASKS[shape])))


def sides_words(mask: int) -> str:
    return "–".join(board.SIDE_NAMES[s] for s in board.sides_of(mask))


def tile_words(mask: int) -> str:
    """'corner north–east', 'T north–east–south'."""
    return f"{board.shape_of(mask)} {sides_words(mask)}"


# ---- laying and upgrading ----------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class TileChoice:
    """One way to lay a tile on a square: ``joins`` counts its sides that meet track (or the
    surface) coming the other way, ``dead`` its sides that run into what no cart can cross."""

    shape: str
    turn: int
    mask: int
    refusal: Optional[str]
    joins: int
    dead: int

    def action(self, player: int, square: Square) -> PlaceTrack:
        return PlaceTrack(player, square[0], square[1], self.shape, self.turn)

    @property
    def glyph(self) -> str:
        return TILE_GLYPHS[self.mask]

    @property
    def words(self) -> str:
        return tile_words(self.mask)


def side_meets(state, square: Square, side: int) -> str:
    """What a tile's side on ``square`` would meet: ``"join"`` (track or the surface leading back),
    ``"dead"`` (a mine's centre, the chasm, a corner, the edge, or track turned away) or ``"open"``."""
    near = board.neighbour(square, side)
    if not board.on_board(near) or board.is_corner(near) or near in board.CENTRE_SQUARES or near in state.chasm:
        return "dead"
    if board.is_surface(near):
        return "join"
    mask = state.tracks.get(near)
    if mask is None:
        return "open"
    return "join" if mask >> board.opposite(side) & 1 else "dead"


def tile_choices(state, square: Square) -> list[TileChoice]:
    """The six tiles that can be laid, each with the model's refusal (None: it may be laid), the
    likeliest first: those allowed, then the most joins, then the fewest dead ends."""
    meets = [side_meets(state, square, side) for side in range(4)]
    found = []
    for shape, turn in LAYS:
        mask = board.SHAPE_MASKS[shape][turn]
        sides = board.sides_of(mask)
        found.append(TileChoice(shape, turn, mask, legal.track_refusal(state, square, shape, turn),
                                sum(meets[s] == "join" for s in sides), sum(meets[s] == "dead" for s in sides)))
    order = {lay: k for k, lay in enumerate(LAYS)}
    return sorted(found, key=lambda c: (c.refusal is not None, -c.joins, c.dead, order[(c.shape, c.turn)]))


@dataclasses.dataclass(frozen=True)
class UpgradeChoice:
    side: int
    mask: int            # the tile after the upgrade
    refusal: Optional[str]

    def action(self, player: int, square: Square) -> Upgrade:
        return Upgrade(player, square[0], square[1], self.side)


def upgrade_choices(state, square: Square) -> list[UpgradeChoice]:
    """A branch to each side the tile lacks, with the model's refusal; [] where there is no tile."""
    mask = state.tracks.get(square)
    if mask is None:
        return []
    return [UpgradeChoice(side, mask | 1 << side, legal.upgrade_refusal(state, square, side))
            for side in range(4) if not mask >> side & 1]


# ---- carts -------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class StartChoice:
    number: int
    start: int
    square: Square
    refusal: Optional[str]

    def action(self, player: int) -> PlaceCart:
        return PlaceCart(player, self.number, self.start)


def start_choices(state, player: int, number: int) -> list[StartChoice]:
    """Where cart ``number`` could be put out (its clan's two start squares), with the refusals."""
    index = state.cart_index(player, number)
    clan = state.carts[index]["clan"]
    return [StartChoice(number, start, board.EXITS[clan][start], legal.cart_refusal(state, player, number, start))
            for start in (0, 1)]


def start_at(state, player: int, square: Square) -> Optional[StartChoice]:
    """The cart of ``player`` a click on start square ``square`` would put out: the first that may
    go there, else (with its refusal) the first in the supply whose start it is, else the first
    whose start it is, else None."""
    mine = [c for number in range(len(state.carts_of(player))) for c in start_choices(state, player, number)
            if c.square == square]
    in_supply = [c for c in mine if state.carts[state.cart_index(player, c.number)]["where"] == "supply"]
    return next((c for c in mine if c.refusal is None), (in_supply or mine or [None])[0])


def cart_words(state, index: int) -> str:
    """A cart's state for people: where it is, its speed and load."""
    cart = state.carts[index]
    load = ", ".join(sorted(cart["load"], key=GEMS.index)) or "empty"
    if cart["where"] == "board":
        return f"on {board.square_name(tuple(cart['square']))}, speed {cart['speed']}, {load}"
    if cart["where"] == "supply":
        return "in the supply" + (" (derailed)" if cart["derailed"] else "")
    return {"escaped": "out of the mine, safe", "lost": "lost in the chasm"}.get(cart["where"], cart["where"])


# ---- where a cart would go ----------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Route:
    """A cart's move as it would run now, up to the first junction where its owner chooses."""

    start: Square
    squares: tuple[Square, ...]
    outcome: str        # "moved", "delivered", "derailed", "collided" or "junction"
    words: str


def _dry_run():
    """The planner's dry-run, when the planner is there (the app works without it)."""
    try:
        from .planner import dry_run_cart
    except ImportError:
        return None
    return dry_run_cart


def route(state, index: int, *, steps: Optional[int] = None, start_side: Optional[int] = None) -> Optional[Route]:
    """Where cart ``index`` would go if it moved now (``steps``: the steps left, ``start_side``: the
    way chosen at the junction it stands on). None without the planner's dry-run."""
    dry_run_cart = _dry_run()
    cart = state.carts[index]
    if dry_run_cart is None or cart["where"] != "board":
        return None
    result = dry_run_cart(state, index, steps=steps, start_side=start_side)
    start = tuple(cart["square"])
    squares = [tuple(s) for s in result.squares]
    junctions = [tuple(s) for s in result.junction_squares]
    if start_side is not None and junctions and junctions[0] == start:
        junctions = junctions[1:]
    if junctions:
        cut = squares.index(junctions[0]) + 1 if junctions[0] in squares else len(squares)
        where = board.square_name(junctions[0])
        return Route(start, tuple(squares[:cut]), "junction",
                     f"runs {cut} square{'s' if cut != 1 else ''} to the junction on {where}, where you choose the way")
    end = board.square_name(squares[-1]) if squares else board.square_name(start)
    if result.outcome == "delivered":
        load = ", ".join(result.delivered) or "nothing"
        words = f"reaches the surface at {board.square_name(tuple(result.exit))} and delivers {load}"
    elif result.outcome == "derailed":
        words = f"derails: {result.why}"
    elif result.outcome == "collided":
        hit = result.collision.square
        words = f"runs into the cart on {board.square_name(tuple(hit))} and stops on {end}"
    else:
        picked = f", picking up {', '.join(result.picked)}" if result.picked else ""
        words = f"ends on {end}{picked}"
    return Route(start, tuple(squares), result.outcome, words)


@dataclasses.dataclass(frozen=True)
class Way:
    side: int
    square: Square          # the square the cart would enter
    route: Optional[Route]  # the rest of the move that way

    def action(self, player: int) -> Turn:
        return Turn(player, self.side)


def junction_ways(state) -> list[Way]:
    """At a junction (``pending`` kind "turn"): each way, the square beyond and the move that way."""
    pending = state.pending
    if pending is None or pending["kind"] != "turn" or state.driving is None:
        return []
    index, steps = state.driving["cart"], state.driving["steps"]
    here = tuple(state.carts[index]["square"])
    return [Way(side, board.neighbour(here, side), route(state, index, steps=steps, start_side=side))
            for side in pending["sides"]]


# ---- what a seat knows ------------------------------------------------------------------------
def bag_from_view(view: Mapping[str, Any]) -> dict[str, int]:
    """The bag's contents as any seat can count them: the 66 gems less every gem in sight (on the
    board, in carts, in stockpiles, lost in the chasm). ``view`` shows only the bag's size."""
    counts = dict(BAG_COUNTS)
    seen = [g for _, _, gems in view["gems"] for g in gems]
    seen += [g for cart in view["carts"] for g in cart["load"]]
    seen += [g for player in view["players"] for g in player["stockpile"]]
    seen += list(view["lost"])
    for gem in seen:
        counts[gem] -= 1
    return counts


@lru_cache(maxsize=256)
def _deposit_outlook(bag: tuple[tuple[str, int], ...], draws: int) -> tuple[Fraction, Fraction]:
    counts = dict(bag)
    return (analysis.expected_deposit_value(draws, counts), analysis.chance_of_at_least_one(draws, "diamond", counts))


def deposit_outlook(bag: Mapping[str, int], draws: int) -> tuple[Fraction, Fraction]:
    """A deposit of ``draws`` gems from ``bag``: its exact expected points and the chance it holds a
    diamond."""
    if sum(bag.values()) == 0:
        return Fraction(0), Fraction(0)
    return _deposit_outlook(tuple(sorted(bag.items())), draws)


@dataclasses.dataclass(frozen=True)
class ChasmClock:
    """The chasm's progress as a seat sees it. ``card_turns``: before the Chasm card, the turns it
    may come in with the exact chance of each, given the cards drawn so far; ``turns_left``: in the
    last round, the turns before the chasm begins (this one counted); ``token_chances``: once the
    tokens are drawn, the chance the next is each colour; ``rest_chance``: solo, the chance the next
    card holds the chasm back a turn."""

    phase: str
    card_turns: tuple[tuple[int, Fraction], ...] = ()
    turns_left: int = 0
    tokens_left: Mapping[str, int] = dataclasses.field(default_factory=dict)
    token_chances: tuple[tuple[str, Fraction], ...] = ()
    rest_chance: Optional[Fraction] = None

    @property
    def tokens_out(self) -> int:
        return TOKENS_PER_COLOUR * len(board.CLANS) - sum(self.tokens_left.values())


def chasm_clock(view: Mapping[str, Any], options) -> ChasmClock:
    """The chasm's clock from ``view`` (only the sizes of the hidden decks are used).

    Before the Chasm card: each deposits phase draws one card and turn ``t`` has the ``t``-th
    deposits phase, so the Chasm card comes in turn ``t`` with the chance
    ``analysis.chasm_draw_distribution`` gives, conditioned on its not being among the
    ``len(drawn)`` cards drawn so far."""
    tokens = dict(view["tokens"])
    phase = view["chasm_phase"]
    left = sum(tokens.values())
    colours = tuple((c, Fraction(n, left)) for c, n in tokens.items() if n) if left else ()
    if options.solo:
        deck = view["deposit_deck"]
        rest = Fraction(1, deck) if deck else Fraction(0)
        return ChasmClock(phase, tokens_left=tokens, token_chances=colours, rest_chance=rest)
    if phase == "quiet":
        done = len(view["drawn"])
        spread = {t: c for t, c in analysis.chasm_draw_distribution(options.players, options.deck_length).items()
                  if t > done}
        total = sum(spread.values(), Fraction(0))
        turns = tuple(sorted((t, c / total) for t, c in spread.items())) if total else ()
        return ChasmClock(phase, card_turns=turns, tokens_left=tokens)
    if phase == "final turns":
        return ChasmClock(phase, turns_left=view["final_turns_left"], tokens_left=tokens)
    return ChasmClock(phase, tokens_left=tokens, token_chances=colours)


def seat_of_turn(turn: int, options) -> int:
    """Whose turn ``turn`` is (turns are counted over the table, the first player's first)."""
    return (options.first_player + turn - 1) % options.players


def stockpile_counts(stockpile: Sequence[str]) -> dict[str, int]:
    return {gem: stockpile.count(gem) for gem in GEMS if gem in stockpile}


def solo_tally(state) -> dict[str, Any]:
    """The solo game's tally: jewels delivered at the matching exits and at any, and the standing."""
    return {"matched": scoring.matched_deliveries(state), "delivered": scoring.delivered(state),
            "standing": scoring.solo_standing(state),
            "carts": sum(1 for c in state.carts if c["where"] == "board"
                         or (c["where"] == "supply" and not c["derailed"]))}


# ---- words ---------------------------------------------------------------------------------------
def square_words(state, square: Square) -> str:
    """What stands on a square, for its tooltip and the app's square panel."""
    parts = [board.square_name(square)]
    if square in board.CENTRE_SQUARES:
        colour = next(c for c, centre in board.MINE_CENTRES.items() if centre == square)
        return f"the centre of the {colour} mine: no track, no cart"
    if board.is_corner(square):
        return f"{parts[0]}: a corner of the surface"
    if square in state.chasm:
        parts.append(f"fallen into the chasm ({state.chasm[square]} token)")
    elif board.is_surface(square):
        parts.append("the surface")
    mask = state.tracks.get(square)
    if mask:
        parts.append(f"{tile_words(mask)} track")
    elif square in board.TRACK_SQUARE_SET and square not in state.chasm:
        parts.append("no track yet")
    gems = state.gems.get(square)
    if gems:
        parts.append("gems: " + ", ".join(sorted(gems, key=GEMS.index)))
    cart = state.cart_at(square)
    if cart is not None:
        parts.append(f"{state.cart_name(cart)} ({cart_words(state, cart)})")
    return parts[0] + ": " + "; ".join(parts[1:]) if len(parts) > 1 else parts[0]


def gem_words(gem: str) -> str:
    return f"{a_gem(gem)} ({GEM_POINTS[gem]} point{'s' if GEM_POINTS[gem] != 1 else ''})"


def action_words(state, action) -> str:
    """An action in a person's words (buttons, the hint, Undo's report)."""
    if isinstance(action, PlaceTrack):
        mask = board.SHAPE_MASKS[action.shape][action.turn]
        return f"lay a {tile_words(mask)} {TILE_GLYPHS[mask]} on {board.square_name((action.x, action.y))}"
    if isinstance(action, Upgrade):
        return f"upgrade {board.square_name((action.x, action.y))} with a branch {board.SIDE_NAMES[action.side]}"
    if isinstance(action, (PlaceCart, ChangeSpeed, Drive)):
        index = state.cart_index(action.player, action.cart)
        name = state.cart_name(index) if index is not None else f"cart {action.cart + 1}"
        if isinstance(action, PlaceCart):
            where = board.square_name(board.EXITS[state.carts[index]["clan"]][action.start])
            return f"put {name} out on {where}"
        if isinstance(action, ChangeSpeed):
            return f"{'speed up' if action.change > 0 else 'slow down'} {name}"
        return f"move {name}"
    if isinstance(action, Turn):
        return f"go {board.SIDE_NAMES[action.side]}"
    if isinstance(action, Pick):
        return f"pick up {gem_words(action.gem)}"
    if isinstance(action, Drop):
        return f"drop {gem_words(action.gem)}"
    if isinstance(action, PlaceToken):
        return f"put the chasm token on {board.square_name((action.x, action.y))}"
    if isinstance(action, EndActions):
        return "end the actions"
    if isinstance(action, (DrawCard, DrawToken)):
        return str(action)
    return str(action)


def action_squares(actions: Sequence) -> list[Square]:
    """The squares a list of actions lays track on or upgrades (the hint's squares)."""
    return [(a.x, a.y) for a in actions if isinstance(a, (PlaceTrack, Upgrade))]


__all__ = ["TILE_GLYPHS", "LAYS", "JEWELS", "tile_choices", "upgrade_choices", "start_choices", "start_at",
           "route", "junction_ways", "bag_from_view", "deposit_outlook", "chasm_clock", "solo_tally",
           "square_words", "action_words"]
