"""Gem Rush rules on hand-made positions: the turn's phases, movement, building, tunnels, Mine
Carts, Warpstone, movement and free rooms, the hand limit, the burn clock and the end."""

from __future__ import annotations

import json

import pytest

from minegames.core import IllegalActionError, SaveFormatError
from minegames.gem_rush import components, load, new_game, position
from minegames.gem_rush.actions import (
    Build, Burn, DrawCard, EndMovement, MoveRoom, Place, Ride, Step, SwapPlaces, UseRoom, Warp, WarpBuild,
)
from minegames.gem_rush.gems import ELECTRUM, OBSIDIAN, PERMAFROST, SOULSTONE, STAR_TEAR, WARPSTONE

TORCHLIT = "r01"     # N: Soulstone+Star Tear (1), E: 4 gems (3), S: 4 gems (3), W: Electrum (1)
DRILL = "r32"        # N: 4 gems (3), E: Soulstone (1), S: a wall, W: Electrum+Soulstone (1)
MIRROR, ELEVATOR = "r63", "r68"
CARTS = ("r69", "r70", "r71", "r72")
STRAIGHT_TUNNEL, CURVED_TUNNEL = "r73", "r77"   # N-S & E-W; N-E & S-W


def card(*gems: str) -> int:
    """The first gem card showing exactly these gems."""
    return next(c.id for c in components.GEM_CARDS if sorted(c.gems) == sorted(gems))


def cards_with(gem: str) -> list[int]:
    return [c.id for c in components.GEM_CARDS if gem in c.gems]


def room(room_id: str):
    return components.ROOM_BY_ID[room_id]


def test_setup_deals_four_cards_each_and_puts_the_dwarves_on_a_room_that_is_not_a_tunnel():
    for seed in range(30):
        game = new_game(seed=seed, players=3, skills="none")
        assert [len(p["hand"]) for p in game.players] == [4, 4, 4]
        assert len(game.deck) == 75 - 12
        spots = {tuple(p["pos"]) for p in game.players}
        assert len(spots) == 1
        assert room(game.mine[spots.pop()][0]).kind != "tunnel"
        assert all(room(r).kind == "tunnel" for pos, (r, _) in game.mine.items() if list(pos) != game.players[0]["pos"])
        assert len(game.mine) + len(game.rooms_left) == 80
        assert game.phase == "move" and game.steps_left == 3


def test_a_step_needs_a_door_on_the_side_left_and_walls_are_refused_naming_the_rule():
    # DRILL turned three quarter-turns at (0, 0): its wall faces east, its north door west into
    # TORCHLIT at (-1, 0)
    game = position({(0, 0): (DRILL, 3), (-1, 0): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)])
    assert Step(3) in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Step(1))
    assert refused.value.rule == "walls"
    game.apply(Step(3))
    assert game.players[0]["pos"] == [-1, 0] and game.steps_left == 2


def test_a_one_way_passage_goes_from_the_door_to_the_wall_only():
    # TORCHLIT's east door faces DRILL's wall when DRILL is turned one quarter-turn
    mine = {(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 1)}   # DRILL's wall now faces west
    game = position(mine, hands=[[], []], at=[(0, 0), (0, 0)])
    assert Step(1) in game.legal_actions()          # door here, wall there: allowed
    game.apply(Step(1))
    assert Step(3) not in game.legal_actions()      # back again: a wall on this side
    with pytest.raises(IllegalActionError):
        game.apply(Step(3))


def test_building_pays_the_door_scores_its_points_and_places_a_room_with_a_door_facing_back():
    hand = [card(ELECTRUM, OBSIDIAN), card(PERMAFROST, SOULSTONE)]
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)])
    build = Build(3, (hand[0],))       # the west door costs one Electrum
    assert build in game.legal_actions()
    assert Build(3, tuple(hand)) not in game.legal_actions()  # a card spent for nothing
    game.apply(build)
    assert game.players[0]["score"] == 1
    assert hand[0] in game.discards and hand[0] not in game.hand(0)
    drawn = game.pending["tiles"][0]
    rotations = [a.rotation for a in game.legal_actions()]
    assert len(rotations) == sum(d is not None for d in room(drawn).doors)
    with pytest.raises(IllegalActionError):
        game.apply(EndMovement())           # the room must be placed first
    game.apply(game.legal_actions()[0])
    if room(drawn).kind != "tunnel":
        assert game.players[0]["pos"] == [-1, 0]
        assert game.mine[(-1, 0)][0] == drawn
    assert game.steps_left == 2


def test_a_built_door_is_refused_without_the_gems_and_the_state_is_unchanged():
    hand = [card(OBSIDIAN, PERMAFROST)]
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)])
    before = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Build(3, tuple(hand)))
    assert refused.value.rule == "payment"
    assert game.to_json() == before


