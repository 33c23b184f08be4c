"""What the Off the Rails lessons need from the model: the helper code behind
``lesson_1_rules`` (notebooks/off_the_rails_1_rules.ipynb) and ``lesson_2_chances``
(notebooks/off_the_rails_2_chances.ipynb), whose modules hold the lessons' questions and plans.

Plain model code, no widgets, so a lesson notebook's first cell only imports:

* **pictures**: :func:`picture` draws a game as the model does (``_repr_svg_``), with the
  squares' column letters and row numbers round the edge, and can close in on a few squares;
* **scenes**: :func:`played` plays something on a game and returns what the log said and the
  board afterwards as one piece of HTML (what a lesson shows when a button is pressed);
* **narration**: :func:`narrate` plays actions and prints the game log's new lines (and where a
  cart has got to once its move is over), :func:`try_to` shows a refusal and the reason the rules give,
  :func:`choices` lists the legal moves, :func:`drive` ends the actions and moves carts,
  :func:`play_quietly` lets the deposit deck run down, :func:`let_bots_play` hands the table to bots;
* **boards**: one hand-made position per rule (:func:`track_board`, :func:`column_board`,
  :func:`junction_board`, :func:`deposit_board`, :func:`full_cart_board`, :func:`crash_board`,
  :func:`same_owner_board`, :func:`delivery_board`, :func:`token_board`, :func:`scoring_board`,
  :func:`solo_board`), each a :func:`.positions.position`. Where a board needs a particular card
  or token to turn up, :func:`first_seed` asks the seeds in order, so nothing is forced by hand;
* **exact answers** for the exercises, read off the model by playing on a copy (:func:`moved`):
  :func:`ways_to_lay`, :func:`ways_to_upgrade`, :func:`actions_to_top_speed`, :func:`move_result`,
  :func:`ending_squares`, :func:`load_after_move`, :func:`gems_left_on`, :func:`dropped_in_crash`,
  :func:`derailed_by_move`, :func:`score_after_move`, :func:`missions_claimed`,
  :func:`gems_on_every_card`, :func:`turns_after_chasm_card`, :func:`solo_outcome`;
* **the chasm clock and the bag** for the probability half: :func:`count_cases` (every equally
  likely case of the deck building, followed through), :func:`deck_bottom_up`,
  :func:`simulate_before_chasm`, :func:`simulate_chasm_phases` and :func:`simulate_deposits`, all
  seeded with the game's own generator so the notebook prints the same numbers every run.

The board layout and the mission cards are this project's own design (docs/rules/off_the_rails.md);
tests/unit/off_the_rails/test_otr_lessons.py checks every board and answer against the rules.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from itertools import product
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from minegames.core import Bag, IllegalActionError, make_rng
from minegames.core import play as core_play
from minegames.core import svg

from . import board, render, scoring
from .actions import ChangeSpeed, DrawToken, Drive, EndActions, PlaceCart, PlaceTrack, Turn, Upgrade
from .components import BAG_COUNTS, DEPOSIT_CARDS, GEMS, MAX_SPEED
from .deposits import CHASM_FROM_BOTTOM, build_decks
from .options import Options
from .positions import new_game, position
from .state import OffTheRails

Out = Callable[[str], Any]
Square = tuple[int, int]


def _quiet(_line: str) -> None:
    return None

# ---------------------------------------------------------------------------
# Squares the boards use (names as the model prints them: column letter, row number)
# ---------------------------------------------------------------------------

RED_START = board.EXITS["red"][0]     # D1, where the red clan's first start square is
COLUMN_X = RED_START[0]               # the boards' track runs down column D


def name(square: Square) -> str:
    """A square as the model names it: "D4", "E5 (red 1)", "D1 (red exit)"."""
    return board.square_name(tuple(square))


def column(top: int, bottom: int, x: int = COLUMN_X) -> dict[Square, str]:
    """Straight north-south track on column ``x`` from ``y = top`` to ``y = bottom`` (coordinates from 0:
    ``column(1, 3)`` is D2 to D4)."""
    return {(x, y): "NS" for y in range(top, bottom + 1)}


# ---------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------

LABEL_BAND = 16  # drawing units round a picture for the column letters and row numbers


def _region(around: Iterable[Square], margin: int) -> tuple[int, int, int, int]:
    squares = [tuple(s) for s in around]
    if not squares:
        raise ValueError("give at least one square to close in on")
    return (max(0, min(x for x, _ in squares) - margin), max(0, min(y for _, y in squares) - margin),
            min(board.SIZE - 1, max(x for x, _ in squares) + margin),
            min(board.SIZE - 1, max(y for _, y in squares) + margin))


def _labels(x0: int, y0: int, x1: int, y1: int, letters_y: float) -> list[str]:
    """Column letters (in a band whose top is at ``letters_y``) and row numbers (left of column x0)."""
    cell, left, top = render.CELL, render.MARGIN, render.HEADER
    vx = left + x0 * cell - LABEL_BAND
    parts = [svg.text(left + x * cell + cell / 2, letters_y + LABEL_BAND - 4, board.column_letter(x), size=10,
                      anchor="middle", fill=svg.MUTED) for x in range(x0, x1 + 1)]
    parts += [svg.text(vx + LABEL_BAND - 3, top + y * cell + cell / 2 + 4, board.row_number(y), size=10,
                       anchor="end", fill=svg.MUTED) for y in range(y0, y1 + 1)]
    return parts


def picture(game: OffTheRails, around: Iterable[Square] | None = None, margin: int = 1,
            width: float | None = None) -> str:
    """The game drawn as the model draws it, with column letters and row numbers round the board.

    ``around=None``: the whole board and the side panel (the model's own ``_repr_svg_``, letters
    added underneath). ``around``: a close-up of those squares and ``margin`` more round them,
    drawn square by square with the model's renderer (a small picture, no side panel)."""
    cell, left, top = render.CELL, render.MARGIN, render.HEADER
    if around is None:
        drawing = render.state_svg(game)
        x1 = y1 = board.SIZE - 1
        vx, vy = left - LABEL_BAND, 0
        vw = left * 2 + board.SIZE * cell + render.PANEL - vx
        vh = top + board.SIZE * cell + LABEL_BAND
        letters_y = top + board.SIZE * cell
        extra = [svg.rounded_box(vx, vy, LABEL_BAND, vh, radius=0, fill=svg.PAPER, stroke="none"),
                 svg.rounded_box(vx, letters_y, vw, LABEL_BAND, radius=0, fill=svg.PAPER, stroke="none"),
                 *_labels(0, 0, x1, y1, letters_y)]
        shown = width or 760.0
        head = f'viewBox="{vx:g} {vy:g} {vw:g} {vh:g}" width="{shown:.0f}" height="{shown * vh / vw:.0f}"'
        drawing = re.sub(r'viewBox="[^"]*" width="[^"]*" height="[^"]*"', head, drawing, count=1)
        return drawing[: -len("</svg>")] + "".join(extra) + "</svg>"
    x0, y0, x1, y1 = _region(around, margin)
    vx, vy = left + x0 * cell - LABEL_BAND, top + y0 * cell - LABEL_BAND
    vw, vh = (x1 - x0 + 1) * cell + LABEL_BAND, (y1 - y0 + 1) * cell + LABEL_BAND
    shown = width or min(760.0, vw * 1.4)
    parts = [svg.rounded_box(vx, vy, vw, vh, radius=0, fill=svg.PAPER, stroke="none")]
    parts += [render._square(game, (x, y)) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    parts += [render._cart(game, i) for i in game.carts_on_board
              if x0 <= game.carts[i]["square"][0] <= x1 and y0 <= game.carts[i]["square"][1] <= y1]
    parts += _labels(x0, y0, x1, y1, vy)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx:g} {vy:g} {vw:g} {vh:g}" width="{shown:.0f}" '
            f'height="{shown * vh / vw:.0f}" font-family="{svg.FONT}">' + "".join(parts) + "</svg>")


