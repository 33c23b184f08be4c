"""Off the Rails, lesson 1: the rules, one at a time (notebooks/off_the_rails_1_rules.ipynb).

The lesson's plan and questions (:data:`RULES`), and the scenes its notebook shows: each
scene builds a hand-made position from :mod:`.lessons`, plays on it and returns what the game
log said with a picture of the board, as HTML. Every exact answer is read off the model by
playing the position on a copy (the helpers in :mod:`.lessons`). Plain model code, no widgets:
the notebook wraps the pictures and the buttons.
"""

from __future__ import annotations

import html
from typing import Any

from minegames.core.lessons import Lesson, Question, Section

from . import board, scoring
from .actions import ChangeSpeed, DrawToken, PlaceCart, PlaceToken, PlaceTrack, Turn, Upgrade
from .components import MISSIONS, MISSION_BY_ID
from .lessons import (
    STOCKPILES, actions_to_top_speed, html_table, cart_board, chasm_game, column, column_board, crash_board,
    delivery_board, deposit_board, derailed_by_move, drive, dropped_in_crash, ending_squares,
    full_cart_board, gems_left_on, gems_on_every_card, junction_board, load_after_move, move_result, narrate,
    picture, play_quietly, played, score_after_move, scoring_board, solo_board, solo_outcome,
    token_board, track_board, try_to, turns_after_chasm_card, ways_to_lay, ways_to_upgrade,
)
from .positions import new_game

N, E, S, W = 0, 1, 2, 3  # the sides of a square, as the model numbers them
WHOLE_MINE = [(0, 0), (board.SIZE - 1, board.SIZE - 1)]  # a plain picture: the board, no side panel

EXTENSION = "Extension (for a top set)"

# ---------------------------------------------------------------------------
# Scenes: what the notebook shows, each a piece of HTML (log lines and a board)
# ---------------------------------------------------------------------------


def opening_scene() -> str:
    """A fresh two-player game and the four deposits made at setup."""
    game = new_game(seed=3, players=2)
    return picture(game, around=WHOLE_MINE, margin=0)


def legal_at_start() -> str:
    """How many legal actions Red has at the very start, in a sentence."""
    game = new_game(seed=3, players=2)
    legal = game.legal_actions()
    laying = sum(isinstance(action, PlaceTrack) for action in legal)
    return f"At the very start Red has {len(legal)} legal actions, and {laying} of them are ways to lay a tile."


def _track_play(game: Any, out) -> None:
    said = out
    out = lambda line: said(line.replace("'T' comes", "a T-junction comes"))  # plain words, no code quotes
    narrate(game, PlaceTrack(0, 3, 3, "straight", 0), out=out)
    for words, action in (("Red tries to lay track on D1, on the surface:", PlaceTrack(0, 3, 0, "straight", 0)),
                          ("Red tries to lay a corner on F6, the red mine's centre:", PlaceTrack(0, 5, 5, "corner", 0)),
                          ("Red tries to lay a T-junction on E2 straight away:", PlaceTrack(0, 4, 1, "T", 0))):
        out(words)
        try_to(game, action, out=out)


def track_game():
    """The track board after Red has laid a straight on D4 (the position the questions ask about)."""
    game = track_board()
    _track_play(game, lambda _line: None)
    return game


#: the track scene's close-up: column D and the red mine's centre F6 (one of the refusals)
TRACK_VIEW = [(3, 0), (5, 5)]


def track_scene() -> str:
    return played(track_board(), _track_play, around=TRACK_VIEW)


def _upgrade_play(game: Any, out) -> None:
    out("Red adds a branch to the east of D3:")
    narrate(game, Upgrade(0, 3, 2, E), out=out)
    out("Red tries to add a branch to D2, where Red's own cart stands:")
    try_to(game, Upgrade(0, 3, 1, E), out=out)
    out(f"Actions Red has left this turn: {game.actions_left}")


def upgrade_game():
    game = track_game()
    _upgrade_play(game, lambda _line: None)
    return game


def upgrade_scene() -> str:
    return played(track_game(), _upgrade_play, around=column(0, 4))


