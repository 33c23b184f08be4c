"""The movement phase: steps through doors (and across tunnels), building into empty space,
placing the new room, Mine Cart rides, Warpstone, movement and free rooms, and the
movement skills. Pure rules over a ``GemRush`` state; the geometry is ``mine.py``.
"""

from __future__ import annotations

from functools import lru_cache

from minegames.core import refuse
from minegames.core.words import plural

from . import components, mine, payment, skills
from .actions import (
    SIDE_NAMES, Build, CartWhistle, EndMovement, MoveRoom, Place, Ride, Step, SwapPlaces, UseRoom, Warp,
    WarpBuild,
)
from .gems import WARPSTONE


def first_rotation(room, back_side: int) -> int:
    """The first rotation that puts a door of ``room`` on ``back_side`` (setup's tunnel chain)."""
    return mine.legal_rotations(room, back_side)[0]


def here(game) -> tuple[int, int]:
    return tuple(game.players[game.current]["pos"])


def room_at(game, pos):
    return components.ROOM_BY_ID[game.mine[pos][0]]


def can_ever_build(game) -> bool:
    """Whether any room can still be built: tiles are left and some door leads to empty space."""
    return bool(game.rooms_left) and bool(mine.frontier(game.mine))


@lru_cache(maxsize=65536)
def _payments(cost: tuple, hand: tuple, skill_ids: tuple, colour: str, warp: bool) -> tuple:
    cards = [components.GEM_CARDS[c] for c in hand]
    return tuple(payment.payments(cost, cards, skills=skill_ids, colour=colour, warp=warp))


def build_payments(game, door, warp: bool = False) -> tuple:
    """Every way the current player's hand pays ``door`` (cards, skill uses, waived gem)."""
    player = game.current
    return _payments(door.cost, tuple(sorted(game.hand())), skills.skills_of(game, player),
                     game.players[player]["colour"], warp)


def spend_step(game) -> None:
    """One movement step is spent; a step beyond the usual three is Long Legs at work."""
    game.steps_left -= 1
    if game.steps_left < skills.steps_per_turn(game, game.current) - skills.BASE_STEPS:
        game.use_skill("long_legs")


def warp_cards(game) -> list[int]:
    return sorted(c for c in set(game.hand()) if WARPSTONE in components.GEM_CARDS[c].gems)


# ---- what may be done --------------------------------------------------------
def movement_actions(game) -> list:
    actions: list = [EndMovement()]
    pos = here(game)
    room = room_at(game, pos)
    player = game.current
    if game.steps_left >= 1:
        for side in range(4):
            door = mine.door_at(game.mine, pos, side)
            landing = _landing(game, pos, side)
            if landing is None:
                continue
            if door is None:
                continue
            if not landing.empty:
                actions.append(Step(side))
            elif game.rooms_left:
                for pay in build_payments(game, door):
                    actions.append(Build(side, pay.cards, pay.uses, pay.waive))
        actions += [Step(side) for side in _wrong_way_sides(game, pos)]
        if skills.can_use_once(game, player, "cart_whistle"):
            actions += [CartWhistle(x, y) for x, y in mine.mine_carts(game.mine) if (x, y) != pos]
        if skills.can_use_once(game, player, "mirror_step"):
            actions += [SwapPlaces(p, True) for p in _others_elsewhere(game)]
        if room.kind == "movement":
            actions += room_ability_moves(game)
    if room.kind == "free":
        actions += room_ability_moves(game)
    if room.kind == "mine_cart":
        carts = mine.mine_carts(game.mine)
        if len(carts) >= 2:
            actions += [Ride(x, y) for x, y in carts if (x, y) != pos]
    for card in warp_cards(game):
        actions += [Warp(x, y, card) for (x, y), (room_id, _) in sorted(game.mine.items())
                    if (x, y) != pos and components.ROOM_BY_ID[room_id].kind != "tunnel"]
    if game.rooms_left and warp_cards(game):
        for (x, y), side in mine.frontier(game.mine):
            door = mine.door_at(game.mine, (x, y), side)
            for pay in build_payments(game, door, warp=True):
                actions.append(WarpBuild(x, y, side, pay.cards, pay.uses, pay.waive))
    return actions


