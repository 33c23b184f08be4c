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
from types import MappingProxyType
from typing import Any, Mapping

from minegames.core import Action, GameState, copy_data

from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import (
    ACTION_TYPES, AcceptBid, AttackPapaClayton, AttackPlayer, Bid, BuyClaim, BuyEssentials, ChooseDie,
    AcceptRoute, ChooseItem, Decline, Discard, Dismiss, EndTurn, OfferRoute, FightClayton, FightRound, InviteBids, MineAlone, NoBid, PayFee, PlaceCube,
    RejectBids, RollYield, TakeItems, UseItem,
)
from .engine_common import CLAYTON, SLOT_PAIRS, STORE_SLOTS, WHOLE_ROW, refuse
from .fight_rules import FightRules
from .item_rules import ItemRules
from .mining_rules import MiningRules
from .options import Options
from .render_mine import describe
from .travel_rules import TravelRules


def new_player(colour: str, character: int, mission: int) -> dict[str, Any]:
    """A miner's sheet as set up: 10gn, the three essentials and the character's item."""
    items = Counter(C.START_ITEMS)
    items[C.CHARACTERS[character].item] += 1
    return {
        "colour": colour, "character": character, "mission": mission, "gold": C.START_GOLD,
        "items": dict(items), "dashboard": {col: 0 for col in C.DASHBOARD_COLUMNS},
        "injuries": 0, "bandages": 0, "poisons": 0, "black_marks": 0, "claims": [], "peeked": [],
    }