def test_crossing_an_existing_tunnel_is_one_step_and_lands_beyond_it():
    mine = {(0, 0): (TORCHLIT, 0), (1, 0): (STRAIGHT_TUNNEL, 0), (2, 0): (DRILL, 0)}
    game = position(mine, hands=[[], []], at=[(0, 0), (0, 0)])
    game.apply(Step(1))
    assert game.players[0]["pos"] == [2, 0] and game.steps_left == 2


def test_building_through_an_existing_tunnel_uses_the_entry_doors_cost_and_places_beyond():
    # TORCHLIT's north door (Soulstone + Star Tear, 1 point) leads into a tunnel, then empty space
    mine = {(0, 0): (TORCHLIT, 0), (0, -1): (STRAIGHT_TUNNEL, 0)}
    hand = [card(SOULSTONE, STAR_TEAR)]
    game = position(mine, hands=[hand, []], at=[(0, 0), (0, 0)])
    game.rooms_left.append("r02")           # the next tile is not a tunnel
    game.apply(Build(0, tuple(hand)))
    assert game.players[0]["score"] == 1
    assert game.pending["pos"] == [0, -2]
    game.apply(game.legal_actions()[0])
    assert game.players[0]["pos"] == [0, -2]


def test_a_tunnel_drawn_while_building_is_crossed_and_the_space_beyond_built_for_free():
    hand = [card(ELECTRUM, OBSIDIAN)]
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)])
    game.rooms_left += ["r02", STRAIGHT_TUNNEL]   # tunnel first, then a room
    game.apply(Build(3, tuple(hand)))
    game.apply(Place(0, STRAIGHT_TUNNEL))
    assert game.pending["pos"] == [-2, 0]         # beyond the tunnel, a second tile, no new cost
    assert game.players[0]["score"] == 1
    game.apply(game.legal_actions()[0])
    assert game.players[0]["pos"] == [-2, 0] and game.steps_left == 2


def test_a_tunnel_drawn_while_building_that_leads_into_a_built_room_stops_there():
    # building west of TORCHLIT; a curved tunnel turned so it leads north into a built room
    hand = [card(ELECTRUM, OBSIDIAN)]
    mine = {(0, 0): (TORCHLIT, 0), (-1, -1): (DRILL, 0)}
    game = position(mine, hands=[hand, []], at=[(0, 0), (0, 0)])
    game.rooms_left.append(CURVED_TUNNEL)
    game.apply(Build(3, tuple(hand)))
    # the curve joins N-E at rotation 0: entering from the east leaves north, into (-1, -1)
    game.apply(Place(0, CURVED_TUNNEL))
    assert game.pending is None
    assert game.players[0]["pos"] == [-1, -1] and game.players[0]["score"] == 1


def test_mine_carts_ride_free_once_two_are_built():
    mine = {(0, 0): (CARTS[0], 0), (5, 5): (CARTS[1], 0), (0, 1): (TORCHLIT, 0)}
    game = position(mine, hands=[[], []], at=[(0, 0), (0, 0)])
    assert Ride(5, 5) in game.legal_actions()
    game.apply(Ride(5, 5))
    assert game.players[0]["pos"] == [5, 5] and game.steps_left == 3
    lonely = position({(0, 0): (CARTS[0], 0), (0, 1): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)])
    assert not any(isinstance(a, Ride) for a in lonely.legal_actions())


def test_a_warpstone_card_moves_anywhere_for_free_or_builds_from_any_door():
    warp = next(c for c in cards_with(WARPSTONE))
    mine = {(0, 0): (TORCHLIT, 0), (0, 1): (DRILL, 0)}
    game = position(mine, hands=[[warp], []], at=[(0, 1), (0, 1)])
    assert Warp(0, 0, warp) in game.legal_actions()
    game.apply(Warp(0, 0, warp))
    assert game.players[0]["pos"] == [0, 0] and game.steps_left == 3 and warp in game.discards

    partner = next(g for g in components.GEM_CARDS[warp].gems if g != WARPSTONE)
    # a free door (cost ()) would do; use TORCHLIT's west Electrum door when the partner is Electrum
    game = position(mine, hands=[[warp, card(ELECTRUM, OBSIDIAN)], []], at=[(0, 1), (0, 1)])
    builds = [a for a in game.legal_actions() if isinstance(a, WarpBuild)]
    assert builds, "a warp build is offered from the far doors"
    chosen = next(a for a in builds if (a.x, a.y, a.side) == (0, 0, 3)) if partner != ELECTRUM else builds[0]
    game.apply(chosen)
    assert game.steps_left == 3                      # no step spent
    assert warp in game.discards