def room_ability_moves(game) -> list:
    """A movement room (for a step) or a free room (for nothing) used in the movement phase."""
    from . import effects

    return effects.room_actions(game, during_movement=True)


def _landing(game, pos, side):
    landing = mine.follow(game.mine, pos, side)
    return landing if landing.possible else None


def _wrong_way_sides(game, pos) -> list[int]:
    """Sure Footing: once a turn, through a wall into a room whose door faces this one."""
    if not skills.can_use_once(game, game.current, "sure_footing"):
        return []
    sides = []
    for side in range(4):
        if mine.door_at(game.mine, pos, side) is not None:
            continue
        beyond = mine.neighbour(pos, side)
        if beyond not in game.mine or mine.door_at(game.mine, beyond, mine.OPPOSITE[side]) is None:
            continue
        landing = _landing(game, pos, side)
        if landing is not None and not landing.empty:
            sides.append(side)
    return sides


def _others_elsewhere(game) -> list[int]:
    pos = list(here(game))
    return [p for p in range(game.num_players) if p != game.current and game.players[p]["pos"] != pos]


def pending_actions(game) -> list:
    """The room just drawn: every rotation that puts one of its doors facing back."""
    pending = game.pending
    actions = []
    for room_id in pending["tiles"]:
        room = components.ROOM_BY_ID[room_id]
        rotations = mine.legal_rotations(room, pending["back"])
        if room.kind == "tunnel":
            # turns of a tunnel that join the same sides are the same placement: offer each once
            distinct = {}
            for r in rotations:
                distinct.setdefault(frozenset(map(frozenset, mine.world_links(room, r))), r)
            rotations = sorted(distinct.values())
        actions += [Place(r, room_id) for r in rotations]
    return actions


# ---- doing it ------------------------------------------------------------------
def apply_movement(game, action) -> None:
    who = f"player {game.current + 1}"
    pos = here(game)
    if isinstance(action, EndMovement):
        unused = f" with {plural(game.steps_left, 'step')} unused" if game.steps_left else ""
        game.note(f"{who} ends the movement{unused}")
        game.phase = "action"
        return
    if isinstance(action, Step):
        if mine.door_at(game.mine, pos, action.side) is None:
            game.use_skill("sure_footing")
        landing = mine.follow(game.mine, pos, action.side)
        _move_to(game, landing.pos)
        spend_step(game)
        game.note(f"{who} steps {SIDE_NAMES[action.side]} into {room_at(game, landing.pos).name}")
        return
    if isinstance(action, (Build, WarpBuild)):
        return _build(game, action)
    if isinstance(action, Ride):
        _move_to(game, (action.x, action.y))
        game.note(f"{who} rides the mine cart to {room_at(game, (action.x, action.y)).name}")
        return
    if isinstance(action, CartWhistle):
        game.use_skill("cart_whistle")
        spend_step(game)
        _move_to(game, (action.x, action.y))
        game.note(f"{who} whistles for a mine cart and rides it to {room_at(game, (action.x, action.y)).name}")
        return
    if isinstance(action, Warp):
        game.discard_from_hand(action.card)
        _move_to(game, (action.x, action.y))
        game.note(f"{who} discards {components.cards_text([action.card])} to warp into "
                  f"{room_at(game, (action.x, action.y)).name}")
        return
    if isinstance(action, SwapPlaces):
        if action.skill:
            game.use_skill("mirror_step")
        if action.skill or room_at(game, pos).kind == "movement":
            spend_step(game)
        swap_places(game, action.player)
        return
    if isinstance(action, (MoveRoom, UseRoom)):
        from . import effects

        return effects.start_during_movement(game, action)
    refuse("not now", f"{action} cannot be done in the movement phase")


def swap_places(game, other: int) -> None:
    mine_pos = game.players[game.current]["pos"]
    game.players[game.current]["pos"], game.players[other]["pos"] = game.players[other]["pos"], mine_pos
    game.note(f"player {game.current + 1} swaps places with player {other + 1} "
              f"(now in {room_at(game, tuple(game.players[game.current]['pos'])).name})")


