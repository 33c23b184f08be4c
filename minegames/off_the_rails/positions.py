"""Ways to get an Off the Rails game: a fresh one, a saved one, or a hand-made position.

``position`` deals the decks as a new game would, then lays out what a lesson or a test needs:
track, deposits, carts, chasm squares and stockpiles. Gems placed come out of the bag, so the
66 stay whole.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from minegames.core import OptionError, make_options

from . import board
from . import chasm as chasm_rules
from .components import (
    BAG_COUNTS, CART_CAPACITY, GEMS, MAX_SPEED, MIN_SPEED, MISSIONS, MISSIONS_FACE_UP, TILE_LIMITS,
)
from .deposits import build_decks
from .options import Options
from .state import COLLAPSING, ON_BOARD, OffTheRails

SIDE_LETTERS = "NESW"


def new_game(seed: int | None = None, players: int = 2, **options: Any) -> OffTheRails:
    """A new game; the seed fixes the decks, the missions and every draw from the bag."""
    return OffTheRails(make_options(Options, {"players": players, **options}), seed)


def load(json_text: str) -> OffTheRails:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return OffTheRails.from_json(json_text)


def track_mask(track: int | str) -> int:
    """A tile given as its sides' letters ("NS", "NES") or as a mask."""
    if isinstance(track, str):
        if not track or any(letter not in SIDE_LETTERS for letter in track.upper()):
            raise OptionError("tracks", f"a tile is the letters of its sides (N, E, S, W), got {track!r}")
        mask = sum(1 << SIDE_LETTERS.index(letter) for letter in set(track.upper()))
    else:
        mask = track
    try:
        board.shape_of(mask)
    except (ValueError, TypeError):
        raise OptionError("tracks", f"no track tile joins {track!r}") from None
    return mask


def position(tracks: Mapping[tuple[int, int], int | str] | None = None,
             gems: Mapping[tuple[int, int], Sequence[str]] | None = None,
             carts: Sequence[Mapping[str, Any]] = (), *, chasm: Mapping[tuple[int, int], str] | None = None,
             stockpiles: Sequence[Sequence[str]] = (), chasm_begun: bool = False, seed: int = 0,
             **options: Any) -> OffTheRails:
    """A game at the start of the first player's action phase, with chosen details.

    ``tracks``: {square: "NS" | "NE" | "NES" | ... or a mask} (with ``limited_tiles`` they come
out of the supply); ``gems``: {square: gems};
    ``carts``: dicts with ``player``, ``cart`` (its number), ``at`` (a square), ``came_from``
    (the side letter it came in by; on the surface it is ignored), and optionally ``speed`` and
    ``load``; ``chasm``: {square: colour}; ``stockpiles``: gems per player; ``chasm_begun``: the
    chasm tokens are being drawn. Other keywords are options. No deposit is made at setup
    unless ``gems`` is left out.
    """
    opts = make_options(Options, {"players": 2, **options})
    game = OffTheRails._blank(opts, seed)
    game.num_players = opts.players
    game._blank_tables()
    decks = build_decks(opts, game.rng)
    game.deposit_deck, game.chasm_deck, game.removed = decks.deposit, decks.chasm, decks.removed
    if not opts.solo:
        game.mission_deck = game._shuffled([m.id for m in MISSIONS])
        game.missions_up = [game.mission_deck.pop() for _ in range(MISSIONS_FACE_UP)]
    for square, track in (tracks or {}).items():
        game.tracks[tuple(square)] = track_mask(track)
    if opts.limited_tiles:
        _take_tiles(game)
    if gems is None:
        for card in decks.revealed:
            chasm_rules.make_deposit(game, card)
    else:
        for square, placed in gems.items():
            for gem in placed:
                _take_from_bag(game, gem)
            if placed:
                game.gems[tuple(square)] = list(placed)
    for square, colour in (chasm or {}).items():
        if colour not in board.CLANS:
            raise OptionError("chasm", f"a chasm token is red, yellow, blue or green, not {colour!r}")
        game.tokens[colour] -= 1
        game.tokens_out += 1
        game.chasm[tuple(square)] = colour
    for seat, stock in enumerate(stockpiles):
        for gem in stock:
            _take_from_bag(game, gem)
        game.players[seat]["stockpile"] = list(stock)
    for given in carts:
        _place(game, given)
    if chasm_begun or opts.solo:
        game.chasm_phase, game.collapse_turn = COLLAPSING, 0
    game._start_lesson_position(1, "a position set up by hand")
    return game


def _take_tiles(game: OffTheRails) -> None:
    """With a capped supply, the tiles laid by hand come out of it, as tiles laid in play do."""
    laid = Counter(board.shape_of(mask) for mask in game.tracks.values())
    for shape, count in sorted(laid.items()):
        if count > game.tiles[shape]:
            raise OptionError("tracks", f"the box holds {TILE_LIMITS[shape]} {shape} tiles "
                                        f"(limited_tiles); this position lays {count}")
        game.tiles[shape] -= count


def _take_from_bag(game: OffTheRails, gem: str) -> None:
    if gem not in GEMS:
        raise OptionError("gems", f"the gems are {', '.join(GEMS)}, not {gem!r}")
    if game.bag.count(gem) <= 0:
        raise OptionError("gems", f"the bag holds only {BAG_COUNTS[gem]} {gem}s")
    game.bag.take(gem)


def _place(game: OffTheRails, given: Mapping[str, Any]) -> None:
    index = game.cart_index(given.get("player", 0), given.get("cart", 0))
    if index is None or game.carts[index]["where"] == ON_BOARD:
        raise OptionError("carts", f"no such cart, or given twice: {dict(given)!r}")
    square = tuple(given["at"])
    load = list(given.get("load", ()))
    for gem in load:
        _take_from_bag(game, gem)
    came_from = given.get("came_from", "S")
    if came_from not in SIDE_LETTERS or len(came_from) != 1:
        raise OptionError("carts", f"came_from is one of N, E, S, W, not {came_from!r}")
    speed = given.get("speed", 3)
    if not (isinstance(speed, int) and MIN_SPEED <= speed <= MAX_SPEED) or len(load) > CART_CAPACITY:
        raise OptionError("carts", f"speed is 1-6 and a cart holds at most 5 gems: {dict(given)!r}")
    side = SIDE_LETTERS.index(came_from)
    if board.is_surface(square):
        side = board.opposite(board.inward_side(square))
    game.carts[index].update(where=ON_BOARD, square=list(square), came_from=side, speed=speed, load=load,
                             placed=True, derailed=bool(given.get("derailed", False)))