def test_the_warped_mirror_swaps_places_for_a_step_and_the_elevator_moves_for_free():
    mine = {(0, 0): (MIRROR, 0), (0, 1): (TORCHLIT, 0)}
    game = position(mine, hands=[[], []], at=[(0, 0), (0, 1)])
    game.apply(SwapPlaces(1))
    assert game.players[0]["pos"] == [0, 1] and game.players[1]["pos"] == [0, 0] and game.steps_left == 2

    mine = {(0, 0): (ELEVATOR, 0), (0, 1): (TORCHLIT, 0)}
    game = position(mine, hands=[[], []], at=[(0, 0), (0, 0)])
    moves = [a for a in game.legal_actions() if isinstance(a, MoveRoom)]
    assert MoveRoom(1, 1) in moves and MoveRoom(0, 0) not in moves
    game.apply(MoveRoom(1, 1))
    assert game.mine[(1, 1)][0] == ELEVATOR and (0, 0) not in game.mine
    assert game.players[0]["pos"] == [1, 1] and game.players[1]["pos"] == [1, 1] and game.steps_left == 3


def test_an_action_room_is_used_as_the_action_not_while_moving():
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)])   # Draw 2
    assert UseRoom() not in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(UseRoom())
    assert refused.value.rule == "action rooms"
    game.apply(EndMovement())
    assert UseRoom() in game.legal_actions()
    game.apply(UseRoom())
    assert len(game.hand(0)) == 2 and game.current == 1   # Rush: no burning; the turn passed


def test_the_hand_limit_is_checked_at_the_start_of_a_turn():
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[[], [0, 1, 2, 3, 4, 5]], at=[(0, 0), (0, 0)])
    game.apply(EndMovement())
    game.apply(DrawCard())
    assert game.current == 1 and game.phase == "discard"
    with pytest.raises(IllegalActionError):
        game.apply(EndMovement())
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.phase == "move" and len(game.hand(1)) == 4


def test_crisis_burns_three_a_turn_and_lasts_25_turns():
    from minegames.core.driver import play  # noqa: F401  (the shared driver is used elsewhere)
    from minegames.gem_rush.bots import make_bot

    for players in (1, 2, 5):
        game = new_game(seed=players, players=players, mode="crisis")
        bots = {seat: make_bot("greedy", seat, seat) for seat in range(players)}
        while not game.is_over:
            game.apply(bots[game.current].choose(game))
        assert game.turns_taken == 25 and len(game.burnt) == 75
        assert game.ended_by == "the last gem card is burnt"


def test_burning_takes_from_the_deck_or_any_hand_and_burnt_cards_never_return():
    game = new_game(seed=4, players=2, mode="crisis")
    game.apply(EndMovement())
    game.apply(DrawCard())
    assert game.phase == "burn" and game.burns_left == 3
    other_card = game.hand(1)[0]
    game.apply(Burn(1, other_card))
    game.apply(Burn())
    game.apply(Burn())
    assert len(game.burnt) == 3 and other_card in game.burnt and game.current == 1


def test_rush_ends_at_the_first_players_turn_once_the_target_is_reached():
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)], scores=(0, 19), target=19)
    # player 2 already has the target, but the first player's turn started the position: play the round
    for _ in range(2):
        game.apply(EndMovement())
        game.apply(DrawCard())
    assert game.is_over and game.winners() == [1]


def test_rush_hides_the_other_hands_and_crisis_shows_them():
    rush = new_game(seed=2, players=3)
    view = rush.view(0)
    assert isinstance(view["players"][0]["hand"], list) and view["players"][1]["hand"] == 4
    assert view["deck"] == len(rush.deck)
    crisis = new_game(seed=2, players=3, mode="crisis")
    assert crisis.view(0)["players"][1]["hand"] == crisis.hand(1)


def test_a_seen_draw_cannot_be_undone_but_a_step_can():
    game = position({(0, 0): (DRILL, 0), (-1, 0): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)])
    game.apply(Step(3))
    game.undo()
    assert game.players[0]["pos"] == [0, 0]
    game.apply(EndMovement())
    game.apply(DrawCard())
    assert not game.can_undo()


def test_an_edited_save_is_refused():
    game = new_game(seed=9, players=2)
    game.apply(EndMovement())
    game.apply(DrawCard())
    save = json.loads(game.to_json())
    save["position"]["game"]["players"][0]["score"] = 7
    with pytest.raises(SaveFormatError):
        load(json.dumps(save))
    assert load(game.to_json()) == game


def test_options_are_checked():
    from minegames.core import OptionError

    with pytest.raises(OptionError):
        new_game(seed=1, players=8)
    with pytest.raises(OptionError):
        new_game(seed=1, players=2, mode="sprint")
    with pytest.raises(OptionError):
        new_game(seed=1, players=2, skills="shared", shared_skill="flying")
