"""The state of a game of Off the Rails and its turn: up to four actions, then every cart moves,
then the deposits phase (a deposit card, or once the chasm has begun a chasm token).

The rules as modelled, with every reading, are in docs/rules/off_the_rails.md. This module holds
the state, setup, the action phase, the turn's order and the protocol hooks; the rules of the
other phases are plain functions of a game: moving carts in ``moving.py``, deposits and the chasm
in ``chasm.py``. Pure pieces live apart: the board in ``board.py``, how carts run on the track in
``driving.py``, the decks in ``deposits.py``, what is legal in ``legal.py``, the end scores in
``scoring.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from minegames.core import Bag, GameState
from minegames.core.state import copy_data

from . import board, chasm, moving, scoring
from .actions import (
    ACTION_TYPES, ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken,
    PlaceTrack, Turn, Upgrade,
)
from .components import (
    ACTIONS_PER_TURN, BAG_COUNTS, CARTS_PER_PLAYER, GEMS, MISSIONS, MISSIONS_FACE_UP, START_SPEED, TILE_LIMITS,
    TOKENS_PER_COLOUR,
)
from .deposits import build_decks
from .options import Options
from .wording import plural

#: phases of a turn
ACTIONS, MOVE, DEPOSITS, OVER = "actions", "move", "deposits", "over"
#: the chasm's course
QUIET, FINAL_TURNS, COLLAPSING = "quiet", "final turns", "collapsing"
#: where a cart is
SUPPLY, ON_BOARD, ESCAPED, LOST = "supply", "board", "escaped", "lost"
DIE_NAMES = ("white", "black")

Square = tuple[int, int]


class OffTheRails(GameState):
    """A game of Off the Rails for 1-4 players (see docs/rules/off_the_rails.md)."""

    game_name = "off_the_rails"
    action_types = ACTION_TYPES
    options_type = Options
    chance_seen = "the cards, tokens or gems it turned up have been seen"

    def __init__(self, options: Options, seed: int | None = None):
        super().__init__(options, seed)
        self.num_players = options.players
        self._blank_tables()
        self._setup()
        self._start()

    # ---- setup -------------------------------------------------------------------------
    def _blank_tables(self) -> None:
        opts = self.options
        clans = board.CLANS_BY_PLAYERS[opts.players]
        self.players: list[dict[str, Any]] = [
            {"clan": clans[seat], "stockpile": [], "missions": []} for seat in range(opts.players)]
        if opts.solo:
            owners = [(0, clan, "") for clan in board.CLANS]
        else:
            owners = [(seat, clans[seat], DIE_NAMES[k]) for seat in range(opts.players)
                      for k in range(CARTS_PER_PLAYER)]
        self.carts: list[dict[str, Any]] = [
            {"owner": owner, "clan": clan, "die": die, "where": SUPPLY, "square": None, "came_from": 0,
             "speed": START_SPEED, "load": [], "derailed": False, "placed": False, "moved": False}
            for owner, clan, die in owners]
        self.tracks: dict[Square, int] = {}
        self.gems: dict[Square, list[str]] = {}
        self.chasm: dict[Square, str] = {}
        self.bag = Bag(BAG_COUNTS)
        self.lost: list[str] = []          # gems gone into the chasm
        self.deposit_deck: list[str] = []  # top last
        self.chasm_deck: list[str] = []
        self.removed: list[str] = []
        self.drawn: list[str] = []          # deposit cards drawn, in order
        self.tokens = {colour: TOKENS_PER_COLOUR for colour in board.CLANS}  # in the supply
        self.tokens_out = 0                 # tokens placed or discarded
        self.mission_deck: list[str] = []
        self.missions_up: list[str] = []
        self.tiles = dict(TILE_LIMITS) if opts.limited_tiles else {}
        self.current = opts.first_player
        self.turn = 1
        self.phase = ACTIONS
        self.actions_left = ACTIONS_PER_TURN
        self.chasm_phase = QUIET
        self.final_turns_left = 0
        self.chasm_drawn_by: int | None = None
        self.driving: dict[str, Any] | None = None   # {"cart": i, "steps": n}
        self.pending: dict[str, Any] | None = None   # a choice inside the move or deposits phase
        self.deliveries: list[list] = []    # [player, exit clan or "", load, turn]
        self.solo_paused = False
        self.collapse_turn: int | None = None  # the turn the chasm began in
        self.ended_by = ""                      # "tokens" (the last one landed) or "carts" (none left out)

    def _setup(self) -> None:
        opts = self.options
        decks = build_decks(opts, self.rng)
        self.deposit_deck, self.chasm_deck, self.removed = decks.deposit, decks.chasm, decks.removed
        clans = ", ".join(p["clan"] for p in self.players)
        table = "solo: you run a cart of each clan" if opts.solo else f"{plural(opts.players, 'player')} ({clans})"
        self.log.add(0, f"Off the Rails, {table}")
        if opts.solo:
            for square in board.MINE_SQUARES.values():
                chasm.deposit(self, square, 1)
            self.log.add(0, "a gem on every mine square")
            chasm.begin_collapse(self, setup=True)
        else:
            for card in decks.revealed:
                chasm.make_deposit(self, card)
            self.mission_deck = self._shuffled([m.id for m in MISSIONS])
            for _ in range(MISSIONS_FACE_UP):
                self.missions_up.append(self.mission_deck.pop())

    # ---- reading the state ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # ---- counting as a table does -----------------------------------------------------------
    @property
    def log_unit(self) -> str:
        """The log counts rounds (every seat's turn once, from the first player); solo, turns."""
        return "turn" if self.options.solo else "round"

    def round_of(self, turn: int) -> int:
        """The round a turn (counted over all seats from 1) falls in: round 2 is everyone's second turn."""
        return (turn - 1) // self.num_players + 1

    @property
    def round_number(self) -> int:
        return self.round_of(self.turn)

    def note(self, text: str) -> None:
        """A log line of the turn under way, numbered by its round."""
        self.log.add(self.round_number, text)

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.pending and self.pending["kind"] == "drop":
            return self.pending["player"]
        return self.current

    def carts_of(self, player: int) -> list[int]:
        """Indices (into ``carts``) of a player's carts, in their numbering."""
        return [i for i, cart in enumerate(self.carts) if cart["owner"] == player]

    def cart_index(self, player: int, number: int) -> int | None:
        own = self.carts_of(player)
        return own[number] if 0 <= number < len(own) else None

    def cart_number(self, index: int) -> int:
        return self.carts_of(self.carts[index]["owner"]).index(index)

    def cart_at(self, square: Square) -> int | None:
        for i, cart in enumerate(self.carts):
            if cart["where"] == ON_BOARD and tuple(cart["square"]) == square:
                return i
        return None

    def cart_name(self, index: int) -> str:
        cart = self.carts[index]
        if self.options.solo:
            return f"the {cart['clan']} cart"
        return f"{cart['clan'].capitalize()}'s {cart['die']} cart"

    @property
    def carts_on_board(self) -> list[int]:
        return [i for i, cart in enumerate(self.carts) if cart["where"] == ON_BOARD]

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    @property
    def solo_result(self) -> str | None:
        return scoring.solo_result(self) if self.options.solo else None

    # ---- the deposits and the chasm ------------------------------------------------------------


    @property
    def history_started(self) -> bool:
        return self._initial is not None



    def token_squares(self, colour: str) -> list[Square]:
        """Where a token of ``colour`` may go: next to one of its colour, on a square that can fall."""
        found = set()
        for square, placed in self.chasm.items():
            if placed == colour:
                for side in range(4):
                    near = board.neighbour(square, side)
                    if near in board.TRACK_SQUARE_SET and near not in self.chasm:
                        found.add(near)
        return sorted(found)



    # ---- turns ---------------------------------------------------------------------------
    def _start_moves(self) -> None:
        self.phase = MOVE
        for i in self.carts_of(self.current):
            self.carts[i]["moved"] = False
        self._next_drive()

    def _next_drive(self) -> None:
        if not self._carts_to_move():
            self.phase = DEPOSITS

    def _carts_to_move(self) -> list[int]:
        return [i for i in self.carts_of(self.current)
                if self.carts[i]["where"] == ON_BOARD and not self.carts[i]["moved"]]

    def _end_turn(self) -> None:
        self.pending = None
        if self.chasm_phase == FINAL_TURNS:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                chasm.begin_collapse(self)
        if self._game_ends():
            self._finish()
            return
        self.current = (self.current + 1) % self.num_players
        self.turn += 1
        self.phase = ACTIONS
        self.actions_left = ACTIONS_PER_TURN
        self.solo_paused = False

    def _game_ends(self) -> bool:
        self.ended_by = self._end_reason()
        return bool(self.ended_by)

    def _end_reason(self) -> str:
        if self.options.solo:
            if all(c["where"] in (ESCAPED, LOST) or (c["derailed"] and c["where"] == SUPPLY) for c in self.carts):
                return "carts"
        elif self.chasm_phase != COLLAPSING:
            return ""
        if self.tokens_out >= TOKENS_PER_COLOUR * len(board.CLANS):
            return "tokens"
        # every cart has left the board (checked from the turn after the chasm began, so a
        # player whose carts were all back in the supply then can still put one out)
        if not self.options.solo and not self.carts_on_board and self.turn > self.collapse_turn:
            return "carts"
        return ""

    def _finish(self) -> None:
        for i in self.carts_on_board:
            moving.derail(self, i, "it is still in the mine at the end")
        self.phase = OVER
        self.pending = None
        self.driving = None
        if self.options.solo:
            self.note(f"the game is over: {self.solo_result}")
        else:
            self.note("the game is over: " + ", ".join(
                f"{p['clan'].capitalize()} {plural(s, 'point')}" for p, s in zip(self.players, self.scores())))

    def problems(self) -> list[tuple[str, str]]:
        """What makes a position impossible: gems not conserved, carts off the track or stacked."""
        opts = self.options
        carts = len(board.CLANS) if opts.solo else opts.players * CARTS_PER_PLAYER
        if len(self.players) != opts.players or len(self.carts) != carts:
            return [("players", f"{len(self.players)} players and {len(self.carts)} carts for a game of "
                                f"{opts.players} (with {carts} carts)")]
        found = []
        if not 0 <= self.current < opts.players:
            found.append(("turn", f"player {self.current + 1} is to play in a game of {opts.players}"))
        held = {gem: self.bag.count(gem) for gem in GEMS}
        for gem in (*[g for pile in self.gems.values() for g in pile], *self.lost,
                    *[g for c in self.carts for g in c["load"]], *[g for p in self.players for g in p["stockpile"]]):
            held[gem] = held.get(gem, 0) + 1
        if held != BAG_COUNTS:
            found.append(("gems", f"the 66 gems are not all accounted for: {held}"))
        squares = [tuple(c["square"]) for c in self.carts if c["where"] == ON_BOARD]
        if len(set(squares)) != len(squares):
            found.append(("carts", "two carts stand on one square"))
        for i, cart in enumerate(self.carts):
            if cart["where"] != ON_BOARD:
                continue
            square = tuple(cart["square"])
            if board.is_surface(square):
                if board.is_corner(square):
                    found.append(("carts", f"{self.cart_name(i)} stands on a corner of the surface"))
            elif square not in self.tracks:
                found.append(("carts", f"{self.cart_name(i)} stands on {board.square_name(square)}, which has no track"))
            elif not self.tracks[square] >> cart["came_from"] & 1:
                found.append(("carts", f"{self.cart_name(i)} came in by a side its tile does not join"))
            if len(cart["load"]) > 5:
                found.append(("carts", f"{self.cart_name(i)} holds more than 5 gems"))
        for square in list(self.tracks) + list(self.chasm):
            if square not in board.TRACK_SQUARE_SET:
                found.append(("track", f"{board.square_name(square)} cannot hold track or fall"))
        if set(self.tracks) & set(self.chasm):
            found.append(("chasm", "track stands on a fallen square"))
        if opts.limited_tiles:
            laid = Counter(board.shape_of(mask) for mask in self.tracks.values())
            for shape, limit in TILE_LIMITS.items():
                # laid + in the supply: the box count, less any tiles the chasm took
                if not 0 <= self.tiles.get(shape, 0) <= limit - laid[shape]:
                    found.append(("tiles", f"{laid[shape]} {shape} tiles laid and {self.tiles.get(shape, 0)} in "
                                           f"the supply: the box holds {limit}"))
        return found

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` may see: the decks' order, the cards out of the game, the bag's contents
        and the Chasm deck (until it is turned up) stay hidden; only their sizes show."""
        data = self._snapshot()
        for name in ("deposit_deck", "removed", "mission_deck"):
            data[name] = len(data[name])
        data["bag"] = len(self.bag)
        if self.chasm_phase != COLLAPSING:
            data["chasm_deck"] = len(self.chasm_deck)
        return data

    def prompt(self) -> str:
        from .wording import prompt

        return prompt(self)

    def _repr_svg_(self) -> str:
        from .render import state_svg

        return state_svg(self)

    # ---- the protocol hooks -------------------------------------------------------------------
    @classmethod
    def _from_json(cls, text):
        """A save from before option ``bonus_lost_for_good`` was played under that rule: it loads
        with the option on, so its replay still gives the saved position."""
        return super()._from_json(_with_old_bonus_rule(text))

    def _snapshot(self) -> dict[str, Any]:
        return copy_data({
            "players": self.players, "carts": self.carts,
            "tracks": [[x, y, m] for (x, y), m in sorted(self.tracks.items())],
            "gems": [[x, y, g] for (x, y), g in sorted(self.gems.items())],
            "chasm": [[x, y, c] for (x, y), c in sorted(self.chasm.items())],
            "bag": self.bag.to_json(), "lost": self.lost,
            "deposit_deck": self.deposit_deck, "chasm_deck": self.chasm_deck, "removed": self.removed,
            "drawn": self.drawn, "tokens": self.tokens, "tokens_out": self.tokens_out,
            "mission_deck": self.mission_deck, "missions_up": self.missions_up, "tiles": self.tiles,
            "current": self.current, "turn": self.turn, "phase": self.phase, "actions_left": self.actions_left,
            "chasm_phase": self.chasm_phase, "final_turns_left": self.final_turns_left,
            "chasm_drawn_by": self.chasm_drawn_by, "collapse_turn": self.collapse_turn,
            "driving": self.driving, "pending": self.pending,
            "deliveries": self.deliveries, "solo_paused": self.solo_paused, "ended_by": self.ended_by,
        })

    def _restore(self, data: dict[str, Any]) -> None:
        data = copy_data(data)
        self.num_players = self.options.players  # a lesson position is restored into a blank state
        self.players, self.carts = data["players"], data["carts"]
        for cart in self.carts:
            if cart["square"] is not None:
                cart["square"] = list(cart["square"])
        self.tracks = {(x, y): m for x, y, m in data["tracks"]}
        self.gems = {(x, y): g for x, y, g in data["gems"]}
        self.chasm = {(x, y): c for x, y, c in data["chasm"]}
        self.bag = Bag.from_json(data["bag"])
        for name in ("lost", "deposit_deck", "chasm_deck", "removed", "drawn", "tokens", "tokens_out",
                     "mission_deck", "missions_up", "tiles", "current", "turn", "phase", "actions_left",
                     "chasm_phase", "final_turns_left", "chasm_drawn_by", "collapse_turn", "driving", "pending",
                     "deliveries", "solo_paused", "ended_by"):
            setattr(self, name, data[name])

    def _legal_actions(self) -> list:
        from . import legal
        return legal.legal_actions(self)

    def _check(self, action) -> None:
        from . import legal
        legal.check(self, action)

    def _apply(self, action) -> None:
        handler = _HANDLERS[type(action)]
        handler(self, action)

    # ---- the action phase ---------------------------------------------------------------------
    def _spend_action(self) -> None:
        self.actions_left -= 1
        if self.actions_left == 0:
            self._start_moves()

    def _place_track(self, action: PlaceTrack) -> None:
        mask = board.SHAPE_MASKS[action.shape][action.turn]
        self.tracks[(action.x, action.y)] = mask
        if self.tiles:
            self.tiles[action.shape] -= 1
        self.note(f"{self._who_does('lays')} a {action.shape} ({_sides(mask)}) on "
                                f"{board.square_name((action.x, action.y))}")
        self._spend_action()

    def _upgrade(self, action: Upgrade) -> None:
        square = (action.x, action.y)
        old = self.tracks[square]
        new = old | 1 << action.side
        if self.tiles:
            self.tiles[board.shape_of(old)] += 1
            self.tiles[board.shape_of(new)] -= 1
        self.tracks[square] = new
        self.note(f"{self._who_does('upgrades')} {board.square_name(square)} to a {board.shape_of(new)} "
                                f"(a branch {board.SIDE_NAMES[action.side]})")
        self._spend_action()

    def _place_cart(self, action: PlaceCart) -> None:
        index = self.cart_index(action.player, action.cart)
        cart = self.carts[index]
        square = board.EXITS[cart["clan"]][action.start]
        cart.update(where=ON_BOARD, square=list(square), came_from=board.opposite(board.inward_side(square)),
                    speed=START_SPEED, load=[], placed=True, moved=False)
        if not self.options.bonus_lost_for_good:
            cart["derailed"] = False  # a cart put out again is a fresh cart (reading 10)
        self.note(f"{self._who_does('puts')} {self.cart_name(index)} out on {board.square_name(square)}")
        self._spend_action()

    def _change_speed(self, action: ChangeSpeed) -> None:
        index = self.cart_index(action.player, action.cart)
        self.carts[index]["speed"] += action.change
        verb = "speeds up" if action.change > 0 else "slows down"
        self.note(f"{self._who_does(verb)} {self.cart_name(index)} to speed {self.carts[index]['speed']}")
        self._spend_action()

    def _end_actions(self, action: EndActions) -> None:
        unused = plural(self.actions_left, "action")
        self.note(f"{self._who_does('ends')} the actions ({unused} unused)")
        self._start_moves()

    def _who(self) -> str:
        return "you" if self.options.solo else self.players[self.current]["clan"].capitalize()

    def _who_does(self, verb: str) -> str:
        """The player to act doing ``verb`` (said of one clan: 'Red lays', solo 'you lay')."""
        if not self.options.solo:
            return f"{self._who()} {verb}"
        first, _, rest = verb.partition(" ")
        return " ".join(part for part in ("you", first[:-1], rest) if part)


def _sides(mask: int) -> str:
    """'north–south': the sides a tile joins."""
    return "–".join(board.SIDE_NAMES[side] for side in board.sides_of(mask))


def _with_old_bonus_rule(text):
    """``text`` with ``bonus_lost_for_good: true`` added to each options block that lacks it (a
    save older than the option); any other text is returned as it is, for the checks to judge."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return text
    blocks = [data.get("options")] if isinstance(data, dict) else []
    if isinstance(data, dict):
        blocks += [part.get("options") for part in (data.get("start"), data.get("position")) if isinstance(part, dict)]
    old = [block for block in blocks if isinstance(block, dict) and "bonus_lost_for_good" not in block]
    if not old:
        return text
    for block in old:
        block["bonus_lost_for_good"] = True
    return json.dumps(data)


_HANDLERS = {
    PlaceTrack: OffTheRails._place_track, Upgrade: OffTheRails._upgrade, PlaceCart: OffTheRails._place_cart,
    ChangeSpeed: OffTheRails._change_speed, EndActions: OffTheRails._end_actions, Drive: moving.drive,
    Turn: moving.turn_at_junction, Pick: moving.pick_choice, Drop: moving.drop_choice, DrawCard: chasm.draw_card,
    DrawToken: chasm.draw_token_action, PlaceToken: chasm.place_token,
}
