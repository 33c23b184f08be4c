"""Items (p17-19, p26): what a miner may do with them whenever active, taking a claim's
row, the carry limit and lightning-bolt items, trades, and each item's own use.

Functions of the engine taking the :class:`.state.GoldmineRumbles` first: they read and
change its fields. Items are conserved: ``state._give`` and ``state._return`` move them
between the supply and the miners.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations, product
from typing import TYPE_CHECKING

from minegames.core import Action

from . import components, dice_rules, fight_rules, mine, mining_rules, travel_rules, turn_rules
from .actions import (
    BuyEssentials, Discard, MoveCube, Peek, Pick, Rearrange, Refresh, Steal, Swap, TakeItems, Trade, UseItem,
)
from .decisions import ACTIVE_KINDS, Decision
from .engine_common import (
    CLAYTON, FIGHT_ITEMS, FREE_USE, PIPE_MOVES, STORE_SLOTS, SWAP_ICONS, TRADE_PRICE, TRADE_SET, TRADE_SOLD,
    WHOLE_ROW, refuse,
)

if TYPE_CHECKING:
    from .state import GoldmineRumbles


# ---- what a miner may do with items ------------------------------------------------------------
def _main_action_over(state: GoldmineRumbles, p: int) -> bool:
    """Whether ``p``'s mining or fight this turn is over: from then on only medicinal items are used."""
    turn = state._turn()
    return turn is not None and turn["player"] == p and turn["mode"] == "done"


def _purchases(state: GoldmineRumbles, p: int) -> list[Action]:
    """Every purchase from Frank Clayton: any mix of Essentials that gold, the carry limit and
    the supply allow. Several items bought at once are one purchase and one Black Mark."""
    most = min(state.gold(p), components.CARRY_LIMIT - state._carried(p))
    if most < 1:
        return []
    stock = [range(min(state._supply[item], most) + 1) for item in components.ESSENTIALS]
    mixes = sorted((counts for counts in product(*stock) if 1 <= sum(counts) <= most),
                   key=lambda counts: (sum(counts), [-n for n in counts]))
    return [BuyEssentials(p, sum(((item,) * n for item, n in zip(components.ESSENTIALS, counts)), ()))
            for counts in mixes]


def free_actions(state: GoldmineRumbles, p: int) -> list[Action]:
    """What an active miner may do at any moment of the turn: essentials, item uses, trades,
    discarding. Once the turn's mining or fight is over, the medicinal items are the only uses."""
    result: list[Action] = []
    result += _purchases(state, p)
    over = _main_action_over(state, p)
    for item, field in FREE_USE.items():
        if state._has(p, item) and state._players[p][field] and not (over and item not in components.MEDICINAL_ITEMS):
            result.append(UseItem(p, item))
    held = state.items(p)
    result += [Trade(p, item) for item in sorted(held)
               if held[item] >= TRADE_SET and not components.ITEMS[item].essential]
    if not over:
        result += _item_uses(state, p, held)
    result += [Discard(p, item) for item in sorted(held)]
    return result


def item_choices(state: GoldmineRumbles, p: int) -> list[Action]:
    """The free actions that use or sell an item (not buying Essentials, not discarding)."""
    return [a for a in free_actions(state, p) if not isinstance(a, (BuyEssentials, Discard))]


def _item_uses(state: GoldmineRumbles, p: int, held: Counter) -> list[Action]:
    """The non-medicinal item uses open to ``p`` now (Pipe, Harmonica, swaps, Bacon, Flask, Detonator)."""
    result: list[Action] = []
    if held["Pipe"] and pipe_moves(state, p):
        result.append(UseItem(p, "Pipe"))
    here = state._positions[p]
    if held["Harmonica"] and state._clayton != here:
        result.append(UseItem(p, "Harmonica"))
    if state._clayton == here:
        result += [Swap(p, give, take) for give in sorted(SWAP_ICONS) if held[give]
                   for take in SWAP_ICONS[give] if take != give and state._supply[take] >= 1]
    if held["Bacon"]:
        result += [Steal(p, victim, item) for victim, item in _pickable(state, p)]
    if held["Flask"]:
        shown = [s for s, claim in enumerate(state._store) if claim is not None]
        result += [Refresh(p, slots) for k in range(1, state.options.flask_refresh_max + 1)
                   for slots in combinations(shown, k)]
    if held["Detonator"]:
        seen = state._players[p]["peeked"]
        result += [Peek(p, index + 1) for index in range(state._revealed, len(state._track)) if index not in seen]
        for line, index in mine.detonator_lines(state.mine, here, state.options.detonator_columns):
            result += [Rearrange(p, line, index, order) for order in permutations(range(mine.SIZE))
                       if order != tuple(range(mine.SIZE))]
    return result