class GoldmineRumbles(TravelRules, ItemRules, MiningRules, FightRules, GameState):
    """One game of Goldmine Rumbles for 3 or 4 miners."""

    game_name = "goldmine_rumbles"
    action_types = ACTION_TYPES
    options_type = Options
    log_unit = "phase"
    chance_seen = "the dice rolled (or the tile or claims turned up) have been seen"

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
        return copy_data({
            "players": self._players, "supply": self._supply,
            "positions": [M.position_to_json(p) for p in self._positions],
            "mine": self._mine.to_json(), "store": self._store, "pile": self._pile, "track": self._track,
            "clayton": M.position_to_json(self._clayton),
            "revealed": self._revealed, "phase": self._phase, "order": self._order,
            "turn_index": self._turn_index, "over": self._over, "pending": self._pending,
        })

    def _restore(self, data: dict[str, Any]) -> None:
        data = copy_data(data)
        self.num_players = len(data["players"])
        self._players, self._supply = data["players"], data["supply"]
        self._positions = [M.position_from_json(p) for p in data["positions"]]
        self._mine = M.Mine.from_json(data["mine"])
        self._store, self._pile, self._track = data["store"], data["pile"], data["track"]
        self._clayton = M.position_from_json(data["clayton"])
        self._revealed, self._phase, self._order = data["revealed"], data["phase"], data["order"]
        self._turn_index, self._over, self._pending = data["turn_index"], data["over"], data["pending"]

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` sees: no other mission, no claim below the pile's top, no unrevealed tile,
        and no other dashboard when cubes are placed hidden (the ``hidden_cubes`` option)."""
        seen = self._snapshot()
        for p, sheet in enumerate(seen["players"]):
            if p != player:
                sheet["mission"] = None
                if self.options.hidden_cubes:
                    sheet["dashboard"] = None
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

    # ---- the decisions in play (read-only views, for front ends and bots) ----------
    @property
    def decision(self) -> Mapping[str, Any] | None:
        """The decision waited on: its ``kind``, the ``player`` to answer and its details (the
        dice of a fight round, a fee, the claim's rows on offer...). None once the game is over."""
        return None if self._over else MappingProxyType(self._pending[-1])

    @property
    def turn_record(self) -> Mapping[str, Any] | None:
        """The turn being played: its main action so far (``mode``), claim, row taken, partner,
        bids and who has dug; None while cubes are placed between phases."""
        turn = self._turn()
        return None if turn is None else MappingProxyType(turn)

    @property
    def fight_record(self) -> Mapping[str, Any] | None:
        """The fight in progress, if any: ``sides`` (miners then the opponent, -1 for Papa
        Clayton), who started it, weapons and leaves in use, the round's dice."""
        fight = self._nearest("fight")
        return None if fight is None else MappingProxyType(fight)

    @property
    def turn_index(self) -> int:
        """How many turns of this phase's order have been played before the current one."""
        return self._turn_index

    def fight_bonus(self, side: int) -> int:
        """The net bonus ``side`` (a player, or -1 for Papa Clayton) fights with this round."""
        fight = self.fight_record
        if fight is None or side not in fight["sides"]:
            raise ValueError(f"{side} is not in a fight")
        return self._fight_bonus(fight, fight["sides"].index(side))

    def journey_goal(self):
        """Where the journey being decided leads (a position), or None when nobody is travelling."""
        top = self.decision
        return self._goal_position(top) if top is not None and top["kind"] == "travel" else None

    def sheet(self, p: int) -> Mapping[str, Any]:
        """Player ``p``'s sheet without copying (read-only; :meth:`player` gives a copy). Holds the
        secret mission too: a bot must only read its own, as :meth:`view` would show it."""
        return MappingProxyType(self._players[p])

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

    def visible_dashboard(self, p: int, viewer: int) -> dict[str, int] | None:
        """Player ``p``'s dashboard as ``viewer`` sees it: None when cubes are hidden (an optional rule)."""
        return None if self.options.hidden_cubes and p != viewer else self.dashboard(p)

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

    #: What the decider of each kind of decision chooses, in plain words (``prompt``).
    PROMPTS = {
        "place cubes": "place {count} cube(s) on the dashboard",
        "travel": "travel on towards {goal} (or give up the journey)",
        "items": "take items from a row of claim {claim}",
        "partner items": "use the items picked up at claim {claim} (a Pipe, Bacon...), then say you are done",
        "bids": "bid for a place as partner, or pass",
        "accept": "accept one bid as partner, or refuse them all",
        "choose die": "choose which yield die counts",
        "pipe": "move with the Pipe, or put it away",
        "wind down": "use a remedy before the turn ends, or not",
        "rat": "feed the rat Bread, or take a Poison",
        "snake": "shoot the snake with the Blunderbuss, or take a Poison",
        "bible": "use the Bible on the yield die, or keep it",
        "clayton": "pay Papa Clayton {fee}gn, or fight him",
        "arm": "arm yourself with the Blunderbuss for the fight, or not",
        "chippawa": "chew a Chippawa Leaf in the fight, or not",
        "route offer": "offer a route to the travelling miner, or not",
        "route accept": "accept a route someone offers, or go on alone",
        "dismiss": "use the Bible to dismiss fight dice, or not",
        "fight": "roll the next round of the fight",
        "spoils": "choose an item from the loser",
    }
    TURN_PROMPTS = {
        None: "buy a claim, attack Papa Clayton or another miner, or end the turn",
        "at claim": "mine alone, or invite bids for a partner",
        "invited": "mine alone",
        "partnered": "roll the yield dice",
        "done": "end the turn",
    }

    def prompt(self) -> str:
        """What the miner to move must decide now, in plain words."""
        if self._over:
            return "The game is over. " + ", ".join(
                f"{s['colour']} {score}" for s, score in zip(self._players, self.scores())) + "."
        top = self._top()
        who = f"P{top['player'] + 1} ({self._name(top['player'])})"
        if top["kind"] == "turn":
            what = self.TURN_PROMPTS.get(top["mode"], "go on with the turn")
        else:
            details = {key: value for key, value in top.items() if isinstance(value, (int, str))}
            if top["kind"] == "travel":
                details["goal"] = describe(self.journey_goal())
            try:
                what = self.PROMPTS[top["kind"]].format(**details)
            except (KeyError, IndexError):
                what = f"decide: {top['kind']}"
        return f"Phase {self.phase}. {who} to {what}."

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

    def _nearest(self, kind: str) -> dict[str, Any] | None:
        """The topmost waiting entry of ``kind``: decisions about it may sit above it on the stack."""
        return next((entry for entry in reversed(self._pending) if entry["kind"] == kind), None)

    def _turn(self) -> dict[str, Any] | None:
        return self._nearest("turn")

    def _push(self, kind: str, player: int, **data: Any) -> None:
        self._pending.append({"kind": kind, "player": player, **data})

    def _item_choices(self, p: int) -> list[Action]:
        """The free actions that use or sell an item (not buying Essentials, not discarding)."""
        return [a for a in self._free_actions(p) if not isinstance(a, (BuyEssentials, Discard))]

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
        self._see_chance()
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
            if top["kind"] == "partner items" and not self._item_choices(top["player"]):
                self._pending.pop()  # nothing to use: no pause to say "done"
                continue
            if top["kind"] == "route accept" and not self._journey()["offers"]:
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
        if kind == "partner items":
            return self._free_actions(p) + [Decline(p)]
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
        if kind == "route offer":
            return [OfferRoute(p), Decline(p)]
        if kind == "route accept":
            return [AcceptRoute(p, helper) for helper in self._journey()["offers"]] + [Decline(p)]
        if kind == "dismiss":
            choices = R.DISMISS_CHOICES if self.options.bible_in_fights == R.DISMISS_REROLL else (R.BOTH,)
            return [Dismiss(p, dice) for dice in choices] + [Decline(p)]
        if kind == "fight":
            return [FightRound(p)]
        if kind == "spoils":
            if self._carried(p) < C.CARRY_LIMIT:
                return [ChooseItem(p, item) for item in self._spoils(top)]
            # carrying 6: the carry-limit rule lets the winner throw items away to fit the spoil
            return [Discard(p, item) for item in sorted(self.items(p))] + [Decline(p)]
        raise AssertionError(f"unknown decision {kind!r}")

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

    def _price(self, p: int, slot: int) -> int:
        return R.claim_price(C.STORE_PRICES[slot], self._cubes(p, R.COMPANY_SHARES))

    # ---- checking --------------------------------------------------------------
    def _check(self, action: Action) -> None:
        p = getattr(action, "player", None)
        if p != self.current_player:
            who = self.current_player
            refuse("whose decision", f"it is P{(who or 0) + 1}'s decision ({self.step}), not P{(p or 0) + 1}'s")
        checker = getattr(self, f"_check_{type(action).__name__}", None)
        if checker is not None:
            checker(action)
        if action not in self._legal_actions():
            refuse("not now", f"{action} is not possible while {self.step!r} is pending")

    def _in_turn(self, modes: tuple, what: str) -> dict[str, Any]:
        top, turn = self._top(), self._turn()
        if turn is not None and turn["mode"] not in modes:
            refuse("one main action", f"{what} is not possible now (the turn is at: {turn['mode'] or 'its start'})")
        if top["kind"] != "turn":
            refuse("not now", f"{what} waits until the {top['kind']} decision is settled")
        return top

    def _deciding(self, kind: str, what: str) -> dict[str, Any]:
        top = self._top()
        if top["kind"] != kind:
            refuse("not now", f"{what} is not possible while the {top['kind']} decision is pending")
        return top

    def _check_PlaceCube(self, action: PlaceCube) -> None:
        if self.step != "place cubes":
            refuse("cubes", "cubes are placed at the start of a phase or from a claim")
        if action.column not in C.DASHBOARD_CAPACITY:
            refuse("dashboard", f"there is no column {action.column!r}")
        if self._cubes(action.player, action.column) >= C.DASHBOARD_CAPACITY[action.column]:
            refuse("dashboard", f"{action.column} is full")
        if action.column == R.NOTEBOOKS and self.gold(action.player) < 5:
            refuse("notebooks", "a Notebook cube hides 5gn, so it needs at least 5gn")

    def _check_BuyClaim(self, action: BuyClaim) -> None:
        self._in_turn((None,), "buying a claim")
        if not 0 <= action.slot < STORE_SLOTS or self._store[action.slot] is None:
            refuse("claim store", f"there is no claim on square {action.slot + 1}")
        if self.gold(action.player) < self._price(action.player, action.slot):
            refuse("claim price", f"the claim costs {self._price(action.player, action.slot)}gn")

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

    def _do_BuyClaim(self, action: BuyClaim) -> None:
        p, turn = action.player, self._top()
        price = self._price(p, action.slot)
        claim = self._store.pop(action.slot)
        self._store.append(self._pile.pop(0) if self._pile else None)
        self._see_chance()  # the pile's next claim turns up under Papa Clayton
        if self._pile:
            self._clayton = self._pile[0]
        self._players[p]["gold"] -= price
        self._players[p]["claims"].append(claim)
        turn.update(mode="travel", claim=claim)
        where = f"Papa Clayton moves to site {self._clayton}" if self._pile else "the pile is empty"
        self._note(f"{self._name(p)} buys claim {claim} for {price}gn; {where}")
        self._travel(p, "claim", claim)

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
        elif kind in ("chippawa", "dismiss"):
            self._next_leaf_or_resolve()
        elif kind == "pipe":
            self._note(f"{self._name(p)} puts the Pipe away")
        elif kind == "spoils":
            self._note(f"{self._name(p)} carries 6 items and takes no spoils")
        elif kind == "partner items":
            self._note(f"{self._name(p)} is done with the items")

    def _do_EndTurn(self, action: EndTurn) -> None:
        self._note(f"{self._name(action.player)} ends the turn")
        self._end_turn()