def cart_scene() -> str:
    """Red puts the white cart out on D1 and turns its die up once; the black cart cannot follow."""
    def play(game, out):
        narrate(game, PlaceCart(0, 0, 0), ChangeSpeed(0, 0, 1), out=out)
        out("Red tries to put the black cart on D1 too:")
        try_to(game, PlaceCart(0, 1, 0), out=out)
    return played(cart_board(), play, around=column(0, 2))


def column_scene(speed: int = 3) -> str:
    """The cart on D1 at ``speed`` rolls down three straights."""
    return played(column_board(speed=speed), lambda g, out: drive(g, 0, out=out), around=column(0, 4),
                  heading=f"The cart moves at speed {speed}:")


def speed_four_scene() -> str:
    def play(game, out):
        drive(game, 0, out=out)
        out(f"Red's score now: {scoring.breakdown(game, 0)['total']} (a derailed cart has lost its 3 points)")
    return played(column_board(speed=4), play, around=column(0, 4), heading="The cart moves at speed 4:")


def junction_picture() -> str:
    return picture(junction_board(speed=5), around=[(3, 0), (6, 5)])


def junction_scene() -> str:
    """Every square the cart can end on, then one way played: south at D3, east at D5."""
    game = junction_board(speed=5)
    ends = ", ".join(sorted(ending_squares(game)))

    def play(game, out):
        out(f"Every place the cart can end this move: {ends}.")
        out("Red sends it south at D3 and east at D5:")
        drive(game, 0, out=out)
        narrate(game, Turn(0, S), Turn(0, E), out=out)
    return played(game, play, around=[(3, 0), (6, 5)])


def deposit_picture() -> str:
    return picture(deposit_board(speed=5), around=column(0, 5))


def deposit_scene(speed: int = 5) -> str:
    """The cart on D1 above the two deposits moves at ``speed`` (a jewel of Red's choice: the first)."""
    def play(game, out):
        drive(game, 0, out=out)
        while game.pending is not None and game.pending.get("kind") == "pick":
            action = game.legal_actions()[-1]
            out(f"Red chooses: {action}")
            narrate(game, action, out=out)
    return played(deposit_board(speed=speed), play, around=column(0, 5), heading=f"The cart moves at speed {speed}:")


def crash_picture() -> str:
    return picture(crash_board(), around=column(1, 5))


def _crash_play(game: Any, out) -> None:
    """Red's cart moves into Blue's; Blue drops the first gems offered; what Blue's cart held and kept."""
    blue = game.cart_index(1, 0)
    held = len(game.carts[blue]["load"])
    drive(game, 0, out=out)
    while game.pending is not None and game.pending.get("kind") == "drop":
        narrate(game, game.legal_actions()[0], out=out)
    kept = len(game.carts[blue]["load"])
    out(f"Blue's cart held {held}, dropped {held - kept} and kept {kept}.")


def crash_scene(blue_gems: int = 3) -> str:
    """Red's cart runs into Blue's, which holds ``blue_gems`` gems; Blue drops the first ones offered."""
    load = ("ruby", "emerald", "diamond", "gold", "rock")[:blue_gems]
    return played(crash_board(blue_load=load), _crash_play, around=column(1, 5))


def empty_crash_scene() -> str:
    """The same crash with Red's cart empty: Red's cart derails, and Blue's still drops half its load."""
    return played(crash_board(red_load=()), _crash_play, around=column(1, 5),
                  heading="Red's cart, empty this time, runs into Blue's:")


def bumper_scene(bumper_carts: str = "off") -> str:
    """The crash of section 5 with the option ``bumper_carts`` off or on."""
    def play(game, out):
        drive(game, 0, out=out)
        while game.pending is not None and game.pending.get("kind") == "drop":
            narrate(game, game.legal_actions()[0], out=out)
    return played(crash_board(bumper_carts=bumper_carts == "on"), play,
                  around=column(1, 5), heading=f"The same crash with bumper carts {bumper_carts}:")


