"""The one-turn planner: the best door the player can reach and pay this turn, the cards to pay
it with, and otherwise how to spend the turn gathering cards. The greedy bots play it and the
app shows it as the hint.

Scores of choices are plain numbers: a built door is worth its points (Orichalcum included);
a card is worth how often its gems appear in the costs of the doors into empty space; a room
ability is worth the cards it is expected to bring (``analysis.expected_cards``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from minegames.core.words import plural

from . import components, mine, moves, payment, skills
from .actions import (
    Build, ChooseX, Discard, DrawCard, EndMovement, Keep, NameGem, Place, Ride, Step, UseRoom, WarpBuild,
)
from .gems import DIAMOND_DUST, ECHOGLASS, ORICHALCUM, STANDARD_GEMS, WARPSTONE

SPECIAL_VALUE = {DIAMOND_DUST: 3.0, ECHOGLASS: 1.2, ORICHALCUM: 0.4, WARPSTONE: 1.5}


@dataclasses.dataclass(frozen=True)
class Plan:
    """A door to build this turn: where the dwarf builds from, through which side, and how to pay."""
    pos: tuple[int, int]
    side: int
    steps: int
    points: int
    cards: tuple
    uses: tuple = ()
    waive: str = ""
    warp: bool = False

    def describe(self) -> str:
        how = "with a Warpstone" if self.warp else f"{plural(self.steps, 'step')} away"
        cards = ", ".join(components.card_text(c) for c in self.cards) or "no cards"
        side = ("north", "east", "south", "west")[self.side]
        return (f"build through the {side} door of the room at {self.pos} ({how}), "
                f"paying {cards}, for {plural(self.points, 'point')}")


def wanted_gems(state) -> Counter:
    """How often each standard gem appears in the costs of doors into empty space."""
    wanted: Counter = Counter()
    for (pos, side) in mine.frontier(state.mine):
        door = mine.door_at(state.mine, pos, side)
        wanted.update(door.cost)
    return wanted


def card_value(state, card: int, player: int | None = None) -> float:
    wanted = wanted_gems(state)
    total = sum(wanted.values()) or 1
    value = 0.0
    for gem in components.GEM_CARDS[card].gems:
        value += SPECIAL_VALUE.get(gem, 0.0) + 4.0 * wanted.get(gem, 0) / total
    return value


def door_points(state, door, pay, warp: bool = False) -> int:
    """What the current player scores building through ``door`` paid with ``pay``, counted as a
    build scores it: the door's points, one more per Orichalcum used, and Foreman's point."""
    cards = [components.GEM_CARDS[c] for c in pay.cards]
    player = state.current
    settled = payment.settle(door.cost, cards, pay.uses, colour=state.players[player]["colour"],
                             skills=skills.skills_of(state, player), waive=pay.waive or None, warp=warp)
    bonus = 1 if skills.has(state, player, "foreman") and len(door.cost) >= 3 else 0
    return door.points + (settled.orichalcum_points if settled else 0) + bonus


def build_points(state, action) -> int:
    """The points the Build or WarpBuild ``action`` would score now. Every line that names a
    build's points (the planner's door list, the words for a bot's move) asks here, so one build
    never shows two numbers (the door's printed points leave out Orichalcum and Foreman)."""
    warp = isinstance(action, WarpBuild)
    source = (action.x, action.y) if warp else moves.here(state)
    return door_points(state, mine.door_at(state.mine, source, action.side), action, warp=warp)


def best_plans(state, limit: int = 3) -> list[Plan]:
    """The best doors to build this turn, best first: reachable within the steps left (or by a
    Warpstone), paid from the hand, ranked by points, then fewer cards, then fewer steps."""
    if state.phase != "move" or state.pending is not None or not state.rooms_left:
        return []
    here = moves.here(state)
    distance = mine.shortest_steps(state.mine, here)
    plans = []
    warp = bool(moves.warp_cards(state))
    for (pos, side) in mine.frontier(state.mine):
        door = mine.door_at(state.mine, pos, side)
        steps = distance.get(pos)
        walkable = steps is not None and steps + 1 <= state.steps_left
        if walkable:
            for pay in moves.build_payments(state, door):
                plans.append(Plan(pos, side, steps, door_points(state, door, pay), pay.cards, pay.uses, pay.waive))
        if warp:
            for pay in moves.build_payments(state, door, warp=True):
                plans.append(Plan(pos, side, 0, door_points(state, door, pay, warp=True), pay.cards, pay.uses,
                                  pay.waive, warp=True))
    plans.sort(key=lambda p: (-p.points, len(p.cards), p.warp, p.steps, p.pos, p.side))
    return plans[:limit]


def _steps_towards(state, legal, target) -> object | None:
    """The Step or Ride that brings the dwarf strictly nearer to ``target``, or None. Steps are
    judged with free cart rides counted, rides by walking distance alone, so each move chosen
    makes real progress and the bot never rides back and forth."""
    here = moves.here(state)
    now = mine.shortest_steps(state.mine, here).get(target)
    walk_now = mine.shortest_steps(state.mine, here, carts_free=False).get(target)
    best, best_key = None, None
    for action in legal:
        if isinstance(action, Step):
            at = mine.follow(state.mine, here, action.side).pos
            distance = mine.shortest_steps(state.mine, at).get(target)
            nearer = distance is not None and (now is None or distance < now)
            key = (distance, 1)
        elif isinstance(action, Ride):
            at = (action.x, action.y)
            distance = mine.shortest_steps(state.mine, at, carts_free=False).get(target)
            nearer = distance is not None and (walk_now is None or distance < walk_now)
            key = (distance, 0)
        else:
            continue
        if nearer and (best_key is None or key < best_key):
            best, best_key = action, key
    return best


def door_to_aim_for(state):
    """The room whose door into empty space is best to stand by for next turn: the chance
    to pay it after one more card, times its points, a little less for each step away."""
    from .analysis import chance_to_pay

    here = moves.here(state)
    distance = mine.shortest_steps(state.mine, here)
    hand = tuple(sorted(state.hand()))
    best, best_value = None, 0.0
    for (pos, side) in mine.frontier(state.mine):
        steps = distance.get(pos)
        if steps is None:
            continue
        door = mine.door_at(state.mine, pos, side)
        chance = float(chance_to_pay(door.cost, hand, draws=1))
        value = chance * (door.points + 0.5) - 0.05 * steps
        if value > best_value:
            best, best_value = pos, value
    return best


def ability_value(state, room) -> float:
    from .analysis import expected_cards

    try:
        return float(expected_cards(room.ability))
    except Exception:  # abilities without cards (mirror, elevator) are worth no cards
        return 0.0


def best_action(state, legal):
    """The planner's choice among ``legal``."""
    pending = state.pending
    if pending is not None:
        return _pending_choice(state, legal)
    if state.phase == "discard":
        return min(legal, key=lambda a: (card_value(state, a.card), a.card))
    if state.phase == "choose skill":
        return legal[0]
    if state.phase == "move":
        return _movement_choice(state, legal)
    if state.phase == "action":
        room = moves.room_at(state, moves.here(state))
        draw = skills.draw_action_cards(state, state.current)
        if UseRoom() in legal and ability_value(state, room) > draw:
            return UseRoom()
        return DrawCard() if DrawCard() in legal else legal[0]
    return legal[0]


def _movement_choice(state, legal):
    plans = best_plans(state, limit=1)
    if plans:
        plan = plans[0]
        if plan.warp:
            wanted = WarpBuild(plan.pos[0], plan.pos[1], plan.side, plan.cards, plan.uses, plan.waive)
        elif tuple(plan.pos) == moves.here(state):
            wanted = Build(plan.side, plan.cards, plan.uses, plan.waive)
        else:
            wanted = _steps_towards(state, legal, plan.pos)
        if wanted is not None and wanted in legal:
            return wanted
    # nothing to build now: head for the door most likely to be paid next turn
    target = door_to_aim_for(state)
    if target is not None and target != moves.here(state):
        step = _steps_towards(state, legal, target)
        if step is not None:
            return step
    if target is not None:
        return EndMovement()
    # no door worth aiming for: go to the best room ability within reach, then stop
    here = moves.here(state)
    distance = mine.shortest_steps(state.mine, here)
    draw = skills.draw_action_cards(state, state.current)
    best_room, best_value = here, ability_value(state, moves.room_at(state, here))
    for pos, steps in distance.items():
        room = moves.room_at(state, pos)
        if steps <= state.steps_left and room.kind in ("action", "movement"):
            value = ability_value(state, room) - 0.01 * steps
            if value > best_value:
                best_room, best_value = pos, value
    if best_room != here and best_value > draw:
        step = _steps_towards(state, legal, best_room)
        if step is not None:
            return step
    return EndMovement()


def _pending_choice(state, legal):
    first = legal[0]
    if isinstance(first, Place):
        return max(legal, key=lambda a: (_open_doors_after(state, a), -a.rotation))
    if isinstance(first, ChooseX):
        useless = sum(1 for c in state.hand() if card_value(state, c) < 1.0)
        return max((a for a in legal if a.value <= useless), key=lambda a: a.value, default=first)
    if isinstance(first, NameGem):
        return NameGem(gem_to_name(state))
    if isinstance(first, Keep):
        return max(legal, key=lambda a: (card_value(state, a.card), -a.card))
    if isinstance(first, Discard):
        return min(legal, key=lambda a: (card_value(state, a.card), a.card))
    return first


def gem_to_name(state) -> str:
    """The gem the planner names for an ability: the standard gem the doors into empty space ask
    for most often (ties: the first in the usual order), so the cards it brings pay doors, rather
    than the gem that brings the most cards."""
    wanted = wanted_gems(state)
    return max(STANDARD_GEMS, key=lambda g: (wanted.get(g, 0), -STANDARD_GEMS.index(g)))


def _open_doors_after(state, place: Place) -> int:
    """How many doors of the placed room would face empty squares (more ways to build later)."""
    pos = tuple(state.pending["pos"])
    room = components.ROOM_BY_ID[place.room]
    doors = mine.world_doors(room, place.rotation)
    return sum(1 for side in range(4) if doors[side] is not None and mine.neighbour(pos, side) not in state.mine)
