"""The state of a Goldmine Rumbles game: its data, the decision stack, the phases and the rules table.

The state always rests at a decision. Decisions wait on a stack (``self._pending``,
top last); each entry names its ``kind`` and the ``player`` who must answer, so
``current_player`` is simply the top's player: the active miner, a miner meeting a
rat, a Bible holder looking at a yield die, a fighter holding a Chippawa Leaf...
Chance (dice, draws) happens inside ``apply`` with the state's seeded RNG, and every
dice rule is a call into :mod:`.dice_rules`.

The rules live in modules of plain functions taking the state first: ``turn_rules``,
``travel_rules``, ``item_rules``, ``mining_rules`` and ``fight_rules``. :data:`RULES` names,
for each action type, the function that checks it and the one that plays it.

Items are conserved: each physical item is in the supply or with one player; used,
discarded and forfeited items go back to the supply.
"""

from __future__ import annotations

import copy
from collections import Counter
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Optional

from minegames.core import Action, GameState, copy_data

from . import components, dice_rules, fight_rules, item_rules, mining_rules, travel_rules, turn_rules
from .actions import (
    ACTION_TYPES, AcceptBid, AcceptRoute, AttackPapaClayton, AttackPlayer, Bid, Blast, BuyClaim, BuyEssentials,
    ChooseDie, ChooseItem, Decline, Discard, Dismiss, EndTurn, FightClayton, FightRound, InviteBids, MineAlone,
    MoveCube, NoBid, OfferRoute, PayFee, Peek, Pick, PlaceCube, Rearrange, Refresh, RejectBids, RollYield, Steal,
    Step, Swap, TakeItems, Trade, Travel, UseItem,
)
from .decisions import Decision
from .engine_common import CLAYTON, ITEM_ANSWERS, ROUTE_PLAN_BLASTS, SLOT_PAIRS, STORE_SLOTS, WHOLE_ROW, refuse
from .mine import (
    START_SITES, Cell, Journey, Mine, Portal, distance, position_from_json, position_to_json, sides, site_tile,
)
from .options import Options
from .wording import describe


def new_player(colour: str, character: int, mission: int) -> dict[str, Any]:
    """A miner's sheet as set up: 10gn, the three essentials and the character's item."""
    items = Counter(components.START_ITEMS)
    items[components.CHARACTERS[character].item] += 1
    return {
        "colour": colour, "character": character, "mission": mission, "gold": components.START_GOLD,
        "items": dict(items), "dashboard": {col: 0 for col in components.DASHBOARD_COLUMNS},
        "injuries": 0, "bandages": 0, "poisons": 0, "black_marks": 0, "claims": [], "peeked": [],
    }


