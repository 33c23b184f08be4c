"""Journeys through the mine (p22-24): setting off for a claim, a miner or Papa Clayton,
steps and whole walks, rats and snakes on the way, and Dynamite blasts.

A mixin of :class:`.state.GoldmineRumbles`: it reads and changes the state's fields.
"""

from __future__ import annotations

from typing import Any

from minegames.core import Action, SaveFormatError

from . import dice_rules as R
from . import mine as M
from .actions import AcceptRoute, AttackPapaClayton, AttackPlayer, Blast, OfferRoute, Step, Travel
from .engine_common import CLAYTON, ROUTE_FINDER_FEE, ROUTE_PLAN_BLASTS, position_key, refuse
from .render_mine import describe


class TravelRules:
    """Travel: the journey decision on top of the stack and how it ends."""

    def _do_AttackPapaClayton(self, action: AttackPapaClayton) -> None:
        self._top()["mode"] = "travel"
        self._travel(action.player, "clayton", CLAYTON)

    def _do_AttackPlayer(self, action: AttackPlayer) -> None:
        self._top()["mode"] = "travel"
        self._travel(action.player, "player", action.target)

    def _travel(self, p: int, purpose: str, goal: int) -> None:
        """Set off: ``goal`` is a claim site ("claim", "partner"), a player ("player") or Papa Clayton."""
        self._push("travel", p, purpose=purpose, goal=goal, blasts=0, jumped=False, offers=[])
        self._arrive_if_there()
        if self.options.paid_route_finders:
            self._ask_route_finders()

    # ---- the compass, and paid route finders (optional rules) ----------------------------------
    def route_plan(self, max_blasts: int = ROUTE_PLAN_BLASTS) -> M.Journey | None:
        """The compass: the cheapest way to the current journey's goal with at most ``max_blasts``
        Dynamite rotations (fewest blasts, then rats and snakes, then steps), or None. It is also
        the route a paid route finder shows; it changes nothing."""
        travel = self._journey()
        if travel is None:
            return None
        p = travel["player"]
        return M.plan_journey(self._mine, self._positions[p], self._goal_position(travel),
                              self._cubes(p, R.TUNNEL_PLANS), max_blasts)

    def _ask_route_finders(self) -> None:
        """With no walk to the goal, each other miner (from the traveller's left) may offer a route;
        the traveller then takes one offer or none."""
        travel = self._top()
        if travel["kind"] != "travel" or self._best_route(travel) is not None or self.route_plan() is None:
            return
        p = travel["player"]
        self._push("route accept", p)
        for q in reversed([(p + k) % self.num_players for k in range(1, self.num_players)]):
            self._push("route offer", q)

    def _do_OfferRoute(self, action: OfferRoute) -> None:
        self._pending.pop()
        self._journey()["offers"].append(action.player)
        self._note(f"{self._name(action.player)} offers to show a route")

    def _do_AcceptRoute(self, action: AcceptRoute) -> None:
        self._pending.pop()
        self._players[action.helper]["gold"] += ROUTE_FINDER_FEE
        self._note(f"{self._name(action.player)} follows {self._name(action.helper)}'s route; "
                   f"{self._name(action.helper)} takes {ROUTE_FINDER_FEE}gn from the bank")

    def _journey(self) -> dict[str, Any] | None:
        """The journey under way."""
        return self._nearest("travel")

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

    def _travel_actions(self, travel: dict[str, Any]) -> list[Action]:
        p = travel["player"]
        here = self._positions[p]
        plans = self._cubes(p, R.TUNNEL_PLANS)
        result: list[Action] = [Step(p, position_key(target)) for _, target in
                                M.moves(self._mine, here, plans, travel["jumped"])]
        if self._best_route(travel) is not None:
            result.append(Travel(p, position_key(self._goal_position(travel))))
        if travel["blasts"] or self._has(p, "Dynamite"):
            result += [Blast(p, r, c, t) for r, c in sorted(M.dynamite_targets(self._mine, here)) for t in (1, 2, 3)]
        return result

    def _do_Travel(self, action: Travel) -> None:
        travel = self._top()
        self._note(f"{self._name(action.player)} sets off for {describe(M.position_from_json(action.to))}")
        for target in self._best_route(travel).path[1:]:
            self._walk(action.player, target)
            if self._top() is not travel:  # arrived, or a rat or snake waits for an answer
                return

    def _check_Step(self, action: Step) -> None:
        self._deciding("travel", "walking")
        _check_place(action.to)

    def _check_Travel(self, action: Travel) -> None:
        self._deciding("travel", "travelling")
        _check_place(action.to)

    def _do_Step(self, action: Step) -> None:
        target = M.position_from_json(action.to)
        self._note(f"{self._name(action.player)} walks to {describe(target)}")
        self._walk(action.player, target)

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

    def _check_Blast(self, action: Blast) -> None:
        travel = self._deciding("travel", "Dynamite")
        if not travel["blasts"] and not self._has(action.player, "Dynamite"):
            refuse("dynamite", "a blast needs a Dynamite")
        if (action.row, action.col) not in M.dynamite_targets(self._mine, self._positions[action.player]):
            refuse("dynamite", "Dynamite turns a tile your tunnel leads onto, never the one you are in")
        if action.turns not in (1, 2, 3):
            refuse("dynamite", "a blast gives the tile a new orientation: 1, 2 or 3 quarter turns")

    def _do_Blast(self, action: Blast) -> None:
        p, travel = action.player, self._top()
        if not travel["blasts"]:
            self._return(p, "Dynamite")
            travel["blasts"] = R.column_effect(R.EXPLOSIVES_MANUALS, self._cubes(p, R.EXPLOSIVES_MANUALS))
        travel["blasts"] -= 1
        self._mine = self._mine.rotated((action.row, action.col), action.turns)
        self._note(f"{self._name(p)} blasts the tile at {(action.row, action.col)}")
        self._arrive_if_there()


def _check_place(to: object) -> None:
    try:
        M.position_from_json(to)
    except SaveFormatError:
        refuse("travel", f"{to!r} is no place in the mine (a claim site 1-16, a point or a lettered entrance)")