def played(game: OffTheRails, play: Callable[[OffTheRails, Out], Any] | None = None,
           around: Iterable[Square] | None = None, heading: str = "") -> str:
    """``play(game, out)`` run on ``game`` (or nothing), then what it said and the board afterwards
    (a close-up ``around`` those squares, or the whole board) as one piece of HTML."""
    said: list[str] = []
    if play is not None:
        play(game, said.append)
    parts = [f"<p><b>{html.escape(heading, quote=False)}</b></p>"] if heading else []
    if said:
        parts.append("<pre style='white-space:pre-wrap;overflow-wrap:normal;word-break:normal;margin:0 0 6px 0'>"
                     + html.escape("\n".join(line.strip() for line in said), quote=False) + "</pre>")
    parts.append(picture(game, around=around))
    return "".join(parts)


_CELL = "border:1px solid #d8cfb8;padding:3px 6px"


def html_table(header: Sequence[Any], rows: Iterable[Sequence[Any]], before: str = "", after: str = "") -> str:
    """A small HTML table (a text table aligned with spaces wraps mid-number on a phone), with an
    optional sentence before and after it, outside the table."""
    def cells(tag: str, row: Sequence[Any]) -> str:
        return "<tr>" + "".join(f"<{tag} style='{_CELL}'>{html.escape(str(cell), quote=False)}</{tag}>"
                                for cell in row) + "</tr>"
    table = ("<table style='border-collapse:collapse;margin:4px 0'>" + cells("th", header)
             + "".join(cells("td", row) for row in rows) + "</table>")
    return ((f"<p>{html.escape(before, quote=False)}</p>" if before else "") + table
            + (f"<p>{html.escape(after, quote=False)}</p>" if after else ""))


