"""Deposits and the chasm: gems drawn from the bag onto a square, the Chasm card and the last
round, the Chasm deck turned over, chasm tokens drawn and placed, and the solo game's clock
(docs/rules/off_the_rails.md, readings 7 and 13-19). Plain functions of a game.
"""

from __future__ import annotations

from . import board
from .actions import DrawCard, DrawToken, PlaceToken
from .components import CARD_BY_ID, CHASM_CARD
from .wording import gems_words, plural

COLLAPSING, FINAL_TURNS = "collapsing", "final turns"
ESCAPED, LOST = "escaped", "lost"
Square = tuple[int, int]


def deposit(game, square: Square, count: int) -> list[str]:
    gems = [game.bag.draw(game.rng) for _ in range(min(count, len(game.bag)))]
    if gems:
        game.gems.setdefault(square, []).extend(gems)
    return gems


def make_deposit(game, card: str) -> None:
    info = CARD_BY_ID[card]
    square = board.mine_square(info.colour, info.number)
    gems = deposit(game, square, info.gems)
    where = f"{board.column_letter(square[0])}{board.row_number(square[1])}"
    text = (f"a deposit card ({card}) puts {gems_words(gems)} on {where}" if gems else
            f"a deposit card ({card}) finds the bag empty: nothing is put on {where}")
    game.log.add(game.round_number if game.history_started else 0, text)


def collapse(game, square: Square, colour: str) -> None:
    """A chasm token lands: the track, the gems and any cart there are gone."""
    game.chasm[square] = colour
    game.tracks.pop(square, None)
    gone = game.gems.pop(square, [])
    game.lost.extend(gone)
    cart = game.cart_at(square)
    text = f"the {colour} chasm swallows {board.square_name(square)}"
    if gone:
        text += f" with {plural(len(gone), 'gem')}"
    if cart is not None:
        game.lost.extend(game.carts[cart]["load"])
        text += f" and {game.cart_name(cart)}"
        game.carts[cart].update(where=LOST, square=None, load=[], derailed=True)
    game.note(text)


def begin_collapse(game, setup: bool = False) -> None:
    """The Chasm deck is turned up: one token of each colour on its card's square."""
    game.chasm_phase = COLLAPSING
    game.collapse_turn = game.turn
    if not setup:
        game._see_chance()
        game.note("the chasm begins: the Chasm deck is turned up")
    for card in game.chasm_deck:
        info = CARD_BY_ID[card]
        game.tokens[info.colour] -= 1
        game.tokens_out += 1
        collapse(game, board.mine_square(info.colour, info.number), info.colour)
    if not game.options.solo:
        for i in game.carts_on_board:  # carts already up at the surface are out of the mine
            if board.is_surface(tuple(game.carts[i]["square"])):
                game.carts[i].update(where=ESCAPED, square=None)
                game.note(f"{game.cart_name(i)} is safe at the surface")


def draw_token(game) -> None:
    colours = [c for c in board.CLANS for _ in range(game.tokens[c])]
    colour = colours[int(game.rng.integers(len(colours)))]
    game.tokens[colour] -= 1
    game.tokens_out += 1
    if game.options.collapse_die:
        die_collapse(game, colour)
        return
    squares = game.token_squares(colour)
    if not squares:
        game.note(f"a {colour} token is drawn, but no square can fall next to its colour")
        game._end_turn()
    elif len(squares) == 1:
        collapse(game, squares[0], colour)
        game._end_turn()
    else:
        game.note(f"{game._who_does('draws')} a {colour} chasm token")
        game.pending = {"kind": "token", "colour": colour, "squares": [list(s) for s in squares]}


def die_collapse(game, colour: str) -> None:
    """The collapse-die option: a die picks the square around the token's mine (rolled again
    while it shows a square already fallen)."""
    open_numbers = [n for n in range(1, 9) if board.mine_square(colour, n) not in game.chasm]
    if not open_numbers:
        game.note(f"a {colour} token is drawn, but its mine has fallen already")
    else:
        number = open_numbers[int(game.rng.integers(len(open_numbers)))]
        game.note(f"a {colour} token; the die shows {number}")
        collapse(game, board.mine_square(colour, number), colour)
    game._end_turn()


def draw_card(game, action: DrawCard) -> None:
    game._see_chance()
    if not game.deposit_deck:
        game.note("the Deposit deck is empty")
        game._end_turn()
        return
    card = game.deposit_deck.pop()
    game.drawn.append(card)
    if card == CHASM_CARD:
        if game.options.solo:
            game.deposit_deck = game._shuffled(game.deposit_deck + [CHASM_CARD])
            game.drawn.pop()
            game.solo_paused = True
            game.note("the Chasm card: the chasm rests this turn; the card is shuffled back")
        else:
            game.chasm_drawn_by = game.current
            game.chasm_phase = FINAL_TURNS
            game.final_turns_left = game.num_players + 1  # this turn's end counts one off
            game.note(f"{game.players[game.current]['clan'].capitalize()} draws the Chasm card: "
                                    "everyone has one more turn")
        game._end_turn()
        return
    if game.options.solo:
        game.note(f"card {card}: the chasm spreads")
        draw_token(game)
        return
    make_deposit(game, card)
    game._end_turn()


def draw_token_action(game, action: DrawToken) -> None:
    game._see_chance()
    draw_token(game)


def place_token(game, action: PlaceToken) -> None:
    game.note(f"{game._who_does('puts')} the {game.pending['colour']} chasm token on "
                            f"{board.square_name((action.x, action.y))}")
    collapse(game, (action.x, action.y), game.pending["colour"])
    game._end_turn()