class GoldmineRumbles(GameState):
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
        characters = [int(c) for c in rng.permutation(len(components.CHARACTERS))[:n]]
        missions = [int(m) for m in rng.permutation(len(components.MISSIONS))[:n]]
        self._players = [new_player(components.COLOURS[p], characters[p], missions[p]) for p in range(n)]
        self._supply = dict(components.SUPPLY)
        for sheet in self._players:
            for item, count in sheet["items"].items():
                self._supply[item] -= count
        starts = [int(s) for s in rng.permutation(START_SITES)[:n]]
        self._positions: list = list(starts)
        self._mine = Mine.random(rng)
        claims = [int(c) for c in rng.permutation(components.CLAIM_SITES)]
        self._store: list = claims[:STORE_SLOTS]
        self._pile: list[int] = claims[STORE_SLOTS:]
        self._clayton = self._pile[0]
        self._track = [int(t) for t in rng.permutation(components.TILE_NUMBERS)[:len(self.phase_cubes)]]
        self._revealed = 0
        self._phase = 0
        self._order: list[int] = list(range(n))
        self._turn_index = 0
        self._over = False
        self._pending: list[dict[str, Any]] = []
        self._note("the miners take their places: " + ", ".join(
            f"{s['colour']} ({components.CHARACTERS[s['character']].name}) at site {pos}"
            for s, pos in zip(self._players, self._positions)))
        self._begin_phase()

    @property
    def phase_cubes(self) -> tuple[int, ...]:
        return components.phase_cubes(self.options.players, self.options.long_game)

    # ---- snapshots -------------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return copy_data({
            "players": self._players, "supply": self._supply,
            "positions": [position_to_json(p) for p in self._positions],
            "mine": self._mine.to_json(), "store": self._store, "pile": self._pile, "track": self._track,
            "clayton": position_to_json(self._clayton),
            "revealed": self._revealed, "phase": self._phase, "order": self._order,
            "turn_index": self._turn_index, "over": self._over, "pending": self._pending,
        })

    def _restore(self, data: dict[str, Any]) -> None:
        data = copy_data(data)
        self.num_players = len(data["players"])
        self._players, self._supply = data["players"], data["supply"]
        self._positions = [position_from_json(p) for p in data["positions"]]
        self._mine = Mine.from_json(data["mine"])
        self._store, self._pile, self._track = data["store"], data["pile"], data["track"]
        self._clayton = position_from_json(data["clayton"])
        self._revealed, self._phase, self._order = data["revealed"], data["phase"], data["order"]
        self._turn_index, self._over, self._pending = data["turn_index"], data["over"], data["pending"]
        for entry in self._pending:  # a save holds the kinds as texts
            entry["kind"] = Decision(entry["kind"])

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
        found = self._shape_problems()
        if found:  # the checks below read these lists: with a wrong shape they would fail
            return found
        held = Counter()
        for sheet in self._players:
            held.update(sheet["items"])
            if sum(sheet["items"].values()) > components.CARRY_LIMIT:
                found.append(("carry limit", f"{sheet['colour']} carries more than {components.CARRY_LIMIT} items"))
            for col, cubes in sheet["dashboard"].items():
                if not 0 <= cubes <= components.DASHBOARD_CAPACITY[col]:
                    found.append(("dashboard", f"{sheet['colour']}'s {col} holds {cubes} cubes"))
            if sheet["gold"] < 0:
                found.append(("gold", f"{sheet['colour']} has negative gold"))
        for item, total in components.SUPPLY.items():
            if held[item] + self._supply.get(item, 0) != total:
                found.append(("items", f"{item}: {held[item]} held + {self._supply.get(item, 0)} in supply"
                                       f" is not the {total} in the box"))
        return found

    def _shape_problems(self) -> list[tuple[str, str]]:
        """Lists of the wrong length or with entries no game holds (a hand-edited lesson position)."""
        n = self.options.players
        if len(self._players) != n:
            return [("players", f"{len(self._players)} miners' sheets for a game of {n}")]
        found = []
        if len(self._positions) != n:
            found.append(("positions", f"{len(self._positions)} miners on the board for a game of {n}"))
        if sorted(self._order) != list(range(n)):
            found.append(("order", f"the turn order {self._order} is not each of the {n} miners once"))
        if len(self._store) != STORE_SLOTS:
            found.append(("store", f"the store shows {len(self._store)} claims, not {STORE_SLOTS}"))
        claims = [c for c in self._store if c is not None] + list(self._pile)
        if len(self._pile) > len(components.CLAIM_SITES) or any(c not in components.CLAIM_SITES for c in claims):
            found.append(("claims", "the store or the pile holds a claim that does not exist, or more than the box"))
        if len(self._track) != len(self.phase_cubes) or any(t not in components.TILE_NUMBERS for t in self._track):
            found.append(("phase track", f"the track holds {len(self._track)} tiles, not the "
                                         f"{len(self.phase_cubes)} dealt to it, or a tile that does not exist"))
        if any(not 0 <= entry.get("player", 0) < n for entry in self._pending):
            found.append(("turn", "a decision waits on a miner who is not at the table"))
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
    def mine(self) -> Mine:
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
        fight = self._nearest(Decision.FIGHT)
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
        return fight_rules.fight_bonus(self, fight, fight["sides"].index(side))

    def journey_goal(self):
        """Where the journey being decided leads (a position), or None when nobody is travelling."""
        top = self.decision
        return travel_rules.goal_position(self, top) if top is not None and top["kind"] == Decision.TRAVEL else None

    def journey_trail(self) -> tuple[frozenset, bool]:
        """The journey being decided, as the compass needs it: the places it has passed since the
        mine last changed, where the miner stands included (it may not come back to them), and
        whether its last step was a Tunnel Plans jump. ``(frozenset(), False)`` when nobody is
        travelling. Pass both to :func:`.mine.plan_journey` (``visited``, ``just_jumped``)."""
        travel = travel_rules.journey(self)
        if travel is None:
            return frozenset(), False
        return travel_rules.trail(self, travel), bool(travel["jumped"])

    def route_plan(self, max_blasts: int = ROUTE_PLAN_BLASTS) -> Journey | None:
        """The compass: the cheapest way to the current journey's goal with at most ``max_blasts``
        Dynamite rotations, or None (:func:`.travel_rules.route_plan`)."""
        return travel_rules.route_plan(self, max_blasts)

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
        return dice_rules.track_position(self.gold(p))[0]

    def items(self, p: int) -> Counter:
        return Counter({k: v for k, v in self._players[p]["items"].items() if v})

    def dashboard(self, p: int) -> dict[str, int]:
        return dict(self._players[p]["dashboard"])

    def visible_dashboard(self, p: int, viewer: int) -> dict[str, int] | None:
        """Player ``p``'s dashboard as ``viewer`` sees it: None when cubes are hidden (an optional rule)."""
        return None if self.options.hidden_cubes and p != viewer else self.dashboard(p)

    def mission(self, p: int) -> tuple[str, ...]:
        return components.MISSIONS[self._players[p]["mission"]]

    def penalty(self, p: int) -> int:
        sheet = self._players[p]
        return dice_rules.token_penalty(sheet["bandages"], sheet["poisons"])

    def score_breakdown(self) -> list[dict[str, int]]:
        """The end-of-game steps per player, in the rulebook's order (dice_rules.end_game_steps)."""
        marks = dice_rules.fewest_marks_bonuses([s["black_marks"] for s in self._players])
        result = []
        for sheet, bonus in zip(self._players, marks):
            held = {item for item, count in sheet["items"].items() if count}
            result.append(dice_rules.end_game_steps(
                sheet["gold"], sheet["dashboard"][dice_rules.NOTEBOOKS], bonus,
                sheet["bandages"] + sheet["poisons"] + sheet["black_marks"],
                len(held & set(components.MISSIONS[sheet["mission"]]))))
        return result

    def scores(self) -> list[int]:
        return [steps["final"] for steps in self.score_breakdown()]

    #: What the decider of each kind of decision chooses, in plain words (``prompt``); {their},
    #: {they} and {themselves} are said for the seat asked ("your", "you") or the others ("their").
    PROMPTS = {
        Decision.PLACE_CUBES: "place {count} {cubes} on {their} dashboard",
        Decision.TRAVEL: "travel on towards {goal} (or give up the journey)",
        Decision.ITEMS: "take items from a row of claim {claim}",
        Decision.PARTNER_ITEMS: ("use the items {they} picked up at claim {claim} (a Pipe, Bacon...), "
                                 "then say {they} are done"),
        Decision.BIDS: "bid for a place as partner, or pass",
        Decision.ACCEPT: "accept one bid as partner, or refuse them all",
        Decision.CHOOSE_DIE: "choose which yield die counts",
        Decision.PIPE: "move with the Pipe, or put it away",
        Decision.WIND_DOWN: "use a remedy before the turn ends, or not",
        Decision.RAT: "feed the rat Bread, or take a Poison",
        Decision.SNAKE: "shoot the snake with the Blunderbuss, or take a Poison",
        Decision.BIBLE: "use the Bible on the yield die, or keep it",
        Decision.CLAYTON: "pay Papa Clayton {fee}gn, or fight him",
        Decision.ARM: "arm {themselves} with the Blunderbuss for the fight, or not",
        Decision.CHIPPAWA: "chew a Chippawa Leaf in the fight, or not",
        Decision.ROUTE_OFFER: "offer a route to the travelling miner, or not",
        Decision.ROUTE_ACCEPT: "accept a route someone offers, or go on alone",
        Decision.DISMISS: "use the Bible to dismiss fight dice, or not",
        Decision.FIGHT: "roll the next round of the fight",
        Decision.SPOILS: "choose an item from the loser",
    }
    TURN_PROMPTS = {
        None: "buy a claim, attack Papa Clayton or another miner, or end the turn",
        "at claim": "mine alone, or invite bids for a partner",
        "invited": "mine alone",
        "partnered": "roll the yield dice",
        "done": "end the turn",
    }

    #: The words of a prompt for the miner asked (second person) and for everyone else (third).
    PERSONS = {True: {"their": "your", "they": "you", "themselves": "yourself"},
               False: {"their": "their", "they": "they", "themselves": "themselves"}}

    def prompt(self, seat: Optional[int] = None) -> str:
        """What the miner to move must decide now, in plain words: "Phase 1. Blue to place 4 cubes on
        their dashboard.", or, when ``seat`` is that miner, "Phase 1. Your decision: place 4 cubes on
        your dashboard." (the app asks for its person's seat; the log and pictures stay neutral)."""
        if self._over:
            return "The game is over. " + ", ".join(
                f"{s['colour']} {score}" for s, score in zip(self._players, self.scores())) + "."
        top = self._top()
        yours = seat is not None and top["player"] == seat
        if top["kind"] == Decision.TURN:
            what = self.TURN_PROMPTS.get(top["mode"], "go on with the turn")
        else:
            details = {key: value for key, value in top.items() if isinstance(value, (int, str))}
            details["cubes"] = "cube" if top.get("count") == 1 else "cubes"
            details.update(self.PERSONS[yours])
            if top["kind"] == Decision.TRAVEL:
                details["goal"] = describe(self.journey_goal())
            try:
                what = self.PROMPTS[top["kind"]].format(**details)
            except (KeyError, IndexError):
                what = f"decide: {top['kind']}"
        if yours:
            return f"Phase {self.phase}. Your decision: {what}."
        return f"Phase {self.phase}. {self._name(top['player'])} to {what}."

    def __repr__(self) -> str:
        return f"<GoldmineRumbles phase {self.phase}, {self.step}, P{(self.current_player or 0) + 1} to decide>"

    def _repr_svg_(self) -> str:
        from .render import state_svg
        return state_svg(self)

    # ---- helpers, for this class and the rule modules -------------------------------
    def _note(self, text: str) -> None:
        self.log.add(self._phase + 1, text)

    def _name(self, p: int) -> str:
        return "Papa Clayton" if p == CLAYTON else self._players[p]["colour"]

    def _top(self) -> dict[str, Any]:
        return self._pending[-1]

    def _nearest(self, kind: Decision) -> dict[str, Any] | None:
        """The topmost waiting entry of ``kind``: decisions about it may sit above it on the stack."""
        return next((entry for entry in reversed(self._pending) if entry["kind"] == kind), None)

    def _turn(self) -> dict[str, Any] | None:
        return self._nearest(Decision.TURN)

    def _push(self, kind: Decision, player: int, **data: Any) -> None:
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
        sheet["injuries"], bandages = dice_rules.add_injuries(sheet["injuries"], injuries)
        sheet["bandages"] += bandages
        if bandages:
            self._note(f"{sheet['colour']} reaches {dice_rules.INJURY_LIMIT} injuries and takes a Bandage")

    def _roll(self) -> int:  # every die of the rules: tests replace it to fix the dice
        return int(self.rng.integers(1, 7))

    def _cell_near(self, position) -> tuple[Cell, ...]:
        """The tiles a miner counts as next to, for phase injuries."""
        if isinstance(position, int):
            return (site_tile(position),)
        if isinstance(position, Portal):
            return (self._mine.cell_of(position.tile),)
        return tuple(cell for cell, _ in sides(position))

    # ---- phases ----------------------------------------------------------------
    def _begin_phase(self) -> None:
        """Each miner places the phase's cubes, in the last phase's order (seat order at first)."""
        count = self.phase_cubes[self._phase]
        for p in reversed(self._order):
            self._push(Decision.PLACE_CUBES, p, count=count, source="phase")
        self._settle()

    def _reveal(self) -> None:
        """Reveal the next Rumbles tile, turn its mine tile over, hurt the miners near it, set the order."""
        number = self._track[self._revealed]
        self._revealed += 1
        self._see_chance()
        tile = components.RUMBLES_TILES[number - 1]
        self._mine = self._mine.turned_over(tile.number)
        self._note(f"Rumbles tile {number} comes up: mine tile {tile.number} turns over")
        where = self._mine.cell_of(tile.number)
        for p, position in enumerate(self._positions):
            steps = min(distance(cell, where) for cell in self._cell_near(position))
            hurt = dice_rules.phase_injuries(steps, self.phase, self._cubes(p, dice_rules.SAFETY_GEAR))
            if hurt:
                self._note(f"{self._name(p)} takes {hurt} injur{'y' if hurt == 1 else 'ies'} in the cave-in")
                self._hurt(p, hurt)
        colours = [s["colour"] for s in self._players]
        self._order = [colours.index(c) for c in components.phase_order(tile, colours)]
        self._turn_index = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        """The turn's record stays at the stack's bottom. Its ``mode`` tracks the main action: None
        (not chosen), travel, taking, at claim, bidding, partner travelling, partnered, invited
        (bids refused: mine alone), fight, done."""
        player = self._order[self._turn_index]
        self._push(Decision.TURN, player, mode=None, claim=None, taken=None, partner=None, bids=[], yielded=[],
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
            if top["kind"] == Decision.PLACE_CUBES and not turn_rules.cube_columns(self, top["player"]):
                self._note(f"{self._name(top['player'])} has no room for a cube")
                self._pending.pop()
                continue
            if top["kind"] == Decision.WIND_DOWN and not item_rules.remedies(self, top["player"]):
                self._pending.pop()
                continue
            if top["kind"] == Decision.PARTNER_ITEMS and not item_rules.item_choices(self, top["player"]):
                self._pending.pop()  # nothing to use: no pause to say "done"
                continue
            if top["kind"] == Decision.ROUTE_ACCEPT and not travel_rules.journey(self)["offers"]:
                self._pending.pop()
                continue
            break
        if not self._pending and not self._over:
            self._reveal()

    # ---- legal actions -----------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        top, p = self._top(), self.current_player
        kind = top["kind"]
        if kind == Decision.PLACE_CUBES:
            return [PlaceCube(p, col) for col in turn_rules.cube_columns(self, p)]
        if kind == Decision.TURN:
            return item_rules.free_actions(self, p) + turn_rules.turn_actions(self, top)
        if kind == Decision.TRAVEL:
            give_up = EndTurn(p) if top["purpose"] != "partner" else Decline(p)
            return (item_rules.free_actions(self, p) + travel_rules.travel_actions(self, top)
                    + item_rules.picks(self, p) + [give_up])
        if kind == Decision.ITEMS:
            choices = SLOT_PAIRS + ((WHOLE_ROW,) if len(top["rows"]) == 2 and self._has(p, "Matchstick") else ())
            return item_rules.free_actions(self, p) + [
                TakeItems(p, row, slots) for row in top["rows"] for slots in choices
                if item_rules.take_problem(self, p, top["claim"], row, slots) is None]
        if kind == Decision.PARTNER_ITEMS:
            return item_rules.free_actions(self, p) + [Decline(p)]
        if kind == Decision.BIDS:
            taken = {square for square, _ in self._turn()["bids"]}
            return [Bid(p, square) for square in components.BID_SQUARES
                    if square not in taken and square <= self.gold(p)] + [NoBid(p)]
        if kind == Decision.ACCEPT:
            return [AcceptBid(p, bidder) for _, bidder in self._turn()["bids"]] + [RejectBids(p)]
        if kind == Decision.CHOOSE_DIE:
            return [ChooseDie(p, d) for d in top["allowed"]]
        if kind == Decision.PIPE:
            return item_rules.pipe_moves(self, p) + [Decline(p)]
        if kind == Decision.WIND_DOWN:
            return [UseItem(p, item) for item in item_rules.remedies(self, p)] + [Decline(p)]
        if kind in ITEM_ANSWERS:
            return [UseItem(p, ITEM_ANSWERS[kind]), Decline(p)]
        if kind == Decision.CLAYTON:
            return [PayFee(p), FightClayton(p)]
        if kind == Decision.ROUTE_OFFER:
            return [OfferRoute(p), Decline(p)]
        if kind == Decision.ROUTE_ACCEPT:
            return [AcceptRoute(p, helper) for helper in travel_rules.journey(self)["offers"]] + [Decline(p)]
        if kind == Decision.DISMISS:
            rerolls = self.options.bible_in_fights == dice_rules.DISMISS_REROLL
            choices = dice_rules.DISMISS_CHOICES if rerolls else (dice_rules.BOTH,)
            return [Dismiss(p, dice) for dice in choices] + [Decline(p)]
        if kind == Decision.FIGHT:
            return [FightRound(p)]
        if kind == Decision.SPOILS:
            if self._carried(p) < components.CARRY_LIMIT:
                return [ChooseItem(p, item) for item in fight_rules.spoils(self, top)]
            # carrying 6: the carry-limit rule lets the winner throw items away to fit the spoil
            return [Discard(p, item) for item in sorted(self.items(p))] + [Decline(p)]
        raise AssertionError(f"unknown decision '{kind}'")

    # ---- checking and applying: each action type's pair of rule functions (RULES) ----------
    def _check(self, action: Action) -> None:
        p = getattr(action, "player", None)
        if p != self.current_player:
            who = self.current_player
            refuse("whose decision", f"it is P{(who or 0) + 1}'s decision ({self.step}), not P{(p or 0) + 1}'s")
        check = RULES[type(action)].check
        if check is not None:
            check(self, action)
        if action not in self._legal_actions():
            refuse("not now", f"{action} is not possible while '{self.step}' is pending")

    def _apply(self, action: Action) -> None:
        mine = self._mine
        RULES[type(action)].do(self, action)
        if self._mine != mine:  # Dynamite or a Detonator: a journey under way may go anywhere again
            travel_rules.restart_trail(self)
        self._settle()


class Rule(NamedTuple):
    """How one action type is played: ``check`` refuses it with a reason the legal-action list
    cannot give (None: being legal is enough), ``do`` changes the state."""

    check: Callable[[GoldmineRumbles, Any], None] | None
    do: Callable[[GoldmineRumbles, Any], None]


#: Every action type and the rule functions that check and play it.
RULES: dict[type[Action], Rule] = {
    PlaceCube: Rule(turn_rules.check_place_cube, turn_rules.do_place_cube),
    BuyClaim: Rule(turn_rules.check_buy_claim, turn_rules.do_buy_claim),
    Decline: Rule(None, turn_rules.do_decline),
    EndTurn: Rule(None, turn_rules.do_end_turn),
    AttackPapaClayton: Rule(None, travel_rules.do_attack_papa_clayton),
    AttackPlayer: Rule(None, travel_rules.do_attack_player),
    Step: Rule(travel_rules.check_step, travel_rules.do_step),
    Travel: Rule(travel_rules.check_travel, travel_rules.do_travel),
    Blast: Rule(travel_rules.check_blast, travel_rules.do_blast),
    OfferRoute: Rule(None, travel_rules.do_offer_route),
    AcceptRoute: Rule(None, travel_rules.do_accept_route),
    BuyEssentials: Rule(item_rules.check_buy_essentials, item_rules.do_buy_essentials),
    Discard: Rule(item_rules.check_discard, item_rules.do_discard),
    TakeItems: Rule(item_rules.check_take_items, item_rules.do_take_items),
    UseItem: Rule(item_rules.check_use_item, item_rules.do_use_item),
    Trade: Rule(item_rules.check_trade, item_rules.do_trade),
    MoveCube: Rule(None, item_rules.do_move_cube),
    Swap: Rule(item_rules.check_swap, item_rules.do_swap),
    Steal: Rule(item_rules.check_steal, item_rules.do_steal),
    Refresh: Rule(item_rules.check_refresh, item_rules.do_refresh),
    Rearrange: Rule(item_rules.check_rearrange, item_rules.do_rearrange),
    Peek: Rule(item_rules.check_peek, item_rules.do_peek),
    Pick: Rule(None, item_rules.do_pick),
    MineAlone: Rule(mining_rules.check_mine_alone, mining_rules.do_mine_alone),
    InviteBids: Rule(None, mining_rules.do_invite_bids),
    Bid: Rule(None, mining_rules.do_bid),
    NoBid: Rule(None, mining_rules.do_no_bid),
    AcceptBid: Rule(None, mining_rules.do_accept_bid),
    RejectBids: Rule(None, mining_rules.do_reject_bids),
    RollYield: Rule(None, mining_rules.do_roll_yield),
    ChooseDie: Rule(None, mining_rules.do_choose_die),
    PayFee: Rule(None, mining_rules.do_pay_fee),
    FightClayton: Rule(None, mining_rules.do_fight_clayton),
    FightRound: Rule(None, fight_rules.do_fight_round),
    Dismiss: Rule(fight_rules.check_dismiss, fight_rules.do_dismiss),
    ChooseItem: Rule(None, fight_rules.do_choose_item),
}
