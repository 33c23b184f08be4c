"""The turn itself: placing cubes, the turn's main action (buying a claim, or setting off to
attack), declining what a decision offers, and ending the turn.

Functions of the engine taking the :class:`.state.GoldmineRumbles` first: they read and
change its fields. The turn's entry stays at the bottom of the decision stack; its ``mode``
records how far the main action has got.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from minegames.core import Action

from . import components, dice_rules, fight_rules, mining_rules, travel_rules
from .actions import (
    AttackPapaClayton, AttackPlayer, BuyClaim, Decline, EndTurn, InviteBids, MineAlone, PlaceCube, RollYield,
)
from .decisions import Decision
from .engine_common import STORE_SLOTS, in_turn, refuse

if TYPE_CHECKING:
    from .state import GoldmineRumbles


def cube_columns(state: GoldmineRumbles, p: int) -> list[str]:
    """Columns with a free square (Notebooks only while 5gn can be put away)."""
    notebook_gold = dice_rules.column_effect(dice_rules.NOTEBOOKS, 1)
    return [col for col in components.DASHBOARD_COLUMNS
            if state._cubes(p, col) < components.DASHBOARD_CAPACITY[col]
            and (col != dice_rules.NOTEBOOKS or state.gold(p) >= notebook_gold)]


def claim_price(state: GoldmineRumbles, p: int, slot: int) -> int:
    """A store square's price, less the buyer's Company Shares discount."""
    return dice_rules.claim_price(components.STORE_PRICES[slot], state._cubes(p, dice_rules.COMPANY_SHARES))


def turn_actions(state: GoldmineRumbles, turn: dict[str, Any]) -> list[Action]:
    """The main actions open at the turn's ``mode``: one main action a turn, then only ending it."""
    p, mode = turn["player"], turn["mode"]
    result: list[Action] = []
    if mode is None:
        result += [BuyClaim(p, s) for s, claim in enumerate(state._store)
                   if claim is not None and state.gold(p) >= claim_price(state, p, s)]
        result.append(AttackPapaClayton(p))
        result += [AttackPlayer(p, q) for q in range(state.num_players) if q != p]
    elif mode in ("at claim", "invited"):
        result.append(MineAlone(p))
        if mode == "at claim":
            result.append(InviteBids(p))
    elif mode == "partnered":
        return result + [RollYield(p)]
    if mode in (None, "done"):
        result.append(EndTurn(p))
    return result


def check_place_cube(state: GoldmineRumbles, action: PlaceCube) -> None:
    if state.step != Decision.PLACE_CUBES:
        refuse("cubes", "cubes are placed at the start of a phase or from a claim")
    if action.column not in components.DASHBOARD_CAPACITY:
        refuse("dashboard", f"there is no column {action.column!r}")
    if state._cubes(action.player, action.column) >= components.DASHBOARD_CAPACITY[action.column]:
        refuse("dashboard", f"{action.column} is full")
    if action.column == dice_rules.NOTEBOOKS and state.gold(action.player) < 5:
        refuse("notebooks", "a Notebook cube hides 5gn, so it needs at least 5gn")


def do_place_cube(state: GoldmineRumbles, action: PlaceCube) -> None:
    top, p = state._top(), action.player
    state._players[p]["dashboard"][action.column] += 1
    if action.column == dice_rules.NOTEBOOKS:
        state._players[p]["gold"] -= dice_rules.column_effect(dice_rules.NOTEBOOKS, 1)
    top["count"] -= 1
    if top["count"] == 0:
        state._pending.pop()
    state._note(f"{state._name(p)} places a cube on {action.column}")


def check_buy_claim(state: GoldmineRumbles, action: BuyClaim) -> None:
    in_turn(state, (None,), "buying a claim")
    if not 0 <= action.slot < STORE_SLOTS or state._store[action.slot] is None:
        refuse("claim store", f"there is no claim on square {action.slot + 1}")
    if state.gold(action.player) < claim_price(state, action.player, action.slot):
        refuse("claim price", f"the claim costs {claim_price(state, action.player, action.slot)}gn")


def do_buy_claim(state: GoldmineRumbles, action: BuyClaim) -> None:
    """The pile's top refills the store and Papa Clayton moves to the next claim; the buyer sets off."""
    p, turn = action.player, state._top()
    price = claim_price(state, p, action.slot)
    claim = state._store.pop(action.slot)
    state._store.append(state._pile.pop(0) if state._pile else None)
    state._see_chance()  # the pile's next claim turns up under Papa Clayton
    if state._pile:
        state._clayton = state._pile[0]
    state._players[p]["gold"] -= price
    state._players[p]["claims"].append(claim)
    turn.update(mode="travel", claim=claim)
    where = f"Papa Clayton moves to site {state._clayton}" if state._pile else "the pile is empty"
    state._note(f"{state._name(p)} buys claim {claim} for {price}gn; {where}")
    travel_rules.set_off(state, p, "claim", claim)


def do_decline(state: GoldmineRumbles, action: Decline) -> None:
    """Saying no to the decision on top: what follows depends on what was offered."""
    p, top = action.player, state._pending.pop()
    kind = top["kind"]
    if kind in DECLINE_LINES and kind != Decision.BIBLE:  # said before what follows it (a Bible's: after)
        state._note(f"{state._name(p)} {DECLINE_LINES[kind]}")
    if kind in (Decision.RAT, Decision.SNAKE):
        travel_rules.poison(state, p, f"a {kind}")
        travel_rules.arrive_if_there(state)
    elif kind == Decision.TRAVEL:  # a partner who cannot get there: the owner mines alone
        state._note(f"{state._name(p)} cannot reach the claim")
        state._turn().update(mode="invited", partner=None)
    elif kind == Decision.BIBLE:
        state._note(f"{state._name(p)} {DECLINE_LINES[kind]}")
        mining_rules.gain_yield(state, p, top["die"], bible=False)
    elif kind in (Decision.CHIPPAWA, Decision.DISMISS):
        fight_rules.next_leaf_or_resolve(state)
    elif kind == Decision.PIPE:
        state._note(f"{state._name(p)} puts the Pipe away")
    elif kind == Decision.SPOILS:
        state._note(f"{state._name(p)} carries 6 items and takes no spoils")
    elif kind == Decision.PARTNER_ITEMS:
        state._note(f"{state._name(p)} is done with the items")


#: The log's words for a "no" that has no other line of its own (the rest write what follows).
DECLINE_LINES = {
    Decision.BIBLE: "keeps the yield die as it is (no Bible)", Decision.CHIPPAWA: "keeps the Chippawa Leaf",
    Decision.DISMISS: "keeps the fight dice (no Bible)", Decision.ARM: "fights with the Colt 45, not the Blunderbuss",
    Decision.WIND_DOWN: "uses no remedy", Decision.ROUTE_OFFER: "offers no route",
    Decision.ROUTE_ACCEPT: "goes on alone, without the route offered",
}


def do_end_turn(state: GoldmineRumbles, action: EndTurn) -> None:
    state._note(f"{state._name(action.player)} ends the turn")
    state._end_turn()
