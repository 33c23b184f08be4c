"""Items (p17-19, p26): what a miner may do with them whenever active, taking a claim's
row, the carry limit and lightning-bolt items, trades, and each item's own use.

A mixin of :class:`.state.GoldmineRumbles`: it reads and changes the state's fields.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations, product

from minegames.core import Action

from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import (
    BuyEssentials, Discard, MoveCube, Peek, Pick, Rearrange, Refresh, Steal, Swap, TakeItems, Trade, UseItem,
)
from .engine_common import (
    ACTIVE_KINDS, CLAYTON, FIGHT_ITEMS, FREE_USE, PIPE_MOVES, STORE_SLOTS, SWAP_ICONS, TRADE_PRICE, TRADE_SET,
    TRADE_SOLD, WHOLE_ROW, refuse,
)


class ItemRules:
    """Items: free actions, taking a claim row, and what each item does."""

    def _main_action_over(self, p: int) -> bool:
        """Whether ``p``'s mining or fight this turn is over: from then on only medicinal items are used."""
        turn = self._turn()
        return turn is not None and turn["player"] == p and turn["mode"] == "done"

    def _purchases(self, p: int) -> list[Action]:
        """Every purchase from Frank Clayton: any mix of Essentials that gold, the carry limit and
        the supply allow. Several items bought at once are one purchase and one Black Mark."""
        most = min(self.gold(p), C.CARRY_LIMIT - self._carried(p))
        if most < 1:
            return []
        stock = [range(min(self._supply[item], most) + 1) for item in C.ESSENTIALS]
        mixes = sorted((counts for counts in product(*stock) if 1 <= sum(counts) <= most),
                       key=lambda counts: (sum(counts), [-n for n in counts]))
        return [BuyEssentials(p, sum(((item,) * n for item, n in zip(C.ESSENTIALS, counts)), ())) for counts in mixes]

    def _free_actions(self, p: int) -> list[Action]:
        """What an active miner may do at any moment of the turn: essentials, item uses, trades,
        discarding. Once the turn's mining or fight is over, the medicinal items are the only uses."""
        result: list[Action] = []
        result += self._purchases(p)
        over = self._main_action_over(p)
        for item, field in FREE_USE.items():
            if self._has(p, item) and self._players[p][field] and not (over and item not in C.MEDICINAL_ITEMS):
                result.append(UseItem(p, item))
        held = self.items(p)
        result += [Trade(p, item) for item in sorted(held) if held[item] >= TRADE_SET and not C.ITEMS[item].essential]
        if not over:
            result += self._item_uses(p, held)
        result += [Discard(p, item) for item in sorted(held)]
        return result

    def _item_uses(self, p: int, held: Counter) -> list[Action]:
        """The non-medicinal item uses open to ``p`` now (Pipe, Harmonica, swaps, Bacon, Flask, Detonator)."""
        result: list[Action] = []
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
            seen = self._players[p]["peeked"]
            result += [Peek(p, index + 1) for index in range(self._revealed, len(self._track)) if index not in seen]
            for kind, index in M.detonator_lines(self._mine, here, self.options.detonator_columns):
                result += [Rearrange(p, kind, index, order) for order in permutations(range(M.SIZE))
                           if order != tuple(range(M.SIZE))]
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

    def _check_BuyEssentials(self, action: BuyEssentials) -> None:
        p = action.player
        if self._top()["kind"] not in ACTIVE_KINDS:
            refuse("essentials", "essentials are bought only while you are travelling or at your claim")
        if not action.items or any(item not in C.ESSENTIALS for item in action.items):
            refuse("essentials", f"Frank Clayton sells only {', '.join(C.ESSENTIALS)}")
        if len(action.items) > self.gold(p):
            refuse("essentials", f"{len(action.items)} essentials cost {len(action.items)}gn")
        if self._carried(p) + len(action.items) > C.CARRY_LIMIT:
            refuse("carry limit", f"a miner carries at most {C.CARRY_LIMIT} items")
        for item, count in Counter(action.items).items():
            if self._supply[item] < count:
                refuse("supply", f"only {self._supply[item]} {item} left in the supply")

    def _do_BuyEssentials(self, action: BuyEssentials) -> None:
        p = action.player
        for item in action.items:
            self._give(p, item)
        self._players[p]["gold"] -= len(action.items)
        self._players[p]["black_marks"] += 1
        self._note(f"{self._name(p)} buys {', '.join(action.items)} from Frank Clayton and takes a Black Mark")

    def _check_Discard(self, action: Discard) -> None:
        if not self._has(action.player, action.item):
            refuse("items", f"you hold no {action.item}")

    def _do_Discard(self, action: Discard) -> None:
        self._return(action.player, action.item)
        self._note(f"{self._name(action.player)} discards {action.item}")

    def _check_TakeItems(self, action: TakeItems) -> None:
        if self._top()["kind"] != "items":
            refuse("two items", "items are taken once, on arriving at the claim")
        top = self._top()
        if action.row not in top["rows"]:
            refuse("the other row", "a partner takes items from the row the owner did not choose")
        problem = self._take_problem(action.player, top["claim"], action.row, tuple(action.slots))
        if problem:
            refuse(*problem)

    def _take_problem(self, p: int, claim: int, row: int, slots: tuple) -> tuple[str, str] | None:
        whole_row = tuple(slots) == WHOLE_ROW
        if whole_row and not self._has(p, "Matchstick"):
            return ("two items", "only a Matchstick takes the whole row")
        if row not in (0, 1) or not (whole_row or len(slots) == 2 and len(set(slots)) == 2 and set(slots) <= {0, 1, 2}):
            return ("two items", "take two different slots (0-2) of the top (0) or bottom (1) row")
        picked = [C.CLAIMS[claim].rows[row][s] for s in slots]
        kept = [i for i in picked if i != C.CUBE and self._supply[i] >= 1 and not C.ITEMS[i].lightning]
        held = Counter(self.items(p))
        if whole_row:
            held["Matchstick"] -= 1
        held.update(kept)
        if sum(held.values()) - TRADE_SOLD * len(self._trades_to_fit(held)) > C.CARRY_LIMIT:
            return ("carry limit", f"a miner carries at most {C.CARRY_LIMIT} items; discard some first")
        return None

    def _trade_to_fit(self, p: int) -> None:
        """Make at once the trades that bring ``p`` back within the carry limit."""
        for item in self._trades_to_fit(Counter(self.items(p))):
            self._do_Trade(Trade(p, item))
            self._note(f"{self._name(p)} makes that trade at once (carry limit)")

    @staticmethod
    def _trades_to_fit(held: Counter) -> list[str]:
        """The trades that bring a hand over the carry limit back within it, as a trade may be made
        at once even when 6 items are carried (the item table): items that
        make three alike, most plentiful first. Empty when no trade is needed or none helps."""
        over = sum(held.values()) - C.CARRY_LIMIT
        trades: list[str] = []
        for item, count in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
            while over > 0 and count >= TRADE_SET and not C.ITEMS[item].essential:
                trades.append(item)
                count -= TRADE_SOLD
                over -= TRADE_SOLD
        return trades

    def _do_TakeItems(self, action: TakeItems) -> None:
        p, top, turn = action.player, self._pending.pop(), self._turn()
        if p == turn["player"]:
            turn.update(taken=action.row, mode="at claim")
        else:
            turn["mode"] = "partnered"
            # A partner's window for items lasts until they have picked items at the claim and
            # finished actioning them (rulebook, when you can use single-use items).
            self._push("partner items", p, claim=top["claim"])
        if tuple(action.slots) == WHOLE_ROW:
            self._return(p, "Matchstick")
            self._note(f"{self._name(p)} strikes a Matchstick to take the whole row")
        picked = [C.CLAIMS[top["claim"]].rows[action.row][slot] for slot in action.slots]
        lightning = [item for item in picked if item != C.CUBE and C.ITEMS[item].lightning]
        for item in picked:
            if item not in lightning and item != C.CUBE:
                self._take_item(p, item)
        self._trade_to_fit(p)  # a trade is usable at once, even over the carry limit
        for item in lightning:  # last: at the carry limit they are used at once
            self._take_item(p, item)
        cubes = picked.count(C.CUBE)
        if cubes:
            self._push("place cubes", p, count=cubes, source="claim")

    def _take_item(self, p: int, item: str) -> None:
        if self._supply[item] < 1:
            self._note(f"no {item} is left in the supply")
        elif C.ITEMS[item].lightning and self._carried(p) >= C.CARRY_LIMIT:
            self._give(p, item)
            self._note(f"{self._name(p)} takes {item} and uses it at once (carry limit)")
            self._use_free(p, item)
        else:
            self._give(p, item)
            self._note(f"{self._name(p)} takes {item}")

    def _check_UseItem(self, action: UseItem) -> None:
        if action.item not in C.ITEMS:
            refuse("items", f"there is no item {action.item!r}")
        if not self._has(action.player, action.item):
            refuse("items", f"you hold no {action.item}")
        if action.item not in C.MEDICINAL_ITEMS:
            self._refuse_after_main_action(action.player, action.item)

    def _refuse_after_main_action(self, p: int, what: str) -> None:
        if self._top()["kind"] == "turn" and self._main_action_over(p):
            refuse("after mining or a fight", f"{what}: once mining or a fight is over, only "
                                              f"{', '.join(C.MEDICINAL_ITEMS)} may be used")

    def _check_Swap(self, action: Swap) -> None:
        self._refuse_after_main_action(action.player, f"swapping a {action.give}")

    def _check_Steal(self, action: Steal) -> None:
        self._refuse_after_main_action(action.player, "a Bacon")

    def _check_Refresh(self, action: Refresh) -> None:
        self._refuse_after_main_action(action.player, "a Flask")

    def _check_Peek(self, action: Peek) -> None:
        self._refuse_after_main_action(action.player, "a Detonator")
        index = action.place - 1
        if not self._revealed <= index < len(self._track):
            refuse("detonator", f"a Detonator peeks at a Rumbles tile not yet revealed: places "
                                f"{self._revealed + 1}-{len(self._track)}, not {action.place}")
        if index in self._players[action.player]["peeked"]:
            refuse("detonator", f"Rumbles tile {action.place} has been peeked at already")

    def _check_Rearrange(self, action: Rearrange) -> None:
        self._refuse_after_main_action(action.player, "a Detonator")

    def _check_Trade(self, action: Trade) -> None:
        if action.item not in C.ITEMS or C.ITEMS[action.item].essential:
            refuse("trade", f"only three alike of a non-essential item may be sold, not {action.item!r}")
        if not self._has(action.player, action.item, TRADE_SET):
            refuse("trade", f"a trade needs {TRADE_SET} {action.item}")

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
            fight = self._nearest("fight")  # both sides may hold a Blunderbuss: the other's answer may wait
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
        if R.backfires(die, in_fight=False):
            self._note(f"the Blunderbuss backfires: {self._name(p)} takes {R.BACKFIRE_INJURIES} injuries")
            self._hurt(p, R.BACKFIRE_INJURIES)

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
            self._see_chance()
        self._store = kept + [None] * (STORE_SLOTS - len(kept))
        self._clayton = self._pile[0] if self._pile else self._clayton
        self._note(f"{self._name(action.player)} refreshes claims {', '.join(map(str, removed))}")

    def _do_Rearrange(self, action: Rearrange) -> None:
        self._return(action.player, "Detonator")
        self._mine = self._mine.rearranged((action.line, action.index), tuple(action.order))
        self._note(f"{self._name(action.player)} detonates and rearranges {action.line} {action.index + 1}")

    def _do_Peek(self, action: Peek) -> None:
        self._return(action.player, "Detonator")
        self._players[action.player]["peeked"].append(action.place - 1)
        self._see_chance()  # the peeker has seen the tile
        self._note(f"{self._name(action.player)} peeks at Rumbles tile {action.place}")

    def _do_Steal(self, action: Steal) -> None:
        p = action.player
        self._return(p, "Bacon")
        if action.victim == CLAYTON:
            self._give(p, action.item)
        else:
            self._players[action.victim]["items"][action.item] -= 1
            self._players[p]["items"][action.item] = self._players[p]["items"].get(action.item, 0) + 1
        self._note(f"{self._name(p)} pickpockets {action.item} from {self._name(action.victim)}")
