"""Journeys through the mine (p22-24): setting off for a claim, a miner or Papa Clayton,
steps and whole walks, rats and snakes on the way, and Dynamite blasts.

Functions of the engine taking the :class:`.state.GoldmineRumbles` first: they read and
change its fields. A journey is a ``travel`` decision on the stack, above the turn. Its
``trail`` lists the places it has passed since the mine last changed (where the miner stands
included): a journey heads for its goal and never comes back to one of them until Dynamite
or a Detonator changes the mine (see the rules doc, *Journeys*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from minegames.core import Action, SaveFormatError

from . import dice_rules, fight_rules, mine
from .actions import AcceptRoute, AttackPapaClayton, AttackPlayer, Blast, OfferRoute, Step, Travel
from .decisions import Decision
from .engine_common import CLAYTON, ROUTE_FINDER_FEE, ROUTE_PLAN_BLASTS, deciding, position_key, refuse
from .wording import cell_words, describe, quarter_turns

if TYPE_CHECKING:
    from .state import GoldmineRumbles


def do_attack_papa_clayton(state: GoldmineRumbles, action: AttackPapaClayton) -> None:
    """An attack is a journey to the opponent; the fight starts on arrival."""
    state._top()["mode"] = "travel"
    state._note(f"{state._name(action.player)} sets off to rob Papa Clayton")
    set_off(state, action.player, "clayton", CLAYTON)


def do_attack_player(state: GoldmineRumbles, action: AttackPlayer) -> None:
    state._top()["mode"] = "travel"
    state._note(f"{state._name(action.player)} sets off to rob {state._name(action.target)}")
    set_off(state, action.player, "player", action.target)


def set_off(state: GoldmineRumbles, p: int, purpose: str, goal: int) -> None:
    """Set off: ``goal`` is a claim site ("claim", "partner"), a player ("player") or Papa Clayton."""
    state._push(Decision.TRAVEL, p, purpose=purpose, goal=goal, blasts=0, jumped=False, offers=[],
                trail=[mine.position_to_json(state._positions[p])])
    arrive_if_there(state)
    if state.options.paid_route_finders:
        _ask_route_finders(state)


# ---- the compass, and paid route finders (optional rules) ----------------------------------
def route_plan(state: GoldmineRumbles, max_blasts: int = ROUTE_PLAN_BLASTS) -> mine.Journey | None:
    """The compass: the cheapest way to the current journey's goal with at most ``max_blasts``
    Dynamite rotations (fewest blasts, then rats and snakes, then steps), or None. It is also
    the route a paid route finder shows; it changes nothing."""
    travel = journey(state)
    if travel is None:
        return None
    p = travel["player"]
    return mine.plan_journey(state.mine, state._positions[p], goal_position(state, travel),
                             state._cubes(p, dice_rules.TUNNEL_PLANS), max_blasts,
                             trail(state, travel), bool(travel["jumped"]))


def _ask_route_finders(state: GoldmineRumbles) -> None:
    """With no walk to the goal, each other miner (from the traveller's left) may offer a route;
    the traveller then takes one offer or none."""
    travel = state._top()
    if travel["kind"] != Decision.TRAVEL or best_route(state, travel) is not None or route_plan(state) is None:
        return
    p = travel["player"]
    state._push(Decision.ROUTE_ACCEPT, p)
    for q in reversed([(p + k) % state.num_players for k in range(1, state.num_players)]):
        state._push(Decision.ROUTE_OFFER, q)


def do_offer_route(state: GoldmineRumbles, action: OfferRoute) -> None:
    state._pending.pop()
    journey(state)["offers"].append(action.player)
    state._note(f"{state._name(action.player)} offers to show a route")


def do_accept_route(state: GoldmineRumbles, action: AcceptRoute) -> None:
    """The helper is paid from the bank, not by the traveller."""
    state._pending.pop()
    state._players[action.helper]["gold"] += ROUTE_FINDER_FEE
    state._note(f"{state._name(action.player)} follows {state._name(action.helper)}'s route; "
                f"{state._name(action.helper)} takes {ROUTE_FINDER_FEE}gn from the bank")


def journey(state: GoldmineRumbles) -> dict[str, Any] | None:
    """The journey under way."""
    return state._nearest(Decision.TRAVEL)


def trail(state: GoldmineRumbles, travel: dict[str, Any]) -> frozenset:
    """The places a journey has passed since the mine last changed, where the miner stands
    included: the journey may not come back to them (a save from before trails: just here)."""
    here = state._positions[travel["player"]]
    return frozenset(mine.position_from_json(place) for place in travel.get("trail", ())) | {here}


def restart_trail(state: GoldmineRumbles) -> None:
    """The mine has changed (Dynamite, a Detonator): every way is new, so the journey under way
    may go anywhere again, even where it has been."""
    travel = journey(state)
    if travel is not None:
        travel["trail"] = [mine.position_to_json(state._positions[travel["player"]])]


def goal_position(state: GoldmineRumbles, travel: dict[str, Any]):
    """Where a journey leads now: Papa Clayton and miners may have moved since it began."""
    if travel["purpose"] == "clayton":
        return state.clayton_position
    if travel["purpose"] == "player":
        return state._positions[travel["goal"]]
    return travel["goal"]


def arrive_if_there(state: GoldmineRumbles) -> None:
    """Once a journey reaches its goal (and no rat or snake is waiting), what it was for begins."""
    travel = state._top()
    p = travel["player"]
    if travel["kind"] != Decision.TRAVEL or state._positions[p] != goal_position(state, travel):
        return
    state._pending.pop()
    purpose, turn = travel["purpose"], state._turn()
    if purpose in ("clayton", "player"):
        turn["mode"] = "fight"
        fight_rules.start_fight(state, [p], CLAYTON if purpose == "clayton" else travel["goal"], "attack")
    elif purpose == "claim":
        turn["mode"] = "taking"
        state._note(f"{state._name(p)} reaches claim {turn['claim']}")
        state._push(Decision.ITEMS, p, claim=turn["claim"], rows=[0, 1])
    else:
        state._note(f"{state._name(p)} joins {state._name(turn['player'])} at claim {turn['claim']}")
        state._push(Decision.ITEMS, p, claim=turn["claim"], rows=[1 - turn["taken"]])


def best_route(state: GoldmineRumbles, travel: dict[str, Any]) -> mine.Route | None:
    """The walk to the goal with fewest rats and snakes, then fewest steps (None: no walk there)."""
    p = travel["player"]
    here, goal = state._positions[p], goal_position(state, travel)
    if here == goal:
        return None
    return mine.best_route(state.mine, here, goal, state._cubes(p, dice_rules.TUNNEL_PLANS), bool(travel["jumped"]),
                           trail(state, travel))


def travel_actions(state: GoldmineRumbles, travel: dict[str, Any]) -> list[Action]:
    """A traveller's moves: one step (never back to a place on the trail), the whole walk when
    there is one, and Dynamite blasts."""
    p = travel["player"]
    here, behind = state._positions[p], trail(state, travel)
    plans = state._cubes(p, dice_rules.TUNNEL_PLANS)
    result: list[Action] = [Step(p, position_key(target)) for _, target in
                            mine.moves(state.mine, here, plans, travel["jumped"]) if target not in behind]
    if best_route(state, travel) is not None:
        result.append(Travel(p, position_key(goal_position(state, travel))))
    if travel["blasts"] or state._has(p, "Dynamite"):
        result += [Blast(p, r, c, t) for r, c in sorted(mine.dynamite_targets(state.mine, here)) for t in (1, 2, 3)]
    return result


def do_travel(state: GoldmineRumbles, action: Travel) -> None:
    """A whole walk is its steps in turn, stopping where a rat or snake asks for an answer."""
    travel = state._top()
    state._note(f"{state._name(action.player)} sets off for {describe(mine.position_from_json(action.to))}")
    for target in best_route(state, travel).path[1:]:
        _walk(state, action.player, target)
        if state._top() is not travel:  # arrived, or a rat or snake waits for an answer
            return


def check_step(state: GoldmineRumbles, action: Step) -> None:
    travel = deciding(state, Decision.TRAVEL, "walking")
    _check_place(action.to)
    if mine.position_from_json(action.to) in trail(state, travel):
        refuse("no going back", f"the journey has already passed {describe(mine.position_from_json(action.to))}; "
                                "it comes back to a place only once the mine has changed (Dynamite, a Detonator)")


def check_travel(state: GoldmineRumbles, action: Travel) -> None:
    deciding(state, Decision.TRAVEL, "travelling")
    _check_place(action.to)


def do_step(state: GoldmineRumbles, action: Step) -> None:
    target = mine.position_from_json(action.to)
    state._note(f"{state._name(action.player)} walks to {describe(target)}")
    _walk(state, action.player, target)


def _walk(state: GoldmineRumbles, p: int, target) -> None:
    """One step: a rat or snake on the tunnel poisons, unless Bread or a Blunderbuss is offered."""
    travel = state._top()
    step = next(s for s, t in mine.moves(state.mine, state._positions[p], state._cubes(p, dice_rules.TUNNEL_PLANS),
                                         travel["jumped"]) if t == target)
    state._positions[p] = target
    travel["jumped"] = isinstance(step, mine.Jump)
    travel["trail"] = travel.get("trail", []) + [mine.position_to_json(target)]
    hazard = step.hazard if isinstance(step, mine.Leg) else None
    if hazard == "rat" and state._has(p, "Bread"):
        state._push(Decision.RAT, p)
    elif hazard == "snake" and state._has(p, "Blunderbuss"):
        state._push(Decision.SNAKE, p)
    elif hazard:
        poison(state, p, f"a {hazard}")
    arrive_if_there(state)


def poison(state: GoldmineRumbles, p: int, source: str) -> None:
    state._players[p]["poisons"] += 1
    state._note(f"{state._name(p)} is poisoned by {source}")


def check_blast(state: GoldmineRumbles, action: Blast) -> None:
    travel = deciding(state, Decision.TRAVEL, "Dynamite")
    if not travel["blasts"] and not state._has(action.player, "Dynamite"):
        refuse("dynamite", "a blast needs a Dynamite")
    if (action.row, action.col) not in mine.dynamite_targets(state.mine, state._positions[action.player]):
        refuse("dynamite", "Dynamite turns a tile your tunnel leads onto, never the one you are in")
    if action.turns not in (1, 2, 3):
        refuse("dynamite", "a blast gives the tile a new orientation: 1, 2 or 3 quarter turns")


def do_blast(state: GoldmineRumbles, action: Blast) -> None:
    """One Dynamite gives as many blasts as the Explosives Manuals column says, on this journey."""
    p, travel = action.player, state._top()
    if not travel["blasts"]:
        state._return(p, "Dynamite")
        travel["blasts"] = dice_rules.column_effect(dice_rules.EXPLOSIVES_MANUALS,
                                                    state._cubes(p, dice_rules.EXPLOSIVES_MANUALS))
    travel["blasts"] -= 1
    state._mine = state.mine.rotated((action.row, action.col), action.turns)
    state._note(f"{state._name(p)} blasts the tile at {cell_words((action.row, action.col))} "
                f"{quarter_turns(action.turns)} with Dynamite")
    arrive_if_there(state)


def _check_place(to: object) -> None:
    try:
        mine.position_from_json(to)
    except SaveFormatError:
        refuse("travel", f"{to!r} is no place in the mine (a claim site 1-16, a point or a lettered entrance)")