def picks(state: GoldmineRumbles, p: int) -> list[Action]:
    """Matchstick on the way: one item from a displayed claim whose site the miner stands at."""
    here = state._positions[p]
    if not state._has(p, "Matchstick") or here not in state._store:
        return []
    rows = components.CLAIMS[here].rows
    return [Pick(p, here, r, s) for r in (0, 1) for s in range(3)
            if rows[r][s] != components.CUBE and state._supply[rows[r][s]] >= 1]


def remedies(state: GoldmineRumbles, p: int) -> list[str]:
    """Medicinal items ``p`` holds that would heal something now (for winding down)."""
    return [item for item in components.MEDICINAL_ITEMS
            if state._has(p, item) and state._players[p][FREE_USE[item]]]


def _pickable(state: GoldmineRumbles, p: int) -> list[tuple[int, str]]:
    """(victim, item) a Bacon may steal: from Papa Clayton (the supply) or a miner on the same spot."""
    here, found = state._positions[p], []
    if state._clayton == here:
        found += [(CLAYTON, item) for item in components.ITEM_NAMES if item != "Bacon" and state._supply[item] >= 1]
    for q in range(state.num_players):
        if q != p and state._positions[q] == here:
            found += [(q, item) for item in sorted(state.items(q)) if item != "Bacon"]
    return found


def pipe_moves(state: GoldmineRumbles, p: int) -> list[Action]:
    """Cube moves a Pipe allows: a top cube (never a Notebook's) to another column's free square."""
    board = state._players[p]["dashboard"]
    sources = [col for col in components.DASHBOARD_COLUMNS if board[col] and col != dice_rules.NOTEBOOKS]
    targets = turn_rules.cube_columns(state, p)
    return [MoveCube(p, a, b) for a in sources for b in targets if a != b]


# ---- buying, discarding and taking a claim's row ------------------------------------------------
def check_buy_essentials(state: GoldmineRumbles, action: BuyEssentials) -> None:
    p = action.player
    if state._top()["kind"] not in ACTIVE_KINDS:
        refuse("essentials", "essentials are bought only while you are travelling or at your claim")
    if not action.items or any(item not in components.ESSENTIALS for item in action.items):
        refuse("essentials", f"Frank Clayton sells only {', '.join(components.ESSENTIALS)}")
    if len(action.items) > state.gold(p):
        refuse("essentials", f"{len(action.items)} essentials cost {len(action.items)}gn")
    if state._carried(p) + len(action.items) > components.CARRY_LIMIT:
        refuse("carry limit", f"a miner carries at most {components.CARRY_LIMIT} items")
    for item, count in Counter(action.items).items():
        if state._supply[item] < count:
            refuse("supply", f"only {state._supply[item]} {item} left in the supply")


def do_buy_essentials(state: GoldmineRumbles, action: BuyEssentials) -> None:
    """1gn an item, and a Black Mark for the purchase."""
    p = action.player
    for item in action.items:
        state._give(p, item)
    state._players[p]["gold"] -= len(action.items)
    state._players[p]["black_marks"] += 1
    state._note(f"{state._name(p)} buys {', '.join(action.items)} from Frank Clayton and takes a Black Mark")


def check_discard(state: GoldmineRumbles, action: Discard) -> None:
    if not state._has(action.player, action.item):
        refuse("items", f"you hold no {action.item}")


def do_discard(state: GoldmineRumbles, action: Discard) -> None:
    state._return(action.player, action.item)
    state._note(f"{state._name(action.player)} discards {action.item}")


def check_take_items(state: GoldmineRumbles, action: TakeItems) -> None:
    top = state._top()
    if top["kind"] != Decision.ITEMS:
        refuse("two items", "items are taken once, on arriving at the claim")
    if action.row not in top["rows"]:
        refuse("the other row", "a partner takes items from the row the owner did not choose")
    problem = take_problem(state, action.player, top["claim"], action.row, tuple(action.slots))
    if problem:
        refuse(*problem)


