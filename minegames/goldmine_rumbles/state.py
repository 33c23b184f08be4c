"""The state of a Goldmine Rumbles game and its turn rules.

The state always rests at a decision. Decisions wait on a stack (``self._pending``,
top last); each entry names its ``kind`` and the ``player`` who must answer, so
``current_player`` is simply the top's player: the active miner, a miner meeting a
rat, a Bible holder looking at a yield die, a fighter holding a Chippawa Leaf...
Chance (dice, draws) happens inside ``apply`` with the state's seeded RNG, and every
dice rule is a call into :mod:`.dice_rules`.

Items are conserved: each physical item is in the supply or with one player; used,
discarded and forfeited items go back to the supply.
"""

from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations, permutations
from typing import Any

from minegames.core import Action, GameState, IllegalActionError

from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import (
    ACTION_TYPES, AcceptBid, AttackPapaClayton, AttackPlayer, Bid, Blast, BuyClaim, BuyEssentials, ChooseDie,
    ChooseItem, Decline, Discard, EndTurn, FightClayton, FightRound, InviteBids, MineAlone, MoveCube, NoBid, PayFee,
    Peek, Pick, PlaceCube, Rearrange, Refresh, RejectBids, RollYield, Steal, Step, Swap, TakeItems, Trade, Travel, UseItem,
)
from .options import Options

CLAYTON = -1  # the fight side that is Papa Clayton
FREE_USE = {  # items usable whenever their owner is active: what they clear
    "Whiskey": "injuries", "Medical Supplies": "bandages", "Fungus": "poisons", "Apple Pie": "black_marks",
}
STORE_SLOTS = len(C.STORE_PRICES)
ACTIVE_KINDS = ("turn", "travel", "items")  # decisions during which the decider may also act freely
SLOT_PAIRS = ((0, 1), (0, 2), (1, 2))
WHOLE_ROW = (0, 1, 2)  # a Matchstick takes all three
FIGHT_ITEMS = {"arm": "armed", "chippawa": "leaf"}  # decision -> the fight's flag the item sets
SWAP_ICONS = {"Flask": C.FLASK_ITEMS, "Harmonica": C.HARMONICA_ITEMS}  # what Papa Clayton swaps each for
TRADE_SET, TRADE_SOLD, TRADE_PRICE = 3, 2, 6  # three alike: two go back for 6gn
PIPE_MOVES = 3


def _refuse(rule: str, message: str) -> None:
    raise IllegalActionError(rule, message)


def new_player(colour: str, character: int, mission: int) -> dict[str, Any]:
    """A miner's sheet as set up: 10gn, the three essentials and the character's item."""
    items = Counter(C.START_ITEMS)
    items[C.CHARACTERS[character].item] += 1
    return {
        "colour": colour, "character": character, "mission": mission, "gold": C.START_GOLD,
        "items": dict(items), "dashboard": {col: 0 for col in C.DASHBOARD_COLUMNS},
        "injuries": 0, "bandages": 0, "poisons": 0, "black_marks": 0, "claims": [], "peeked": [],
    }