def delivery_picture() -> str:
    game = delivery_board()
    shown = "".join(f"<li><b>{html.escape(MISSION_BY_ID[m].title)}</b>: {html.escape(MISSION_BY_ID[m].text)}</li>"
                    for m in game.missions_up)
    return (f"<p>The missions face up:</p><ul>{shown}</ul>" + picture(game, around=column(0, 3)))


def delivery_scene() -> str:
    def play(game, out):
        drive(game, 0, out=out)
        parts = scoring.breakdown(game, 0)
        out(f"Red's score: gems {parts['gems']} + most rubies {parts['rubies']} + carts {parts['carts']} "
            f"+ missions {parts['missions']} = {parts['total']}")
    return played(delivery_board(), play, around=column(0, 3))


def stockpiles_text() -> str:
    game = scoring_board()
    return html_table(("player", "has banked"),
                      [(player["clan"].capitalize(), ", ".join(player["stockpile"])) for player in game.players])


def scoring_scene() -> str:
    game = scoring_board()
    words = {"rubies": "most rubies"}
    parts = [words.get(part, part) for part in scoring.breakdown(game, 0)]
    rows = [(player["clan"].capitalize(), *scoring.breakdown(game, seat).values())
            for seat, player in enumerate(game.players)]
    winners = " and ".join(game.players[seat]["clan"].capitalize() for seat in game.winners())
    return html_table(("player", *parts), rows, after=f"The winner: {winners}.")


#: the chasm-token close-up: Red's cart, the tokens on E5 and F5 and the squares beside them
TOKEN_VIEW = [(3, 2), (6, 5)]


def token_picture() -> str:
    return picture(token_board(), around=TOKEN_VIEW)


def token_scene() -> str:
    def play(game, out):
        drive(game, 0, out=out)
        narrate(game, DrawToken(0), out=out)
        out("Red puts the token on D5, under its own cart (to see what a fall does):")
        narrate(game, PlaceToken(0, 3, 4), out=out)
        out(game.prompt())
        scores = game.scores()
        out(f"Why: no cart is left in the mine, so the game ends at once. Nobody has banked anything: "
            f"Red {scores[0]}, Blue {scores[1]}, a tie on every count, so they share the win.")
    return played(token_board(), play, around=TOKEN_VIEW)


def full_cart_picture() -> str:
    return picture(full_cart_board(), around=column(0, 4))


def full_cart_scene() -> str:
    def play(game, out):
        drive(game, 0, out=out)
        narrate(game, game.legal_actions()[-1], out=out)
    return played(full_cart_board(), play, around=column(0, 4))


def quiet_chasm_text() -> str:
    """A three-player game where nobody builds, up to the moment the Chasm card turns up: the last
    three cards drawn (each player's "ends the actions" line left out)."""
    game = chasm_game(players=3)
    draws = [(number, text) for number, text in game.log if "ends the actions" not in text]
    return "\n".join(f"round {number}: {text}" for number, text in draws[-3:])


def quiet_collapse_text() -> str:
    game = chasm_game(players=3)
    play_quietly(game, lambda g: g.chasm_phase == "collapsing")
    return "\n".join(game.log.lines(last=5))


def solo_picture() -> str:
    return picture(solo_board(), around=WHOLE_MINE, margin=0)


def solo_scene() -> str:
    def play(game, out):
        drive(game, 0, 1, 2, 3, out=out)
        while not game.is_over:
            narrate(game, game.legal_actions()[0], out=out)
        out(game.prompt())
    return played(solo_board(), play, around=WHOLE_MINE)


def missions_text() -> str:
    return html_table(("mission", "what it asks"), [(mission.title, mission.text) for mission in MISSIONS])


def _who_wins() -> str:
    return {(0,): "Red", (1,): "Blue"}.get(tuple(scoring_board().winners()), "they share the win")


def _empty_crash() -> str:
    gone = derailed_by_move(crash_board(red_load=()))
    return "both" if len(gone) == 2 else gone[0] if gone else "neither"


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