def take_problem(state: GoldmineRumbles, p: int, claim: int, row: int, slots: tuple) -> tuple[str, str] | None:
    """Why ``p`` may not take ``slots`` of a claim's row (None: they may): two slots of one row, or
    the whole row with a Matchstick, and no more than the carry limit after the trades it allows."""
    whole_row = tuple(slots) == WHOLE_ROW
    if whole_row and not state._has(p, "Matchstick"):
        return ("two items", "only a Matchstick takes the whole row")
    if row not in (0, 1) or not (whole_row or len(slots) == 2 and len(set(slots)) == 2 and set(slots) <= {0, 1, 2}):
        return ("two items", "take two different slots (0-2) of the top (0) or bottom (1) row")
    picked = [components.CLAIMS[claim].rows[row][s] for s in slots]
    kept = [i for i in picked
            if i != components.CUBE and state._supply[i] >= 1 and not components.ITEMS[i].lightning]
    held = Counter(state.items(p))
    if whole_row:
        held["Matchstick"] -= 1
    held.update(kept)
    if sum(held.values()) - TRADE_SOLD * len(trades_to_fit(held)) > components.CARRY_LIMIT:
        return ("carry limit", f"a miner carries at most {components.CARRY_LIMIT} items; discard some first")
    return None


def _trade_to_fit(state: GoldmineRumbles, p: int) -> None:
    """Make at once the trades that bring ``p`` back within the carry limit."""
    for item in trades_to_fit(Counter(state.items(p))):
        do_trade(state, Trade(p, item))
        state._note(f"{state._name(p)} makes that trade at once (carry limit)")


def trades_to_fit(held: Counter) -> list[str]:
    """The trades that bring a hand over the carry limit back within it, as a trade may be made
    at once even when 6 items are carried (the item table): items that
    make three alike, most plentiful first. Empty when no trade is needed or none helps."""
    over = sum(held.values()) - components.CARRY_LIMIT
    trades: list[str] = []
    for item, count in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
        while over > 0 and count >= TRADE_SET and not components.ITEMS[item].essential:
            trades.append(item)
            count -= TRADE_SOLD
            over -= TRADE_SOLD
    return trades


def do_take_items(state: GoldmineRumbles, action: TakeItems) -> None:
    """The owner's row leads to mining; a partner's to their window for items, then the yield."""
    p, top, turn = action.player, state._pending.pop(), state._turn()
    if p == turn["player"]:
        turn.update(taken=action.row, mode="at claim")
    else:
        turn["mode"] = "partnered"
        # A partner's window for items lasts until they have picked items at the claim and
        # finished actioning them (rulebook, when you can use single-use items).
        state._push(Decision.PARTNER_ITEMS, p, claim=top["claim"])
    if tuple(action.slots) == WHOLE_ROW:
        state._return(p, "Matchstick")
        state._note(f"{state._name(p)} strikes a Matchstick to take the whole row")
    picked = [components.CLAIMS[top["claim"]].rows[action.row][slot] for slot in action.slots]
    lightning = [item for item in picked if item != components.CUBE and components.ITEMS[item].lightning]
    for item in picked:
        if item not in lightning and item != components.CUBE:
            _take_item(state, p, item)
    _trade_to_fit(state, p)  # a trade is usable at once, even over the carry limit
    for item in lightning:  # last: at the carry limit they are used at once
        _take_item(state, p, item)
    cubes = picked.count(components.CUBE)
    if cubes:
        state._push(Decision.PLACE_CUBES, p, count=cubes, source="claim")


def _take_item(state: GoldmineRumbles, p: int, item: str) -> None:
    if state._supply[item] < 1:
        state._note(f"no {item} is left in the supply")
    elif components.ITEMS[item].lightning and state._carried(p) >= components.CARRY_LIMIT:
        state._give(p, item)
        effect = _use_free(state, p, item)
        state._note(f"{state._name(p)} takes {item} and uses it at once (carry limit): it {effect}")
    else:
        state._give(p, item)
        state._note(f"{state._name(p)} takes {item}")


# ---- using items -----------------------------------------------------------------------------
def check_use_item(state: GoldmineRumbles, action: UseItem) -> None:
    if action.item not in components.ITEMS:
        refuse("items", f"there is no item {action.item!r}")
    if not state._has(action.player, action.item):
        refuse("items", f"you hold no {action.item}")
    if action.item not in components.MEDICINAL_ITEMS:
        _refuse_after_main_action(state, action.player, action.item)


def _refuse_after_main_action(state: GoldmineRumbles, p: int, what: str) -> None:
    if state._top()["kind"] == Decision.TURN and _main_action_over(state, p):
        refuse("after mining or a fight", f"{what}: once mining or a fight is over, only "
                                          f"{', '.join(components.MEDICINAL_ITEMS)} may be used")