# ---------------------------------------------------------------------------
# Narration
# ---------------------------------------------------------------------------

def cart_status(game: OffTheRails, index: int) -> str:
    """Where a cart is and what it holds, in words."""
    cart = game.carts[index]
    load = ", ".join(cart["load"]) or "nothing"
    if cart["where"] == "board":
        return f"{game.cart_name(index)} is on {name(cart['square'])}, speed {cart['speed']}, holding {load}"
    if cart["where"] == "supply":
        why = " (derailed)" if cart["derailed"] else ""
        return f"{game.cart_name(index)} is in the supply{why}"
    if cart["where"] == "escaped":
        return f"{game.cart_name(index)} has left the mine"
    return f"{game.cart_name(index)} is lost in the chasm"


def narrate(game: OffTheRails, *actions: Any, out: Out = print) -> None:
    """Play the actions in turn; print the lines each adds to the game log and, when a cart's move
    is over, where the cart has got to."""
    for action in actions:
        seen = len(game.log)
        driven = game.driving["cart"] if game.driving else None
        if isinstance(action, Drive):
            driven = game.cart_index(action.player, action.cart)
        game.apply(action)
        for _, line in list(game.log)[seen:]:
            out(f"  {line}")
        if driven is not None and game.driving is None:
            out(f"  -> {cart_status(game, driven)}")


def try_to(game: OffTheRails, action: Any, out: Out = print) -> bool:
    """Apply an action, or print the rule that refuses it (the game is then left as it was)."""
    try:
        narrate(game, action, out=out)
    except IllegalActionError as refusal:
        out(f"Not allowed: {refusal.message}")
        return False
    return True


MANY = 8  # more legal actions than this are shortened


def choices(game: OffTheRails, out: Out = print) -> None:
    """Print what the player to act must decide, and the legal actions (a long list is cut)."""
    out(game.prompt())
    legal = game.legal_actions()
    for action in legal[:MANY]:
        out(f"  {action}")
    if len(legal) > MANY:
        out(f"  ... and {len(legal) - MANY} more")


def drive(game: OffTheRails, *carts: int, out: Out = print) -> None:
    """End the actions of the player to act and move their carts (by number) in this order."""
    player = game.current_player
    narrate(game, EndActions(player), *(Drive(player, number) for number in carts), out=out)


def play_quietly(game: OffTheRails, until: Callable[[OffTheRails], bool]) -> OffTheRails:
    """Every player ends their actions at once and draws, until ``until(game)``: the deposit deck
    runs down with nobody on the board."""
    while not until(game) and not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[-1] if game.phase == "actions" else legal[0])
    return game


def let_bots_play(game: OffTheRails, bots: Mapping[int, Any], out: Out = print, last: int = 12) -> None:
    """Let the bots (seat -> bot) act until a person must, and print the last lines they logged."""
    seen = len(game.log)
    core_play(game, bots)
    lines = list(game.log)[seen:]
    if len(lines) > last:
        out(f"  ... {len(lines) - last} earlier line(s)")
    for _, line in lines[-last:]:
        out(f"  {line}")