def move_room(game, pos, to) -> None:
    """Mystic Elevator: the tile and everyone on it go to ``to``, keeping the tile's turn."""
    game.mine[to] = game.mine.pop(pos)
    for player in game.players:
        if tuple(player["pos"]) == pos:
            player["pos"] = list(to)
    game.note(f"player {game.current + 1} moves {room_at(game, to).name}, with every dwarf in it, to "
              f"{space_words(game, to)}")


def space_words(game, pos, towards: int | None = None) -> str:
    """Where a square lies, as a player says it: "north of the Forge" (from the room across
    ``towards``, else from the first room beside it)."""
    sides = [towards] if towards is not None else range(4)
    for side in sides:
        other = mine.neighbour(pos, side)
        if other in game.mine and other != tuple(pos):
            return f"{SIDE_NAMES[(side + 2) % 4]} of {room_at(game, other).name}"
    return "a space beside the mine"


def _move_to(game, pos) -> None:
    game.players[game.current]["pos"] = list(pos)


def _build(game, action) -> None:
    warp = isinstance(action, WarpBuild)
    source = (action.x, action.y) if warp else here(game)
    door = mine.door_at(game.mine, source, action.side)
    cards = [components.GEM_CARDS[c] for c in action.cards]
    player = game.current
    settled = payment.settle(door.cost, cards, action.uses, colour=game.players[player]["colour"],
                             skills=skills.skills_of(game, player), waive=action.waive or None, warp=warp)
    for card in action.cards:
        game.discard_from_hand(card)
    for skill, _ in action.uses:
        game.use_skill(skill)
    bonus = 0
    if skills.has(game, player, "foreman") and len(door.cost) >= 3:
        bonus = 1
        game.use_skill("foreman")
    points = door.points + settled.orichalcum_points + bonus
    game.players[player]["score"] += points
    source_room, source_rotation = game.mine[source]
    game.builds.append([player, source_room, source_rotation, action.side, door.points,
                        settled.orichalcum_points, bonus])
    if not warp:
        spend_step(game)
    landing = mine.follow(game.mine, source, action.side)
    how = "warps to build" if warp else "builds"
    paid = (f", paying {components.door_text(door)} with {components.cards_text(action.cards)}"
            if door.cost or action.cards else " for free")
    game.note(f"player {player + 1} {how} through the {SIDE_NAMES[action.side]} door of "
              f"{room_at(game, source).name}{paid}, and scores {plural(points, 'point')}")
    _turn_up(game, landing.pos, landing.entered_side, came_from=here(game))


def _turn_up(game, pos, back: int, came_from) -> None:
    """Draw the room tile(s) for an empty space (two with Surveyor) and wait for the placement."""
    count = 2 if skills.has(game, game.current, "surveyor") and len(game.rooms_left) >= 2 else 1
    tiles = [game.rooms_left.pop() for _ in range(count)]
    game._see_chance()
    game.pending = {"kind": "place", "pos": list(pos), "back": back, "tiles": tiles,
                    "came_from": list(came_from)}


def apply_pending(game, action: Place) -> None:
    pending = game.pending
    pos = tuple(pending["pos"])
    for other in pending["tiles"]:
        if other != action.room:
            game.rooms_left.insert(0, other)  # Surveyor: the other tile goes under the pile
            game.use_skill("surveyor")
    room = components.ROOM_BY_ID[action.room]
    game.mine[pos] = (action.room, action.rotation)
    game.pending = None
    game.note(f"the new room, {room.name}, is placed {space_words(game, pos, pending['back'])}")
    if room.kind != "tunnel":
        _move_to(game, pos)
        _after_building(game)
        return
    exit_side = mine.tunnel_exit(room, action.rotation, pending["back"])
    landing = mine.follow(game.mine, pos, exit_side)
    if not landing.possible:  # cannot happen when walking in from a room's door; kept safe
        _move_to(game, tuple(pending["came_from"]))
        _after_building(game)
        return
    if not landing.empty:
        _move_to(game, landing.pos)
        _after_building(game)
        return
    if not game.rooms_left:
        # no tile for the space beyond: the dwarf stays in the room it left (docs: readings)
        _move_to(game, tuple(pending["came_from"]))
        _after_building(game)
        return
    game.note("the tunnel leads to empty space: another room is built for free")
    _turn_up(game, landing.pos, landing.entered_side, came_from=tuple(pending["came_from"]))