def check_swap(state: GoldmineRumbles, action: Swap) -> None:
    _refuse_after_main_action(state, action.player, f"swapping a {action.give}")


def check_steal(state: GoldmineRumbles, action: Steal) -> None:
    _refuse_after_main_action(state, action.player, "a Bacon")


def check_refresh(state: GoldmineRumbles, action: Refresh) -> None:
    _refuse_after_main_action(state, action.player, "a Flask")


def check_peek(state: GoldmineRumbles, action: Peek) -> None:
    _refuse_after_main_action(state, action.player, "a Detonator")
    index = action.place - 1
    if not state._revealed <= index < len(state._track):
        refuse("detonator", f"a Detonator peeks at a Rumbles tile not yet revealed: places "
                            f"{state._revealed + 1}-{len(state._track)}, not {action.place}")
    if index in state._players[action.player]["peeked"]:
        refuse("detonator", f"Rumbles tile {action.place} has been peeked at already")


def check_rearrange(state: GoldmineRumbles, action: Rearrange) -> None:
    _refuse_after_main_action(state, action.player, "a Detonator")


def check_trade(state: GoldmineRumbles, action: Trade) -> None:
    if action.item not in components.ITEMS or components.ITEMS[action.item].essential:
        refuse("trade", f"only three alike of a non-essential item may be sold, not {action.item!r}")
    if not state._has(action.player, action.item, TRADE_SET):
        refuse("trade", f"a trade needs {TRADE_SET} {action.item}")


#: What a medicinal item clears, in the log's words (one of them, and more than one).
CLEARED_WORDS = {"injuries": ("injury", "injuries"), "bandages": ("Bandage", "Bandages"),
                 "poisons": ("Poison token", "Poison tokens"), "black_marks": ("Black Mark", "Black Marks")}


def _use_free(state: GoldmineRumbles, p: int, item: str) -> str:
    """A medicinal item: Whiskey clears every injury, the others one token each. Returns its
    effect in words ("clears 1 Bandage (2 left)")."""
    field = FREE_USE[item]
    sheet = state._players[p]
    before = sheet[field]
    sheet[field] = 0 if field == "injuries" else max(0, sheet[field] - 1)
    state._return(p, item)
    cleared, words = before - sheet[field], CLEARED_WORDS[field]
    return f"clears {cleared} {words[cleared != 1]} ({sheet[field]} left)"


def do_use_item(state: GoldmineRumbles, action: UseItem) -> None:
    """What an item does depends on the decision it answers: a free use while active, or the
    answer to a rat, a snake, a yield die or a fight."""
    p, top = action.player, state._top()
    kind = top["kind"]
    if kind == Decision.WIND_DOWN:
        effect = _use_free(state, p, action.item)
        state._note(f"{state._name(p)} winds down with {action.item}: it {effect}")
    elif kind in ACTIVE_KINDS and action.item == "Pipe":
        state._return(p, "Pipe")
        state._note(f"{state._name(p)} smokes the Pipe: up to {PIPE_MOVES} dashboard cubes may move")
        state._push(Decision.PIPE, p, moves=PIPE_MOVES)
    elif kind in ACTIVE_KINDS and action.item == "Harmonica":
        state._return(p, "Harmonica")
        state._clayton = state._positions[p]
        state._note(f"{state._name(p)} plays the Harmonica: Papa Clayton comes over")
        if kind == Decision.TRAVEL:
            travel_rules.arrive_if_there(state)
    elif kind in ACTIVE_KINDS:
        effect = _use_free(state, p, action.item)
        state._note(f"{state._name(p)} uses {action.item}: it {effect}")
    elif kind == Decision.RAT:
        state._pending.pop()
        state._return(p, "Bread")
        state._note(f"{state._name(p)} throws Bread to the rat")
    elif kind == Decision.SNAKE:
        state._pending.pop()
        _shoot_snake(state, p)
    elif kind == Decision.BIBLE:
        state._pending.pop()
        state._return(p, "Bible")
        mining_rules.gain_yield(state, p, top["die"], bible=True)
    elif kind in FIGHT_ITEMS:
        state._pending.pop()
        state._return(p, action.item)
        fight = state._nearest(Decision.FIGHT)  # both sides may hold a Blunderbuss: the other's answer may wait
        fight[FIGHT_ITEMS[kind]][fight["sides"].index(p)] = True
        state._note(f"{state._name(p)} fights on with {action.item}")
        if kind == Decision.CHIPPAWA:
            fight_rules.next_leaf_or_resolve(state)
    if kind in (Decision.RAT, Decision.SNAKE):
        travel_rules.arrive_if_there(state)