def first_seed(make: Callable[[int], OffTheRails], wanted: Callable[[OffTheRails], bool],
               seeds: Iterable[int] = range(2000)) -> int:
    """The first seed whose game ``make(seed)`` is ``wanted`` (how a board gets the mission cards
    or the chasm token it needs without any being placed by hand)."""
    for seed in seeds:
        if wanted(make(seed)):
            return seed
    raise LookupError("no seed in range gives the wanted game")


# ---------------------------------------------------------------------------
# Boards, one per rule
# ---------------------------------------------------------------------------

def track_board() -> OffTheRails:
    """Red's white cart stands on D2 (heading south) on a straight; D3 holds another straight."""
    return position(tracks=column(1, 2), gems={}, carts=[{"at": (COLUMN_X, 1), "came_from": "N", "speed": 3}])


def cart_board() -> OffTheRails:
    """A two-player game with no track, no gems and no carts out: red to act."""
    return position(gems={})


def column_board(speed: int, rows: int = 3, load: Sequence[str] = ()) -> OffTheRails:
    """Red's white cart waits on its start square D1 at ``speed``; straight track runs down
    column D under it, ``rows`` squares long (D2 to D4 for 3)."""
    return position(tracks=column(1, rows), gems={}, carts=[{"at": RED_START, "speed": speed, "load": list(load)}])


JUNCTION_TRACKS = {
    (3, 1): "NS", (3, 2): "NES", (4, 2): "EW", (5, 2): "EW", (6, 2): "SW",   # a T on D3, east to a bend on G3
    (3, 3): "NS", (3, 4): "NES", (4, 4): "EW", (5, 4): "EW", (3, 5): "NS",   # a second T on D5
}


def junction_board(speed: int = 5) -> OffTheRails:
    """Red's white cart on D1; a T on D3 branches east, and another on D5 branches east again."""
    return position(tracks=JUNCTION_TRACKS, gems={}, carts=[{"at": RED_START, "speed": speed}])


DEPOSITS = {(3, 2): ["ruby", "rock", "gold"], (3, 4): ["emerald", "diamond"]}


def deposit_board(speed: int) -> OffTheRails:
    """Red's white cart on D1 above two deposits: ruby, rock, gold on D3; emerald, diamond on D5."""
    return position(tracks=column(1, 5), gems={sq: list(g) for sq, g in DEPOSITS.items()},
                    carts=[{"at": RED_START, "speed": speed}])


def full_cart_board() -> OffTheRails:
    """Red's white cart on D2 (heading south, speed 2) holding three gold; D4 holds rock, ruby,
    diamond."""
    return position(tracks=column(1, 4), gems={(3, 3): ["rock", "ruby", "diamond"]},
                    carts=[{"at": (3, 1), "came_from": "N", "speed": 2, "load": ["gold"] * 3}])


def crash_board(red_load: Sequence[str] = ("gold",), blue_load: Sequence[str] = ("ruby", "emerald", "diamond"),
                **options: Any) -> OffTheRails:
    """Red's white cart on D2 heading south at speed 4; Blue's white cart three squares ahead on
    D5, also heading south, at speed 3."""
    return position(tracks=column(1, 8), gems={}, carts=[
        {"player": 0, "at": (3, 1), "came_from": "N", "speed": 4, "load": list(red_load)},
        {"player": 1, "at": (3, 4), "came_from": "N", "speed": 3, "load": list(blue_load)}], **options)


def same_owner_board() -> OffTheRails:
    """Red's two carts on column D, heading towards each other: the white one on D2 (speed 4, a gold)
    and the black one on D5 (heading north, three rubies)."""
    return position(tracks=column(1, 8), gems={}, carts=[
        {"cart": 0, "at": (3, 1), "came_from": "N", "speed": 4, "load": ["gold"]},
        {"cart": 1, "at": (3, 4), "came_from": "S", "speed": 3, "load": ["ruby"] * 3}])


#: the load Red's cart brings up in the delivery section
DELIVERY_LOAD = ("ruby", "ruby", "ruby", "gold", "diamond")


def _delivery(seed: int) -> OffTheRails:
    return position(tracks=column(1, 2), gems={}, seed=seed,
                    carts=[{"at": (3, 2), "came_from": "S", "speed": 3, "load": list(DELIVERY_LOAD)}])


def delivery_board() -> OffTheRails:
    """Red's white cart on D3 heading north to its exit with ruby, ruby, ruby, gold, diamond; the
    first seed whose three face-up missions this delivery meets exactly two of."""
    return _delivery(first_seed(_delivery, lambda g: len(missions_claimed(g)) == 2))


