"""The state of an Out of Mine! game and its rules.

All players act at once (``current_player`` is ``SIMULTANEOUS``): in "choose_sides"
each picks the side of their new board; in "placing" each lays tiles from the shared
supply on their own board while ``Tick`` actions move the round clock. A call, every
player being done, or the time limit ends the round: the check, the scoring and the
passing on of boards then happen by themselves, so the state always rests at a
decision. Every physical tile is in exactly one place (the supply or one board).
"""

from __future__ import annotations

import copy
import functools
from collections import Counter
from typing import Any, NamedTuple

from minegames.core import SIMULTANEOUS, Action, Deck, GameState, IllegalActionError, refuse
from minegames.core.polyomino import symmetries, translate
from minegames.core.words import plural

from . import scoring
from .actions import ACTION_TYPES, SIDES, Call, ChooseSide, Done, Place, Remove, Tick, clock_text, turn_words
from .kit import Kit, standard_kit
from .options import Options

PHASES = ("choose_sides", "placing", "over")
#: the clock step ``legal_actions`` offers (any positive Tick is legal).
TICK_MS = 1000


@functools.lru_cache(maxsize=1 << 16)
def _place(player: int, tile: int, orientation: int, row: int, col: int) -> Place:
    """Places are immutable and the same few thousand recur in every list: make each once."""
    return Place(player, tile, orientation, row, col)


class PlacedTile(NamedTuple):
    tile: int
    orientation: int
    row: int
    col: int
    cells: frozenset


class TileOffer(NamedTuple):
    """One (colour, shape) of the supply as a player sees it (see ``OutOfMine.tile_offers``)."""
    colour: str
    shape: int
    name: str
    free: int
    offered: bool
    listed: bool
    rule: str | None
    reason: str


#: Why the check after a round takes a tile off (``scoring.wrongly_placed``'s reasons), in words.
CHECK_WORDS = {scoring.OVER_ROCK: "it hangs over the rock",
               scoring.NOT_ON_CARD: "its colour is not on the treasure card",
               scoring.OVER_LIMIT: "the card allows fewer tiles of its colour (the last laid goes)"}


def player_name(player: int) -> str:
    """A seat as the log and the apps name it, counted from 1: "player 2"."""
    return f"player {player + 1}"


def board_name(board: int) -> str:
    """Boards are numbered 0-9 inside the model and 1-10 on the table (as the lessons show them)."""
    return f"board {board + 1}"


def cell_words(cell: tuple[int, int]) -> str:
    """A space of a board as a player counts it: "row 1, column 4" (from 1)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _top_left(cells) -> tuple[int, int]:
    """A tile's top-left square: the leftmost of its top row."""
    return min(cells)