S0 = Section("Start: the plan and how the page works", 3)
S1 = Section("1. The board and a turn", 7)
S2 = Section("2. Laying track", 7)
S3 = Section("3. Carts, speed and exact moves", 10)
S4 = Section("4. Junctions and gems", 11)
S5 = Section("5. Crashes", 10)
S6 = Section("6. Delivering, missions and the score", 8)
S7 = Section("7. How the game ends", 2)
S8 = Section("Wrap-up: what to remember", 2)

QUESTIONS = (
    Question("track_squares", "How many squares of this board can ever hold a piece of track?",
             lambda: len(board.TRACK_SQUARES),
             worked="The mine is 13 x 13 = 169 squares; take away the 4 mine centres: 165.",
             hint="The mine is the 13 x 13 block inside the sandy ring. Which of its squares can never take track?",
             section=S1.title),
    Question("ways_to_lay", "In how many different ways may Red lay a tile on the empty square E2?",
             lambda: ways_to_lay(track_game(), (4, 1)),
             worked="A straight lies 2 ways (north-south or east-west), a corner 4 ways (NE, ES, SW, WN): 2 + 4 = 6.",
             hint="Count the ways a straight can lie, then the ways a corner can, and add.",
             section=S2.title),
    Question("speed_four", "Same track, but Red turned the die up to 4 before moving. Where does the cart end up?",
             lambda: move_result(column_board(speed=4)), choices=("D4", "D5", "derails"), predict=True,
             worked="The 4th step would go onto D5, which has no track, so the cart derails and goes back to the "
                    "supply. A move is exact: the cart may not stop early at the end of the line.",
             section=S3.title),
    Question("junction_ends", "On how many different squares can the cart end this move, over every choice at the "
             "junctions?",
             lambda: len(ending_squares(junction_board(speed=5))),
             worked="East at D3 ends on G3. South at D3, then at D5: south ends on D6, east ends on E5. Three squares.",
             hint="Count five steps from D1 along each way; the second junction splits one of the ways again.",
             section=S4.title),
    Question("gems_at_four", "With the die at 4 instead of 5, how many gems will the cart hold when it stops?",
             lambda: len(load_after_move(deposit_board(speed=4))), predict=True,
             worked="It passes D3 and must take the rock; it stops on D5 and scoops up the emerald and the "
                    "diamond: 1 + 2 = 3 gems.",
             section=S4.title),
    Question("crash_drop", "How many gems does Blue's cart drop when Red's cart runs into it?",
             lambda: dropped_in_crash(crash_board(), hit_player=1),
             worked="Blue's cart holds 3. Half of 3 is 1.5, rounded up: 2 gems, and Blue chooses which.",
             hint="Half of its load, rounded up.",
             section=S5.title),
    Question("empty_crash", "Now Red's cart is empty when it runs into Blue's loaded cart. Which cart derails?",
             _empty_crash, choices=("Red's white cart", "Blue's white cart", "both", "neither"), predict=True,
             worked="Only an empty cart derails in a crash, moving or hit. Blue's cart still drops 2 of its 3 gems.",
             section=S5.title),
    Question("delivery_score", "What is Red's score right after this delivery?",
             lambda: score_after_move(delivery_board())["total"],
             worked="Gems 1+1+1+3+4 = 10, the most rubies 5, one cart out and never derailed 3, two missions "
                    "(Full load and Treasure) 8: 10 + 5 + 3 + 8 = 26.",
             hint="Gems: ruby 1, emerald 2, gold 3, diamond 4. Add 5 for the most rubies, 3 for each cart out that "
                  "never derailed, and 4 for each mission claimed.",
             section=S6.title),
    # ---- extension -----------------------------------------------------------------------------
    Question("ways_to_upgrade", "D4 holds a plain north-south straight. How many different upgrades could Red make to it?",
             lambda: ways_to_upgrade(upgrade_game(), (3, 3)),
             worked="An upgrade adds a branch to a side the tile does not join yet: east or west, so 2.",
             hint="An upgrade adds one branch, towards a side the tile does not join yet.",
             section=EXTENSION),
    Question("top_speed", "Red has no cart out yet. What is the smallest number of actions that gets a cart onto "
             "the board with its die showing 6?",
             actions_to_top_speed,
             worked="1 action puts the cart out at speed 3, and 3 more turn the die up to 6: 4 actions, a whole turn.",
             hint="Where does a new cart's die start, and how far does one action turn it?",
             section=EXTENSION),
    Question("full_cart_left", "Red's cart already holds three gold and stops on D4 (a rock, a ruby and a diamond). "
             "How many gems are left lying on D4 once Red has chosen?",
             lambda: gems_left_on(full_cart_board(), (3, 3)),
             worked="2 places are free. The rock must take one of them, so only one jewel fits: 3 - 2 = 1 gem stays.",
             hint="The cart holds five at most, and rocks are taken first.",
             section=EXTENSION),
    Question("who_wins", "Red and Blue have banked the gems shown. Who wins?", _who_wins,
             choices=("Red", "Blue", "they share the win"), predict=True,
             worked="Both score 11 (gems 6 + ruby bonus 5 each) and both hold 4 gems, but Red has a rock and Blue "
                    "none: Blue wins.",
             section=EXTENSION),
    Question("ruby_bonus", "Back to the scoring example: had Red banked one more ruby, what would Blue's score be?",
             lambda: scoring_board([STOCKPILES[0] + ("ruby",), STOCKPILES[1]]).scores()[1],
             worked="Red would have 3 rubies to Blue's 2, so Blue loses the 5-point bonus: 1 + 1 + 2 + 2 = 6.",
             hint="The ruby bonus goes only to the player (or players) with the most rubies.",
             section=EXTENSION),
    Question("token_squares", "Before anything moves: on how many squares could the next red chasm token land?",
             lambda: len(token_board().token_squares("red")),
             worked="Beside E5: D5, E4, E6. Beside F5: F4, G5 (F6 is the mine centre, which never falls): 5 squares.",
             hint="List the squares sharing an edge with E5 or F5. The red mine's centre, F6, never falls.",
             section=EXTENSION),
    # ---- extension -----------------------------------------------------------------------------,
    Question("last_round", "How many more turns are played after the turn in which the Chasm card came up, up to "
             "and including the turn at whose end the chasm begins (its first tokens land)?",
             lambda: turns_after_chasm_card(players=3),
             worked="Everyone has one more turn, and the player who drew the card goes last: 3 players, 3 turns.",
             hint="Everyone gets one more turn, and the player who drew the card goes last.",
             section=EXTENSION),
    Question("every_card", "If every one of the 32 numbered deposit cards were turned up, how many gems would they "
             "call for?",
             gems_on_every_card,
             worked="Each colour: 5 cards of 2 gems and 3 of 3 gems = 19; 4 colours: 76, ten more than the 66 in "
                    "the bag.",
             hint="Each colour has five cards of 2 gems and three of 3 gems.",
             section=EXTENSION),
    Question("solo_result", "All four carts roll out through their own exits. What is the result of this solo game?",
             lambda: solo_outcome(solo_board()),
             choices=("major victory", "victory", "partial victory", "loss"),
             worked="The ruby and the gold come out at their own colours, the emerald and the diamond at the wrong "
                    "ones. One of each jewel got out, but not each at its colour: a partial victory.",
             hint="Which jewels reach an exit of their own colour? Did every kind of jewel get out somewhere?",
             section=EXTENSION),
)

RULES = Lesson(
    name="off_the_rails_1_rules",
    title="Off the Rails, lesson 1: the rules, one at a time",
    goals=(
        "say what happens in each part of a turn: actions, moves, deposits",
        "predict where a cart ends its move, what it picks up and what a crash does to it",
        "work out a player's score",
        "say how the Chasm card brings the game to its end",
    ),
    prerequisites=(
        "no knowledge of the game",
        "reading a grid by column letter and row number (like D3 in a spreadsheet)",
        "adding small whole numbers, and halving with rounding up",
    ),
    sections=(S0, S1, S2, S3, S4, S5, S6, S7, S8),
    questions=QUESTIONS,
)

LESSONS = (RULES,)