#: two red chasm tokens, on red 1 (E5) and red 2 (F5)
RED_TOKENS = {board.mine_square("red", 1): "red", board.mine_square("red", 2): "red"}


def _tokens(seed: int) -> OffTheRails:
    return position(tracks=column(2, 5), chasm=dict(RED_TOKENS), chasm_begun=True, seed=seed,
                    gems={(3, 3): ["diamond"]},
                    carts=[{"at": (3, 2), "came_from": "N", "speed": 2, "load": ["gold"]}])


def _first_token_is_red(game: OffTheRails) -> bool:
    trial = game.copy()
    drive(trial, 0, out=_quiet)
    trial.apply(DrawToken(trial.current_player))
    return trial.pending is not None and trial.pending.get("colour") == "red"


def token_board() -> OffTheRails:
    """The chasm has begun: red tokens on E5 and F5, Red's white cart on D3 heading south at
    speed 2 towards D5, a diamond on D4; the first seed whose next chasm token is red."""
    return _tokens(first_seed(_tokens, _first_token_is_red))


#: the stockpiles of the scoring section: level on points
STOCKPILES = (("ruby", "ruby", "diamond", "rock"), ("ruby", "ruby", "emerald", "emerald"))


def scoring_board(stockpiles: Sequence[Sequence[str]] = STOCKPILES) -> OffTheRails:
    """A two-player position with these stockpiles and nothing else."""
    return position(stockpiles=[list(s) for s in stockpiles], gems={})


#: each clan's cart one square from its own exit in the solo boards: (square, track, came from)
SOLO_STARTS = {"red": ((3, 1), "NS", "S"), "yellow": ((13, 3), "EW", "W"),
               "blue": ((11, 13), "NS", "N"), "green": ((1, 11), "EW", "E")}
#: the solo section's loads: red and yellow carry their own jewels, blue and green each other's
SOLO_LOADS = {"red": ("ruby",), "yellow": ("gold",), "blue": ("emerald",), "green": ("diamond",)}


def solo_board(loads: Mapping[str, Sequence[str]] = SOLO_LOADS) -> OffTheRails:
    """A solo game: the four carts (one per clan colour) each one square from its own colour's
    exit at speed 1, holding ``loads``; one chasm token of each colour on its mine's square 1."""
    tracks, carts = {}, []
    for number, clan in enumerate(board.CLANS):
        square, track, came_from = SOLO_STARTS[clan]
        tracks[square] = track
        carts.append({"cart": number, "at": square, "came_from": came_from, "speed": 1, "load": list(loads[clan])})
    chasm = {board.mine_square(clan, 1): clan for clan in board.CLANS}
    return position(tracks=tracks, carts=carts, chasm=chasm, players=1, gems={}, seed=2)


# ---------------------------------------------------------------------------
# Exact answers, read off the model
# ---------------------------------------------------------------------------

def first_way(legal: list) -> Any:
    """The choice the exact answers take when the answer does not depend on it: the first offered."""
    return legal[0]


def ways_to_lay(game: OffTheRails, square: Square) -> int:
    """How many different tiles (shape and turn) the player to act may lay on ``square``."""
    return sum(1 for a in game.legal_actions() if isinstance(a, PlaceTrack) and (a.x, a.y) == tuple(square))


def ways_to_upgrade(game: OffTheRails, square: Square) -> int:
    """How many different upgrades the player to act may make to the tile on ``square``."""
    return sum(1 for a in game.legal_actions() if isinstance(a, Upgrade) and (a.x, a.y) == tuple(square))


def actions_to_top_speed() -> int:
    """Actions Red spends, on the model, to put a cart out and turn its die up to the top speed."""
    game = cart_board()
    game.apply(PlaceCart(0, 0, 0))
    spent = 1
    while game.carts[game.cart_index(0, 0)]["speed"] < MAX_SPEED:
        game.apply(ChangeSpeed(0, 0, 1))
        spent += 1
    return spent


def _moving(trial: OffTheRails, index: int) -> bool:
    """Whether cart ``index``'s move is still under way (a hit cart's owner may still have to drop)."""
    return (trial.driving is not None and trial.driving["cart"] == index) or (
        trial.pending is not None and trial.pending["kind"] == "drop")