def _shoot_snake(state: GoldmineRumbles, p: int) -> None:
    """p24: a Blunderbuss shot (1d6) clears the snake; on a 6 it backfires for 3 injuries."""
    state._return(p, "Blunderbuss")
    die = state._roll()
    backfires = dice_rules.backfires(die, in_fight=False)
    state._note(f"{state._name(p)} shoots the snake with the Blunderbuss (rolls a {die}"
                + (": it backfires)" if backfires else ": the snake is gone)"))
    if backfires:
        state._note(f"the Blunderbuss backfires: {state._name(p)} takes {dice_rules.BACKFIRE_INJURIES} injuries")
        state._hurt(p, dice_rules.BACKFIRE_INJURIES)


def do_trade(state: GoldmineRumbles, action: Trade) -> None:
    state._return(action.player, action.item, TRADE_SOLD)
    state._players[action.player]["gold"] += TRADE_PRICE
    state._note(f"{state._name(action.player)} sells two {action.item} for {TRADE_PRICE}gn")


def do_move_cube(state: GoldmineRumbles, action: MoveCube) -> None:
    """A Pipe's move; a cube moved onto Notebooks hides 5gn there like a placed one."""
    p, top = action.player, state._top()
    board = state._players[p]["dashboard"]
    board[action.source] -= 1
    board[action.target] += 1
    if action.target == dice_rules.NOTEBOOKS:
        state._players[p]["gold"] -= dice_rules.column_effect(dice_rules.NOTEBOOKS, 1)
    top["moves"] -= 1
    if top["moves"] == 0 or not pipe_moves(state, p):
        state._pending.pop()
    state._note(f"{state._name(p)} moves a cube from {action.source} to {action.target}")


def do_swap(state: GoldmineRumbles, action: Swap) -> None:
    state._return(action.player, action.give)
    state._give(action.player, action.take)
    state._note(f"{state._name(action.player)} swaps {action.give} with Papa Clayton for {action.take}")


def do_pick(state: GoldmineRumbles, action: Pick) -> None:
    item = components.CLAIMS[action.claim].rows[action.row][action.slot]
    state._return(action.player, "Matchstick")
    state._give(action.player, item)
    state._note(f"{state._name(action.player)} strikes a Matchstick and takes {item} from claim {action.claim}")


def do_refresh(state: GoldmineRumbles, action: Refresh) -> None:
    """Flask: the chosen claims go under the pile, the rest slide left, the pile refills the store."""
    state._return(action.player, "Flask")
    removed = [state._store[s] for s in action.slots]
    kept = [c for s, c in enumerate(state._store) if s not in action.slots and c is not None]
    state._pile += removed
    while len(kept) < STORE_SLOTS and state._pile:
        kept.append(state._pile.pop(0))
        state._see_chance()
    state._store = kept + [None] * (STORE_SLOTS - len(kept))
    state._clayton = state._pile[0] if state._pile else state._clayton
    state._note(f"{state._name(action.player)} refreshes claims {', '.join(map(str, removed))}")


def do_rearrange(state: GoldmineRumbles, action: Rearrange) -> None:
    state._return(action.player, "Detonator")
    state._mine = state.mine.rearranged((action.line, action.index), tuple(action.order))
    state._note(f"{state._name(action.player)} detonates and rearranges {action.line} {action.index + 1}")


def do_peek(state: GoldmineRumbles, action: Peek) -> None:
    state._return(action.player, "Detonator")
    state._players[action.player]["peeked"].append(action.place - 1)
    state._see_chance()  # the peeker has seen the tile
    state._note(f"{state._name(action.player)} peeks at Rumbles tile {action.place}")


def do_steal(state: GoldmineRumbles, action: Steal) -> None:
    """Bacon: from Papa Clayton the item comes out of the supply, from a miner out of their hand."""
    p = action.player
    state._return(p, "Bacon")
    if action.victim == CLAYTON:
        state._give(p, action.item)
    else:
        state._players[action.victim]["items"][action.item] -= 1
        state._players[p]["items"][action.item] = state._players[p]["items"].get(action.item, 0) + 1
    state._note(f"{state._name(p)} uses Bacon to steal {action.item} from {state._name(action.victim)}")
