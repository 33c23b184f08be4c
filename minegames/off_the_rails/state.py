"""The state of a game of Off the Rails and its turn: up to four actions, then every cart moves,
then the deposits phase (a deposit card, or once the chasm has begun a chasm token).

The rules as modelled, with every reading, are in docs/rules/off_the_rails.md. Pure pieces live
apart: the board in ``board.py``, how carts run in ``driving.py``, the decks in ``deposits.py``,
the end scores in ``scoring.py``.
"""

from __future__ import annotations

from typing import Any

from minegames.core import Bag, GameState, refuse
from minegames.core.state import copy_data

from . import board, driving, scoring
from .actions import (
    ACTION_TYPES, ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken,
    PlaceTrack, Turn, Upgrade,
)
from .components import (
    ACTIONS_PER_TURN, BAG_COUNTS, CARD_BY_ID, CARTS_PER_PLAYER, CHASM_CARD, GEMS, JEWELS, MAX_SPEED,
    MIN_SPEED, MISSION_BY_ID, MISSIONS, MISSIONS_FACE_UP, START_SPEED, TILE_LIMITS, TOKENS_PER_COLOUR, Delivery,
)
from .deposits import build_decks
from .options import Options

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
        self.log.add(0, f"Off the Rails, {opts.players} player(s) ({clans})")
        if opts.solo:
            for square in board.MINE_SQUARES.values():
                self._deposit(square, 1)
            self.log.add(0, "a gem on every mine square")
            self._begin_collapse(setup=True)
        else:
            for card in decks.revealed:
                self._make_deposit(card)
            self.mission_deck = self._shuffled([m.id for m in MISSIONS])
            for _ in range(MISSIONS_FACE_UP):
                self.missions_up.append(self.mission_deck.pop())

    # ---- reading the state ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

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
    def _deposit(self, square: Square, count: int) -> list[str]:
        gems = [self.bag.draw(self.rng) for _ in range(min(count, len(self.bag)))]
        if gems:
            self.gems.setdefault(square, []).extend(gems)
        return gems

    def _make_deposit(self, card: str) -> None:
        info = CARD_BY_ID[card]
        square = board.mine_square(info.colour, info.number)
        gems = self._deposit(square, info.gems)
        what = ", ".join(gems) if gems else "nothing (the bag is empty)"
        self.log.add(self.turn if self.history_started else 0, f"deposit {card}: {what} on {board.square_name(square)}")

    @property
    def history_started(self) -> bool:
        return self._initial is not None

    def _collapse(self, square: Square, colour: str) -> None:
        """A chasm token lands: the track, the gems and any cart there are gone."""
        self.chasm[square] = colour
        self.tracks.pop(square, None)
        gone = self.gems.pop(square, [])
        self.lost.extend(gone)
        cart = self.cart_at(square)
        text = f"the {colour} chasm swallows {board.square_name(square)}"
        if gone:
            text += f" with {len(gone)} gem(s)"
        if cart is not None:
            self.lost.extend(self.carts[cart]["load"])
            text += f" and {self.cart_name(cart)}"
            self.carts[cart].update(where=LOST, square=None, load=[], derailed=True)
        self.log.add(self.turn, text)

    def _begin_collapse(self, setup: bool = False) -> None:
        """The Chasm deck is turned up: one token of each colour on its card's square."""
        self.chasm_phase = COLLAPSING
        self.collapse_turn = self.turn
        if not setup:
            self._see_chance()
            self.log.add(self.turn, "the chasm begins: the Chasm deck is turned up")
        for card in self.chasm_deck:
            info = CARD_BY_ID[card]
            self.tokens[info.colour] -= 1
            self.tokens_out += 1
            self._collapse(board.mine_square(info.colour, info.number), info.colour)
        if not self.options.solo:
            for i in self.carts_on_board:  # carts already up at the surface are out of the mine
                if board.is_surface(tuple(self.carts[i]["square"])):
                    self.carts[i].update(where=ESCAPED, square=None)
                    self.log.add(self.turn, f"{self.cart_name(i)} is safe at the surface")

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

    def _draw_token(self) -> None:
        colours = [c for c in board.CLANS for _ in range(self.tokens[c])]
        colour = colours[int(self.rng.integers(len(colours)))]
        self.tokens[colour] -= 1
        self.tokens_out += 1
        if self.options.collapse_die:
            self._die_collapse(colour)
            return
        squares = self.token_squares(colour)
        if not squares:
            self.log.add(self.turn, f"a {colour} token is drawn, but no square can fall next to its colour")
            self._end_turn()
        elif len(squares) == 1:
            self._collapse(squares[0], colour)
            self._end_turn()
        else:
            self.log.add(self.turn, f"a {colour} chasm token is drawn")
            self.pending = {"kind": "token", "colour": colour, "squares": [list(s) for s in squares]}

    def _die_collapse(self, colour: str) -> None:
        """The collapse-die option: a die picks the square around the token's mine (rolled again
        while it shows a square already fallen)."""
        open_numbers = [n for n in range(1, 9) if board.mine_square(colour, n) not in self.chasm]
        if not open_numbers:
            self.log.add(self.turn, f"a {colour} token is drawn, but its mine has fallen already")
        else:
            number = open_numbers[int(self.rng.integers(len(open_numbers)))]
            self.log.add(self.turn, f"a {colour} token; the die shows {number}")
            self._collapse(board.mine_square(colour, number), colour)
        self._end_turn()

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
                self._begin_collapse()
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
            self._derail(i, "it is still in the mine at the end")
        self.phase = OVER
        self.pending = None
        self.driving = None
        if self.options.solo:
            self.log.add(self.turn, f"the game is over: {self.solo_result}")
        else:
            self.log.add(self.turn, "the game is over: " + ", ".join(
                f"{p['clan']} {s}" for p, s in zip(self.players, self.scores())))

    def problems(self) -> list[tuple[str, str]]:
        """What makes a position impossible: gems not conserved, carts off the track or stacked."""
        found = []
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
        self.log.add(self.turn, f"{self._who()} lays a {action.shape} on {board.square_name((action.x, action.y))}")
        self._spend_action()

    def _upgrade(self, action: Upgrade) -> None:
        square = (action.x, action.y)
        old = self.tracks[square]
        new = old | 1 << action.side
        if self.tiles:
            self.tiles[board.shape_of(old)] += 1
            self.tiles[board.shape_of(new)] -= 1
        self.tracks[square] = new
        self.log.add(self.turn, f"{self._who()} upgrades {board.square_name(square)} to a {board.shape_of(new)}")
        self._spend_action()

    def _place_cart(self, action: PlaceCart) -> None:
        index = self.cart_index(action.player, action.cart)
        cart = self.carts[index]
        square = board.EXITS[cart["clan"]][action.start]
        cart.update(where=ON_BOARD, square=list(square), came_from=board.opposite(board.inward_side(square)),
                    speed=START_SPEED, load=[], placed=True, moved=False)
        self.log.add(self.turn, f"{self._who()} puts {self.cart_name(index)} on {board.square_name(square)}")
        self._spend_action()

    def _change_speed(self, action: ChangeSpeed) -> None:
        index = self.cart_index(action.player, action.cart)
        self.carts[index]["speed"] += action.change
        self.log.add(self.turn, f"{self.cart_name(index)} to speed {self.carts[index]['speed']}")
        self._spend_action()

    def _end_actions(self, action: EndActions) -> None:
        self._start_moves()

    def _who(self) -> str:
        return "you" if self.options.solo else self.players[self.current]["clan"].capitalize()

    # ---- the move phase -------------------------------------------------------------------------
    def _drive(self, action: Drive) -> None:
        index = self.cart_index(action.player, action.cart)
        self.carts[index]["moved"] = True
        self.driving = {"cart": index, "steps": self.carts[index]["speed"]}
        self._run()

    def _turn(self, action: Turn) -> None:
        self.pending = None
        self._step(action.side)
        self._run()

    def _run(self) -> None:
        """Go on moving the driven cart until it has gone its speed, stops, or a choice is due."""
        while self.driving is not None and self.pending is None:
            index, steps = self.driving["cart"], self.driving["steps"]
            cart = self.carts[index]
            if steps == 0 or cart["where"] != ON_BOARD:
                self._stop()
                return
            square = tuple(cart["square"])
            ways = driving.exits(square, cart["came_from"], self.tracks)
            if not ways:
                self._derail(index, "its track goes nowhere")
                self._stop()
                return
            if len(ways) > 1:
                self.pending = {"kind": "turn", "sides": list(ways)}
                return
            self._step(ways[0])

    def _step(self, side: int) -> None:
        index = self.driving["cart"]
        cart = self.carts[index]
        square = tuple(cart["square"])
        target = board.neighbour(square, side)
        other = self.cart_at(target)
        if other is not None:
            self._collide(index, other, side)
            return
        why = driving.blocked(square, side, self.tracks, self.chasm)
        if why is not None:
            self._derail(index, f"it ran into {why}")
            self._stop()
            return
        cart["square"] = list(target)
        cart["came_from"] = board.opposite(side)
        self.driving["steps"] -= 1
        if board.is_surface(target):
            self._deliver(index, target)
            self._stop()
            return
        if self.gems.get(target):
            self._pick_up(index, target, last=self.driving["steps"] == 0)

    def _pick_up(self, index: int, square: Square, last: bool) -> None:
        cart, deposit = self.carts[index], self.gems[square]
        if last:
            taken, choose = driving.fill_forced(deposit, len(cart["load"]))
        else:
            choices = driving.picks_passing(deposit, len(cart["load"]))
            taken, choose = (list(choices), 0) if len(choices) <= 1 else ([], 1)
        if choose and not self.options.choose_gems:
            rest = list(deposit)
            for gem in taken:
                rest.remove(gem)
            taken, choose = taken + driving.best_first(rest, choose), 0
        for gem in taken:
            self._take(index, square, gem)
        if choose:
            self.pending = {"kind": "pick", "count": choose, "square": list(square)}

    def _take(self, index: int, square: Square, gem: str) -> None:
        self.gems[square].remove(gem)
        if not self.gems[square]:
            del self.gems[square]
        self.carts[index]["load"].append(gem)
        self.log.add(self.turn, f"{self.cart_name(index)} picks up a {gem} at {board.square_name(square)}")

    def _pick(self, action: Pick) -> None:
        square = tuple(self.pending["square"])
        self._take(self.driving["cart"], square, action.gem)
        self.pending["count"] -= 1
        left, rest = self.pending["count"], self.gems.get(square, [])
        if not left or len(rest) <= left or len(set(rest)) <= 1:  # no choice left: take what fits
            self.pending = None
            for gem in list(rest)[:left]:
                self._take(self.driving["cart"], square, gem)
        self._run()

    def _collide(self, mover: int, hit: int, side: int) -> None:
        self.log.add(self.turn, f"{self.cart_name(mover)} runs into {self.cart_name(hit)}")
        moving_cart, hit_cart = self.carts[mover], self.carts[hit]
        mover_empty, hit_empty = not moving_cart["load"], not hit_cart["load"]
        hit_square = tuple(hit_cart["square"])
        if not mover_empty:
            moving_cart["came_from"] = side
        if not hit_empty and not board.is_surface(hit_square):
            hit_cart["came_from"] = board.opposite(side)
        if mover_empty:
            self._derail(mover, "it was empty when it crashed")
        if hit_empty:
            self._derail(hit, "it was empty when it was hit")
        elif not self.options.bumper_carts:
            count = driving.dropped_on_hit(len(hit_cart["load"]))
            if self.options.choose_gems and len(set(hit_cart["load"])) > 1 and count < len(hit_cart["load"]):
                self.pending = {"kind": "drop", "player": hit_cart["owner"], "cart": hit, "count": count}
                self.driving["steps"] = 0
                return
            for gem in driving.cheapest_first(hit_cart["load"], count):
                self._drop_gem(hit, gem)
        self._stop()

    def _drop_gem(self, index: int, gem: str) -> None:
        cart = self.carts[index]
        cart["load"].remove(gem)
        square = tuple(cart["square"])
        self.gems.setdefault(square, []).append(gem)
        self.log.add(self.turn, f"{self.cart_name(index)} drops a {gem}")

    def _drop(self, action: Drop) -> None:
        index = self.pending["cart"]
        self._drop_gem(index, action.gem)
        self.pending["count"] -= 1
        left, load = self.pending["count"], self.carts[index]["load"]
        if not left or len(load) <= left or len(set(load)) <= 1:  # no choice left
            self.pending = None
            for gem in list(load)[:left]:
                self._drop_gem(index, gem)
            self._stop()

    def _derail(self, index: int, why: str) -> None:
        cart = self.carts[index]
        square = tuple(cart["square"])
        if cart["load"]:
            self.gems.setdefault(square, []).extend(cart["load"])
        self.log.add(self.turn, f"{self.cart_name(index)} derails: {why}")
        cart.update(where=SUPPLY, square=None, load=[], derailed=True, speed=START_SPEED)

    def _deliver(self, index: int, square: Square) -> None:
        cart = self.carts[index]
        player = self.players[cart["owner"]]
        load = sorted(cart["load"], key=GEMS.index)
        exit_clan = board.EXIT_CLAN.get(square, "")
        cart["load"] = []
        player["stockpile"].extend(load)
        self.deliveries.append([cart["owner"], exit_clan, load, self.turn])
        where = f"{exit_clan} exit" if exit_clan else "the surface"
        self.log.add(self.turn, f"{self.cart_name(index)} delivers {', '.join(load) or 'nothing'} at {where}")
        if self.chasm_phase == COLLAPSING:
            cart.update(where=ESCAPED, square=None)
            self.log.add(self.turn, f"{self.cart_name(index)} leaves the mine")
        if load and not self.options.solo:
            self._check_missions(cart["owner"], load, exit_clan)

    def _check_missions(self, player: int, load: list[str], exit_clan: str) -> None:
        this_turn = sum(1 for p, _, l, t in self.deliveries if p == player and t == self.turn and l)
        delivery = Delivery(player=player, load=tuple(load), exit_clan=exit_clan or None,
                            own_clan=self.players[player]["clan"], stockpile=tuple(self.players[player]["stockpile"]),
                            deliveries_this_turn=this_turn)
        for mission in list(self.missions_up):
            if MISSION_BY_ID[mission].met(delivery):
                self.missions_up.remove(mission)
                self.players[player]["missions"].append(mission)
                self.log.add(self.turn, f"{self.players[player]['clan'].capitalize()} completes the mission "
                                        f"{MISSION_BY_ID[mission].title}")
                if self.mission_deck:
                    self.missions_up.append(self.mission_deck.pop())
                    self._see_chance()

    def _stop(self) -> None:
        """The driven cart's move is over."""
        self.driving = None
        self.pending = None
        self._next_drive()

    # ---- the deposits phase ---------------------------------------------------------------------
    def _draw_card(self, action: DrawCard) -> None:
        self._see_chance()
        if not self.deposit_deck:
            self.log.add(self.turn, "the Deposit deck is empty")
            self._end_turn()
            return
        card = self.deposit_deck.pop()
        self.drawn.append(card)
        if card == CHASM_CARD:
            if self.options.solo:
                self.deposit_deck = self._shuffled(self.deposit_deck + [CHASM_CARD])
                self.drawn.pop()
                self.solo_paused = True
                self.log.add(self.turn, "the Chasm card: the chasm rests this turn; the card is shuffled back")
            else:
                self.chasm_drawn_by = self.current
                self.chasm_phase = FINAL_TURNS
                self.final_turns_left = self.num_players + 1  # this turn's end counts one off
                self.log.add(self.turn, f"{self.players[self.current]['clan'].capitalize()} draws the Chasm card: "
                                        "everyone has one more turn")
            self._end_turn()
            return
        if self.options.solo:
            self.log.add(self.turn, f"card {card}: the chasm spreads")
            self._draw_token()
            return
        self._make_deposit(card)
        self._end_turn()

    def _token(self, action: DrawToken) -> None:
        self._see_chance()
        self._draw_token()

    def _place_token(self, action: PlaceToken) -> None:
        self._collapse((action.x, action.y), self.pending["colour"])
        self._end_turn()


_HANDLERS = {
    PlaceTrack: OffTheRails._place_track, Upgrade: OffTheRails._upgrade, PlaceCart: OffTheRails._place_cart,
    ChangeSpeed: OffTheRails._change_speed, EndActions: OffTheRails._end_actions, Drive: OffTheRails._drive,
    Turn: OffTheRails._turn, Pick: OffTheRails._pick, Drop: OffTheRails._drop, DrawCard: OffTheRails._draw_card,
    DrawToken: OffTheRails._token, PlaceToken: OffTheRails._place_token,
}