class GoldmineRumbles(GameState):
    """One game of Goldmine Rumbles for 3 or 4 miners."""

    game_name = "goldmine_rumbles"
    action_types = ACTION_TYPES
    options_type = Options
    log_unit = "phase"

    def __init__(self, options: Options | None = None, seed: int | None = None):
        super().__init__(options if options is not None else Options(), seed)
        self.num_players = self.options.players
        self._set_up()
        self._start()

    # ---- setup ---------------------------------------------------------------
    def _set_up(self) -> None:
        n, rng = self.options.players, self.rng
        characters = [int(c) for c in rng.permutation(len(C.CHARACTERS))[:n]]
        missions = [int(m) for m in rng.permutation(len(C.MISSIONS))[:n]]
        self._players = [new_player(C.COLOURS[p], characters[p], missions[p]) for p in range(n)]
        self._supply = dict(C.SUPPLY)
        for sheet in self._players:
            for item, count in sheet["items"].items():
                self._supply[item] -= count
        starts = [int(s) for s in rng.permutation(M.START_SITES)[:n]]
        self._positions: list = list(starts)
        self._mine = M.Mine.random(rng)
        claims = [int(c) for c in rng.permutation(C.CLAIM_SITES)]
        self._store: list = claims[:STORE_SLOTS]
        self._pile: list[int] = claims[STORE_SLOTS:]
        self._clayton = self._pile[0]
        self._track = [int(t) for t in rng.permutation(C.TILE_NUMBERS)[:len(self.phase_cubes)]]
        self._revealed = 0
        self._phase = 0
        self._order: list[int] = list(range(n))
        self._turn_index = 0
        self._over = False
        self._pending: list[dict[str, Any]] = []
        self._note("the miners take their places: " + ", ".join(
            f"{s['colour']} ({C.CHARACTERS[s['character']].name}) at site {pos}"
            for s, pos in zip(self._players, self._positions)))
        self._begin_phase()

    @property
    def phase_cubes(self) -> tuple[int, ...]:
        return C.phase_cubes(self.options.players, self.options.long_game)

    # ---- snapshots -------------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({
            "players": self._players, "supply": self._supply,
            "positions": [M.position_to_json(p) for p in self._positions],
            "mine": self._mine.to_json(), "store": self._store, "pile": self._pile, "track": self._track,
            "clayton": M.position_to_json(self._clayton),
            "revealed": self._revealed, "phase": self._phase, "order": self._order,
            "turn_index": self._turn_index, "over": self._over, "pending": self._pending,
        })

    def _restore(self, data: dict[str, Any]) -> None:
        data = copy.deepcopy(data)
        self.num_players = len(data["players"])
        self._players, self._supply = data["players"], data["supply"]
        self._positions = [M.position_from_json(p) for p in data["positions"]]
        self._mine = M.Mine.from_json(data["mine"])
        self._store, self._pile, self._track = data["store"], data["pile"], data["track"]
        self._clayton = M.position_from_json(data["clayton"])
        self._revealed, self._phase, self._order = data["revealed"], data["phase"], data["order"]
        self._turn_index, self._over, self._pending = data["turn_index"], data["over"], data["pending"]

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` sees: no other mission, no claim below the pile's top, no unrevealed tile."""
        seen = self._snapshot()
        for p, sheet in enumerate(seen["players"]):
            if p != player:
                sheet["mission"] = None
        seen["pile"] = seen["pile"][:1] + [None] * (len(seen["pile"]) - 1)
        peeked = set(self._players[player]["peeked"])
        seen["track"] = [t if i < self._revealed or i in peeked else None for i, t in enumerate(self._track)]
        return seen

    def problems(self) -> list[tuple[str, str]]:
        found = []
        held = Counter()
        for sheet in self._players:
            held.update(sheet["items"])
            if sum(sheet["items"].values()) > C.CARRY_LIMIT:
                found.append(("carry limit", f"{sheet['colour']} carries more than {C.CARRY_LIMIT} items"))
            for col, cubes in sheet["dashboard"].items():
                if not 0 <= cubes <= C.DASHBOARD_CAPACITY[col]:
                    found.append(("dashboard", f"{sheet['colour']}'s {col} holds {cubes} cubes"))
            if sheet["gold"] < 0:
                found.append(("gold", f"{sheet['colour']} has negative gold"))
        for item, total in C.SUPPLY.items():
            if held[item] + self._supply.get(item, 0) != total:
                found.append(("items", f"{item}: {held[item]} held + {self._supply.get(item, 0)} in supply"
                                       f" is not the {total} in the box"))
        return found

    # ---- read-only views --------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._pending[-1]["player"]

    @property
    def step(self) -> str:
        return "game over" if self._over else self._pending[-1]["kind"]

    @property
    def phase(self) -> int:
        """The phase being played, 1-based."""
        return self._phase + 1

    @property
    def phase_order(self) -> tuple[int, ...]:
        return tuple(self._order)

    @property
    def turn_player(self) -> int | None:
        turn = self._turn()
        return None if turn is None else turn["player"]

    @property
    def mine(self) -> M.Mine:
        return self._mine

    @property
    def positions(self) -> tuple:
        return tuple(self._positions)

    @property
    def clayton_position(self):
        """Where Papa Clayton stands: the pile's top claim site, unless a Harmonica called him away."""
        return self._clayton

    @property
    def claim_store(self) -> tuple:
        return tuple(self._store)

    @property
    def claim_pile_top(self) -> int | None:
        return self._pile[0] if self._pile else None

    @property
    def bid_board(self) -> dict[int, int]:
        """The bids of the turn being played: square (gn) -> bidder."""
        turn = self._turn()
        return {} if turn is None else {square: bidder for square, bidder in turn["bids"]}

    @property
    def rumbles_revealed(self) -> tuple[int, ...]:
        return tuple(self._track[:self._revealed])

    @property
    def supply(self) -> dict[str, int]:
        return dict(self._supply)

    def player(self, p: int) -> dict[str, Any]:
        """A copy of player ``p``'s sheet (gold, items, dashboard, tokens, claims, mission)."""
        return copy.deepcopy(self._players[p])

    def gold(self, p: int) -> int:
        return self._players[p]["gold"]

    def fifty_tokens(self, p: int) -> int:
        return R.track_position(self.gold(p))[0]

    def items(self, p: int) -> Counter:
        return Counter({k: v for k, v in self._players[p]["items"].items() if v})

    def dashboard(self, p: int) -> dict[str, int]:
        return dict(self._players[p]["dashboard"])

    def mission(self, p: int) -> tuple[str, ...]:
        return C.MISSIONS[self._players[p]["mission"]]

    def penalty(self, p: int) -> int:
        sheet = self._players[p]
        return R.token_penalty(sheet["bandages"], sheet["poisons"])

    def score_breakdown(self) -> list[dict[str, int]]:
        """The end-of-game steps per player, in the rulebook's order (dice_rules.end_game_steps)."""
        marks = R.fewest_marks_bonuses([s["black_marks"] for s in self._players])
        result = []
        for sheet, bonus in zip(self._players, marks):
            held = {item for item, count in sheet["items"].items() if count}
            result.append(R.end_game_steps(
                sheet["gold"], sheet["dashboard"][R.NOTEBOOKS], bonus,
                sheet["bandages"] + sheet["poisons"] + sheet["black_marks"],
                len(held & set(C.MISSIONS[sheet["mission"]]))))
        return result

    def scores(self) -> list[int]:
        return [steps["final"] for steps in self.score_breakdown()]

    def __repr__(self) -> str:
        return f"<GoldmineRumbles phase {self.phase}, {self.step}, P{(self.current_player or 0) + 1} to decide>"

    def _repr_svg_(self) -> str:
        from .render import state_svg
        return state_svg(self)

    # ---- helpers ---------------------------------------------------------------
    def _note(self, text: str) -> None:
        self.log.add(self._phase + 1, text)

    def _name(self, p: int) -> str:
        return "Papa Clayton" if p == CLAYTON else self._players[p]["colour"]

    def _top(self) -> dict[str, Any]:
        return self._pending[-1]

    def _turn(self) -> dict[str, Any] | None:
        for entry in reversed(self._pending):
            if entry["kind"] == "turn":
                return entry
        return None

    def _push(self, kind: str, player: int, **data: Any) -> None:
        self._pending.append({"kind": kind, "player": player, **data})

    def _cubes(self, p: int, column: str) -> int:
        return self._players[p]["dashboard"][column]

    def _carried(self, p: int) -> int:
        return sum(self._players[p]["items"].values())

    def _has(self, p: int, item: str, count: int = 1) -> bool:
        return self._players[p]["items"].get(item, 0) >= count

    def _give(self, p: int, item: str, count: int = 1) -> None:
        """Move items from the supply to player ``p``."""
        self._supply[item] -= count
        self._players[p]["items"][item] = self._players[p]["items"].get(item, 0) + count

    def _return(self, p: int, item: str, count: int = 1) -> None:
        """Move items from player ``p`` back to the supply."""
        self._players[p]["items"][item] -= count
        self._supply[item] += count

    def _hurt(self, p: int, injuries: int) -> None:
        sheet = self._players[p]
        sheet["injuries"], bandages = R.add_injuries(sheet["injuries"], injuries)
        sheet["bandages"] += bandages
        if bandages:
            self._note(f"{sheet['colour']} reaches {R.INJURY_LIMIT} injuries and takes a Bandage")

    def _roll(self) -> int:
        return int(self.rng.integers(1, 7))

    def _cell_near(self, position) -> tuple[M.Cell, ...]:
        """The tiles a miner counts as next to, for phase injuries."""
        if isinstance(position, int):
            return (M.site_tile(position),)
        if isinstance(position, M.Portal):
            return (self._mine.cell_of(position.tile),)
        return tuple(cell for cell, _ in M.sides(position))

    # ---- phases ----------------------------------------------------------------
    def _begin_phase(self) -> None:
        """Each miner places the phase's cubes, in the last phase's order (seat order at first)."""
        count = self.phase_cubes[self._phase]
        for p in reversed(self._order):
            self._push("place cubes", p, count=count, source="phase")
        self._settle()

    def _reveal(self) -> None:
        """Reveal the next Rumbles tile, turn its mine tile over, hurt the miners near it, set the order."""
        number = self._track[self._revealed]
        self._revealed += 1
        tile = C.RUMBLES_TILES[number - 1]
        self._mine = self._mine.turned_over(tile.number)
        self._note(f"phase {self.phase}: Rumbles tile {number} turns over mine tile {tile.number}")
        where = self._mine.cell_of(tile.number)
        for p, position in enumerate(self._positions):
            distance = min(M.distance(cell, where) for cell in self._cell_near(position))
            hurt = R.phase_injuries(distance, self.phase, self._cubes(p, R.SAFETY_GEAR))
            if hurt:
                self._note(f"{self._name(p)} takes {hurt} injur{'y' if hurt == 1 else 'ies'} in the cave-in")
                self._hurt(p, hurt)
        colours = [s["colour"] for s in self._players]
        self._order = [colours.index(c) for c in C.phase_order(tile, colours)]
        self._turn_index = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        """The turn's record stays at the stack's bottom. Its ``mode`` tracks the main action: None
        (not chosen), travel, taking, at claim, bidding, partner travelling, partnered, invited
        (bids refused: mine alone), fight, done."""
        player = self._order[self._turn_index]
        self._push("turn", player, mode=None, claim=None, taken=None, partner=None, bids=[], yielded=[],
                   clayton_fighters=[])
        self._note(f"{self._name(player)}'s turn")

    def _end_turn(self) -> None:
        self._pending.clear()  # a miner who gives up on a journey leaves it here
        self._turn_index += 1
        if self._turn_index < len(self._order):
            self._begin_turn()
        elif self._phase + 1 < len(self.phase_cubes):
            self._phase += 1
            self._begin_phase()
        else:
            self._over = True
            self._note("the last phase is over: final scores " + ", ".join(
                f"{s['colour']} {score}" for s, score in zip(self._players, self.scores())))

    def _settle(self) -> None:
        """Run what happens by itself until someone must decide."""
        while self._pending:
            top = self._top()
            if top["kind"] == "place cubes" and not self._cube_columns(top["player"]):
                self._note(f"{self._name(top['player'])} has no room for a cube")
                self._pending.pop()
                continue
            if top["kind"] == "wind down" and not self._remedies(top["player"]):
                self._pending.pop()
                continue
            break
        if not self._pending and not self._over:
            self._reveal()

    # ---- legal actions -----------------------------------------------------------
    def _cube_columns(self, p: int) -> list[str]:
        """Columns with a free square (Notebooks only while 5gn can be put away)."""
        return [col for col in C.DASHBOARD_COLUMNS
                if self._cubes(p, col) < C.DASHBOARD_CAPACITY[col]
                and (col != R.NOTEBOOKS or self.gold(p) >= R.column_effect(R.NOTEBOOKS, 1))]

    def _legal_actions(self) -> list[Action]:
        top, p = self._top(), self.current_player
        kind = top["kind"]
        if kind == "place cubes":
            return [PlaceCube(p, col) for col in self._cube_columns(p)]
        if kind == "turn":
            return self._free_actions(p) + self._turn_actions(top)
        if kind == "travel":
            give_up = EndTurn(p) if top["purpose"] != "partner" else Decline(p)
            return self._free_actions(p) + self._travel_actions(top) + self._picks(p) + [give_up]
        if kind == "items":
            choices = SLOT_PAIRS + ((WHOLE_ROW,) if len(top["rows"]) == 2 and self._has(p, "Matchstick") else ())
            return self._free_actions(p) + [TakeItems(p, row, slots) for row in top["rows"] for slots in choices
                                            if self._take_problem(p, top["claim"], row, slots) is None]
        if kind == "bids":
            taken = {square for square, _ in self._turn()["bids"]}
            return [Bid(p, square) for square in C.BID_SQUARES
                    if square not in taken and square <= self.gold(p)] + [NoBid(p)]
        if kind == "accept":
            return [AcceptBid(p, bidder) for _, bidder in self._turn()["bids"]] + [RejectBids(p)]
        if kind == "choose die":
            return [ChooseDie(p, d) for d in top["allowed"]]
        if kind == "pipe":
            return self._pipe_moves(p) + [Decline(p)]
        if kind == "wind down":
            return [UseItem(p, item) for item in self._remedies(p)] + [Decline(p)]
        if kind == "rat":
            return [UseItem(p, "Bread"), Decline(p)]
        if kind == "snake":
            return [UseItem(p, "Blunderbuss"), Decline(p)]
        if kind == "bible":
            return [UseItem(p, "Bible"), Decline(p)]
        if kind == "clayton":
            return [PayFee(p), FightClayton(p)]
        if kind == "arm":
            return [UseItem(p, "Blunderbuss"), Decline(p)]
        if kind == "chippawa":
            return [UseItem(p, "Chippawa Leaf"), Decline(p)]
        if kind == "fight":
            return [FightRound(p)]
        if kind == "spoils":
            return [ChooseItem(p, item) for item in self._spoils(top)]
        raise AssertionError(f"unknown decision {kind!r}")

    def _free_actions(self, p: int) -> list[Action]:
        """What an active miner may do at any moment of the turn: essentials, healing, discarding."""
        result: list[Action] = []
        room = C.CARRY_LIMIT - self._carried(p)
        for item in C.ESSENTIALS:
            if self.gold(p) >= 1 and room >= 1 and self._supply[item] >= 1:
                result.append(BuyEssentials(p, (item,)))
        for item, field in FREE_USE.items():
            if self._has(p, item) and self._players[p][field]:
                result.append(UseItem(p, item))
        held = self.items(p)
        result += [Trade(p, item) for item in sorted(held) if held[item] >= TRADE_SET and not C.ITEMS[item].essential]
        if held["Pipe"] and self._pipe_moves(p):
            result.append(UseItem(p, "Pipe"))
        here = self._positions[p]
        if held["Harmonica"] and self._clayton != here:
            result.append(UseItem(p, "Harmonica"))
        if self._clayton == here:
            result += [Swap(p, give, take) for give in sorted(SWAP_ICONS) if held[give]
                       for take in SWAP_ICONS[give] if take != give and self._supply[take] >= 1]
        if held["Bacon"]:
            result += [Steal(p, victim, item) for victim, item in self._pickable(p)]
        if held["Flask"]:
            shown = [s for s, claim in enumerate(self._store) if claim is not None]
            result += [Refresh(p, slots) for k in range(1, self.options.flask_refresh_max + 1)
                       for slots in combinations(shown, k)]
        if held["Detonator"]:
            if self._revealed < len(self._track) and self._revealed not in self._players[p]["peeked"]:
                result.append(Peek(p))
            for kind, index in M.detonator_lines(self._mine, here, self.options.detonator_columns):
                result += [Rearrange(p, kind, index, order) for order in permutations(range(M.SIZE))
                           if order != tuple(range(M.SIZE))]
        result += [Discard(p, item) for item in sorted(held)]
        return result

    def _picks(self, p: int) -> list[Action]:
        """Matchstick on the way: one item from a displayed claim whose site the miner stands at."""
        here = self._positions[p]
        if not self._has(p, "Matchstick") or here not in self._store:
            return []
        rows = C.CLAIMS[here].rows
        return [Pick(p, here, r, s) for r in (0, 1) for s in range(3)
                if rows[r][s] != C.CUBE and self._supply[rows[r][s]] >= 1]

    def _remedies(self, p: int) -> list[str]:
        """Medicinal items ``p`` holds that would heal something now (for winding down)."""
        return [item for item in C.MEDICINAL_ITEMS if self._has(p, item) and self._players[p][FREE_USE[item]]]

    def _pickable(self, p: int) -> list[tuple[int, str]]:
        """(victim, item) a Bacon may steal: from Papa Clayton (the supply) or a miner on the same spot."""
        here, found = self._positions[p], []
        if self._clayton == here:
            found += [(CLAYTON, item) for item in C.ITEM_NAMES if item != "Bacon" and self._supply[item] >= 1]
        for q in range(self.num_players):
            if q != p and self._positions[q] == here:
                found += [(q, item) for item in sorted(self.items(q)) if item != "Bacon"]
        return found

    def _pipe_moves(self, p: int) -> list[Action]:
        """Cube moves a Pipe allows: a top cube (never a Notebook's) to another column's free square."""
        board = self._players[p]["dashboard"]
        sources = [col for col in C.DASHBOARD_COLUMNS if board[col] and col != R.NOTEBOOKS]
        targets = [col for col in self._cube_columns(p)]
        return [MoveCube(p, a, b) for a in sources for b in targets if a != b]

    def _turn_actions(self, turn: dict[str, Any]) -> list[Action]:
        p, mode = turn["player"], turn["mode"]
        result: list[Action] = []
        if mode is None:
            result += [BuyClaim(p, s) for s, claim in enumerate(self._store)
                       if claim is not None and self.gold(p) >= self._price(p, s)]
            result.append(AttackPapaClayton(p))
            result += [AttackPlayer(p, q) for q in range(self.num_players) if q != p]
        elif mode in ("at claim", "invited"):
            result.append(MineAlone(p))
            if mode == "at claim":
                result.append(InviteBids(p))
        elif mode == "partnered":
            return result + [RollYield(p)]
        if mode in (None, "done"):
            result.append(EndTurn(p))
        return result

    def _travel_actions(self, travel: dict[str, Any]) -> list[Action]:
        p = travel["player"]
        here = self._positions[p]
        plans = self._cubes(p, R.TUNNEL_PLANS)
        result: list[Action] = [Step(p, _key(target)) for _, target in
                                M.moves(self._mine, here, plans, travel["jumped"])]
        if self._best_route(travel) is not None:
            result.append(Travel(p, _key(self._goal_position(travel))))
        if travel["blasts"] or self._has(p, "Dynamite"):
            result += [Blast(p, r, c, t) for r, c in sorted(M.dynamite_targets(self._mine, here)) for t in (1, 2, 3)]
        return result

    def _price(self, p: int, slot: int) -> int:
        return R.claim_price(C.STORE_PRICES[slot], self._cubes(p, R.COMPANY_SHARES))

    # ---- checking --------------------------------------------------------------
    def _check(self, action: Action) -> None:
        p = getattr(action, "player", None)
        if p != self.current_player:
            who = self.current_player
            _refuse("whose decision", f"it is P{(who or 0) + 1}'s decision ({self.step}), not P{(p or 0) + 1}'s")
        checker = getattr(self, f"_check_{type(action).__name__}", None)
        if checker is not None:
            checker(action)
        if not isinstance(action, BuyEssentials) and action not in self._legal_actions():
            _refuse("not now", f"{action} is not possible while {self.step!r} is pending")

    def _in_turn(self, modes: tuple, what: str) -> dict[str, Any]:
        top, turn = self._top(), self._turn()
        if turn is not None and turn["mode"] not in modes:
            _refuse("one main action", f"{what} is not possible now (the turn is at: {turn['mode'] or 'its start'})")
        if top["kind"] != "turn":
            _refuse("not now", f"{what} waits until the {top['kind']} decision is settled")
        return top

    def _deciding(self, kind: str, what: str) -> dict[str, Any]:
        top = self._top()
        if top["kind"] != kind:
            _refuse("not now", f"{what} is not possible while the {top['kind']} decision is pending")
        return top

    def _check_PlaceCube(self, action: PlaceCube) -> None:
        if self.step != "place cubes":
            _refuse("cubes", "cubes are placed at the start of a phase or from a claim")
        if action.column not in C.DASHBOARD_CAPACITY:
            _refuse("dashboard", f"there is no column {action.column!r}")
        if self._cubes(action.player, action.column) >= C.DASHBOARD_CAPACITY[action.column]:
            _refuse("dashboard", f"{action.column} is full")
        if action.column == R.NOTEBOOKS and self.gold(action.player) < 5:
            _refuse("notebooks", "a Notebook cube hides 5gn, so it needs at least 5gn")

    def _check_BuyEssentials(self, action: BuyEssentials) -> None:
        p = action.player
        if self._top()["kind"] not in ACTIVE_KINDS:
            _refuse("essentials", "essentials are bought only while you are travelling or at your claim")
        if not action.items or any(item not in C.ESSENTIALS for item in action.items):
            _refuse("essentials", f"Frank Clayton sells only {', '.join(C.ESSENTIALS)}")
        if len(action.items) > self.gold(p):
            _refuse("essentials", f"{len(action.items)} essentials cost {len(action.items)}gn")
        if self._carried(p) + len(action.items) > C.CARRY_LIMIT:
            _refuse("carry limit", f"a miner carries at most {C.CARRY_LIMIT} items")
        for item, count in Counter(action.items).items():
            if self._supply[item] < count:
                _refuse("supply", f"only {self._supply[item]} {item} left in the supply")

    def _check_BuyClaim(self, action: BuyClaim) -> None:
        self._in_turn((None,), "buying a claim")
        if not 0 <= action.slot < STORE_SLOTS or self._store[action.slot] is None:
            _refuse("claim store", f"there is no claim on square {action.slot + 1}")
        if self.gold(action.player) < self._price(action.player, action.slot):
            _refuse("claim price", f"the claim costs {self._price(action.player, action.slot)}gn")

    def _check_TakeItems(self, action: TakeItems) -> None:
        if self._top()["kind"] != "items":
            _refuse("two items", "items are taken once, on arriving at the claim")
        top = self._top()
        if action.row not in top["rows"]:
            _refuse("the other row", "a partner takes items from the row the owner did not choose")
        problem = self._take_problem(action.player, top["claim"], action.row, tuple(action.slots))
        if problem:
            _refuse(*problem)

    def _take_problem(self, p: int, claim: int, row: int, slots: tuple) -> tuple[str, str] | None:
        whole_row = tuple(slots) == WHOLE_ROW
        if whole_row and not self._has(p, "Matchstick"):
            return ("two items", "only a Matchstick takes the whole row")
        if row not in (0, 1) or not (whole_row or len(slots) == 2 and len(set(slots)) == 2 and set(slots) <= {0, 1, 2}):
            return ("two items", "take two different slots (0-2) of the top (0) or bottom (1) row")
        picked = [C.CLAIMS[claim].rows[row][s] for s in slots]
        kept = [i for i in picked if i != C.CUBE and self._supply[i] >= 1 and not C.ITEMS[i].lightning]
        if self._carried(p) - whole_row + len(kept) > C.CARRY_LIMIT:
            return ("carry limit", f"a miner carries at most {C.CARRY_LIMIT} items; discard some first")
        return None

    def _check_Discard(self, action: Discard) -> None:
        if not self._has(action.player, action.item):
            _refuse("items", f"you hold no {action.item}")

    def _check_UseItem(self, action: UseItem) -> None:
        if action.item not in C.ITEMS:
            _refuse("items", f"there is no item {action.item!r}")
        if not self._has(action.player, action.item):
            _refuse("items", f"you hold no {action.item}")

    def _check_Blast(self, action: Blast) -> None:
        travel = self._deciding("travel", "Dynamite")
        if not travel["blasts"] and not self._has(action.player, "Dynamite"):
            _refuse("dynamite", "a blast needs a Dynamite")
        if (action.row, action.col) not in M.dynamite_targets(self._mine, self._positions[action.player]):
            _refuse("dynamite", "Dynamite turns a tile your tunnel leads onto, never the one you are in")
        if action.turns not in (1, 2, 3):
            _refuse("dynamite", "a blast gives the tile a new orientation: 1, 2 or 3 quarter turns")

    def _check_Step(self, action: Step) -> None:
        self._deciding("travel", "walking")

    def _check_MineAlone(self, action: MineAlone) -> None:
        self._in_turn(("at claim", "invited"), "mining alone")

    # ---- applying ----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        getattr(self, f"_do_{type(action).__name__}")(action)
        self._settle()

    def _do_PlaceCube(self, action: PlaceCube) -> None:
        top, p = self._top(), action.player
        self._players[p]["dashboard"][action.column] += 1
        if action.column == R.NOTEBOOKS:
            self._players[p]["gold"] -= R.column_effect(R.NOTEBOOKS, 1)
        top["count"] -= 1
        if top["count"] == 0:
            self._pending.pop()
        self._note(f"{self._name(p)} places a cube on {action.column}")

    def _do_BuyEssentials(self, action: BuyEssentials) -> None:
        p = action.player
        for item in action.items:
            self._give(p, item)
        self._players[p]["gold"] -= len(action.items)
        self._players[p]["black_marks"] += 1
        self._note(f"{self._name(p)} buys {', '.join(action.items)} from Frank Clayton and takes a Black Mark")

    def _do_Discard(self, action: Discard) -> None:
        self._return(action.player, action.item)
        self._note(f"{self._name(action.player)} discards {action.item}")

    def _do_BuyClaim(self, action: BuyClaim) -> None:
        p, turn = action.player, self._top()
        price = self._price(p, action.slot)
        claim = self._store.pop(action.slot)
        self._store.append(self._pile.pop(0) if self._pile else None)
        if self._pile:
            self._clayton = self._pile[0]
        self._players[p]["gold"] -= price
        self._players[p]["claims"].append(claim)
        turn.update(mode="travel", claim=claim)
        where = f"Papa Clayton moves to site {self._clayton}" if self._pile else "the pile is empty"
        self._note(f"{self._name(p)} buys claim {claim} for {price}gn; {where}")
        self._travel(p, "claim", claim)

    def _do_AttackPapaClayton(self, action: AttackPapaClayton) -> None:
        self._top()["mode"] = "travel"
        self._travel(action.player, "clayton", CLAYTON)

    def _do_AttackPlayer(self, action: AttackPlayer) -> None:
        self._top()["mode"] = "travel"
        self._travel(action.player, "player", action.target)

    def _travel(self, p: int, purpose: str, goal: int) -> None:
        """Set off: ``goal`` is a claim site ("claim", "partner"), a player ("player") or Papa Clayton."""
        self._push("travel", p, purpose=purpose, goal=goal, blasts=0, jumped=False)
        self._arrive_if_there()

    def _goal_position(self, travel: dict[str, Any]):
        if travel["purpose"] == "clayton":
            return self.clayton_position
        if travel["purpose"] == "player":
            return self._positions[travel["goal"]]
        return travel["goal"]

    def _arrive_if_there(self) -> None:
        """Once a journey reaches its goal (and no rat or snake is waiting), what it was for begins."""
        travel = self._top()
        p = travel["player"]
        if travel["kind"] != "travel" or self._positions[p] != self._goal_position(travel):
            return
        self._pending.pop()
        purpose, turn = travel["purpose"], self._turn()
        if purpose in ("clayton", "player"):
            turn["mode"] = "fight"
            self._start_fight([p], CLAYTON if purpose == "clayton" else travel["goal"], "attack")
        elif purpose == "claim":
            turn["mode"] = "taking"
            self._note(f"{self._name(p)} reaches claim {turn['claim']}")
            self._push("items", p, claim=turn["claim"], rows=[0, 1])
        else:
            self._note(f"{self._name(p)} joins {self._name(turn['player'])} at claim {turn['claim']}")
            self._push("items", p, claim=turn["claim"], rows=[1 - turn["taken"]])

    def _best_route(self, travel: dict[str, Any]) -> M.Route | None:
        """The walk to the goal with fewest rats and snakes, then fewest steps (None: no walk there)."""
        p = travel["player"]
        here, goal = self._positions[p], self._goal_position(travel)
        if here == goal:
            return None
        walks = [r for r in M.routes(self._mine, here, goal, self._cubes(p, R.TUNNEL_PLANS))
                 if not (travel["jumped"] and isinstance(r.steps[0], M.Jump))]
        return min(walks, key=lambda r: (len(r.hazards), len(r.steps)), default=None)

    def _do_Travel(self, action: Travel) -> None:
        travel = self._top()
        for target in self._best_route(travel).path[1:]:
            self._walk(action.player, target)
            if self._top() is not travel:  # arrived, or a rat or snake waits for an answer
                return

    def _do_Step(self, action: Step) -> None:
        self._walk(action.player, M.position_from_json(action.to))

    def _walk(self, p: int, target) -> None:
        travel = self._top()
        step = next(s for s, t in M.moves(self._mine, self._positions[p], self._cubes(p, R.TUNNEL_PLANS),
                                          travel["jumped"]) if t == target)
        self._positions[p] = target
        travel["jumped"] = isinstance(step, M.Jump)
        hazard = step.hazard if isinstance(step, M.Leg) else None
        if hazard == "rat" and self._has(p, "Bread"):
            self._push("rat", p)
        elif hazard == "snake" and self._has(p, "Blunderbuss"):
            self._push("snake", p)
        elif hazard:
            self._poison(p, f"a {hazard}")
        self._arrive_if_there()

    def _poison(self, p: int, source: str) -> None:
        self._players[p]["poisons"] += 1
        self._note(f"{self._name(p)} is poisoned by {source}")

    def _do_Blast(self, action: Blast) -> None:
        p, travel = action.player, self._top()
        if not travel["blasts"]:
            self._return(p, "Dynamite")
            travel["blasts"] = R.column_effect(R.EXPLOSIVES_MANUALS, self._cubes(p, R.EXPLOSIVES_MANUALS))
        travel["blasts"] -= 1
        self._mine = self._mine.rotated((action.row, action.col), action.turns)
        self._note(f"{self._name(p)} blasts the tile at {(action.row, action.col)}")
        self._arrive_if_there()

    def _do_TakeItems(self, action: TakeItems) -> None:
        p, top, turn = action.player, self._pending.pop(), self._turn()
        if p == turn["player"]:
            turn.update(taken=action.row, mode="at claim")
        else:
            turn["mode"] = "partnered"
        cubes = 0
        if tuple(action.slots) == WHOLE_ROW:
            self._return(p, "Matchstick")
            self._note(f"{self._name(p)} strikes a Matchstick to take the whole row")
        picked = [C.CLAIMS[top["claim"]].rows[action.row][slot] for slot in action.slots]
        for item in sorted(picked, key=lambda i: i != C.CUBE and C.ITEMS[i].lightning):  # lightning last
            if item == C.CUBE:
                cubes += 1
            elif self._supply[item] < 1:
                self._note(f"no {item} is left in the supply")
            elif C.ITEMS[item].lightning and self._carried(p) >= C.CARRY_LIMIT:
                self._give(p, item)
                self._note(f"{self._name(p)} takes {item} and uses it at once (carry limit)")
                self._use_free(p, item)
            else:
                self._give(p, item)
                self._note(f"{self._name(p)} takes {item}")
        if cubes:
            self._push("place cubes", p, count=cubes, source="claim")

    def _use_free(self, p: int, item: str) -> None:
        field = FREE_USE[item]
        sheet = self._players[p]
        sheet[field] = 0 if field == "injuries" else max(0, sheet[field] - 1)
        self._return(p, item)

    def _do_UseItem(self, action: UseItem) -> None:
        p, top = action.player, self._top()
        kind = top["kind"]
        if kind == "wind down":
            self._use_free(p, action.item)
            self._note(f"{self._name(p)} winds down with {action.item}")
        elif kind in ACTIVE_KINDS and action.item == "Pipe":
            self._return(p, "Pipe")
            self._push("pipe", p, moves=PIPE_MOVES)
        elif kind in ACTIVE_KINDS and action.item == "Harmonica":
            self._return(p, "Harmonica")
            self._clayton = self._positions[p]
            self._note(f"{self._name(p)} plays the Harmonica: Papa Clayton comes over")
            if kind == "travel":
                self._arrive_if_there()
        elif kind in ACTIVE_KINDS:
            self._use_free(p, action.item)
            self._note(f"{self._name(p)} uses {action.item}")
        elif kind == "rat":
            self._pending.pop()
            self._return(p, "Bread")
            self._note(f"{self._name(p)} throws Bread to the rat")
        elif kind == "snake":
            self._pending.pop()
            self._shoot_snake(p)
        elif kind == "bible":
            self._pending.pop()
            self._return(p, "Bible")
            self._gain_yield(p, top["die"], bible=True)
        elif kind in FIGHT_ITEMS:
            self._pending.pop()
            self._return(p, action.item)
            fight = self._top()
            fight[FIGHT_ITEMS[kind]][fight["sides"].index(p)] = True
            self._note(f"{self._name(p)} fights on with {action.item}")
            if kind == "chippawa":
                self._next_leaf_or_resolve()
        if kind in ("rat", "snake"):
            self._arrive_if_there()

    def _shoot_snake(self, p: int) -> None:
        """p24: a Blunderbuss shot (1d6) clears the snake; on a 6 it backfires for 3 injuries."""
        self._return(p, "Blunderbuss")
        die = self._roll()
        self._note(f"{self._name(p)} shoots the snake (rolls {die})")
        if die == 6:
            self._hurt(p, 3)

    def _do_Decline(self, action: Decline) -> None:
        p, top = action.player, self._pending.pop()
        kind = top["kind"]
        if kind in ("rat", "snake"):
            self._poison(p, f"a {kind}")
            self._arrive_if_there()
        elif kind == "travel":  # a partner who cannot get there: the owner mines alone
            self._note(f"{self._name(p)} cannot reach the claim")
            self._turn().update(mode="invited", partner=None)
        elif kind == "bible":
            self._gain_yield(p, top["die"], bible=False)
        elif kind == "chippawa":
            self._next_leaf_or_resolve()
        elif kind == "pipe":
            self._note(f"{self._name(p)} puts the Pipe away")

    # ---- item uses ---------------------------------------------------------------
    def _do_Trade(self, action: Trade) -> None:
        self._return(action.player, action.item, TRADE_SOLD)
        self._players[action.player]["gold"] += TRADE_PRICE
        self._note(f"{self._name(action.player)} sells two {action.item} for {TRADE_PRICE}gn")

    def _do_MoveCube(self, action: MoveCube) -> None:
        p, top = action.player, self._top()
        board = self._players[p]["dashboard"]
        board[action.source] -= 1
        board[action.target] += 1
        if action.target == R.NOTEBOOKS:
            self._players[p]["gold"] -= R.column_effect(R.NOTEBOOKS, 1)
        top["moves"] -= 1
        if top["moves"] == 0 or not self._pipe_moves(p):
            self._pending.pop()
        self._note(f"{self._name(p)} moves a cube from {action.source} to {action.target}")

    def _do_Swap(self, action: Swap) -> None:
        self._return(action.player, action.give)
        self._give(action.player, action.take)
        self._note(f"{self._name(action.player)} swaps {action.give} with Papa Clayton for {action.take}")

    def _do_Pick(self, action: Pick) -> None:
        item = C.CLAIMS[action.claim].rows[action.row][action.slot]
        self._return(action.player, "Matchstick")
        self._give(action.player, item)
        self._note(f"{self._name(action.player)} strikes a Matchstick and takes {item} from claim {action.claim}")

    def _do_Refresh(self, action: Refresh) -> None:
        """Flask: the chosen claims go under the pile, the rest slide left, the pile refills the store."""
        self._return(action.player, "Flask")
        removed = [self._store[s] for s in action.slots]
        kept = [c for s, c in enumerate(self._store) if s not in action.slots and c is not None]
        self._pile += removed
        while len(kept) < STORE_SLOTS and self._pile:
            kept.append(self._pile.pop(0))
        self._store = kept + [None] * (STORE_SLOTS - len(kept))
        self._clayton = self._pile[0] if self._pile else self._clayton
        self._note(f"{self._name(action.player)} refreshes claims {', '.join(map(str, removed))}")

    def _do_Rearrange(self, action: Rearrange) -> None:
        self._return(action.player, "Detonator")
        self._mine = self._mine.rearranged((action.line, action.index), tuple(action.order))
        self._note(f"{self._name(action.player)} detonates and rearranges {action.line} {action.index + 1}")

    def _do_Peek(self, action: Peek) -> None:
        self._return(action.player, "Detonator")
        self._players[action.player]["peeked"].append(self._revealed)
        self._note(f"{self._name(action.player)} peeks at the next Rumbles tile")

    def _do_Steal(self, action: Steal) -> None:
        p = action.player
        self._return(p, "Bacon")
        if action.victim == CLAYTON:
            self._give(p, action.item)
        else:
            self._players[action.victim]["items"][action.item] -= 1
            self._players[p]["items"][action.item] = self._players[p]["items"].get(action.item, 0) + 1
        self._note(f"{self._name(p)} pickpockets {action.item} from {self._name(action.victim)}")

    # ---- mining ------------------------------------------------------------------
    def _do_MineAlone(self, action: MineAlone) -> None:
        p, turn = action.player, self._top()
        turn["mode"] = "done"
        die = self._roll()
        self._note(f"{self._name(p)} mines claim {turn['claim']} alone and rolls {die}")
        self._take_die(p, die)

    def _gain_yield(self, p: int, die: int, bible: bool) -> None:
        """p13: one miner's gold from their die; once every miner at the claim has dug, the hazard die."""
        turn = self._turn()
        claim_type = C.CLAIMS[turn["claim"]].type
        gold = R.miner_yield(die, R.yield_bonus(claim_type, self._players[p]["dashboard"]), self.penalty(p),
                             bible, self.options.bible_faces)
        self._players[p]["gold"] += gold
        self._note(f"{self._name(p)} digs {gold}gn")
        turn["yielded"].append(p)
        miners = [turn["player"]] + ([turn["partner"]] if turn["partner"] is not None else [])
        if len(turn["yielded"]) == len(miners):
            self._hazard(miners)

    def _take_die(self, p: int, die: int) -> None:
        """A miner's die: a Bible holder may still turn a low face into a better one."""
        if self._has(p, "Bible") and R.bible_face(die, self.options.bible_faces) != die:
            self._push("bible", p, die=die)
        else:
            self._gain_yield(p, die, bible=False)

    # ---- partners (p12-13) -----------------------------------------------------------
    def _do_InviteBids(self, action: InviteBids) -> None:
        owner, turn = action.player, self._top()
        turn["mode"] = "bidding"
        bidders = [(owner + k) % self.num_players for k in range(1, self.num_players)]
        self._note(f"{self._name(owner)} invites bids for a partner")
        self._push("accept", owner)
        for bidder in reversed(bidders):
            self._push("bids", bidder)

    def _do_Bid(self, action: Bid) -> None:
        self._pending.pop()
        self._turn()["bids"].append([action.square, action.player])
        self._note(f"{self._name(action.player)} bids {action.square}gn")
        self._skip_empty_accept()

    def _do_NoBid(self, action: NoBid) -> None:
        self._pending.pop()
        self._skip_empty_accept()

    def _skip_empty_accept(self) -> None:
        """With every bid in and nobody bidding, the owner mines alone."""
        if self._top()["kind"] == "accept" and not self._turn()["bids"]:
            self._pending.pop()
            self._turn()["mode"] = "invited"

    def _do_AcceptBid(self, action: AcceptBid) -> None:
        self._pending.pop()
        turn = self._turn()
        square = next(sq for sq, bidder in turn["bids"] if bidder == action.bidder)
        self._players[action.bidder]["gold"] -= square
        self._players[action.player]["gold"] += square
        turn.update(partner=action.bidder, mode="partner travelling")
        self._note(f"{self._name(action.player)} takes {self._name(action.bidder)} as partner for {square}gn")
        self._travel(action.bidder, "partner", turn["claim"])

    def _do_RejectBids(self, action: RejectBids) -> None:
        self._pending.pop()
        self._turn()["mode"] = "invited"
        self._note(f"{self._name(action.player)} turns every bid down")

    def _do_RollYield(self, action: RollYield) -> None:
        turn = self._top()
        turn["mode"] = "done"
        dice = [self._roll(), self._roll()]
        self._note(f"{self._name(action.player)} rolls {dice[0]} and {dice[1]} for the yield")
        self._push("choose die", turn["partner"], dice=dice, allowed=[0, 1])
        self._push("choose die", action.player, dice=dice, allowed=[0, 1])

    def _do_ChooseDie(self, action: ChooseDie) -> None:
        """Each partner takes a die: the same one if both like it (shared), or the other one (split)."""
        top = self._pending.pop()
        if self.options.partner_dice == R.SPLIT_DICE and self._top()["kind"] == "choose die":
            self._top()["allowed"] = [1 - action.die]
        self._take_die(action.player, top["dice"][action.die])

    def _hazard(self, miners: list[int]) -> None:
        """p13-14: one hazard roll; each miner resolves it separately (Papa Clayton asks each in turn)."""
        face = R.HAZARD_FACES[self._roll() - 1]
        self._note(f"the hazard die shows {face}")
        golds = [s["gold"] for s in self._players]
        ranks = R.gold_ranks(golds)
        for p in miners:
            sheet = self._players[p]
            if face.kind == R.PAPA_CLAYTON:
                continue
            cost = R.hazard_cost(face, sheet["items"].get("Bread", 0), self._cubes(p, R.FORTIFYING_TONIC),
                                 self._cubes(p, R.SAFETY_GEAR), ranks[p], self.options.tonic_rule)
            if cost.bread:
                self._return(p, "Bread", cost.bread)
            sheet["bandages"] += cost.bandages
            sheet["poisons"] += cost.poisons
            if cost.injuries:
                self._hurt(p, cost.injuries)
            if not cost.nothing:
                self._note(f"{self._name(p)} loses {', '.join(f'{v} {k}' for k, v in cost._asdict().items() if v)}")
        for p in miners[1:]:  # a partner winds down once the hazard is settled; the owner is still active
            self._push("wind down", p)
        if face.kind == R.PAPA_CLAYTON:
            for p in reversed(miners):
                self._push("clayton", p, fee=R.safe_passage_fee(ranks[p]))

    def _do_PayFee(self, action: PayFee) -> None:
        top = self._pending.pop()
        fee = min(top["fee"], self.gold(action.player))
        self._players[action.player]["gold"] -= fee
        self._note(f"{self._name(action.player)} pays Papa Clayton {fee}gn for safe passage")
        self._after_clayton_choice()

    def _do_FightClayton(self, action: FightClayton) -> None:
        self._pending.pop()
        self._turn()["clayton_fighters"].append(action.player)
        self._after_clayton_choice()

    def _after_clayton_choice(self) -> None:
        """When every miner has chosen fee or fight, those who chose to fight take him on together."""
        fighters = self._turn()["clayton_fighters"]
        if self._top()["kind"] != "clayton" and fighters:
            self._start_fight(list(fighters), CLAYTON, "hazard")
            fighters.clear()

    # ---- fights --------------------------------------------------------------------
    def _start_fight(self, miners: list[int], opponent: int, reason: str) -> None:
        """p14-16: one or two miners against an opponent (two only against Papa Clayton, sharing a die).

        ``sides`` lists the miners, then the opponent; ``armed``, ``leaf`` and ``dice`` run
        parallel to it. Players fight on from their injury tracks, Papa Clayton from 0.
        """
        sides = miners + [opponent]
        self._push("fight", miners[0], sides=sides, reason=reason, clayton_injuries=0,
                   armed=[False] * len(sides), leaf=[False] * len(sides), dice=None, waiting=[])
        self._note(" and ".join(self._name(m) for m in miners) + f" fight {self._name(opponent)}")
        for side in reversed(sides):
            if side != CLAYTON and self._has(side, "Blunderbuss"):
                self._push("arm", side)

    def _fight_injuries(self, fight: dict[str, Any], side: int) -> int:
        return fight["clayton_injuries"] if side == CLAYTON else self._players[side]["injuries"]

    def _fight_bonus(self, fight: dict[str, Any], index: int) -> int:
        """A side's bonus net of penalties: weapon (Blunderbuss or Colt 45) + Chippawa Leaf - tokens."""
        side = fight["sides"][index]
        if side == CLAYTON:
            return R.PAPA_CLAYTON_BONUS
        weapon = R.BLUNDERBUSS_BONUS if fight["armed"][index] else R.column_effect(R.COLT_45, self._cubes(side, R.COLT_45))
        return weapon + (R.CHIPPAWA_BONUS if fight["leaf"][index] else 0) - self.penalty(side)

    def _do_FightRound(self, action: FightRound) -> None:
        """Roll the round: a die per side, except that two miners share one (p14)."""
        fight = self._top()
        miners = len(fight["sides"]) - 1
        shared = self._roll()
        fight["dice"] = [shared] + [shared if miners > 1 else self._roll() for _ in range(miners - 1)] + [self._roll()]
        fight["leaf"] = [False] * len(fight["sides"])
        fight["waiting"] = [s for s in fight["sides"] if s != CLAYTON and self._has(s, "Chippawa Leaf")]
        self._note("fight round: " + ", ".join(f"{self._name(s)} rolls {d}" for s, d in zip(fight["sides"], fight["dice"])))
        self._next_leaf_or_resolve()

    def _next_leaf_or_resolve(self) -> None:
        """After the dice, each fighter holding a Chippawa Leaf may add it; then the round is scored."""
        fight = self._top()
        if fight["waiting"]:
            self._push("chippawa", fight["waiting"].pop(0))
            return
        *miners, opponent = fight["sides"]
        bonuses = [self._fight_bonus(fight, i) for i in range(len(fight["sides"]))]
        if opponent == CLAYTON:
            hurt, papa_hurt = R.papa_clayton_round(fight["dice"][0], fight["dice"][-1], bonuses[:-1], bonuses[-1])
        else:
            mine, theirs = R.round_injuries(R.fight_total(fight["dice"][0], bonuses[0]),
                                            R.fight_total(fight["dice"][1], bonuses[1]))
            hurt, papa_hurt = (mine,), theirs
        against = self._fight_injuries(fight, opponent) + papa_hurt
        totals = [self._fight_injuries(fight, m) + h for m, h in zip(miners, hurt)]
        for m, count in zip(miners, totals):
            self._players[m]["injuries"] = min(count, R.INJURY_LIMIT)
        if opponent == CLAYTON:
            fight["clayton_injuries"] = against
        else:
            self._players[opponent]["injuries"] = min(against, R.INJURY_LIMIT)
        fight["dice"] = None
        results = dict(zip(miners, (R.fight_result(count, against) for count in totals)))
        out = [m for m, result in results.items() if result == R.LOSE]
        if against >= R.INJURY_LIMIT or len(out) == len(miners):
            self._finish_fight(fight, results)
        else:
            for m in out:  # beaten while a partner fights on (only against Papa Clayton: no spoils)
                index = fight["sides"].index(m)
                for key in ("sides", "armed", "leaf"):
                    del fight[key][index]
                self._lose_fight(m, opponent)
            fight["player"] = fight["sides"][0]

    def _bandage(self, p: int) -> None:
        """p15: a beaten fighter takes a Bandage and starts the injury track again."""
        self._players[p]["injuries"] = 0
        self._players[p]["bandages"] += 1

    def _lose_fight(self, miner: int, opponent: int) -> None:
        self._bandage(miner)
        self._pay_pickings(opponent, miner)

    def _finish_fight(self, fight: dict[str, Any], results: dict[int, str]) -> None:
        """p14-16: the opponent is down, or every miner is: Bandages, pickings, Papa Clayton's reward."""
        self._pending.pop()
        opponent = fight["sides"][-1]
        winners = [m for m, result in results.items() if result == R.WIN]
        if opponent != CLAYTON and fight["reason"] == "attack":
            self._push("wind down", opponent)  # after the spoils, the defender may heal
        if opponent != CLAYTON and (winners or R.BOTH_LOSE in results.values()):
            self._bandage(opponent)
        for m, result in results.items():
            if result == R.LOSE:
                self._lose_fight(m, opponent)
            elif result == R.BOTH_LOSE:
                self._bandage(m)
                self._note(f"{self._name(m)} and {self._name(opponent)} both reach 4 injuries: no pickings")
        for m in reversed(winners):  # reversed, so the first miner chooses their item first
            reward = R.PAPA_CLAYTON_REWARD // len(winners) if opponent == CLAYTON else 0
            self._pay_pickings(m, opponent, reward)
        if fight["reason"] == "attack":
            self._turn()["mode"] = "done"

    def _gold_for_bags(self, side: int) -> int:
        return self.options.papa_clayton_gold if side == CLAYTON else self.gold(side)

    def _pay_pickings(self, winner: int, loser: int, reward: int = 0) -> None:
        """p16: the loser hands over the pickings; a winning miner also takes a reward and an item."""
        pickings = R.fight_pickings(self._gold_for_bags(winner), self._gold_for_bags(loser),
                                    self.options.pickings_offset)
        if loser != CLAYTON:
            self._players[loser]["gold"] -= pickings
        if winner == CLAYTON:
            self._note(f"Papa Clayton beats {self._name(loser)} and takes {pickings}gn")
            return
        self._players[winner]["gold"] += pickings + reward
        self._note(f"{self._name(winner)} beats {self._name(loser)} and takes {pickings}gn"
                   + (f" and {reward}gn of the reward" if reward else ""))
        if self._spoils({"player": winner, "loser": loser}):
            self._push("spoils", winner, loser=loser)

    def _spoils(self, top: dict[str, Any]) -> list[str]:
        """Items a winner may take: any in the supply after beating Papa Clayton, else one of the loser's."""
        if C.CARRY_LIMIT - self._carried(top["player"]) < 1:
            return []
        if top["loser"] == CLAYTON:
            return [item for item in C.ITEM_NAMES if self._supply[item] >= 1]
        return sorted(self.items(top["loser"]))

    def _do_ChooseItem(self, action: ChooseItem) -> None:
        top = self._pending.pop()
        if top["loser"] == CLAYTON:
            self._give(action.player, action.item)
        else:
            self._players[top["loser"]]["items"][action.item] -= 1
            self._players[action.player]["items"][action.item] = self.items(action.player)[action.item] + 1
        self._note(f"{self._name(action.player)} takes {action.item}")

    def _do_EndTurn(self, action: EndTurn) -> None:
        self._note(f"{self._name(action.player)} ends the turn")
        self._end_turn()


def _key(position) -> Any:
    """A position in the form Step actions carry (an int, or a tuple)."""
    data = M.position_to_json(position)
    return tuple(data) if isinstance(data, list) else data