def _after_building(game) -> None:
    if skills.can_use_once(game, game.current, "lodestar"):
        game.use_skill("lodestar")
        game.draw(1)


# ---- why not ------------------------------------------------------------------
def explain(game, action) -> None:
    """Raise naming the broken rule for a movement action that is not legal now."""
    movement = (Step, Build, WarpBuild, Warp, Ride, CartWhistle, SwapPlaces, MoveRoom, EndMovement, Place)
    if not isinstance(action, movement):
        return
    if isinstance(action, Place):
        refuse("placement", "there is no room tile waiting to be placed")
    if game.phase != "move":
        refuse("phases", f"moving happens in the movement phase; this is the {game.phase} phase")
    pos = here(game)
    if isinstance(action, (Step, Build)):
        if not 0 <= action.side <= 3:
            refuse("sides", f"a side is 0-3 (north, east, south, west), not {action.side!r}")
        if game.steps_left < 1:
            refuse("3 steps", "no movement steps are left this turn")
        door = mine.door_at(game.mine, pos, action.side)
        if door is None:
            refuse("walls", f"{room_at(game, pos).name} has a wall on its {SIDE_NAMES[action.side]} side: "
                            "you may leave a room only through its own doors")
        landing = mine.follow(game.mine, pos, action.side)
        if isinstance(action, Step) and landing.empty:
            refuse("constructing rooms", "that door leads to empty space: build a room to go there")
        if isinstance(action, Build):
            if not landing.empty:
                refuse("constructing rooms", "a room is already there: step into it, nothing is paid")
            if not game.rooms_left:
                refuse("room deck", "no room tiles are left to build with")
            _explain_payment(game, door, action)
    if isinstance(action, WarpBuild):
        if not any(WARPSTONE in components.GEM_CARDS[c].gems for c in action.cards if c in game.hand()):
            refuse("Warpstone", "building away from your dwarf needs a Warpstone card among the spent cards")
        if ((action.x, action.y), action.side) not in set(mine.frontier(game.mine)):
            refuse("Warpstone", "a warp build still goes through a door of the mine into empty space")
        _explain_payment(game, mine.door_at(game.mine, (action.x, action.y), action.side), action, warp=True)
    if isinstance(action, Ride):
        if room_at(game, pos).kind != "mine_cart":
            refuse("Mine Carts", "you ride from a Mine Cart; your dwarf is not in one")
        refuse("Mine Carts", "a ride goes to another built Mine Cart (two are needed)")
    if isinstance(action, Warp):
        if action.card not in game.hand() or WARPSTONE not in components.GEM_CARDS[action.card].gems:
            refuse("Warpstone", "a warp needs a Warpstone card from your hand")
        refuse("Warpstone", "a warp goes to another built room that is not a tunnel")


def _explain_payment(game, door, action, warp: bool = False) -> None:
    hand = game.hand()
    missing = [c for c in action.cards if c not in hand]
    if missing or len(set(action.cards)) != len(action.cards):
        refuse("payment", f"card {missing[0] if missing else action.cards[0]} is not (or not twice) in your hand")
    cards = [components.GEM_CARDS[c] for c in action.cards]
    player = game.current
    problem = payment.check_uses(action.uses, cards, colour=game.players[player]["colour"],
                                 skills=skills.skills_of(game, player), waive=action.waive or None,
                                 cost=door.cost)
    if problem:
        refuse("skills", problem)
    settled = payment.settle(door.cost, cards, action.uses, colour=game.players[player]["colour"],
                             skills=skills.skills_of(game, player), waive=action.waive or None, warp=warp)
    if settled is None:
        refuse("payment", f"those cards do not pay the door's {components.door_text(door)}")
    refuse("payment", "every spent card must help pay (or add an Orichalcum point, or be the warp's "
                      "Warpstone); spend only the cards the door needs")