def _start_move(game: OffTheRails, number: int) -> tuple[OffTheRails, int, int]:
    """A copy of ``game`` in which the player to act has ended the actions and started to move cart
    ``number``: (copy, player, the cart's index)."""
    trial = game.copy()
    player = trial.current_player
    if trial.phase == "actions":
        trial.apply(EndActions(player))
    trial.apply(Drive(player, number))
    return trial, player, trial.cart_index(player, number)


def moved(game: OffTheRails, number: int = 0, way: Callable[[list], Any] = first_way) -> tuple[OffTheRails, int]:
    """A copy of ``game`` after the player to act's cart ``number`` has made its move, ``way``
    choosing among the legal actions at each choice on the way: (copy, the cart's index)."""
    trial, _, index = _start_move(game, number)
    while _moving(trial, index):
        trial.apply(way(trial.legal_actions()))
    return trial, index


def move_result(game: OffTheRails, number: int = 0) -> str:
    """Where the player to act's cart ``number`` ends its move (taking the first way at every
    choice): a square's name, or "derails"."""
    trial, index = moved(game, number)
    cart = trial.carts[index]
    return name(cart["square"]) if cart["where"] == "board" else "derails"


def ending_squares(game: OffTheRails, number: int = 0) -> set[str]:
    """Every place the cart can end its move over all the ways at its junctions (a square's name,
    or "derails"): each way is followed on a copy of its own."""
    start, player, index = _start_move(game, number)
    ends, todo = set(), [start]
    while todo:
        trial = todo.pop()
        while _moving(trial, index):
            if trial.pending is not None and trial.pending["kind"] == "turn":
                todo.extend(trial.copy().apply(Turn(player, side)) for side in trial.pending["sides"])
                break
            trial.apply(first_way(trial.legal_actions()))
        else:
            cart = trial.carts[index]
            ends.add(name(cart["square"]) if cart["where"] == "board" else "derails")
    return ends


def load_after_move(game: OffTheRails, number: int = 0, picks: Sequence[str] = ()) -> list[str]:
    """What the cart holds after its move; ``picks`` are the gems chosen, in order, when a choice
    comes up (the first offered once they run out)."""
    wanted = list(picks)

    def way(legal):
        for action in legal:
            if wanted and getattr(action, "gem", None) == wanted[0]:
                wanted.pop(0)
                return action
        return legal[0]

    trial, index = moved(game, number, way)
    return sorted(trial.carts[index]["load"], key=GEMS.index)


def gems_left_on(game: OffTheRails, square: Square, number: int = 0) -> int:
    """How many gems are left on ``square`` once the cart has moved (whichever jewels are chosen,
    the count is the same)."""
    trial, _ = moved(game, number)
    return len(trial.gems.get(tuple(square), []))


def dropped_in_crash(game: OffTheRails, hit_player: int, number: int = 0) -> int:
    """How many gems the hit cart (``hit_player``'s cart ``number``) drops when the player to act
    moves their first cart into it."""
    index = game.cart_index(hit_player, number)
    trial, _ = moved(game)
    return len(game.carts[index]["load"]) - len(trial.carts[index]["load"])


def derailed_by_move(game: OffTheRails) -> list[str]:
    """The carts that derail when the player to act moves their first cart."""
    trial, _ = moved(game)
    return [trial.cart_name(i) for i, cart in enumerate(trial.carts)
            if cart["derailed"] and not game.carts[i]["derailed"]]


def score_after_move(game: OffTheRails, player: int = 0) -> dict[str, int]:
    """``player``'s score, part by part, once the player to act has moved their first cart."""
    trial, _ = moved(game)
    return scoring.breakdown(trial, player)


def missions_claimed(game: OffTheRails) -> list[str]:
    """The missions the player to act claims when their first cart moves."""
    trial, _ = moved(game)
    return [m for m in trial.players[game.current_player]["missions"]
            if m not in game.players[game.current_player]["missions"]]


def gems_on_every_card() -> int:
    """The gems the 32 numbered deposit cards would put on the board if every one were drawn."""
    return sum(card.gems for card in DEPOSIT_CARDS)


def chasm_game(players: int = 3, seed: int = 7) -> OffTheRails:
    """A game in which nobody builds: played quietly until the Chasm card has been drawn."""
    return play_quietly(new_game(seed=seed, players=players), lambda g: g.chasm_phase != "quiet")