class OutOfMine(GameState):
    """One game of Out of Mine! for 2-4 players."""

    game_name = "out_of_mine"
    action_types = ACTION_TYPES
    options_type = Options
    log_unit = "round"
    open_actions = (Tick,)
    chance_seen = "the cards dealt (and the first player drawn) have been seen"

    def __init__(self, options: Options | None = None, seed: int | None = None, kit: Kit | None = None):
        super().__init__(options if options is not None else Options(), seed)
        self._use_kit(kit)
        self._deal_first_boards()
        self._start()

    def _use_kit(self, kit: Kit | None) -> None:
        """The boxed set is only named in saves; a hand-made kit travels with them."""
        self.num_players = self.options.players
        if kit is None:
            kit = standard_kit(self.options.white_shapes)
        self._kit = kit
        self._kit_json = None if kit.standard is not None else kit.to_json()
        needed = self.options.players + self.options.pile_size
        if len(kit.board_numbers) < needed:
            raise IllegalActionError("boards", f"{self.options.players} players and {self.options.rounds} rounds "
                                               f"need {needed} boards; the kit has {len(kit.board_numbers)}")
        self._clear_round_state()

    def _clear_round_state(self) -> None:
        n = self.options.players
        self._phase = "choose_sides"
        self._round = 1
        self._clock = 0
        self._board_no: list[int] = [0] * n
        self._side: list[str | None] = [None] * n
        self._forced: list[str | None] = [None] * n
        self._cards: list[int | None] = [None] * n
        self._placed: list[list[PlacedTile]] = [[] for _ in range(n)]
        self._finished: list[int | None] = [None] * n
        self._done_order: list[int] = []
        self._pile: list[int] = []
        self._box: list[int] = []
        self._deck: Deck[int] = Deck()
        self._results: list[dict[str, Any]] = []
        self._where: dict[int, int] = {}

    def _deal_first_boards(self) -> None:
        boards = Deck(self._kit.board_numbers)
        boards.shuffle(self.rng)
        self._board_no = [boards.draw() for _ in range(self.options.players)]
        self._pile = [boards.draw() for _ in range(self.options.pile_size)]
        self._box = sorted(boards.draw_pile)
        self._deck = Deck(sorted(self._kit.cards))
        self._deck.shuffle(self.rng)
        self._note("each player gets a gallery board: " + self._boards_text())

    # ---- what players see ----------------------------------------------------
    @property
    def kit(self) -> Kit:
        return self._kit

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def round(self) -> int:
        return self._round

    @property
    def clock_ms(self) -> int:
        return self._clock

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else SIMULTANEOUS

    def table_driver(self, bots: Any) -> Any:
        """All play at once on one clock: a BotDriver runs the bots' plans in clock order."""
        from .bots import BotDriver

        return BotDriver(bots)

    def players_to_move(self) -> list[int]:
        """Players who may act now (everyone still choosing a side, or still placing)."""
        if self._phase == "choose_sides":
            return [p for p in range(self.num_players) if self._side[p] is None]
        if self._phase == "placing":
            return [p for p in range(self.num_players) if self._finished[p] is None]
        return []

    @property
    def board_numbers(self) -> tuple[int, ...]:
        return tuple(self._board_no)

    @property
    def boards(self) -> tuple:
        """The BoardSide in front of each player (None until that player picks a side)."""
        return tuple(None if side is None else self._kit.boards[(b, side)]
                     for b, side in zip(self._board_no, self._side))

    def sides_allowed(self, player: int) -> list[str]:
        """Sides ``player`` may pick: the other side only, if they got back last round's board."""
        if self._forced[player] is not None:
            return [self._forced[player]]
        return self._kit.sides_of(self._board_no[player])

    @property
    def cards(self) -> tuple:
        """Each player's treasure card (None until every side is chosen and the cards turn up)."""
        return tuple(None if c is None else self._kit.cards[c] for c in self._cards)

    @property
    def placed(self) -> tuple[tuple[PlacedTile, ...], ...]:
        return tuple(tuple(tiles) for tiles in self._placed)

    @property
    def pile_size(self) -> int:
        return len(self._pile)

    @property
    def finished_ms(self) -> tuple[int | None, ...]:
        """Clock time at which each player called or declared done this round (None: still placing)."""
        return tuple(self._finished)

    def free_tiles(self) -> list[int]:
        return [t for t in range(len(self._kit.tiles)) if t not in self._where]

    @property
    def supply(self) -> Counter:
        """Free tiles per (colour, shape, find) kind."""
        return Counter(self._kit.kind(t) for t in self.free_tiles())

    def tile_owner(self, tile: int) -> int | None:
        """The player whose board holds ``tile`` (None: it is in the supply)."""
        return self._where.get(tile)

    def gallery(self, player: int) -> frozenset:
        board = self.boards[player]
        return frozenset() if board is None else board.cells

    def occupied(self, player: int) -> frozenset:
        """Every cell under a tile of ``player``, over the rock too."""
        return frozenset().union(*(p.cells for p in self._placed[player]))

    def covered(self, player: int) -> frozenset:
        """The gallery cells under a tile."""
        return self.occupied(player) & self.gallery(player)

    def empty_cells(self, player: int) -> frozenset:
        return self.gallery(player) - self.occupied(player)

    def is_covered(self, player: int) -> bool:
        return self.boards[player] is not None and not self.empty_cells(player)

    def card_use(self, player: int) -> dict[str, int]:
        """Tiles of each colour on the player's board."""
        return dict(Counter(self._kit.tiles[p.tile].colour for p in self._placed[player]))

    @property
    def round_results(self) -> list[dict[str, Any]]:
        return copy.deepcopy(self._results)

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        for result in self._results:
            for p, points in enumerate(result["points"]):
                totals[p] += points["total"]
        return totals

    def winners(self) -> list[int]:
        """Players with the highest total (several on a tie: they share the win)."""
        totals = self.scores()
        return [p for p, total in enumerate(totals) if total == max(totals)]

    def view(self, player: int = 0) -> dict[str, Any]:
        """What is on the table: boards, revealed cards, tiles, clock and scores; never the
        order of the board pile or the card deck, the boxed boards, or the random generator."""
        return {
            "phase": self._phase,
            "round": self._round,
            "rounds": self.options.rounds,
            "clock_ms": self._clock,
            "board_numbers": list(self._board_no),
            "sides": list(self._side),
            "sides_allowed": [self.sides_allowed(p) if self._side[p] is None else [] for p in
                              range(self.num_players)] if self._phase == "choose_sides" else [],
            "cards": list(self._cards),
            "placed": [[list(p[:4]) for p in tiles] for tiles in self._placed],
            "finished_ms": list(self._finished),
            "players_to_move": self.players_to_move(),
            "pile_size": len(self._pile),
            "deck_size": len(self._deck),
            "round_results": self.round_results,
            "scores": self.scores(),
        }

    def __repr__(self) -> str:
        return f"<OutOfMine round {self._round}/{self.options.rounds}, {self._phase}, scores {self.scores()}>"

    def _repr_svg_(self) -> str:
        from .render import table_svg

        return table_svg(self)

    # ---- which actions are legal -------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """All legal actions (``Tick`` once, as a one-second step), or those of one player.
        Placements list one tile per kind of interchangeable tiles."""
        if self.is_over:
            return []
        if player is None:
            return self._legal_actions()
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            return []
        return self._player_actions(player)

    def _legal_actions(self) -> list[Action]:
        actions: list[Action] = []
        for p in range(self.num_players):
            actions += self._player_actions(p)
        if self._phase == "placing":
            actions.append(Tick(TICK_MS))
        return actions

    def _player_actions(self, p: int) -> list[Action]:
        if self._phase == "choose_sides":
            return [] if self._side[p] is not None else [ChooseSide(p, s) for s in self.sides_allowed(p)]
        if self._phase != "placing" or self._finished[p] is not None:
            return []
        actions: list[Action] = self._every_place(p)
        actions += [Remove(p, t.tile) for t in self._placed[p]]
        if self.is_covered(p):
            actions.append(Call(p))
        actions.append(Done(p))
        return actions

    def _every_place(self, p: int) -> list[Action]:
        """Every legal Place: each of :meth:`placements` with every interchangeable free tile and
        every symmetry that lays the same cells (so ``legal_actions`` agrees with ``is_legal``)."""
        opts, kit = self.options, self._kit
        alike: dict[tuple, list[int]] = {}
        for tile in self.free_tiles():
            alike.setdefault(kit.kind(tile, with_find=opts.finds), []).append(tile)
        actions: list[Action] = []
        for tile, k, row, col in self.placements(p):
            same = kit.same_layouts(tile, k, opts.flips, opts.finds)
            actions += [_place(p, other, j, row, col)
                        for other in alike[kit.kind(tile, with_find=opts.finds)] for j in same]
        return actions

    def placements(self, player: int) -> list[tuple[int, int, int, int]]:
        """(tile, orientation, row, col) of every legal placement for ``player``, one tile per kind."""
        opts = self.options
        gallery, occupied = self.gallery(player), self.occupied(player)
        free = gallery - occupied
        if not free:
            return []
        limits = self._kit.cards[self._cards[player]].limits
        used = self.card_use(player)
        representatives: dict[tuple, int] = {}
        for tile in self.free_tiles():
            colour = self._kit.tiles[tile].colour
            if opts.strict_placement and used.get(colour, 0) >= limits.get(colour, 0):
                continue
            representatives.setdefault(self._kit.kind(tile, with_find=opts.finds), tile)
        occupied_mask, free_mask = _mask(occupied), _mask(free)
        found = []
        for tile in representatives.values():
            for k in self._kit.distinct_orientations(tile, opts.flips, opts.finds):
                cells = self._kit.orient(tile, k)[0]
                shape_mask = _mask(cells)
                for dr, dc in _offsets(cells, free, opts.strict_placement):
                    shift = dr * _ROW + dc
                    placed = shape_mask << shift if shift >= 0 else shape_mask >> -shift
                    if opts.strict_placement:
                        if placed & ~free_mask == 0:
                            found.append((tile, k, dr, dc))
                    elif placed & occupied_mask == 0:
                        found.append((tile, k, dr, dc))
        return found

    def _check(self, action: Action) -> None:
        """Refuse an illegal action, naming the rule, before anything changes."""
        if isinstance(action, Tick):
            if self._phase != "placing":
                refuse("not placing", "the round clock runs only while tiles are being placed")
            if action.ms <= 0:
                refuse("tick", f"the clock moves forward by a positive number of ms, not {action.ms}")
            return
        p = action.player
        if not 0 <= p < self.num_players:
            refuse("no such player", f"there is no {player_name(p)}: this game has {self.num_players} players")
        if isinstance(action, ChooseSide):
            self._check_side(action)
            return
        if self._phase != "placing":
            refuse("choose sides first", f"'{self.action_words(action)}' needs the round to be under way; "
                                          "every player first picks a side of their board")
        if self._finished[p] is not None:
            refuse("player done", f"{player_name(p)} has stopped placing this round")
        if isinstance(action, Place):
            self._check_place(action)
        elif isinstance(action, Remove):
            if self._where.get(action.tile) != p:
                refuse("not your tile", f"{self._tile_in_words(action.tile)} is not on {player_name(p)}'s board")
        elif isinstance(action, Call):
            empty = len(self.empty_cells(p))
            if empty:
                refuse("not covered", f"{player_name(p)} may call only with every gallery space covered; "
                                      f"{plural(empty, 'space')} still empty")

    def _check_side(self, action: ChooseSide) -> None:
        p = action.player
        if self._phase != "choose_sides":
            refuse("sides chosen", "sides are chosen only at the start of a round")
        if self._side[p] is not None:
            refuse("side already chosen", f"{player_name(p)} already plays side {self._side[p]} this round")
        if action.side not in SIDES:
            refuse("no such side", f"a board has sides A and B, not {action.side!r}")
        allowed = self.sides_allowed(p)
        if action.side not in allowed:
            if self._forced[p] is not None:
                refuse("same board", f"{player_name(p)} got back last round's board and must turn it "
                                      f"to side {self._forced[p]}")
            refuse("no such side", f"{board_name(self._board_no[p])} has only side {' and '.join(allowed)}")

    def _check_place(self, action: Place) -> None:
        p, tile, k = action.player, action.tile, action.orientation
        opts = self.options
        if not 0 <= tile < len(self._kit.tiles):
            refuse("no such tile", f"tiles are 0..{len(self._kit.tiles) - 1}, not {tile}")
        owner = self._where.get(tile)
        name = self._tile_in_words(tile)
        if owner is not None:
            where = "your board" if owner == p else f"{player_name(owner)}'s board"
            refuse("tile not in supply", f"{name} already lies on {where}")
        if k not in symmetries(opts.flips):
            why = "without flips a tile may only be turned (0..3)" if opts.flips is False and 4 <= k <= 7 \
                else "orientations are 0..7"
            refuse("orientation", f"{why}, not {k}")
        cells = translate(self._kit.orient(tile, k)[0], action.row, action.col)
        gallery = self.gallery(p)
        if cells & self.occupied(p):
            refuse("overlap", f"{name} would lie on another tile of {player_name(p)}")
        if opts.strict_placement:
            if not cells <= gallery:
                refuse("outside the gallery", f"{name} would reach over the rock at "
                                               + "; ".join(cell_words(c) for c in sorted(cells - gallery)))
            card_says_no = self._card_refusal(p, self._kit.tiles[tile].colour)
            if card_says_no is not None:
                refuse(*card_says_no)
        elif not cells & gallery:
            refuse("off the board", f"{name} must cover at least one space of the gallery")

    def _card_refusal(self, p: int, colour: str) -> tuple[str, str] | None:
        """(rule, why) when ``p``'s treasure card forbids another ``colour`` tile (strict placement)."""
        limit = self._kit.cards[self._cards[p]].limits.get(colour, 0)
        if limit <= 0:
            return "colour not on card", f"{player_name(p)}'s treasure card shows no {colour} crystals"
        if self.card_use(p).get(colour, 0) >= limit:
            return "card limit", (f"{player_name(p)}'s card allows {plural(limit, colour + ' tile')}, "
                                  f"{'all' if limit > 1 else 'already'} on the board")
        return None

    # ---- what a front end asks ------------------------------------------------
    def tile_offers(self, player: int) -> dict[tuple[str, int], "TileOffer"]:
        """Per (colour, shape) of the kit: how many lie in the supply and whether ``player`` may
        take one now, or the rule (named as ``apply`` names it) that says no. ``listed`` is what
        the player's supply shows: while they place, the colours on their card (every colour
        under table rules, where the check after the round takes off what the card forbids)."""
        free = Counter((self._kit.tiles[t].colour, self._kit.tiles[t].shape) for t in self.free_tiles())
        strict = self.options.strict_placement
        turn_refusal = self._offer_refusal(player)
        offers = {}
        for colour, shapes in self._kit.shapes.items():
            card = None if turn_refusal is not None or not strict else self._card_refusal(player, colour)
            for shape in range(len(shapes)):
                name = self._kit.names[colour][shape]
                why = turn_refusal or card
                if why is None and not free[(colour, shape)]:
                    why = ("tile not in supply", f"no {self._kit.kind_words(colour, shape)} is left in the supply: "
                                                 "every one lies on a board")
                listed = turn_refusal is None and (card is None or card[0] != "colour not on card")
                offers[(colour, shape)] = TileOffer(colour, shape, name, free[(colour, shape)], why is None, listed,
                                                    *(why or (None, "")))
        return offers

    def _offer_refusal(self, player: int) -> tuple[str, str] | None:
        """Why ``player`` may take no tile at all now (the same rules ``_check`` applies first)."""
        if self.is_over:
            return "game over", "the game is over; no more tiles are placed"
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            return "no such player", f"there is no {player_name(player)}: this game has {self.num_players} players"
        if self._phase != "placing":
            return "choose sides first", "tiles are taken once every player has picked a side of their board"
        if self._finished[player] is not None:
            return "player done", f"{player_name(player)} has stopped placing this round"
        return None

    def points_words(self, points: dict[str, Any], with_base: bool = True) -> str:
        """A round's points (``round_points``, ``points_if_ended``) in words, for score lines."""
        if points["zeroed"]:
            return f"more than {scoring.MOST_EMPTY_CELLS} spaces empty: 0 for the round"
        parts = ([f"{points['base']} base"] if with_base else []) + [f"{points['empty']} empty"]
        return ", ".join(parts + [f"{points[k]:+d} {k}" for k in ("caller", "elves", "finds") if points.get(k)])

    def prompt(self, player: int | None = None) -> str:
        """What ``player`` (default: the first still to act) must decide now, in plain words."""
        if self.is_over:
            return f"The game is over after {len(self._results)} rounds."
        if player is None:
            player = (self.players_to_move() or [0])[0]
        head = f"Round {self._round} of {self.options.rounds}."
        if self._phase == "choose_sides":
            if self._side[player] is not None:
                return f"{head} Waiting for the others to choose a side."
            allowed = self.sides_allowed(player)
            board = self._board_no[player]
            if len(allowed) == 1:
                return f"{head} You got {board_name(board)} back: play its other side, {allowed[0]}, to start."
            return (f"{head} {board_name(board).capitalize()} is yours: choose the side to play. "
                    "The clock starts when everybody has chosen.")
        if self._finished[player] is not None:
            return "You have stopped placing; the round goes on until someone calls or everybody is done."
        flips = ", or flip it" if self.options.flips else ""
        return ("Fill your gallery with the crystals your card allows: pick one in the supply, turn it"
                f"{flips}, and lay it where it fits. When every space is covered, call Out of Mine!")

    # ---- what actions do ---------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, ChooseSide):
            self._side[action.player] = action.side
            self._note(self.action_words(action))
            if all(side is not None for side in self._side):
                self._reveal_cards()
        elif isinstance(action, Tick):
            limit = self.options.time_limit_ms
            self._clock += action.ms
            if limit is not None and self._clock >= limit:
                self._clock = limit
                self._timed(f"time is up after {clock_text(limit)}")
                self._finish_round("time", None)
        elif isinstance(action, Place):
            cells = translate(self._kit.orient(action.tile, action.orientation)[0], action.row, action.col)
            self._placed[action.player].append(
                PlacedTile(action.tile, action.orientation, action.row, action.col, cells))
            self._where[action.tile] = action.player
            self._timed(self.action_words(action))
        elif isinstance(action, Remove):
            words = self.action_words(action)  # while the tile still lies where the words say
            self._take_off(action.player, action.tile)
            self._timed(words)
        elif isinstance(action, Call):
            self._finished[action.player] = self._clock
            self._timed(self.action_words(action))
            self._finish_round("call", action.player)
        elif isinstance(action, Done):
            self._finished[action.player] = self._clock
            self._done_order.append(action.player)
            self._timed(self.action_words(action))
            if all(t is not None for t in self._finished):
                self._finish_round("all done", None)

    def _take_off(self, player: int, tile: int) -> None:
        self._placed[player] = [p for p in self._placed[player] if p.tile != tile]
        del self._where[tile]

    def _reveal_cards(self) -> None:
        """Cards are dealt face down and turned up together; as nobody may look before,
        the model deals them at the moment they turn up."""
        self._see_chance()
        self._cards = [self._deck.draw(self.rng, reshuffle=True) for _ in range(self.num_players)]
        self._phase, self._clock = "placing", 0
        self._note("into the mine! The treasure cards turn up: " + "; ".join(
            f"{player_name(p)} may lay {self._card_text(c)}" for p, c in enumerate(self._cards)))

    def _finish_round(self, reason: str, caller: int | None) -> None:
        for p in range(self.num_players):
            if self._finished[p] is None:
                self._finished[p] = self._clock
        removed = [self._check_board(p) for p in range(self.num_players)]
        points = [self._points(p, caller, removed[p]) for p in range(self.num_players)]
        self._results.append({
            "round": self._round,
            "reason": reason,
            "caller": caller,
            "clock_ms": self._clock,
            "finished_ms": list(self._finished),
            "boards": [[b, s] for b, s in zip(self._board_no, self._side)],
            "cards": list(self._cards),
            "placed": [[list(t[:4]) for t in tiles] for tiles in self._placed],
            "removed": [[[tile, why] for tile, why in r] for r in removed],
            "points": points,
        })
        self._note("the round is scored: " + self._points_text(pts["total"] for pts in points))
        if self._round >= self.options.rounds:
            self._phase = "over"
            winners = " and ".join(player_name(p) for p in self.winners())
            verdict = f"{winners} win{'s' if len(self.winners()) == 1 else ' together'}"
            self._note(f"game over: {verdict}; the totals: {self._points_text(self.scores())}")
            return
        self._pass_boards(self._leaving_player(caller))

    def _check_board(self, p: int) -> list[tuple[int, str]]:
        """The check after the round: wrongly placed tiles go back to the supply."""
        kit = self._kit
        placed = [(t.tile, kit.tiles[t.tile].colour, t.cells) for t in self._placed[p]]
        removed = scoring.wrongly_placed(self.gallery(p), placed, kit.cards[self._cards[p]].limits)
        for tile, why in removed:
            self._take_off(p, tile)
            self._note(f"the check takes {self._tile_in_words(tile)} off {player_name(p)}'s board: "
                       f"{CHECK_WORDS.get(why, why)}")
        return removed

    def _points(self, p: int, caller: int | None, removed: list) -> dict[str, Any]:
        """The round's points of player ``p``, whose board the check has already cleaned."""
        return self._board_points(p, self._placed[p], caller == p, not removed)

    def _board_points(self, p: int, tiles: list[PlacedTile], calls: bool, correct: bool) -> dict[str, Any]:
        kit, card, gallery = self._kit, self._kit.cards[self._cards[p]], self.gallery(p)
        colour_at, finds = {}, []
        for t in tiles:
            tile = kit.tiles[t.tile]
            for cell in t.cells:
                colour_at[cell] = tile.colour
            mark = kit.orient(t.tile, t.orientation)[1]
            if mark is not None and (mark[0] + t.row, mark[1] + t.col) in gallery:
                finds.append(tile.find[1])
        elves = scoring.elf_points(self.boards[p].elves, colour_at, card.limits) if self.options.elves else 0
        found = scoring.find_points(finds, card.finds) if self.options.finds else 0
        return scoring.round_points(len(gallery - colour_at.keys()), caller=calls, caller_correct=correct,
                                    elves=elves, finds=found, negative_rounds=self.options.negative_rounds)

    def points_if_ended(self, player: int) -> dict[str, Any]:
        """What ``player`` would score if the round stopped now without a call: the check
        takes off wrongly placed tiles (table rules) and the variants count, as at the real end.
        Changes nothing; for a score line that a player watches while placing."""
        if self._phase != "placing":
            raise IllegalActionError("not placing", "points are provisional only while tiles are being placed")
        kit = self._kit
        placed = [(t.tile, kit.tiles[t.tile].colour, t.cells) for t in self._placed[player]]
        gone = {tile for tile, _ in scoring.wrongly_placed(self.gallery(player), placed,
                                                           kit.cards[self._cards[player]].limits)}
        return self._board_points(player, [t for t in self._placed[player] if t.tile not in gone], False, True)

    def _leaving_player(self, caller: int | None) -> int:
        """Whose board goes back to the box: the caller's; without a caller, see the option."""
        if caller is not None:
            return caller
        how = self.options.no_caller_board
        if how == "first_done" and self._done_order:
            return self._done_order[0]
        return int(self.rng.integers(self.num_players))

    def _pass_boards(self, leaver: int) -> None:
        """The leaving board goes to the box, the pile's top board joins, all are shuffled and dealt."""
        previous = list(zip(self._board_no, self._side))
        self._box.append(self._board_no[leaver])
        new = self._pile.pop()
        boards = [b for p, b in enumerate(self._board_no) if p != leaver] + [new]
        order = self.rng.permutation(len(boards))
        self._board_no = [boards[i] for i in order]
        self._forced = [None] * self.num_players
        for p, (board, side) in enumerate(previous):
            if self._board_no[p] == board:
                other = [s for s in self._kit.sides_of(board) if s != side]
                self._forced[p] = other[0] if other else None
        self._note(f"{player_name(leaver)}'s {board_name(previous[leaver][0])} goes back in the box and "
                   f"{board_name(new)} joins; the boards are dealt again: " + self._boards_text())
        for card in self._cards:
            self._deck.discard(card)
        n = self.num_players
        self._round += 1
        self._phase, self._clock = "choose_sides", 0
        self._side, self._cards = [None] * n, [None] * n
        self._placed, self._where = [[] for _ in range(n)], {}
        self._finished, self._done_order = [None] * n, []

    # ---- words ------------------------------------------------------------------------
    def action_words(self, action: Action) -> str:
        """An action in a player's words, as the log writes it ("player 2 places the red 4-cell
        bar, turned a quarter turn clockwise, with its top-left square on row 1, column 3")."""
        if isinstance(action, Tick):
            return f"the clock moves on {action.ms / 1000:g} s"
        who = player_name(action.player)
        if isinstance(action, ChooseSide):
            board = self._board_no[action.player] if 0 <= action.player < self.num_players else None
            return f"{who} plays side {action.side}" + ("" if board is None else f" of {board_name(board)}")
        if isinstance(action, Place):
            return f"{who} places {self.placement_words(action.tile, action.orientation, action.row, action.col)}"
        if isinstance(action, Remove):
            lying = next((t for t in self._placed[action.player] if t.tile == action.tile), None) \
                if 0 <= action.player < self.num_players else None
            where = "the board" if lying is None else cell_words(_top_left(lying.cells))
            return f"{who} takes {self._tile_in_words(action.tile)} back off {where}"
        if isinstance(action, Call):
            return f"{who} calls Out of Mine!"
        if isinstance(action, Done):
            return f"{who} is done placing for this round"
        return str(action)

    def placement_words(self, tile: int, orientation: int, row: int, col: int) -> str:
        """A tile laid: which, how it is turned (the plainest turn that lays the same cells: a bar
        turned three quarters lies as one turned a quarter) and where its top-left square goes."""
        kit = self._kit
        if not 0 <= tile < len(kit.tiles) or orientation not in symmetries(True):
            return f"a tile that is not in the kit (number {tile}, symmetry {orientation})"
        plainest = min(kit.same_layouts(tile, orientation, True, True))
        cells = translate(kit.orient(tile, orientation)[0], row, col)
        corner = _top_left(cells)
        if corner[0] < 0 or corner[1] < 0:
            on_board = [c for c in cells if c[0] >= 0 and c[1] >= 0]
            where = "hanging over the rock" + (f", covering {cell_words(min(on_board))}" if on_board else "")
        else:
            where = f"{'on' if len(cells) == 1 else 'with its top-left square on'} {cell_words(corner)}"
        turn = turn_words(plainest)
        return f"the {kit.tile_words(tile)}{f', {turn},' if turn else ''} {where}"

    def _tile_in_words(self, tile: int) -> str:
        if not 0 <= tile < len(self._kit.tiles):
            return "a tile that is not in the kit"
        return f"the {self._kit.tile_words(tile)}"

    def _card_text(self, card_id: int) -> str:
        """A treasure card's limits: "2 yellow, 1 blue and 3 red tiles"."""
        card = self._kit.cards[card_id]
        counts = [f"{n} {colour}" for colour, n in card.limits.items()]
        listed = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " and " + counts[-1]
        return f"{listed} {'tile' if sum(card.limits.values()) == 1 else 'tiles'}"

    def _boards_text(self) -> str:
        return ", ".join(f"{player_name(p)} gets {board_name(b)}" for p, b in enumerate(self._board_no))

    @staticmethod
    def _points_text(totals) -> str:
        return ", ".join(f"{plural(total, 'point')} for {player_name(p)}" for p, total in enumerate(totals))

    def _note(self, text: str) -> None:
        self.log.add(self._round, text)

    def _timed(self, text: str) -> None:
        self._note(f"{clock_text(self._clock)} {text}")

    # ---- snapshots -----------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return {
            "kit": self._kit_json,
            "phase": self._phase,
            "round": self._round,
            "clock": self._clock,
            "board_no": list(self._board_no),
            "side": list(self._side),
            "forced": list(self._forced),
            "cards": list(self._cards),
            "placed": [[list(t[:4]) for t in tiles] for tiles in self._placed],
            "finished": list(self._finished),
            "done_order": list(self._done_order),
            "pile": list(self._pile),
            "box": list(self._box),
            "deck": [list(self._deck.draw_pile), list(self._deck.discards)],
            "results": self._results[:],
        }

    def _restore(self, data: dict[str, Any]) -> None:
        if data["kit"] is not getattr(self, "_kit_json", "not loaded yet"):
            kit = standard_kit(self.options.white_shapes) if data["kit"] is None else Kit.from_json(data["kit"])
            self._kit, self._kit_json = kit, data["kit"]
        self.num_players = self.options.players
        self._phase = data["phase"]
        self._round = data["round"]
        self._clock = data["clock"]
        self._board_no = list(data["board_no"])
        self._side = list(data["side"])
        self._forced = list(data["forced"])
        self._cards = list(data["cards"])
        self._placed = [[self._placed_tile(*t) for t in tiles] for tiles in data["placed"]]
        self._where = {t.tile: p for p, tiles in enumerate(self._placed) for t in tiles}
        self._finished = list(data["finished"])
        self._done_order = list(data["done_order"])
        self._pile = list(data["pile"])
        self._box = list(data["box"])
        self._deck = Deck(data["deck"][0], data["deck"][1])
        self._results = list(data["results"])

    def _placed_tile(self, tile: int, k: int, row: int, col: int) -> PlacedTile:
        return PlacedTile(tile, k, row, col, translate(self._kit.orient(tile, k)[0], row, col))

    def problems(self) -> list[tuple[str, str]]:
        """(rule, explanation) for everything that makes this position impossible; [] if none."""
        found: list[tuple[str, str]] = []
        n, kit, opts = self.num_players, self._kit, self.options
        if self._phase not in PHASES:
            return [("phase", f"unknown phase {self._phase!r}")]
        lists = (self._board_no, self._side, self._forced, self._cards, self._placed, self._finished)
        if any(len(x) != n for x in lists):
            return [("players", f"every per-player list needs {n} entries")]
        every_board = self._board_no + self._pile + self._box
        if sorted(every_board) != kit.board_numbers:
            found.append(("boards", "every board is in front of a player, in the pile or in the box, once"))
        if len(self._pile) != max(opts.rounds - self._round, 0) and self._phase != "over":
            found.append(("pile", f"round {self._round} of {opts.rounds} needs {opts.rounds - self._round} "
                                  f"boards in the pile, not {len(self._pile)}"))
        for p in range(n):
            if self._side[p] is not None and (self._board_no[p], self._side[p]) not in kit.boards:
                found.append(("side", f"{board_name(self._board_no[p])} has no side {self._side[p]!r}"))
        seen: Counter = Counter(t.tile for tiles in self._placed for t in tiles)
        if any(count > 1 for count in seen.values()):
            found.append(("tile count", "a tile lies in two places"))
        if any(not 0 <= tile < len(kit.tiles) for tile in seen):
            return found + [("no such tile", "a placed tile is not in the kit")]
        placing = self._phase == "placing"
        if placing != all(c is not None for c in self._cards) or (placing and None in self._side):
            found.append(("cards", "cards lie face up exactly while tiles are placed, after every side is chosen"))
        if not placing and any(self._placed):
            found.append(("placing", "tiles lie on boards only while the round is under way"))
        for p in range(n):
            cells = [c for t in self._placed[p] for c in t.cells]
            if len(cells) != len(set(cells)):
                found.append(("overlap", f"two tiles of {player_name(p)} overlap"))
            if placing and opts.strict_placement and not set(cells) <= self.gallery(p):
                found.append(("outside the gallery", f"a tile of {player_name(p)} lies over the rock"))
        return found


#: cells as bits of one integer (row-major, rows ``_ROW`` bits apart, a margin so shapes
#: hanging over the rock off the top or left still land on non-negative bits).
_ROW, _MARGIN = 32, 8


def _mask(cells) -> int:
    bits = 0
    for r, c in cells:
        bits |= 1 << ((r + _MARGIN) * _ROW + c + _MARGIN)
    return bits


def _offsets(cells: frozenset, free: frozenset, strict: bool) -> list[tuple[int, int]]:
    """Shifts of an oriented shape worth trying: its first cell on a free gallery cell
    (strict), or any of its cells on one (table rules)."""
    if strict:
        anchor = min(cells)
        return sorted((r - anchor[0], c - anchor[1]) for r, c in free)
    return sorted({(r - cr, c - cc) for r, c in free for cr, cc in cells})