def turns_after_chasm_card(players: int = 3, seed: int = 7) -> int:
    """Turns played after the one in which the Chasm card was drawn, up to and including the turn
    at whose end the Chasm deck turns over (a quiet game on the model)."""
    game = chasm_game(players, seed)
    drawn_in = game.turn - 1
    play_quietly(game, lambda g: g.chasm_phase == "collapsing")
    return game.collapse_turn - drawn_in


def solo_outcome(game: OffTheRails) -> str:
    """Play a solo position on (a copy): move every cart in order, take the first choice each time
    (first way, first gem, first square for a token), until the game ends; its result."""
    trial = game.copy()
    while not trial.is_over:
        trial.apply(trial.legal_actions()[0] if trial.phase != "actions" else EndActions(trial.current_player))
    return trial.solo_result


# ---------------------------------------------------------------------------
# The chasm clock, case by case
# ---------------------------------------------------------------------------

def count_cases(players: int, deck_length: int = 0) -> tuple[int, int]:
    """(good, all) over the equally likely cases of the deck building, seen from one numbered
    card: its place among its colour's eight shuffled cards (8 cases), its place in its stack of
    four (4) and the Chasm card's place from the bottom (4). Good: the card's deposit is made
    before the Chasm card turns up (it is revealed at setup, or lies above the Chasm card)."""
    keep = Options(players=players, deck_length=deck_length).cards_per_colour
    out_of_game = 8 - 2 - keep
    good = total = 0
    for dealt, in_stack, chasm_place in product(range(8), range(4), CHASM_FROM_BOTTOM):
        total += 1
        # the colour's eight are dealt one by one: first out of the game, then one revealed,
        # then one to the Chasm deck, and the rest to the stacks, bottom stack first
        if dealt < out_of_game:
            continue
        if dealt == out_of_game:
            good += 1
            continue
        if dealt == out_of_game + 1:
            continue
        stack = dealt - out_of_game - 2
        from_bottom = 4 * stack + in_stack + 1   # among the numbered cards
        if from_bottom >= chasm_place:            # the Chasm card went in below it
            good += 1
    return good, total


def deck_bottom_up(players: int, seed: int) -> list[str]:
    """One Deposit deck as the game builds it with this seed, bottom card first."""
    return build_decks(Options(players=players), make_rng(seed)).deposit


def simulate_before_chasm(players: int, card: str = "red 3", trials: int = 20_000, seed: int = 1,
                          deck_length: int = 0) -> np.ndarray:
    """Build the decks ``trials`` times with the game's deck builder and generator; the running share
    of builds in which ``card`` makes its deposit before the Chasm card turns up."""
    options, rng = Options(players=players, deck_length=deck_length), make_rng(seed)
    hits = np.empty(trials, dtype=bool)
    for t in range(trials):
        decks = build_decks(options, rng)
        deck = decks.deposit  # bottom first: a card above the Chasm card has a higher index
        hits[t] = card in decks.revealed or (card in deck and deck.index(card) > deck.index("chasm"))
    return np.cumsum(hits) / np.arange(1, trials + 1)


def simulate_chasm_phases(players: int, trials: int = 20_000, seed: int = 2, deck_length: int = 0) -> Counter:
    """In which deposits phase the Chasm card turns up, over ``trials`` built decks."""
    options, rng = Options(players=players, deck_length=deck_length), make_rng(seed)
    phases = Counter()
    for _ in range(trials):
        deck = build_decks(options, rng).deposit
        phases[len(deck) - deck.index("chasm")] += 1
    return phases


def simulate_deposits(draws: int, wanted: Callable[[list[str]], bool], trials: int = 20_000, seed: int = 3,
                      bag: Mapping[str, int] | None = None) -> np.ndarray:
    """Draw a deposit of ``draws`` gems from a fresh bag (the game's :class:`~minegames.core.Bag`,
    full by default) ``trials`` times; the running share of deposits for which ``wanted(gems)``."""
    rng, counts = make_rng(seed), dict(BAG_COUNTS if bag is None else bag)
    hits = np.empty(trials, dtype=bool)
    for t in range(trials):
        gems = Bag(counts)
        hits[t] = wanted([gems.draw(rng) for _ in range(min(draws, len(gems)))])
    return np.cumsum(hits) / np.arange(1, trials + 1)

